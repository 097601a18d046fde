/**
 * Reads a zone from Cloudflare (`GET /zones?name=` to find its id, then every
 * page of `GET /zones/{zone_id}/dns_records`) into the live format: the
 * records of one name and type form a record set, their contents its values.
 * Its TTL is the records' TTL when they agree and none is proxied; a
 * proxied record reads as TTL 1 (automatic, which is what Cloudflare serves
 * it with) and records that disagree read as TTL 0, so that a plan rewrites
 * them as DNS-only records with the wanted TTL. The native records are
 * returned too, keyed like the planner's record sets, since writes address
 * records by id.
 */
import type Cloudflare from 'cloudflare';
import { DNS_PLAN_VERSION, type ZonePlanDocument } from '../../../dns/zone-plan.js';
import { canonicalName, canonicalRecordSet, compareRecordSets, recordSetKey, type RecordSet } from '../../../dns/record-sets.js';
import type { NativeRecord } from './convert.js';
import { DnsProblem } from '../dns-host.js';

/** The id of the zone named `zone`. Throws when the token sees none. */
export async function zoneId(client: Cloudflare, zone: string): Promise<string> {
  for await (const found of client.zones.list({ name: zone })) {
    if (found.name.toLowerCase() === zone) return found.id;
  }
  throw new DnsProblem('dns_zone_not_found', { found: 'no zone of that name is visible to this API token' });
}

/** Reads every record of the zone `id` (named `zone`). */
export async function listZone(
  client: Cloudflare,
  host: string,
  zone: string,
  id: string,
): Promise<{ document: ZonePlanDocument; natives: Map<string, NativeRecord[]> }> {
  const groups = new Map<string, NativeRecord[]>();
  for await (const record of client.dns.records.list({ zone_id: id, per_page: 1000 })) {
    const native: NativeRecord = {
      id: record.id,
      name: record.name,
      type: record.type,
      content: String(record.content ?? ''),
      ttl: record.ttl,
      ...(record.proxied !== undefined ? { proxied: record.proxied } : {}),
    };
    const key = `${native.name.toLowerCase()}\t${native.type}`;
    groups.set(key, [...(groups.get(key) ?? []), native]);
  }
  const natives = new Map<string, NativeRecord[]>();
  const recordSets: RecordSet[] = [];
  for (const records of groups.values()) {
    const first = records[0] as NativeRecord;
    const ttls = new Set(records.map((r) => r.ttl));
    const ttl = records.some((r) => r.proxied === true) ? 1 : ttls.size === 1 ? first.ttl : 0;
    const rs: RecordSet = { name: first.name, type: first.type, ttl, values: records.map((r) => r.content) };
    recordSets.push(rs);
    natives.set(recordSetKey(canonicalRecordSet(rs)), records);
  }
  recordSets.sort((a, b) => compareRecordSets({ ...a, name: canonicalName(a.name) }, { ...b, name: canonicalName(b.name) }));
  return { document: { version: DNS_PLAN_VERSION, zone, host, provider: 'cloudflare', recordSets }, natives };
}
