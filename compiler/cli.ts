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
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { diagnose } from './diagnostics/diagnostic.js';
import { formatGithub, formatJson, formatTextReport, terminalLines } from './diagnostics/format.js';
import { maskSecrets } from './diagnostics/secrets.js';
import { EXIT, UsageError, type Command, type CommandResult, type Format } from './cli/command.js';

export { EXIT } from './cli/command.js';

/** A command's name and how to load its module. */
interface CommandEntry {
  /** The command's words; a command with a sub-command (`plan dns`) is keyed `plan dns`. */
  name: string;
  load: () => Promise<Command>;
}

/**
 * Every command, listed explicitly (no registry filled by imports). A command's
 * module is imported only when that command runs (or for the help): the
 * appliers' cloud SDKs take about a second to load, which `compile` and
 * `render` (run on every pull request and every ArgoCD sync) never need.
 */
const COMMANDS: readonly CommandEntry[] = [
  { name: 'init', load: async () => (await import('./cli/init.js')).initCommand },
  { name: 'compile', load: async () => (await import('./cli/compile.js')).compileCommand },
  { name: 'validate', load: async () => (await import('./cli/validate.js')).validateCommand },
  { name: 'render', load: async () => (await import('./cli/render.js')).renderCommand },
  { name: 'materialize', load: async () => (await import('./cli/materialize.js')).materializeCommand },
  { name: 'plan dns', load: async () => (await import('./cli/plan-dns.js')).planDnsCommand },
  { name: 'route', load: async () => (await import('./cli/route.js')).routeCommand },
  { name: 'apply books', load: async () => (await import('./cli/apply-books.js')).applyBooksCommand },
  { name: 'apply dns', load: async () => (await import('./cli/apply-dns.js')).applyDnsCommand },
  { name: 'export dns', load: async () => (await import('./cli/export-dns.js')).exportDnsCommand },
  { name: 'claim set-paths', load: async () => (await import('./cli/claim-set-paths.js')).claimSetPathsCommand },
  { name: 'apply kube', load: async () => (await import('./cli/apply-kube.js')).applyKubeCommand },
  { name: 'report', load: async () => (await import('./cli/report.js')).reportCommand },
  { name: 'simulate', load: async () => (await import('./cli/simulate.js')).simulateCommand },
];

/** Loads the module of `entry` and checks that it is the command the entry names. */
async function loadCommand(entry: CommandEntry): Promise<Command> {
  const command = await entry.load();
  if (command.name !== entry.name) throw new Error(`the COMMANDS entry "${entry.name}" loads the command "${command.name}"`);
  return command;
}

async function help(): Promise<string> {
  const commands = await Promise.all(COMMANDS.map(loadCommand));
  return [
    'diene — fleet registry in; ArgoCD, Kargo, Platform, DNS, route_paths and address books out.',
    '',
    'Usage:',
    ...commands.map((c) => `  ${c.usage}`),
    '  diene --version | --help',
    '',
    '--fleet defaults to the current directory. Diagnostics go to stderr; stdout carries only the product.',
    'Exit codes: 0 done, 1 stale (--check), 2 invalid input or usage, 3 refused by a brake, 4 applied in part, 70 internal fault.',
    '',
  ].join('\n');
}

function packageVersion(): string {
  try {
    return (JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string }).version;
  } catch {
    return 'unknown';
  }
}

async function findCommand(argv: readonly string[]): Promise<{ command: Command; rest: string[] } | undefined> {
  const words = argv.filter((a) => !a.startsWith('-'));
  for (const entry of COMMANDS) {
    const parts = entry.name.split(' ');
    if (parts.every((part, i) => words[i] === part)) {
      const rest = [...argv];
      for (const part of parts) rest.splice(rest.indexOf(part), 1);
      return { command: await loadCommand(entry), rest };
    }
  }
  return undefined;
}

async function run(argv: readonly string[]): Promise<{ result: CommandResult; format: Format }> {
  if (argv.length === 0) return { result: { stdout: await help(), diagnostics: [], exitCode: EXIT.invalid }, format: 'text' };
  if (argv[0] === '--version' || argv[0] === 'version')
    return { result: { stdout: `${packageVersion()}\n`, diagnostics: [], exitCode: EXIT.ok }, format: 'text' };
  if (argv[0] === '--help' || argv[0] === '-h' || argv[0] === 'help')
    return { result: { stdout: await help(), diagnostics: [], exitCode: EXIT.ok }, format: 'text' };
  const found = await findCommand(argv);
  if (!found) throw new UsageError(`unknown command "${argv.filter((a) => !a.startsWith('-')).join(' ')}"`);
  let parsed;
  try {
    parsed = parseArgs({ args: found.rest, options: found.command.options, allowPositionals: true, strict: true });
  } catch (error) {
    throw new UsageError(`${found.command.name}: ${error instanceof Error ? error.message : String(error)}`);
  }
  const values = parsed.values as Record<string, string | boolean | string[] | undefined>;
  if (values['help']) return { result: { stdout: `Usage: ${found.command.usage}\n`, diagnostics: [], exitCode: EXIT.ok }, format: 'text' };
  const formatFlag = typeof values['format'] === 'string' ? values['format'] : 'text';
  const extraFormats = found.command.formats ?? [];
  if (!extraFormats.includes(formatFlag) && !['text', 'json', 'github'].includes(formatFlag))
    throw new UsageError(`--format must be ${['text', 'json', 'github', ...extraFormats].join(', ').replace(/, ([^,]*)$/, ' or $1')}, not "${formatFlag}"`);
  const format = (extraFormats.includes(formatFlag) ? 'text' : formatFlag) as Format;
  const limits = found.command.positionals ?? { min: 0, max: 0 };
  if (parsed.positionals.length < limits.min) throw new UsageError(`${found.command.name} needs more arguments: ${found.command.usage}`);
  if (parsed.positionals.length > limits.max) throw new UsageError(`unexpected argument "${parsed.positionals[limits.max]}"`);
  return { result: await found.command.run({ positionals: parsed.positionals, values, format }), format };
}

function emit(result: CommandResult, format: Format): void {
  if (result.stdout) process.stdout.write(result.stdout);
  if (!result.diagnosticsInStdout) {
    if (format === 'json') process.stderr.write(formatJson(result.diagnostics));
    else {
      process.stderr.write(formatTextReport(result.diagnostics));
      if (format === 'github' || process.env['GITHUB_ACTIONS'] === 'true') process.stderr.write(formatGithub(result.diagnostics));
    }
  }
  // With --format json, stderr carries exactly one JSON array: the notes (summaries for people) are left out.
  // Notes name repositories and paths as given: a URL with a token (`--repo https://user:token@…`) is masked like a diagnostic.
  if (format !== 'json' && result.notes?.length) process.stderr.write(`${terminalLines(result.notes.map((note) => maskSecrets(note)))}\n`);
  if (format !== 'json' && result.annotations) process.stderr.write(result.annotations);
}

/**
 * Runs the CLI with `argv` (without `node` and the script) and sets
 * `process.exitCode`. Never throws: a usage error exits 2, anything unexpected
 * exits 70 with a one-line message (the stack only with `--debug`).
 */
export async function main(argv: readonly string[]): Promise<void> {
  try {
    const { result, format } = await run(argv);
    emit(result, format);
    process.exitCode = result.exitCode;
  } catch (error) {
    if (error instanceof UsageError) {
      const usage = [diagnose({}, 'usage_invalid', { reason: error.message })];
      const formatAt = argv.indexOf('--format');
      const json = argv.includes('--format=json') || (formatAt !== -1 && argv[formatAt + 1] === 'json');
      // `validate --format json` puts its diagnostics array on stdout (SPEC §5); a usage error keeps that promise.
      if (json && argv[0] === 'validate') process.stdout.write(formatJson(usage));
      else process.stderr.write(json ? formatJson(usage) : formatTextReport(usage));
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
