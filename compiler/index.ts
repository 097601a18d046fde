/**
 * The whole pipeline on one screen (STYLE.md): source files in, diagnostics and
 * output files out. Pure: no disk, no clock, no environment; the CLI passes
 * `nowSeconds` for the override-age warnings only.
 *
 *   1-load      parse every file with positions, validate against schemas/
 *   2-analyze   cross-file rules of SPEC §4 (registry, platforms, rows) and
 *               the fleet resolved into one model
 *   3-emit      ArgoCD, Kargo and Platform outputs, canonically serialized
 *
 * The pipeline stops after any step that found an error, so emit never runs
 * on an invalid fleet and a failed compile produces no output. Given a base
 * revision (`--base`), a valid fleet's permanent identifiers and the
 * decommission order of its clusters are then compared with the base's
 * (`permanence`, docs/checks.md).
 */
import type { InputBudget } from './1-load/input-limits.js';
import { emptyFleet, loadFleet, releaseDocuments, type LoadedFleet, type LoadHooks } from './1-load/load-fleet.js';
import { schemaValidators, type SchemaValidators } from './1-load/schema-validation.js';
import type { SourceFile } from './1-load/source-file.js';
import { checkBooks } from './2-analyze/check-books.js';
import { checkClaims } from './2-analyze/check-claims.js';
import { checkDeploySettings } from './2-analyze/check-deploy-settings.js';
import { checkDns } from './2-analyze/check-dns.js';
import { checkDecommission } from './2-analyze/check-decommission.js';
import { checkPermanence } from './2-analyze/check-permanence.js';
import { checkPlatforms } from './2-analyze/check-platforms.js';
import { checkRegistry } from './2-analyze/check-registry.js';
import { checkResilience } from './2-analyze/check-resilience.js';
import { checkRows } from './2-analyze/check-rows.js';
import { indexFleet } from './2-analyze/fleet-index.js';
import { buildModel, type FleetModel } from './2-analyze/fleet-model.js';
import { outputPlan } from './3-emit/emit-outputs.js';
import { withOutputManifest } from './3-emit/output-manifest.js';
import { madeOutputs, type OutputPlan } from './3-emit/output-plan.js';
import { hasErrors, sortDiagnostics, type Diagnostic } from './diagnostics/diagnostic.js';
import { standaloneValidators } from './types/generated/validators.js';
import { ALWAYS, nowWindow, type NowWindow } from './2-analyze/now-window.js';

export interface CompileOptions {
  /** The folder the files were read from, as the user should read it: a missing fleet file names it. */
  folder?: string;
  /** Unix seconds used by the override-age warnings (SPEC §4: older than 7 days; dated after now); never reaches output bytes. */
  nowSeconds: number;
  /** The input schemas' validators (see {@link inputValidators}, the default). */
  validators?: SchemaValidators;
  /** The serial of the address books (SPEC §3.6: `--serial N`, else 0 so committed books never go stale by themselves). */
  serial?: number;
  /** The fleet's input budget (default `INPUT_BUDGET` of 1-load/input-limits.ts: 64 MiB and a million values in all). */
  budget?: InputBudget;
  /** Row folders on disk with no row yet (`<platform>/<service>`), which count as services: only `materialize` gives them. */
  emptyRowFolders?: ReadonlySet<string>;
  /**
   * The base revision of a pull request (`--base DIR`): its files and the
   * label its paths get in diagnostics. When given, the result's
   * `permanence` compares the permanent identifiers (2-analyze/check-permanence.ts)
   * and the decommission order (2-analyze/check-decommission.ts).
   */
  base?: { files: readonly SourceFile[]; label: string };
  /**
   * The platforms whose row folders are among the files, when not all are
   * (`diene render` reads only its own and the sign-in platform's): no other
   * platform is told it has services without rows. Default: every platform's.
   */
  rowsRead?: ReadonlySet<string>;
}

/**
 * What the incremental build (compiler/incremental/) hands the pipeline
 * besides the inputs: how it remembers single files (the loading's hooks,
 * given the head's files only, never `base`'s) and how much it keeps. None
 * changes a result; the library's {@link compileFleet} takes none.
 */
export interface PipelineHooks extends AnalysisHooks {
  /**
   * Drop the positioned documents and the loaded inputs once the checks ran
   * (without `base` only): the emitters need the model's values, not
   * positions, so a caller that uses nothing but the outputs and diagnostics
   * (`diene compile`) holds far less while the outputs are made.
   * The result's `model.loaded` is then empty.
   */
  releaseDocuments?: boolean;
}

export interface CompileResult {
  /** Every finding of the run, sorted by file, line, column, code. */
  diagnostics: Diagnostic[];
  /** Present only when no error was found. */
  model?: FleetModel;
  /** Output path → bytes, present only when no error was found. */
  outputs?: Map<string, string>;
  /**
   * With {@link CompileOptions.base}, on a valid fleet: the permanent
   * identifiers it changes or removes against the base. Kept apart from
   * `diagnostics` because the fleet itself is valid: the CLI refuses the
   * change (exit 1), it does not call the input invalid.
   */
  permanence?: Diagnostic[];
  /** The instants at which the same files give the same result (only the override-age warnings read the clock); for the cache. */
  nowWindow: NowWindow;
}

/** What loading one revision's files gave (1-load): see {@link loadInputs}. */
export type LoadedInputs = ReturnType<typeof loadFleet>;

/** What {@link analyzeFleet} is handed besides the files. */
export interface AnalysisHooks extends LoadHooks {
  /**
   * The files already loaded by {@link loadInputs} with the same options:
   * the analysis starts from them, so a caller that also compares them with
   * another revision (`diene report --base`: the base's permanence checks
   * and its compile) loads them once.
   */
  loaded?: LoadedInputs;
}

/**
 * Loads `files` (1-load) as {@link analyzeFleet} does with the same options
 * and hooks (without `nowSeconds`, no finding is hinted with the time).
 */
export function loadInputs(
  files: readonly SourceFile[],
  options: Pick<CompileOptions, 'validators' | 'budget' | 'folder'> & { nowSeconds?: number },
  hooks: LoadHooks = {},
): LoadedInputs {
  return loadFleet(files, options.validators ?? inputValidators(), options.budget, options.folder, hooks, options.nowSeconds);
}

/** The validators of the input schemas of `schemas/`, precompiled at build time (nothing is compiled at run time). */
export function inputValidators(): SchemaValidators {
  return schemaValidators(standaloneValidators);
}

/** Runs the loading and the analysis (1-load, 2-analyze): diagnostics and, when the fleet is valid, its model. */
export function analyzeFleet(
  files: readonly SourceFile[],
  options: CompileOptions,
  hooks: AnalysisHooks = {},
): { diagnostics: Diagnostic[]; model?: FleetModel; nowWindow: NowWindow } {
  const loaded = hooks.loaded ?? loadInputs(files, options, hooks);
  // A hint that names now (the valuesSince to write) holds at this second only.
  const loadWindow = loaded.readsNow ? { from: options.nowSeconds, until: options.nowSeconds + 1 } : ALWAYS;
  if (hasErrors(loaded.diagnostics) || loaded.incomplete) return { diagnostics: sortDiagnostics(loaded.diagnostics), nowWindow: loadWindow };
  const window = nowWindow(loaded.fleet.rows, options.nowSeconds);
  const index = indexFleet(loaded.fleet, options.emptyRowFolders);
  const checked = [
    ...loaded.diagnostics,
    ...checkRegistry(index),
    ...checkPlatforms(index, options.rowsRead),
    ...checkRows(index, options.nowSeconds),
    ...checkClaims(index),
    ...checkBooks(index),
    ...checkDeploySettings(index),
    ...checkDns(index),
    ...checkResilience(index),
  ];
  if (hasErrors(checked)) return { diagnostics: sortDiagnostics(checked), nowWindow: window };
  return { diagnostics: sortDiagnostics(checked), model: buildModel(index), nowWindow: window };
}

/** Runs the whole pipeline over `files` (any order; the result does not depend on it). */
export function compileFleet(files: readonly SourceFile[], options: CompileOptions): CompileResult {
  const { plan, ...result } = planFleet(files, options);
  return plan ? { ...result, outputs: withOutputManifest(madeOutputs(plan)) } : result;
}

/** What {@link planFleet} gives: a {@link CompileResult} whose outputs are not made yet. */
export interface PlannedFleet extends Omit<CompileResult, 'outputs'> {
  /** Present only when no error was found: every output but the manifest, sorted by path, each made when asked (3-emit/output-plan.ts). */
  plan?: OutputPlan;
}

/**
 * {@link compileFleet} up to the outputs, which are left to be made one at a
 * time by whoever writes or compares them (`diene compile` streams them to
 * disk, holding one at a time).
 */
export function planFleet(files: readonly SourceFile[], options: CompileOptions, hooks: PipelineHooks = {}): PlannedFleet {
  const validators = options.base && !options.validators ? inputValidators() : options.validators;
  const analysis = analyzeFleet(files, { ...options, ...(validators ? { validators } : {}) }, hooks);
  if (!analysis.model) return { diagnostics: analysis.diagnostics, nowWindow: analysis.nowWindow };
  const model = hooks.releaseDocuments && !options.base ? withoutDocuments(analysis.model) : analysis.model;
  const result: PlannedFleet = {
    diagnostics: analysis.diagnostics,
    nowWindow: analysis.nowWindow,
    model,
    plan: outputPlan(model, { serial: options.serial ?? 0 }),
  };
  if (options.base)
    result.permanence = comparePermanence({ loaded: loadFleet(options.base.files, validators ?? inputValidators()), label: options.base.label }, model.loaded);
  return result;
}

/** `model` without its loaded inputs, whose positioned documents are released: the emitters read the model's values, never the loaded inputs. */
function withoutDocuments(model: FleetModel): FleetModel {
  releaseDocuments(model.loaded);
  return { ...model, loaded: emptyFleet() };
}

/**
 * Compares the permanent identifiers and the clusters of the base revision
 * (whatever of it loaded, its paths named `label/…`) with `head`'s: the
 * result's `permanence` of {@link planFleet} given `base`.
 */
export function comparePermanence(base: { loaded: LoadedInputs; label: string }, head: LoadedFleet): Diagnostic[] {
  const { loaded } = base;
  const failed = new Set(loaded.diagnostics.filter((d) => d.severity === 'error').map((d) => d.file ?? ''));
  const revision = { index: indexFleet(loaded.fleet), loadErrors: failed.size, label: base.label };
  const headIndex = indexFleet(head);
  return sortDiagnostics([...checkPermanence(revision, headIndex), ...checkDecommission(revision, headIndex)]);
}
