/**
 * The traffic planner's decisions: which down clusters leave the landscape
 * and virtual names in this plan, and what each name answers on each host
 * (SPEC §3.3 "Health" and "Brakes"). Pure.
 *
 * Design note. Decisions are taken once, for every host alike, on the wanted
 * state and the health report: *down* = built, traffic-on clusters reported
 * `acceptingTraffic: false` (a cluster missing from the report is up; ops
 * names never change with health). Then three brakes, each stating its
 * numbers:
 *
 * - **freeze**: more than half of the built traffic-on clusters down → plan
 *   nothing (a health flap must not become mass deletion), unless a person
 *   overrides it with a stated reason (SPEC §3.3: its own option, never
 *   implied by `--force`); then the plan goes on under the other brakes and
 *   the event says whose word lifted it;
 * - **one cluster a plan**: of the clusters that still have an address to
 *   lose somewhere, down or dropped by the fleet itself, only the first in
 *   sorted order is removed; the rest are deferred and listed
 *   (traffic-removals.ts, on the targets computed here);
 * - **last address**: a name whose every cluster is down keeps the addresses
 *   it has (or, absent from a host, the wanted ones), even of down clusters.
 *
 * Each host's target is then computed against its own live state: a deferred
 * cluster keeps its addresses where a host still has them, and the planner
 * never adds a down cluster's address to a name that has an up one. Hosts may
 * therefore differ, and the plan says so.
 */
import type { AddressSource, DnsIntent, DnsNameIntent, DnsZoneIntent, VirtualMember } from '../2-analyze/dns-names.js';
import type { LiveSnapshot } from '../1-load/load-dns-live.js';
import type { DnsHealth } from '../types/generated/dns-health.js';
import { answerValues } from '../dns/record-sets.js';

/** A brake that fired, with its numbers in `message`. */
export interface BrakeEvent {
  brake: 'freeze' | 'one-cluster' | 'last-address' | 'mass-change';
  message: string;
  zone?: string;
  host?: string;
  name?: string;
  clusters?: string[];
}

/** The host-independent decisions of one plan. */
export interface TrafficDecision {
  /** Built traffic-on clusters reported down, sorted. */
  down: string[];
  /** How many built traffic-on clusters there are. */
  trafficClusters: number;
  /** Set when more than half are down: nothing is planned. */
  frozen?: BrakeEvent;
  /** The down cluster whose addresses leave names in this plan (the one-cluster brake's choice, when it is a down one). */
  removing?: string;
  /** Down clusters whose removal waits for a later plan. */
  deferred: string[];
  brakes: BrakeEvent[];
}

/** name → every address the snapshot answers at that name (A and AAAA record sets of every set identifier and GEO item). */
export type LiveAddresses = ReadonlyMap<string, ReadonlySet<string>>;

/** The addresses of `snapshot` by name, over A and AAAA record sets; only at `names` when given. */
export function liveAddresses(snapshot: LiveSnapshot, names?: ReadonlySet<string>): LiveAddresses {
  const byName = new Map<string, Set<string>>();
  for (const { canonical } of snapshot.recordSets) {
    if (canonical.type !== 'A' && canonical.type !== 'AAAA') continue;
    if (names && !names.has(canonical.name)) continue;
    const set = byName.get(canonical.name) ?? new Set<string>();
    for (const value of answerValues(canonical)) set.add(value);
    byName.set(canonical.name, set);
  }
  return byName;
}

function sourcesOf(name: DnsNameIntent): AddressSource[] {
  if (name.kind === 'landscape') return name.sources;
  if (name.kind === 'virtual') return name.members.flatMap((m) => m.sources);
  // Stryker disable next-line ArrayDeclaration: no name is fed by the cluster of a string, and targetName passes an ops name through first
  return [];
}

function presentAt(source: AddressSource, addresses: ReadonlySet<string> | undefined): boolean {
  return addresses !== undefined && source.addresses.some((a) => addresses.has(a));
}

/**
 * Decides which clusters are down and whether the plan freezes. Which
 * leaving clusters go in this plan is decided afterwards, on every cause
 * alike (traffic-removals.ts), and filled into `removing` and `deferred`.
 */
export function decideTraffic(intent: DnsIntent, health: DnsHealth | undefined, overrideFreeze?: string): TrafficDecision {
  const eligible = new Set(intent.trafficClusters);
  const down = intent.trafficClusters.filter((c) => health?.clusters[c]?.acceptingTraffic === false);
  const decision: TrafficDecision = { down, trafficClusters: eligible.size, deferred: [], brakes: [] };
  if (down.length * 2 > eligible.size) {
    const counts = `${down.length} of ${eligible.size} built traffic-on clusters are down (${down.join(', ')}), more than half`;
    if (overrideFreeze !== undefined) {
      decision.brakes.push({
        brake: 'freeze',
        clusters: down,
        message: `freeze overridden: ${counts}; planned on a person's override (--override-freeze), reason: ${JSON.stringify(overrideFreeze)}; the other brakes still hold`,
      });
      return decision;
    }
    decision.frozen = {
      brake: 'freeze',
      clusters: down,
      message: `freeze: ${counts}: nothing is planned until at least ${Math.ceil(eligible.size / 2)} are up, or a person overrides it with --override-freeze REASON`,
    };
    decision.brakes.push(decision.frozen);
  }
  return decision;
}

/** Per zone: cluster → positions in `zone.names` of the names it feeds (built once per zone; intents are read-only). */
const namesFedBy = new WeakMap<DnsZoneIntent, ReadonlyMap<string, readonly number[]>>();

function feeding(zone: DnsZoneIntent): ReadonlyMap<string, readonly number[]> {
  let index = namesFedBy.get(zone);
  // Stryker disable next-line ConditionalExpression: a cache; building the index again gives the same one
  if (index) return index;
  const built = new Map<string, number[]>();
  zone.names.forEach((name, i) => {
    for (const cluster of new Set(sourcesOf(name).map((s) => s.cluster))) {
      const list = built.get(cluster);
      if (list) list.push(i);
      else built.set(cluster, [i]);
    }
  });
  namesFedBy.set(zone, (index = built));
  return index;
}

/** The landscape and virtual names of `zone` fed by a cluster of `down`, in zone order: the only names health can change. */
export function namesWithDown(zone: DnsZoneIntent, down: ReadonlySet<string>): DnsNameIntent[] {
  // Stryker disable next-line ConditionalExpression,LogicalOperator: the loop below finds nothing without a down cluster, and a parent zone holds no landscape or virtual name
  if (zone.role !== 'zone' || down.size === 0) return [];
  const index = feeding(zone);
  const positions = new Set<number>();
  for (const cluster of down) for (const i of index.get(cluster) ?? []) positions.add(i);
  return [...positions].sort((a, b) => a - b).map((i) => zone.names[i] as DnsNameIntent);
}

/**
 * What one landscape or virtual name should answer on one host under
 * `decision` with every down cluster removed, given that host's live
 * `addresses` at the name; with the last-address brake when it fired. Other
 * names pass through unchanged. Deferred clusters are put back afterwards.
 */
export function targetName(
  zone: string,
  name: DnsNameIntent,
  decision: TrafficDecision,
  addresses: ReadonlySet<string> | undefined,
): { name: DnsNameIntent; kept?: BrakeEvent } {
  if (name.kind !== 'landscape' && name.kind !== 'virtual') return { name };
  const down = new Set(decision.down);
  const all = sourcesOf(name);
  let keep: (source: AddressSource) => boolean;
  let kept: BrakeEvent | undefined;
  if (all.some((s) => !down.has(s.cluster))) {
    keep = (s) => !down.has(s.cluster);
  } else {
    const present = all.filter((s) => presentAt(s, addresses));
    const keptClusters = [...new Set((present.length > 0 ? present : all).map((s) => s.cluster))].sort();
    keep = (s) => keptClusters.includes(s.cluster);
    kept = {
      brake: 'last-address',
      zone,
      name: name.name,
      clusters: keptClusters,
      message: `last address: every cluster of ${name.name} is down (${all.map((s) => s.cluster).join(', ')}); it keeps the addresses of ${keptClusters.join(', ')}`,
    };
  }
  const target: DnsNameIntent =
    name.kind === 'landscape'
      ? { ...name, sources: name.sources.filter(keep) }
      : { ...name, members: name.members.map((m): VirtualMember => ({ ...m, sources: m.sources.filter(keep) })).filter((m) => m.sources.length > 0) };
  return kept ? { name: target, kept } : { name: target };
}
