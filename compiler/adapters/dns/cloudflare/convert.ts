/**
 * A zone plan as Cloudflare DNS `/batch` calls (`POST
 * /zones/{zone_id}/dns_records/batch`). Pure.
 *
 * Cloudflare stores records, not record sets, each with an id; a batch runs
 * its deletes, then patches, then puts, then posts, in one transaction. Per
 * changed record set, against the records read by observe:
 * - a live record whose content is still wanted: a patch (id, TTL,
 *   `proxied: false`) when its TTL or proxying differs, else nothing;
 * - a live record whose content is no longer wanted: a put rewriting it in
 *   place with a wanted content while any is left, else a delete;
 * - a wanted content left over: a post.
 * A record set deleted whole deletes its ids. Because deletes run first, a
 * CNAME replaced by A records at one name is one batch. diene writes DNS-only
 * records (`proxied: false`); TTL must be 1 (automatic) or 60–86,400
 * (capabilities.ts), checked before anything is sent. A plan over the
 * per-batch record limit is split between whole names.
 */
import { canonicalValue, recordSetKey, type RecordSet } from '../../../dns/record-sets.js';
import type { ZoneHostPlan } from '../../../plan/traffic-planner.js';
import { cloudflareCapabilities } from '../../../dns/capabilities/cloudflare.js';
import { DnsProblem } from '../dns-host.js';

/** A record as observe read it. */
export interface NativeRecord {
  id: string;
  name: string;
  type: string;
  content: string;
  ttl: number;
  proxied?: boolean;
}

/** A record body to write. */
export interface RecordBody {
  name: string;
  type: string;
  content: string;
  ttl: number;
  proxied: boolean;
}

/** One /batch body. */
export interface BatchBody {
  deletes: { id: string }[];
  patches: (RecordBody & { id: string })[];
  puts: (RecordBody & { id: string })[];
  posts: RecordBody[];
}

function operations(body: BatchBody): number {
  return body.deletes.length + body.patches.length + body.puts.length + body.posts.length;
}

function checkTtl(rs: RecordSet): void {
  const { min, max } = cloudflareCapabilities.ttl;
  if (rs.ttl !== 1 && (rs.ttl < min || rs.ttl > max))
    throw new Error(`${rs.name} ${rs.type} has TTL ${rs.ttl}: Cloudflare takes 1 (automatic) or ${min}–${max}`);
}

function recordBody(rs: RecordSet, content: string): RecordBody {
  return { name: rs.name, type: rs.type, content, ttl: rs.ttl, proxied: false };
}

/** The batches of `plan`; `natives` maps a canonical record set key to its live records. Throws on a TTL Cloudflare refuses, GEO routing, or one name over the batch limit. */
export function batchBodies(
  plan: ZoneHostPlan,
  natives: ReadonlyMap<string, readonly NativeRecord[]>,
  limit: number = cloudflareCapabilities.batch.maxRecords ?? 200,
): BatchBody[] {
  const bodies: BatchBody[] = [];
  let current: BatchBody | undefined;
  for (const unit of plan.units) {
    const part: BatchBody = { deletes: [], patches: [], puts: [], posts: [] };
    for (const change of unit.changes) {
      const live = natives.get(recordSetKey(change.key)) ?? [];
      if (change.verb === 'delete') {
        part.deletes.push(...live.map((r) => ({ id: r.id })));
        continue;
      }
      const after = change.after as RecordSet;
      checkTtl(after);
      if (after.geo || after.setIdentifier !== undefined)
        throw new Error(`${after.name} ${after.type} has geo routing, which Cloudflare DNS records do not have`);
      const wanted = [...(after.values ?? [])];
      const spare: NativeRecord[] = [];
      for (const record of live) {
        const at = wanted.indexOf(canonicalValue(after.type, record.content));
        if (at === -1) {
          spare.push(record);
          continue;
        }
        wanted.splice(at, 1);
        if (record.ttl !== after.ttl || record.proxied === true) part.patches.push({ id: record.id, ...recordBody(after, record.content) });
      }
      for (const record of spare) {
        const content = wanted.shift();
        if (content === undefined) part.deletes.push({ id: record.id });
        else part.puts.push({ id: record.id, ...recordBody(after, content) });
      }
      part.posts.push(...wanted.map((content) => recordBody(after, content)));
    }
    const size = operations(part);
    if (size > limit)
      throw new DnsProblem('dns_change_too_large', { name: unit.name, need: `${size} record operations`, limit: `one batch of at most ${limit}` });
    if (!current || operations(current) + size > limit) {
      current = { deletes: [], patches: [], puts: [], posts: [] };
      bodies.push(current);
    }
    current.deletes.push(...part.deletes);
    current.patches.push(...part.patches);
    current.puts.push(...part.puts);
    current.posts.push(...part.posts);
  }
  return bodies.filter((b) => operations(b) > 0);
}

/** One line per batch, for a dry run. */
export function describeBatches(zone: string, bodies: readonly BatchBody[]): string[] {
  return bodies.map(
    (b, i) =>
      `POST dns_records/batch ${zone}${bodies.length > 1 ? ` (${i + 1} of ${bodies.length})` : ''}: ${b.deletes.length} deletes, ${b.patches.length} patches, ${b.puts.length} puts, ${b.posts.length} posts`,
  );
}
