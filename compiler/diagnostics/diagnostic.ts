/**
 * Diagnostics as data (STYLE.md "Diagnostics"): every finding of every phase is a
 * {@link Diagnostic}. Factories take the place to blame first, so a diagnostic
 * without a place cannot be written by accident; fleet-wide facts and usage
 * errors use {@link FLEET_WIDE}.
 */
import {
  catalog,
  grammarReasons,
  type CatalogEntry,
  type DiagnosticArgsOf,
  type DiagnosticCode,
  type DiagnosticValue,
  type GrammarProblem,
} from './catalog.js';

export type Severity = 'error' | 'warning';

/** A span in one input file. Lines and columns are 1-based; columns count Unicode code points, a BOM is not counted (SPEC §5). */
export interface SourceLocation {
  /** Path relative to the fleet root, with `/` separators; `undefined` for fleet-wide facts and usage errors. */
  file?: string;
  line?: number;
  column?: number;
  endLine?: number;
  endColumn?: number;
  /** JSON pointer of the blamed value inside the file (RFC 6901), when there is one. */
  pointer?: string;
  /** The text of the blamed line, or of a window of it (see {@link sourceWindow}), for the caret display (never part of the JSON form). */
  sourceLine?: string;
  /**
   * Present when {@link sourceLine} is a window of a line longer than
   * {@link SOURCE_WINDOW}: the column of the window's first code point, and
   * whether the line goes on after it.
   */
  sourceWindow?: SourceWindow;
}

/** Where a window of a long source line sits in it. */
export interface SourceWindow {
  /** The 1-based code-point column of the window's first character. */
  column: number;
  /** True when the line goes on after the window. */
  more: boolean;
}

/**
 * The most UTF-16 units of a source line a diagnostic keeps for its caret
 * display; a longer line (a minified or hostile file can hold megabytes on
 * one line) is kept as a window around the blamed column, so each
 * diagnostic costs the same whatever the length of its line.
 */
export const SOURCE_WINDOW = 160;

/** The JSON form of SPEC §5: `{severity, code, file, line, column, endLine, endColumn, message, hint}` plus `pointer` and `related`. */
export interface Diagnostic {
  severity: Severity;
  code: DiagnosticCode;
  file: string | null;
  line: number | null;
  column: number | null;
  endLine: number | null;
  endColumn: number | null;
  pointer: string | null;
  message: string;
  hint: string;
  related: RelatedLocation[];
  /** Not serialized: the source line (or a window of it) for the caret display. */
  sourceLine?: string;
  /** Not serialized: where the window {@link sourceLine} sits in a long line. */
  sourceWindow?: SourceWindow;
}

/** Another place that takes part in a finding (the first definition of a duplicate, say). */
export interface RelatedLocation {
  file: string | null;
  line: number | null;
  column: number | null;
  message: string;
}

/** The place of a finding that belongs to no file: usage errors and fleet-wide facts. */
export const FLEET_WIDE: SourceLocation = Object.freeze({});

/** Values substituted into a catalog template: `{name}` is replaced by `String(args.name)`. */
export type DiagnosticArgs = Record<string, DiagnosticValue>;

/**
 * The arguments after the code of {@link diagnose}: the code's own arguments
 * (type-checked against the placeholders of its catalog templates, so a
 * missing, misspelt or stray argument does not compile), optional when the
 * code has none, then the related places.
 */
export type DiagnoseRest<C extends DiagnosticCode> = C extends DiagnosticCode
  ? [keyof DiagnosticArgsOf<C>] extends [never]
    ? [args?: Record<string, never>, related?: RelatedLocation[]]
    : [args: DiagnosticArgsOf<C>, related?: RelatedLocation[]]
  : never;

/** One finding as data: a code and its own arguments (what an adapter or a reader returns for its caller to place). */
export type Finding<C extends DiagnosticCode = DiagnosticCode> = C extends DiagnosticCode ? { code: C; args: DiagnosticArgsOf<C> } : never;

/** The longest value substituted into a message or hint, in UTF-16 code units; longer ones (a hostile 5 MB number, say) are cut with "…". */
export const MESSAGE_VALUE_LIMIT = 1000;

function clip(text: string): string {
  if (text.length <= MESSAGE_VALUE_LIMIT) return text;
  const high = text.charCodeAt(MESSAGE_VALUE_LIMIT - 1);
  return `${text.slice(0, high >= 0xd800 && high <= 0xdbff ? MESSAGE_VALUE_LIMIT - 1 : MESSAGE_VALUE_LIMIT)}…`;
}

type Choices = CatalogEntry['choices'];

/**
 * `template` with each `{name}` replaced by its argument, or, for a name in
 * `choices`, by the fixed text of the chosen value (itself filled from `args`).
 */
function fill(template: string, args: DiagnosticArgs, choices?: Choices): string {
  return template.replace(/\{(\w+)\}/g, (whole, key: string) => {
    if (!Object.prototype.hasOwnProperty.call(args, key)) return whole;
    const options = choices?.[key];
    if (options === undefined) return clip(String(args[key]));
    const value = String(args[key]);
    if (!Object.prototype.hasOwnProperty.call(options, value))
      throw new Error(`the diagnostic argument {${key}} is ${JSON.stringify(value)}, not one of its choices`);
    return fill(options[value] as string, args);
  });
}

/** The text of a grammar reason of the catalog, filled from its arguments (the `{reason}` of the value-grammar codes). */
export function grammarReasonText(problem: GrammarProblem): string {
  return fill(grammarReasons[problem.reason], problem.args as DiagnosticArgs);
}

/**
 * Builds the diagnostic `code` at `where`, its message and hint filled from the
 * catalog templates with `args`. Severity comes from the catalog.
 */
export function diagnose<C extends DiagnosticCode>(where: SourceLocation, code: C, ...rest: DiagnoseRest<C>): Diagnostic {
  const entry: CatalogEntry = catalog[code];
  const args: DiagnosticArgs = rest[0] ?? {};
  const related = rest[1] ?? [];
  return {
    severity: entry.severity,
    code,
    file: where.file ?? null,
    line: where.line ?? null,
    column: where.column ?? null,
    endLine: where.endLine ?? where.line ?? null,
    endColumn: where.endColumn ?? where.column ?? null,
    pointer: where.pointer ?? null,
    message: fill(entry.message, args, entry.choices),
    hint: fill(entry.hint, args, entry.choices),
    related,
    ...(where.sourceLine !== undefined ? { sourceLine: where.sourceLine } : {}),
    ...(where.sourceWindow !== undefined ? { sourceWindow: where.sourceWindow } : {}),
  };
}

/**
 * `diagnostic` found where its maker knew no place (a DNS host's failure, raised by an adapter that knows the host's
 * name only), placed at `where`; a diagnostic that has a place keeps it.
 */
export function placed(diagnostic: Diagnostic, where: SourceLocation): Diagnostic {
  if (diagnostic.file !== null || where.file === undefined) return diagnostic;
  const { sourceLine: _line, sourceWindow: _window, ...rest } = diagnostic;
  return {
    ...rest,
    file: where.file,
    line: where.line ?? null,
    column: where.column ?? null,
    endLine: where.endLine ?? where.line ?? null,
    endColumn: where.endColumn ?? where.column ?? null,
    pointer: where.pointer ?? null,
    ...(where.sourceLine !== undefined ? { sourceLine: where.sourceLine } : {}),
    ...(where.sourceWindow !== undefined ? { sourceWindow: where.sourceWindow } : {}),
  };
}

/** {@link diagnose} for a finding built elsewhere (its code and arguments were checked where it was built). */
export function diagnoseFinding(where: SourceLocation, finding: Finding, related: RelatedLocation[] = []): Diagnostic {
  return diagnoseUnchecked(where, finding.code, finding.args, related);
}

/**
 * {@link diagnose} for a code chosen at run time from data the type checker
 * cannot see (the `x-diene-codes` annotations of the input schemas). Every
 * other caller uses {@link diagnose}. A placeholder without an argument is a
 * bug of the annotation, thrown as an internal error rather than printed as
 * a bare `{name}`.
 */
export function diagnoseUnchecked(where: SourceLocation, code: DiagnosticCode, args: DiagnosticArgs, related: RelatedLocation[] = []): Diagnostic {
  const entry: CatalogEntry = catalog[code];
  const choiceTexts = Object.values(entry.choices ?? {}).flatMap((options) => Object.values(options));
  const missing = [...[entry.message, entry.hint, ...choiceTexts].join('\n').matchAll(/\{(\w+)\}/g)]
    .map((m) => m[1] as string)
    .filter((name) => !Object.prototype.hasOwnProperty.call(args, name));
  if (missing.length > 0) throw new Error(`the diagnostic ${code} has no argument for {${missing.join('}, {')}}`);
  return (diagnose as (where: SourceLocation, code: DiagnosticCode, args: DiagnosticArgs, related: RelatedLocation[]) => Diagnostic)(
    where,
    code,
    args,
    related,
  );
}

/** True when any diagnostic is an error (the run must stop before the next phase). */
export function hasErrors(diagnostics: readonly Diagnostic[]): boolean {
  return diagnostics.some((d) => d.severity === 'error');
}

function compareNullable<T extends string | number>(a: T | null, b: T | null): number {
  if (a === b) return 0;
  if (a === null) return -1;
  if (b === null) return 1;
  return a < b ? -1 : 1;
}

/**
 * `diagnostics` without a diagnostic equal in every printed field to one
 * before it: a cause met once per zone or per file (a DNS host's SDK not
 * installed) is said once.
 */
export function withoutRepeats(diagnostics: readonly Diagnostic[]): Diagnostic[] {
  const seen = new Set<string>();
  return diagnostics.filter((d) => {
    const key = JSON.stringify([d.severity, d.code, d.file, d.line, d.column, d.endLine, d.endColumn, d.pointer, d.message, d.hint, d.related]);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/**
 * Sorts diagnostics for triage: errors first, then warnings, each group by
 * file, line, column, code and message (code-unit order, never locale
 * order), so the one error of a run is never lost among standing warnings and
 * the order is the same in every form (text, json, github, sarif, the step
 * summary and the report). A finding of no file comes first in its group.
 */
export function sortDiagnostics(diagnostics: readonly Diagnostic[]): Diagnostic[] {
  return [...diagnostics].sort(
    (a, b) =>
      SEVERITY_RANK[a.severity] - SEVERITY_RANK[b.severity] ||
      compareNullable(a.file, b.file) ||
      compareNullable(a.line, b.line) ||
      compareNullable(a.column, b.column) ||
      compareNullable(a.code, b.code) ||
      compareNullable(a.message, b.message),
  );
}

/**
 * `diagnostics` with the errors before the warnings, each group in the order
 * given (a stable partition): for lists joined from parts already in order
 * (a run's sorted findings, then the findings about the output tree in the
 * order the review names them), where a full sort would reorder the parts.
 */
export function errorsFirst(diagnostics: readonly Diagnostic[]): Diagnostic[] {
  return [...diagnostics.filter((d) => d.severity === 'error'), ...diagnostics.filter((d) => d.severity !== 'error')];
}

/** The rank of each severity in {@link sortDiagnostics}: errors before warnings. */
const SEVERITY_RANK: Readonly<Record<Severity, number>> = { error: 0, warning: 1 };

/**
 * Whether `diagnostic` is about the machine the run is on, not about the
 * fleet: a `cache_*` warning (a cache that was not used or not kept, which
 * never changes a result) or `step_summary_write_failed` (a job summary that
 * could not be appended) or `node_version_unsupported` (a Node older than
 * package.json engines). `--strict` does not count these (docs/diagnostics.md).
 */
export function isAboutTheMachine(diagnostic: Pick<Diagnostic, 'code'>): boolean {
  return diagnostic.code.startsWith('cache_') || diagnostic.code === 'step_summary_write_failed' || diagnostic.code === 'node_version_unsupported';
}

/** The warnings `--strict` treats as errors: every warning but those about the machine ({@link isAboutTheMachine}). */
export function strictWarnings(diagnostics: readonly Diagnostic[]): Diagnostic[] {
  return diagnostics.filter((d) => d.severity === 'warning' && !isAboutTheMachine(d));
}
