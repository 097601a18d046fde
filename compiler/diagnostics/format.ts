/**
 * Diagnostic text forms (SPEC §5). Text: `file:line:col: error|warning code: message`,
 * the source line with a caret under the span, then `hint: …`; findings with no
 * file start with `diene:`. JSON: one array of `{severity, code, file, line,
 * column, endLine, endColumn, message, hint, pointer, related}`. GitHub:
 * `::error file=…,line=…,col=…::` workflow annotations.
 */
import { SOURCE_WINDOW, strictWarnings, type Diagnostic } from './diagnostic.js';
import { maskPointer, maskSecrets } from './secrets.js';

/** Source lines longer than this many code points are shown as a window around the caret (a minified or hostile file can hold megabytes on one line). */
const CARET_WINDOW = SOURCE_WINDOW;

/**
 * C0 and C1 controls but line feed, DEL, the bidirectional overrides and
 * isolates ("Trojan Source", CVE-2021-42574), and the Unicode line and
 * paragraph separators (a line break to some log viewers).
 */
const UNPRINTABLE = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;

/**
 * `text` safe to print on a terminal or in a CI log (a YAML value
 * such as "\e]0;…\a" must not retitle or recolour the reader's terminal):
 * each control character becomes one visible character (its Control Picture,
 * U+2400 + code, for C0 and DEL; U+FFFD otherwise), so carets stay aligned,
 * and a tab becomes a space. Line feeds are kept in `text` mode and shown
 * (␤) in `line` mode; `annotation` mode keeps CR and LF for the workflow
 * command escaping (%0D, %0A).
 */
export function printable(text: string, mode: 'text' | 'line' | 'annotation' = 'text'): string {
  const safe = text.replace(UNPRINTABLE, (c) => {
    const code = c.charCodeAt(0);
    if (code === 0x09) return ' ';
    if (code === 0x0d && mode === 'annotation') return c;
    if (code < 0x20) return String.fromCharCode(0x2400 + code);
    return code === 0x7f ? '\u2421' : '\ufffd';
  });
  return mode === 'line' ? safe.replace(/\n/g, '\u2424') : safe;
}

/** Source lines up to this many UTF-16 units are scanned for secrets once more when printed; longer ones were masked when their file was loaded. */
const RESCAN_LINE_LIMIT = 8192;

/**
 * `diagnostic` with every secret shape masked in what it prints:
 * message, hint, pointer, notes and the source line. The loader has already
 * masked the secrets of inputs; this second pass covers every other file a
 * command reads (a live DNS state, a paths file) and every message.
 */
export function redacted(diagnostic: Diagnostic): Diagnostic {
  const out: Diagnostic = {
    ...diagnostic,
    message: maskSecrets(diagnostic.message),
    hint: maskSecrets(diagnostic.hint),
    pointer: diagnostic.pointer === null ? null : maskPointer(diagnostic.pointer),
    related: diagnostic.related.map((r) => ({ ...r, message: maskSecrets(r.message) })),
  };
  if (diagnostic.sourceLine !== undefined && diagnostic.sourceLine.length <= RESCAN_LINE_LIMIT) out.sourceLine = maskSecrets(diagnostic.sourceLine);
  return out;
}

/**
 * The start of a line that a GitHub Actions runner reads as a workflow
 * command: after leading white space (the runner trims it), `::` (`::error`,
 * `::add-mask::`, `::stop-commands::`) or the older `##[`.
 */
const WORKFLOW_COMMAND = /^([^\S\n]*)(?:(:)(?=:)|(#)(?=#\[))/gm;

/**
 * `text` with no line that a GitHub Actions runner would run as a workflow
 * command (a file or a source line starting with `::add-mask::`
 * printed under a diagnostic did run): the first character of such a line's
 * `::` or `##[` becomes a look-alike (∶ U+2236, ♯ U+266F), one code point
 * for one, so carets stay aligned.
 */
export function withoutWorkflowCommands(text: string): string {
  return text.replace(WORKFLOW_COMMAND, (_whole, space: string, colon?: string) => `${space}${colon ? '\u2236' : '\u266f'}`);
}

/**
 * `lines` as text for a terminal or a CI log, joined by line feeds (no final
 * one): each line {@link printable} with any line feed inside it shown (␤),
 * so a value can never start a line of its own, and none a workflow command
 * ({@link withoutWorkflowCommands}). For the text forms of plans, reports and
 * notes, whose values come from inputs, live hosts and the command line.
 */
export function terminalLines(lines: readonly string[]): string {
  return withoutWorkflowCommands(lines.map((line) => printable(line, 'line')).join('\n'));
}

/**
 * The source line (or its window) and a caret under the span. A location from
 * the loader holds at most {@link SOURCE_WINDOW} units of a long line (see
 * compiler/1-load/source-file.ts), so this costs the same whatever the length
 * of the line; a longer text given by hand is cut to a window here.
 */
function caretLine(diagnostic: Diagnostic): string | undefined {
  if (diagnostic.sourceLine === undefined || diagnostic.column === null) return undefined;
  let points = [...printable(diagnostic.sourceLine, 'line')];
  let first = diagnostic.sourceWindow?.column ?? 1;
  let before = first > 1;
  let after = diagnostic.sourceWindow?.more ?? false;
  if (points.length > CARET_WINDOW) {
    const from = Math.max(0, Math.min(diagnostic.column - first - CARET_WINDOW / 4, points.length - CARET_WINDOW));
    const to = Math.min(points.length, from + CARET_WINDOW);
    before ||= from > 0;
    after ||= to < points.length;
    first += from;
    points = points.slice(from, to);
  }
  const start = Math.max(0, diagnostic.column - first);
  const sameLine = diagnostic.endLine === diagnostic.line && diagnostic.endColumn !== null;
  const width = sameLine ? Math.max(1, (diagnostic.endColumn as number) - diagnostic.column) : Math.max(1, points.length - start);
  const caretWidth = before || after ? Math.max(1, Math.min(width, points.length - start)) : width;
  return `  ${before ? '…' : ''}${points.join('')}${after ? '…' : ''}\n  ${' '.repeat((before ? 1 : 0) + start)}${'^'.repeat(caretWidth)}`;
}

/** ANSI styles of the text form on a terminal. */
const STYLE = {
  reset: '\u001b[0m',
  bold: '\u001b[1m',
  red: '\u001b[1;31m',
  yellow: '\u001b[1;33m',
  cyan: '\u001b[36m',
  green: '\u001b[32m',
  dim: '\u001b[2m',
} as const;

/** How the text form is written. */
export interface TextOptions {
  /** ANSI colours (the severity, code, caret and hint stand out); on a terminal, see {@link useColour}. */
  colour?: boolean;
  /** The run has `--strict`: the count line says when its warnings failed it, and when some did not count (see {@link strictVerdict}). */
  strict?: boolean;
}

function painter(colour: boolean | undefined): (style: keyof typeof STYLE, text: string) => string {
  return colour ? (style, text) => (text ? `${STYLE[style]}${text}${STYLE.reset}` : text) : (_style, text) => text;
}

/**
 * One diagnostic in text form (several lines, no trailing newline). Every
 * value is {@link printable} with its line feeds shown, so each part stays on
 * its line, and no line is a GitHub workflow command; secrets
 * are masked ({@link redacted}). Colours, when on, are added after the
 * escaping, around text already made safe.
 */
export function formatText(shown: Diagnostic, options: TextOptions = {}): string {
  const paint = painter(options.colour);
  const diagnostic = redacted(shown);
  let place = 'diene';
  if (diagnostic.file !== null) {
    place = printable(diagnostic.file, 'line');
    if (diagnostic.line !== null) place += `:${diagnostic.line}`;
    if (diagnostic.column !== null) place += `:${diagnostic.column}`;
  }
  const severityStyle = diagnostic.severity === 'error' ? 'red' : 'yellow';
  const lines = [
    `${paint('bold', withoutWorkflowCommands(place))}: ${paint(severityStyle, diagnostic.severity)} ${paint(severityStyle, diagnostic.code)}: ${paint('bold', printable(diagnostic.message, 'line'))}`,
  ];
  const caret = caretLine(diagnostic);
  if (caret !== undefined) {
    const [source, marks] = withoutWorkflowCommands(caret).split('\n') as [string, string];
    lines.push(
      source,
      marks.replace(/\^+/, (run) => paint(severityStyle, run)),
    );
  }
  for (const related of diagnostic.related)
    lines.push(
      `  ${paint('bold', 'note:')} ${printable(related.file ?? 'diene', 'line')}${related.line !== null ? `:${related.line}` : ''}${related.column !== null ? `:${related.column}` : ''}: ${printable(related.message, 'line')}`,
    );
  if (diagnostic.hint) lines.push(`  ${paint('cyan', 'hint:')} ${printable(diagnostic.hint, 'line')}`);
  return options.colour ? lines.join('\n') : withoutWorkflowCommands(lines.join('\n'));
}

/**
 * A report: every diagnostic in text form, in the order given (the commands
 * give them errors first, see `sortDiagnostics`), then a count line, with
 * what `--strict` made of the warnings when it is on. Empty string when there
 * is nothing to say.
 */
export function formatTextReport(diagnostics: readonly Diagnostic[], options: TextOptions = {}): string {
  if (diagnostics.length === 0) return '';
  const paint = painter(options.colour);
  const errors = diagnostics.filter((d) => d.severity === 'error').length;
  const warnings = diagnostics.length - errors;
  const strict = options.strict ? strictVerdict(diagnostics) : '';
  const counts = `${paint(errors ? 'red' : 'bold', `${errors} error${errors === 1 ? '' : 's'}`)}, ${paint(warnings ? 'yellow' : 'bold', `${warnings} warning${warnings === 1 ? '' : 's'}`)}`;
  const summary = strict ? `${counts} — ${strict.startsWith('failed') ? paint('red', strict) : strict}` : counts;
  return `${diagnostics.map((d) => formatText(d, options)).join('\n\n')}\n\n${summary}\n`;
}

/**
 * What `--strict` made of the warnings of a run, for its count line: `failed:
 * --strict treats warnings as errors` when a warning failed a run with no
 * error (how many of them counted, when a warning about the machine, such as
 * `cache_not_kept`, did not); `--strict: cache and job-summary warnings do not
 * count` when only such warnings were found; '' otherwise (no warning, or an
 * error, which fails the run by itself).
 */
function strictVerdict(diagnostics: readonly Diagnostic[]): string {
  if (diagnostics.some((d) => d.severity === 'error')) return '';
  const warnings = diagnostics.filter((d) => d.severity === 'warning').length;
  const counted = strictWarnings(diagnostics).length;
  if (warnings === 0) return '';
  if (counted === 0) return '--strict: cache, job-summary and Node warnings do not count';
  const which = counted === warnings ? '' : ` (${counted} of the ${warnings}; cache, job-summary and Node warnings do not count)`;
  return `failed: --strict treats warnings as errors${which}`;
}

/** The JSON form: an array, keys in a fixed order, no `sourceLine`. */
export function formatJson(diagnostics: readonly Diagnostic[]): string {
  const plain = diagnostics.map(redacted).map((d) => ({
    severity: d.severity,
    code: d.code,
    file: d.file,
    line: d.line,
    column: d.column,
    endLine: d.endLine,
    endColumn: d.endColumn,
    message: d.message,
    hint: d.hint,
    pointer: d.pointer,
    related: d.related,
  }));
  return `${JSON.stringify(plain, null, 2)}\n`;
}

function escapeProperty(text: string): string {
  return printable(text, 'annotation').replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A').replace(/:/g, '%3A').replace(/,/g, '%2C');
}

function escapeData(text: string): string {
  return printable(text, 'annotation').replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
}

/** One GitHub Actions annotation (a workflow command `::error file=…,line=…,col=…,title=…::message`). */
export interface Annotation {
  level: 'error' | 'warning' | 'notice';
  /** Path relative to the repository root, as GitHub matches it against the pull request's files. */
  file?: string;
  line?: number;
  col?: number;
  endLine?: number;
  endColumn?: number;
  title: string;
  message: string;
}

/**
 * GitHub shows at most 10 error and 10 warning annotations per step
 * (GitHub Docs, "Workflow commands for GitHub Actions"); the rest are dropped
 * silently. diene prints at most this many of each level and one notice that
 * counts the rest.
 */
export const ANNOTATIONS_PER_LEVEL = 10;

function annotationLine(a: Annotation): string {
  const properties = [
    a.file !== undefined ? `file=${escapeProperty(a.file)}` : undefined,
    a.line !== undefined ? `line=${a.line}` : undefined,
    a.col !== undefined ? `col=${a.col}` : undefined,
    a.endLine !== undefined ? `endLine=${a.endLine}` : undefined,
    a.endColumn !== undefined ? `endColumn=${a.endColumn}` : undefined,
    `title=${escapeProperty(a.title)}`,
  ].filter((p) => p !== undefined);
  return `::${a.level} ${properties.join(',')}::${escapeData(a.message)}\n`;
}

/**
 * Workflow commands for `annotations`, in order, at most
 * {@link ANNOTATIONS_PER_LEVEL} of each level; for each level past the cap,
 * one `::notice` saying how many more there are and where to read them.
 * Properties and messages are escaped as the Actions toolkit does (`%`, CR, LF;
 * and in properties also `:` and `,`).
 */
export function formatAnnotations(annotations: readonly Annotation[], rest = 'the job log lists them all'): string {
  const shown = { error: 0, warning: 0, notice: 0 };
  const dropped = { error: 0, warning: 0, notice: 0 };
  let out = '';
  for (const a of annotations) {
    if (shown[a.level] < ANNOTATIONS_PER_LEVEL) {
      shown[a.level]++;
      out += annotationLine(a);
    } else dropped[a.level]++;
  }
  for (const level of ['error', 'warning', 'notice'] as const)
    if (dropped[level] > 0)
      out += annotationLine({
        level: 'notice',
        title: 'diene',
        message: `${dropped[level]} more ${level}${dropped[level] === 1 ? '' : 's'} not shown as annotations (at most ${ANNOTATIONS_PER_LEVEL} per kind); ${rest}`,
      });
  return out;
}

/** GitHub Actions workflow commands, one line a diagnostic, capped by {@link formatAnnotations}. */
export function formatGithub(diagnostics: readonly Diagnostic[]): string {
  return formatAnnotations(
    diagnostics.map(redacted).map((d) => ({
      level: d.severity,
      ...(d.file !== null ? { file: d.file } : {}),
      ...(d.line !== null ? { line: d.line } : {}),
      ...(d.column !== null ? { col: d.column } : {}),
      ...(d.endLine !== null ? { endLine: d.endLine } : {}),
      ...(d.endColumn !== null ? { endColumn: d.endColumn } : {}),
      title: d.code,
      message: `${d.message} (hint: ${d.hint})`,
    })),
  );
}

/**
 * Whether to colour output written to a stream. FORCE_COLOR set to anything
 * but "" or "0" turns colour on, even into a pipe (https://force-color.org);
 * FORCE_COLOR=0 turns it off. Otherwise only a TTY is coloured, and never
 * when NO_COLOR is set and not empty (https://no-color.org) or TERM is `dumb`.
 */
export function useColour(isTTY: boolean | undefined, env: Readonly<Record<string, string | undefined>>): boolean {
  const force = env['FORCE_COLOR'];
  if (force !== undefined && force !== '') return force !== '0' && force !== 'false';
  if (!isTTY) return false;
  if (env['NO_COLOR'] !== undefined && env['NO_COLOR'] !== '') return false;
  return env['TERM'] !== 'dumb';
}
