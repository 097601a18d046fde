/**
 * The host names a landscape's clusters answer for, as the gateways, their
 * certificates and the sign-in server's redirect URIs
 * (item 6) need them. Pure.
 *
 * Premise: DNS routes a name to a cluster, then the cluster's gateway must
 * serve it and a certificate must cover it. DNS reaches the service hosts
 * through wildcards (`*.<l>.<base>`, `*.<v>.<base>`, `*.<mark>.<l>.<base>`),
 * and a DNS wildcard answers names of any depth below it (RFC 4592); a TLS
 * wildcard certificate covers exactly one label (RFC 6125 §6.4.3), so
 * `*.raichu.cluster.atomi.cloud` covers none of the three-label service
 * hosts below it. Every name is therefore listed exactly, never as a wildcard.
 *
 * For a landscape L and every platform that lists L, every service (row
 * folder) and every module, on the main base and the spare base:
 *
 * | scope     | name                                        | why |
 * | ---       | ---                                         | --- |
 * | landscape | `<m>.<s>.<p>.<L>.<base>`                    | the service host (SPEC §1), Doc C's candidates, the issuer's host on both bases (the spare one is in no book) |
 * | virtual   | `<m>.<s>.<p>.<v>.<base>`                    | each virtual landscape v the platform serves on that has L as a member, `serve` or not: flipping `serve` moves DNS at the next plan and must not wait on a certificate |
 * | ops       | `<m>.<s>.<p>.<mark>.<L>.<base>`             | the service on one cluster by its ops name (`*.<mark>.<L>.<base>`, traffic flag ignored), for dark verification |
 *
 * A cluster's traffic flag and build state do not matter: a cluster with
 * traffic off (a blue/green swap) must be ready to take the names.
 */
import { serviceHost } from './hostnames.js';
import type { ClusterModel, FleetModel, PlatformModel, ServiceModel } from './fleet-model.js';

/**
 * What of the fleet the served names are made from: fleet.yaml's bases, the
 * virtual landscapes, and of each platform its landscapes, virtual landscapes,
 * services and their modules. Not the rows: a row's pin or values serve no
 * name. The fleet model is one; {@link servedHostsSlice} is the smallest.
 */
export interface ServedHostsModel {
  settings: { dns: Pick<FleetModel['settings']['dns'], 'base' | 'spare'> };
  vlandscapes: FleetModel['vlandscapes'];
  platforms: readonly ServedPlatform[];
}

/** What of a platform its served names are made from. */
export interface ServedPlatform extends Pick<PlatformModel, 'name' | 'landscapes' | 'vlandscapes'> {
  services: readonly Pick<ServiceModel, 'name' | 'modules'>[];
}

/** What the gateway files and the sign-in configuration are made from: the served names' model, the issuer's settings and the clusters. */
export interface HostsSlice extends ServedHostsModel {
  settings: ServedHostsModel['settings'] & Pick<FleetModel['settings'], 'issuer'>;
  clusters: readonly ClusterModel[];
}

/** The {@link HostsSlice} of `model`: a copy of only what the gateway files and the sign-in configuration read (output-slice.ts keys them by it). */
export function servedHostsSlice(model: FleetModel): HostsSlice {
  const { base, spare } = model.settings.dns;
  return {
    settings: { dns: spare !== undefined ? { base, spare } : { base }, issuer: model.settings.issuer },
    vlandscapes: model.vlandscapes,
    clusters: model.clusters,
    platforms: model.platforms.map((platform) => ({
      name: platform.name,
      landscapes: platform.landscapes,
      vlandscapes: platform.vlandscapes,
      services: platform.services.map((service) => ({ name: service.name, modules: service.modules })),
    })),
  };
}

/** Which fleet.yaml base a name ends in. */
export type BaseKey = 'base' | 'spare';

/** How DNS routes a name to the landscape's clusters. */
export type ServedScope = 'landscape' | 'virtual' | 'ops';

/** One name a landscape's clusters serve, with where it comes from. */
export interface ServedName {
  host: string;
  platform: string;
  service: string;
  module: string;
  base: BaseKey;
  scope: ServedScope;
  /** The label(s) between the platform and the base: `<L>`, `<v>` or `<mark>.<L>`. */
  via: string;
}

/** The bases of fleet.yaml, main first: `[['base', dns.base], ['spare', dns.spare]]` (the spare only when set). */
export function fleetBases(model: Pick<ServedHostsModel, 'settings'>): [BaseKey, string][] {
  const { base, spare } = model.settings.dns;
  return spare !== undefined
    ? [
        ['base', base],
        ['spare', spare],
      ]
    : [['base', base]];
}

/** The virtual landscapes `platform` serves on that have `landscape` as a member (serving or not), sorted. */
export function virtualScopes(model: Pick<ServedHostsModel, 'vlandscapes'>, platformVlandscapes: readonly string[], landscape: string): string[] {
  const served = new Set(platformVlandscapes);
  return model.vlandscapes.filter((v) => served.has(v.name) && v.members.some((m) => m.landscape === landscape)).map((v) => v.name);
}

/** Per model, the lists of {@link sharedServedNames} and {@link opsNames} already made (the gateway files and the sign-in configuration read the same ones). */
const made = new WeakMap<ServedHostsModel, Map<string, readonly ServedName[]>>();

function remembered(model: ServedHostsModel, key: string, make: () => ServedName[]): readonly ServedName[] {
  let lists = made.get(model);
  if (lists === undefined) made.set(model, (lists = new Map()));
  let names = lists.get(key);
  if (names === undefined) lists.set(key, (names = Object.freeze(make())));
  return names;
}

/**
 * The names every cluster of `landscape` serves, whatever its mark: its
 * landscape and virtual scopes, ordered by platform, service, module
 * (platform.yaml order), base, then scope; names are unique. With
 * {@link opsNames} of a mark, every name a cluster of that mark serves.
 * Made once per model and landscape.
 */
export function sharedServedNames(model: ServedHostsModel, landscape: string): readonly ServedName[] {
  return remembered(model, `shared ${landscape}`, () =>
    namesOf(model, landscape, (platform) => [
      ['landscape', landscape],
      ...virtualScopes(model, platform.vlandscapes, landscape).map((v): [ServedScope, string] => ['virtual', v]),
    ]),
  );
}

/** The ops names of the cluster of `landscape` with `mark` (its ops scope), in the order of {@link sharedServedNames}. Made once per model, landscape and mark. */
export function opsNames(model: ServedHostsModel, landscape: string, mark: string): readonly ServedName[] {
  const via = `${mark}.${landscape}`;
  return remembered(model, `ops ${landscape} ${mark}`, () => namesOf(model, landscape, () => [['ops', via]]));
}

function namesOf(model: ServedHostsModel, landscape: string, viasOf: (platform: ServedPlatform) => [ServedScope, string][]): ServedName[] {
  const names: ServedName[] = [];
  const bases = fleetBases(model);
  for (const platform of model.platforms) {
    if (!platform.landscapes.includes(landscape)) continue;
    const vias = viasOf(platform);
    for (const service of platform.services) {
      for (const module of service.modules) {
        for (const [baseKey, base] of bases) {
          for (const [scope, via] of vias) {
            names.push({
              host: serviceHost(module, service.name, platform.name, via, base),
              platform: platform.name,
              service: service.name,
              module,
              base: baseKey,
              scope,
              via,
            });
          }
        }
      }
    }
  }
  return names;
}
