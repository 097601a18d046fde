/**
 * Why a URL reaches the route it reaches, for operators (`diene route`, SPEC
 * §5). Builds the matcher's table from a fleet model (every route, every
 * landscape's `route_paths` rows), runs {@link lookupUpstream} and says which
 * route serves and why: exact or wildcard host, prefix hit on the raw or the
 * normalised first segment of the decoded path (or another backend's reading
 * of it), or fallthrough to the host's own route. Pure.
 */
import { terminalLines } from '../diagnostics/format.js';
import type { FleetModel } from '../2-analyze/fleet-model.js';
import { DROP_REASONS, governingClaimHost, type RoutePathFinding, type RoutePathRow } from '../2-analyze/route-paths.js';
import { fleetRoutes, type Route } from '../2-analyze/routes.js';
import {
  compileUpstreamTable,
  firstInvalidEscape,
  lookupUpstream,
  normalisedFirstSegment,
  rawFirstSegment,
  type Spelling,
  type UpstreamRoute,
  type UpstreamTable,
} from './lookup-upstream.js';

/** The fleet's routes, its prefix rows (all landscapes), the compiled matcher table and what the derivation dropped. */
export interface FleetUpstreams {
  routes: Route[];
  rows: RoutePathRow[];
  table: UpstreamTable;
  /** The claims' prefixes that contribute no row, and why (the claim_targets_dropped, claim_prefix_cap and claim_host_not_ready warnings). */
  findings?: readonly RoutePathFinding[];
  /** The fleet's bases, main then spare: a spare-base host answers by the claim on its main-base twin (SPEC §3.4). */
  bases?: readonly string[];
}

/** A claimed prefix that is not in the host's map, and why (the words of the claim warnings). */
export interface DroppedClaimPrefix {
  prefix: string;
  target?: string;
  reason: string;
}

/** Builds {@link FleetUpstreams} from a valid fleet model. */
export function fleetUpstreams(model: Pick<FleetModel, 'routes'>): FleetUpstreams {
  const routes = fleetRoutes(model.routes.shape, model.routes.rows.ready);
  const rows = [...model.routes.derivation.tables.values()].flat();
  return { routes, rows, table: compileUpstreamTable(routes, rows), findings: model.routes.derivation.findings, bases: model.routes.shape.bases };
}

/** A route in the words of route_paths (SPEC §3.4): its host, account (platform), app (service) and box (landscape). */
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
  spelling?: Spelling;
  /** the host's own route */
  own?: RouteFacts;
  /** the route that serves the request */
  serves?: RouteFacts;
  /** the first segment of the percent-decoded path, raw (dot and empty segments kept) and normalised (only for a host with a prefix map) */
  segments?: { raw: string; normalised: string | null };
  /** the first malformed escape of the path (`%zz`, a `%` at the end): a Go edge answers 400 before routing */
  invalidEscape?: string;
  /** how many prefixes the host's map holds (0: no map) */
  prefixes?: number;
  /** the claim file behind the host's prefix map, or of a claim all of whose prefixes were dropped; for a spare-base host, its main-base twin's */
  claim?: string;
  /** the claim's prefixes that are not in the map, and why (absent when none was dropped) */
  dropped?: DroppedClaimPrefix[];
}

/** The prefixes of `host`'s claim that contribute no row, sorted by prefix. */
function droppedPrefixes(findings: readonly RoutePathFinding[], host: string): DroppedClaimPrefix[] {
  const dropped: DroppedClaimPrefix[] = [];
  for (const finding of findings.filter((f) => f.host === host)) {
    if (finding.kind === 'targets-dropped')
      for (const reason of DROP_REASONS)
        for (const { prefix, target, unreadyRow } of finding.byReason.get(reason) ?? [])
          dropped.push({
            prefix,
            target,
            reason: unreadyRow
              ? `its target is not a ready route: its row ${unreadyRow} has an empty pin.chart`
              : `its target ${reason === 'does not exist' ? 'does not exist' : reason === 'another account' ? 'belongs to another account (platform)' : 'is homed on another landscape'}`,
          });
    if (finding.kind === 'cap') for (const prefix of finding.dropped) dropped.push({ prefix, reason: 'past the cap of prefixes a claim may hold' });
    if (finding.kind === 'host-not-ready')
      dropped.push({
        prefix: '*',
        reason: `every prefix: the host is not a ready route (${finding.reason === 'no row' ? 'it has no row' : `its row ${finding.row} has an empty pin.chart`})`,
      });
  }
  return dropped.sort((a, b) => (a.prefix < b.prefix ? -1 : a.prefix > b.prefix ? 1 : 0));
}

function facts(route: UpstreamRoute): RouteFacts {
  return { host: route.host, account: route.account, app: route.app, box: route.box };
}

/** Runs the matcher on `host` + `path` and explains the answer. */
export function explainRoute(upstreams: FleetUpstreams, host: string, path: string): RouteExplanation {
  const answer = lookupUpstream(upstreams.table, host, path);
  if (!answer) return { host, path, found: false };
  const prefixes = upstreams.rows.filter((row) => row.host === answer.own.host).length;
  const claimHost = governingClaimHost(answer.own.host, upstreams.bases ?? []);
  const dropped = droppedPrefixes(upstreams.findings ?? [], claimHost);
  const invalidEscape = firstInvalidEscape(path);
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
    ...(prefixes > 0 || dropped.length > 0 ? { claim: `claims/domains/${claimHost}.json` } : {}),
    ...(dropped.length > 0 ? { dropped } : {}),
    ...(invalidEscape !== undefined ? { invalidEscape } : {}),
  };
}

/** A route as a person reads it: the fleet's words (platform, service, landscape), not the route_paths columns (account, app, box). */
function describe(route: RouteFacts): string {
  return `${route.host} (platform ${route.account}, service ${route.app}, landscape ${route.box})`;
}

/** The text form of an explanation: one line per fact, for a terminal (escaped: the host and path come from the command line). */
export function formatExplanation(e: RouteExplanation): string {
  if (!e.found || !e.own || !e.serves) return `${terminalLines([`${e.host}${e.path}`, '  no route serves this host'])}\n`;
  const lines = [`${e.host}${e.path}`, `  served by  ${describe(e.serves)}`];
  const how = e.resolvedBy === 'exact' ? 'resolved exactly' : `resolved by the wildcard *.${e.host.slice(e.host.indexOf('.') + 1)}`;
  lines.push(`  host       ${how} to ${describe(e.own)}`);
  // A segment whose raw and normalised spellings are the same is named once.
  const alike = e.segments !== undefined && e.segments.raw === e.segments.normalised;
  const segments = !e.segments
    ? ''
    : alike
      ? `first segment ${JSON.stringify(e.segments.raw)} (raw and normalised alike)`
      : `raw first segment ${JSON.stringify(e.segments.raw)}, normalised ${e.segments.normalised === null ? '(none: the root)' : JSON.stringify(e.segments.normalised)}`;
  const count = (n: number | undefined): string => `${n} prefix${n === 1 ? '' : 'es'}`;
  const dropped = e.dropped ?? [];
  if (e.match === 'no-prefix-map' && dropped.length > 0)
    lines.push(`  why        the host has no prefix map: ${e.claim} claims prefixes, but every one was dropped (below), so its own route serves every path`);
  else if (e.match === 'no-prefix-map') lines.push('  why        the host has no prefix map: its own route serves every path');
  else if (e.match === 'fallthrough')
    lines.push(`  why        no prefix of the host's map (${count(e.prefixes)}, ${e.claim}) matches the ${segments}: fallthrough to the host's own route`);
  else if (e.spelling === 'both' && alike)
    lines.push(`  why        prefix ${JSON.stringify(e.prefix)} hit on the ${segments} in the host's map of ${count(e.prefixes)} (${e.claim})`);
  else if (e.spelling === 'alternate')
    lines.push(
      `  why        prefix ${JSON.stringify(e.prefix)} hit on another backend's reading of the first segment (empty segments kept, or dot segments resolved before decoding), where the ${segments} did not, in the host's map of ${count(e.prefixes)} (${e.claim})`,
    );
  else {
    const spelling =
      e.spelling === 'both' ? 'both the raw and the normalised first segment' : e.spelling === 'raw' ? 'the raw first segment' : 'the normalised first segment';
    lines.push(`  why        prefix ${JSON.stringify(e.prefix)} hit on ${spelling} (${segments}) in the host's map of ${count(e.prefixes)} (${e.claim})`);
  }
  // A prefix hit is answered by the map; a fallthrough or a host without a map may be a dropped prefix's doing.
  const shown = e.match === 'prefix' ? [] : dropped.slice(0, 10);
  for (const [i, d] of shown.entries())
    lines.push(
      `  ${i === 0 ? 'dropped   ' : '          '} ${d.prefix === '*' ? '' : `${JSON.stringify(d.prefix)}${d.target ? ` → ${d.target}` : ''}: `}${d.reason}`,
    );
  if (shown.length > 0 && dropped.length > shown.length) lines.push(`             … and ${dropped.length - shown.length} more (diene validate lists them)`);
  const segment = e.segments?.normalised ?? e.segments?.raw;
  const hit = dropped.find((d) => d.prefix === segment);
  if (e.match !== 'prefix' && hit)
    lines.push(
      `  note       ${JSON.stringify(hit.prefix)} is claimed in ${e.claim} but dropped (${hit.reason}): fix or remove it with \`diene claim set-paths\``,
    );
  if (e.invalidEscape !== undefined)
    lines.push(
      `  note       the path holds the malformed escape ${JSON.stringify(e.invalidEscape)}: a Go edge (net/url) answers 400 Bad Request before any routing; this answer is an edge's that keeps it as written`,
    );
  lines.push(`  upstream   path ${e.path} is sent unchanged`);
  return `${terminalLines(lines)}\n`;
}
