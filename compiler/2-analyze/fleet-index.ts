/**
 * Lookup tables over a {@link LoadedFleet}, built once and shared by every checker.
 * Maps are keyed by identity; when a name is defined twice the first file in
 * path order wins (the duplicate is a finding of its own checker).
 */
import type { Loaded, LoadedFleet } from '../1-load/load-fleet.js';
import type { Account } from '../types/generated/account.js';
import type { ClusterState } from '../types/generated/cluster-state.js';
import type { Cluster } from '../types/generated/cluster.js';
import type { Landscape } from '../types/generated/landscape.js';
import type { Platform } from '../types/generated/platform.js';
import type { Row } from '../types/generated/row.js';
import type { VirtualLandscape } from '../types/generated/vlandscape.js';
import { closestName } from '../diagnostics/spelling.js';

/** Indexes of a loaded fleet. Cluster names are `<landscape>-<mark>`. */
export interface FleetIndex {
  readonly fleet: LoadedFleet;
  readonly landscapes: ReadonlyMap<string, Loaded<Landscape>>;
  readonly vlandscapes: ReadonlyMap<string, Loaded<VirtualLandscape>>;
  readonly accounts: ReadonlyMap<string, Loaded<Account>>;
  readonly clusters: ReadonlyMap<string, Loaded<Cluster>>;
  readonly clustersByLandscape: ReadonlyMap<string, Loaded<Cluster>[]>;
  readonly states: ReadonlyMap<string, Loaded<ClusterState>>;
  readonly platforms: ReadonlyMap<string, Loaded<Platform>>;
  /** platform → service → landscape → row */
  readonly rows: ReadonlyMap<string, ReadonlyMap<string, ReadonlyMap<string, Loaded<Row>>>>;
  /**
   * Row folders that exist on disk with no row in them yet (`<platform>/<service>`):
   * given only by `materialize`, for which such a folder is how a new service
   * starts (git keeps no empty folder, so `compile` never counts them).
   */
  readonly emptyRowFolders: ReadonlySet<string>;
}

function firstBy<T>(items: readonly T[], key: (item: T) => string): Map<string, T> {
  const map = new Map<string, T>();
  for (const item of items) if (!map.has(key(item))) map.set(key(item), item);
  return map;
}

/** Cluster name of a cluster document: `<landscape>-<mark>`. */
export function clusterName(cluster: Cluster): string {
  return `${cluster.landscape}-${cluster.mark}`;
}

/** Builds the {@link FleetIndex} of `fleet`. */
export function indexFleet(fleet: LoadedFleet, emptyRowFolders: ReadonlySet<string> = new Set()): FleetIndex {
  const clusters = firstBy(fleet.clusters, (c) => clusterName(c.data));
  const clustersByLandscape = new Map<string, Loaded<Cluster>[]>();
  for (const cluster of [...clusters.values()].sort((a, b) => (clusterName(a.data) < clusterName(b.data) ? -1 : 1))) {
    const list = clustersByLandscape.get(cluster.data.landscape) ?? [];
    list.push(cluster);
    clustersByLandscape.set(cluster.data.landscape, list);
  }
  const rows = new Map<string, Map<string, Map<string, Loaded<Row>>>>();
  for (const row of fleet.rows) {
    const [platform, service, landscape] = row.identity as [string, string, string];
    const byService = rows.get(platform) ?? new Map<string, Map<string, Loaded<Row>>>();
    const byLandscape = byService.get(service) ?? new Map<string, Loaded<Row>>();
    byLandscape.set(landscape, row);
    byService.set(service, byLandscape);
    rows.set(platform, byService);
  }
  return {
    fleet,
    landscapes: firstBy(fleet.landscapes, (l) => l.data.name),
    vlandscapes: firstBy(fleet.vlandscapes, (v) => v.data.name),
    accounts: firstBy(fleet.accounts, (a) => a.identity[0] as string),
    clusters,
    clustersByLandscape,
    states: firstBy(fleet.clusterStates, (s) => s.identity[0] as string),
    platforms: firstBy(fleet.platforms, (p) => p.identity[0] as string),
    rows,
    emptyRowFolders,
  };
}

/** Whether `service` of `platform` has a row folder: rows, or (for `materialize`) an empty folder on disk. */
export function hasRowFolder(index: FleetIndex, platform: string, service: string): boolean {
  return index.rows.get(platform)?.has(service) === true || index.emptyRowFolders.has(`${platform}/${service}`);
}

/** Sorted keys of a map, as a comma list for hints ("none" when empty). */
export function known(map: ReadonlyMap<string, unknown>): string {
  const keys = [...map.keys()].sort();
  return keys.length > 0 ? keys.join(', ') : 'none';
}

/**
 * The registered landscape a cluster file's name gives (`<landscape>-<mark>.yaml`)
 * when its content names a landscape that does not exist (a misspelling): that
 * landscape's missing cluster follows from the misspelling, which is reported once.
 */
export function landscapeOfMisspeltCluster(index: FleetIndex, cluster: Loaded<Cluster>): string | undefined {
  if (index.landscapes.has(cluster.data.landscape)) return undefined;
  const stem = cluster.identity[0] as string;
  const suffix = `-${cluster.data.mark}`;
  const named = stem.endsWith(suffix) ? stem.slice(0, -suffix.length) : undefined;
  return named !== undefined && index.landscapes.has(named) ? named : undefined;
}

/**
 * The cluster files whose misspelt landscape their name shows to be `landscape`:
 * checks that count a landscape's clusters (traffic, prod redundancy) count them
 * too, so that only the misspelling is reported, not what follows from it.
 */
export function misspeltClustersOf(index: FleetIndex, landscape: string): Loaded<Cluster>[] {
  return index.fleet.clusters.filter((cluster) => landscapeOfMisspeltCluster(index, cluster) === landscape);
}

/**
 * For each landscape a platform lists that is not registered but is a likely
 * misspelling of one that is: the registered name, keyed by the misspelling.
 * The platform's rows, missing rows and claims for either name follow from
 * the misspelling, which is reported once (`platform_landscape_unknown`).
 */
export function misspeltPlatformLandscapes(index: FleetIndex, platform: string): ReadonlyMap<string, string> {
  const listed: readonly string[] = index.platforms.get(platform)?.data.landscapes ?? [];
  const found = new Map<string, string>();
  for (const landscape of listed) {
    if (index.landscapes.has(landscape)) continue;
    const meant = closestName(landscape, index.landscapes.keys());
    if (meant !== undefined && !listed.includes(meant)) found.set(landscape, meant);
  }
  return found;
}
