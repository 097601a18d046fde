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
import { realPath } from '../adapters/filesystem/files.js';
import { REQUIRED_FILES } from '../1-load/fleet-layout.js';
import { sourceFile, type SourceFile } from '../1-load/source-file.js';
import { cacheKey, CompileCache, EVERY_INSTANT, type RenderEntry } from '../adapters/cache/compile-cache.js';
import { hasErrors, sortDiagnostics, type Diagnostic } from '../diagnostics/diagnostic.js';
import {
  cacheFolderOption,
  conflictingOptions,
  platformNotFound,
  EXIT,
  fleetRoot,
  fromHelp,
  missingOption,
  nowSeconds,
  readFleet,
  stringOption,
  UsageError,
  type Command,
  type CommandInput,
  type CommandResult,
} from './command.js';
import { renderHelp } from './render.help.js';
import { parsePluginParameters, resolveFleetParameter } from './plugin-parameters.js';
import { toolVersion } from '../adapters/filesystem/tool-version.js';
import { FLEET_YAML, inputDigest, readFleetYaml, renderScopesOf, rowPlatformsOf, selectRenderInputs } from './render-select.js';

/** The environment variables `diene render` reads (and no other). */
export const RENDER_ENV = { platform: 'ARGOCD_ENV_PLATFORM', parameters: 'ARGOCD_APP_PARAMETERS' } as const;

function platformName(values: CommandInput['values'], env: NodeJS.ProcessEnv): string {
  const flag = stringOption(values, 'platform');
  const fromEnv = env[RENDER_ENV.platform] || undefined;
  if (flag !== undefined && fromEnv !== undefined && flag !== fromEnv)
    throw conflictingOptions(`--platform ${flag}`, `${RENDER_ENV.platform}=${fromEnv}`, 'platforms_differ', 'the platform once');
  const name = flag ?? fromEnv;
  if (!name)
    throw missingOption(
      '--platform NAME',
      `name the platform to render (in the plugin, ${RENDER_ENV.platform}, set by the Application's plugin env entry PLATFORM)`,
    );
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

/**
 * The options of the cache key besides the inputs: the platform, and the
 * fleet's folder only when a required file is missing (the refusal names the
 * folder). Otherwise the folder is left out: ArgoCD renders every request in
 * a new temporary folder, and nothing else of the result depends on it.
 */
function keyOptions(platform: string, root: string, files: readonly SourceFile[]): Record<string, string> {
  const present = new Set(files.filter((file) => !file.unreadable).map((file) => file.path));
  return REQUIRED_FILES.every((file) => present.has(file)) ? { platform } : { platform, folder: root };
}

/** The result of a render the cache answers: what a cold render printed, with this run's reader and cache diagnostics. */
function replay(
  hit: { diagnostics: Diagnostic[]; render: RenderEntry; stdout?: Uint8Array },
  read: readonly Diagnostic[],
  cache: CompileCache,
  stamp: string,
): CommandResult {
  return {
    ...(hit.stdout === undefined ? {} : { stdoutBytes: hit.stdout }),
    diagnostics: sortDiagnostics([...(hit.render.withRead ? read : []), ...cache.warnings, ...hit.diagnostics]),
    // The stamp names what was rendered: only a render that succeeded has it.
    notes: hit.render.exitCode === EXIT.ok ? [stamp] : [],
    exitCode: hit.render.exitCode,
  };
}

/**
 * The sign-in platform named by a fleet.yaml's `text`: from the cache when a
 * render read the same text before, else parsed (loading the YAML parser,
 * which a warm render otherwise never needs) and remembered.
 */
async function issuerOf(text: string | undefined, cache: CompileCache | undefined, now: number): Promise<string | undefined> {
  if (text === undefined) return undefined;
  const key = cache ? cacheKey([sourceFile(FLEET_YAML, text)], 'render-issuer', {}) : undefined;
  const known = cache && key ? cache.read(key, now) : undefined;
  if (known) return known.issuer;
  const { issuerPlatformOf } = await import('./render-scope.js');
  const issuer = issuerPlatformOf(text);
  if (cache && key) cache.write(key, { diagnostics: [], window: EVERY_INSTANT, ...(issuer === undefined ? {} : { issuer }) });
  return issuer;
}

async function runRender({ values }: CommandInput): Promise<CommandResult> {
  const env = process.env;
  const name = platformName(values, env);
  const root = renderFleetRoot(values, env);
  const now = nowSeconds(values);
  const cacheDir = cacheFolderOption(values);
  const cache = cacheDir === undefined ? undefined : new CompileCache(cacheDir, 'rendered', { fleetRoot: root });
  const fleetYaml = readFleetYaml(root);
  const walked = await issuerOf(fleetYaml, cache, now);
  const read = await readFleet(root, renderScopesOf(name, walked));
  // fleet.yaml as read with the rest decides (the same text, unless it changed in between).
  const readYaml = read.files.find((file) => file.path === FLEET_YAML)?.text;
  const issuer = readYaml === fleetYaml ? walked : await issuerOf(readYaml, cache, now);
  const files = selectRenderInputs(read.files, name, issuer);
  const stamp = `diene render ${toolVersion()}: platform ${name}, ${files.length} input files, inputs ${inputDigest(name, files)}`;
  const key = cache ? cacheKey(files, 'render', keyOptions(name, root, files)) : undefined;
  const hit = cache && key ? cache.readRender(key, now) : undefined;
  if (cache && hit) return replay({ ...hit, diagnostics: hit.entry.diagnostics }, read.diagnostics, cache, stamp);
  // The pipeline loads only when the cache did not answer: a warm render never needs it.
  const [{ analyzeFleet }, { platformObjects }, { toYamlStream }, { FileRecords }] = await Promise.all([
    import('../index.js'),
    import('../3-emit/platform-objects.js'),
    import('../3-emit/serialize.js'),
    import('../adapters/cache/file-records.js'),
  ]);
  // The records of single files: a platform with one row changed since its last render parses that row only.
  const records = cache ? new FileRecords(cache, undefined, `render ${name}`) : undefined;
  const analysis = analyzeFleet(files, { nowSeconds: now, rowsRead: rowPlatformsOf(name, issuer), folder: root, ...(records ? { fileMemo: records } : {}) });
  records?.save();
  const remember = (result: CommandResult, entryDiagnostics: Diagnostic[], withRead: boolean): CommandResult => {
    if (!cache || !key) return result;
    cache.writeRender(
      key,
      { diagnostics: entryDiagnostics, window: analysis.nowWindow, render: { exitCode: result.exitCode, withRead } },
      typeof result.stdout === 'string' ? result.stdout : undefined,
    );
    // A write that failed here (`cache_not_kept`, `cache_file_in_the_way`) joins the diagnostics, on stderr: stdout is the product as it was.
    const late = cache.warnings.filter((warning) => !result.diagnostics.includes(warning));
    return late.length === 0 ? result : { ...result, diagnostics: sortDiagnostics([...result.diagnostics, ...late]) };
  };
  const warnings = cache?.warnings ?? [];
  const diagnostics = sortDiagnostics([...read.diagnostics, ...warnings, ...analysis.diagnostics]);
  if (hasErrors(diagnostics) || !analysis.model) return remember({ diagnostics, exitCode: EXIT.invalid }, analysis.diagnostics, true);
  const { model } = analysis;
  const platform = model.platforms.find((p) => p.name === name);
  if (!platform) {
    // Only the root cause: warnings about other platforms (read partly, for this one) would mislead.
    const notFound = platformNotFound(
      name,
      model.platforms.map((p) => p.name),
    );
    return remember({ diagnostics: sortDiagnostics([...warnings, notFound]), exitCode: EXIT.invalid }, [notFound], false);
  }
  const objects = platformObjects(model, platform);
  // An empty stream with prune on would delete everything the platform has; it is a bug, never an output.
  if (objects.length === 0) throw new Error(`render produced no object for platform ${name}, which has ${platform.services.length} services`);
  return remember({ stdout: toYamlStream(objects, 'diene render'), diagnostics, notes: [stamp], exitCode: EXIT.ok }, analysis.diagnostics, true);
}

export const renderCommand: Command = { ...fromHelp(renderHelp), run: runRender };
