/**
 * The incremental build of `diene render`: what it reads of the fleet (its
 * platform's part only, 1-load/render-inputs.ts), a render the compile cache
 * answers replayed byte for byte (compile-cache.ts `readRender`), else the
 * analysis with the per-file records (file-records.ts) and the platform's
 * objects, kept for the next render of the same bytes. It returns what
 * happened as data, a {@link RenderOutcome}; the command (cli/render.ts)
 * prints it.
 */
import path from 'node:path';
import { REQUIRED_FILES } from '../1-load/fleet-layout.js';
import { FLEET_YAML, inputDigest, renderScopesOf, rowPlatformsOf, selectRenderInputs } from '../1-load/render-inputs.js';
import type { FolderScope } from '../1-load/fleet-layout.js';
import { sourceFile, type SourceFile } from '../1-load/source-file.js';
import { realPath } from '../adapters/filesystem/files.js';
import { readFleetFiles } from '../adapters/filesystem/read-fleet.js';
import { readInputFile } from '../adapters/filesystem/read-input-file.js';
import { hasErrors, sortDiagnostics, type Diagnostic } from '../diagnostics/diagnostic.js';
import { cacheKey, CompileCache, EVERY_INSTANT } from './compile-cache.js';

/** What a render is asked to do: the argv and environment of `diene render`, read and checked. */
export interface RenderRequest {
  /** The fleet's folder. */
  root: string;
  platform: string;
  nowSeconds: number;
  /** The cache folder, or none. */
  cacheDir?: string;
  /** The diagnostic of a platform the fleet does not have, given the fleet's platform names (the command words it). */
  notFound: (names: readonly string[]) => Diagnostic;
}

/**
 * What a render did: the objects as one YAML stream (`yaml`, or `yamlBytes`
 * when the cache replays them) when `rendered`, the diagnostics, and how many
 * inputs it read with their digest (1-load/render-inputs.ts `inputDigest`).
 */
export interface RenderOutcome {
  rendered: boolean;
  yaml?: string;
  yamlBytes?: Uint8Array;
  diagnostics: Diagnostic[];
  inputs: number;
  inputDigest: string;
}

/** The exit codes a render entry keeps (cli/command.ts `EXIT`: 0 rendered, 2 refused), as earlier renders wrote them. */
const RENDER_EXIT = { rendered: 0, refused: 2 } as const;

/** fleet.yaml's text in the fleet at `root`, read as every input is, or `undefined` when it cannot be. */
export function readFleetYaml(root: string): string | undefined {
  const read = readInputFile(path.join(root, FLEET_YAML), { root: realPath(root) });
  return 'text' in read ? read.text : undefined;
}

/** What render walks for `platform` in the fleet at `root` (1-load/render-inputs.ts `renderScopesOf`), the sign-in platform read from fleet.yaml first. */
export async function renderScopes(root: string, platform: string): Promise<FolderScope[]> {
  const { issuerPlatformOf } = await import('../1-load/render-issuer.js');
  return renderScopesOf(platform, issuerPlatformOf(readFleetYaml(root)));
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
  const { issuerPlatformOf } = await import('../1-load/render-issuer.js');
  const issuer = issuerPlatformOf(text);
  if (cache && key) cache.write(key, { diagnostics: [], window: EVERY_INSTANT, ...(issuer === undefined ? {} : { issuer }) });
  return issuer;
}

/** Renders `request.platform` of the fleet at `request.root`, from the cache when it holds the same inputs' render. */
export async function renderIncrementally(request: RenderRequest): Promise<RenderOutcome> {
  const { root, platform: name } = request;
  const now = request.nowSeconds;
  const cache = request.cacheDir === undefined ? undefined : new CompileCache(request.cacheDir, 'rendered', { fleetRoot: root });
  const fleetYaml = readFleetYaml(root);
  const walked = await issuerOf(fleetYaml, cache, now);
  const read = await readFleetFiles(root, { scopes: renderScopesOf(name, walked) });
  // fleet.yaml as read with the rest decides (the same text, unless it changed in between).
  const readYaml = read.files.find((file) => file.path === FLEET_YAML)?.text;
  const issuer = readYaml === fleetYaml ? walked : await issuerOf(readYaml, cache, now);
  const files = selectRenderInputs(read.files, name, issuer);
  const inputs = { inputs: files.length, inputDigest: inputDigest(name, files) };
  const key = cache ? cacheKey(files, 'render', keyOptions(name, root, files)) : undefined;
  const hit = cache && key ? cache.readRender(key, now) : undefined;
  if (cache && hit)
    // What a cold render printed, with this run's reader and cache diagnostics.
    return {
      rendered: hit.render.exitCode === RENDER_EXIT.rendered,
      ...(hit.stdout === undefined ? {} : { yamlBytes: hit.stdout }),
      diagnostics: sortDiagnostics([...(hit.render.withRead ? read.diagnostics : []), ...cache.warnings, ...hit.entry.diagnostics]),
      ...inputs,
    };
  // The pipeline loads only when the cache did not answer: a warm render never needs it.
  const [{ analyzeFleet }, { platformObjects }, { toYamlStream }, { FileRecords }] = await Promise.all([
    import('../index.js'),
    import('../3-emit/platform-objects.js'),
    import('../3-emit/serialize.js'),
    import('./file-records.js'),
  ]);
  // The records of single files: a platform with one row changed since its last render parses that row only.
  const records = cache ? new FileRecords(cache, undefined, `render ${name}`) : undefined;
  const analysis = analyzeFleet(files, { nowSeconds: now, rowsRead: rowPlatformsOf(name, issuer), folder: root }, records ? { fileMemo: records } : {});
  records?.save();
  const remember = (outcome: RenderOutcome, entryDiagnostics: Diagnostic[], withRead: boolean): RenderOutcome => {
    if (!cache || !key) return outcome;
    cache.writeRender(
      key,
      {
        diagnostics: entryDiagnostics,
        window: analysis.nowWindow,
        render: { exitCode: outcome.rendered ? RENDER_EXIT.rendered : RENDER_EXIT.refused, withRead },
      },
      outcome.yaml,
    );
    // A write that failed here (`cache_not_kept`, `cache_file_in_the_way`) joins the diagnostics, on stderr: stdout is the product as it was.
    const late = cache.warnings.filter((warning) => !outcome.diagnostics.includes(warning));
    return late.length === 0 ? outcome : { ...outcome, diagnostics: sortDiagnostics([...outcome.diagnostics, ...late]) };
  };
  const warnings = cache?.warnings ?? [];
  const diagnostics = sortDiagnostics([...read.diagnostics, ...warnings, ...analysis.diagnostics]);
  if (hasErrors(diagnostics) || !analysis.model) return remember({ rendered: false, diagnostics, ...inputs }, analysis.diagnostics, true);
  const { model } = analysis;
  const platform = model.platforms.find((p) => p.name === name);
  if (!platform) {
    // Only the root cause: warnings about other platforms (read partly, for this one) would mislead.
    const notFound = request.notFound(model.platforms.map((p) => p.name));
    return remember({ rendered: false, diagnostics: sortDiagnostics([...warnings, notFound]), ...inputs }, [notFound], false);
  }
  const objects = platformObjects(model, platform);
  // An empty stream with prune on would delete everything the platform has; it is a bug, never an output.
  if (objects.length === 0) throw new Error(`render produced no object for platform ${name}, which has ${platform.services.length} services`);
  return remember({ rendered: true, yaml: toYamlStream(objects, 'diene render'), diagnostics, ...inputs }, analysis.diagnostics, true);
}
