/**
 * Source files and positions. A {@link SourceFile} is an input file's text with
 * its BOM removed; offsets are UTF-16 indexes into that text, and positions are
 * 1-based lines and columns that count Unicode code points (SPEC §5), so a BOM
 * is never counted and a CRLF line ending never shifts a column.
 *
 * Every position costs O(log n), whatever the length of its line (counting
 * code points from the line's start, and keeping the whole line for the
 * caret, would make a one-line file with thousands of findings quadratic):
 * columns come from the offsets of the file's surrogate pairs,
 * indexed once, and a location keeps at most {@link SOURCE_WINDOW} code points
 * of a long line.
 */
import { SOURCE_WINDOW, type SourceLocation } from '../diagnostics/diagnostic.js';

/** One input file as read from the fleet. */
export interface SourceFile {
  /** Path relative to the fleet root, `/`-separated (e.g. `registry/clusters/raichu-opal.yaml`). */
  readonly path: string;
  /** The file's text, BOM removed. */
  readonly text: string;
  /** UTF-16 offset of the start of each line (index 0 = line 1). */
  readonly lineStarts: readonly number[];
  /** UTF-16 offset of the first unit of each surrogate pair (a code point above U+FFFF), ascending. */
  readonly pairStarts: readonly number[];
  /**
   * Set by the filesystem adapter on an input file it could not read (and has
   * already reported): the loader counts the file as present and the pipeline
   * stops after loading, so no cross-file rule reports the gap it leaves.
   */
  readonly unreadable?: true;
  /**
   * What the reader knows of the text without having read it: set on an
   * input whose stamp is the one the compile cache recorded with these
   * figures (incremental/input-stamps.ts). The text itself is read only
   * when something asks for it.
   */
  readonly known?: KnownText;
}

/** An input's text by its figures: its SHA-256 (hex), its length in UTF-16 units and in UTF-8 bytes (BOM removed). */
export interface KnownText {
  readonly digest: string;
  readonly units: number;
  readonly bytes: number;
}

/** The length of `file`'s text in UTF-16 units, read only when not {@link SourceFile.known | known}. */
export function textUnits(file: SourceFile): number {
  return file.known?.units ?? file.text.length;
}

/**
 * A {@link SourceFile} whose text is `known` by its figures and read by
 * `read(path, known)` (once, when its text or an index of it is first asked
 * for), so that a run answered by cached records never reads the file.
 * `read` returns the file's text as {@link sourceFile} takes it, and is where
 * a text that is no longer the known one is refused. One class, its getters
 * on the prototype: a fleet holds tens of thousands of these.
 */
export class KnownSourceFile implements SourceFile {
  #whole: SourceFile | undefined;

  constructor(
    readonly path: string,
    readonly known: KnownText,
    private readonly read: (path: string, known: KnownText) => string,
  ) {}

  private whole(): SourceFile {
    return (this.#whole ??= sourceFile(this.path, this.read(this.path, this.known)));
  }

  get text(): string {
    return this.whole().text;
  }

  get lineStarts(): readonly number[] {
    return this.whole().lineStarts;
  }

  get pairStarts(): readonly number[] {
    return this.whole().pairStarts;
  }
}

/** Builds a {@link SourceFile}, dropping a leading U+FEFF byte-order mark and indexing line starts and surrogate pairs. */
export function sourceFile(path: string, text: string): SourceFile {
  const body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  const lineStarts = [0];
  for (let i = body.indexOf('\n'); i !== -1; i = body.indexOf('\n', i + 1)) lineStarts.push(i + 1);
  const pairStarts: number[] = [];
  for (const pair of body.matchAll(/[\ud800-\udbff][\udc00-\udfff]/g)) pairStarts.push(pair.index);
  return { path, text: body, lineStarts, pairStarts };
}

/** The index of the first element of the ascending `list` that is at least `value` (`list.length` when none is). */
function lowerBound(list: readonly number[], value: number): number {
  let low = 0;
  let high = list.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if ((list[middle] as number) < value) low = middle + 1;
    else high = middle;
  }
  return low;
}

/** The number of code points in the UTF-16 range `[from, to)` of `file`: its units, less the surrogate pairs wholly inside it. */
function countCodePoints(file: SourceFile, from: number, to: number): number {
  if (to <= from) return 0;
  return to - from - (lowerBound(file.pairStarts, to - 1) - lowerBound(file.pairStarts, from));
}

/** The 1-based line and code-point column of a UTF-16 `offset` in `file`. */
export function positionOf(file: SourceFile, offset: number): { line: number; column: number } {
  const starts = file.lineStarts;
  const clamped = Math.max(0, Math.min(offset, file.text.length));
  let low = 0;
  let high = starts.length - 1;
  while (low < high) {
    const middle = (low + high + 1) >> 1;
    if ((starts[middle] as number) <= clamped) low = middle;
    else high = middle - 1;
  }
  const lineStart = starts[low] as number;
  return { line: low + 1, column: countCodePoints(file, lineStart, Math.max(lineStart, clamped)) + 1 };
}

/** The text of 1-based `line` without its line ending. */
export function lineText(file: SourceFile, line: number): string {
  const starts = file.lineStarts;
  const start = starts[line - 1];
  if (start === undefined) return '';
  const next = starts[line];
  const raw = file.text.slice(start, next === undefined ? file.text.length : next - 1);
  return raw.endsWith('\r') ? raw.slice(0, -1) : raw;
}

/** True when UTF-16 `offset` of `text` falls between the two units of a surrogate pair. */
function splitsPair(text: string, offset: number): boolean {
  return (text.charCodeAt(offset) & 0xfc00) === 0xdc00 && (text.charCodeAt(offset - 1) & 0xfc00) === 0xd800;
}

/**
 * The text of 1-based `line` to show under a finding at UTF-16 `offset`: the
 * whole line when it is at most {@link SOURCE_WINDOW} units long, else a
 * window of that many units that starts a quarter window before `offset` (or
 * ends at the line's end), with the column of its first code point and
 * whether the line goes on after it. O(window + log n).
 */
function excerptAt(file: SourceFile, line: number, offset: number): Pick<SourceLocation, 'sourceLine' | 'sourceWindow'> {
  const start = file.lineStarts[line - 1] ?? 0;
  const next = file.lineStarts[line];
  let end = next === undefined ? file.text.length : next - 1;
  if (end > start && file.text.charCodeAt(end - 1) === 0x0d) end--;
  if (end - start <= SOURCE_WINDOW) return { sourceLine: file.text.slice(start, end) };
  let from = Math.max(start, Math.min(offset - SOURCE_WINDOW / 4, end - SOURCE_WINDOW));
  let to = Math.min(end, from + SOURCE_WINDOW);
  if (splitsPair(file.text, from)) from++;
  if (to < end && splitsPair(file.text, to)) to--;
  return { sourceLine: file.text.slice(from, to), sourceWindow: { column: positionOf(file, from).column, more: to < end } };
}

/** A {@link SourceLocation} spanning UTF-16 offsets `[start, end)` of `file`, with (a window of) its first line for the caret display. */
export function spanLocation(file: SourceFile, start: number, end: number, pointer?: string): SourceLocation {
  const from = positionOf(file, start);
  const to = positionOf(file, Math.max(start, end));
  return {
    file: file.path,
    line: from.line,
    column: from.column,
    endLine: to.line,
    endColumn: to.column,
    ...(pointer !== undefined ? { pointer } : {}),
    ...excerptAt(file, from.line, Math.max(0, Math.min(start, file.text.length))),
  };
}

/** The location of a whole file (line 1, column 1), for findings about the file itself. */
export function fileLocation(file: SourceFile | string): SourceLocation {
  return { file: typeof file === 'string' ? file : file.path, line: 1, column: 1 };
}
