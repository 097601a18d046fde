/**
 * A zone plan as one PowerDNS HTTP API PATCH body (PowerDNS
 * `authoritative-api-openapi.yaml`, `PATCH /servers/{server_id}/zones/{zone_id}`):
 * one RRSet per changed record set, `changetype: DELETE` for a delete and
 * `REPLACE` (every record of the name and type, with the set's TTL) for a
 * create or update. Names are absolute (trailing dot); CNAME contents too.
 * RRSets keep the plan's order, deletes first at each name, because
 * PowerDNS accepts a CNAME replacing another type at a name only when the
 * DELETE comes first in the same PATCH. Pure.
 */
import { absolute } from '../dns-host.js';
import { NAME_VALUED, type RecordSet } from '../../../dns/record-sets.js';
import type { ZoneHostPlan } from '../../../plan/traffic-planner.js';

/** One RRSet of a PATCH body. */
export interface PatchRrset {
  name: string;
  type: string;
  changetype: 'REPLACE' | 'DELETE';
  ttl?: number;
  records?: { content: string; disabled: boolean }[];
}

/** A value as PowerDNS wants its content: name-valued types absolute. */
export function contentOf(type: string, value: string): string {
  return NAME_VALUED.has(type) ? absolute(value.replace(/\.$/, '')) : value;
}

/** The PATCH body of `plan`. Throws when a record set has GEO routing (PowerDNS plain RRSets have none). */
export function patchBody(plan: ZoneHostPlan): { rrsets: PatchRrset[] } {
  const rrsets: PatchRrset[] = [];
  for (const unit of plan.units) {
    for (const change of unit.changes) {
      const name = absolute(change.key.name);
      if (change.verb === 'delete') {
        rrsets.push({ name, type: change.key.type, changetype: 'DELETE' });
        continue;
      }
      const after = change.after as RecordSet;
      if (!after.values) throw new Error(`${change.key.name} ${change.key.type} has GEO routing, which PowerDNS RRSets cannot hold`);
      rrsets.push({
        name,
        type: change.key.type,
        changetype: 'REPLACE',
        ttl: after.ttl,
        records: after.values.map((v) => ({ content: contentOf(change.key.type, v), disabled: false })),
      });
    }
  }
  return { rrsets };
}

/** One line for a dry run. */
export function describePatch(zone: string, body: { rrsets: PatchRrset[] }): string[] {
  if (body.rrsets.length === 0) return [];
  const replace = body.rrsets.filter((r) => r.changetype === 'REPLACE').length;
  return [
    `PATCH zone ${absolute(zone)}: ${body.rrsets.length} RRSet${body.rrsets.length === 1 ? '' : 's'} (${replace} REPLACE, ${body.rrsets.length - replace} DELETE)`,
  ];
}
