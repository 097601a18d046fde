/**
 * What the command line says about itself: each command's help as data (its
 * summary, arguments, options with a description and an example each, and
 * examples), kept in `<command>.help.ts` beside the command's module. The
 * front end (cli.ts) parses, suggests and completes from this data without
 * loading a command's module, and `--help`, `diene help COMMAND`, the shell
 * completion scripts and docs/cli.md all describe the same options. Pure.
 */
import type { ParseArgsConfig } from 'node:util';
import { closestName } from '../diagnostics/spelling.js';

/** One option of a command. */
export interface OptionHelp {
  /** The long name, without `--`. */
  name: string;
  type: 'string' | 'boolean';
  /** A one-letter alias (`-h`). */
  short?: string;
  /** May be given more than once; the values are kept in order. */
  multiple?: boolean;
  /** The value may only be written as `--name=VALUE`, never as the next word (`--dry-run=server`). */
  inlineValue?: boolean;
  /** The value's placeholder in usage lines: DIR, FILE, NAME. */
  value?: string;
  /** The only values the option takes, for completion (checked by the command). */
  choices?: readonly string[];
  /** What it does, one or two sentences. */
  description: string;
  /** A full command line using it, e.g. `diene compile --out /tmp/generated`. */
  example: string;
}

/** One positional argument of a command. */
export interface ArgumentHelp {
  name: string;
  description: string;
  /** The command may go without it (its description says when); only the last arguments may be optional. */
  optional?: true;
}

/** One worked example: the command line and what it does. */
export interface ExampleHelp {
  command: string;
  does: string;
}

/** Everything the CLI says about one command. */
export interface CommandHelp {
  /** The command's words; a command with a subcommand is `plan dns`. */
  name: string;
  /** One line: what it does. */
  summary: string;
  /** The usage line, starting with `diene`. */
  usage: string;
  /** Paragraphs after the summary. */
  description?: readonly string[];
  arguments?: readonly ArgumentHelp[];
  /** The command's own options; every command also takes {@link COMMON_OPTION_HELP}. */
  options: readonly OptionHelp[];
  /** Values `--format` takes besides the diagnostic forms (text, json, github, sarif), each with what it writes. */
  formats?: readonly { name: string; writes: string }[];
  /** The diagnostic forms the command's `--format` takes (default text, json and github). */
  diagnosticFormats?: readonly DiagnosticForm[];
  /** Where json and sarif go: stderr (default), or stdout when the diagnostics are the command's product. */
  machineFormsOn?: 'stdout' | 'stderr';
  /** Whether the command reads a fleet (`--fleet`, `--now`); false for `completion`. */
  readsFleet?: boolean;
  examples: readonly ExampleHelp[];
  /** Exit codes this command uses, with what each means for it. */
  exitCodes: readonly { code: number; means: string }[];
}

/** The options every command takes (cli.ts reads `--quiet`, `--min-severity`, `--format` and `--help` itself); COMMAND in an example stands for the command and its arguments. */
export const COMMON_OPTION_HELP: readonly OptionHelp[] = [
  {
    name: 'fleet',
    type: 'string',
    value: 'DIR',
    description: 'The fleet repository to read (the folder holding registry/, platforms/, …). Default: the current directory.',
    example: 'diene COMMAND --fleet examples/reference',
  },
  {
    name: 'format',
    type: 'string',
    value: 'FORM',
    description:
      "How diagnostics are written, one of the forms the command's usage line lists: text (default; in colour on a terminal), json (one array; on stderr, on stdout for validate), github (text plus workflow annotations), sarif (a SARIF 2.1.0 log, compile and validate only), markdown (simulate only).",
    example: 'diene COMMAND --format json',
  },
  {
    name: 'quiet',
    type: 'boolean',
    short: 'q',
    description: 'Print errors only: no warnings, and no summary lines when the command succeeds. Same as --min-severity error.',
    example: 'diene COMMAND --quiet',
  },
  {
    name: 'min-severity',
    type: 'string',
    value: 'LEVEL',
    choices: ['error', 'warning', 'info'],
    description: 'The least severe finding printed: error, warning, or info (default: everything, the summary lines of a successful run included).',
    example: 'diene COMMAND --min-severity warning',
  },
  {
    name: 'now',
    type: 'string',
    value: 'TIME',
    description: 'The time (RFC 3339) the override-age warnings (stale, dated in the future) compare against, instead of the clock; never part of any output.',
    example: 'diene COMMAND --now 2026-11-21T00:00:00Z',
  },
  {
    name: 'debug',
    type: 'boolean',
    description: 'On an internal fault (exit 70), print the stack trace.',
    example: 'diene COMMAND --debug',
  },
  {
    name: 'help',
    type: 'boolean',
    short: 'h',
    description: "Print the command's help (this text) and exit 0.",
    example: 'diene COMMAND --help',
  },
];

/** The help of `--strict` (cli/strict.ts), the same for every command that takes it (compile, validate); `example` is a full command line. */
export function strictOptionHelp(example: string): OptionHelp {
  return {
    name: 'strict',
    type: 'boolean',
    description:
      'Warnings fail the run: any warning makes the exit code 2, as an error does (the warnings keep their severity in every form; the count line says why the run failed); a compile so refused writes nothing. Warnings about this machine, not the fleet (cache_*, step_summary_write_failed, node_version_unsupported), do not count.',
    example,
  };
}

/** Options read before any command word: they mean the same whatever the command. */
export const TOP_LEVEL_OPTION_HELP: readonly OptionHelp[] = [
  { name: 'version', type: 'boolean', short: 'V', description: "Print diene's version and exit 0.", example: 'diene --version' },
];

/** Every option `help` takes: its own and the common ones. */
export function optionsOf(help: CommandHelp): OptionHelp[] {
  return [...help.options, ...COMMON_OPTION_HELP.filter((o) => !help.options.some((own) => own.name === o.name))];
}

/** The node:util `parseArgs` form of a command's options (what `Command.options` holds). */
export function parseArgsOptions(help: CommandHelp): NonNullable<ParseArgsConfig['options']> {
  const out: NonNullable<ParseArgsConfig['options']> = {};
  for (const o of optionsOf(help)) out[o.name] = { type: o.type, ...(o.short ? { short: o.short } : {}), ...(o.multiple ? { multiple: true } : {}) };
  return out;
}

/** How many positionals the command takes: one per argument (at least one per argument that is not optional), none when it names none. */
export function positionalsOf(help: CommandHelp): { min: number; max: number } {
  const all = help.arguments ?? [];
  return { min: all.filter((a) => !a.optional).length, max: all.length };
}

/** `--name VALUE`, `--name=VALUE` or `--name`, as a usage line writes it. */
export function optionForm(o: OptionHelp): string {
  if (o.type === 'boolean') return `--${o.name}`;
  const value = o.choices && o.choices.length <= 3 ? o.choices.join('|') : (o.value ?? 'VALUE');
  return o.inlineValue ? `--${o.name}=${value}` : `--${o.name} ${value}`;
}

/** The forms diagnostics can be written in (compiler/diagnostics/format.ts, sarif.ts). */
export type DiagnosticForm = 'text' | 'json' | 'github' | 'sarif';

/** The `--format` choices of a command: the one list its usage line, help, errors and shell completion use. */
export function formatChoices(help: Pick<CommandHelp, 'diagnosticFormats' | 'formats'>): string[] {
  return [...(help.diagnosticFormats ?? ['text', 'json', 'github']), ...(help.formats ?? []).map((f) => f.name)];
}

/** `a, b or c`. */
function orList(items: readonly string[]): string {
  return items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} or ${items.at(-1) as string}`;
}

/** What `--format` does for this command: each form it takes, and where json and sarif go. */
export function formatDescription(help: CommandHelp): string {
  const stream = help.machineFormsOn ?? 'stderr';
  const diagnostic: Record<DiagnosticForm, string> = {
    text: 'text (default; in colour on a terminal)',
    json: `json (one array on ${stream})`,
    github: 'github (text plus workflow annotations)',
    sarif: `sarif (a SARIF 2.1.0 log on ${stream})`,
  };
  const forms = [
    ...(help.diagnosticFormats ?? (['text', 'json', 'github'] as const)).map((f) => diagnostic[f]),
    ...(help.formats ?? []).map((f) => `${f.name} (${f.writes})`),
  ];
  return `How diagnostics are written: ${orList(forms)}.`;
}

/**
 * `help` with the `--format FORM` of its usage line spelled out as the forms
 * it takes (`--format text|json|github`), so the usage line and the accepted
 * forms are one list.
 */
export function withFormats(help: CommandHelp): CommandHelp {
  return { ...help, usage: help.usage.replace('--format FORM', `--format ${formatChoices(help).join('|')}`) };
}

function wrap(text: string, width: number, indent: string): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    if (line && line.length + 1 + word.length > width) {
      lines.push(indent + line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  if (line) lines.push(indent + line);
  return lines;
}

/** The full help of one command: summary, usage, arguments, every option with an example, examples, exit codes. */
export function formatCommandHelp(help: CommandHelp): string {
  const lines = [`diene ${help.name}: ${help.summary}`, '', `Usage: ${help.usage}`];
  for (const paragraph of help.description ?? []) lines.push('', ...wrap(paragraph, 100, ''));
  if (help.arguments?.length) {
    lines.push('', 'Arguments:');
    for (const a of help.arguments) lines.push(`  ${a.name}`, ...wrap(a.description, 96, '      '));
  }
  const describe = (o: OptionHelp): string[] => {
    const form = o.name === 'format' ? `--format ${formatChoices(help).join('|')}` : optionForm(o);
    const example = o.example.replace('COMMAND', [help.name, ...(help.arguments ?? []).map((a) => a.name)].join(' '));
    const description = o.name === 'format' ? formatDescription(help) : o.description;
    return [`  ${o.short ? `-${o.short}, ` : ''}${form}${o.multiple ? ' (repeatable)' : ''}`, ...wrap(description, 96, '      '), `      e.g. ${example}`];
  };
  if (help.options.length) {
    lines.push('', 'Options:');
    for (const o of help.options) lines.push(...describe(o));
  }
  lines.push('', 'Common options:');
  for (const o of COMMON_OPTION_HELP) {
    if (help.readsFleet === false && (o.name === 'fleet' || o.name === 'now')) continue;
    if (!help.options.some((own) => own.name === o.name)) lines.push(...describe(o));
  }
  lines.push('', 'Examples:');
  for (const e of help.examples) lines.push(`  ${e.command}`, ...wrap(e.does, 96, '      '));
  lines.push('', 'Exit codes:');
  for (const e of help.exitCodes) lines.push(`  ${String(e.code).padEnd(3)} ${e.means}`);
  return `${lines.join('\n')}\n`;
}

/** A command group's help (`diene apply --help`): its subcommands, one usage line each. */
export function formatGroupHelp(group: string, helps: readonly CommandHelp[]): string {
  const members = helps.filter((h) => h.name.startsWith(`${group} `));
  return [
    `diene ${group}: ${members.map((h) => h.name.slice(group.length + 1)).join(', ')}`,
    '',
    ...members.flatMap((h) => [`  ${h.usage}`, ...wrap(h.summary, 96, '      ')]),
    '',
    `Run \`diene ${group} SUBCOMMAND --help\` (or \`diene help ${group} SUBCOMMAND\`) for its options and examples.`,
    '',
  ].join('\n');
}

/** The help of `diene` itself: every command with its summary, the top-level options, exit codes and where to read more. */
export function formatMainHelp(helps: readonly CommandHelp[]): string {
  const width = Math.max(...helps.map((h) => h.name.length)) + 2;
  return [
    'diene: fleet registry in; ArgoCD, Kargo, Platform, DNS, route_paths and address books out.',
    '',
    'Usage: diene COMMAND [ARGUMENTS] [OPTIONS]   (options may come before or after the command)',
    '',
    'Commands:',
    ...helps.map((h) => `  ${h.name.padEnd(width)}${h.summary}`),
    '',
    'Options of every command:',
    ...COMMON_OPTION_HELP.map((o) => `  ${`${o.short ? `-${o.short}, ` : ''}${optionForm(o)}`.padEnd(36)}${o.description.split('. ')[0]?.replace(/\.$/, '')}`),
    ...TOP_LEVEL_OPTION_HELP.map((o) => `  ${`-${o.short}, ${optionForm(o)}`.padEnd(36)}${o.description.replace(/\.$/, '')}`),
    '',
    'Run `diene COMMAND --help` or `diene help COMMAND` for its options, each with an example.',
    'Diagnostics go to stderr (in colour on a terminal; NO_COLOR turns colour off, FORCE_COLOR on); stdout carries only the product.',
    'Exit codes: 0 done, 1 stale (--check), 2 invalid input or usage, 3 refused by a brake, 4 applied in part, 70 internal fault.',
    'Shell completion: diene completion bash|zsh|fish (docs/cli.md says how to install it).',
    '',
  ].join('\n');
}

/**
 * The candidate `word` was most likely meant to be: the nearest by the
 * catalog's rules (diagnostics/spelling.ts: at most two edits, a swap of two
 * neighbouring letters one, and fewer than half its length), or the only
 * candidate it starts; `undefined` when none is near.
 */
export function closest(word: string, candidates: readonly string[]): string | undefined {
  const near = closestName(word, candidates);
  if (near !== undefined) return near;
  const prefixed = word.length >= 3 ? candidates.filter((c) => c.startsWith(word.toLowerCase())) : [];
  return prefixed.length === 1 ? prefixed[0] : undefined;
}

function cell(text: string): string {
  return text.replace(/\|/g, '\\|');
}

/** One command's section of docs/cli.md: the same facts as {@link formatCommandHelp}, in Markdown. */
export function formatCommandMarkdown(help: CommandHelp): string {
  const lines = [`### \`diene ${help.name}\``, '', help.summary, '', '```', help.usage, '```'];
  for (const paragraph of help.description ?? []) lines.push('', paragraph);
  if (help.arguments?.length) {
    lines.push('', '| argument | what |', '| --- | --- |');
    for (const a of help.arguments) lines.push(`| \`${a.name}\` | ${cell(a.description)} |`);
  }
  if (help.options.length) {
    lines.push('', '| option | what | example |', '| --- | --- | --- |');
    for (const o of help.options)
      lines.push(`| \`${cell(optionForm(o))}\`${o.multiple ? ' (repeatable)' : ''} | ${cell(o.description)} | \`${cell(o.example)}\` |`);
  }
  lines.push('', `\`--format\` takes ${formatChoices(help).join(', ')}. ${formatDescription(help)}`);
  lines.push('', 'Examples:', '', '```sh');
  for (const e of help.examples) lines.push(`# ${e.does}`, e.command);
  lines.push('```', '', '| exit | means |', '| --- | --- |');
  for (const e of help.exitCodes) lines.push(`| ${e.code} | ${cell(e.means)} |`);
  return `${lines.join('\n')}\n`;
}

/** The table of the options every command takes, for docs/cli.md. */
export function formatCommonOptionsMarkdown(): string {
  const lines = ['| option | what | example |', '| --- | --- | --- |'];
  for (const o of [...COMMON_OPTION_HELP, ...TOP_LEVEL_OPTION_HELP])
    lines.push(
      `| ${o.short ? `\`-${o.short}\`, ` : ''}\`${cell(optionForm(o))}\` | ${cell(o.description)} | \`${cell(o.example.replace('COMMAND', 'validate'))}\` |`,
    );
  return `${lines.join('\n')}\n`;
}
