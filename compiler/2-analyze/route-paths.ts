/**
 * Derivation of the `route_paths` tables from claims (SPEC §3.4). Design note:
 *
 * A claim on host H maps prefixes to target hosts; a prefix *selects* an
 * existing route, it never defines one. Each claim's keys are capped first
 * (at most {@link MAX_PREFIXES_PER_CLAIM}, the rest dropped in sorted key
 * order), then each (prefix, target) passes the tenancy gates:
 *
 *   1. H itself must be a route (its row ready); otherwise the whole claim
 *      contributes nothing.
 *   2. the target must be a fleet service host, else "does not exist";
 *   3. of the same account as the claim, else "another account";
 *   4. ready, else "does not exist";
 *   5. homed on H's landscape, else "homed elsewhere".
 *
 * A claim on a main-base host governs its spare-base twin too (SPEC §3.4:
 * clients move to the spare name exactly when the main name fails, and the
 * gateways serve both): each row it keeps is written twice, for the host and
 * for its twin, whose target is the target's spare twin. Only the claim on the
 * main-base host exists; one on a spare-base host is refused by
 * check-claims.ts (`claim_host_spare_twin`) and skipped here.
 *
 * A claim's shape (checked by check-claims.ts before this runs) is an input
 * error; its relation to the rest of the fleet, decided here, only drops rows
 * and yields findings that check-claims.ts reports as warnings, aggregated once
 * per host. Pure: the same claims give the same tables in the same order.
 */
import type { Loaded } from '../1-load/load-fleet.js';
import type { Claim } from '../types/generated/claim.js';
import type { FleetIndex } from './fleet-index.js';
import { buildFleetShape, DEFAULT_MODULES, parseServiceHost, rowKey, type FleetShape, type ReadyRows } from './routes.js';
import { closestName } from '../diagnostics/spelling.js';
import { rowIsReady, rowPathOfKey } from '../1-load/row-format.js';

/** SPEC §3.4: at most this many prefixes per claim; the extras are dropped in sorted key order. */
export const MAX_PREFIXES_PER_CLAIM = 10_000;

/** How many targets a finding names before it says "…". */
export const FINDING_SAMPLE_SIZE = 3;

/** One row of `route_paths(host, prefix, target, account, app)`, primary key (host, prefix). */
export interface RoutePathRow {
  host: string;
  prefix: string;
  target: string;
  /** the claim's account (the host's platform) */
  account: string;
  /** the claim's app (the host's service) */
  app: string;
}

/** A claim as the derivation reads it: its file, its host (the file name) and its content. */
export interface ClaimInput {
  file: string;
  host: string;
  account: string;
  app: string;
  paths: Readonly<Record<string, string | undefined>>;
}

/** Why a prefix contributes no row (SPEC §3.4 wording). */
export type DropReason = 'does not exist' | 'another account' | 'homed elsewhere';

/** The order in which reasons are reported. */
export const DROP_REASONS: readonly DropReason[] = ['does not exist', 'another account', 'homed elsewhere'];

/** A dropped prefix: the prefix and its target. */
export interface DroppedPrefix {
  prefix: string;
  target: string;
  /** the target's row when it exists but is not ready (an empty `pin.chart`): no route until it is, so the warning lists it as "not ready", apart from the targets that do not exist */
  unreadyRow?: string;
  /** for a target that is no host of the fleet: the ready route of the claim's account on its landscape it most likely meant */
  meant?: string;
}

/** What the derivation found about one claim (reported by check-claims.ts as warnings). */
export type RoutePathFinding =
  | { kind: 'host-not-ready'; file: string; host: string; reason: 'no row' | 'empty pin'; row: string; prefixes: number }
  | { kind: 'cap'; file: string; host: string; total: number; dropped: string[] }
  | { kind: 'targets-dropped'; file: string; host: string; total: number; byReason: ReadonlyMap<DropReason, DroppedPrefix[]> };

/** The tables of every landscape (each sorted by host, then prefix, in code-unit order) and the findings. */
export interface RoutePathsDerivation {
  /** landscape → rows; every landscape asked for is present, with an empty list when it has no row. */
  tables: Map<string, RoutePathRow[]>;
  findings: RoutePathFinding[];
}

const compare = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/** What a target is, independent of the claim: a fleet service host (its platform and landscape) and whether its row is ready. Cached per derivation. */
type TargetVerdict = { ok: false } | { ok: true; platform: string; landscape: string; ready: boolean; row: string; rowExists: boolean };

/**
 * Derives `route_paths` for `landscapes` from `claims` (any order). Claims whose
 * host is not a fleet service host are skipped (check-claims.ts refuses them
 * before this runs). `rowsExist` tells "no row" from "empty pin" for a host
 * that is not ready.
 */
export function deriveRoutePaths(
  shape: FleetShape,
  ready: ReadyRows,
  rowsExist: ReadonlySet<string>,
  claims: readonly ClaimInput[],
  landscapes: readonly string[],
): RoutePathsDerivation {
  const tables = new Map<string, RoutePathRow[]>(landscapes.map((l) => [l, []]));
  const findings: RoutePathFinding[] = [];
  const targetCache = new Map<string, TargetVerdict>();
  const verdictOf = (target: string): TargetVerdict => {
    let verdict = targetCache.get(target);
    if (!verdict) {
      const parsed = parseServiceHost(shape, target);
      const key = parsed.ok ? rowKey(parsed.parts.platform, parsed.parts.service, parsed.parts.landscape) : '';
      verdict = parsed.ok
        ? {
            ok: true,
            platform: parsed.parts.platform,
            landscape: parsed.parts.landscape,
            ready: ready.has(key),
            row: rowPathOfKey(key),
            rowExists: rowsExist.has(key),
          }
        : { ok: false };
      targetCache.set(target, verdict);
    }
    return verdict;
  };

  const [mainBase, spareBase] = shape.bases;
  // landscape → the spare twins of its rows, in the order the rows were kept (so sorted by host, then prefix).
  const twinTables = new Map<string, RoutePathRow[]>();
  for (const claim of [...claims].sort((a, b) => compare(a.host, b.host))) {
    const parsedHost = parseServiceHost(shape, claim.host);
    if (!parsedHost.ok) continue;
    const host = parsedHost.parts;
    if (host.base !== mainBase) continue;
    const twinHost = spareBase === undefined ? undefined : spareTwin(claim.host, mainBase, spareBase);
    if (host.platform !== claim.account || host.service !== claim.app) continue;
    const keys = Object.keys(claim.paths).sort(compare);
    const key = rowKey(host.platform, host.service, host.landscape);
    if (!ready.has(key)) {
      findings.push({
        kind: 'host-not-ready',
        file: claim.file,
        host: claim.host,
        reason: rowsExist.has(key) ? 'empty pin' : 'no row',
        row: rowPathOfKey(key),
        prefixes: keys.length,
      });
      continue;
    }
    if (keys.length > MAX_PREFIXES_PER_CLAIM) {
      findings.push({ kind: 'cap', file: claim.file, host: claim.host, total: keys.length, dropped: keys.slice(MAX_PREFIXES_PER_CLAIM) });
      keys.length = MAX_PREFIXES_PER_CLAIM;
    }
    const table = tables.get(host.landscape);
    const byReason = new Map<DropReason, DroppedPrefix[]>();
    const drop = (reason: DropReason, prefix: string, target: string, unreadyRow?: string): void => {
      const list = byReason.get(reason) ?? [];
      const meant = reason === 'does not exist' && unreadyRow === undefined ? closestRoute(shape, ready, claim.account, host.landscape, target) : undefined;
      list.push({ prefix, target, ...(unreadyRow !== undefined ? { unreadyRow } : {}), ...(meant !== undefined ? { meant } : {}) });
      byReason.set(reason, list);
    };
    for (const prefix of keys) {
      const target = claim.paths[prefix];
      if (target === undefined) continue;
      const verdict = verdictOf(target);
      if (!verdict.ok) drop('does not exist', prefix, target);
      else if (verdict.platform !== claim.account) drop('another account', prefix, target);
      else if (!verdict.ready) drop('does not exist', prefix, target, verdict.rowExists ? verdict.row : undefined);
      else if (verdict.landscape !== host.landscape) drop('homed elsewhere', prefix, target);
      else {
        table?.push({ host: claim.host, prefix, target, account: claim.account, app: claim.app });
        if (twinHost !== undefined && spareBase !== undefined && table) {
          const twins = twinTables.get(host.landscape) ?? [];
          twins.push({ host: twinHost, prefix, target: spareTwin(target, mainBase as string, spareBase), account: claim.account, app: claim.app });
          twinTables.set(host.landscape, twins);
        }
      }
    }
    if (byReason.size > 0) findings.push({ kind: 'targets-dropped', file: claim.file, host: claim.host, total: keys.length, byReason });
  }
  for (const [landscape, twins] of twinTables) tables.set(landscape, mergeRows(tables.get(landscape) ?? [], twins));
  return { tables, findings };
}

/**
 * The spare-base twin of a fleet service host: the same name under the spare
 * base (`api.tin.nitroso.pikachu.<main>` → `api.tin.nitroso.pikachu.<spare>`);
 * a host already on the spare base is its own twin.
 */
export function spareTwin(host: string, mainBase: string, spareBase: string): string {
  return host.endsWith(`.${mainBase}`) ? `${host.slice(0, host.length - mainBase.length)}${spareBase}` : host;
}

/** The host whose claim governs `host`: its main-base twin when `host` is on the spare base, else `host` itself. */
export function governingClaimHost(host: string, bases: readonly string[]): string {
  const [mainBase, spareBase] = bases;
  if (mainBase === undefined || spareBase === undefined || !host.endsWith(`.${spareBase}`)) return host;
  return `${host.slice(0, host.length - spareBase.length)}${mainBase}`;
}

/** Two row lists, each sorted by host then prefix, merged into one so sorted (linear: twin rows keep their hosts' order). */
function mergeRows(a: readonly RoutePathRow[], b: readonly RoutePathRow[]): RoutePathRow[] {
  const merged: RoutePathRow[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) {
    const left = a[i] as RoutePathRow;
    const right = b[j] as RoutePathRow;
    if ((compare(left.host, right.host) || compare(left.prefix, right.prefix)) <= 0) {
      merged.push(left);
      i++;
    } else {
      merged.push(right);
      j++;
    }
  }
  return merged.concat(a.slice(i), b.slice(j));
}

/**
 * The ready route host of `account` on `landscape` closest to `target` (a
 * misspelt service or module), under the target's base when it has one of
 * the fleet's; `undefined` when none is close. Asked only for a dropped target.
 */
function closestRoute(shape: FleetShape, ready: ReadyRows, account: string, landscape: string, target: string): string | undefined {
  const services = shape.platforms.get(account)?.services;
  const base = shape.bases.find((candidate) => target.endsWith(`.${candidate}`)) ?? shape.bases[0];
  if (!services || base === undefined) return undefined;
  const hosts: string[] = [];
  for (const [service, modules] of services) {
    if (!ready.has(rowKey(account, service, landscape))) continue;
    for (const module of modules) hosts.push(`${module}.${service}.${account}.${landscape}.${base}`);
  }
  return closestName(target, hosts);
}

/** A loaded claim as the derivation reads it (its host is its file name). */
export function claimInput(claim: Loaded<Claim>): ClaimInput {
  return { file: claim.parsed.file.path, host: claim.identity[0] as string, account: claim.data.account, app: claim.data.app, paths: claim.data.paths };
}

/** The {@link FleetShape} of a loaded fleet (services are row folders; modules default to [api]); `undefined` without fleet.yaml. */
export function fleetShapeOfIndex(index: FleetIndex): FleetShape | undefined {
  const settings = index.fleet.fleet?.data;
  if (!settings) return undefined;
  return buildFleetShape(
    settings,
    [...index.platforms].map(([name, platform]) => ({
      name,
      landscapes: platform.data.landscapes,
      services: [...(index.rows.get(name)?.keys() ?? [])]
        .sort()
        .map((service) => ({ name: service, modules: platform.data.services?.[service]?.modules ?? DEFAULT_MODULES })),
    })),
  );
}

/** The rows of a loaded fleet: all of them, and the ready ones (non-empty `pin.chart`), by `<platform>/<service>/<landscape>`. */
export function rowSetsOfIndex(index: FleetIndex): { exist: Set<string>; ready: Set<string> } {
  const exist = new Set<string>();
  const ready = new Set<string>();
  for (const [platform, services] of index.rows) {
    for (const [service, rows] of services) {
      for (const [landscape, row] of rows) {
        exist.add(rowKey(platform, service, landscape));
        if (rowIsReady(row.data.pin.chart)) ready.add(rowKey(platform, service, landscape));
      }
    }
  }
  return { exist, ready };
}

/** The route inputs of a fleet and its `route_paths`: what the claim check reports on and the model carries. */
export interface FleetRoutePaths {
  shape: FleetShape;
  rows: { exist: Set<string>; ready: Set<string> };
  derivation: RoutePathsDerivation;
}

/** One derivation per fleet index: check-claims.ts and buildModel() read the same object. */
const routePathsByIndex = new WeakMap<FleetIndex, FleetRoutePaths>();

/** {@link deriveRoutePaths} over a loaded fleet, a table for every registered landscape; `undefined` without fleet.yaml. Derived once per index. */
export function routePathsOfIndex(index: FleetIndex): FleetRoutePaths | undefined {
  const known = routePathsByIndex.get(index);
  if (known) return known;
  const shape = fleetShapeOfIndex(index);
  if (!shape) return undefined;
  const rows = rowSetsOfIndex(index);
  const derivation = deriveRoutePaths(shape, rows.ready, rows.exist, index.fleet.claims.map(claimInput), [...index.landscapes.keys()].sort());
  const routes = { shape, rows, derivation };
  routePathsByIndex.set(index, routes);
  return routes;
}
