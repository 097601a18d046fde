/**
 * The text form of a traffic plan, as `diene plan dns` prints it: first,
 * when any zone was assumed empty, a header saying so (those zone plans
 * are a preview from nothing, the others are diffed against their
 * snapshots); then one block
 * per zone and host, one line a change (`+` create, `~` update, `-` delete;
 * `!` a report about something left alone), the block's counts, then the
 * brakes that fired with their numbers, notes, what was not observed, the
 * totals and the checksum, escaped for a terminal or a CI log. Pure.
 */
import { terminalLines } from '../diagnostics/format.js';
import { describeKey } from '../dns/record-sets.js';
import type { TrafficPlan, ZoneHostPlan } from './traffic-planner.js';
import { counted } from '../diagnostics/counted.js';

const SYMBOL = { create: '+', update: '~', delete: '-' } as const;

function countLine(counts: ZoneHostPlan['counts']): string {
  return `${counted(counts.create, 'create')}, ${counted(counts.update, 'update')}, ${counted(counts.delete, 'delete')}`;
}

function zoneBlock(plan: ZoneHostPlan): string[] {
  const total = plan.counts.create + plan.counts.update + plan.counts.delete;
  // What the host is, in one pair of parentheses: its provider, and `delegation` for the parent zone's NS records.
  const traits = [plan.provider, plan.role === 'parent' ? 'delegation' : undefined].filter((t) => t !== undefined);
  const kind = traits.length > 0 ? ` (${traits.join(', ')})` : '';
  const state = plan.assumedEmpty ? 'assumed empty (no live state read)' : `${counted(plan.managed, 'managed record set')} live`;
  const lines = [`${plan.zone} on ${plan.host}${kind}: ${total === 0 ? 'no changes' : counted(total, 'change')}, ${state}`];
  for (const unit of plan.units) for (const change of unit.changes) lines.push(`  ${SYMBOL[change.verb]} ${describeKey(change.key)}: ${change.message}`);
  if (total > 0) lines.push(`  ${countLine(plan.counts)}`);
  for (const report of plan.reports) lines.push(`  ! ${report}`);
  if (plan.refusal) lines.push(`  REFUSED ${plan.refusal.message}`);
  return lines;
}

/** The zone plans of a partly assumed-empty plan that were diffed against a snapshot, named. */
function othersLine(others: readonly ZoneHostPlan[]): string {
  const names = others.map((z) => `${z.zone} on ${z.host}`).join(', ');
  return others.length === 1
    ? `the other 1 (${names}) is diffed against its live snapshot`
    : `the other ${others.length} (${names}) are diffed against their live snapshots`;
}

/** The plan as text (ends with a newline). */
export function formatTrafficPlan(plan: TrafficPlan): string {
  const lines: string[] = [];
  const assumed = plan.assumedEmpty ?? [];
  if (assumed.length > 0)
    lines.push(
      `ASSUMED EMPTY: ${assumed.length} of ${counted(plan.zones.length, 'zone plan')} assume the zone holds nothing on its host (--assume-empty): ${assumed.map((z) => `${z.zone} on ${z.host}`).join(', ')}`,
      assumed.length === plan.zones.length
        ? 'this is a preview from nothing, not a diff against the hosts: diene apply dns always reads the hosts and plans afresh before it writes, and --plan-checksum with this checksum passes only while they hold none of the record sets diene manages'
        : `this is a preview from nothing for those ${assumed.length} only; ${othersLine(plan.zones.filter((z) => !z.assumedEmpty))}: diene apply dns always reads the hosts and plans afresh before it writes, and --plan-checksum with this checksum passes only while the hosts assumed empty hold none of the record sets diene manages and the others still match their snapshots`,
      '',
    );
  for (const zone of plan.zones) lines.push(...zoneBlock(zone), '');
  const health = plan.health;
  lines.push(
    health.down.length === 0
      ? `health: all ${health.trafficClusters} built traffic-on clusters up`
      : `health: ${health.down.length} of ${health.trafficClusters} built traffic-on clusters down (${health.down.join(', ')})${health.removing ? `; removing ${health.removing} in this plan` : ''}`,
  );
  for (const brake of plan.brakes) lines.push(`brake ${brake.message}`);
  if (plan.freezeOverride && !plan.freezeOverride.lifted)
    lines.push(
      `note: freeze override given (reason: ${JSON.stringify(plan.freezeOverride.reason)}) but not needed: the freeze does not hold; it is still part of the checksum`,
    );
  for (const note of plan.notes) lines.push(`note: ${note}`);
  for (const missing of plan.unobserved) lines.push(`not planned: no live snapshot of ${missing.zone} on ${missing.host}`);
  const totals = { create: 0, update: 0, delete: 0 };
  for (const zone of plan.zones) for (const verb of ['create', 'update', 'delete'] as const) totals[verb] += zone.counts[verb];
  const notes = [
    ...(assumed.length > 0 ? [`${assumed.length} assumed empty`] : []),
    ...(plan.forced ? ['forced'] : []),
    ...(plan.freezeOverride?.lifted ? ['freeze overridden'] : []),
  ];
  lines.push(`total: ${countLine(totals)} in ${counted(plan.zones.length, 'zone plan')}${notes.length > 0 ? ` (${notes.join(', ')})` : ''}`);
  lines.push(`checksum: ${plan.checksum}`);
  if (plan.refused) lines.push('REFUSED by a brake: apply nothing (exit 3)');
  // Names and values come from live hosts: each stays on its line, and none is a workflow command.
  return `${terminalLines(lines)}\n`;
}
