/**
 * A zone plan as Route 53 change batches (`ChangeResourceRecordSets`, API
 * reference 2013-04-01). Pure.
 *
 * - delete: `DELETE` of the live record set exactly as it was read (name,
 *   type, TTL, every value, set identifier, routing), since Route 53
 *   refuses a DELETE that does not match with InvalidChangeBatch;
 * - create: `CREATE` (fails if the set appeared since it was read);
 * - update: `UPSERT` of the whole wanted set.
 *
 * A batch is transactional. Limits per batch: 1,000 `ResourceRecord`
 * elements and 32,000 characters of `Value`, an UPSERT counting twice for
 * both (capabilities.ts). A plan over them is split between whole names, so
 * a name's DELETE (a CNAME) and CREATE (its A records) stay in one batch.
 */
import type { Change, ResourceRecordSet } from '@aws-sdk/client-route-53';
import { NAME_VALUED, recordSetKey, type RecordSet } from '../../../dns/record-sets.js';
import type { ZoneHostPlan } from '../../../plan/traffic-planner.js';
import { absolute, DnsProblem } from '../dns-host.js';
import { route53Capabilities } from '../../../dns/capabilities/route53.js';

/** The Route 53 form of a wanted record set: absolute name, name-valued data absolute, geoproximity coordinates. */
export function toResourceRecordSet(rs: RecordSet): ResourceRecordSet {
  if (rs.geo) throw new Error(`${rs.name} ${rs.type} has Google GEO routing, which Route 53 does not take`);
  return {
    Name: absolute(rs.name),
    Type: rs.type as ResourceRecordSet['Type'],
    ...(rs.setIdentifier !== undefined ? { SetIdentifier: rs.setIdentifier } : {}),
    ...(rs.geoproximity ? { GeoProximityLocation: { Coordinates: { Latitude: rs.geoproximity.latitude, Longitude: rs.geoproximity.longitude } } } : {}),
    TTL: rs.ttl,
    ResourceRecords: (rs.values ?? []).map((v) => ({ Value: NAME_VALUED.has(rs.type) ? absolute(v.replace(/\.$/, '')) : v })),
  };
}

/** How much of a batch's limits a change uses. */
export function weight(change: Change): { records: number; characters: number } {
  const records = change.ResourceRecordSet?.ResourceRecords ?? [];
  const factor = change.Action === 'UPSERT' ? 2 : 1;
  return { records: records.length * factor, characters: records.reduce((sum, r) => sum + (r.Value ?? '').length, 0) * factor };
}

/** The changes at one name, with their weight. */
interface NameChanges {
  name: string;
  changes: Change[];
  records: number;
  characters: number;
}

/**
 * The batches of `plan`. `natives` maps a canonical record set key to the
 * set exactly as `ListResourceRecordSets` returned it (used for deletes;
 * without it the delete is rebuilt from the plan's `before`). Throws when
 * one name alone is over a limit.
 */
export function changeBatches(
  plan: ZoneHostPlan,
  natives: ReadonlyMap<string, ResourceRecordSet>,
  limits = { records: route53Capabilities.batch.maxRecords ?? 1000, characters: route53Capabilities.batch.maxValueCharacters ?? 32000 },
): Change[][] {
  const names: NameChanges[] = plan.units.map((unit) => {
    const changes: Change[] = unit.changes.map((change) => {
      if (change.verb === 'delete')
        return { Action: 'DELETE', ResourceRecordSet: natives.get(recordSetKey(change.key)) ?? toResourceRecordSet(change.before as RecordSet) };
      return { Action: change.verb === 'create' ? 'CREATE' : 'UPSERT', ResourceRecordSet: toResourceRecordSet(change.after as RecordSet) };
    });
    const total = changes
      .map(weight)
      .reduce((a, b) => ({ records: a.records + b.records, characters: a.characters + b.characters }), { records: 0, characters: 0 });
    return { name: unit.name, changes, ...total };
  });
  const batches: Change[][] = [];
  let current: { changes: Change[]; records: number; characters: number } | undefined;
  for (const entry of names) {
    if (entry.records > limits.records || entry.characters > limits.characters)
      throw new DnsProblem('dns_change_too_large', {
        name: entry.name,
        need: `${entry.records} records and ${entry.characters} characters`,
        limit: `one batch of at most ${limits.records} records and ${limits.characters} characters, an UPSERT counting twice`,
      });
    if (!current || current.records + entry.records > limits.records || current.characters + entry.characters > limits.characters) {
      current = { changes: [], records: 0, characters: 0 };
      batches.push(current.changes);
    }
    current.changes.push(...entry.changes);
    current.records += entry.records;
    current.characters += entry.characters;
  }
  return batches;
}

/** One line per batch, for a dry run. */
export function describeBatches(zone: string, batches: readonly Change[][]): string[] {
  return batches.map((batch, i) => {
    const used = batch
      .map(weight)
      .reduce((a, b) => ({ records: a.records + b.records, characters: a.characters + b.characters }), { records: 0, characters: 0 });
    const actions = ['DELETE', 'CREATE', 'UPSERT'].map((a) => `${batch.filter((c) => c.Action === a).length} ${a}`).join(', ');
    return `ChangeResourceRecordSets ${zone}${batches.length > 1 ? ` (${i + 1} of ${batches.length})` : ''}: ${batch.length} changes (${actions}), ${used.records} records and ${used.characters} characters counted`;
  });
}
