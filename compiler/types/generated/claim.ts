// Generated from schemas/claim.schema.json by `npm run gen:types`. Do not edit.

/**
 * A path-routing claim: claims/domains/<host>.json, written by the app that owns the host (docs/fleet-reference.md, docs/path-routing.md). Maps a first path segment (a prefix) of the host to a target host. Prefix and target rules and the tenancy gates are checked by the compiler.
 */
export interface Claim {
  /**
   * The claiming account: the platform of the host.
   */
  account: string;
  /**
   * The claiming app: the service of the host.
   */
  app: string;
  /**
   * The prefix map, by prefix (one bare path segment: no slash, not `.` or `..`, no percent-encoding) to target host (a ready service host of the same account and landscape). Required; `{}` clears the map.
   */
  paths: {
    /**
     * The target host name.
     */
    [k: string]: string | undefined;
  };
}
