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
import path from 'node:path';
import { diagnoseFinding, sortDiagnostics, strictWarnings, type Diagnostic } from '../diagnostics/diagnostic.js';
import { compileIncrementally, type CompileOutcome, type Permanence, type UpToDateFrom } from '../incremental/compile-build.js';
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
import { outputLocationProblem, realOutputPath } from '../adapters/filesystem/output-location.js';
import { gitPathMismatch } from './fleet-folder.js';
import { repositoryPrefix, whyBaseNotFleet } from './repository-paths.js';
import { isStrict } from './strict.js';
import { diffLinesOption } from './diff-lines.js';
import { logFileOption, outputFileRefusal, writeOutputFile, type OutputFileOption } from './output-file.js';

export { outputLocationProblem } from '../adapters/filesystem/output-location.js';

async function runCompile({ values, progress = SILENT_PROGRESS }: CommandInput): Promise<CommandResult> {
  const shown: { pathPrefix?: string } = {};
  try {
    // Every result names its files from the repository's root, whichever way the run ended (repository-paths.ts).
    const result = await compileFromArgs(values, progress, shown);
    // A run the cache answered, or whose tree was already in place, wrote nothing either: it is refused all the same.
    const refused = values['check'] !== true && isStrict(values) && result.exitCode === EXIT.ok && strictWarnings(result.diagnostics).length > 0;
    return { ...(refused ? refusedByStrict(result.diagnostics) : result), pathPrefix: shown.pathPrefix };
  } finally {
    progress.clear();
  }
}

/**
 * `result` with the cache's warnings that came after its diagnostics were
 * gathered (a write of the entry or the stamps that failed once the outputs
 * were made: `cache_not_kept`, `cache_file_in_the_way`).
 */
function withLateWarnings(result: CommandResult, warnings: readonly Diagnostic[]): CommandResult {
  const late = warnings.filter((warning) => !result.diagnostics.includes(warning));
  return late.length === 0 ? result : { ...result, diagnostics: sortDiagnostics([...result.diagnostics, ...late]) };
}

async function compileFromArgs(values: CommandInput['values'], progress: Progress, shown: { pathPrefix?: string }): Promise<CommandResult> {
  const root = fleetRoot(values);
  const pathPrefix = repositoryPrefix(root, values);
  shown.pathPrefix = pathPrefix;
  const check = values['check'] === true;
  const chosenCache = cacheFolderOption(values, check);
  const outFlag = stringOption(values, 'out');
  const outDir = realOutputPath(outFlag === undefined ? path.join(root, 'generated') : path.resolve(outFlag));
  const problem = outputLocationProblem(root, outDir);
  if (problem) return { diagnostics: [diagnoseFinding({}, problem)], exitCode: EXIT.invalid };
  if (stringOption(values, 'output') !== undefined && values['format'] !== 'json' && values['format'] !== 'sarif')
    throw missingOption(
      '--format json or --format sarif',
      '--output FILE writes the json or sarif log of the diagnostics, so it is given with --format json or --format sarif',
    );
  const baseFlag = stringOption(values, 'base');
  if (baseFlag !== undefined && !values['check'])
    throw missingOption('--check', '--base compares a pull request with its base branch, so it is given with --check (diene compile --check --base DIR)');
  for (const [option, does, example] of [
    ['diff-lines', 'cuts the diff a --check prints', '--diff-lines all'],
    ['diff-file', 'writes the diff a --check finds', '--diff-file check.diff'],
  ] as const)
    if (stringOption(values, option) !== undefined && !check)
      throw missingOption('--check', `--${option} ${does}, so it is given with --check (diene compile --check ${example})`);
  // Checked before the run, so that a wrong value is refused on a fresh tree as on a stale one.
  if (stringOption(values, 'diff-file') === '-')
    throw invalidValue(
      '--diff-file',
      '-',
      'a file: stdout already carries the review of the check (or the json or sarif log), so the whole diff goes to a file of its own',
      '--diff-file check.diff',
    );
  diffLinesOption(values);
  const refusals = outputFileRefusals(values, root, outDir, baseFlag);
  if (refusals.diagnostics.length > 0) return { diagnostics: refusals.diagnostics, exitCode: EXIT.invalid, ...(refusals.log ? { logFileRefused: true } : {}) };
  const notFleet = baseFlag === undefined ? undefined : whyBaseNotFleet(path.resolve(baseFlag), baseFlag, pathPrefix, 'compile');
  if (baseFlag !== undefined && notFleet !== undefined)
    return { diagnostics: [diagnoseFinding({ file: fromFleetRoot(root, baseFlag) }, notFleet)], exitCode: EXIT.invalid };
  // Seen on the disk around the fleet, not in its inputs: checked on every run, never kept in the cache.
  const folderWarning = gitPathMismatch(root, values);
  if (folderWarning && isStrict(values) && !check) return refusedByStrict([folderWarning]);
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
  const outcome = await compileIncrementally({
    root,
    outDir,
    check,
    ...(cacheDir === undefined ? {} : { cacheDir }),
    ...(base ? { base } : {}),
    nowSeconds: now,
    serial,
    ...(lockWaitMs === undefined ? {} : { lockWaitMs }),
    strict: isStrict(values),
    progress: (stage) => {
      if (stage.inputs < PROGRESS_MIN_FILES) return;
      progress.update(
        stage.step === 'compiling'
          ? `read ${stage.inputs} input files; compiling…`
          : `compiled ${stage.inputs} input files into ${stage.files} outputs; ${stage.step === 'comparing' ? 'comparing with' : 'writing'} ${shownPath(outDir)}…`,
      );
    },
  });
  return withLateWarnings(await commandResult(outcome, { root, outDir, check, values, baseFlag }), [
    ...outcome.cacheWarnings,
    ...(folderWarning ? [folderWarning] : []),
  ]);
}

/** The refusals of `--diff-file` and `--output` (output-file.ts); `log` when the `--output` log is among them (it then goes to stderr). */
function outputFileRefusals(values: OptionValues, root: string, outDir: string, baseFlag: string | undefined): { diagnostics: Diagnostic[]; log: boolean } {
  const roots = [root, ...(baseFlag === undefined ? [] : [path.resolve(baseFlag)])];
  const diffFile = stringOption(values, 'diff-file');
  const output = stringOption(values, 'output');
  const diff = diffFile === undefined ? undefined : outputFileRefusal(diffFile, DIFF_FILE, roots, outDir);
  const log = output === undefined || output === '-' ? undefined : outputFileRefusal(output, logFileOption(values), roots, outDir);
  return { diagnostics: [...(diff ? [diff] : []), ...(log ? [log] : [])], log: log !== undefined };
}

/** `--diff-file`, with the file a refusal suggests instead. */
const DIFF_FILE: OutputFileOption = { option: '--diff-file', example: 'check.diff' };

/**
 * `result` of a `--check` that compared the tree (`compared`: fresh or stale),
 * with `--diff-file` written: the diff when stale, empty when fresh, so the
 * file always holds this run's diff; a file the system refuses is
 * `output_file_write_failed`, exit 2, saying the verdict.
 */
function withDiffFile(result: CommandResult, patch: string, values: OptionValues, compared: 'fresh' | 'stale'): CommandResult {
  const diffFile = stringOption(values, 'diff-file');
  if (diffFile === undefined) return result;
  const verdict = result.exitCode === EXIT.ok ? 'fresh' : result.exitCode === EXIT.stale && compared === 'stale' ? 'stale' : 'failed';
  const failed = writeOutputFile(diffFile, patch, DIFF_FILE, { verdict, exit: result.exitCode, then: 'other' });
  return failed ? { ...result, diagnostics: [...result.diagnostics, failed], exitCode: EXIT.invalid } : result;
}

/** The words of what a run that left the tree in place found, by how it found it. */
const UP_TO_DATE_FROM: Record<UpToDateFrom, string> = {
  cache: 'from the cache; ',
  // Most such changes are a pin bump: said, since "nothing written" after one surprises the first time.
  pins: "compiled; no generated file changes: a row's pins and values are read from the row by Argo CD, never written into them; ",
  compiled: 'compiled; ',
};

/** The notes, diagnostics, exit code and step summary of `outcome`. */
async function commandResult(
  outcome: CompileOutcome,
  run: { root: string; outDir: string; check: boolean; values: OptionValues; baseFlag: string | undefined },
): Promise<CommandResult> {
  const { root, outDir, check } = run;
  const outShown = shownPath(outDir);
  /** The step summary of a `--check` (a compile that writes has none). */
  const summary = (verdict: string) => (check ? { stepSummary: { title: 'diene compile --check', verdict } } : {});
  const ended = (result: CommandResult): CommandResult =>
    'permanence' in outcome && outcome.permanence ? withRefusal(result, { ...outcome.permanence, base: run.baseFlag ?? '' }) : result;
  switch (outcome.verdict) {
    case 'input-changed':
      return { diagnostics: outcome.diagnostics, exitCode: EXIT.invalid };
    case 'invalid': {
      const { errors } = outcome;
      const verdict = errors === undefined ? 'the fleet does not compile' : `the fleet does not compile: ${errors} error${errors === 1 ? '' : 's'}`;
      return { diagnostics: outcome.diagnostics, exitCode: EXIT.invalid, ...summary(verdict) };
    }
    case 'strict':
      return refusedByStrict(outcome.diagnostics);
    case 'refused': {
      if (!outcome.foreign) return { diagnostics: outcome.diagnostics, exitCode: EXIT.invalid };
      const { foreignDiagnostics, foreignPlace } = await import('./output-refusals.js');
      const place = await foreignPlace(outcome.foreign, outDir, root);
      return ended({ diagnostics: [...outcome.diagnostics, ...foreignDiagnostics(outcome.foreign, place)], exitCode: EXIT.invalid });
    }
    case 'up-to-date':
      return {
        diagnostics: outcome.diagnostics,
        notes: [`up to date: the ${outcome.files} files in ${outShown} already match the inputs (${UP_TO_DATE_FROM[outcome.from]}nothing written)`],
        exitCode: EXIT.ok,
      };
    case 'fresh':
      return withDiffFile(
        ended({
          diagnostics: outcome.diagnostics,
          notes: [`fresh: ${outcome.files} files in ${outShown} match the inputs`, ...outcome.leftovers],
          exitCode: EXIT.ok,
          ...summary(`fresh: the ${outcome.files} generated files match what the inputs produce`),
        }),
        '',
        run.values,
        'fresh',
      );
    case 'stale':
      return withDiffFile(ended(await staleResult(outcome, run, summary)), outcome.diff.patch, run.values, 'stale');
    case 'written':
      return { diagnostics: outcome.diagnostics, notes: [writtenNote(outcome, outShown), ...outcome.notes], exitCode: EXIT.ok };
  }
}

/**
 * The note of a write. Unchanged files are hard links to the previous tree's: it says how many outputs changed, and how many the
 * previous tree did not hold (new to it: a new output, or one deleted by hand, which --check calls missing) and how many of its files
 * the inputs no longer make (removed). The manifest is written every
 * time (without the cache, a tree already right is replaced by the same files).
 */
function writtenNote(written: Extract<CompileOutcome, { verdict: 'written' }>, outShown: string): string {
  const { files, linked, missing, removed } = written;
  const changed = files - 1 - linked - missing;
  const gone = removed > 0 ? [`${removed} removed (no longer made from the inputs)`] : [];
  const differing = [...(changed > 0 ? [`${changed} changed`] : []), ...(missing > 0 ? [`${missing} new (not in the previous tree)`] : []), ...gone];
  return linked === 0
    ? `wrote ${files} files to ${outShown}${gone.length > 0 ? ` (${gone[0]})` : ''}`
    : differing.length === 0
      ? `the ${files} files in ${outShown} are what the inputs produce: nothing changed (without a cache the tree is rewritten: ${linked} files hard-linked to themselves and the manifest anew; with --cache an unchanged tree is left alone)`
      : `wrote ${files} files to ${outShown} (${differing.join(', ')}, ${linked} unchanged and linked from the previous tree, and the manifest)${namedChanges(written.changedFiles)}`;
}

/** The review, notes and findings of a `--check` whose tree differs from what the inputs produce. */
async function staleResult(
  stale: Extract<CompileOutcome, { verdict: 'stale' }>,
  run: { root: string; outDir: string; values: OptionValues },
  summary: (verdict: string) => Partial<CommandResult>,
): Promise<CommandResult> {
  const { root, outDir, values } = run;
  const [{ staleCheckOutput, foreignFiles, checkCounts, compileCommandLine }, { octal }, { foreignPlace }] = await Promise.all([
    import('./check-output.js'),
    import('../plan/output-tree-diff.js'),
    import('./output-refusals.js'),
  ]);
  const { diff, foreign, files } = stale;
  const outShown = shownPath(outDir);
  const place = await foreignPlace(foreign, outDir, root);
  const review = await staleCheckOutput({
    wanted: stale.wanted,
    onDisk: stale.onDisk,
    modes: stale.modes,
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
  const compile = compileCommandLine(values);
  const next = notOurs
    ? `\`diene compile\` refuses to remove or overwrite what diene did not write: restore or move ${notOurs === 1 ? 'it' : 'them'} yourself (a file marked edited below: ${restore} if its edit is not wanted, or change the fleet's inputs to keep it; a file marked foreign: move it out), then run \`${compile}\` and commit the result`
    : `run \`${compile}\` and commit the result`;
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
      const mode = stale.modes.get(f);
      return mode ? `  changed ${f}  (mode ${octal(mode[0])}; a write gives ${octal(mode[1])})` : line(f, 'changed');
    }),
    ...diff.missing.map((f) => `  missing ${f}`),
    ...diff.extra.map((f) => line(f, 'extra  ')),
  ];
  return {
    stdout: review.stdout,
    diagnostics: stale.diagnostics,
    notes: [...notes, ...stale.leftovers],
    outputFindings: review.findings,
    exitCode: EXIT.stale,
    ...summary(`stale: ${verdict}`),
  };
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

/**
 * A `--check` result with the refusal of permanent identifiers joined to it (none: unchanged): its note comes first, before the
 * comparison's fresh or stale, and the step summary's verdict says both. The exit code is the refusal's, 1, as for a stale tree
 * (SPEC §5), unless the comparison was itself refused as a usage error (a wrong --out: exit 2, which putting the identifier
 * back would not clear).
 */
function withRefusal(compared: CommandResult, refusal: Permanence & { base: string }): CommandResult {
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
