/**
 * The one-cluster brake on every cause (SPEC §3.3 "Brakes"; the design: "our
 * bad write: brakes cap the damage at one cluster per tick and never empty a
 * name"). Pure.
 *
 * Design note. A cluster *leaves* when some host answers one of its addresses
 * at a landscape or virtual name (the names users reach) and the plan's
 * target there no longer holds it: reported down, traffic turned off,
 * removed from the registry, a new address in its state file: the cause does
 * not matter. Live addresses are told apart by cluster through the fleet
 * (every address it wants), then the live ops names (`<mark>.<l>.<zone>`,
 * which still name a cluster the registry no longer has, and still hold a
 * changed address); an address neither claims counts as a cluster of its
 * own. Of the leaving clusters, the first in sorted order leaves in this
 * plan and the others are
 * deferred: each host keeps the deferred addresses it still answers (never
 * adds one back), in the record set and routing it read them in. Additions
 * are never braked. The next plan, against the new live state, finds the
 * first cluster gone and takes the next. `--force` removes them all at once.
 * A cluster's own ops names follow the registry (nobody but dark-verify
 * reaches them), with one exception: a deferred cluster whose ops names the
 * fleet no longer wants keeps those a host still has until its turn, so that
 * the next plan still knows its addresses by them (traffic-planner.ts).
 */
import type { LiveSnapshot } from '../1-load/load-dns-live.js';
import type { DnsZoneIntent } from '../2-analyze/dns-names.js';
import { answerValues, type GeoItem, type RecordSet } from '../dns/record-sets.js';

/** Why a cluster's addresses leave: health, or the fleet's wanted state (`not-wanted`); `unclaimed` is a live address no cluster claims. */
export type RemovalCause = 'down' | 'not-wanted' | 'unclaimed';

/** One leaving cluster (or, for `unclaimed`, one address). */
export interface LeavingCluster {
  cluster: string;
  cause: RemovalCause;
}

/** The one-cluster brake's outcome, in the plan. */
export interface Removals {
  /** Every cluster with an address some host still answers at a landscape or virtual name the target no longer holds, sorted (unclaimed addresses last). */
  leaving: LeavingCluster[];
  /** Leaving in this plan: the first, or all with `--force`. */
  removing: string[];
  /** Kept for later plans, in order. */
  deferred: string[];
}

/** Live A/AAAA record sets (canonical) at the traffic names of `zone`, by name. */
export function liveTrafficSets(snapshot: LiveSnapshot, names: ReadonlySet<string>): Map<string, RecordSet[]> {
  const byName = new Map<string, RecordSet[]>();
  for (const { canonical } of snapshot.recordSets) {
    if ((canonical.type !== 'A' && canonical.type !== 'AAAA') || !names.has(canonical.name)) continue;
    byName.set(canonical.name, [...(byName.get(canonical.name) ?? []), canonical]);
  }
  return byName;
}

/**
 * Address → cluster from the live ops names of `snapshots` (A/AAAA at
 * `<mark>.<l>.<zone>` where `<l>.<zone>` is a registry landscape's name).
 */
export function liveOpsOwners(zone: DnsZoneIntent, snapshots: readonly LiveSnapshot[]): Map<string, string> {
  // Stryker disable next-line MethodExpression,ConditionalExpression: a virtual traffic name carries no landscape, so the check below skips it either way
  const landscapes = new Map(zone.trafficNames.filter((t) => t.kind === 'landscape').map((t) => [t.name, t.landscape as string]));
  const owners = new Map<string, string>();
  for (const snapshot of snapshots) {
    for (const { canonical } of snapshot.recordSets) {
      if (canonical.type !== 'A' && canonical.type !== 'AAAA') continue;
      const dot = canonical.name.indexOf('.');
      const mark = canonical.name.slice(0, dot);
      // Stryker disable next-line ConditionalExpression,EqualityOperator: a name in the zone always has a dot after its first label, and no landscape name is a whole record name without one
      const landscape = dot > 0 ? landscapes.get(canonical.name.slice(dot + 1)) : undefined;
      if (landscape === undefined || mark === '*') continue;
      for (const address of answerValues(canonical)) if (!owners.has(address)) owners.set(address, `${landscape}-${mark}`);
    }
  }
  return owners;
}

/** Addresses `live` answers that `wanted` (the record sets at the same name) does not. */
export function droppedAddresses(live: readonly RecordSet[], wanted: readonly RecordSet[]): string[] {
  const kept = new Set(wanted.flatMap(answerValues));
  return [...new Set(live.flatMap(answerValues))].filter((a) => !kept.has(a)).sort();
}

/** Orders the leaving clusters and splits them into this plan's removal and the deferred rest. */
export function decideRemovals(leaving: ReadonlyMap<string, RemovalCause>, force: boolean): Removals {
  const rank = (cause: RemovalCause): number => (cause === 'unclaimed' ? 1 : 0);
  const ordered = [...leaving]
    .map(([cluster, cause]) => ({ cluster, cause }))
    .sort((a, b) => rank(a.cause) - rank(b.cause) || (a.cluster < b.cluster ? -1 : a.cluster > b.cluster ? 1 : 0));
  const names = ordered.map((l) => l.cluster);
  return { leaving: ordered, removing: force ? names : names.slice(0, 1), deferred: force ? [] : names.slice(1) };
}

function shapeOf(rs: RecordSet): string {
  // Stryker disable next-line StringLiteral: the three words are only compared with each other, and stay three different words
  return rs.geo ? 'geo' : rs.geoproximity ? 'geoproximity' : 'plain';
}

function union(a: readonly string[], b: readonly string[]): string[] {
  return [...new Set([...a, ...b])].sort();
}

function mergeGeo(into: readonly GeoItem[], from: readonly GeoItem[], kept: ReadonlySet<string>): GeoItem[] {
  const byLocation = new Map(into.map((item) => [item.location, item.values]));
  for (const item of from) {
    const values = item.values.filter((v) => kept.has(v));
    if (values.length > 0) byLocation.set(item.location, union(byLocation.get(item.location) ?? [], values));
  }
  // Stryker disable next-line EqualityOperator,ConditionalExpression: two GEO locations never share a name (keys of one map), and V8's sort reads only whether the comparator is below zero
  return [...byLocation].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([location, values]) => ({ location, values }));
}

/**
 * The record sets one name should hold on one host when the addresses
 * `kept` stay: `wanted` (keyed by record set key) with each kept address put
 * back into the record set, GEO item or geoproximity set the host answers
 * it from (`live`), at the zone's `ttl`. A live set whose routing differs
 * from the wanted one at its key stays as it is, whole.
 */
export function keepAddresses(
  live: readonly RecordSet[],
  wanted: ReadonlyMap<string, RecordSet>,
  kept: ReadonlySet<string>,
  ttl: number,
  keyOf: (rs: RecordSet) => string,
): Map<string, RecordSet> {
  const out = new Map(wanted);
  for (const set of live) {
    const values = answerValues(set).filter((v) => kept.has(v));
    if (values.length === 0) continue;
    const key = keyOf(set);
    const have = out.get(key);
    if (have && shapeOf(have) !== shapeOf(set)) {
      out.set(key, set);
      continue;
    }
    const base: RecordSet = have ?? {
      name: set.name,
      type: set.type,
      ttl,
      // Stryker disable next-line ConditionalExpression: a member whose value is undefined is never written or compared
      ...(set.setIdentifier !== undefined ? { setIdentifier: set.setIdentifier } : {}),
      ...(set.geoproximity ? { geoproximity: set.geoproximity } : {}),
      // Stryker disable next-line ObjectLiteral: the next line fills values or geo from nothing either way
      ...(set.geo ? { geo: [] } : { values: [] }),
    };
    // Stryker disable next-line ArrayDeclaration: every base has its values, or its geo for a GEO set (a wanted set, or the one made above)
    out.set(key, set.geo ? { ...base, geo: mergeGeo(base.geo ?? [], set.geo, kept) } : { ...base, values: union(base.values ?? [], values) });
  }
  return out;
}
