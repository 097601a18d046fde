/**
 * What a DNS host can store, as data with reasons (STYLE.md "Adapters declare
 * capabilities as data with reasons"; DNSControl `capabilities.go`). One
 * file per host kind lives in `dns/capabilities/`, listed
 * explicitly in `host-kinds.ts`; the kinds themselves in {@link DNS_HOST_KINDS}.
 *
 * These modules are plain data: they import nothing but types, so the
 * compiler's checks (TTL limits, compile time) and the pure planner (name
 * escapes, geo routing) read them without touching an SDK. The appliers
 * use the same values to size batches and to audit a plan before any
 * API call.
 */

/**
 * The host kinds of fleet.yaml `dns.hosts[].provider` (SPEC §2): the one
 * list of them. A kind added here must have its capabilities in
 * host-kinds.ts and its adapter in adapters/dns/host-adapters.ts (both are
 * records over {@link DnsHostKind}, so the type check names what is missing),
 * and the schemas' enums (test/dns/host-kinds.test.ts holds them to this list).
 */
export const DNS_HOST_KINDS = ['cloudflare', 'google', 'powerdns', 'rfc2136', 'route53'] as const;

/** A host kind of {@link DNS_HOST_KINDS}. */
export type DnsHostKind = (typeof DNS_HOST_KINDS)[number];

/**
 * How a host answers geo-routed names (SPEC §3.3 table, last row):
 * `geoproximity` = one record set per member keyed by a set identifier, with
 * the member's coordinates (Route 53); `geo` = one record set whose routing
 * policy has one item per location (Google Cloud DNS GEO); `none` = the union
 * of the members' addresses in one plain record set.
 */
export type GeoRouting = 'geoproximity' | 'geo' | 'none';

/**
 * How names are escaped when read back from the host: `octal` = `\ooo` with
 * three octal digits (Route 53 returns `*` as `\052`); `decimal` = RFC 1035
 * §5.1 presentation form, `\DDD` decimal or `\X` for a literal character.
 */
export type NameEscapes = 'octal' | 'decimal';

/** One host kind's capabilities. Every limit carries the reason and its source. */
export interface DnsHostCapabilities {
  kind: DnsHostKind;
  /** Human name of the host, for messages. */
  title: string;
  /** TTLs the host can store, in seconds, both ends inclusive. A TTL outside is refused at compile time, never clamped. */
  ttl: { min: number; max: number; why: string };
  /** Geo routing of virtual-landscape names. */
  geo: { routing: GeoRouting; why: string };
  /**
   * The atomic write unit and its limits. `maxRecordSets` / `maxRecords` /
   * `maxValueCharacters` are per unit (`undefined` = no documented limit);
   * `upsertCountsTwice` is Route 53's rule. An applier splits a big plan by
   * whole names, never a name's delete from its create.
   */
  batch: {
    unit: string;
    atomic: boolean;
    maxRecordSets?: number;
    maxRecords?: number;
    maxValueCharacters?: number;
    upsertCountsTwice?: boolean;
    why: string;
  };
  /** How the host spells names it returns: case, trailing dot, escapes, IDNs. The planner canonicalizes live names with it. */
  names: { caseInsensitive: boolean; returnsLowerCase: boolean; trailingDot: boolean; escapes: NameEscapes; idn: 'a-label'; why: string };
  /** Whether deletes must repeat the live record set exactly (name, type, TTL, every value, routing). */
  deleteMustMatch: { required: boolean; why: string };
  /**
   * Whether the host's record API lets diene replace the zone's apex SOA, so
   * that the plan can set its minimum field (the negative-caching TTL, RFC
   * 2308 §4) to fleet.yaml `dns.negativeTtl`. Where it cannot, the plan
   * reports the live value instead.
   */
  negativeTtl: { managed: boolean; why: string };
}
