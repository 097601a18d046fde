/**
 * Checks after a DNS apply (STYLE.md "Re-planning after an apply must be a
 * no-op"; notes/dns-hosts.md §5 rule 7). Pure.
 *
 * - {@link remainingChanges}: what the host still lacks of the zone plan it
 *   was sent, read back from a fresh observation. RFC 2136 servers ignore
 *   some updates silently (a CNAME added beside other data, RFC 2136
 *   §3.4.2.2) and clouds may normalize what they store, so "the host
 *   answered OK" is never taken as "the zone holds the plan".
 * - {@link hostDifferences}: managed names whose answers differ between the
 *   hosts of one zone (a host that failed, or was written from other live
 *   state), compared host-independently: addresses (the union over set
 *   identifiers and GEO items, so Route 53 geoproximity, Google GEO and a
 *   plain union of the same members agree), CNAME targets and TTLs.
 */
import type { LiveSnapshot } from '../1-load/load-dns-live.js';
import type { DnsZoneIntent } from '../2-analyze/dns-names.js';
import { answerValues, compareNames, describeKey, recordSetKey, sameData, type RecordSet } from '../dns/record-sets.js';
import { describeValues, type ZoneHostPlan } from './traffic-planner.js';

/** One line per change of `plan` that `observed` (the same zone and host, read after the write) does not hold; empty when the host converged. */
export function remainingChanges(plan: ZoneHostPlan, observed: LiveSnapshot): string[] {
  const live = new Map(observed.recordSets.map((rs) => [recordSetKey(rs.canonical), rs.canonical]));
  const remaining: string[] = [];
  for (const unit of plan.units) {
    for (const change of unit.changes) {
      const have = live.get(recordSetKey(change.key));
      const key = describeKey(change.key);
      if (change.verb === 'delete') {
        if (have) remaining.push(`${key} is still there: ${describeValues(have)} (ttl ${have.ttl})`);
        continue;
      }
      const want = change.after as RecordSet;
      if (!have) remaining.push(`${key} is missing: wanted ${describeValues(want)} (ttl ${want.ttl})`);
      else if (want.type === 'SOA' ? !sameSoaBesideSerial(want, have) : !sameData(want, have))
        remaining.push(`${key} holds ${describeValues(have)} (ttl ${have.ttl}), wanted ${describeValues(want)} (ttl ${want.ttl})`);
    }
  }
  return remaining;
}

/**
 * True when two apex SOA record sets agree but for the serial: a host may
 * bump the serial of its own accord after the write (PowerDNS's
 * soa_edit_api, a server's serial policy), which does not undo it.
 */
function sameSoaBesideSerial(want: RecordSet, have: RecordSet): boolean {
  const fields = (rs: RecordSet) =>
    (rs.values?.[0] ?? '')
      .trim()
      .split(/\s+/)
      .filter((_, i) => i !== 2)
      .join(' ');
  return want.ttl === have.ttl && fields(want) === fields(have);
}

/** What a host answers at one managed name and type, host-independently. */
function answers(snapshot: LiveSnapshot, zone: DnsZoneIntent): Map<string, string> {
  const managed = new Set(zone.managed);
  const byKey = new Map<string, { values: Set<string>; ttls: Set<number> }>();
  for (const { canonical } of snapshot.recordSets) {
    if (!managed.has(canonical.name) || !zone.managedTypes.includes(canonical.type)) continue;
    const key = `${canonical.name}\t${canonical.type}`;
    const entry = byKey.get(key) ?? { values: new Set<string>(), ttls: new Set<number>() };
    for (const value of answerValues(canonical)) entry.values.add(value);
    entry.ttls.add(canonical.ttl);
    byKey.set(key, entry);
  }
  const out = new Map<string, string>();
  for (const [key, entry] of byKey) out.set(key, `${[...entry.values].sort().join(', ')} (ttl ${[...entry.ttls].sort((a, b) => a - b).join('/')})`);
  return out;
}

/** The most differing names listed per zone; the rest are counted. */
export const MAX_DIFFERENCES_LISTED = 10;

/**
 * One line per managed (name, type) of `zone` whose answer differs between
 * `snapshots` (one per host, all of that zone), then a count of any not
 * listed. Empty with fewer than two snapshots or when all hosts agree.
 */
export function hostDifferences(zone: DnsZoneIntent, snapshots: readonly LiveSnapshot[]): string[] {
  if (snapshots.length < 2) return [];
  const hosts = [...snapshots].sort((a, b) => (a.host < b.host ? -1 : a.host > b.host ? 1 : 0)).map((s) => ({ host: s.host, answers: answers(s, zone) }));
  const keys = [...new Set(hosts.flatMap((h) => [...h.answers.keys()]))].sort((a, b) => {
    const [na, ta] = a.split('\t') as [string, string];
    const [nb, tb] = b.split('\t') as [string, string];
    return compareNames(na, nb) || (ta < tb ? -1 : ta > tb ? 1 : 0);
  });
  const lines: string[] = [];
  let differing = 0;
  for (const key of keys) {
    const seen = hosts.map((h) => h.answers.get(key) ?? 'nothing');
    if (new Set(seen).size === 1) continue;
    differing++;
    if (lines.length < MAX_DIFFERENCES_LISTED) {
      const [name, type] = key.split('\t') as [string, string];
      lines.push(`${describeKey({ name, type })}: ${hosts.map((h, i) => `${h.host} ${seen[i]}`).join('; ')}`);
    }
  }
  if (differing > lines.length) lines.push(`… and ${differing - lines.length} more`);
  return lines;
}
