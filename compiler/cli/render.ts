/**
 * `diene render --platform NAME [--fleet DIR]` (SPEC §5, §6): one platform's
 * objects (Platform record, Kargo, ApplicationSets) as one YAML stream on
 * stdout, for ArgoCD's Config Management Plugin.
 *
 * Inside the plugin sidecar it takes the platform from `ARGOCD_ENV_PLATFORM`
 * (the Application's `plugin.env` entry `PLATFORM`) and the typed parameters
 * from `ARGOCD_APP_PARAMETERS` (see plugin-parameters.ts); a flag and the
 * environment that disagree are a usage error.
 *
 * What ArgoCD relies on (../shared/notes/argocd-kargo.md §2):
 * - stdout holds only Kubernetes objects, and nothing at all on any error
 *   (diagnostics go to stderr, the exit code is non-zero);
 * - the stream is never empty for a platform (an empty render with
 *   `prune: true` would delete every object);
 * - stdout is a function of the files under the fleet directory and the
 *   platform name only: no clock (the stale-override warning reads it, but
 *   warnings go to stderr), no environment beyond the two variables above, no
 *   file outside the tree (a link is followed only to a regular file inside
 *   the input folders, and the plugin's `fleet` parameter may not lead out of
 *   the source directory, through a link either; `--fleet` names the tree
 *   itself), so ArgoCD's
 *   manifest cache, keyed by revision and parameters, stays correct (the
 *   compile cache, `--cache DIR` or its default folder, only replays what a
 *   run without it printed for the same input bytes);
 * - one stderr line names the compiler version and a digest of the inputs;
 * - a broken row of another platform never stops this platform's render: rows
 *   are machine-written (T3, Kargo) and never pass a pull request's `--check`,
 *   so render reads only this platform's rows, the sign-in platform's rows
 *   (the issuer check needs them) and no claim (no claim reaches the render).
 * The CLI never calls `process.exit()`, which truncates large piped output.
 */
import path from 'node:path';
import { pathExists, realPath, subfolders } from '../adapters/filesystem/files.js';
import { renderIncrementally } from '../incremental/render-build.js';
import {
  cacheFolderOption,
  conflictingOptions,
  platformNotFound,
  EXIT,
  fleetRoot,
  fromHelp,
  missingOption,
  nowSeconds,
  stringOption,
  UsageError,
  type Command,
  type CommandInput,
  type CommandResult,
} from './command.js';
import { renderHelp } from './render.help.js';
import { parsePluginParameters, resolveFleetParameter } from './plugin-parameters.js';
import { toolVersion } from '../adapters/filesystem/tool-version.js';

/** The environment variables `diene render` reads (and no other). */
export const RENDER_ENV = { platform: 'ARGOCD_ENV_PLATFORM', parameters: 'ARGOCD_APP_PARAMETERS' } as const;

/** The platforms a fleet holds (`carbon/<platform>/platform.yaml`), sorted; none when the folder cannot be read. */
function fleetPlatforms(root: string): string[] {
  try {
    const carbon = path.join(root, 'carbon');
    return subfolders(carbon)
      .filter((platform) => pathExists(path.join(carbon, platform, 'platform.yaml')))
      .sort();
  } catch {
    return [];
  }
}

function platformName(values: CommandInput['values'], env: NodeJS.ProcessEnv, root: string): string {
  const flag = stringOption(values, 'platform');
  const fromEnv = env[RENDER_ENV.platform] || undefined;
  if (flag !== undefined && fromEnv !== undefined && flag !== fromEnv)
    throw conflictingOptions(`--platform ${flag}`, `${RENDER_ENV.platform}=${fromEnv}`, 'platforms_differ', 'the platform once');
  const name = flag ?? fromEnv;
  if (!name) {
    const platforms = fleetPlatforms(root);
    const known = platforms.length === 0 ? '' : `, one of ${platforms.join(', ')}`;
    throw missingOption(
      '--platform NAME',
      `name the platform to render${known} (in the plugin, ${RENDER_ENV.platform}, set by the Application's plugin env entry PLATFORM)`,
    );
  }
  return name;
}

function renderFleetRoot(values: CommandInput['values'], env: NodeJS.ProcessEnv): string {
  const parameters = parsePluginParameters(env[RENDER_ENV.parameters]);
  if (stringOption(values, 'fleet') !== undefined) {
    if (parameters.explicit.includes('fleet')) throw conflictingOptions('--fleet', 'the plugin parameter "fleet"', 'fleet_twice', 'the fleet once');
    return fleetRoot(values);
  }
  const root = fleetRoot({ fleet: resolveFleetParameter(process.cwd(), parameters.fleet) });
  // The parameter stays inside the source directory as written; a symbolic link on its way (`fleet: sub`, `sub` → `/`) must not take it out.
  const source = realPath(process.cwd());
  const relative = path.relative(source, realPath(root));
  if (relative === '..' || relative.startsWith(`..${path.sep}`) || path.isAbsolute(relative))
    throw new UsageError('usage_plugin_fleet_outside', { fleet: parameters.fleet, how: 'leads through a symbolic link out of the source directory' });
  return root;
}

async function runRender({ values }: CommandInput): Promise<CommandResult> {
  const env = process.env;
  const root = renderFleetRoot(values, env);
  const name = platformName(values, env, root);
  const now = nowSeconds(values);
  const cacheDir = cacheFolderOption(values);
  const outcome = await renderIncrementally({
    root,
    platform: name,
    nowSeconds: now,
    ...(cacheDir === undefined ? {} : { cacheDir }),
    notFound: (names) => platformNotFound(name, names),
  });
  // The stamp names what was rendered: only a render that succeeded has it.
  const stamp = `diene render ${toolVersion()}: platform ${name}, ${outcome.inputs} input files, inputs ${outcome.inputDigest}`;
  return {
    ...(outcome.yamlBytes === undefined ? {} : { stdoutBytes: outcome.yamlBytes }),
    ...(outcome.yaml === undefined ? {} : { stdout: outcome.yaml }),
    diagnostics: outcome.diagnostics,
    notes: outcome.rendered ? [stamp] : [],
    exitCode: outcome.rendered ? EXIT.ok : EXIT.invalid,
  };
}

export const renderCommand: Command = { ...fromHelp(renderHelp), run: runRender };
