/**
 * The command line (SPEC §5). `cli.ts` and the command modules in `cli/` are
 * the only code that reads argv, touches the disk through the adapters,
 * prints, or sets the exit code. Exit codes: 0 done, 1 `--check` found stale
 * output, 2 invalid input or usage, 3 refused by a brake, 4 applied in part,
 * 70 internal fault (never 1, which means "stale").
 *
 * Output goes through `process.stdout.write` and the exit code through
 * `process.exitCode`; `process.exit()` is never called, because it truncates
 * piped output past 64 KiB.
 */
import path from 'node:path';
import { diagnose, diagnoseUnchecked, errorsFirst, isAboutTheMachine, type Diagnostic, type DiagnosticArgs } from './diagnostics/diagnostic.js';
import { formatGithub, formatJson, formatText, formatTextReport, terminalLines, useColour } from './diagnostics/format.js';
import { formatSarif } from './diagnostics/sarif.js';
import { formatStepSummary } from './report/step-summary.js';
import { rootedDiagnostics } from './cli/repository-paths.js';
import { maskSecrets } from './diagnostics/secrets.js';
import { appendText } from './adapters/filesystem/files.js';
import { logFileOption, writeOutputFile } from './cli/output-file.js';
import { toolVersion } from './adapters/filesystem/tool-version.js';
import { missingPackage } from './adapters/package-missing.js';
import { EXIT, invalidValue, shownPath, UsageError, withNearbyFleet, type Command, type CommandResult, type Format, type OptionValues } from './cli/command.js';
import {
  closest,
  COMMON_OPTION_HELP,
  formatChoices,
  formatCommandHelp,
  formatGroupHelp,
  formatMainHelp,
  optionsOf,
  TOP_LEVEL_OPTION_HELP,
  type CommandHelp,
} from './cli/help.js';
import { parseCommandArgs, plainWords } from './cli/parse-args.js';
import { SILENT_PROGRESS, terminalProgress } from './cli/progress.js';
import { isStrict, strictResult } from './cli/strict.js';
import { nodeReleaseWarnings } from './cli/node-release.js';
import { applyBooksHelp } from './cli/apply-books.help.js';
import { atlasHelp } from './cli/atlas.help.js';
import { applyDnsHelp } from './cli/apply-dns.help.js';
import { applyKubeHelp } from './cli/apply-kube.help.js';
import { claimSetPathsHelp } from './cli/claim-set-paths.help.js';
import { compileHelp } from './cli/compile.help.js';
import { completionHelp } from './cli/completion.help.js';
import { exportDnsHelp } from './cli/export-dns.help.js';
import { initHelp } from './cli/init.help.js';
import { materializeHelp } from './cli/materialize.help.js';
import { planDnsHelp } from './cli/plan-dns.help.js';
import { renderHelp } from './cli/render.help.js';
import { reportHelp } from './cli/report.help.js';
import { routeHelp } from './cli/route.help.js';
import { schemasHelp } from './cli/schemas.help.js';
import { simulateHelp } from './cli/simulate.help.js';
import { validateHelp } from './cli/validate.help.js';

export { EXIT } from './cli/command.js';

/** A command's help (data, cheap to load) and how to load its module. */
interface CommandEntry {
  help: CommandHelp;
  load: () => Promise<Command>;
}

/**
 * Every command, listed explicitly (no registry filled by imports). A command's
 * module is imported only when that command runs: the appliers' cloud SDKs
 * take about a second to load, which `compile` and `render` (run on every
 * pull request and every ArgoCD sync) never need. Help, suggestions and
 * completion read only the help data.
 */
const COMMANDS: readonly CommandEntry[] = [
  { help: initHelp, load: async () => (await import('./cli/init.js')).initCommand },
  { help: compileHelp, load: async () => (await import('./cli/compile.js')).compileCommand },
  { help: validateHelp, load: async () => (await import('./cli/validate.js')).validateCommand },
  { help: renderHelp, load: async () => (await import('./cli/render.js')).renderCommand },
  { help: materializeHelp, load: async () => (await import('./cli/materialize.js')).materializeCommand },
  { help: planDnsHelp, load: async () => (await import('./cli/plan-dns.js')).planDnsCommand },
  { help: routeHelp, load: async () => (await import('./cli/route.js')).routeCommand },
  { help: applyBooksHelp, load: async () => (await import('./cli/apply-books.js')).applyBooksCommand },
  { help: applyDnsHelp, load: async () => (await import('./cli/apply-dns.js')).applyDnsCommand },
  { help: exportDnsHelp, load: async () => (await import('./cli/export-dns.js')).exportDnsCommand },
  { help: claimSetPathsHelp, load: async () => (await import('./cli/claim-set-paths.js')).claimSetPathsCommand },
  { help: applyKubeHelp, load: async () => (await import('./cli/apply-kube.js')).applyKubeCommand },
  { help: reportHelp, load: async () => (await import('./cli/report.js')).reportCommand },
  { help: simulateHelp, load: async () => (await import('./cli/simulate.js')).simulateCommand },
  { help: atlasHelp, load: async () => (await import('./cli/atlas.js')).atlasCommand },
  { help: schemasHelp, load: async () => (await import('./cli/schemas.js')).schemasCommand },
  { help: completionHelp, load: async () => (await import('./cli/completion.js')).completionCommand },
];

/** Every command's help, in the order of {@link COMMANDS}. */
export const COMMAND_HELPS: readonly CommandHelp[] = COMMANDS.map((entry) => entry.help);

/** Loads the module of `entry` and checks that it is the command the entry names. */
async function loadCommand(entry: CommandEntry): Promise<Command> {
  const command = await entry.load();
  if (command.name !== entry.help.name) throw new Error(`the COMMANDS entry "${entry.help.name}" loads the command "${command.name}"`);
  return command;
}

/** The usage line a usage error shows when no command was named. */
const TOP_USAGE = 'diene COMMAND [ARGUMENTS] [OPTIONS]';

/** What one run of the command line knows so far: the command being parsed or run, for the usage line of a usage error. */
interface RunContext {
  command?: CommandHelp;
}

/** "a, b or c". */
function listing(words: readonly string[]): string {
  return words.join(', ').replace(/, ([^,]*)$/, ' or $1');
}

const GROUPS = [...new Set(COMMAND_HELPS.filter((h) => h.name.includes(' ')).map((h) => h.name.split(' ')[0] as string))];
const FIRST_WORDS = [...new Set(COMMAND_HELPS.map((h) => h.name.split(' ')[0] as string))];

/**
 * The command `words` name: one word, or a group and its subcommand. Throws
 * {@link UsageError} for an unknown command (with the nearest one), a group
 * without or with an unknown subcommand (listing its subcommands). `help` is
 * true when the words are a help topic, where a bare group is fine.
 */
function resolve(words: readonly string[], help: boolean): { entry: CommandEntry; used: number } | { group: string } {
  const [first, second] = words as [string, string | undefined];
  const single = COMMANDS.find((entry) => entry.help.name === first);
  if (single) return { entry: single, used: 1 };
  if (GROUPS.includes(first)) {
    const members = COMMANDS.filter((entry) => entry.help.name.startsWith(`${first} `));
    const subs = members.map((entry) => entry.help.name.slice(first.length + 1));
    if (second === undefined) {
      if (help) return { group: first };
      throw new UsageError('usage_subcommand_missing', {
        group: first,
        subcommands: listing(subs),
        usages: listing(members.map((entry) => `diene ${entry.help.name}`)),
      });
    }
    const entry = members.find((m) => m.help.name === `${first} ${second}`);
    if (entry) return { entry, used: 2 };
    const near = closest(second, subs);
    throw new UsageError('usage_subcommand_unknown', {
      group: first,
      subcommand: second,
      suggestion: near ? `did you mean \`diene ${first} ${near}\`? ` : '',
      subcommands: listing(subs),
    });
  }
  // `diene compil`, and `diene kube` for `diene apply kube`
  const lastWords = COMMAND_HELPS.filter((h) => h.name.includes(' ')).map((h) => h.name);
  const near =
    closest(first, [...FIRST_WORDS, 'help']) ??
    lastWords.find((name) => name.endsWith(` ${first.toLowerCase()}`) && lastWords.filter((n) => n.endsWith(` ${first.toLowerCase()}`)).length === 1);
  throw new UsageError('usage_command_unknown', {
    command: first,
    suggestion: near ? `did you mean \`diene ${near}\`? ` : '',
    commands: listing([...FIRST_WORDS, 'help']),
  });
}

/** How much a run prints besides its product: errors only, errors and warnings, or everything (the summary notes too). */
type Level = 'error' | 'warning' | 'info';

interface Run {
  result: CommandResult;
  format: Format;
  level: Level;
  /** `--path-prefix` was given: every form, text and json too, names files from the repository root. */
  prefixGiven?: boolean;
  /** The fleet root the diagnostics name files from (`--fleet`, else the working directory). */
  root?: string;
  /** `--strict` was given (compile, validate): warnings fail the run (cli/strict.ts). */
  strict?: boolean;
  /** `compile --output FILE`: where the json or sarif log goes instead of stderr (`-`: stdout). */
  logFile?: string;
  /** The command that ran (the SARIF log's tool invocation). */
  commandName?: string;
  /** The parsed options (the `--output` log's file and form). */
  values?: OptionValues;
}

function helpRun(text: string): Run {
  return { result: { stdout: text, diagnostics: [], exitCode: EXIT.ok }, format: 'text', level: 'info' };
}

/** Whether `flag` (or its short form) is among the options of argv, before any `--`. */
function hasFlag(argv: readonly string[], long: string, short: string): boolean {
  const end = argv.indexOf('--');
  return (end === -1 ? argv : argv.slice(0, end)).some((a) => a === long || a === short);
}

const EVERY_OPTION = [...COMMAND_HELPS.flatMap(optionsOf), ...TOP_LEVEL_OPTION_HELP];

async function run(argv: readonly string[], context: RunContext): Promise<Run> {
  const words = plainWords(argv, EVERY_OPTION);
  const wantsHelp = hasFlag(argv, '--help', '-h');
  const wantsVersion = hasFlag(argv, '--version', '-V');
  if (words.length === 0) {
    if (wantsVersion && !wantsHelp) return helpRun(`${toolVersion()}\n`);
    if (wantsHelp || argv.length === 0) return helpRun(formatMainHelp(COMMAND_HELPS));
    throw new UsageError('usage_command_missing', { commands: listing([...FIRST_WORDS, 'help']) });
  }
  const first = words[0]?.word as string;
  if (first === 'version') return helpRun(`${toolVersion()}\n`);
  if (first === 'help') {
    const topic = words.slice(1).map((w) => w.word);
    // `diene help help`: the main help is where `help` itself is described.
    if (topic.length === 0 || (topic.length === 1 && topic[0] === 'help')) return helpRun(formatMainHelp(COMMAND_HELPS));
    const found = resolve(topic, true);
    return helpRun('group' in found ? formatGroupHelp(found.group, COMMAND_HELPS) : formatCommandHelp(found.entry.help));
  }
  const found = resolve(
    words.map((w) => w.word),
    wantsHelp,
  );
  if ('group' in found) return helpRun(formatGroupHelp(found.group, COMMAND_HELPS));
  const { entry, used } = found;
  context.command = entry.help;
  if (wantsHelp) return helpRun(formatCommandHelp(entry.help));
  if (wantsVersion) return helpRun(`${toolVersion()}\n`);
  const commandIndices = new Set(words.slice(0, used).map((w) => w.index));
  const parsed = parseCommandArgs(
    argv.filter((_, i) => !commandIndices.has(i)),
    entry.help,
    COMMAND_HELPS,
  );
  const values = parsed.values;
  const formatFlag = typeof values['format'] === 'string' ? values['format'] : 'text';
  const choices = formatChoices(entry.help);
  if (!choices.includes(formatFlag)) throw invalidValue('--format', formatFlag, listing(choices), `--format ${choices[1] ?? 'text'}`);
  const format = ((entry.help.formats ?? []).some((f) => f.name === formatFlag) ? 'text' : formatFlag) as Format;
  const severityFlag = typeof values['min-severity'] === 'string' ? values['min-severity'] : 'info';
  const levels = COMMON_OPTION_HELP.find((o) => o.name === 'min-severity')?.choices ?? [];
  if (!levels.includes(severityFlag)) throw invalidValue('--min-severity', severityFlag, listing(levels), '--min-severity warning');
  const level: Level = values['quiet'] ? 'error' : (severityFlag as Level);
  const progress = process.stderr.isTTY && format === 'text' && level === 'info' ? terminalProgress(process.stderr, entry.help.name) : SILENT_PROGRESS;
  const command = await loadCommand(entry);
  const prefixGiven = typeof values['path-prefix'] === 'string';
  // Only a command whose help lists --strict can be given it: the parser refuses it elsewhere (render, report).
  const strict = isStrict(values);
  const ran = await command.run({
    positionals: parsed.positionals,
    values,
    format,
    progress,
    ...(command.name === 'completion' ? { everyHelp: COMMAND_HELPS } : {}),
  });
  const result = strict ? strictResult(ran) : ran;
  const root = path.resolve(typeof values['fleet'] === 'string' ? values['fleet'] : '.');
  const logFile = command.name === 'compile' && typeof values['output'] === 'string' && !result.logFileRefused ? values['output'] : undefined;
  return {
    result: { ...result, diagnostics: withNearbyFleet(result.diagnostics, root) },
    format,
    level,
    prefixGiven,
    root,
    strict,
    ...(logFile === undefined ? {} : { logFile }),
    commandName: entry.help.name,
    values,
  };
}

/**
 * The diagnostics `level` lets through: errors always, warnings unless errors
 * only; under `--strict` also the warnings it counts, since they fail the run
 * as errors do.
 */
function shownDiagnostics(diagnostics: readonly Diagnostic[], level: Level, strict: boolean): Diagnostic[] {
  if (level !== 'error') return [...diagnostics];
  return diagnostics.filter((d) => d.severity === 'error' || (strict && !isAboutTheMachine(d)));
}

/**
 * Appends the run's step summary to `$GITHUB_STEP_SUMMARY` under GitHub
 * Actions; a file it cannot write is a warning, returned to be printed with
 * the run's diagnostics (the check itself stands).
 */
function writeStepSummary(result: CommandResult, diagnostics: readonly Diagnostic[]): Diagnostic[] {
  const file = process.env['GITHUB_STEP_SUMMARY'];
  if (!result.stepSummary || process.env['GITHUB_ACTIONS'] !== 'true' || !file) return [];
  try {
    appendText(file, formatStepSummary(result.stepSummary, rootedDiagnostics(diagnostics, result.pathPrefix ?? ''), result.exitCode === EXIT.ok));
    return [];
  } catch (error) {
    const reason = (error as Error).message.replace(/, \w+ '[^']*'$/, '');
    return [diagnose({}, 'step_summary_write_failed', { file, reason })];
  }
}

/**
 * `diagnostics` with their files (named from the fleet `root`) named from the
 * working directory by the rule of {@link shownPath}, so that a path in the
 * text form opens from where the command ran; unchanged when that is the root.
 */
function fromWorkingDirectory(diagnostics: readonly Diagnostic[], root: string | undefined): Diagnostic[] {
  const cwd = process.cwd();
  if (root === undefined || path.resolve(root) === cwd) return [...diagnostics];
  const named = (file: string | null): string | null => {
    // `base:registry/…` (report) names a file of the base revision, in no folder here.
    if (file === null || file.startsWith('base:')) return file;
    const shown = shownPath(path.resolve(root, file), cwd, path.resolve(root)).split(path.sep).join('/');
    // A folder's finding keeps its closing slash (`platforms/nitroso/zinc/`).
    return file.endsWith('/') && !shown.endsWith('/') ? `${shown}/` : shown;
  };
  return diagnostics.map((d) => ({ ...d, file: named(d.file), related: d.related.map((r) => ({ ...r, file: named(r.file) })) }));
}

/**
 * The one plain line said before a json or sarif log that goes to stderr
 * because its `--output` file was refused or could not be written: a person
 * reading the job's log sees why without reading the document, which follows
 * whole on the rest of stderr.
 */
function logFallbackLine(diagnostic: Diagnostic, form: 'json' | 'sarif'): string {
  return `${terminalLines([maskSecrets(`diene: ${diagnostic.severity} ${diagnostic.code}: ${diagnostic.message} (the ${form} log follows on stderr)`)])}\n`;
}

/**
 * Writes the json or sarif log where `compile --output` says (`-`: stdout; a
 * file's missing folders are made) or, without it, to stderr. `log` makes it
 * from extra diagnostics: a file the system refuses is said in the log, which
 * then goes to stderr, and the run exits 2 (cli/output-file.ts); returns the
 * run's exit code.
 */
function writeLog(
  log: (extra: readonly Diagnostic[]) => string,
  logFile: string | undefined,
  values: OptionValues,
  exitCode: number,
  form: 'json' | 'sarif',
  refused?: Diagnostic,
): number {
  if (logFile === '-') process.stdout.write(log([]));
  else if (logFile === undefined) {
    if (refused !== undefined) process.stderr.write(logFallbackLine(refused, form));
    process.stderr.write(log([]));
  } else {
    const verdict = exitCode === EXIT.ok ? 'passed' : 'failed';
    const failed = writeOutputFile(logFile, log([]), logFileOption(values), { verdict, exit: exitCode, then: 'log' });
    if (failed === undefined) return exitCode;
    process.stderr.write(logFallbackLine(failed, form));
    process.stderr.write(log([failed]));
    return EXIT.invalid;
  }
  return exitCode;
}

/** Prints the run's product, diagnostics and notes; returns its exit code (2 when the --output log could not be written). */
function emit({ result, format, level, prefixGiven = false, root, strict = false, logFile, commandName = 'diene', values = {} }: Run): number {
  const own = shownDiagnostics(result.diagnostics, level, strict);
  // The findings about the output tree: diagnostics in every form but text, where the notes list them.
  // Every list is in triage order: errors first, each group in the order the command gave (its findings sorted by file,
  // then those about the output tree as its review names them).
  const findings = errorsFirst([...own, ...(result.outputFindings ?? [])]);
  const diagnostics = errorsFirst([...own, ...writeStepSummary(result, findings)]);
  const everything = errorsFirst([...diagnostics, ...(result.outputFindings ?? [])]);
  const rooted = () => rootedDiagnostics(everything, result.pathPrefix ?? '');
  // With --path-prefix (where the fleet is in its repository) the text and json forms name files from the repository root.
  // Without it the json form names them from the fleet root (the same from any working directory), the text form
  // from the working directory.
  const named = (list: readonly Diagnostic[]) => (prefixGiven ? rootedDiagnostics(list, result.pathPrefix ?? '', true) : list);
  const shown = (list: readonly Diagnostic[]) => (prefixGiven ? named(list) : fromWorkingDirectory(list, root));
  // validate --format json|sarif: the diagnostics on stdout are the product, filtered like any report.
  if (result.diagnosticsInStdout && format === 'json') process.stdout.write(formatJson(named(everything)));
  else if (result.diagnosticsInStdout && format === 'sarif')
    process.stdout.write(formatSarif(rooted(), { version: toolVersion(), fleetFolder: result.pathPrefix ?? '', command: commandName }));
  // With the log on stdout (`compile --output -`), the review that stdout would hold goes to stderr.
  else if (result.stdoutBytes) (logFile === '-' ? process.stderr : process.stdout).write(result.stdoutBytes);
  else if (result.stdout) (logFile === '-' ? process.stderr : process.stdout).write(result.stdout);
  let exitCode = result.exitCode;
  if (!result.diagnosticsInStdout) {
    // A refused `--output` (compile) is said in one plain line before the log that goes to stderr instead.
    const refused = result.logFileRefused ? result.diagnostics.find((d) => d.code === 'output_file_in_fleet' && d.message.startsWith('--output ')) : undefined;
    if (format === 'json')
      exitCode = writeLog((extra) => formatJson(named(errorsFirst([...everything, ...extra]))), logFile, values, exitCode, 'json', refused);
    else if (format === 'sarif')
      exitCode = writeLog(
        (extra) =>
          formatSarif(rootedDiagnostics(errorsFirst([...everything, ...extra]), result.pathPrefix ?? ''), {
            version: toolVersion(),
            fleetFolder: result.pathPrefix ?? '',
            command: commandName,
          }),
        logFile,
        values,
        exitCode,
        'sarif',
        refused,
      );
    else {
      process.stderr.write(formatTextReport(shown(diagnostics), { colour: useColour(process.stderr.isTTY, process.env), strict }));
      if (format === 'github' || process.env['GITHUB_ACTIONS'] === 'true') process.stderr.write(formatGithub(rooted()));
    }
  }
  // With --format json or sarif, stderr carries exactly one document (after one plain line when a --output log falls back to it): the notes (summaries for people) are left out.
  // Notes are info: below --min-severity info they are printed only when the command failed (they say why).
  // Notes name repositories and paths as given: a URL with a token (`--repo https://user:token@…`) is masked like a diagnostic.
  const machine = format === 'json' || format === 'sarif';
  const notesShown = level === 'info' || result.exitCode !== EXIT.ok;
  if (!machine && notesShown && result.notes?.length) process.stderr.write(`${terminalLines(result.notes.map((note) => maskSecrets(note)))}\n`);
  return exitCode;
}

/** Whether argv asks for `form` (json, sarif) diagnostics (read without parsing: the usage error may be in the parsing). */
function asksFor(argv: readonly string[], form: string): boolean {
  const at = argv.indexOf('--format');
  return argv.includes(`--format=${form}`) || (at !== -1 && argv[at + 1] === form);
}

/**
 * The lines that end a usage error in the text form, where a run ends with
 * its count: the usage line of the command (of each subcommand of a group,
 * of diene when no command was named) and the help that describes it. A
 * mistyped flag is no finding to count.
 */
function usageTail(error: UsageError, current: CommandHelp | undefined): string[] {
  if (current !== undefined) return [`usage: ${current.usage}`, `\`diene help ${current.name}\` describes every option`];
  const group = 'group' in error.args && typeof error.args.group === 'string' ? error.args.group : undefined;
  const members = group === undefined ? [] : COMMAND_HELPS.filter((h) => h.name.startsWith(`${group} `));
  if (group !== undefined && members.length > 0)
    return [...members.map((h, i) => `${i === 0 ? 'usage:' : '   or:'} ${h.usage}`), `\`diene help ${group}\` describes each subcommand`];
  return [`usage: ${TOP_USAGE}`, '`diene help` describes each command'];
}

/**
 * A usage error's hint without what its tail says ({@link usageTail}): the
 * usage line and the pointer to the help, which the json, sarif and GitHub
 * forms keep in the hint (they have no tail). What is left is the fix itself,
 * or nothing.
 */
function withoutUsage(hint: string, usage: string): string {
  return hint
    .split(`usage: ${usage}`)
    .join('')
    .replace(/`diene [^`]*` describes (?:each|every option)/g, '')
    .replace(/(?:\s*;)+\s*$/, '')
    .replace(/^(?:\s*;)+\s*/, '')
    .replace(/;\s*;/g, ';')
    .trim();
}

/**
 * Prints a usage error: the catalog diagnostic with the command's usage line
 * (and `machine`, the warnings about the process), in the json or sarif form
 * when asked; in text, the diagnostic with the fix alone and then the usage
 * line and the help that describes it, instead of a count.
 */
function emitUsageError(error: UsageError, argv: readonly string[], current: CommandHelp | undefined, machine: readonly Diagnostic[]): void {
  const usageLine = current?.usage ?? TOP_USAGE;
  // The code and its arguments were checked where the UsageError was built; the front end adds the usage line.
  const usage = diagnoseUnchecked({}, error.code, {
    command: current?.name ?? 'COMMAND',
    usage: usageLine,
    ...(error.args as DiagnosticArgs),
  });
  // SARIF only from a command that takes it: any other refuses `--format sarif` in text.
  const sarif = asksFor(argv, 'sarif') && current !== undefined && formatChoices(current).includes('sarif');
  const form = asksFor(argv, 'json')
    ? formatJson([usage, ...machine])
    : sarif
      ? formatSarif([usage, ...machine], { version: toolVersion(), fleetFolder: '', command: current?.name ?? 'diene' })
      : undefined;
  if (form !== undefined) {
    // `validate --format json|sarif` puts its diagnostics on stdout (SPEC §5); a usage error keeps that promise.
    if (current?.name === 'validate') process.stdout.write(form);
    else process.stderr.write(form);
    return;
  }
  const colour = useColour(process.stderr.isTTY, process.env);
  const shown = [{ ...usage, hint: withoutUsage(usage.hint, usageLine) }, ...machine];
  process.stderr.write(`${shown.map((d) => formatText(d, { colour })).join('\n\n')}\n\n${terminalLines(usageTail(error, current))}\n`);
  annotateForGithub([usage, ...machine], argv);
}

/** Under `--format github` or in a GitHub Actions job, a refusal before the run also gets its `::error` annotation (as `emit` gives every diagnostic). */
function annotateForGithub(diagnostics: readonly Diagnostic[], argv: readonly string[]): void {
  if (asksFor(argv, 'github') || process.env['GITHUB_ACTIONS'] === 'true') process.stderr.write(formatGithub(diagnostics));
}

/**
 * Prints that the command needs an optional peer dependency that is not
 * installed (package-missing.ts): the import failed before anything was read
 * or written.
 */
function emitPeerMissing(peer: string, argv: readonly string[], current: CommandHelp | undefined, machine: readonly Diagnostic[]): void {
  const missing = [diagnose({}, 'peer_dependency_missing', { command: current?.name ?? 'COMMAND', package: peer }), ...machine];
  if (asksFor(argv, 'json')) process.stderr.write(formatJson(missing));
  else {
    process.stderr.write(formatTextReport(missing, { colour: useColour(process.stderr.isTTY, process.env) }));
    annotateForGithub(missing, argv);
  }
}

/** What the program that starts the CLI (bin/diene.js) knows of its process. */
export interface Startup {
  /** The Node release it runs on (process.versions.node): one older than package.json `engines` is warned about (cli/node-release.ts). */
  node?: string;
}

/**
 * Runs the CLI with `argv` (without `node` and the script) and sets
 * `process.exitCode`. Never throws: a usage error exits 2, anything unexpected
 * exits 70 with a one-line message (the stack only with `--debug`).
 */
export async function main(argv: readonly string[], startup: Startup = {}): Promise<void> {
  const context: RunContext = {};
  // Said once, with the run's own diagnostics, in the form the run prints them.
  const machine = startup.node === undefined ? [] : nodeReleaseWarnings(startup.node, process.env);
  try {
    const outcome = await run(argv, context);
    process.exitCode = emit({ ...outcome, result: { ...outcome.result, diagnostics: [...machine, ...outcome.result.diagnostics] } });
  } catch (error) {
    if (error instanceof UsageError) {
      emitUsageError(error, argv, context.command, machine);
      process.exitCode = EXIT.invalid;
      return;
    }
    const peer = missingPackage(error);
    if (peer !== undefined) {
      emitPeerMissing(peer, argv, context.command, machine);
      process.exitCode = EXIT.invalid;
      return;
    }
    const message = error instanceof Error ? error.message : String(error);
    process.stderr.write(`${terminalLines([`diene: internal error: ${message.split('\n')[0]}`])}\n`);
    if (argv.includes('--debug') && error instanceof Error && error.stack) process.stderr.write(`${terminalLines(error.stack.split('\n'))}\n`);
    else process.stderr.write('diene: run again with --debug for the stack trace, and report it\n');
    process.exitCode = EXIT.internal;
  }
}
