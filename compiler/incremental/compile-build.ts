/**
 * The incremental build of `diene compile`: reads the fleet, answers from the
 * compile cache what it can (compile-cache.ts), compiles the rest through the
 * pipeline with the per-file records (file-records.ts), and writes the output
 * tree or compares it with the one on disk, making only the outputs whose
 * slices of the model changed (3-emit/output-slice.ts) and pacing the garbage
 * collector (heap.ts). It returns what happened as data, a
 * {@link CompileOutcome}; the command (cli/compile.ts) words it and picks the
 * exit code. What the run shows never depends on whether a cache was used,
 * only how fast it came.
 */
import { createHash } from 'node:crypto';
import path from 'node:path';
import { getHeapStatistics } from 'node:v8';
import type { FileMemo } from '../1-load/load-fleet.js';
import type { SourceFile } from '../1-load/source-file.js';
import { InputChangedError, type KnownInput } from '../adapters/filesystem/known-inputs.js';
import { readOnlyFolderProblem } from '../adapters/filesystem/output-location.js';
import { outputMatches } from '../adapters/filesystem/output-match.js';
import type { OutputForeignError } from '../adapters/filesystem/output-tree.js';
import { readFleetFiles } from '../adapters/filesystem/read-fleet.js';
import { errnoCode } from '../diagnostics/catalog.js';
import { diagnose, diagnoseFinding, hasErrors, sortDiagnostics, strictWarnings, type Diagnostic } from '../diagnostics/diagnostic.js';
import type { CompileResult } from '../index.js';
import type { OutputTreeDiff } from '../plan/output-tree-diff.js';
import { cacheKey, CompileCache, writeRecordsFolder, type CacheEntry } from './compile-cache.js';
import { inputStampsToKeep } from './input-stamps.js';

/** What a compile is asked to do: the argv of `diene compile`, read and checked. */
export interface CompileRequest {
  /** The fleet's folder. */
  root: string;
  /** The output directory, its real path (adapters/filesystem/output-location.ts `realOutputPath`), already found a valid place. */
  outDir: string;
  /** `--check`: compare, touch nothing. */
  check: boolean;
  /** The cache folder, or none: no entry is read or written, and neither are stamps, records nor slice keys. */
  cacheDir?: string;
  /** `--base`: the base revision, whose permanent identifiers a `--check` compares. */
  base?: { files: readonly SourceFile[]; label: string };
  nowSeconds: number;
  serial: number;
  /** `--lock-timeout` in milliseconds; absent: the writer's default wait. */
  lockWaitMs?: number;
  /** `--strict`: a warning refuses a write as an error does (a `--check` compares all the same). */
  strict: boolean;
  /** Told where the run is, for a progress line. */
  progress?: (stage: CompileStage) => void;
}

/** Where a cold run is: compiling `inputs` files, or writing (comparing) `files` outputs made from them. */
export type CompileStage = { step: 'compiling'; inputs: number } | { step: 'writing' | 'comparing'; inputs: number; files: number };

/** How a run that left the tree in place learnt it was right: from the cache, or by making the few outputs that changed (a pin: `pins`). */
export type UpToDateFrom = 'cache' | 'pins' | 'compiled';

/**
 * What a compile did. `diagnostics` are sorted, except where a refusal's own
 * follow them; `cacheWarnings` are every warning of the cache at the end of
 * the run, some of which may have come after `diagnostics` were gathered
 * (a write of an entry that failed once the outputs were made).
 */
export type CompileOutcome = { cacheWarnings: readonly Diagnostic[] } & (
  | { verdict: 'invalid'; diagnostics: Diagnostic[]; /** How many errors, when the fleet was compiled (not answered by the cache). */ errors?: number }
  | { verdict: 'input-changed'; diagnostics: Diagnostic[] }
  | { verdict: 'strict'; diagnostics: Diagnostic[] }
  /** The output directory refused the write or the look: `foreign` for files diene did not write, else the refusal is in `diagnostics`. */
  | { verdict: 'refused'; diagnostics: Diagnostic[]; foreign?: OutputForeignError; permanence?: Permanence }
  | { verdict: 'up-to-date'; diagnostics: Diagnostic[]; files: number; from: UpToDateFrom }
  | { verdict: 'written'; diagnostics: Diagnostic[]; files: number; linked: number; missing: number; removed: number; changedFiles: string[]; notes: string[] }
  | { verdict: 'fresh'; diagnostics: Diagnostic[]; files: number; leftovers: string[]; permanence?: Permanence }
  | {
      verdict: 'stale';
      diagnostics: Diagnostic[];
      files: number;
      leftovers: string[];
      permanence?: Permanence;
      wanted: ReadonlyMap<string, string>;
      onDisk: ReadonlyMap<string, string>;
      modes: ReadonlyMap<string, readonly [number, number]>;
      diff: OutputTreeDiff;
      foreign?: OutputForeignError;
    }
);

/** The findings of permanent identifiers and of the decommission order against the base (docs/checks.md), and how many refuse the change. */
export interface Permanence {
  diagnostics: Diagnostic[];
  errors: number;
  removals: number;
}

/**
 * Compiles the fleet of `request.root` into `request.outDir` (or compares with
 * it), as incrementally as the cache allows. Throws only on a fault of the
 * machine (an unexpected error of the disk while writing is an outcome).
 */
export async function compileIncrementally(request: CompileRequest): Promise<CompileOutcome> {
  const opened =
    request.cacheDir === undefined ? undefined : new CompileCache(request.cacheDir, request.check ? 'checked' : 'compiled', { fleetRoot: request.root });
  const warnings = (): readonly Diagnostic[] => opened?.warnings ?? [];
  try {
    const outcome = await build(request, opened);
    return { ...outcome, cacheWarnings: warnings() } as CompileOutcome;
  } catch (error) {
    // An input known by its stamp whose text, read after all, is another: what was compiled may not be what it says, and
    // nothing was written. The record goes, so the next run reads every file (a record that lies is not met twice).
    if (!(error instanceof InputChangedError)) throw error;
    opened?.forgetInputStamps(request.root);
    return {
      verdict: 'input-changed',
      diagnostics: [diagnose({ file: error.file, line: 1, column: 1 }, 'file_changed_while_compiling', { how: error.how })],
      cacheWarnings: warnings(),
    };
  }
}

/** A {@link CompileOutcome} before the cache's last warnings are added. */
type Built = DistributiveOmit<CompileOutcome, 'cacheWarnings'>;
type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;

/**
 * The input files of the fleet at `root`, those whose stamp is the one
 * `cache` recorded known by their digest, unread (input-stamps.ts);
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
 * The records of the last write into each output directory, in the user's
 * state home (compile-cache.ts `writeRecordsFolder`), sealed like the cache
 * but kept with or without it: which files a compile may remove must not
 * depend on whether a cache is used. A folder or key that cannot be used
 * leaves no record, and the manifest alone decides, as the docs say; its
 * warnings are not shown (they would name a cache the run may not use).
 */
function writeRecords(root: string, check: boolean): CompileCache {
  return new CompileCache(writeRecordsFolder(), check ? 'checked' : 'compiled', { fleetRoot: root });
}

async function build(request: CompileRequest, opened: CompileCache | undefined): Promise<Built> {
  const { root, outDir, check, base, serial, lockWaitMs } = request;
  const now = request.nowSeconds;
  // A cache that failed its checks is a run without a cache in every step, writes included; only its warnings are said.
  const cache = opened?.isUsable ? opened : undefined;
  const read = await readKnowing(root, cache);
  // The folder is in the key: a fleet without registry/fleet.yaml is refused naming it.
  const key = cache ? cacheKey(read.files, 'compile', { serial, folder: root }) : undefined;
  const hit = cache && key ? cache.read(key, now) : undefined;
  if (hit) {
    const warm = cache && warmOutcome(hit, cache, [...read.diagnostics], outDir, check);
    if (warm) return warm;
  }
  request.progress?.({ step: 'compiling', inputs: read.files.length });
  // The pipeline and the output tree's modules load only when the cache did not answer: a warm run never needs them.
  const [
    { planFleet },
    { compareOutputTree, inspectOutput, OutputBusyError, OutputForeignError, outputLeftovers, writeOutputTree },
    { diffOutputTrees, isFresh },
    { plannedListing, knownDigests, listingWithin, sliceKeysOf },
    { fullCollection, pacedPlan },
    { FileRecords },
    { manifestText },
  ] = await Promise.all([
    import('../index.js'),
    import('../adapters/filesystem/output-tree.js'),
    import('../plan/output-tree-diff.js'),
    import('../3-emit/output-plan.js'),
    import('./heap.js'),
    import('./file-records.js'),
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
  const result = planFleet(
    read.files,
    { folder: root, nowSeconds: now, serial, ...(base ? { base } : {}) },
    { releaseDocuments: true, ...(memo ? { fileMemo: memo } : {}) },
  );
  records?.save();
  // The outputs are made from the model alone: the input texts go before they are.
  read.files = [];
  // The outputs are made one at a time as they are written or compared: the cache learns their listing only then.
  if (cache && key && !result.plan) cache.write(key, cacheEntry(result));
  const diagnostics = sortDiagnostics([...read.diagnostics, ...(cache?.warnings ?? []), ...result.diagnostics]);
  if (hasErrors(diagnostics) || !result.plan) return { verdict: 'invalid', diagnostics, errors: diagnostics.filter((d) => d.severity === 'error').length };
  // --strict: a warning refuses the write as an error would (a --check compares all the same, and fails in cli/strict.ts).
  if (!check && request.strict && strictWarnings(diagnostics).length > 0) return { verdict: 'strict', diagnostics };
  // A heap that holds little after the analysis (a warm run of a small or mostly unchanged fleet) is not worth a full collection.
  if (getHeapStatistics().used_heap_size >= COLLECTED_HEAP_BYTES) collect();
  // The outputs made from the same slices of the model as in the last compile into this directory: their digests are known without
  // making them. Every key is made here, after the collection above when the heap is large: the serialized slices are tens of MiB at XL.
  const known = cache ? knownDigests(result.plan, cache.readSliceKeys(outDir)) : new Map<string, string>();
  const plan = pacedPlan(result.plan, collect);
  /** The number of output files, the manifest among them. */
  const files = plan.size + 1;
  request.progress?.({ step: check ? 'comparing' : 'writing', inputs, files });
  if (check) {
    // A refused permanent identifier does not stop the comparison: a pull request learns in one round what it must put back and
    // which outputs are stale. Each outcome below carries the refusal, which the command words and whose exit code it gives.
    const permanence = permanenceAgainstBase(result.permanence ?? []);
    const checked = sortDiagnostics([...diagnostics, ...permanence.diagnostics]);
    const refusal = permanence.errors > 0 ? { permanence } : {};
    // Reads only: no lock, no rename, no repair; what a killed run left is said, and the next compile repairs it.
    // What the last write recorded of its files: a file whose stamp is still the recorded one is known by its digest, not read.
    const recorded = cache?.readStamps(outDir) ?? new Map<string, [string, string]>();
    const compared = await compareOutputTree(outDir, plan, { recorded, known });
    if (cache && key) cache.write(key, cacheEntry(result, compared));
    cache?.writeSliceKeys(outDir, sliceKeysOf(plan, compared.listing));
    const leftovers = outputLeftovers(outDir);
    const diff = diffOutputTrees(compared.wanted, compared.onDisk, compared.modes);
    if (isFresh(diff)) return { verdict: 'fresh', diagnostics: checked, files, leftovers, ...refusal };
    // What `diene compile` would refuse (a file added or edited by hand): telling the user to run it would only loop.
    const lastWrite = writeRecords(root, check).readWritten(outDir);
    const foreign = (await inspectOutput(outDir, compared.listing, { waitMs: 0, recorded, ...(lastWrite ? { written: lastWrite } : {}) })).error;
    // A directory diene never wrote is most likely a wrong --out: one refusal, as compile gives, not a diff file by file.
    if (foreign?.unmanaged && foreign.findings.length > 0) return { verdict: 'refused', diagnostics: checked, foreign, ...refusal };
    return {
      verdict: 'stale',
      diagnostics: checked,
      files,
      leftovers,
      wanted: compared.wanted,
      onDisk: compared.onDisk,
      modes: compared.modes,
      diff,
      ...(foreign ? { foreign } : {}),
      ...refusal,
    };
  }
  // A change that leaves the outputs as they are (a row's pin, say) writes nothing: when at most a few outputs must be made, they
  // are made first and the tree in place is checked as a warm run checks it, with neither the look a write takes nor its lock.
  const listing = cache && key ? listingWithin(result.plan, known, FEW_OUTPUTS_MADE) : undefined;
  if (cache && key && listing) {
    const entry = cacheEntry(result, { listing, manifest: manifestText(listing) });
    cache.write(key, entry);
    // Most such changes are a pin bump: said, since "nothing written" after one surprises the first time.
    const inPlace = warmOutcome(entry, cache, read.diagnostics, outDir, false, 'pins');
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
  if (look.error) return { verdict: 'refused', diagnostics, foreign: look.error };
  const readOnly = readOnlyFolderProblem(outDir, look.folders);
  if (readOnly) return { verdict: 'refused', diagnostics: [...diagnostics, diagnoseFinding({}, readOnly)] };
  let inPlace: Built | undefined;
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
        inPlace = warmOutcome(entry, cache, read.diagnostics, outDir, false, 'compiled', made.own);
        if (inPlace) cache.writeSliceKeys(outDir, sliceKeysOf(plan, made.listing));
        return inPlace !== undefined;
      },
    });
    if (inPlace) return inPlace;
    cache?.writeStamps(outDir, written.stamps);
    cache?.writeSliceKeys(outDir, sliceKeysOf(plan, written.made.listing));
    return {
      verdict: 'written',
      diagnostics,
      files,
      linked: written.counts.linked,
      missing: written.counts.missing,
      removed: written.counts.removed,
      changedFiles: written.changedFiles,
      notes: written.notes,
    };
  } catch (error) {
    if (error instanceof OutputForeignError) return { verdict: 'refused', diagnostics, foreign: error };
    if (error instanceof OutputBusyError)
      return {
        verdict: 'refused',
        diagnostics: [...diagnostics, diagnose({}, 'output_busy', { pid: error.pid ?? '?', out: outDir, lock: error.lock, waited: error.waitedMs / 1000 })],
      };
    if (typeof (error as NodeJS.ErrnoException | undefined)?.code !== 'string') throw error;
    return { verdict: 'refused', diagnostics: [...diagnostics, diagnose({}, 'output_write_failed', { out: outDir, errno: errnoCode(error) })] };
  }
}

/** What the cache keeps of a compile: its diagnostics, when they hold, and the listing of its output tree once it is made. */
function cacheEntry(result: Pick<CompileResult, 'diagnostics' | 'nowWindow'>, made?: { listing: ReadonlyMap<string, string>; manifest: string }): CacheEntry {
  // The manifest's digest as 3-emit/output-manifest.ts makes it, which a warm run does not load.
  const outputs = made ? { outputs: [...made.listing], manifest: `sha256:${createHash('sha256').update(made.manifest).digest('hex')}` } : {};
  return { diagnostics: result.diagnostics, window: result.nowWindow, ...outputs };
}

/**
 * The outcome of a run the cache answers: an invalid fleet's diagnostics, or a
 * valid one's when the output directory already holds exactly its tree
 * (nothing to write, nothing stale). `undefined` when the tree must be made.
 */
function warmOutcome(
  hit: CacheEntry,
  cache: CompileCache,
  fresh: Diagnostic[],
  outDir: string,
  check: boolean,
  from: UpToDateFrom = 'cache',
  own: readonly string[] = [],
): Built | undefined {
  if (hasErrors([...fresh, ...hit.diagnostics]) || !hit.outputs)
    return { verdict: 'invalid', diagnostics: sortDiagnostics([...fresh, ...cache.warnings, ...hit.diagnostics]) };
  if (hit.manifest === undefined) return undefined;
  const known = cache.readStamps(outDir);
  const look = outputMatches(outDir, new Map(hit.outputs), hit.manifest, known, own);
  if (!look.match) return undefined;
  if (look.stamps.size !== known.size || [...look.stamps].some(([file, [stamp]]) => known.get(file)?.[0] !== stamp)) cache.writeStamps(outDir, look.stamps);
  const diagnostics = sortDiagnostics([...fresh, ...cache.warnings, ...hit.diagnostics]);
  const files = hit.outputs.length + 1;
  if (check) return { verdict: 'fresh', diagnostics, files, leftovers: [] };
  // A folder inside that cannot be written is refused as a write that makes the same tree refuses it (output-location.ts).
  if (look.readOnly !== undefined)
    return {
      verdict: 'refused',
      diagnostics: [...diagnostics, diagnose({}, 'output_location_read_only', { out: outDir, place: 'inside', path: path.join(outDir, look.readOnly) })],
    };
  return { verdict: 'up-to-date', diagnostics, files, from };
}

/** The findings of permanent identifiers and of the decommission order against the base, which all join the run's diagnostics, and how many of them are errors. */
function permanenceAgainstBase(permanence: readonly Diagnostic[]): Permanence {
  const errors = permanence.filter((d) => d.severity === 'error');
  const removals = errors.filter((d) => d.code === 'cluster_removed_with_traffic').length;
  return { diagnostics: [...permanence], errors: errors.length, removals };
}

/**
 * How many keyed outputs whose slices changed are made before the write, to
 * learn whether the tree in place already holds them (one platform's three
 * files, a few books): past it, each is made once, as it is written.
 */
const FEW_OUTPUTS_MADE = 64;

/** The heap in use after the analysis from which a full collection is worth its time (see `build`). */
const COLLECTED_HEAP_BYTES = 128 * 1024 * 1024;

/** How many files loaded cold make the end of the loading worth a full collection (see `build`). */
const COLD_LOADS_COLLECTED = 2000;
