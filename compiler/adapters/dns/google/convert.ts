/**
 * A zone plan as Google Cloud DNS Changes (`changes.create`, Cloud DNS API
 * v1). Pure.
 *
 * An update is the deletion of the live record set exactly as it was read
 * (name, type, ttl, rrdatas, routingPolicy: Cloud DNS refuses a deletion
 * that does not match) plus the addition of the wanted one; a delete is the
 * deletion alone, a create the addition alone. A Change is applied
 * atomically. `zone.replaceRecords` is never used: it deletes every record of
 * a type in the whole zone. A plan over the project's per-Change quota
 * (rrsetAdditionsPerChange, rrsetDeletionsPerChange,
 * totalRrdataSizePerChange) is split between whole names.
 */
import { NAME_VALUED, recordSetKey, type RecordSet } from '../../../dns/record-sets.js';
import type { ZoneHostPlan } from '../../../plan/traffic-planner.js';
import { absolute, DnsProblem } from '../dns-host.js';

/** A resource record set as the API takes and returns it. */
export interface ApiRrset {
  name: string;
  type: string;
  ttl?: number;
  rrdatas?: string[];
  routingPolicy?: { geo?: { items: { location: string; rrdatas?: string[] }[]; enableFencing?: boolean }; [kind: string]: unknown };
  [field: string]: unknown;
}

/** The per-Change limits of a project's quota. */
export interface ChangeQuota {
  additions: number;
  deletions: number;
  rrdataBytes: number;
}

/** Cloud DNS's default quota (used when the project's cannot be read). */
export const DEFAULT_CHANGE_QUOTA: ChangeQuota = { additions: 1000, deletions: 1000, rrdataBytes: 100_000 };

function data(type: string, values: readonly string[]): string[] {
  return values.map((v) => (NAME_VALUED.has(type) ? absolute(v.replace(/\.$/, '')) : v));
}

/** The API form of a wanted record set: plain `rrdatas`, or a GEO `routingPolicy` with one item per location. */
export function toApiRrset(rs: RecordSet): ApiRrset {
  if (rs.setIdentifier !== undefined) throw new Error(`${rs.name} ${rs.type} has a Route 53 set identifier, which Cloud DNS does not take`);
  if (rs.geo)
    return {
      name: absolute(rs.name),
      type: rs.type,
      ttl: rs.ttl,
      routingPolicy: { geo: { items: rs.geo.map((item) => ({ location: item.location, rrdatas: data(rs.type, item.values) })) } },
    };
  return { name: absolute(rs.name), type: rs.type, ttl: rs.ttl, rrdatas: data(rs.type, rs.values ?? []) };
}

/** One Change body. */
export interface ChangeBody {
  additions: ApiRrset[];
  deletions: ApiRrset[];
}

function size(rrsets: readonly ApiRrset[]): number {
  return rrsets.reduce((sum, rs) => sum + JSON.stringify(rs.rrdatas ?? rs.routingPolicy ?? []).length, 0);
}

/** The Changes of `plan`, deletions built from `natives` (canonical key → the set exactly as read) or else from the plan's `before`. Throws when one name alone is over the quota. */
export function changeBodies(plan: ZoneHostPlan, natives: ReadonlyMap<string, ApiRrset>, quota: ChangeQuota = DEFAULT_CHANGE_QUOTA): ChangeBody[] {
  const bodies: ChangeBody[] = [];
  let current: ChangeBody | undefined;
  for (const unit of plan.units) {
    const part: ChangeBody = { additions: [], deletions: [] };
    for (const change of unit.changes) {
      if (change.verb !== 'create') part.deletions.push(natives.get(recordSetKey(change.key)) ?? toApiRrset(change.before as RecordSet));
      if (change.verb !== 'delete') part.additions.push(toApiRrset(change.after as RecordSet));
    }
    const fits = (body: ChangeBody): boolean =>
      body.additions.length + part.additions.length <= quota.additions &&
      body.deletions.length + part.deletions.length <= quota.deletions &&
      size(body.additions) + size(body.deletions) + size(part.additions) + size(part.deletions) <= quota.rrdataBytes;
    if (!fits({ additions: [], deletions: [] }))
      throw new DnsProblem('dns_change_too_large', {
        name: unit.name,
        need: `${part.additions.length} additions and ${part.deletions.length} deletions`,
        limit: `one Change of at most ${quota.additions} additions, ${quota.deletions} deletions and ${quota.rrdataBytes} rrdata bytes`,
      });
    if (!current || !fits(current)) {
      current = { additions: [], deletions: [] };
      bodies.push(current);
    }
    current.additions.push(...part.additions);
    current.deletions.push(...part.deletions);
  }
  return bodies;
}

/** One line per Change, for a dry run. */
export function describeChanges(zone: string, bodies: readonly ChangeBody[]): string[] {
  return bodies.map(
    (b, i) => `Change ${zone}${bodies.length > 1 ? ` (${i + 1} of ${bodies.length})` : ''}: ${b.deletions.length} deletions, ${b.additions.length} additions`,
  );
}
