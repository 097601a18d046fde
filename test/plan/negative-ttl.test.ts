// The negative-caching TTL in the plan (issue 36 point 8: managed where the
// host's API allows it, checked in the plan): a host that may write the apex
// SOA gets one SOA update (serial one more, every other field as read);
// Cloudflare, whose record API holds no SOA, gets a report; no setting, no
// step. The write itself is proven on BIND, Knot and PowerDNS in
// test/adapters/dns/negative-ttl-real.test.ts.

import { describe, expect, it } from 'vitest';
import type { LiveSnapshot } from '../../compiler/1-load/load-dns-live.js';
import type { DnsHostKind } from '../../compiler/dns/host-capabilities.js';
import { DNS_HOST_CAPABILITIES } from '../../compiler/dns/host-kinds.js';
import { negativeTtlStep } from '../../compiler/plan/negative-ttl.js';

const ZONE = 'cluster.atomi.cloud';

function snapshot(provider: DnsHostKind, soa?: string, ttl = 900): LiveSnapshot {
  const sets = soa === undefined ? [] : [{ name: `${ZONE}.`, type: 'SOA', ttl, values: [soa] }];
  return {
    file: `${ZONE}/${provider}.json`,
    zone: ZONE,
    host: provider,
    provider,
    recordSets: sets.map((raw) => ({ raw, canonical: { ...raw, name: ZONE } })),
  };
}

describe('negativeTtlStep', () => {
  it('plans one SOA update where the host may write it: the minimum set, the serial one more, the rest as read', () => {
    const step = negativeTtlStep(ZONE, snapshot('route53', 'ns-1.awsdns-1.com. awsdns-hostmaster.amazon.com. 1 7200 900 1209600 86400'), 60);
    expect(step).toEqual({
      change: {
        before: { name: `${ZONE}.`, type: 'SOA', ttl: 900, values: ['ns-1.awsdns-1.com. awsdns-hostmaster.amazon.com. 1 7200 900 1209600 86400'] },
        after: { name: ZONE, type: 'SOA', ttl: 900, values: ['ns-1.awsdns-1.com. awsdns-hostmaster.amazon.com. 2 7200 900 1209600 60'] },
        message: 'SOA minimum 86400 -> 60 (the negative-caching TTL; serial 1 -> 2)',
      },
    });
  });

  it('wraps the serial at 2^32 (RFC 1982)', () => {
    const step = negativeTtlStep(ZONE, snapshot('rfc2136', 'ns1.lab.test. hostmaster.lab.test. 4294967295 3600 600 86400 60'), 30);
    expect(step && 'change' in step ? step.change.after.values : undefined).toEqual(['ns1.lab.test. hostmaster.lab.test. 0 3600 600 86400 30']);
  });

  it('reports, never writes, on Cloudflare, whose record API holds no SOA', () => {
    expect(DNS_HOST_CAPABILITIES.cloudflare.negativeTtl.managed).toBe(false);
    const step = negativeTtlStep(ZONE, snapshot('cloudflare', 'ns1.cloudflare.com. dns.cloudflare.com. 2 10000 2400 604800 1800'), 60);
    expect(step).toEqual({
      report: `negative caching: the apex SOA's minimum is 1800 s, not the wanted 60 s; this host's API does not let diene write the SOA: ${DNS_HOST_CAPABILITIES.cloudflare.negativeTtl.why}; set it at the host by hand`,
    });
  });

  it('says so when the live state holds no SOA, and when the SOA TTL caps the minimum (RFC 2308 §5)', () => {
    expect(negativeTtlStep(ZONE, snapshot('google'), 60)).toEqual({
      report: 'negative caching: the live state of cluster.atomi.cloud holds no apex SOA to read, so its negative-caching TTL (wanted 60 s) is not checked',
    });
    expect(negativeTtlStep(ZONE, snapshot('google', 'a. b. 1 2 3 4 300', 30), 300)).toEqual({
      report: "negative caching: the apex SOA's own TTL (30 s) is below its minimum, so resolvers cache a miss for 30 s, not 300 s (RFC 2308 §5)",
    });
  });

  it('does nothing without dns.negativeTtl, on an assumed-empty zone, or when the minimum is already right', () => {
    expect(negativeTtlStep(ZONE, snapshot('route53', 'a. b. 1 2 3 4 60'), undefined)).toBeUndefined();
    expect(negativeTtlStep(ZONE, { ...snapshot('route53'), assumedEmpty: true }, 60)).toBeUndefined();
    expect(negativeTtlStep(ZONE, snapshot('route53', 'a. b. 1 2 3 4 60'), 60)).toBeUndefined();
  });
});
