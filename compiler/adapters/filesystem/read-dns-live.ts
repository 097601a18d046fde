/**
 * Reads the traffic planner's inputs from disk: a live snapshot file, or a
 * folder laid out like the compiler's `dns/` (`<zone>/<host>.json`; a folder
 * holding `dns/`, such as the output directory, is read through it), and the
 * health file. Files are decoded as strict UTF-8; paths in diagnostics are
 * relative to `cwd`.
 */
import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import fg from 'fast-glob';
import type { LiveFile } from '../../1-load/load-dns-live.js';
import { sourceFile, type SourceFile } from '../../1-load/source-file.js';
import { diagnoseFinding, type Diagnostic } from '../../diagnostics/diagnostic.js';
import { readInputFile } from './read-input-file.js';

function display(cwd: string, absolute: string): string {
  const relative = path.relative(cwd, absolute);
  return (relative === '' || relative.startsWith('..') || path.isAbsolute(relative) ? absolute : relative).split(path.sep).join('/');
}

/**
 * Reads one text file as a {@link SourceFile} named by its path relative to `cwd`, or its finding
 * (`file_read_failed`, `file_too_large`). Through {@link readInputFile}: a FIFO is refused, never
 * waited on (a FIFO named by `--health` would hang for ever).
 */
export async function readTextFile(absolute: string, cwd: string): Promise<{ file?: SourceFile; diagnostics: Diagnostic[] }> {
  const shown = display(cwd, absolute);
  const read = readInputFile(absolute);
  if ('text' in read) return { file: sourceFile(shown, read.text), diagnostics: [] };
  const { problem } = read;
  const where = {
    file: shown,
    line: problem.code === 'file_read_failed' ? (problem.line ?? 1) : 1,
    column: problem.code === 'file_read_failed' ? (problem.column ?? 1) : 1,
  };
  // The file was named on the command line (--live, --health): it is no file of the fleet to remove.
  return { diagnostics: [diagnoseFinding(where, problem.code === 'file_read_failed' ? { ...problem, args: { ...problem.args, source: 'named' } } : problem)] };
}

async function kind(target: string): Promise<'file' | 'directory' | undefined> {
  try {
    const info = await stat(target);
    return info.isDirectory() ? 'directory' : info.isFile() ? 'file' : undefined;
  } catch {
    return undefined;
  }
}

/** The folder holding `shown` (a path as the user typed it), as the user would type it. */
export function parentOf(shown: string): string {
  const parent = path.dirname(shown.replace(/[\\/]+$/, ''));
  return parent === '' ? '.' : parent;
}

/** At most this many entries are named when a folder holds no snapshot. */
const NAMED = 3;

function listed(names: readonly string[]): string {
  return names.length <= NAMED ? names.join(', ') : `${names.slice(0, NAMED).join(', ')} and ${names.length - NAMED} more`;
}

/**
 * The live snapshots at `target` (absolute): the file itself, or every
 * `<zone>/<host>.json` of the folder (of its `dns/` subfolder when the folder
 * has one), each with the identity its path carries. `problem` says why
 * nothing could be read (missing, one zone's folder, or a folder without
 * snapshots), in words that follow the path; `empty` marks a folder that
 * holds nothing at all besides dot entries (a first rollout's live state,
 * which `plan dns --assume-empty` accepts); `zoneFolder` marks a folder of
 * `<host>.json` files, which is one zone's folder of the layout, whose parent
 * is the folder to pass.
 */
export async function readDnsLive(
  target: string,
  cwd: string,
): Promise<{ files: LiveFile[]; diagnostics: Diagnostic[]; problem?: string; empty?: true; zoneFolder?: true }> {
  const what = await kind(target);
  if (what === undefined) return { files: [], diagnostics: [], problem: 'it does not exist' };
  if (what === 'file') {
    const read = await readTextFile(target, cwd);
    return { files: read.file ? [{ source: read.file }] : [], diagnostics: read.diagnostics };
  }
  const root = (await kind(path.join(target, 'dns'))) === 'directory' ? path.join(target, 'dns') : target;
  const paths = (await fg('*/*.json', { cwd: root, onlyFiles: true, dot: false, followSymbolicLinks: false })).sort();
  if (paths.length === 0) {
    // Code-point order, so the names shown never depend on the locale or the file system.
    const entries = (await readdir(root, { withFileTypes: true }))
      .filter((e) => !e.name.startsWith('.'))
      .map((e) => (e.isDirectory() ? `${e.name}/` : e.name))
      .sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
    if (entries.length === 0) return { files: [], diagnostics: [], problem: 'it holds no <zone>/<host>.json snapshot', empty: true };
    const hostFiles = entries.filter((name) => name.endsWith('.json'));
    if (hostFiles.length > 0)
      return {
        files: [],
        diagnostics: [],
        problem: `it looks like the folder of one zone, ${path.basename(root)} (it holds ${listed(hostFiles)}), not one laid out like dns/ (<zone>/<host>.json)`,
        zoneFolder: true,
      };
    return { files: [], diagnostics: [], problem: `it holds no <zone>/<host>.json snapshot (only ${listed(entries)})` };
  }
  const files: LiveFile[] = [];
  const diagnostics: Diagnostic[] = [];
  for (const relative of paths) {
    const read = await readTextFile(path.join(root, relative), cwd);
    diagnostics.push(...read.diagnostics);
    const [zone, file] = relative.split('/') as [string, string];
    if (read.file) files.push({ source: read.file, identity: { zone, host: file.slice(0, -'.json'.length) } });
  }
  return { files, diagnostics };
}
