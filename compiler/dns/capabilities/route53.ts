/** Amazon Route 53 (`provider: route53`): see {@link DnsHostCapabilities}. Sources: Route 53 API reference `ChangeResourceRecordSets` and `ListResourceRecordSets`; botocore `service-2.json` (TTL shape). */
import type { DnsHostCapabilities } from '../host-capabilities.js';

/** Route 53's capabilities. */
export const route53Capabilities: DnsHostCapabilities = {
  kind: 'route53',
  title: 'Amazon Route 53',
  ttl: { min: 0, max: 2147483647, why: 'ResourceRecordSet.TTL is a long from 0 to 2147483647 (botocore TTL shape)' },
  geo: {
    routing: 'geoproximity',
    why: 'geoproximity records: one record set per location, keyed by SetIdentifier, with GeoProximityLocation.Coordinates (latitude/longitude strings, two decimals)',
  },
  batch: {
    unit: 'one ChangeResourceRecordSets batch',
    atomic: true,
    maxRecords: 1000,
    maxValueCharacters: 32000,
    upsertCountsTwice: true,
    why: 'a batch is transactional; at most 1,000 ResourceRecord elements and 32,000 Value characters, UPSERT counting twice for both',
  },
  names: {
    caseInsensitive: true,
    returnsLowerCase: true,
    trailingDot: true,
    escapes: 'octal',
    idn: 'a-label',
    why: 'ListResourceRecordSets returns names with a trailing dot and any character outside a-z, 0-9, "-" and "_" as a three-digit octal escape (* comes back as \\052)',
  },
  deleteMustMatch: {
    required: true,
    why: 'DELETE must name the record set exactly as it exists (TTL, every value, SetIdentifier and routing), else InvalidChangeBatch',
  },
  negativeTtl: {
    managed: true,
    why: 'ChangeResourceRecordSets may UPSERT the apex SOA (never create or delete it); its last field is the negative-caching TTL',
  },
};
