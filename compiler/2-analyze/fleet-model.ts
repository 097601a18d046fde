/**
 * The fleet model, built by the analysis (2-analyze) from a loaded fleet
 * that passed validation. Everything the emitters need is resolved here once (services from row
 * folders, modules with their default, stage groups, built clusters and their
 * canonical addresses), so emitters are plain functions of the model.
 */
import type { LoadedFleet } from '../1-load/load-fleet.js';
import { bookContentOfIndex, type BookContent } from './address-book-content.js';
import { clusterModelsOfIndex, type ClusterModel } from './cluster-models.js';
import type { FleetIndex } from './fleet-index.js';
import type { Fleet } from '../types/generated/fleet.js';
import { routePathsOfIndex, type FleetRoutePaths } from './route-paths.js';
import { DEFAULT_MODULES } from './routes.js';
import { normalizeStages, type RawStageEntry, type StageStep } from './stage-graph.js';
import { rowPath } from '../1-load/row-format.js';

export { DEFAULT_MODULES };
export type { ClusterModel };
export type { BookContent, DocAContent, DocBContent, DocCContent, IssuerContent } from './address-book-content.js';

export interface LandscapeModel {
  name: string;
  region: string;
  tier: string;
  /** Sorted by name. */
  clusters: ClusterModel[];
}

export interface VirtualLandscapeModel {
  name: string;
  members: { landscape: string; serve: boolean }[];
}

export interface RowModel {
  platform: string;
  service: string;
  landscape: string;
  /** `platforms/<platform>/<service>/<landscape>.yaml` */
  path: string;
  chart: string;
  image: string;
  values?: Record<string, unknown>;
  valuesSince?: string;
}

export interface ServiceModel {
  name: string;
  modules: string[];
  /** In the platform's `landscapes:` order; only landscapes that have a row. */
  rows: RowModel[];
}

export interface PlatformModel {
  name: string;
  landscapes: string[];
  /** Parallel groups in promotion order. */
  stageGroups: StageStep[][];
  /** `stages:` as written (for the Platform record). */
  rawStages: RawStageEntry[];
  vlandscapes: string[];
  /** Sorted by name: the platform's row folders. */
  services: ServiceModel[];
  /** Sorted by name: platform.yaml `sharedCharts` (their rows are read by Argo CD at run time, like the services' pins). */
  sharedCharts: string[];
}

/**
 * What the generated files of a platform are made from: its model with each
 * row cut to where it is. A row's pins and emergency values reach the cluster
 * through Argo CD's git generator, which reads the row file, never through the
 * generated files; so a pin bump (Kargo's promotion commit) leaves the
 * platform's outputs' slice (3-emit/output-slice.ts) as it was, and they are
 * not made again.
 */
export interface PlatformOutline extends Omit<PlatformModel, 'services'> {
  services: ServiceOutline[];
}

export interface ServiceOutline extends Omit<ServiceModel, 'rows'> {
  rows: RowPlace[];
}

/** A row's place: whose it is and its file. */
export type RowPlace = Pick<RowModel, 'platform' | 'service' | 'landscape' | 'path'>;

/** `platform` cut to its {@link PlatformOutline}. */
export function platformOutline(platform: PlatformModel): PlatformOutline {
  return {
    ...platform,
    services: platform.services.map((service) => ({
      ...service,
      rows: service.rows.map(({ platform, service, landscape, path }) => ({ platform, service, landscape, path })),
    })),
  };
}

export interface FleetModel {
  settings: Fleet;
  regions: Record<string, { providers: string[]; lat: number; lon: number; googleRegion: string }>;
  /** Sorted by name. */
  landscapes: LandscapeModel[];
  /** Sorted by name. */
  clusters: ClusterModel[];
  /** Sorted by name. */
  vlandscapes: VirtualLandscapeModel[];
  /** Sorted by name. */
  platforms: PlatformModel[];
  /** The loaded inputs, for emitters that need positions (claims). */
  loaded: LoadedFleet;
  /** The fleet's routes and `route_paths`, derived once per analysis (the same object check-claims.ts read). */
  routes: FleetRoutePaths;
  /** What the address books and the issuer table say, derived once per analysis (the same object check-books.ts read); emitters seal and serialize it. */
  books: BookContent;
}

/**
 * The model with every platform cut to its {@link PlatformOutline} and
 * without the loaded inputs: what the failure drills (compiler/simulate/)
 * are typed to read. A row's pins and values decide what runs, not where
 * traffic goes (whether a row is ready is in `routes`), so a pull request
 * that only moves pins leaves it as it was (`diene report --base` then
 * knows the drills' verdicts are the base's: report/resilience-delta.ts).
 */
export interface FleetOutline extends Omit<FleetModel, 'platforms' | 'loaded'> {
  platforms: PlatformOutline[];
}

/** `model` cut to its {@link FleetOutline}: a new object holding only that (no loaded inputs, no pins). */
export function fleetOutline(model: FleetModel): FleetOutline {
  const { settings, regions, landscapes, clusters, vlandscapes, platforms, routes, books } = model;
  return { settings, regions, landscapes, clusters, vlandscapes, platforms: platforms.map(platformOutline), routes, books };
}

/** What of the registry the outputs of one platform are made from (fleet.yaml's settings and the clusters): their emitters take this slice, not the fleet (3-emit/output-slice.ts). */
export type RegistrySlice = Pick<FleetModel, 'settings' | 'clusters'>;

const byName = <T extends { name: string }>(a: T, b: T): number => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0);

/** Builds the {@link FleetModel}. Call only when validation found no error; throws on a fleet without fleet.yaml (a bug). */
export function buildModel(index: FleetIndex): FleetModel {
  const loaded = index.fleet;
  if (!loaded.fleet || !loaded.regions) throw new Error('buildModel called on a fleet without fleet.yaml or regions.yaml');
  const settings = loaded.fleet.data;
  const clusters = clusterModelsOfIndex(index);

  const landscapes: LandscapeModel[] = [...index.landscapes.values()]
    .map((l) => ({ name: l.data.name, region: l.data.region, tier: l.data.tier, clusters: clusters.filter((c) => c.landscape === l.data.name) }))
    .sort(byName);

  const vlandscapes: VirtualLandscapeModel[] = [...index.vlandscapes.values()]
    .map((v) => ({ name: v.data.name, members: v.data.members.map((m) => ({ landscape: m.landscape, serve: m.serve })) }))
    .sort(byName);

  const platforms: PlatformModel[] = [...index.platforms.entries()]
    .map(([name, platform]) => {
      const rowsByService = index.rows.get(name) ?? new Map();
      const services: ServiceModel[] = [...rowsByService.keys()].sort().map((service) => {
        const rows = rowsByService.get(service) as ReadonlyMap<
          string,
          { data: { pin: { chart: string; image: string }; values?: Record<string, unknown>; valuesSince?: string } }
        >;
        return {
          name: service,
          modules: [...(platform.data.services?.[service]?.modules ?? DEFAULT_MODULES)],
          rows: platform.data.landscapes.flatMap((landscape) => {
            const row = rows.get(landscape);
            if (!row) return [];
            return [
              {
                platform: name,
                service,
                landscape,
                path: rowPath(name, service, landscape),
                chart: row.data.pin.chart,
                image: row.data.pin.image,
                ...(row.data.values !== undefined ? { values: row.data.values } : {}),
                ...(row.data.valuesSince !== undefined ? { valuesSince: row.data.valuesSince } : {}),
              },
            ];
          }),
        };
      });
      const rawStages = platform.data.stages as RawStageEntry[];
      return {
        name,
        landscapes: [...platform.data.landscapes],
        stageGroups: normalizeStages(rawStages).map((group) => group.map(({ path: _path, landscapePath: _landscapePath, ...step }) => step)),
        rawStages,
        vlandscapes: [...(platform.data.vlandscapes ?? [])],
        services,
        sharedCharts: [...new Set(platform.data.sharedCharts ?? [])].sort(),
      };
    })
    .sort(byName);

  return {
    settings,
    regions: loaded.regions.data.regions as FleetModel['regions'],
    landscapes,
    clusters,
    vlandscapes,
    platforms,
    loaded,
    routes: routePathsOfIndex(index) as FleetRoutePaths,
    books: bookContentOfIndex(index) as BookContent,
  };
}
