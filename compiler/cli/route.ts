/**
 * `diene route HOST [PATH] [--fleet DIR] [--format text|json|github] [--path-prefix DIR]` (SPEC §5): which
 * route serves that URL and why, by the same matcher an edge runs over the
 * compiled `route_paths` tables (exact or wildcard host; a prefix hit on the raw
 * or the normalised first segment of the percent-decoded path, or on another
 * backend's reading of it; or fallthrough to the host's own route).
 * HOST is read as an edge keys it: lower-cased, without a port or a trailing
 * dot; PATH is an origin-form path (it starts with `/`) and is never changed.
 * HOST and PATH may come as one URL (`https://host/path?query`, scheme
 * optional; a bare host is the path `/`): it is split as a client splits it before sending, the fragment
 * dropped, the path and query kept byte for byte (no `new URL`, which would
 * resolve dot segments and re-encode, and so answer another question).
 * Exit 0 when a route serves the URL, 2 when none does (on a virtual landscape's
 * host: when no serving member has a ready row) or the fleet is invalid.
 * With --format github the annotations name files from the repository root,
 * as validate's do (repository-paths.ts).
 */
import type { FleetModel } from '../2-analyze/fleet-model.js';
import { governingClaimHost } from '../2-analyze/route-paths.js';
import { parseServiceHost, type Route } from '../2-analyze/routes.js';
import { diagnose, type Diagnostic } from '../diagnostics/diagnostic.js';
import { closestName } from '../diagnostics/spelling.js';
import { explainRoute, fleetUpstreams, formatExplanation } from '../route/explain-route.js';
import { explainVirtualRoute, formatVirtualExplanation, unlistedVirtualHost } from '../simulate/virtual-route.js';
import { EXIT, fleetRoot, fromHelp, invalidValue, nowSeconds, readAndAnalyze, type Command, type CommandInput, type CommandResult } from './command.js';
import { repositoryPrefix } from './repository-paths.js';
import { routeHelp } from './route.help.js';

/** The host as an edge keys it: lower case, no `:port`, no trailing dot. */
export function edgeHost(host: string): string {
  const withoutPort = host.replace(/:\d+$/, '');
  return (withoutPort.endsWith('.') ? withoutPort.slice(0, -1) : withoutPort).toLowerCase();
}

/** `scheme://` at the start of a URL (RFC 3986 scheme). */
const SCHEME = /^([a-z][a-z0-9+.-]*):\/\//i;

/**
 * HOST and PATH read from one URL given as HOST (scheme optional; only http
 * and https), or `undefined` for a bare host (no scheme, no `/`, `?` or `#`).
 * The fragment is dropped (no client sends it); userinfo is dropped (it is
 * never part of the Host a request carries); the path and query are kept as
 * written, `/` when there is none.
 */
export function splitUrl(written: string): { host: string; path: string } | undefined {
  const scheme = SCHEME.exec(written);
  if (scheme && !['http', 'https'].includes((scheme[1] as string).toLowerCase()))
    throw invalidValue('HOST', written, 'a host name or an http(s) URL', `diene route https://${written.slice(scheme[0].length)}`);
  const rest = scheme ? written.slice(scheme[0].length) : written;
  const end = rest.search(/[/?#]/);
  if (!scheme && end < 0) return undefined;
  const authority = end < 0 ? rest : rest.slice(0, end);
  const host = authority.slice(authority.lastIndexOf('@') + 1);
  if (host === '')
    throw scheme
      ? invalidValue('HOST', written, 'a URL with a host', 'diene route https://api.tin.nitroso.pikachu.cluster.atomi.cloud/paulca/orders')
      : invalidValue('HOST', written, 'a host name (it comes before PATH)', `diene route api.tin.nitroso.pikachu.cluster.atomi.cloud ${written}`);
  const target = (end < 0 ? '' : rest.slice(end)).replace(/#.*$/s, '');
  return { host, path: target.startsWith('/') ? target : `/${target}` };
}

/** HOST and PATH as given: two arguments, or one URL. */
function hostAndPath(hostArgument: string, pathArgument: string | undefined): { host: string; path: string } {
  if (pathArgument === undefined) {
    // A bare host is read as a browser reads it: the path "/".
    const url = splitUrl(hostArgument) ?? { host: hostArgument, path: '/' };
    return { host: edgeHost(url.host), path: url.path };
  }
  if (SCHEME.test(hostArgument) || /[/?#]/.test(hostArgument)) {
    const url = splitUrl(hostArgument);
    throw invalidValue(
      'HOST',
      hostArgument,
      'a host name (with PATH given, HOST is the host alone; a whole URL goes alone)',
      `diene route ${url ? edgeHost(url.host) : hostArgument} ${pathArgument}`,
    );
  }
  if (!pathArgument.startsWith('/'))
    throw invalidValue('PATH', pathArgument, 'an origin-form request path, which must start with "/"', `diene route ${hostArgument} /${pathArgument}`);
  return { host: edgeHost(hostArgument), path: pathArgument };
}

async function runRoute({ positionals, values, format }: CommandInput): Promise<CommandResult> {
  const [hostArgument, pathArgument] = positionals as [string, string | undefined];
  const { host, path } = hostAndPath(hostArgument, pathArgument);
  const root = fleetRoot(values);
  const pathPrefix = repositoryPrefix(root, values);
  const fleet = await readAndAnalyze(root, { analysis: { nowSeconds: nowSeconds(values) } });
  if (!fleet.valid) return { ...fleet.stop, pathPrefix };
  const { diagnostics } = fleet;
  const upstreams = fleetUpstreams(fleet.model);
  const explanation = explainRoute(upstreams, host, path);
  if (!explanation.found) {
    // A virtual landscape's host (and its spare-base twin): DNS publishes it, the members' gateways serve it.
    const virtual = explainVirtualRoute(fleet.model, host, path);
    // No serving member has a ready row: DNS may still answer, but nothing behind any answer serves the URL.
    if (virtual && !virtual.members.some((m) => m.ready)) {
      const { platform, service } = virtual.virtual;
      const rows = virtual.members.map((m) => fleetRowPath(fleet.model, platform, service, m.landscape));
      return {
        diagnostics: [
          diagnose({}, 'route_host_unknown', {
            host,
            advice: 'virtual-not-ready',
            route: virtual.virtual.name,
            row: rows.join(', ') || 'it has no serving member',
          }),
        ],
        exitCode: EXIT.invalid,
        pathPrefix,
      };
    }
    if (virtual)
      return {
        stdout: format === 'json' ? `${JSON.stringify(virtual, null, 2)}\n` : formatVirtualExplanation(virtual),
        diagnostics: [],
        exitCode: EXIT.ok,
        pathPrefix,
      };
    return { diagnostics: [unknownHost(fleet.model, upstreams.routes, host)], exitCode: EXIT.invalid, pathPrefix };
  }
  const stdout = format === 'json' ? `${JSON.stringify(explanation, null, 2)}\n` : formatExplanation(explanation);
  // Only the warnings about the host's own claim (for a spare-base host, its main-base twin's) bear on this answer; the rest belongs to `diene validate`.
  const claimFile = explanation.claim ?? `claims/domains/${governingClaimHost(explanation.own?.host ?? host, fleet.model.routes.shape.bases)}.json`;
  return { stdout, diagnostics: diagnostics.filter((d) => d.file === claimFile), exitCode: EXIT.ok, pathPrefix };
}

/** The file of the row of `service` on `landscape`: the row's own path, or where it would be. */
function fleetRowPath(model: FleetModel, platform: string, service: string, landscape: string): string {
  const row = model.platforms
    .find((p) => p.name === platform)
    ?.services.find((s) => s.name === service)
    ?.rows.find((r) => r.landscape === landscape);
  return row?.path ?? `platforms/${platform}/${service}/${landscape}.yaml`;
}

/**
 * `route_host_unknown` for `host`: for a service host of the fleet, its row
 * (not ready, or missing; a near host would mislead); else the served host
 * closest to it (a typo); else an example route of the main base.
 */
function unknownHost(model: FleetModel, routes: readonly Route[], host: string): Diagnostic {
  const served = routes.map((r) => r.host).filter((h) => !h.startsWith('*.'));
  const parsed = parseServiceHost(model.routes.shape, host);
  if (parsed.ok) {
    // The fleet's own host: what stops it being a route is its row, which the hint names (a ready row's host on a base
    // that does not serve it falls through to the suggestions below).
    const { platform, service, landscape } = parsed.parts;
    const row = model.platforms
      .find((p) => p.name === platform)
      ?.services.find((s) => s.name === service)
      ?.rows.find((r) => r.landscape === landscape);
    if (!row) return diagnose({}, 'route_host_unknown', { host, advice: 'no-row', route: host, row: `platforms/${platform}/${service}/${landscape}.yaml` });
    if (row.chart === '') return diagnose({}, 'route_host_unknown', { host, advice: 'not-ready', route: host, row: row.path });
  }
  const unlisted = unlistedVirtualHost(model, host);
  if (unlisted) return diagnose({}, 'route_host_unknown', { host, advice: 'virtual-not-listed', route: unlisted.name, row: unlisted.platformFile });
  const meant = closestName(host, served);
  if (meant !== undefined) return diagnose({}, 'route_host_unknown', { host, advice: 'close', route: meant, row: '' });
  const base = model.settings.dns.base;
  const example = served.find((h) => h.endsWith(`.${base}`)) ?? `api.<service>.<platform>.<landscape>.${base}`;
  return diagnose({}, 'route_host_unknown', { host, advice: 'example', route: example, row: '' });
}

/** `diene route HOST PATH`: the command as listed in cli.ts. */
export const routeCommand: Command = { ...fromHelp(routeHelp), run: runRoute };
