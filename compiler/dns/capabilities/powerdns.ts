/** PowerDNS Authoritative HTTP API (`provider: powerdns`): see {@link DnsHostCapabilities}. Sources: PowerDNS `authoritative-api-openapi.yaml` (RRSet, PATCH zone). */
import type { DnsHostCapabilities } from '../host-capabilities.js';

/** PowerDNS's capabilities. */
export const powerdnsCapabilities: DnsHostCapabilities = {
  kind: 'powerdns',
  title: 'PowerDNS',
  ttl: { min: 0, max: 2147483647, why: 'RRSet.ttl is an unsigned 31-bit number of seconds (RFC 2181 §8)' },
  geo: { routing: 'none', why: "plain RRsets have no geo routing through the API: a virtual name holds the union of its members' addresses" },
  batch: {
    unit: 'one PATCH of the zone',
    atomic: true,
    why: 'one PATCH is validated and applied as a whole; the same name and type twice in one PATCH is refused',
  },
  names: {
    caseInsensitive: true,
    returnsLowerCase: true,
    trailingDot: true,
    escapes: 'decimal',
    idn: 'a-label',
    why: 'names are absolute with a trailing dot in presentation form; duplicates are compared case-insensitively',
  },
  deleteMustMatch: { required: false, why: 'changetype DELETE removes the RRset by name and type' },
  negativeTtl: { managed: true, why: "a PATCH may REPLACE the apex SOA record set; the zone's soa_edit_api setting then governs its serial" },
};
