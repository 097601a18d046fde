/**
 * The negative-caching TTL of a zone (fleet.yaml `dns.negativeTtl`): how long
 * resolvers cache a miss is the lesser of the apex SOA's TTL and its minimum
 * field (RFC 2308 §5). A name a book is about to list must not sit in caches
 * as a miss for long, so the fleet may set that field.
 *
 * Where the host's record API may write the apex SOA
 * (`capabilities.negativeTtl.managed`), a differing minimum is one update of
 * the SOA record set: every other field as read, the serial one more (RFC
 * 1982 arithmetic: the server accepts only a greater serial). Elsewhere, and
 * when the live state holds no SOA, the plan reports what it found. The SOA
 * is not one of the managed record sets the mass-change brake divides by; its
 * update counts among the plan's updates. Pure.
 */
import type { LiveSnapshot } from '../1-load/load-dns-live.js';
import type { DnsHostKind } from '../dns/host-capabilities.js';
import { DNS_HOST_CAPABILITIES } from '../dns/host-kinds.js';
import { canonicalName, type RecordSet } from '../dns/record-sets.js';

/** What the plan does about one zone's negative-caching TTL on one host. */
export type NegativeTtlStep = { change: { before: RecordSet; after: RecordSet; message: string } } | { report: string } | undefined;

/** The SOA fields of a presentation-form value: mname rname serial refresh retry expire minimum. */
function soaFields(value: string): string[] | undefined {
  const fields = value.trim().split(/\s+/);
  if (fields.length !== 7 || !fields.slice(2).every((f) => /^\d+$/.test(f))) return undefined;
  return fields;
}

/** Decides what the plan of `zone` on the snapshot's host does about the negative-caching TTL `wanted` (seconds). */
export function negativeTtlStep(zone: string, snapshot: LiveSnapshot, wanted: number | undefined): NegativeTtlStep {
  if (wanted === undefined || snapshot.assumedEmpty) return undefined;
  const apex = canonicalName(zone);
  const live = snapshot.recordSets.find((rs) => rs.canonical.type === 'SOA' && rs.canonical.name === apex);
  const provider: DnsHostKind | undefined = snapshot.provider;
  const capability = provider !== undefined ? DNS_HOST_CAPABILITIES[provider].negativeTtl : undefined;
  const value = live?.raw.values?.[0];
  const fields = value !== undefined ? soaFields(value) : undefined;
  if (!live || !fields) {
    return { report: `negative caching: the live state of ${zone} holds no apex SOA to read, so its negative-caching TTL (wanted ${wanted} s) is not checked` };
  }
  const minimum = Number(fields[6]);
  const effective = Math.min(minimum, live.raw.ttl);
  if (minimum === wanted) {
    if (live.raw.ttl < wanted)
      return {
        report: `negative caching: the apex SOA's own TTL (${live.raw.ttl} s) is below its minimum, so resolvers cache a miss for ${effective} s, not ${wanted} s (RFC 2308 §5)`,
      };
    return undefined;
  }
  if (!capability?.managed) {
    const why = capability ? `: ${capability.why}` : '';
    return {
      report: `negative caching: the apex SOA's minimum is ${minimum} s, not the wanted ${wanted} s; this host's API does not let diene write the SOA${why}; set it at the host by hand`,
    };
  }
  const serial = (Number(fields[2]) + 1) % 2 ** 32;
  const after = [fields[0], fields[1], String(serial), fields[3], fields[4], fields[5], String(wanted)].join(' ');
  return {
    change: {
      before: live.raw,
      after: { name: live.canonical.name, type: 'SOA', ttl: live.raw.ttl, values: [after] },
      message: `SOA minimum ${minimum} -> ${wanted} (the negative-caching TTL; serial ${fields[2]} -> ${serial})`,
    },
  };
}
