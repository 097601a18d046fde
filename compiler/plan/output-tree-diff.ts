/**
 * `diene compile --check` (SPEC §5 exit 1): the difference between the output
 * tree the inputs produce and the tree on disk, as lists of stale, missing and
 * extra files and one unified diff. Pure.
 */
import { createTwoFilesPatch } from 'diff';
import { printable } from '../diagnostics/format.js';
import { MANIFEST_FILE } from '../3-emit/output-manifest.js';

/**
 * The order a review lists output files in: code-unit order, the manifest
 * (`.diene-manifest.json`) last. Its change only follows from the others' (a
 * digest a file), and a diff cut at `--diff-lines` must show the files that
 * changed first.
 */
export function outputFileOrder(a: string, b: string): number {
  if ((a === MANIFEST_FILE) !== (b === MANIFEST_FILE)) return a === MANIFEST_FILE ? 1 : -1;
  return a < b ? -1 : a > b ? 1 : 0;
}

export interface OutputTreeDiff {
  /** Files whose bytes differ, in {@link outputFileOrder}. */
  stale: string[];
  /** Files the inputs produce that are not on disk, in {@link outputFileOrder}. */
  missing: string[];
  /** Files on disk that the inputs no longer produce, in {@link outputFileOrder}. */
  extra: string[];
  /** A unified diff (`a/` = on disk, `b/` = wanted), empty when fresh; a file name is shown on one line (a line feed in it as ␤). */
  patch: string;
}

/**
 * Compares `wanted` (path → text) with `onDisk` (path → text). A file of
 * `modes` (path → [mode on disk, mode a write gives]) whose bytes are the same
 * is stale too, its part of the patch only the two modes (in its header).
 */
export function diffOutputTrees(
  wanted: ReadonlyMap<string, string>,
  onDisk: ReadonlyMap<string, string>,
  modes: ReadonlyMap<string, readonly [number, number]> = new Map(),
): OutputTreeDiff {
  const stale: string[] = [];
  const missing: string[] = [];
  const extra: string[] = [];
  const paths = [...new Set([...wanted.keys(), ...onDisk.keys(), ...modes.keys()])].sort(outputFileOrder);
  let patch = '';
  for (const file of paths) {
    const want = wanted.get(file);
    const have = onDisk.get(file);
    const mode = modes.get(file);
    if (want === have && mode !== undefined) {
      stale.push(file);
      const name = printable(file, 'line');
      patch += createTwoFilesPatch(`a/${name}`, `b/${name}`, '', '', `mode ${octal(mode[0])}`, `mode ${octal(mode[1])}`);
      continue;
    }
    if (want === have) continue;
    if (want === undefined) extra.push(file);
    else if (have === undefined) missing.push(file);
    else stale.push(file);
    // A file found on disk may be named anything: its header must stay one line.
    const name = printable(file, 'line');
    patch += createTwoFilesPatch(
      have === undefined ? '/dev/null' : `a/${name}`,
      want === undefined ? '/dev/null' : `b/${name}`,
      have ?? '',
      want ?? '',
      undefined,
      undefined,
      { context: 3 },
    );
  }
  return { stale, missing, extra, patch };
}

/** True when the trees are identical. */
export function isFresh(diff: OutputTreeDiff): boolean {
  return diff.stale.length === 0 && diff.missing.length === 0 && diff.extra.length === 0;
}

/** A mode as `ls -l`'s digits show it (`644`). */
export function octal(mode: number): string {
  return (mode & 0o7777).toString(8).padStart(3, '0');
}
