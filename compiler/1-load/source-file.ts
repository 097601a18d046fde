/**
 * Source files and positions. A {@link SourceFile} is an input file's text with
 * its BOM removed; offsets are UTF-16 indexes into that text, and positions are
 * 1-based lines and columns that count Unicode code points (SPEC §5), so a BOM
 * is never counted and a CRLF line ending never shifts a column.
 */
import type { SourceLocation } from '../diagnostics/diagnostic.js';

/** One input file as read from the fleet. */
export interface SourceFile {
  /** Path relative to the fleet root, `/`-separated (e.g. `registry/clusters/raichu-opal.yaml`). */
  readonly path: string;
  /** The file's text, BOM removed. */
  readonly text: string;
  /** UTF-16 offset of the start of each line (index 0 = line 1). */
  readonly lineStarts: readonly number[];
  /**
   * Set by the filesystem adapter on an input file it could not read (and has
   * already reported): the loader counts the file as present and the pipeline
   * stops after loading, so no cross-file rule reports the gap it leaves.
   */
  readonly unreadable?: true;
}

/** Builds a {@link SourceFile}, dropping a leading U+FEFF byte-order mark and indexing line starts. */
export function sourceFile(path: string, text: string): SourceFile {
  const body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  const lineStarts = [0];
  for (let i = body.indexOf('\n'); i !== -1; i = body.indexOf('\n', i + 1)) lineStarts.push(i + 1);
  return { path, text: body, lineStarts };
}

function countCodePoints(text: string, from: number, to: number): number {
  let count = 0;
  for (let i = from; i < to; i++) {
    const unit = text.charCodeAt(i);
    if (unit >= 0xdc00 && unit <= 0xdfff && i > from) {
      const previous = text.charCodeAt(i - 1);
      if (previous >= 0xd800 && previous <= 0xdbff) continue;
    }
    count++;
  }
  return count;
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
  return { line: low + 1, column: countCodePoints(file.text, lineStart, clamped) + 1 };
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

/** A {@link SourceLocation} spanning UTF-16 offsets `[start, end)` of `file`. */
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
    sourceLine: lineText(file, from.line),
  };
}

/** The location of a whole file (line 1, column 1), for findings about the file itself. */
export function fileLocation(file: SourceFile | string): SourceLocation {
  return { file: typeof file === 'string' ? file : file.path, line: 1, column: 1 };
}
