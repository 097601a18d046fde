/** Cloudflare DNS (`provider: cloudflare`): see {@link DnsHostCapabilities}. Sources: Cloudflare API `dns_records` and `dns_records/batch`; TTL docs. */
import type { DnsHostCapabilities } from '../host-capabilities.js';

/** Cloudflare's capabilities. */
export const cloudflareCapabilities: DnsHostCapabilities = {
  kind: 'cloudflare',
  title: 'Cloudflare DNS',
  ttl: { min: 60, max: 86400, why: 'a record TTL is 1 (automatic) or 60 to 86,400 seconds (30 only on Enterprise plans)' },
  geo: {
    routing: 'none',
    why: "plain DNS records have no geo routing (that is the separate Load Balancing product): a virtual name holds the union of its members' addresses",
  },
  batch: {
    unit: 'one POST /dns_records/batch',
    atomic: true,
    maxRecords: 200,
    why: 'a batch runs deletes, patches, puts, posts in one transaction; 200 records per batch on the Free plan (3,500 on paid plans)',
  },
  names: {
    caseInsensitive: true,
    returnsLowerCase: true,
    trailingDot: false,
    escapes: 'decimal',
    idn: 'a-label',
    why: 'names come back fully qualified without a trailing dot, always in Punycode; CNAME content is lower-cased',
  },
  deleteMustMatch: { required: false, why: 'records are deleted by their id' },
  negativeTtl: { managed: false, why: 'the DNS records API holds no SOA: the SOA fields are zone DNS settings outside the records diene writes' },
};
