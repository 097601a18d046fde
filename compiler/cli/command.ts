/**
 * What every command shares: the result shape, usage errors, and reading the
 * fleet. Commands return data; `cli.ts` prints it and sets the exit code.
 */
import path from 'node:path';
import type { ParseArgsConfig } from 'node:util';
import type { SourceFile } from '../1-load/source-file.js';
import type { FleetModel } from '../2-analyze/fleet-model.js';
import { cacheFolder } from '../incremental/compile-cache.js';
import { isDirectory, nearbyFleet, pathExists } from '../adapters/filesystem/files.js';
import { readFleetFiles, type FolderScope } from '../adapters/filesystem/read-fleet.js';
import type { ChoiceOf, DiagnosticArgsOf, DiagnosticCode } from '../diagnostics/catalog.js';
import { diagnose, diagnoseUnchecked, hasErrors, sortDiagnostics, type Diagnostic, type DiagnosticArgs } from '../diagnostics/diagnostic.js';
import type { CompileOptions } from '../index.js';
import type { Progress } from './progress.js';
import type { StepSummary } from '../report/step-summary.js';
import { parseArgsOptions, positionalsOf, type CommandHelp } from './help.js';
import { closestName } from '../diagnostics/spelling.js';

/** Exit codes of SPEC §5. */
export const EXIT = { ok: 0, stale: 1, invalid: 2, refused: 3, partial: 4, internal: 70 } as const;

/** Diagnostic output forms of SPEC §5. */
export type Format = 'text' | 'json' | 'github' | 'sarif';

/** What a command produced: its stdout product, its diagnostics and its exit code. */
export interface CommandResult {
  /** The command's product (a diff, a YAML stream, a plan). */
  stdout?: string;
  /** The product as bytes, when it comes as such (a render the cache answers): printed as they are, instead of `stdout`. */
  stdoutBytes?: Uint8Array;
  /** Extra stderr lines (summaries), printed after the diagnostics, each on one line, escaped (a line feed inside one is shown as ␤). */
  notes?: string[];
  /**
   * Findings about the output tree (the stale, missing and extra files of a
   * `--check`): diagnostics in the json, sarif and github forms and in the
   * step summary; the text form lists them in the notes instead.
   */
  outputFindings?: Diagnostic[];
  /** The fleet's folder relative to the repository root ('' or ending with `/`): the github and sarif forms and the step summary name files from the repository root. */
  pathPrefix?: string;
  /** What the run appends to `$GITHUB_STEP_SUMMARY` under GitHub Actions, with its findings. */
  stepSummary?: StepSummary;
  /** `compile --output FILE` was refused (cli/output-file.ts): the log goes to stderr instead. */
  logFileRefused?: boolean;
  diagnostics: Diagnostic[];
  exitCode: number;
  /** When true, the diagnostics are already in `stdout` (e.g. `validate --format json`). */
  diagnosticsInStdout?: boolean;
}

/** Parsed option values of one command. */
export type OptionValues = Record<string, string | boolean | string[] | undefined>;

/** Parsed positionals and options of one command invocation. */
export interface CommandInput {
  positionals: string[];
  values: OptionValues;
  format: Format;
  /** Where a long run says how far it is (prints nothing unless stderr is a terminal). */
  progress?: Progress;
  /** The help of every command of this command line (for `diene completion`, which writes them into a script). */
  everyHelp?: readonly CommandHelp[];
}

/** A command: its name, its options (node:util parseArgs form), its help line and what it does. */
export interface Command {
  name: string;
  usage: string;
  /** What `--help` says; the name, usage, options and positionals above are taken from it ({@link fromHelp}). */
  help: CommandHelp;
  options: NonNullable<ParseArgsConfig['options']>;
  /** How many positionals it takes (after the command word and any sub-command). */
  positionals?: { min: number; max: number };
  /**
   * Forms of its product that `--format` may name besides text, json and
   * github (`markdown`); with one of them the diagnostics are printed as text
   * and the command reads the form from `values.format`.
   */
  formats?: readonly string[];
  run(input: CommandInput): Promise<CommandResult>;
}

/** The catalog codes of usage errors. */
export type UsageCode = Extract<DiagnosticCode, `usage_${string}`>;

/**
 * The arguments a usage code's message and hint need. The front end fills
 * `usage` (the command's usage line) and, when not given, `command` (the
 * command being parsed).
 */
export type UsageArgs<C extends UsageCode> = Omit<DiagnosticArgsOf<C>, 'usage' | 'command'> & { command?: string };

/** A usage error: printed as the catalog diagnostic `code` with `args`, the command's usage line in its hint, exit 2. */
export class UsageError<C extends UsageCode = UsageCode> extends Error {
  constructor(
    readonly code: C,
    readonly args: UsageArgs<C>,
  ) {
    super(diagnoseUnchecked({}, code, { command: '', usage: '', ...(args as DiagnosticArgs) }).message);
  }
}

/** `{option} "{value}" is not {expected}`, e.g. `--diff-lines "many" is not a number of lines or "all"`. */
export function invalidValue(option: string, value: string, expected: string, example: string): UsageError<'usage_option_value_invalid'> {
  return new UsageError('usage_option_value_invalid', { option, value, expected, example });
}

/**
 * The reason of `--override-freeze REASON` (plan dns, apply dns; SPEC §3.3),
 * or `undefined` when the option is not given. A reason of white space only
 * is a usage error (`usage_option_value_invalid`); no value at all is refused
 * by the parser (`usage_option_value_missing`).
 */
export function freezeOverride(values: OptionValues): string | undefined {
  const reason = stringOption(values, 'override-freeze');
  if (reason !== undefined && reason.trim() === '')
    throw invalidValue(
      '--override-freeze',
      reason,
      'a reason (why a person plans despite the freeze)',
      '--override-freeze "INC-4121: the health checker is down, the clusters serve"',
    );
  return reason;
}

/** `diene {command} needs {option}`, and why or how to give it. */
export function missingOption(option: string, why: string): UsageError<'usage_option_missing'> {
  return new UsageError('usage_option_missing', { option, why });
}

/** `{first} and {second} cannot both be given: {why}`; give `choice`. */
export function conflictingOptions(
  first: string,
  second: string,
  why: ChoiceOf<'usage_option_conflict', 'why'>,
  choice: string,
): UsageError<'usage_option_conflict'> {
  return new UsageError('usage_option_conflict', { first, second, why, choice });
}

/**
 * The cache folder `--cache DIR` / `--no-cache` name (or none); both at once
 * is refused, never settled silently. A `coldInCi` command (compile --check,
 * validate: the pull-request gate) uses none in a CI job unless `--cache`
 * names one.
 */
export function cacheFolderOption(values: OptionValues, coldInCi = false): string | undefined {
  if (values['no-cache'] === true && typeof values['cache'] === 'string') throw conflictingOptions('--cache DIR', '--no-cache', 'cache_off', 'one of them');
  return cacheFolder(values, coldInCi);
}

/** The name, usage line, options and positionals of a command, from its help. */
export function fromHelp(help: CommandHelp): Pick<Command, 'name' | 'usage' | 'help' | 'options' | 'positionals' | 'formats'> {
  return {
    name: help.name,
    usage: help.usage,
    help,
    options: parseArgsOptions(help),
    positionals: positionalsOf(help),
    ...(help.formats ? { formats: help.formats.map((f) => f.name) } : {}),
  };
}

/** Unix seconds of `--now` (RFC 3339), else the clock: used only by the override-age warnings, never in output. */
export function nowSeconds(values: OptionValues): number {
  const flag = values['now'];
  if (typeof flag !== 'string') return Math.floor(Date.now() / 1000);
  const parsed = Date.parse(flag);
  if (!Number.isFinite(parsed)) throw invalidValue('--now', flag, 'an RFC 3339 time', '--now 2026-11-21T00:00:00Z');
  return Math.floor(parsed / 1000);
}

/**
 * The absolute fleet root of `--fleet` (default: the current directory).
 * Throws {@link UsageError} naming `option` when it is not a directory: what
 * is there (a file, or nothing), and the fleet root near it when there is one.
 */
export function fleetRoot(values: OptionValues, option = '--fleet'): string {
  const flag = values['fleet'];
  const root = path.resolve(typeof flag === 'string' ? flag : '.');
  if (isDirectory(root)) return root;
  const what = pathExists(root) ? 'file' : 'missing';
  // Look from the folder holding the file, or from the nearest folder on the way to where nothing is.
  // The name typed where nothing is (or the file's name) is what a folder beside it must be a close spelling of to be suggested.
  let start = path.dirname(root);
  let typed = path.basename(root);
  while (!isDirectory(start) && path.dirname(start) !== start) {
    typed = path.basename(start);
    start = path.dirname(start);
  }
  const near = nearFleet(start, false, typed);
  throw new UsageError('usage_fleet_not_directory', {
    option,
    value: typeof flag === 'string' ? flag : root,
    what,
    ...(near ? { fix: 'near', ...near } : { fix: 'none', near: '', nearFlag: '' }),
  });
}

/** The fleet root nearest `start` (see {@link nearbyFleet}) as a hint names it from the working directory: `../` and `--fleet ..` from inside it. */
function nearFleet(start: string, skipStart = false, typed?: string): { near: string; nearFlag: string } | undefined {
  const found = nearbyFleet(start, skipStart, typed);
  if (found === undefined) return undefined;
  const shown = shownPath(found, process.cwd(), found);
  return { near: shown === '.' ? './' : `${shown}${path.sep}`, nearFlag: shown };
}

/**
 * `diagnostics` with the finding that `root` holds no registry/fleet.yaml
 * hinting at the fleet root near it (an enclosing folder, or one below),
 * when there is one. Done on the way out, after any cache: the path is from
 * the working directory, which no cached result knows.
 */
export function withNearbyFleet(diagnostics: Diagnostic[], root: string): Diagnostic[] {
  const where = ` in ${root}`;
  const missing = diagnose({}, 'fleet_file_missing', { file: 'registry/fleet.yaml', where, fix: 'elsewhere', near: '', nearFlag: '' });
  const at = diagnostics.findIndex((d) => d.code === missing.code && d.file === null && d.message === missing.message && d.hint === missing.hint);
  if (at === -1) return diagnostics;
  const near = nearFleet(root, true);
  if (near === undefined) return diagnostics;
  const hinted = diagnose({}, 'fleet_file_missing', { file: 'registry/fleet.yaml', where, fix: 'near', ...near });
  return diagnostics.map((d, i) => (i === at ? { ...d, hint: hinted.hint } : d));
}

/** Reads every input file of the fleet at `root`, or only those under `scopes` (folders relative to `root`). */
export async function readFleet(root: string, scopes?: readonly FolderScope[]): Promise<{ files: SourceFile[]; diagnostics: Diagnostic[] }> {
  return readFleetFiles(root, scopes ? { scopes } : {});
}

/** A fleet read from disk and analyzed: a valid one's model, or the result that stops the command. */
export type FleetAnalysis =
  | { valid: true; files: SourceFile[]; diagnostics: Diagnostic[]; model: FleetModel }
  | { valid: false; files: SourceFile[]; diagnostics: Diagnostic[]; stop: CommandResult };

/** How {@link readAndAnalyze} reads and analyzes. */
export interface ReadAndAnalyzeOptions {
  /** Folders relative to the root: read only the files under these. */
  scopes?: readonly FolderScope[];
  /** Narrows the files read before the analysis sees them. */
  select?: (files: SourceFile[]) => SourceFile[];
  /** The analysis options, given the files it analyzes. */
  analysis: CompileOptions | ((files: readonly SourceFile[]) => CompileOptions);
}

/**
 * The start every fleet command shares: read the fleet at `root`, analyze it
 * (1-load, 2-analyze), and stop with exit 2 and the diagnostics (read and analysis,
 * sorted) when it has an error.
 */
export async function readAndAnalyze(root: string, options: ReadAndAnalyzeOptions): Promise<FleetAnalysis> {
  const read = await readFleet(root, options.scopes);
  const files = options.select ? options.select(read.files) : read.files;
  // The pipeline loads only here: what every command imports (cli.ts among them) stays light.
  const { analyzeFleet } = await import('../index.js');
  const analysis = analyzeFleet(files, { ...(typeof options.analysis === 'function' ? options.analysis(files) : options.analysis), folder: root });
  const diagnostics = sortDiagnostics([...read.diagnostics, ...analysis.diagnostics]);
  if (hasErrors(diagnostics) || !analysis.model) return { valid: false, files, diagnostics, stop: { diagnostics, exitCode: EXIT.invalid } };
  return { valid: true, files, diagnostics, model: analysis.model };
}

/**
 * The base revision of `--base DIR` (a checkout of the base branch): its
 * files, and its directory as seen from the head fleet at `head` as the
 * label its paths get in diagnostics (which name files from the fleet root).
 * Throws {@link UsageError} when it is not a directory.
 */
export async function readBaseRevision(dir: string, head: string): Promise<{ files: SourceFile[]; label: string }> {
  const root = fleetRoot({ fleet: dir });
  const read = await readFleet(root);
  return { files: read.files, label: fromFleetRoot(head, root) };
}

/**
 * `target` (absolute, or from the working directory) as a diagnostic's file
 * names it: from the fleet `root` (`/`-separated) when it lies inside it,
 * else absolute, the rule of {@link shownPath} with the root for the working
 * directory. The text form then names it from the working directory again.
 */
export function fromFleetRoot(root: string, target: string): string {
  return shownPath(target, root).split(path.sep).join('/');
}

/**
 * `target` as diagnostics and notes name a file or folder
 * (docs/diagnostics.md, "How a file is named"): relative to the working
 * directory `cwd` when it lies inside it (`.` for the directory itself), or
 * when both lie inside the fleet root `fleet` (a climb that stays in the
 * fleet: `../registry/…` from `platforms/`); else its absolute path. So the
 * spelling never depends on how deep the checkout or a temporary folder lies.
 */
export function shownPath(target: string, cwd = process.cwd(), fleet?: string): string {
  const absolute = path.resolve(target);
  const relative = path.relative(cwd, absolute);
  if (relative === '') return '.';
  if (isInside(cwd, absolute) || (fleet !== undefined && isInside(fleet, cwd) && isInside(fleet, absolute))) return relative;
  return absolute;
}

/** Whether `target` is `folder` or lies below it (both absolute). */
function isInside(folder: string, target: string): boolean {
  const relative = path.relative(folder, target);
  return relative === '' || (relative !== '..' && !relative.startsWith(`..${path.sep}`) && !path.isAbsolute(relative));
}

/** A string option's value, or `undefined`. */
export function stringOption(values: OptionValues, name: string): string | undefined {
  const value = values[name];
  return typeof value === 'string' ? value : undefined;
}

/** `platform_not_found` for `name`, with the closest platform name as a did-you-mean. */
export function platformNotFound(name: string, platforms: readonly string[]): Diagnostic {
  const closest = closestName(name, platforms);
  return diagnose({}, 'platform_not_found', {
    platform: name,
    known: [...platforms].sort().join(', ') || 'none',
    suggestion: closest ? `did you mean "${closest}"? ` : '',
  });
}
