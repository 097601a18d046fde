/**
 * `diene route HOST PATH [--fleet DIR] [--format text|json|github] [--path-prefix DIR]` (SPEC §5): which
 * route serves that URL and why, by the same matcher an edge runs over the
 * compiled `route_paths` tables (exact or wildcard host; a prefix hit on the raw
 * or the normalised first segment; or fallthrough to the host's own route).
 * HOST is read as an edge keys it: lower-cased, without a port or a trailing
 * dot; PATH is an origin-form path (it starts with `/`) and is never changed.
 * Exit 0 when a route serves the URL, 2 when none does or the fleet is invalid.
 * With --format github the annotations name files from the repository root,
 * as validate's do (repository-paths.ts).
 */
import { diagnose } from '../diagnostics/diagnostic.js';
import { explainRoute, fleetUpstreams, formatExplanation } from '../route/explain-route.js';
import { EXIT, fleetRoot, fromHelp, invalidValue, nowSeconds, readAndAnalyze, type Command, type CommandInput, type CommandResult } from './command.js';
import { repositoryPrefix } from './repository-paths.js';
import { routeHelp } from './route.help.js';

/** The host as an edge keys it: lower case, no `:port`, no trailing dot. */
export function edgeHost(host: string): string {
  const withoutPort = host.replace(/:\d+$/, '');
  return (withoutPort.endsWith('.') ? withoutPort.slice(0, -1) : withoutPort).toLowerCase();
}

async function runRoute({ positionals, values, format }: CommandInput): Promise<CommandResult> {
  const [hostArgument, path] = positionals as [string, string];
  if (!path.startsWith('/')) throw invalidValue('PATH', path, 'an origin-form request path, which must start with "/"', `diene route ${hostArgument} /${path}`);
  const host = edgeHost(hostArgument);
  const root = fleetRoot(values);
  const pathPrefix = repositoryPrefix(root, values);
  const fleet = await readAndAnalyze(root, { analysis: { nowSeconds: nowSeconds(values) } });
  if (!fleet.valid) return { ...fleet.stop, pathPrefix };
  const { diagnostics } = fleet;
  const upstreams = fleetUpstreams(fleet.model);
  const explanation = explainRoute(upstreams, host, path);
  if (!explanation.found) {
    const base = fleet.model.settings.dns.base;
    const example = upstreams.routes.find((r) => r.host.endsWith(`.${base}`))?.host ?? `api.<service>.<platform>.<landscape>.${base}`;
    return { diagnostics: [diagnose({}, 'route_host_unknown', { host, example })], exitCode: EXIT.invalid, pathPrefix };
  }
  const stdout = format === 'json' ? `${JSON.stringify(explanation, null, 2)}\n` : formatExplanation(explanation);
  // Only the warnings about the host's own claim bear on this answer; the rest belongs to `diene validate`.
  const claimFile = `claims/domains/${explanation.own?.host ?? host}.json`;
  return { stdout, diagnostics: diagnostics.filter((d) => d.file === claimFile), exitCode: EXIT.ok, pathPrefix };
}

/** `diene route HOST PATH`: the command as listed in cli.ts. */
export const routeCommand: Command = { ...fromHelp(routeHelp), run: runRoute };
