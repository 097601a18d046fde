/**
 * `diene compile [--fleet DIR] [--out DIR] [--check [--base DIR]]` (SPEC §3, §5): writes the
 * output tree all-or-nothing, refusing (exit 2) when the output directory holds
 * anything diene did not write; or with `--check`, touching
 * nothing, compares it with the tree on disk and exits 1 with a unified diff
 * (stdout) and the list of changed, missing and extra files (stderr), named
 * with the same words as the review on stdout, the findings and the note of
 * a compile that writes (a file deleted by hand is missing in all of them).
 *
 * Each changed, missing or extra file is also an `output_stale` finding for the
 * json, github and sarif forms, whose files are named from the repository
 * root (repository-paths.ts); under GitHub Actions a `--check` appends its
 * verdict to the step summary.
 *
 * `--base DIR` (with `--check` only; like `diene report --base`) is a checkout
 * of the base branch: a change or removal of a permanent identifier against
 * it is refused, exit 1, each with both values (docs/checks.md); the tree is
 * compared all the same, so one run says the refusal and what is stale.
 *
 * `--strict` (cli/strict.ts): a warning refuses the write as an error does
 * (exit 2, nothing written); a `--check` still compares, then exits 2.
 */
import { createHash } from 'node:crypto';
import path from 'node:path';
import { getHeapStatistics } from 'node:v8';
import { cacheKey, CompileCache, writeRecordsFolder, type CacheEntry } from '../adapters/cache/compile-cache.js';
import { inputStampsToKeep, InputChangedError, type KnownInput } from '../adapters/cache/input-stamps.js';
import { outputMatches } from '../adapters/cache/output-match.js';
import { readFleetFiles } from '../adapters/filesystem/read-fleet.js';
import { errnoCode } from '../diagnostics/catalog.js';
import { diagnose, diagnoseFinding, hasErrors, sortDiagnostics, strictWarnings, type Diagnostic } from '../diagnostics/diagnostic.js';
import type { CompileResult } from '../index.js';
import type { FileMemo } from '../1-load/load-fleet.js';
import type { SourceFile } from '../1-load/source-file.js';
import { serialOption } from './book-serial.js';
import {
  cacheFolderOption,
  EXIT,
  fleetRoot,
  fromFleetRoot,
  invalidValue,
  fromHelp,
  missingOption,
  nowSeconds,
  readBaseRevision,
  shownPath,
  stringOption,
  type Command,
  type CommandInput,
  type CommandResult,
  type OptionValues,
} from './command.js';
import { PROGRESS_MIN_FILES, SILENT_PROGRESS, type Progress } from './progress.js';
import { compileHelp } from './compile.help.js';
import { outputLocationProblem, readOnlyFolderProblem, realOutputPath } from '../adapters/filesystem/output-location.js';
import { repositoryPrefix, whyBaseNotFleet } from './repository-paths.js';
import { isStrict } from './strict.js';

export { outputLocationProblem } from '../adapters/filesystem/output-location.js';

async function runCompile({ values, progress = SILENT_PROGRESS }: CommandInput): Promise<CommandResult> {
  const opened: { cache?: CompileCache; pathPrefix?: string } = {};
  try {
    // Every result names its files from the repository's root, whichever way the run ended (repository-paths.ts).
    const result = withLateWarnings(await compileWithProgress(values, progress, opened), opened.cache);
    // A run the cache answered, or whose tree was already in place, wrote nothing either: it is refused all the same.
    const refused = values['check'] !== true && isStrict(values) && result.exitCode === EXIT.ok && strictWarnings(result.diagnostics).length > 0;
    return { ...(refused ? refusedByStrict(result.diagnostics) : result), pathPrefix: opened.pathPrefix };
  } catch (error) {
    // An input known by its stamp whose text, read after all, is another: what was compiled may not be what it says, and
    // nothing was written. The record goes, so the next run reads every file (a record that lies is not met twice).
    if (!(error instanceof InputChangedError)) throw error;
    opened.cache?.forgetInputStamps(fleetRoot(values));
    return withLateWarnings(
      {
        diagnostics: [diagnose({ file: error.file, line: 1, column: 1 }, 'file_changed_while_compiling', { how: error.how })],
        exitCode: EXIT.invalid,
        pathPrefix: opened.pathPrefix,
      },
      opened.cache,
    );
  } finally {
    progress.clear();
  }
}

/**
 * The input files of the fleet at `root`, those whose stamp is the one
 * `cache` recorded known by their digest, unread (cache/input-stamps.ts);
 * what the next run may know is kept. Nothing of the record outlives the
 * read but what the files hold.
 */
async function readKnowing(root: string, cache: CompileCache | undefined): Promise<{ files: SourceFile[]; diagnostics: Diagnostic[] }> {
  const began = Date.now();
  const known = cache?.readInputStamps(root) ?? new Map<string, KnownInput>();
  const read = await readFleetFiles(root, { known });
  const kept = cache ? inputStampsToKeep(read.files, read.stamps, known, began) : undefined;
  if (cache && kept) cache.writeInputStamps(root, kept);
  return { files: read.files, diagnostics: read.diagnostics };
}

/**
 * `result` with the cache's warnings that came after its diagnostics were
 * gathered (a write of the entry or the stamps that failed once the outputs
 * were made: `cache_not_kept`, `cache_file_in_the_way`).
 */
function withLateWarnings(result: CommandResult, cache: CompileCache | undefined): CommandResult {
  const late = cache?.warnings.filter((warning) => !result.diagnostics.includes(warning)) ?? [];
  return late.length === 0 ? result : { ...result, diagnostics: sortDiagnostics([...result.diagnostics, ...late]) };
}

/**
 * The records of the last write into each output directory, in the user's
 * state home (compile-cache.ts `writeRecordsFolder`), sealed like the cache
 * but kept with or without it: which files a compile may remove must not
 * depend on whether a cache is used. A folder or key that cannot be used
 * leaves no record, and the manifest alone decides, as the docs say; its
 * warnings are not printed (they would name a cache the run may not use).
 */
function writeRecords(root: string, check: boolean): CompileCache {
  return new CompileCache(writeRecordsFolder(), check ? 'checked' : 'compiled', { fleetRoot: root });
}

async function compileWithProgress(
  values: CommandInput['values'],
  progress: Progress,
  opened: { cache?: CompileCache; pathPrefix?: string },
): Promise<CommandResult> {
  const root = fleetRoot(values);
  const pathPrefix = repositoryPrefix(root, values);
  opened.pathPrefix = pathPrefix;
  const check = values['check'] === true;
  const chosenCache = cacheFolderOption(values, check);
  /** The step summary of a `--check` (a compile that writes has none). */
  const summary = (verdict: string) => (check ? { stepSummary: { title: 'diene compile --check', verdict } } : {});
  const outFlag = stringOption(values, 'out');
  const outDir = realOutputPath(outFlag === undefined ? path.join(root, 'generated') : path.resolve(outFlag));
  const problem = outputLocationProblem(root, outDir);
  if (problem) return { diagnostics: [diagnoseFinding({}, problem)], exitCode: EXIT.invalid };
  if (stringOption(values, 'output') !== undefined && values['format'] !== 'json' && values['format'] !== 'sarif')
    throw missingOption('--format sarif', '--output FILE writes the json or sarif log of the diagnostics, so it is given with --format json or --format sarif');
  const baseFlag = stringOption(values, 'base');
  if (baseFlag !== undefined && !values['check'])
    throw missingOption('--check', '--base compares a pull request with its base branch, so it is given with --check (diene compile --check --base DIR)');
  const notFleet = baseFlag === undefined ? undefined : whyBaseNotFleet(path.resolve(baseFlag), baseFlag, pathPrefix, 'compile');
  if (baseFlag !== undefined && notFleet !== undefined)
    return { diagnostics: [diagnoseFinding({ file: fromFleetRoot(root, baseFlag) }, notFleet)], exitCode: EXIT.invalid };
  const base = baseFlag === undefined ? undefined : await readBaseRevision(baseFlag, root);
  const now = nowSeconds(values);
  const serial = serialOption(values) ?? 0;
  const lockWaitMs = lockTimeoutOption(values);
  // --base compares with another revision, which the key does not cover: such a run neither reads nor fills the cache.
  const cacheDir = base ? undefined : chosenCache;
  // A cache inside the output tree would be a folder diene did not write there: every later compile would refuse it.
  const cacheFromOut = cacheDir === undefined ? undefined : path.relative(outDir, path.resolve(cacheDir));
  if (cacheFromOut !== undefined && !cacheFromOut.startsWith('..') && !path.isAbsolute(cacheFromOut))
    throw invalidValue('--cache', stringOption(values, 'cache') ?? String(cacheDir), 'a folder outside the output directory', '--cache ~/.cache/diene-ci');
  opened.cache = cacheDir === undefined ? undefined : new CompileCache(cacheDir, check ? 'checked' : 'compiled', { fleetRoot: root });
  // A cache that failed its checks is a run without a cache in every step, writes included; only its warnings are said.
  const cache = opened.cache?.isUsable ? opened.cache : undefined;
  const read = await readKnowing(root, cache);
  // The folder is in the key: a fleet without registry/fleet.yaml is refused naming it.
  const key = cache ? cacheKey(read.files, 'compile', { serial, folder: root }) : undefined;
  const hit = cache && key ? cache.read(key, now) : undefined;
  if (hit) {
    const warm = cache && warmResult(hit, cache, [...read.diagnostics], outDir, check);
    if (warm)
      return {
        ...warm,
        ...summary(
          warm.exitCode === EXIT.ok
            ? `fresh: the ${(hit.outputs?.length ?? 0) + 1} generated files match what the inputs produce`
            : 'the fleet does not compile',
        ),
      };
  }
  const shown = read.files.length >= PROGRESS_MIN_FILES ? progress : SILENT_PROGRESS;
  shown.update(`read ${read.files.length} input files; compiling…`);
  // The pipeline and the output tree's modules load only when the cache did not answer: a warm run never needs them.
  const [
    { planFleet },
    { compareOutputTree, inspectOutput, OutputBusyError, OutputForeignError, outputLeftovers, writeOutputTree },
    { staleCheckOutput, foreignFiles, checkCounts },
    { diffOutputTrees, isFresh, octal },
    { foreignDiagnostics, foreignPlace },
    { plannedListing, knownDigests, listingWithin, sliceKeysOf },
    { fullCollection, pacedPlan },
    { FileRecords },
    { manifestText },
  ] = await Promise.all([
    import('../index.js'),
    import('../adapters/filesystem/output-tree.js'),
    import('./check-output.js'),
    import('../plan/output-tree-diff.js'),
    import('./output-refusals.js'),
    import('../3-emit/output-plan.js'),
    import('./heap.js'),
    import('../adapters/cache/file-records.js'),
    import('../3-emit/output-manifest.js'),
  ]);
  const inputs = read.files.length;
  // The records of single files: a fleet with a few files changed parses and validates only those.
  // Their pack is written when the loading ends (file-records.ts); the save below is for a fleet refused before.
  const records = cache ? new FileRecords(cache, root) : undefined;
  const collect = fullCollection();
  // Thousands of files loaded cold (a first run, a new compiler) leave their positioned documents behind: collected when
  // the loading ends, they do not lift the heap V8 lets the cross-file checks grow to.
  const memo: FileMemo | undefined = records && {
    get: (file) => records.get(file),
    set: (file, record) => records.set(file, record),
    loaded: () => {
      records.loaded();
      if (records.stats.misses >= COLD_LOADS_COLLECTED) collect();
    },
  };
  const result = planFleet(read.files, {
    folder: root,
    nowSeconds: now,
    serial,
    releaseDocuments: true,
    ...(base ? { base } : {}),
    ...(memo ? { fileMemo: memo } : {}),
  });
  records?.save();
  // The outputs are made from the model alone: the input texts go before they are.
  read.files = [];
  // The outputs are made one at a time as they are written or compared: the cache learns their listing only then.
  if (cache && key && !result.plan) cache.write(key, cacheEntry(result));
  const diagnostics = sortDiagnostics([...read.diagnostics, ...(cache?.warnings ?? []), ...result.diagnostics]);
  if (hasErrors(diagnostics) || !result.plan) {
    const errors = diagnostics.filter((d) => d.severity === 'error').length;
    return { diagnostics, exitCode: EXIT.invalid, ...summary(`the fleet does not compile: ${errors} error${errors === 1 ? '' : 's'}`) };
  }
  // --strict: a warning refuses the write as an error would (a --check compares all the same, and fails in cli/strict.ts).
  if (!check && isStrict(values) && strictWarnings(diagnostics).length > 0) return refusedByStrict(diagnostics);
  // A heap that holds little after the analysis (a warm run of a small or mostly unchanged fleet) is not worth a full collection.
  if (getHeapStatistics().used_heap_size >= COLLECTED_HEAP_BYTES) collect();
  // The outputs made from the same slices of the model as in the last compile into this directory: their digests are known without
  // making them. Every key is made here, after the collection above when the heap is large: the serialized slices are tens of MiB at XL.
  const known = cache ? knownDigests(result.plan, cache.readSliceKeys(outDir)) : new Map<string, string>();
  const plan = pacedPlan(result.plan, collect);
  /** The number of output files, the manifest among them. */
  const files = plan.size + 1;
  shown.update(`compiled ${inputs} input files into ${files} outputs; ${values['check'] ? 'comparing with' : 'writing'} ${shownPath(outDir)}…`);
  if (values['check']) {
    // A refused permanent identifier does not stop the comparison: a pull request learns in one round what it must put back and
    // which outputs are stale (issue 34). Each result below is ended with the refusal's diagnostics, note and exit code.
    const refusal = refusalAgainstBase(result.permanence ?? [], baseFlag);
    const checked = sortDiagnostics([...diagnostics, ...refusal.diagnostics]);
    const ended = (outcome: CommandResult): CommandResult => withRefusal(outcome, refusal);
    // Reads only: no lock, no rename, no repair; what a killed run left is said, and the next compile repairs it.
    // What the last write recorded of its files: a file whose stamp is still the recorded one is known by its digest, not read.
    const recorded = cache?.readStamps(outDir) ?? new Map<string, [string, string]>();
    const compared = await compareOutputTree(outDir, plan, { recorded, known });
    if (cache && key) cache.write(key, cacheEntry(result, compared));
    cache?.writeSliceKeys(outDir, sliceKeysOf(plan, compared.listing));
    const leftovers = outputLeftovers(outDir);
    const diff = diffOutputTrees(compared.wanted, compared.onDisk, compared.modes);
    const outShown = shownPath(outDir);
    if (isFresh(diff))
      return ended({
        diagnostics: checked,
        notes: [`fresh: ${files} files in ${outShown} match the inputs`, ...leftovers],
        exitCode: EXIT.ok,
        ...summary(`fresh: the ${files} generated files match what the inputs produce`),
      });
    // What `diene compile` would refuse (a file added or edited by hand): telling the user to run it would only loop.
    const lastWrite = writeRecords(root, check).readWritten(outDir);
    const foreign = (await inspectOutput(outDir, compared.listing, { waitMs: 0, recorded, ...(lastWrite ? { written: lastWrite } : {}) })).error;
    // A directory diene never wrote is most likely a wrong --out: one refusal, as compile gives, not a diff file by file.
    const place = await foreignPlace(foreign, outDir, root);
    if (foreign?.unmanaged && foreign.findings.length > 0)
      return ended({ diagnostics: [...checked, ...foreignDiagnostics(foreign, place)], exitCode: EXIT.invalid });
    const review = await staleCheckOutput({
      wanted: compared.wanted,
      onDisk: compared.onDisk,
      modes: compared.modes,
      total: files,
      diff,
      outDir,
      root,
      values,
      foreign,
      place,
    });
    const notDienes = foreignFiles(diff, outDir, foreign);
    const notOurs = foreign ? (foreign.manifest ? 1 : foreign.findings.length) : 0;
    // git gives back only the edited files in its HEAD; any other edit is deleted, and the compile writes the file anew.
    const edits = (foreign?.findings ?? []).filter((f) => f.reason === 'changed').length;
    const restore =
      place.tracked.size === 0
        ? 'delete it'
        : place.tracked.size === edits
          ? '`git checkout HEAD -- <file>`'
          : '`git checkout HEAD -- <file>` (delete it when git does not track it)';
    const next = notOurs
      ? `\`diene compile\` refuses to remove or overwrite what diene did not write: restore or move ${notOurs === 1 ? 'it' : 'them'} yourself (a file marked edited below: ${restore} if its edit is not wanted, or change the fleet's inputs to keep it; a file marked foreign: move it out), then run \`diene compile\` and commit the result`
      : 'run `diene compile` and commit the result';
    const line = (file: string, word: string) => {
      const finding = notDienes.get(file);
      return finding
        ? finding.reason === 'changed'
          ? `  edited  ${file}  (changed by hand after diene wrote it)`
          : `  foreign ${file}  (diene did not write it)`
        : `  ${word} ${file}`;
    };
    // The same files as the review on stdout counts: the manifest is a generated file, a file added by hand is not.
    const counts = checkCounts(diff, notDienes);
    const differ = counts.generated.length;
    const added = counts.added.length;
    const verdict =
      (differ > 0
        ? `${differ} generated file${differ === 1 ? '' : 's'} of ${files} ${differ === 1 ? 'differs' : 'differ'} from what the inputs produce`
        : `the ${files} generated files match what the inputs produce`) +
      (added > 0 ? `, and ${outShown} holds ${added} file${added === 1 ? '' : 's'} diene did not write` : '') +
      `; ${next}`;
    const notes = [
      `stale: ${verdict}`,
      ...diff.stale.map((f) => {
        const mode = compared.modes.get(f);
        return mode ? `  changed ${f}  (mode ${octal(mode[0])}; a write gives ${octal(mode[1])})` : line(f, 'changed');
      }),
      ...diff.missing.map((f) => `  missing ${f}`),
      ...diff.extra.map((f) => line(f, 'extra  ')),
    ];
    return ended({
      stdout: review.stdout,
      diagnostics: checked,
      notes: [...notes, ...leftovers],
      outputFindings: review.findings,
      exitCode: EXIT.stale,
      ...summary(`stale: ${verdict}`),
    });
  }
  // A change that leaves the outputs as they are (a row's pin, say) writes nothing: when at most a few outputs must be made, they
  // are made first and the tree in place is checked as a warm run checks it, with neither the look a write takes nor its lock.
  const listing = cache && key ? listingWithin(result.plan, known, FEW_OUTPUTS_MADE) : undefined;
  if (cache && key && listing) {
    const entry = cacheEntry(result, { listing, manifest: manifestText(listing) });
    cache.write(key, entry);
    // Most such changes are a pin bump: said, since "nothing written" after one surprises the first time.
    const inPlace = warmResult(
      entry,
      cache,
      read.diagnostics,
      outDir,
      false,
      "compiled; no generated file changes: a row's pins and values are read from the row by Argo CD, never written into them; ",
    );
    if (inPlace) {
      cache.writeSliceKeys(outDir, sliceKeysOf(plan, listing));
      return inPlace;
    }
  }
  // What the last write into this directory recorded of its files: those still unchanged are not read again. Its listing shows
  // which files diene wrote there, beside a manifest that can be edited and re-sealed by hand.
  const lastWrites = writeRecords(root, check);
  const lastWrite = lastWrites.readWritten(outDir);
  const look = await inspectOutput(outDir, plannedListing(plan, listing ?? known), {
    recorded: cache?.readStamps(outDir) ?? new Map(),
    ...(lastWrite ? { written: lastWrite } : {}),
    ...(lockWaitMs === undefined ? {} : { waitMs: lockWaitMs }),
  });
  if (look.error)
    return { diagnostics: [...diagnostics, ...foreignDiagnostics(look.error, await foreignPlace(look.error, outDir, root))], exitCode: EXIT.invalid };
  const readOnly = readOnlyFolderProblem(outDir, look.folders);
  if (readOnly) return { diagnostics: [...diagnostics, diagnoseFinding({}, readOnly)], exitCode: EXIT.invalid };
  let inPlace: CommandResult | undefined;
  let kept: string[];
  let linked = 0;
  let missing = 0;
  let changedFiles: string[] = [];
  try {
    const written = await writeOutputTree(outDir, plan, {
      trusted: look.trusted,
      // The outputs made above are not made again unless they changed.
      known: listing ?? known,
      ...(lockWaitMs === undefined ? {} : { waitMs: lockWaitMs }),
      record: { read: () => lastWrites.readWritten(outDir), write: (record) => lastWrites.writeWritten(outDir, record) },
      // A change that leaves the outputs as they are (a row's pin, say) writes nothing either: the tree in place is checked as a warm run checks it.
      staged: (made) => {
        if (!cache || !key) return false;
        const entry = cacheEntry(result, made);
        cache.write(key, entry);
        inPlace = warmResult(entry, cache, read.diagnostics, outDir, false, 'compiled; ', made.own);
        if (inPlace) cache.writeSliceKeys(outDir, sliceKeysOf(plan, made.listing));
        return inPlace !== undefined;
      },
    });
    if (inPlace) return inPlace;
    cache?.writeStamps(outDir, written.stamps);
    cache?.writeSliceKeys(outDir, sliceKeysOf(plan, written.made.listing));
    kept = written.notes;
    linked = written.counts.linked;
    missing = written.counts.missing;
    changedFiles = written.changedFiles;
  } catch (error) {
    if (error instanceof OutputForeignError)
      return { diagnostics: [...diagnostics, ...foreignDiagnostics(error, await foreignPlace(error, outDir, root))], exitCode: EXIT.invalid };
    if (error instanceof OutputBusyError)
      return {
        diagnostics: [...diagnostics, diagnose({}, 'output_busy', { pid: error.pid ?? '?', out: outDir, lock: error.lock, waited: error.waitedMs / 1000 })],
        exitCode: EXIT.invalid,
      };
    if (typeof (error as NodeJS.ErrnoException | undefined)?.code !== 'string') throw error;
    return { diagnostics: [...diagnostics, diagnose({}, 'output_write_failed', { out: outDir, errno: errnoCode(error) })], exitCode: EXIT.invalid };
  }
  // Unchanged files are hard links to the previous tree's: the note says how many outputs changed, and how many the previous
  // tree did not hold (missing, as --check names them: a new output, or one deleted by hand). The manifest is written every
  // time (without the cache, a tree already right is replaced by the same files).
  const changed = files - 1 - linked - missing;
  const outShown = shownPath(outDir);
  const differing = [...(changed > 0 ? [`${changed} changed`] : []), ...(missing > 0 ? [`${missing} missing from the previous tree`] : [])];
  const note =
    linked === 0
      ? `wrote ${files} files to ${outShown}`
      : differing.length === 0
        ? `the ${files} files in ${outShown} were already right: written again as they were (${linked} hard-linked, the manifest anew), as a run without the cache does; with it, such a tree is left untouched`
        : `wrote ${files} files to ${outShown} (${differing.join(', ')}, ${linked} unchanged and linked from the previous tree, and the manifest)${namedChanges(changedFiles)}`;
  return { diagnostics, notes: [note, ...kept], exitCode: EXIT.ok };
}

/** A compile that `--strict` refuses for its warnings (cli/strict.ts): exit 2, nothing written. */
function refusedByStrict(diagnostics: Diagnostic[]): CommandResult {
  return { diagnostics, exitCode: EXIT.invalid, notes: ['nothing written: --strict treats warnings as errors'] };
}

/** The changed outputs named after the write's note, when they are few enough to read: `: argocd/a.yaml, kargo/a.yaml`. */
function namedChanges(files: readonly string[]): string {
  return files.length > 0 && files.length <= NAMED_CHANGES ? `: changed ${files.join(', ')}` : '';
}

/** The most changed outputs a compile's note names. */
const NAMED_CHANGES = 5;

/** What the cache keeps of a compile: its diagnostics, when they hold, and the listing of its output tree once it is made. */
function cacheEntry(result: Pick<CompileResult, 'diagnostics' | 'nowWindow'>, made?: { listing: ReadonlyMap<string, string>; manifest: string }): CacheEntry {
  // The manifest's digest as 3-emit/output-manifest.ts makes it, which a warm run does not load.
  const outputs = made ? { outputs: [...made.listing], manifest: `sha256:${createHash('sha256').update(made.manifest).digest('hex')}` } : {};
  return { diagnostics: result.diagnostics, window: result.nowWindow, ...outputs };
}

/**
 * The result of a run the cache answers: an invalid fleet's diagnostics, or a
 * valid one's when the output directory already holds exactly its tree
 * (nothing to write, nothing stale). `undefined` when the tree must be made.
 */
function warmResult(
  hit: CacheEntry,
  cache: CompileCache,
  fresh: Diagnostic[],
  outDir: string,
  check: boolean,
  from = 'from the cache; ',
  own: readonly string[] = [],
): CommandResult | undefined {
  if (hasErrors([...fresh, ...hit.diagnostics]) || !hit.outputs)
    return { diagnostics: sortDiagnostics([...fresh, ...cache.warnings, ...hit.diagnostics]), exitCode: EXIT.invalid };
  if (hit.manifest === undefined) return undefined;
  const known = cache.readStamps(outDir);
  const look = outputMatches(outDir, new Map(hit.outputs), hit.manifest, known, own);
  if (!look.match) return undefined;
  if (look.stamps.size !== known.size || [...look.stamps].some(([file, [stamp]]) => known.get(file)?.[0] !== stamp)) cache.writeStamps(outDir, look.stamps);
  const diagnostics = sortDiagnostics([...fresh, ...cache.warnings, ...hit.diagnostics]);
  const shown = shownPath(outDir);
  if (check) return { diagnostics, notes: [`fresh: ${hit.outputs.length + 1} files in ${shown} match the inputs`], exitCode: EXIT.ok };
  // A folder inside that cannot be written is refused as a write that makes the same tree refuses it (output-location.ts).
  if (look.readOnly !== undefined)
    return {
      diagnostics: [...diagnostics, diagnose({}, 'output_location_read_only', { out: outDir, place: 'inside', path: path.join(outDir, look.readOnly) })],
      exitCode: EXIT.invalid,
    };
  return {
    diagnostics,
    notes: [`up to date: the ${hit.outputs.length + 1} files in ${shown} already match the inputs (${from}nothing written)`],
    exitCode: EXIT.ok,
  };
}

/**
 * The findings of permanent identifiers and of the decommission order against the base, which all join the run's diagnostics,
 * and how many of them are errors: changes `--check --base` refuses (docs/checks.md).
 */
function refusalAgainstBase(
  permanence: readonly Diagnostic[],
  baseFlag: string | undefined,
): { diagnostics: Diagnostic[]; errors: number; removals: number; base: string } {
  const errors = permanence.filter((d) => d.severity === 'error');
  const removals = errors.filter((d) => d.code === 'cluster_removed_with_traffic').length;
  return { diagnostics: [...permanence], errors: errors.length, removals, base: baseFlag ?? '' };
}

/**
 * A `--check` result with the refusal of permanent identifiers joined to it (none: unchanged): its note comes first, before the
 * comparison's fresh or stale, and the step summary's verdict says both. The exit code is the refusal's, 1, as for a stale tree
 * (SPEC §5), unless the comparison was itself refused as a usage error (a wrong --out: exit 2, which putting the identifier
 * back would not clear).
 */
function withRefusal(compared: CommandResult, refusal: { errors: number; removals: number; base: string }): CommandResult {
  if (refusal.errors === 0) return compared;
  const identifiers = refusal.errors - refusal.removals;
  const what = [
    ...(identifiers > 0 ? [`${identifiers} permanent identifier(s) changed or removed`] : []),
    ...(refusal.removals > 0 ? [`${refusal.removals} cluster(s) removed while their traffic is on`] : []),
  ];
  const refused = `refused: ${what.join(' and ')} against the base`;
  return {
    ...compared,
    notes: [`${refused} ${refusal.base} (docs/checks.md); the generated files were compared as well:`, ...(compared.notes ?? [])],
    exitCode: compared.exitCode === EXIT.invalid ? EXIT.invalid : EXIT.stale,
    ...(compared.stepSummary ? { stepSummary: { ...compared.stepSummary, verdict: `${refused}, and ${compared.stepSummary.verdict}` } } : {}),
  };
}

/**
 * How many keyed outputs whose slices changed are made before the write, to
 * learn whether the tree in place already holds them (one platform's three
 * files, a few books): past it, each is made once, as it is written.
 */
const FEW_OUTPUTS_MADE = 64;

/** The heap in use after the analysis from which a full collection is worth its time (see compileWithProgress). */
const COLLECTED_HEAP_BYTES = 128 * 1024 * 1024;

/** How many files loaded cold make the end of the loading worth a full collection (see compileWithProgress). */
const COLD_LOADS_COLLECTED = 2000;

/** The longest `--lock-timeout` takes (seconds): an hour; a compile waiting longer is stuck, not queued. */
const LOCK_TIMEOUT_LIMIT = 3600;

/** `--lock-timeout SECONDS` in milliseconds, or `undefined` when absent (the writer's default wait). Throws {@link UsageError} when it is not a whole number of 0…3600. */
function lockTimeoutOption(values: OptionValues): number | undefined {
  const flag = stringOption(values, 'lock-timeout');
  if (flag === undefined) return undefined;
  const seconds = /^[0-9]{1,4}$/.test(flag) ? Number(flag) : NaN;
  if (!(seconds <= LOCK_TIMEOUT_LIMIT)) throw invalidValue('--lock-timeout', flag, `a whole number of seconds of 0…${LOCK_TIMEOUT_LIMIT}`, '--lock-timeout 60');
  return seconds * 1000;
}

export const compileCommand: Command = { ...fromHelp(compileHelp), run: runCompile };
