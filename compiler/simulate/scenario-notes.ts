/**
 * What a drill means beyond the users of the matrix: for
 * operators, the deploy and promotion machinery, the address books and the
 * clusters that no user name carries. One sentence each, in a fixed order.
 * Pure.
 */
import type { FleetOutline } from '../2-analyze/fleet-model.js';
import type { Failure } from './failures.js';
import type { World } from './simulate.js';
import type { TickRun } from './traffic-ticks.js';

function list(names: readonly string[]): string {
  return names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} and ${names.at(-1) as string}`;
}

/** The notes of one drill, in order: the planner, the clusters, the DNS hosts, the parent zone, the books, the control cluster. */
export function scenarioNotes(
  model: FleetOutline,
  world: World,
  failures: readonly Failure[],
  run: TickRun,
  refreshFrom: string | undefined,
  places: readonly string[],
): string[] {
  const notes: string[] = [];
  const { dns } = model.settings;
  if (!run.ran) notes.push('traffic planner: not running (it runs in T3 on the control cluster, primordial): DNS keeps what it had');
  else if (run.refused) notes.push(`traffic planner: refused, writes nothing: ${run.refused.message}`);
  else if (run.ticks.length === 0) notes.push('traffic planner: nothing to change');
  else {
    const removals = run.ticks.map((t, i) => `tick ${i + 1}${t.removing ? ` removes ${t.removing}` : ''} (${t.changes} change${t.changes === 1 ? '' : 's'})`);
    notes.push(`traffic planner: ${run.ticks.length} tick${run.ticks.length === 1 ? '' : 's'} of 5 s: ${removals.join(', ')}`);
  }
  for (const brake of run.brakes) if (brake !== run.refused) notes.push(`brake ${brake.message}`);
  if (run.unsettled) notes.push('traffic planner: still changing after one tick per cluster: stopped there');

  const down = model.clusters.filter((c) => world.down.has(c.name));
  const dark = down.filter((c) => c.built && !c.traffic).map((c) => c.name);
  const unbuilt = down.filter((c) => !c.built).map((c) => c.name);
  if (dark.length > 0)
    notes.push(
      `${list(dark)}: traffic: false, so no user name answers with ${dark.length === 1 ? 'it' : 'them'} (only ${dark.length === 1 ? 'its' : 'their'} ops names)`,
    );
  if (unbuilt.length > 0) notes.push(`${list(unbuilt)}: not built (no address), so in no name at all`);
  for (const landscape of model.landscapes) {
    const traffic = landscape.clusters.filter((c) => c.built && c.traffic);
    const spare = landscape.clusters.filter((c) => c.built && !c.traffic && !world.down.has(c.name)).map((c) => c.name);
    if (traffic.length > 0 && traffic.every((c) => world.down.has(c.name)) && spare.length > 0)
      notes.push(
        `${landscape.name}: ${list(spare)} ${spare.length === 1 ? 'is' : 'are'} built and up with traffic: false; turning traffic on would serve ${landscape.name} again`,
      );
  }
  for (const failure of failures) {
    if (failure.kind !== 'region' && failure.kind !== 'landscape') continue;
    const clusters = down.filter((c) =>
      failure.kind === 'landscape' ? c.landscape === failure.name : model.landscapes.find((l) => l.name === c.landscape)?.region === failure.name,
    );
    notes.push(`${failure.kind} ${failure.name}: ${clusters.length === 0 ? 'no cluster' : list(clusters.map((c) => c.name))} down`);
  }

  const hostsDown = dns.hosts.filter((h) => world.hostsDown.has(h.name)).map((h) => h.name);
  const hostsUp = dns.hosts.filter((h) => !world.hostsDown.has(h.name)).map((h) => h.name);
  if (hostsDown.length > 0) {
    notes.push(
      hostsUp.length === 0
        ? `DNS hosts: every one is down (${list(hostsDown)}): no name of ${dns.spare ? 'either base' : 'the base'} resolves once cached answers expire (TTL ${dns.ttl} s)`
        : `DNS hosts: ${list(hostsDown)} down, ${list(hostsUp)} answer${hostsUp.length === 1 ? 's' : ''}${run.ticks.length > 0 ? `; ${list(hostsDown)} missed the planner's writes and catches up at the first tick after it is back` : ''}`,
    );
  }
  if (world.parentDown && dns.parent) {
    notes.push(
      `parent zone ${dns.parent.zone} down: resolvers keep the delegation of ${dns.base} (NS, TTL ${dns.parent.ttl} s) for up to ${dns.parent.ttl} s, then cannot find its hosts` +
        (dns.spare ? `; ${dns.spare} is not delegated from ${dns.parent.zone} and keeps answering` : ''),
    );
  }
  const placesDown = places.filter((p) => world.placesDown.has(p));
  if (placesDown.length > 0 || (refreshFrom !== places[0] && places.length > 0)) {
    notes.push(
      refreshFrom === undefined
        ? 'address books: no place serves them; apps keep their saved books, which still rescue (they hold every landscape); new books wait for a place to come back'
        : `address books: apps fetch them from ${refreshFrom} (the first place of Doc A that answers)`,
    );
  }
  if (world.controlDown)
    notes.push(
      'control cluster primordial down: ArgoCD, Kargo and T3 run there, so no deploy, promotion or cluster build until it is back; running clusters keep serving',
    );
  return notes;
}
