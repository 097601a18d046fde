// Generated from schemas/dns-plan.schema.json by `npm run gen:types`. Do not edit.

/**
 * The record sets of one DNS zone on one host, version 1 (docs/dns.md). `diene compile` writes the wanted state as dns/<zone>/<host>.json (and the parent's delegation as dns/<parent>/delegation.json); `diene plan dns --live` reads a live snapshot in the same format, exported from the host, so the compiler's own output used as live state plans zero changes. Compiled plans are canonical: names lower case in their xn-- form without a trailing dot, values sorted, IPv6 compressed. A snapshot may spell names and values as the host returns them (any case, a trailing dot, U-labels, escapes: \ooo octal for route53, RFC 1035 \DDD decimal otherwise); the planner canonicalizes before comparing. A snapshot holds every record set the host returned; the planner manages only the names diene generates and leaves every other record set alone.
 */
export interface DnsPlan {
  /**
   * The format version: 1. A reader refuses a version it does not know.
   */
  version: number;
  /**
   * The zone's name, e.g. `cluster.atomi.cloud`.
   */
  zone: string;
  /**
   * The DNS host (a `dns.hosts[].name` of fleet.yaml for the base zones; any host name for a snapshot of the parent zone). Absent only in the compiled delegation plan, whose host the fleet does not name.
   */
  host?: string;
  /**
   * The host kind. It tells the planner how the host escapes names (Route 53 returns `*` as the octal escape `\052`).
   */
  provider?: 'route53' | 'google' | 'cloudflare' | 'rfc2136' | 'powerdns';
  /**
   * Delegation plans only: the base zone whose NS records this parent-zone plan holds.
   */
  delegates?: string;
  /**
   * The record sets, identified by (name, type, setIdentifier). Compiled plans sort them by name in DNS canonical order (RFC 4034 §6.1), then type, then set identifier.
   */
  recordSets: RecordSet[];
}
/**
 * One record set: every record of one name and type (and, on Route 53, one set identifier). Exactly one of `values` and `geo` (beside `geo`, `values` may only be absent).
 */
export interface RecordSet {
  /**
   * The owner name, fully qualified.
   */
  name: string;
  /**
   * The record type, e.g. `A`, `AAAA`, `CNAME`, `NS`, `TXT`, `SOA`.
   */
  type: string;
  /**
   * Time to live in seconds.
   */
  ttl: number;
  /**
   * The records' data in presentation form (addresses, host names, quoted TXT strings).
   *
   * Items: One record's data.
   */
  values?: string[];
  /**
   * Route 53 routed record sets only: the set identifier that tells the sets of one name and type apart (diene uses the member landscape's name).
   */
  setIdentifier?: string;
  geoproximity?: Geoproximity;
  /**
   * Google Cloud DNS GEO routing policy: one item per Google Cloud region, in place of `values`.
   *
   * @minItems 1
   */
  geo?: [GeoItem, ...GeoItem[]];
}
/**
 * Route 53 geoproximity routing: where this set's resources are.
 */
export interface Geoproximity {
  /**
   * Latitude, -90 to 90.
   */
  latitude: string;
  /**
   * Longitude, -180 to 180.
   */
  longitude: string;
}
/**
 * One item of a GEO routing policy.
 */
export interface GeoItem {
  /**
   * A Google Cloud region, e.g. `asia-southeast1` (regions.yaml `googleRegion`).
   */
  location: string;
  /**
   * The records' data answered to queries routed to this location.
   *
   * Items: One record's data.
   */
  values: string[];
}
