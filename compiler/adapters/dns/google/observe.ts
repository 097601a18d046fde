/**
 * Reads a managed zone from Google Cloud DNS into the live format: the zone
 * is found by its DNS name among the project's public managed zones, then
 * every page of `resourceRecordSets.list`. A GEO routing policy becomes
 * `geo` items (location, rrdatas); another routing policy (weighted round
 * robin, primary/backup) is read as one value describing it, so a plan
 * replaces it. The native sets are returned too, keyed like the planner's
 * record sets, so deletions repeat them exactly.
 */
import type { DNS, Zone } from '@google-cloud/dns';
import { DNS_PLAN_VERSION, type ZonePlanDocument } from '../../../dns/zone-plan.js';
import { canonicalName, canonicalRecordSet, compareRecordSets, recordSetKey, type RecordSet } from '../../../dns/record-sets.js';
import { absolute, DnsProblem } from '../dns-host.js';
import type { ApiRrset } from './convert.js';

/** The managed zone whose DNS name is `zone`. Throws when there is none or more than one public one. */
export async function findZone(dns: DNS, zone: string): Promise<Zone> {
  const [zones] = await dns.getZones({ autoPaginate: true });
  const matches = zones.filter((z) => {
    const meta = z.metadata as { dnsName?: string; visibility?: string };
    return (meta.dnsName ?? '').toLowerCase() === absolute(zone) && meta.visibility !== 'private';
  });
  if (matches.length === 0)
    throw new DnsProblem('dns_zone_not_found', { found: `no public managed zone with DNS name ${absolute(zone)} in project ${dns.projectId}` });
  if (matches.length > 1) throw new DnsProblem('dns_zone_not_found', { found: `${matches.length} public managed zones have DNS name ${absolute(zone)}` });
  return matches[0] as Zone;
}

/** The live-format record set of a native one. */
export function fromApiRrset(native: ApiRrset): RecordSet {
  const base = { name: native.name, type: native.type, ttl: native.ttl ?? 0 };
  const policy = native.routingPolicy;
  if (policy?.geo) return { ...base, geo: policy.geo.items.map((item) => ({ location: item.location, values: item.rrdatas ?? [] })) };
  if (policy) return { ...base, values: [`routing policy ${JSON.stringify(policy)}`] };
  return { ...base, values: native.rrdatas ?? [] };
}

/** Reads every record set of `managed` (the zone named `zone`). */
export async function listZone(managed: Zone, host: string, zone: string): Promise<{ document: ZonePlanDocument; natives: Map<string, ApiRrset> }> {
  const [records] = await managed.getRecords({ autoPaginate: true });
  const natives = new Map<string, ApiRrset>();
  const recordSets: RecordSet[] = [];
  for (const record of records) {
    const native = { ...(record.metadata as unknown as ApiRrset) };
    delete native['kind'];
    const rs = fromApiRrset(native);
    recordSets.push(rs);
    natives.set(recordSetKey(canonicalRecordSet(rs)), native);
  }
  recordSets.sort((a, b) => compareRecordSets({ ...a, name: canonicalName(a.name) }, { ...b, name: canonicalName(b.name) }));
  return { document: { version: DNS_PLAN_VERSION, zone, host, provider: 'google', recordSets }, natives };
}
