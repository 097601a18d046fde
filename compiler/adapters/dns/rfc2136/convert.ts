/**
 * A zone plan as RFC 2136 UPDATE messages: the prerequisites that make the
 * message a compare-and-swap against the live state it was planned from, and
 * the updates (RFC 2136 §2.4, §2.5). Pure.
 *
 * - create: prerequisite "RRset does not exist" (CLASS NONE); add each record.
 * - update: prerequisite "RRset exists (value dependent)" with every live
 *   value (CLASS IN, TTL 0); delete the RRset (CLASS ANY), add each record
 *   (so a TTL-only change is written too: §3.4.2.2 ignores an add whose data
 *   exists).
 * - delete: the same value-dependent prerequisite; delete the RRset.
 *
 * A server evaluates every prerequisite before any update and applies the
 * whole message or nothing (§3.2, §3.7), so one message per zone is one
 * atomic write. A message must fit in 65,535 octets (TCP framing); a bigger
 * plan is split into several messages between whole names, each atomic.
 */
import type { RecordSet } from '../../../dns/record-sets.js';
import type { ChangeUnit, DnsChange, ZoneHostPlan } from '../../../plan/traffic-planner.js';
import { DnsProblem } from '../dns-host.js';
import { CLASS, encodeRdata, encodeRecord, messageOverhead, typeCode, type WireRecord } from './wire.js';

/** Octets kept free in every message for the TSIG record (key and algorithm names up to 255 each, a SHA-512 MAC). */
export const TSIG_RESERVE = 600;

/** The largest message: TCP's two-octet length. */
export const MAX_MESSAGE = 65535;

/** One UPDATE message to send: its sections, and the names it covers. */
export interface UpdatePlan {
  names: string[];
  prerequisites: WireRecord[];
  updates: WireRecord[];
  /** Octets of the unsigned message. */
  size: number;
}

function code(type: string): number {
  const value = typeCode(type);
  if (value === undefined) throw new Error(`record type ${type} has no code here`);
  return value;
}

function values(set: RecordSet | undefined, what: string): string[] {
  if (!set?.values || set.values.length === 0) throw new Error(`${what} has no plain values (geo routing cannot be written over RFC 2136)`);
  return set.values;
}

function sectionsOf(change: DnsChange): { prerequisites: WireRecord[]; updates: WireRecord[] } {
  const name = change.key.name;
  const type = code(change.key.type);
  const empty = Buffer.alloc(0);
  const prerequisites: WireRecord[] = [];
  const updates: WireRecord[] = [];
  if (change.verb === 'create') prerequisites.push({ name, type, klass: CLASS.NONE, ttl: 0, rdata: empty });
  else
    for (const value of values(change.before, `live ${name} ${change.key.type}`))
      prerequisites.push({ name, type, klass: CLASS.IN, ttl: 0, rdata: encodeRdata(change.key.type, value) });
  if (change.verb !== 'create') updates.push({ name, type, klass: CLASS.ANY, ttl: 0, rdata: empty });
  if (change.verb !== 'delete') {
    const after = change.after as RecordSet;
    for (const value of values(after, `wanted ${name} ${change.key.type}`))
      updates.push({ name, type, klass: CLASS.IN, ttl: after.ttl, rdata: encodeRdata(change.key.type, value) });
  }
  return { prerequisites, updates };
}

function unitSections(unit: ChangeUnit): { prerequisites: WireRecord[]; updates: WireRecord[]; size: number } {
  const prerequisites: WireRecord[] = [];
  const updates: WireRecord[] = [];
  for (const change of unit.changes) {
    const sections = sectionsOf(change);
    prerequisites.push(...sections.prerequisites);
    updates.push(...sections.updates);
  }
  const size = [...prerequisites, ...updates].reduce((sum, record) => sum + encodeRecord(record).length, 0);
  return { prerequisites, updates, size };
}

/**
 * The UPDATE messages of `plan`, in order: one when it fits, else as few as
 * fit, each holding whole names. Throws when one name alone is over the
 * limit, or a value cannot be encoded.
 */
export function updatePlans(plan: ZoneHostPlan, limit: number = MAX_MESSAGE - TSIG_RESERVE): UpdatePlan[] {
  const overhead = messageOverhead(plan.zone);
  const messages: UpdatePlan[] = [];
  let current: UpdatePlan | undefined;
  for (const unit of plan.units) {
    const sections = unitSections(unit);
    if (overhead + sections.size > limit)
      throw new DnsProblem('dns_change_too_large', {
        name: unit.name,
        need: `${overhead + sections.size} octets`,
        limit: `one UPDATE message of at most ${limit} octets`,
      });
    if (!current || current.size + sections.size > limit) {
      current = { names: [], prerequisites: [], updates: [], size: overhead };
      messages.push(current);
    }
    current.names.push(unit.name);
    current.prerequisites.push(...sections.prerequisites);
    current.updates.push(...sections.updates);
    current.size += sections.size;
  }
  return messages;
}

/** One line per message, for a dry run. */
export function describeUpdates(zone: string, messages: readonly UpdatePlan[]): string[] {
  return messages.map(
    (m, i) =>
      `UPDATE ${zone}${messages.length > 1 ? ` (${i + 1} of ${messages.length})` : ''}: ${m.prerequisites.length} prerequisite record${m.prerequisites.length === 1 ? '' : 's'}, ${m.updates.length} update record${m.updates.length === 1 ? '' : 's'}, ${m.names.length} name${m.names.length === 1 ? '' : 's'}, ${m.size} octets before TSIG`,
  );
}
