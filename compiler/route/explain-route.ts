/**
 * Why a URL reaches the route it reaches, for operators (`diene route`, SPEC
 * §5). Builds the matcher's table from a fleet model (every route, every
 * landscape's `route_paths` rows), runs {@link lookupUpstream} and says which
 * route serves and why: exact or wildcard host, prefix hit on the raw or the
 * normalised first segment, or fallthrough to the host's own route. Pure.
 */
import { terminalLines } from '../diagnostics/format.js';
import type { FleetModel } from '../2-analyze/fleet-model.js';
import type { RoutePathRow } from '../2-analyze/route-paths.js';
import { fleetRoutes, type Route } from '../2-analyze/routes.js';
import { compileUpstreamTable, lookupUpstream, normalisedFirstSegment, rawFirstSegment, type UpstreamRoute, type UpstreamTable } from './lookup-upstream.js';

/** The fleet's routes, its prefix rows (all landscapes) and the compiled matcher table. */
export interface FleetUpstreams {
  routes: Route[];
  rows: RoutePathRow[];
  table: UpstreamTable;
}

/** Builds {@link FleetUpstreams} from a valid fleet model. */
export function fleetUpstreams(model: FleetModel): FleetUpstreams {
  const routes = fleetRoutes(model.routes.shape, model.routes.rows.ready);
  const rows = [...model.routes.derivation.tables.values()].flat();
  return { routes, rows, table: compileUpstreamTable(routes, rows) };
}

/** A route as printed: its host, account, app and box. */
export interface RouteFacts {
  host: string;
  account: string;
  app: string;
  box: string;
}

/** The answer of `diene route` as data (its `--format json` form). */
export interface RouteExplanation {
  host: string;
  path: string;
  /** false when no route resolves the host */
  found: boolean;
  resolvedBy?: 'exact' | 'wildcard';
  match?: 'no-prefix-map' | 'fallthrough' | 'prefix';
  prefix?: string;
  spelling?: 'raw' | 'normalised' | 'both';
  /** the host's own route */
  own?: RouteFacts;
  /** the route that serves the request */
  serves?: RouteFacts;
  /** the first segment as read raw and normalised (only for a host with a prefix map) */
  segments?: { raw: string; normalised: string | null };
  /** how many prefixes the host's map holds (0: no map) */
  prefixes?: number;
  /** the claim file behind the host's prefix map */
  claim?: string;
}

function facts(route: UpstreamRoute): RouteFacts {
  return { host: route.host, account: route.account, app: route.app, box: route.box };
}

/** Runs the matcher on `host` + `path` and explains the answer. */
export function explainRoute(upstreams: FleetUpstreams, host: string, path: string): RouteExplanation {
  const answer = lookupUpstream(upstreams.table, host, path);
  if (!answer) return { host, path, found: false };
  const prefixes = upstreams.rows.filter((row) => row.host === answer.own.host).length;
  return {
    host,
    path,
    found: true,
    resolvedBy: answer.resolvedBy,
    match: answer.match,
    ...(answer.prefix !== undefined ? { prefix: answer.prefix, spelling: answer.spelling } : {}),
    own: facts(answer.own),
    serves: facts(answer.route),
    ...(answer.match !== 'no-prefix-map' ? { segments: { raw: rawFirstSegment(path), normalised: normalisedFirstSegment(path) ?? null } } : {}),
    prefixes,
    ...(prefixes > 0 ? { claim: `claims/domains/${answer.own.host}.json` } : {}),
  };
}

function describe(route: RouteFacts): string {
  return `${route.host} (account ${route.account}, app ${route.app}, box ${route.box})`;
}

/** The text form of an explanation: one line per fact, for a terminal (escaped: the host and path come from the command line). */
export function formatExplanation(e: RouteExplanation): string {
  if (!e.found || !e.own || !e.serves) return `${terminalLines([`${e.host}${e.path}`, '  no route serves this host'])}\n`;
  const lines = [`${e.host}${e.path}`, `  served by  ${describe(e.serves)}`];
  const how = e.resolvedBy === 'exact' ? 'resolved exactly' : `resolved by the wildcard *.${e.host.slice(e.host.indexOf('.') + 1)}`;
  lines.push(`  host       ${how} to ${describe(e.own)}`);
  const segments = e.segments
    ? `raw first segment ${JSON.stringify(e.segments.raw)}, normalised ${e.segments.normalised === null ? '(none: the root)' : JSON.stringify(e.segments.normalised)}`
    : '';
  if (e.match === 'no-prefix-map') lines.push('  why        the host has no prefix map: its own route serves every path');
  else if (e.match === 'fallthrough')
    lines.push(`  why        no prefix of the host's map (${e.prefixes} prefixes, ${e.claim}) matches the ${segments}: fallthrough to the host's own route`);
  else {
    const spelling =
      e.spelling === 'both' ? 'both the raw and the normalised first segment' : e.spelling === 'raw' ? 'the raw first segment' : 'the normalised first segment';
    lines.push(`  why        prefix ${JSON.stringify(e.prefix)} hit on ${spelling} (${segments}) in the host's map of ${e.prefixes} prefixes (${e.claim})`);
  }
  lines.push(`  upstream   path ${e.path} is sent unchanged`);
  return `${terminalLines(lines)}\n`;
}
