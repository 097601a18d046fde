/**
 * The traffic planner `planTraffic(wanted, live per host, health, options)`
 * (SPEC §3.3): what each DNS host must change so each zone holds the wanted
 * record sets, minus the addresses of clusters that are down, within the
 * brakes. A pure function of its inputs, cheap enough to call every 5 s
 * (bench/traffic-planner.bench.ts).
 *
 * Design note. Decisions come first and once (traffic-decisions.ts: freeze,
 * last address); then each (zone, host) snapshot gets its own target, the
 * clusters whose addresses those targets drop are counted over every host
 * whatever the cause, and the one-cluster brake keeps all but the first
 * (traffic-removals.ts); then each snapshot is diffed against its own
 * target, so hosts may differ. A change is a verb
 * (create, update, delete), a record set key, `before` (the live record set
 * exactly as read: hosts such as Route 53 and Google refuse a delete that does
 * not repeat it), `after` (canonical) and a message. Changes are grouped in
 * one unit per name, deletes first, so a CNAME replaced by A records at one
 * name is one atomic write. Only managed record sets (SPEC §3.3 "Ownership":
 * A/AAAA/CNAME at the names the registry gives, A/AAAA at the ops names of
 * clusters it no longer has (dns-ownership.ts), NS of the delegation in the
 * parent) are created, changed, deleted or counted; everything else is left
 * alone, and reported when it conflicts with a wanted CNAME or carves a hole
 * in a wildcard that services rely on. The mass-change brake (octoDNS's
 * thresholds) refuses a zone plan whose updates, or whose deletes, exceed a
 * share of the zone's managed record sets, unless forced. The plan carries a
 * checksum of its changes, so an applier runs only the plan that was reviewed.
 */
import { createHash } from 'node:crypto';
import type { LiveSnapshot } from '../1-load/load-dns-live.js';
import type { DnsIntent, DnsZoneIntent } from '../2-analyze/dns-names.js';
import { canonicalJsonText } from '../3-emit/book-digest.js';
import { renderName, renderZone } from '../3-emit/dns-zone-plans.js';
import type { GeoRouting } from '../dns/host-capabilities.js';
import { DNS_HOST_CAPABILITIES } from '../dns/host-kinds.js';
import type { DnsHealth } from '../types/generated/dns-health.js';
import { answerValues, compareNames, compareRecordSets, describeKey, recordSetKey, sameData, type RecordSet } from '../dns/record-sets.js';
import { diagnose, FLEET_WIDE } from '../diagnostics/diagnostic.js';
import { opsNameCluster, ownershipReports } from './dns-ownership.js';
import { negativeTtlStep, type NegativeTtlStep } from './negative-ttl.js';
import { decideTraffic, liveAddresses, namesWithDown, targetName, type BrakeEvent, type TrafficDecision } from './traffic-decisions.js';
import { decideRemovals, droppedAddresses, keepAddresses, liveOpsOwners, liveTrafficSets, type RemovalCause, type Removals } from './traffic-removals.js';

export type { BrakeEvent } from './traffic-decisions.js';
export type { Removals } from './traffic-removals.js';

/** Plan format version. */
export const TRAFFIC_PLAN_VERSION = 1;

/** Planner options. Defaults are octoDNS's (`MAX_SAFE_UPDATE_PCENT`, `MAX_SAFE_DELETE_PCENT`, `MIN_EXISTING_RECORDS`). */
export interface TrafficOptions {
  /** Lift the mass-change and one-cluster brakes (never the freeze or last-address brakes). Default false. */
  force?: boolean;
  /**
   * A person's reason to plan despite the freeze (SPEC §3.3: an option of its
   * own, never implied by `force`, which it does not imply either). Lifts the
   * freeze only; recorded in the plan (`freezeOverride`) and its checksum.
   * Must hold more than white space; absent by default.
   */
  overrideFreeze?: string;
  /** Largest share of a zone's managed record sets one plan may update. Default 0.3. */
  updateThreshold?: number;
  /** Largest share of a zone's managed record sets one plan may delete. Default 0.3. */
  deleteThreshold?: number;
  /** The mass-change brake applies once a zone has this many managed record sets. Default 10. */
  minRecordSets?: number;
}

/** A record set's identity. */
export interface RecordSetKeyFields {
  name: string;
  type: string;
  setIdentifier?: string;
}

/** One change to one record set. */
export interface DnsChange {
  verb: 'create' | 'update' | 'delete';
  key: RecordSetKeyFields;
  /** The live record set exactly as read (update, delete). */
  before?: RecordSet;
  /** The wanted record set, canonical (create, update). */
  after?: RecordSet;
  message: string;
}

/** The changes at one name, applied together in one atomic write, deletes first. */
export interface ChangeUnit {
  name: string;
  changes: DnsChange[];
}

/** The plan of one zone on one host. */
export interface ZoneHostPlan {
  zone: string;
  host: string;
  provider?: string;
  role: 'zone' | 'parent';
  /** Set when no live state was read: the zone was assumed to hold nothing (`plan dns --assume-empty`). */
  assumedEmpty?: true;
  /** Managed record sets in the live snapshot (what the mass-change brake divides by). */
  managed: number;
  units: ChangeUnit[];
  counts: { create: number; update: number; delete: number };
  /** Things left alone that an operator should know (never changes). */
  reports: string[];
  /** Set when the mass-change brake refuses this zone plan. */
  refusal?: BrakeEvent;
}

/** The whole plan. */
export interface TrafficPlan {
  version: number;
  /** `sha256:<hex>` of the changes (RFC 8785 canonical JSON of `{version, zones: [{zone, host, units}]}`, plus `freezeOverride` (the reason) when one was given). */
  checksum: string;
  /** True when a brake refused the plan (freeze or mass change): apply nothing. */
  refused: boolean;
  forced: boolean;
  /** Present when a person overrode the freeze: the reason given, and whether the freeze held (`lifted`) or the override was not needed. */
  freezeOverride?: { reason: string; lifted: boolean };
  /** Health's view: the down clusters; `removing` and `deferred` are the one-cluster brake's choice among them. */
  health: { down: string[]; trafficClusters: number; removing?: string; deferred: string[] };
  /** The one-cluster brake over every cause (down, or dropped by the fleet): who leaves landscape and virtual names, who now, who later. */
  removals: Removals;
  brakes: BrakeEvent[];
  zones: ZoneHostPlan[];
  /** Wanted (zone, host) pairs with no live snapshot: not planned. */
  unobserved: { zone: string; host: string }[];
  /** The zone plans made against an assumed-empty zone rather than live state; absent when there are none. */
  assumedEmpty?: { zone: string; host: string }[];
  /** Facts about the plan as a whole (hosts diffed against live state whose change counts differ). */
  notes: string[];
}

// A function, not a module-level object: a mutation test must reach the defaults at each call (docs/development.md, "Mutation testing").
const defaults = (): Required<Omit<TrafficOptions, 'force' | 'overrideFreeze'>> => ({ updateThreshold: 0.3, deleteThreshold: 0.3, minRecordSets: 10 });

function keyFields(rs: RecordSet): RecordSetKeyFields {
  // Stryker disable next-line ConditionalExpression: a member whose value is undefined is never written or compared
  return { name: rs.name, type: rs.type, ...(rs.setIdentifier !== undefined ? { setIdentifier: rs.setIdentifier } : {}) };
}

/** Value text of a record set for messages: `a, b`, or `location: a, b; …` for GEO, with geoproximity coordinates. */
export function describeValues(rs: RecordSet): string {
  // Stryker disable next-line ArrayDeclaration: a record set without GEO items has its values
  const values = rs.geo ? rs.geo.map((item) => `${item.location}: ${item.values.join(', ')}`).join('; ') : (rs.values ?? []).join(', ');
  return rs.geoproximity ? `${values} at (${rs.geoproximity.latitude}, ${rs.geoproximity.longitude})` : values;
}

function updateMessage(before: RecordSet, after: RecordSet, owners: ReadonlyMap<string, string>, down: ReadonlySet<string>): string {
  const parts: string[] = [];
  const was = new Set(answerValues(before));
  const now = new Set(answerValues(after));
  const why = (value: string): string => {
    const owner = owners.get(value);
    return owner ? ` (${owner}${down.has(owner) ? ', down' : ''})` : '';
  };
  const added = [...now].filter((v) => !was.has(v));
  const removed = [...was].filter((v) => !now.has(v));
  if (added.length > 0) parts.push(`add ${added.map((v) => `${v}${why(v)}`).join(', ')}`);
  if (removed.length > 0) parts.push(`remove ${removed.map((v) => `${v}${why(v)}`).join(', ')}`);
  if (before.ttl !== after.ttl) parts.push(`ttl ${before.ttl} → ${after.ttl}`);
  const shape = (rs: RecordSet): string =>
    rs.geo
      ? `geo (${rs.geo.map((item) => item.location).join(', ')})`
      : rs.geoproximity
        ? `geoproximity (${rs.geoproximity.latitude}, ${rs.geoproximity.longitude})`
        : 'plain';
  if (shape(before) !== shape(after) || parts.length === 0) parts.push(`routing ${shape(before)} → ${shape(after)}: ${describeValues(after)}`);
  return parts.join('; ');
}

/** One zone of the wanted state, rendered once for every routing its hosts use, with the lookups the planner needs each tick. */
export interface PreparedZone {
  zone: DnsZoneIntent;
  managed: ReadonlySet<string>;
  managedTypes: ReadonlySet<string>;
  /** Routing → record set key → wanted record set, every cluster up. */
  rendered: ReadonlyMap<GeoRouting, ReadonlyMap<string, RecordSet>>;
  /** Names where diene writes a CNAME. */
  cnameNames: ReadonlySet<string>;
  /** The zone's landscape and virtual names (what the one-cluster brake counts). */
  trafficNames: ReadonlySet<string>;
  /** `<l>.<zone>` → l for every landscape of the registry (ops names lie one label below). */
  landscapes: ReadonlyMap<string, string>;
}

/** The wanted state prepared for planning: build it once per fleet revision ({@link prepareTraffic}), plan with it every tick. */
export interface PreparedTraffic {
  intent: DnsIntent;
  zones: ReadonlyMap<string, PreparedZone>;
  /** Address → the cluster it belongs to (for messages). */
  owners: ReadonlyMap<string, string>;
}

function renderKeyed(zone: DnsZoneIntent, routing: GeoRouting): Map<string, RecordSet> {
  return new Map(renderZone(zone, routing).map((rs) => [recordSetKey(rs), rs]));
}

/** Renders `intent` for planning (a few milliseconds at 500 clusters; the result is read-only). */
export function prepareTraffic(intent: DnsIntent): PreparedTraffic {
  const zones = new Map<string, PreparedZone>();
  const owners = new Map<string, string>();
  for (const zone of intent.zones) {
    // A parent zone has no hosts (its delegation is plain NS): plain routing only.
    // Stryker disable next-line ArrowFunction: a routing not prepared here is rendered for the snapshot that needs it, with the same record sets
    const routings = [...new Set<GeoRouting>(['none', ...zone.hosts.map((h) => DNS_HOST_CAPABILITIES[h.provider].geo.routing)])];
    const rendered = new Map(routings.map((routing) => [routing, renderKeyed(zone, routing)] as const));
    const none = rendered.get('none') ?? new Map<string, RecordSet>();
    zones.set(zone.zone, {
      zone,
      managed: new Set(zone.managed),
      managedTypes: new Set(zone.managedTypes),
      rendered,
      cnameNames: new Set([...none.values()].filter((rs) => rs.type === 'CNAME').map((rs) => rs.name)),
      trafficNames: new Set(zone.trafficNames.map((t) => t.name)),
      // Stryker disable next-line ConditionalExpression: a virtual traffic name carries no landscape, and opsNameCluster skips a name without one
      landscapes: new Map(zone.trafficNames.flatMap((t) => (t.kind === 'landscape' ? [[t.name, t.landscape as string] as const] : []))),
    });
    for (const name of zone.names) if (name.kind === 'ops') for (const a of name.addresses) owners.set(a, name.cluster);
  }
  return { intent, zones, owners };
}

function isPrepared(wanted: DnsIntent | PreparedTraffic): wanted is PreparedTraffic {
  return wanted.zones instanceof Map;
}

/** The wanted record sets of one snapshot: the prepared rendering, with the names health changed re-rendered. */
interface SnapshotWanted {
  base: ReadonlyMap<string, RecordSet>;
  /** Names whose record sets come from `overrides` instead of `base`. */
  changed: ReadonlySet<string>;
  overrides: ReadonlyMap<string, RecordSet>;
}

function wantedAt(w: SnapshotWanted, key: string, name: string): RecordSet | undefined {
  return w.changed.has(name) ? w.overrides.get(key) : w.base.get(key);
}

type LiveRecordSet = LiveSnapshot['recordSets'][number];

/** What the planner reads from one live snapshot of one zone: read once per snapshot (snapshots are never changed in place). */
interface SnapshotFacts {
  /** Managed record sets at `name`, by key, in snapshot order. */
  at(name: string): ReadonlyMap<string, LiveRecordSet> | undefined;
  /** Every name with a managed record set (only asked of snapshots read in full). */
  names(): Iterable<string>;
  /** How many managed record sets (what the mass-change brake divides by). */
  managed: number;
  /** Record sets that are not managed, in snapshot order, and their names. */
  foreign: RecordSet[];
  foreignNames: ReadonlySet<string>;
  reports?: string[];
  /** Per wanted rendering: the names where the snapshot differs from it (everywhere else it plans nothing). */
  dirty: WeakMap<ReadonlyMap<string, RecordSet>, ReadonlySet<string>>;
}

const snapshotFactsCache = new WeakMap<PreparedZone, WeakMap<LiveSnapshot, SnapshotFacts>>();
const renderingByName = new WeakMap<ReadonlyMap<string, RecordSet>, ReadonlyMap<string, readonly (readonly [string, RecordSet])[]>>();
const derivedSnapshots = new WeakMap<LiveSnapshot, { previous: LiveSnapshot; names: ReadonlySet<string> }>();

/**
 * Says that `next` is `previous` with record sets changed only at `names` (a plan applied to it), so
 * that planning on `next` reads and compares only those names again. Callers that build snapshot
 * after snapshot in memory (the failure drills) use it; a snapshot read from a host needs nothing.
 */
// Stryker disable next-line BlockStatement: a snapshot nobody declared derived is read in full, with the same facts
export function declareDerivedSnapshot(previous: LiveSnapshot, next: LiveSnapshot, names: ReadonlySet<string>): void {
  if (previous !== next) derivedSnapshots.set(next, { previous, names });
}

function byName(records: ReadonlyMap<string, RecordSet>): ReadonlyMap<string, readonly (readonly [string, RecordSet])[]> {
  const index = new Map<string, (readonly [string, RecordSet])[]>();
  for (const entry of records) {
    const list = index.get(entry[1].name);
    if (list) list.push(entry);
    else index.set(entry[1].name, [entry]);
  }
  return index;
}

function renderingIndex(rendering: ReadonlyMap<string, RecordSet>): ReadonlyMap<string, readonly (readonly [string, RecordSet])[]> {
  let index = renderingByName.get(rendering);
  // Stryker disable next-line ConditionalExpression: a cache; indexing the rendering again gives the same index
  if (!index) renderingByName.set(rendering, (index = byName(rendering)));
  return index;
}

/** The cluster of an ops name the registry no longer gives (removed from it), by the name's shape; undefined for every other name. */
function retiredCluster(prepared: PreparedZone, name: string): string | undefined {
  return prepared.managed.has(name) ? undefined : opsNameCluster(prepared.landscapes, name);
}

const isManaged = (prepared: PreparedZone, rs: LiveRecordSet): boolean =>
  prepared.managed.has(rs.canonical.name)
    ? prepared.managedTypes.has(rs.canonical.type)
    : (rs.canonical.type === 'A' || rs.canonical.type === 'AAAA') && opsNameCluster(prepared.landscapes, rs.canonical.name) !== undefined;

/**
 * Managed record sets of `records` (all of a snapshot's, or all of those at some of its names) by name, then key; and how many.
 * Throws on a record set listed twice: loadDnsLive refuses such a snapshot (`dns_live_duplicate`), and no host's reader makes one.
 */
function managedByName(
  prepared: PreparedZone,
  snapshot: LiveSnapshot,
  records: Iterable<LiveRecordSet>,
): { byName: Map<string, Map<string, LiveRecordSet>>; count: number } {
  const byName = new Map<string, Map<string, LiveRecordSet>>();
  const seen = new Map<string, LiveRecordSet>();
  let count = 0;
  for (const rs of records) {
    const key = rs.key ?? recordSetKey(rs.canonical);
    const first = seen.get(key);
    if (first !== undefined) throw listedTwice(snapshot, rs, first);
    seen.set(key, rs);
    if (!isManaged(prepared, rs)) continue;
    let atName = byName.get(rs.canonical.name);
    if (!atName) byName.set(rs.canonical.name, (atName = new Map()));
    count++;
    atName.set(key, rs);
  }
  return { byName, count };
}

/** The error of a snapshot that lists a record set twice, in the words of the loader's diagnostic. */
function listedTwice(snapshot: LiveSnapshot, rs: LiveRecordSet, first: LiveRecordSet): Error {
  const found = diagnose(FLEET_WIDE, 'dns_live_duplicate', {
    what: `record set ${describeKey(rs.canonical)}`,
    first: `record set ${snapshot.recordSets.indexOf(first) + 1} of this snapshot`,
  });
  return new Error(`planTraffic: ${snapshot.file}: ${found.code}: ${found.message}`);
}

function readFacts(prepared: PreparedZone, snapshot: LiveSnapshot): SnapshotFacts {
  const { byName: managed, count } = managedByName(prepared, snapshot, snapshot.recordSets);
  const foreign = snapshot.recordSets.filter((rs) => !isManaged(prepared, rs)).map((rs) => rs.canonical);
  return {
    at: (name) => managed.get(name),
    names: () => managed.keys(),
    managed: count,
    foreign,
    foreignNames: new Set(foreign.map((rs) => rs.name)),
    dirty: new WeakMap(),
  };
}

/** The facts of a snapshot declared derived: the previous facts, with the changed names read again; undefined when it must be read in full. */
// Stryker disable next-line BlockStatement: a snapshot read in full has the same facts
function derivedFacts(prepared: PreparedZone, snapshot: LiveSnapshot): SnapshotFacts | undefined {
  const origin = derivedSnapshots.get(snapshot);
  // Stryker disable next-line ConditionalExpression: the same
  if (!origin) return undefined;
  const before = snapshotFacts(prepared, origin.previous);
  const changed = snapshot.recordSets.filter((rs) => origin.names.has(rs.canonical.name));
  // Foreign record sets keep their place in snapshot order: when one changed, read the snapshot in full.
  if (changed.some((rs) => !isManaged(prepared, rs)) || [...origin.names].some((name) => before.foreignNames.has(name))) return undefined;
  const { byName: managed, count } = managedByName(prepared, snapshot, changed);
  let removed = 0;
  for (const name of origin.names) removed += before.at(name)?.size ?? 0;
  return {
    at: (name) => (origin.names.has(name) ? managed.get(name) : before.at(name)),
    names: () => new Set([...before.names(), ...managed.keys()]),
    managed: before.managed - removed + count,
    foreign: before.foreign,
    foreignNames: before.foreignNames,
    // Stryker disable next-line ConditionalExpression,EqualityOperator,ObjectLiteral: a cache; diffSnapshot makes the reports again from the same foreign record sets
    ...(before.reports !== undefined ? { reports: before.reports } : {}),
    dirty: new WeakMap(),
  };
}

function snapshotFacts(prepared: PreparedZone, snapshot: LiveSnapshot): SnapshotFacts {
  let bySnapshot = snapshotFactsCache.get(prepared);
  // Stryker disable next-line ConditionalExpression: a cache, as is the one below; reading the snapshot again gives the same facts
  if (!bySnapshot) snapshotFactsCache.set(prepared, (bySnapshot = new WeakMap()));
  let facts = bySnapshot.get(snapshot);
  // Stryker disable next-line ConditionalExpression: the cache above
  if (!facts) bySnapshot.set(snapshot, (facts = derivedFacts(prepared, snapshot) ?? readFacts(prepared, snapshot)));
  return facts;
}

/** Whether the snapshot's managed record sets at `name` differ from `rendering`'s. */
function differsAt(facts: SnapshotFacts, rendering: ReadonlyMap<string, RecordSet>, name: string): boolean {
  const live = facts.at(name);
  // Stryker disable next-line ArrayDeclaration: a name the rendering lacks would only be called dirty, and dirty names are only looked at again
  for (const [key, wanted] of renderingIndex(rendering).get(name) ?? []) {
    const have = live?.get(key);
    if (!have || !sameData(wanted, have.canonical)) return true;
  }
  // Stryker disable next-line ArrayDeclaration: the same
  for (const key of live?.keys() ?? []) if (!rendering.has(key)) return true;
  // Stryker disable next-line BooleanLiteral: the same
  return false;
}

/** The names where `snapshot` differs from `rendering`: from the snapshot it was derived from when declared, else compared in full. */
function dirtyNames(prepared: PreparedZone, snapshot: LiveSnapshot, facts: SnapshotFacts, rendering: ReadonlyMap<string, RecordSet>): ReadonlySet<string> {
  const known = facts.dirty.get(rendering);
  if (known) return known;
  const dirty = new Set<string>();
  const origin = derivedSnapshots.get(snapshot);
  const before = origin ? snapshotFacts(prepared, origin.previous).dirty.get(rendering) : undefined;
  if (origin && before) {
    for (const name of before) if (!origin.names.has(name)) dirty.add(name);
    for (const name of origin.names) if (differsAt(facts, rendering, name)) dirty.add(name);
  } else {
    for (const name of new Set([...renderingIndex(rendering).keys(), ...facts.names()])) if (differsAt(facts, rendering, name)) dirty.add(name);
  }
  // Stryker disable next-line CallExpression: a cache; the names are found again the same
  facts.dirty.set(rendering, dirty);
  return dirty;
}

/**
 * The changes of one snapshot. Only names where something can change are looked at: those where the
 * snapshot differs from the wanted rendering, those health changed, and those of the overrides; at
 * every other name the snapshot already holds what is wanted.
 */
function diffSnapshot(
  prepared: PreparedZone,
  wanted: SnapshotWanted,
  snapshot: LiveSnapshot,
  owners: ReadonlyMap<string, string>,
  down: ReadonlySet<string>,
): ZoneHostPlan {
  const facts = snapshotFacts(prepared, snapshot);
  const baseAt = renderingIndex(wanted.base);
  const overridesAt = byName(wanted.overrides);
  const changesByName = new Map<string, DnsChange[]>();
  const push = (change: DnsChange): void => {
    const list = changesByName.get(change.key.name);
    if (list) list.push(change);
    else changesByName.set(change.key.name, [change]);
  };
  const consider = (live: ReadonlyMap<string, LiveRecordSet> | undefined, key: string, after: RecordSet): void => {
    const have = live?.get(key);
    if (!have) push({ verb: 'create', key: keyFields(after), after, message: `${describeValues(after)} (ttl ${after.ttl})` });
    else if (!sameData(after, have.canonical))
      push({ verb: 'update', key: keyFields(after), before: have.raw, after, message: updateMessage(have.canonical, after, owners, down) });
  };
  const names = new Set([...dirtyNames(prepared, snapshot, facts, wanted.base), ...wanted.changed, ...overridesAt.keys()]);
  for (const name of names) {
    const live = facts.at(name);
    if (!wanted.changed.has(name)) for (const [key, after] of baseAt.get(name) ?? []) consider(live, key, after);
    for (const [key, after] of overridesAt.get(name) ?? []) consider(live, key, after);
    for (const [key, have] of live ?? []) {
      const deleted = have.canonical;
      if (wantedAt(wanted, key, name)) continue;
      const atName = (wanted.changed.has(name) ? overridesAt : baseAt).get(name) ?? [];
      const rivals = atName.filter(([, w]) => (w.type === 'CNAME') !== (deleted.type === 'CNAME'));
      // Stryker disable next-line MethodExpression: every rendering lists A before AAAA, and a CNAME has no rival of its own type
      const rivalTypes = [...new Set(rivals.map(([, w]) => w.type))].sort().join('/');
      const downOwners = [
        ...new Set(
          answerValues(deleted)
            .map((v) => owners.get(v))
            .filter((o): o is string => o !== undefined && down.has(o)),
        ),
      ].sort();
      const retired = retiredCluster(prepared, name);
      let why =
        downOwners.length > 0
          ? `${downOwners.join(', ')} down`
          : retired !== undefined
            ? `no longer wanted: the registry has no cluster ${retired}`
            : 'no longer wanted';
      // Stryker disable next-line OptionalChaining: a deleted record set was read at this name, so its name has live record sets
      if (rivals.some(([k]) => !live?.has(k))) why = `replaced by ${rivalTypes} at the same name, in the same write`;
      else if (rivals.length > 0) why = `a ${deleted.type} cannot sit beside the ${rivalTypes} diene writes at this name`;
      push({ verb: 'delete', key: keyFields(deleted), before: have.raw, message: `${describeValues(deleted)} (ttl ${deleted.ttl}), ${why}` });
    }
  }
  const order = { delete: 0, update: 1, create: 2 } as const;
  const units: ChangeUnit[] = [...changesByName.keys()].sort(compareNames).map((name) => ({
    name,
    // Stryker disable next-line ArrayDeclaration: every name is one of changesByName's
    changes: (changesByName.get(name) ?? []).sort((a, b) => order[a.verb] - order[b.verb] || compareRecordSets(a.key, b.key)),
  }));
  const counts = { create: 0, update: 0, delete: 0 };
  for (const unit of units) for (const change of unit.changes) counts[change.verb]++;
  facts.reports ??= ownershipReports(prepared.zone, prepared.cnameNames, facts.foreign);
  return {
    zone: snapshot.zone,
    host: snapshot.host,
    ...(snapshot.provider !== undefined ? { provider: snapshot.provider } : {}),
    role: prepared.zone.role,
    ...(snapshot.assumedEmpty ? { assumedEmpty: true as const } : {}),
    managed: facts.managed,
    units,
    counts,
    reports: [...facts.reports],
  };
}

function massChange(plan: ZoneHostPlan, options: Required<Omit<TrafficOptions, 'force' | 'overrideFreeze'>>): BrakeEvent | undefined {
  if (plan.managed < options.minRecordSets) return undefined;
  const percent = (share: number): string => `${Math.round(share * 1000) / 10} %`;
  const over: string[] = [];
  if (plan.counts.update / plan.managed > options.updateThreshold) over.push(`${plan.counts.update} updates (${percent(plan.counts.update / plan.managed)})`);
  if (plan.counts.delete / plan.managed > options.deleteThreshold) over.push(`${plan.counts.delete} deletes (${percent(plan.counts.delete / plan.managed)})`);
  if (over.length === 0) return undefined;
  return {
    brake: 'mass-change',
    zone: plan.zone,
    host: plan.host,
    message: `mass change: ${over.join(' and ')} of ${plan.managed} managed record sets in ${plan.zone} on ${plan.host}, over the ${percent(options.updateThreshold)} update / ${percent(options.deleteThreshold)} delete threshold (checked from ${options.minRecordSets} record sets): refused; review it and run again with --force`,
  };
}

/** `sha256:<hex>` over the RFC 8785 canonical JSON of the plan's changes. */
export function planChecksum(zones: readonly ZoneHostPlan[], freezeOverride?: string): string {
  const substance = {
    version: TRAFFIC_PLAN_VERSION,
    zones: zones.map((z) => ({ zone: z.zone, host: z.host, units: z.units })),
    // Only when given, so that every plan without an override keeps its checksum.
    // Stryker disable next-line ConditionalExpression: canonical JSON drops a member whose value is undefined
    ...(freezeOverride !== undefined ? { freezeOverride } : {}),
  };
  // Stryker disable next-line StringLiteral: UTF-8 is the default encoding
  return `sha256:${createHash('sha256').update(canonicalJsonText(substance), 'utf8').digest('hex')}`;
}

/**
 * Plans the changes of every live snapshot. `wanted` is the fleet's DNS
 * intent (`dnsIntent(model)`), or better the result of
 * {@link prepareTraffic} on it, built once and reused every tick; `live`
 * holds one snapshot per (zone, host), loaded by `loadDnsLive`; `health` may
 * be undefined (every cluster up). Throws only on a caller's bug: a blank
 * `options.overrideFreeze` (the CLI refuses it as usage), or a snapshot that
 * lists a record set twice (loadDnsLive refuses it as `dns_live_duplicate`,
 * and the message says so); the result's `refused` tells an applier to write
 * nothing.
 */
export function planTraffic(
  wanted: DnsIntent | PreparedTraffic,
  live: readonly LiveSnapshot[],
  health: DnsHealth | undefined,
  options: TrafficOptions = {},
): TrafficPlan {
  const prepared = isPrepared(wanted) ? wanted : prepareTraffic(wanted);
  const intent = prepared.intent;
  const limits = {
    ...defaults(),
    ...Object.fromEntries(Object.entries(options).filter(([k, v]) => k !== 'force' && k !== 'overrideFreeze' && v !== undefined)),
  } as Required<Omit<TrafficOptions, 'force' | 'overrideFreeze'>>;
  if (options.overrideFreeze !== undefined && options.overrideFreeze.trim() === '') throw new Error('planTraffic: overrideFreeze needs a reason');
  const decision: TrafficDecision = decideTraffic(intent, health, options.overrideFreeze);
  const down = new Set(decision.down);
  const healthNames = new Set(intent.zones.flatMap((z) => namesWithDown(z, down).map((n) => n.name)));
  const brakes = [...decision.brakes];
  const zones: ZoneHostPlan[] = [];
  const keptSeen = new Set<string>();
  const lastAddress: BrakeEvent[] = [];
  const ordered = [...live].sort((a, b) => compareNames(a.zone, b.zone) || (a.host < b.host ? -1 : a.host > b.host ? 1 : 0));
  if (decision.frozen) {
    for (const snapshot of ordered) {
      const zone = prepared.zones.get(snapshot.zone);
      if (!zone) continue;
      zones.push({
        zone: snapshot.zone,
        host: snapshot.host,
        ...(snapshot.provider ? { provider: snapshot.provider } : {}),
        role: zone.zone.role,
        ...(snapshot.assumedEmpty ? { assumedEmpty: true as const } : {}),
        managed: 0,
        units: [],
        counts: { create: 0, update: 0, delete: 0 },
        reports: [],
      });
    }
    return finish(prepared, zones, decision, brakes, options, { leaving: [], removing: [], deferred: [] });
  }

  // First pass: each host's target with every down cluster out (the last-address brake holding), and what it drops.
  const views: SnapshotView[] = [];
  for (const snapshot of ordered) {
    const zone = prepared.zones.get(snapshot.zone);
    if (!zone) continue;
    const routing: GeoRouting = zone.zone.role === 'zone' && snapshot.provider !== undefined ? DNS_HOST_CAPABILITIES[snapshot.provider].geo.routing : 'none';
    const base = zone.rendered.get(routing) ?? renderKeyed(zone.zone, routing);
    // Stryker disable next-line ConditionalExpression,EqualityOperator: a fast path; liveAddresses at no names is empty too
    const addresses = healthNames.size > 0 ? liveAddresses(snapshot, healthNames) : new Map<string, ReadonlySet<string>>();
    const changedNames = namesWithDown(zone.zone, down);
    const overrides = new Map<string, RecordSet>();
    for (const name of changedNames) {
      const target = targetName(zone.zone.zone, name, decision, addresses.get(name.name));
      // Whether a name keeps its last address does not depend on the host: one event per name.
      if (target.kept && !keptSeen.has(`${zone.zone.zone} ${name.name}`)) {
        lastAddress.push(target.kept);
        keptSeen.add(`${zone.zone.zone} ${name.name}`);
      }
      for (const rs of renderName(target.name, zone.zone.ttl, routing)) overrides.set(recordSetKey(rs), rs);
    }
    const wanted = { base, changed: new Set(changedNames.map((n) => n.name)), overrides };
    // Stryker disable next-line ConditionalExpression: a fast path; a parent zone has no traffic names, so none of its record sets is read
    const trafficLive = zone.zone.role === 'zone' ? trafficSetsOf(snapshot, zone.trafficNames) : new Map<string, RecordSet[]>();
    const dropped = new Map<string, string[]>();
    // Where the snapshot holds exactly the base rendering and nothing changed the wanted state, nothing drops.
    const facts = snapshotFacts(zone, snapshot);
    const dirty = dirtyNames(zone, snapshot, facts, base);
    // Stryker disable next-line ConditionalExpression: a fast path, as are the two below; the full comparison after them finds nothing to drop at such names
    const mayDrop = (name: string): boolean => wanted.changed.has(name) || dirty.has(name) || facts.foreignNames.has(name);
    for (const [name, sets] of trafficLive) {
      // Stryker disable next-line ConditionalExpression: the fast path above
      if (!mayDrop(name)) continue;
      // Most names answer exactly what is wanted: only a name with a differing record set is looked at closely.
      const differs = sets.some((rs) => {
        const want = wantedAt(wanted, recordSetKey(rs), name);
        // Stryker disable next-line ConditionalExpression: a fast path; droppedAddresses finds nothing at a name that answers what is wanted
        return want === undefined || !sameValues(answerValues(want), answerValues(rs));
      });
      // Stryker disable next-line ConditionalExpression: the fast path above
      if (!differs) continue;
      const lost = droppedAddresses(sets, wantedSetsAt(wanted, name));
      // Stryker disable next-line ConditionalExpression,EqualityOperator: an empty list drops nothing and keeps nothing
      if (lost.length > 0) dropped.set(name, lost);
    }
    views.push({ snapshot, zone, routing, wanted, trafficLive, dropped });
  }

  // Who leaves, whatever the cause: the one-cluster brake picks one.
  const owners = new Map<string, Map<string, string>>();
  // The fleet knows the cluster of every address it wants; the live ops names tell the rest (old addresses, removed clusters).
  const ownerOf = (zone: PreparedZone, address: string): string | undefined => {
    const known = prepared.owners.get(address);
    if (known !== undefined) return known;
    let live = owners.get(zone.zone.zone);
    // Stryker disable next-line ConditionalExpression: a cache; reading the ops names again gives the same map
    if (!live) {
      // Stryker disable next-line MethodExpression,ConditionalExpression: another zone's record sets are under another zone's landscape names, which liveOpsOwners skips
      const snapshots = views.filter((v) => v.zone === zone).map((v) => v.snapshot);
      live = liveOpsOwners(zone.zone, snapshots);
      // Stryker disable next-line CallExpression: the cache above
      owners.set(zone.zone.zone, live);
    }
    return live.get(address);
  };
  const leaving = new Map<string, RemovalCause>();
  // A cluster whose dropped addresses the fleet no longer knows while it wants another of the cluster's: its address changed.
  const wantedClusters = new Set(prepared.owners.values());
  const keepsAnAddress = new Set<string>();
  for (const view of views)
    for (const lost of view.dropped.values())
      for (const address of lost) {
        const cluster = ownerOf(view.zone, address);
        leaving.set(cluster ?? address, cluster === undefined ? 'unclaimed' : down.has(cluster) ? 'down' : 'not-wanted');
        if (cluster !== undefined && prepared.owners.has(address)) keepsAnAddress.add(cluster);
      }
  const readdressed = new Set([...leaving.keys()].filter((cluster) => wantedClusters.has(cluster) && !keepsAnAddress.has(cluster)));
  const removals = decideRemovals(leaving, options.force === true);
  const oneCluster = oneClusterBrake(removals, options.force === true, readdressed);
  if (oneCluster) brakes.push(oneCluster);
  brakes.push(...lastAddress);
  if (removals.removing[0] !== undefined && down.has(removals.removing[0])) decision.removing = removals.removing[0];
  decision.deferred = removals.deferred.filter((c) => down.has(c));

  // Second pass: each host keeps the deferred addresses it still answers, then is diffed.
  const deferred = new Set(removals.deferred);
  for (const view of views) {
    const { zone, wanted } = view;
    // Stryker disable next-line MethodExpression: the fleet's owner of an address is also what ownerOf answers for it
    const unknown = [...view.dropped.values()].flat().filter((a) => !prepared.owners.has(a));
    const planOwners: ReadonlyMap<string, string> =
      unknown.length === 0 ? prepared.owners : new Map([...prepared.owners, ...unknown.map((a) => [a, ownerOf(zone, a) ?? 'no cluster'] as const)]);
    for (const [name, lost] of view.dropped) {
      const kept = new Set(lost.filter((a) => deferred.has(ownerOf(zone, a) ?? a)));
      if (kept.size === 0) continue;
      const at = new Map(wantedSetsAt(wanted, name).map((rs) => [recordSetKey(rs), rs]));
      // Stryker disable next-line ArrayDeclaration: every dropped name is one of trafficLive's
      const merged = keepAddresses(view.trafficLive.get(name) ?? [], at, kept, zone.zone.ttl, recordSetKey);
      // merged holds every key of at: it replaces the name's wanted record sets.
      for (const [key, rs] of merged) wanted.overrides.set(key, rs);
      wanted.changed.add(name);
      const wildcard = `*.${name}`;
      const landscapeName = zone.zone.trafficNames.some((t) => t.name === name && t.kind === 'landscape');
      if (landscapeName && wantedSetsAt(wanted, wildcard).length === 0 && view.snapshot.recordSets.some((rs) => rs.canonical.name === wildcard)) {
        const cname: RecordSet = { name: wildcard, type: 'CNAME', ttl: zone.zone.ttl, values: [name] };
        wanted.overrides.set(recordSetKey(cname), cname);
        wanted.changed.add(wildcard);
      }
    }
    keepDeferredOpsNames(zone, wanted, snapshotFacts(zone, view.snapshot), removals.deferred);
    const plan = diffSnapshot(zone, wanted, view.snapshot, planOwners, down);
    withNegativeTtl(plan, negativeTtlStep(zone.zone.zone, view.snapshot, zone.zone.negativeTtl));
    const refusal = massChange(plan, limits);
    if (refusal) {
      // Stryker disable next-line Regex: the words end every refusal's message
      if (options.force) brakes.push({ ...refusal, message: `${refusal.message.replace(/: refused; review it and run again with --force$/, '')}: forced` });
      else {
        plan.refusal = refusal;
        brakes.push(refusal);
      }
    }
    zones.push(plan);
  }
  return finish(prepared, zones, decision, brakes, options, removals);
}

/**
 * A deferred cluster whose ops names the fleet no longer wants (removed from
 * the registry, or no longer built) keeps the A and AAAA record sets a host
 * still has there, as they are, until its addresses leave the landscape and
 * virtual names: they still reach what users reach, and they are how the next
 * plan knows whose addresses those are. Ops names the fleet wants follow it.
 */
function keepDeferredOpsNames(zone: PreparedZone, wanted: SnapshotView['wanted'], facts: SnapshotFacts, deferred: readonly string[]): void {
  for (const cluster of deferred) {
    const dash = cluster.indexOf('-');
    // An unclaimed address, deferred as a cluster of its own, has no ops name.
    // Stryker disable next-line ConditionalExpression,EqualityOperator: a fast path; the name made from an address is no managed name, so facts.at finds nothing there
    if (dash < 0) continue;
    const ops = `${cluster.slice(dash + 1)}.${cluster.slice(0, dash)}.${zone.zone.zone}`;
    for (const name of [ops, `*.${ops}`]) {
      const live = facts.at(name);
      if (!live || wantedSetsAt(wanted, name).length > 0) continue;
      for (const [key, rs] of live) if (rs.canonical.type === 'A' || rs.canonical.type === 'AAAA') wanted.overrides.set(key, rs.canonical);
      wanted.changed.add(name);
    }
  }
}

/** Adds the SOA update of {@link negativeTtlStep} to `plan` as a unit of its own at the apex, or its report. */
function withNegativeTtl(plan: ZoneHostPlan, step: NegativeTtlStep): void {
  if (step === undefined) return;
  if ('report' in step) {
    plan.reports.push(step.report);
    return;
  }
  const { before, after, message } = step.change;
  const change: DnsChange = { verb: 'update', key: { name: after.name, type: 'SOA' }, before, after, message };
  // Every managed name lies below its zone (dns-names.ts), so no other unit is at the apex, and the apex comes first in DNS order.
  plan.units = [{ name: after.name, changes: [change] }, ...plan.units];
  plan.counts.update++;
}

const trafficSetsCache = new WeakMap<LiveSnapshot, WeakMap<ReadonlySet<string>, Map<string, RecordSet[]>>>();

/** `liveTrafficSets` once per snapshot and zone (snapshots are never changed in place; callers only read the map). */
function trafficSetsOf(snapshot: LiveSnapshot, names: ReadonlySet<string>): Map<string, RecordSet[]> {
  let byNames = trafficSetsCache.get(snapshot);
  // Stryker disable next-line ConditionalExpression: a cache, as is the one below; reading the snapshot again gives the same map
  if (!byNames) trafficSetsCache.set(snapshot, (byNames = new WeakMap()));
  let sets = byNames.get(names);
  // Stryker disable next-line ConditionalExpression: the cache above
  if (!sets) byNames.set(names, (sets = liveTrafficSets(snapshot, names)));
  return sets;
}

/** One live snapshot through the planner's two passes. */
interface SnapshotView {
  snapshot: LiveSnapshot;
  zone: PreparedZone;
  routing: GeoRouting;
  wanted: { base: ReadonlyMap<string, RecordSet>; changed: Set<string>; overrides: Map<string, RecordSet> };
  /** Live A/AAAA record sets at the zone's traffic names. */
  trafficLive: Map<string, RecordSet[]>;
  /** Traffic name → the live addresses the target drops there. */
  dropped: Map<string, string[]>;
}

function sameValues(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((v, i) => v === b[i]);
}

/** The wanted record sets at `name` of one snapshot (`base` may be a rendering made for it alone, for a routing none of the zone's hosts uses). */
function wantedSetsAt(wanted: SnapshotWanted, name: string): RecordSet[] {
  if (wanted.changed.has(name)) return [...wanted.overrides.values()].filter((rs) => rs.name === name);
  // Stryker disable next-line ArrayDeclaration: a name the rendering lacks has no wanted record set either way
  return (renderingIndex(wanted.base).get(name) ?? []).map(([, rs]) => rs);
}

/** Each leaving cluster and why; `readdressed`: clusters leaving an old address while the fleet wants a new one of theirs. */
function describeLeaving(removals: Removals, readdressed: ReadonlySet<string>): string {
  const cause = { down: 'down', 'not-wanted': 'no longer wanted', unclaimed: 'an address no cluster claims' } as const;
  return removals.leaving
    .map((l) => `${l.cluster}: ${l.cause === 'not-wanted' && readdressed.has(l.cluster) ? 'an old address (its address changed)' : cause[l.cause]}`)
    .join('; ');
}

/** The one-cluster brake's event: deferring (listed), or forced past. */
function oneClusterBrake(removals: Removals, force: boolean, readdressed: ReadonlySet<string>): BrakeEvent | undefined {
  const count = removals.leaving.length;
  if (count < 2) return undefined;
  const allDown = removals.leaving.every((l) => l.cause === 'down');
  const what = allDown
    ? `${count} down clusters still have addresses to remove`
    : `${count} clusters still have addresses to remove (${describeLeaving(removals, readdressed)})`;
  if (force) return { brake: 'one-cluster', clusters: removals.removing, message: `one cluster a plan: ${what}; removing all ${count} in this plan: forced` };
  const first = removals.removing[0] as string;
  const rest = `removing ${first} now, deferring ${removals.deferred.length} (${removals.deferred.join(', ')})`;
  return {
    brake: 'one-cluster',
    clusters: removals.deferred,
    message: allDown ? `one cluster a plan: ${what}; ${rest}` : `one cluster a plan: ${what}; ${rest}; the next plan takes the next, --force takes them all`,
  };
}

function finish(
  prepared: PreparedTraffic,
  zones: ZoneHostPlan[],
  decision: TrafficDecision,
  brakes: BrakeEvent[],
  options: TrafficOptions,
  removals: Removals,
): TrafficPlan {
  const intent = prepared.intent;
  const observed = new Set(zones.map((z) => `${z.zone} ${z.host}`));
  const unobserved = intent.zones.flatMap((z) => z.hosts.filter((h) => !observed.has(`${z.zone} ${h.name}`)).map((h) => ({ zone: z.zone, host: h.name })));
  const assumedEmpty = zones.filter((z) => z.assumedEmpty).map((z) => ({ zone: z.zone, host: z.host }));
  const notes: string[] = [];
  for (const zone of intent.zones) {
    // Only hosts diffed against live state can have drifted apart; an assumed-empty plan's size is just how its host splits the sets.
    const plans = zones.filter((z) => z.zone === zone.zone && !z.assumedEmpty);
    const sizes = plans.map((p) => p.counts.create + p.counts.update + p.counts.delete);
    if (new Set(sizes).size > 1)
      notes.push(
        `hosts differ in ${zone.zone}: ${plans.map((p, i) => `${p.host} ${sizes[i]} change${sizes[i] === 1 ? '' : 's'}`).join(', ')} (each host is diffed against its own live state)`,
      );
  }
  return {
    version: TRAFFIC_PLAN_VERSION,
    checksum: planChecksum(zones, options.overrideFreeze),
    refused: decision.frozen !== undefined || zones.some((z) => z.refusal !== undefined),
    forced: options.force === true,
    ...(options.overrideFreeze !== undefined
      ? { freezeOverride: { reason: options.overrideFreeze, lifted: decision.brakes.some((b) => b.brake === 'freeze') } }
      : {}),
    health: {
      down: decision.down,
      trafficClusters: decision.trafficClusters,
      ...(decision.removing ? { removing: decision.removing } : {}),
      deferred: decision.deferred,
    },
    removals,
    brakes,
    zones,
    unobserved,
    ...(assumedEmpty.length > 0 ? { assumedEmpty } : {}),
    notes,
  };
}
