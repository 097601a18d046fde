/** Google Cloud DNS (`provider: google`): see {@link DnsHostCapabilities}. Sources: Cloud DNS API v1 `ResourceRecordSet`, `changes.create`, `Quota`. */
import type { DnsHostCapabilities } from '../host-capabilities.js';

/** Google Cloud DNS's capabilities. */
export const googleCapabilities: DnsHostCapabilities = {
  kind: 'google',
  title: 'Google Cloud DNS',
  ttl: { min: 0, max: 2147483647, why: 'ResourceRecordSet.ttl is a non-negative int32 number of seconds' },
  geo: {
    routing: 'geo',
    why: 'routingPolicy.geo: one record set per name and type, one item per Google Cloud region (members sharing a region share one item)',
  },
  batch: {
    unit: 'one Change (additions + deletions)',
    atomic: true,
    maxRecordSets: 1000,
    why: 'a Change is applied atomically; its size is limited by the project quota (rrsetAdditionsPerChange, rrsetDeletionsPerChange, totalRrdataSizePerChange), which an applier reads with projects.get rather than trusting this default',
  },
  names: {
    caseInsensitive: true,
    returnsLowerCase: true,
    trailingDot: true,
    escapes: 'decimal',
    idn: 'a-label',
    why: 'names are absolute with a trailing dot, in RFC 1035 presentation form',
  },
  deleteMustMatch: {
    required: true,
    why: "a Change's deletions must match the live record set exactly (ttl, rrdatas, routingPolicy), else the whole Change fails",
  },
  negativeTtl: { managed: true, why: 'a change may delete the apex SOA and add its replacement in one atomic changes.create' },
};
