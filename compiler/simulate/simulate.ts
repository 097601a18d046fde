/**
 * Failure drills over the compiled fleet: take some things down,
 * let the production traffic planner react tick by tick, and say for every
 * landscape and every kind of user what still works, how, by which path, and
 * how long until it settles and recovers. Pure and deterministic: no clock,
 * no network, no environment.
 *
 * Design note. Nothing here decides what the fleet does; it strings together
 * the code that does: the DNS intent and zone plans (`dnsIntent`,
 * `zonePlanDocuments`), the planner with its brakes (`planTraffic` through
 * traffic-ticks.ts), the books and the client rule (the analysis's
 * `model.books` sealed by `sealDocC`, `addressBookClient`), the issuers
 * (`buildIssuerTable`) and the route
 * tables (`fleetUpstreams`, `explainRoute`, in user-targets.ts). What it adds
 * is the world around them: which hosts answer, what resolvers cache, which
 * addresses connect. Each cell is looked at twice: right after the failure
 * (resolvers still hold the answers they had; DNS hosts and the parent zone
 * are reached through caches) and once settled (the planner has done what
 * its brakes allow, caches have expired). Timing figures come from the fleet
 * (`dns.ttl`, `dns.parent.ttl`, the zone's SOA minimum) and the planner's
 * 5 s tick; the control cluster (Primordial) runs T3 and so the planner
 * (docs/argocd.md "Platform record": T3's CRD lives there).
 */
import type { LiveSnapshot } from '../1-load/load-dns-live.js';
import { dnsIntent, type DnsIntent } from '../2-analyze/dns-names.js';
import type { FleetOutline } from '../2-analyze/fleet-model.js';
import { ZONE_FILE_SOA } from '../3-emit/dns-zone-file.js';
import { zonePlanDocuments } from '../3-emit/dns-zone-plans.js';
import { addressBookClient, type AddressBookClient, type Pick } from '../client/address-book-client.js';
import { isBelow } from '../dns/record-sets.js';
import { prepareTraffic, type PreparedTraffic } from '../plan/traffic-planner.js';
import { dnsAnswerer } from './dns-answers.js';
import { bookPlaces, describeFailure, type Failure } from './failures.js';
import { scenarioNotes } from './scenario-notes.js';
import { healthOf, liveFromZonePlans, runTicks, TRAFFIC_TICK_SECONDS, type TickRun } from './traffic-ticks.js';
import { evaluateCell, type Cell, type Conditions, type DnsState, type PathStep, type ZoneState } from './user-outcomes.js';
import { buildColumns, USER_KINDS, type Column, type TargetOptions } from './user-targets.js';

/** The timing figures a simulation uses, in seconds, and where each comes from. */
export interface SimulationFigures {
  /** `dns.ttl`: how long resolvers keep an answer. */
  ttl: number;
  /** The traffic planner's tick (SPEC §3.3). */
  tick: number;
  /** `dns.parent.ttl`: how long resolvers keep the delegation of the base; absent without a parent zone. */
  delegationTtl?: number;
  /** How long resolvers keep "no such name" (RFC 2308 §5: the SOA's TTL or minimum, the smaller; the zone file's SOA). */
  negativeTtl: number;
}

/** Everything a run needs once per fleet: built once, shared by every scenario. */
export interface SimulationContext {
  model: FleetOutline;
  intent: DnsIntent;
  prepared: PreparedTraffic;
  /** The compiled zone plans as the hosts hold them before anything fails. */
  live: LiveSnapshot[];
  columns: Column[];
  figures: SimulationFigures;
  regions: ReadonlyMap<string, string>;
  answerer: ReturnType<typeof dnsAnswerer>;
  client: AddressBookClient;
  places: string[];
  /** Cells with nothing down, by `<column> <user>`. */
  baseline: Map<string, Cell>;
  /** Rows with nothing down, in column order. */
  baselineRows: ScenarioRow[];
}

/** One row of the matrix. */
export interface ScenarioRow {
  column: string;
  virtual: boolean;
  cells: Cell[];
}

/** What the traffic planner did. */
export interface PlannerReport {
  running: boolean;
  ticks: TickRun['ticks'];
  brakes: string[];
  refused?: string;
}

/** One drill: what failed, what the planner did, notes for operators, and the matrix. */
export interface Scenario {
  failures: Failure[];
  title: string;
  planner: PlannerReport;
  notes: string[];
  rows: ScenarioRow[];
}

const cellKey = (column: string, user: string): string => `${column} ${user}`;

/**
 * `client` answering each `pickAddress` question once per book: the rule is
 * pure, and checking a whole book (its digest) on every call of every
 * scenario is what would make `--all-single` slow on a large fleet.
 */
function rememberingPicks(client: AddressBookClient): AddressBookClient {
  const picks = new WeakMap<object, Map<string, Pick>>();
  return {
    ...client,
    pickAddress(book, landscape, module, failed) {
      if (typeof book !== 'object' || book === null) return client.pickAddress(book, landscape, module, failed);
      const tried = [...failed];
      const key = [landscape, module, ...tried].join('\n');
      let byQuestion = picks.get(book);
      if (!byQuestion) picks.set(book, (byQuestion = new Map()));
      let pick = byQuestion.get(key);
      if (!pick) byQuestion.set(key, (pick = client.pickAddress(book, landscape, module, tried)));
      return pick;
    },
  };
}

/** Builds the {@link SimulationContext} of a valid fleet model. */
export function simulationContext(model: FleetOutline, options: TargetOptions = {}): SimulationContext {
  const intent = dnsIntent(model);
  const googleRegions = new Map<string, { latitude: number; longitude: number }>();
  for (const code of Object.keys(model.regions).sort()) {
    const region = model.regions[code];
    if (region && !googleRegions.has(region.googleRegion)) googleRegions.set(region.googleRegion, { latitude: region.lat, longitude: region.lon });
  }
  const regionOf = new Map(model.landscapes.map((l) => [l.name, l.region]));
  const parentTtl = model.settings.dns.parent?.ttl;
  const context: SimulationContext = {
    model,
    intent,
    prepared: prepareTraffic(intent),
    live: liveFromZonePlans(zonePlanDocuments(intent)),
    columns: buildColumns(model, options),
    figures: {
      ttl: model.settings.dns.ttl,
      tick: TRAFFIC_TICK_SECONDS,
      ...(parentTtl !== undefined ? { delegationTtl: parentTtl } : {}),
      negativeTtl: Math.min(model.settings.dns.ttl, ZONE_FILE_SOA.minimum),
    },
    regions: new Map(model.clusters.map((c) => [c.name, regionOf.get(c.landscape) ?? ''])),
    answerer: dnsAnswerer(googleRegions),
    client: rememberingPicks(addressBookClient(model.settings.addressBooks.allowlist.map((root) => root.toLowerCase()))),
    places: bookPlaces(model),
    baseline: new Map(),
    baselineRows: [],
  };
  const scenario = simulate(context, []);
  context.baselineRows = scenario.rows;
  for (const row of scenario.rows) for (const cell of row.cells) context.baseline.set(cellKey(row.column, cell.user), cell);
  return context;
}

/** The state of the world a set of failures makes. */
export interface World {
  down: Set<string>;
  hostsDown: Set<string>;
  parentDown: boolean;
  placesDown: Set<string>;
  controlDown: boolean;
}

/** What `failures` take down: clusters (directly, by landscape, by region), hosts, the parent zone, places, the control cluster. */
export function worldOf(model: FleetOutline, failures: readonly Failure[]): World {
  const names = (kind: Failure['kind']): Set<string> => new Set(failures.filter((f) => f.kind === kind).map((f) => f.name));
  const landscapes = names('landscape');
  const regions = names('region');
  const clusters = names('cluster');
  const inRegion = new Set(model.landscapes.filter((l) => regions.has(l.region)).map((l) => l.name));
  return {
    down: new Set(model.clusters.filter((c) => clusters.has(c.name) || landscapes.has(c.landscape) || inRegion.has(c.landscape)).map((c) => c.name)),
    hostsDown: names('host'),
    parentDown: failures.some((f) => f.kind === 'parent'),
    placesDown: names('place'),
    controlDown: failures.some((f) => f.kind === 'control'),
  };
}

function zoneStates(
  context: SimulationContext,
  live: readonly LiveSnapshot[],
  world: World | undefined,
): { state: DnsState; lostBy: Map<string, 'parent' | 'hosts'> } {
  const { dns } = context.model.settings;
  const lostBy = new Map<string, 'parent' | 'hosts'>();
  const zones: ZoneState[] = context.intent.zones
    .filter((z) => z.role === 'zone')
    .map((zone) => {
      const hostNames = zone.hosts.map((h) => h.name);
      const up = hostNames.filter((h) => !world?.hostsDown.has(h));
      const snapshots = up.map((h) => live.find((s) => s.zone === zone.zone && s.host === h)).filter((s): s is LiveSnapshot => s !== undefined);
      const hostsDown = hostNames.filter((h) => world?.hostsDown.has(h));
      let lost: string | undefined;
      if (world?.parentDown && zone.zone === dns.base.toLowerCase() && dns.parent) {
        lost = `the parent zone ${dns.parent.zone} is down and resolvers no longer hold the delegation of ${zone.zone}`;
        lostBy.set(zone.zone, 'parent');
      } else if (snapshots.length === 0) {
        lost = `every DNS host of ${zone.zone} is down (${hostNames.join(', ')})`;
        lostBy.set(zone.zone, 'hosts');
      }
      return { zone: zone.zone, snapshots, hostsDown, ...(lost !== undefined ? { lost } : {}) };
    });
  const hosts = dns.hosts.map((h) => h.name).filter((h) => zones.some((z) => z.lost === undefined && z.snapshots.some((s) => s.host === h)));
  return { state: { zones, hosts }, lostBy };
}

/** The first place of Doc A that apps can still fetch books from: not down, and its host still resolvable. */
function refreshPlace(context: SimulationContext, world: World, lost: ReadonlyMap<string, unknown>): string | undefined {
  const parent = context.model.settings.dns.parent?.zone;
  return context.places.find((place) => {
    if (world.placesDown.has(place)) return false;
    const host = new URL(place).hostname;
    for (const zone of lost.keys()) if (host === zone || isBelow(host, zone)) return false;
    if (world.parentDown && parent !== undefined && (host === parent || isBelow(host, parent))) return false;
    return true;
  });
}

/** The addresses DNS hosts answer at each name the cell looked up (names nobody could resolve left out). */
function addressesByName(cell: Cell): Map<string, Set<string>> {
  const byName = new Map<string, Set<string>>();
  for (const step of cell.path) {
    if (step.step !== 'dns') continue;
    const answered = step.answers.filter((a) => a.hosts.length > 0);
    if (answered.length > 0) byName.set(step.name, new Set(answered.flatMap((a) => a.addresses.map((f) => f.address))));
  }
  return byName;
}

const sameOutcome = (a: Cell, b: Cell): boolean => a.outcome === b.outcome && a.how.join() === b.how.join();

function dnsZones(cell: Cell): string[] {
  return [...new Set(cell.path.flatMap((s: PathStep) => (s.step === 'dns' ? [s.zone] : [])))];
}

/**
 * How long until `settled` holds when right after the failure users had `initial`: the longest of the delegation TTL
 * (the base lost with the parent zone), the TTL (a DNS host down: caches answer until then) and the planner's ticks
 * plus the TTL (the cell's answers changed).
 */
function settleOf(
  context: SimulationContext,
  initial: Cell,
  settled: Cell,
  run: TickRun,
  dns: { state: DnsState; lostBy: ReadonlyMap<string, string> },
): Cell['settle'] {
  if (sameOutcome(initial, settled)) return undefined;
  const { ttl, tick, delegationTtl } = context.figures;
  const factors: { seconds: number; why: string }[] = [];
  for (const zone of dnsZones(settled)) {
    const hostsDown = dns.state.zones.find((z) => z.zone === zone)?.hostsDown.length ?? 0;
    if (dns.lostBy.get(zone) === 'parent' && delegationTtl !== undefined)
      factors.push({ seconds: delegationTtl, why: `resolvers keep the delegation of ${zone} for up to its TTL in the parent zone (${delegationTtl} s)` });
    else if (dns.lostBy.get(zone) === 'hosts' || hostsDown > 0)
      factors.push({ seconds: ttl, why: `resolvers answer from their cache for up to the TTL (${ttl} s)` });
  }
  const before = addressesByName(initial);
  const after = addressesByName(settled);
  const moved = [...after].some(([name, set]) => {
    const was = before.get(name);
    return was !== undefined && (was.size !== set.size || [...set].some((a) => !was.has(a)));
  });
  if (moved && run.ticks.length > 0) {
    const n = run.ticks.length;
    factors.push({
      seconds: n * tick + ttl,
      why: `the planner changes DNS in ${n} tick${n === 1 ? '' : 's'} of ${tick} s, then cached answers expire (TTL ${ttl} s)`,
    });
  }
  if (factors.length === 0) factors.push({ seconds: ttl, why: `cached answers expire (TTL ${ttl} s)` });
  const longest = factors.reduce((a, b) => (b.seconds > a.seconds ? b : a));
  return { seconds: longest.seconds, before: initial.outcome, beforeHow: initial.how, beforeBecause: initial.because, why: longest.why };
}

/**
 * How long after the failure ends until `settled` is back to `baseline`: one tick plus the TTL when the planner took
 * addresses out of the cell's names, the negative-answer time when a name had gone, else at once (and why).
 */
function recoveryOf(context: SimulationContext, settled: Cell, baseline: Cell | undefined, world: World, run: TickRun): Cell['recovery'] {
  if (!baseline || sameOutcome(settled, baseline)) return undefined;
  const { ttl, tick, negativeTtl } = context.figures;
  const now = addressesByName(settled);
  const was = addressesByName(baseline);
  const removed = [...now].some(([name, set]) => [...(was.get(name) ?? [])].some((a) => !set.has(a)));
  const negative = settled.path.some((s) => s.step === 'dns' && s.answers.some((a) => a.hosts.length > 0 && a.empty !== undefined));
  const unresolved = settled.path.some((s) => s.step === 'dns' && s.answers.some((a) => a.hosts.length === 0));
  if (removed)
    return { seconds: tick + ttl, why: `the planner puts the addresses back at its next tick (${tick} s), then cached answers expire (TTL ${ttl} s)` };
  if (negative) return { seconds: negativeTtl, why: `resolvers keep the negative answer for up to the SOA minimum (${negativeTtl} s)` };
  if (unresolved) return { seconds: 0, why: 'at once: resolvers find the hosts again at their next lookup' };
  const keptDead = settled.path.some((s) => s.step === 'dns' && s.answers.some((a) => a.addresses.some((f) => !f.up)));
  let why = 'nothing in DNS has to change back';
  if (keptDead)
    why = world.controlDown
      ? 'DNS kept every address: the planner was not running'
      : run.refused
        ? `DNS kept every address: the planner was refused (${run.refused.brake})`
        : 'DNS kept the addresses of the down clusters (last-address brake)';
  return { seconds: 0, why: `at once: ${why}` };
}

/** Runs one drill: `failures` (possibly none) against the fleet of `context`. */
export function simulate(context: SimulationContext, failures: readonly Failure[]): Scenario {
  const world = worldOf(context.model, failures);
  const parentZone = context.model.settings.dns.parent?.zone;
  const run = runTicks(context.prepared, context.live, healthOf(world.down), {
    running: !world.controlDown,
    liveIsCompiled: true,
    reachable: (s) =>
      s.zone === parentZone && !context.model.settings.dns.hosts.some((h) => h.name === s.host) ? !world.parentDown : !world.hostsDown.has(s.host),
  });
  run.live.forEach((snapshot, i) => context.answerer.derive(context.live[i] as LiveSnapshot, snapshot, run.changedNames[i] ?? new Set()));
  const initial = zoneStates(context, context.live, undefined);
  const settled = zoneStates(context, run.live, world);
  const conditions: Conditions = {
    down: world.down,
    owners: context.prepared.owners,
    regions: context.regions,
    client: context.client,
    answerer: context.answerer,
    refreshFrom: refreshPlace(context, world, settled.lostBy),
  };
  // Only columns a failure can reach are looked at again; the others are as with nothing down (their names keep their
  // answers: the planner changes only names fed by a down cluster, and no host, parent zone or place is down).
  const everywhere = failures.some((f) => f.kind === 'host' || f.kind === 'parent' || f.kind === 'place') || context.baseline.size === 0;
  const hit = new Set(context.model.clusters.filter((c) => world.down.has(c.name)).map((c) => c.landscape));
  const touched = (column: Column): boolean => everywhere || (column.virtual ? column.members.some((m) => hit.has(m)) : hit.has(column.name));
  const rows: ScenarioRow[] = context.columns.map((column, i) => {
    const untouched = context.baselineRows[i];
    if (untouched && !touched(column)) return untouched;
    return {
      column: column.name,
      virtual: column.virtual,
      cells: USER_KINDS.map((user) => {
        const baseline = context.baseline.get(cellKey(column.name, user));
        const now = evaluateCell(user, column, settled.state, conditions);
        if (now.outcome === 'n/a') return now;
        const before = evaluateCell(user, column, initial.state, conditions);
        const settle = settleOf(context, before, now, run, settled);
        const recovery = failures.length > 0 ? recoveryOf(context, now, baseline, world, run) : undefined;
        return { ...now, ...(settle ? { settle } : {}), ...(recovery ? { recovery } : {}) };
      }),
    };
  });
  return {
    failures: [...failures],
    title: failures.length === 0 ? 'nothing down' : failures.map(describeFailure).join(' + '),
    planner: {
      running: run.ran,
      ticks: run.ticks,
      brakes: run.brakes.map((b) => b.message),
      ...(run.refused ? { refused: run.refused.message } : {}),
    },
    notes: scenarioNotes(context.model, world, failures, run, conditions.refreshFrom, context.places),
    rows,
  };
}

/** Runs every failure of `failures` on its own (`--all-single`), in order: one scenario each. */
export function simulateEverySingle(context: SimulationContext, failures: readonly Failure[]): Scenario[] {
  return failures.map((failure) => simulate(context, [failure]));
}
