// Generated from schemas/regions.schema.json by `npm run gen:types`. Do not edit.

/**
 * A cloud provider (vendor) name as used in regions.yaml, cluster files and account files, e.g. `digitalocean` or `aws`: a lower-case letter, then lower-case letters or digits.
 */
export type ProviderName = string;

/**
 * The region allow-list: registry/regions.yaml (docs/fleet-reference.md). Each region names the providers allowed in it and where it is, for geo-routed DNS.
 */
export interface Regions {
  /**
   * The regions by IATA airport code (three capital letters).
   */
  regions: {
    [k: string]: Region | undefined;
  };
}
/**
 * One region: the providers that may run clusters in it and its location.
 */
export interface Region {
  /**
   * The providers allowed in this region; a cluster's (region, provider) pair must be listed (`region_unsupported`).
   *
   * @minItems 1
   */
  providers: [ProviderName, ...ProviderName[]];
  /**
   * Latitude in degrees, at most two decimals (Route 53 geoproximity's format; the compiler checks the decimals).
   */
  lat: number;
  /**
   * Longitude in degrees, at most two decimals (Route 53 geoproximity's format; the compiler checks the decimals).
   */
  lon: number;
  /**
   * The Google Cloud region nearest to this region, for Google Cloud DNS GEO routing: lower-case words joined by hyphens and ending in digits, e.g. `asia-southeast1`.
   */
  googleRegion: string;
}
