/**
 * Reads a fleet's input files from disk (SPEC §2 layout), walking only the
 * input folders (walk-folders.ts); files are decoded as strict UTF-8.
 *
 * Nothing in an input folder is skipped in silence: a directory, a
 * FIFO or a symbolic link where an input file belongs, a link to a folder, a
 * link out of the input folders or into a hidden path such as `.git/`,
 * a file too large or not UTF-8 is each a diagnostic. A link is
 * followed only to a regular file inside the input folders (see
 * read-input-file.ts `linkRefusal`), and never read otherwise.
 * Files outside the layout are not read at all (the loader warns that they are
 * ignored), so a stray binary or huge file there costs nothing.
 */
import { statSync } from 'node:fs';
import { lstat, realpath } from 'node:fs/promises';
import path from 'node:path';
import { classifyPath, INPUT_FOLDERS, isFolderPosition } from '../../1-load/fleet-layout.js';
import { largestFiles, TOTAL_SIZE_LIMIT } from '../../1-load/input-sizes.js';
import { KnownSourceFile, sourceFile, type KnownText, type SourceFile } from '../../1-load/source-file.js';
import { digestOfText, InputChangedError, type KnownInput } from './known-inputs.js';
import { diagnose, diagnoseFinding, sortDiagnostics, type Diagnostic, type Finding } from '../../diagnostics/diagnostic.js';
import { currentStamp, stampFields } from './file-stamp.js';
import { readInputFile } from './read-input-file.js';
import { walkFolders, type WalkedEntry } from './walk-folders.js';
import type { FolderScope } from '../../1-load/fleet-layout.js';

export type { FolderScope } from '../../1-load/fleet-layout.js';

/** How many files are open at once (a fleet has tens of thousands of rows; the descriptor limit may be 1024). */
const PARALLEL_READS = 32;

/**
 * The first folder on the way to `scope`'s folder (itself included) that is a
 * symbolic link, or `undefined`. The walk never follows a linked folder it
 * meets; a scope's own folder through a link (render's `platforms/<platform>`)
 * is reported instead of listed.
 */
async function linkedBase(root: string, scope: FolderScope): Promise<string | undefined> {
  const segments = scope.folder.split('/');
  for (let i = 1; i <= segments.length; i++) {
    const base = segments.slice(0, i).join('/');
    const info = await lstat(path.join(root, base)).catch(() => undefined);
    if (info?.isSymbolicLink()) return base;
  }
  return undefined;
}

async function linksToFolder(absolute: string): Promise<boolean> {
  try {
    const real = await realpath(absolute);
    return (await lstat(real)).isDirectory();
  } catch {
    return false;
  }
}

/**
 * Where the linked folder at `absolute` in the fleet at `realRoot` leads, as a
 * path from the fleet's folder when it stays inside the fleet (what the
 * hint's `cp -r` copies), else `<its target>`: diagnostics name no path
 * outside the fleet.
 */
async function linkTargetShown(realRoot: string, absolute: string): Promise<string> {
  try {
    const inFleet = path.relative(realRoot, await realpath(absolute));
    return inFleet !== '' && !inFleet.startsWith('..') && !path.isAbsolute(inFleet) ? inFleet.split(path.sep).join('/') : '<its target>';
  } catch {
    return '<its target>';
  }
}

/** Bytes of the file at `absolute` (a link's target's), or 0 when it cannot be stat'ed. */
function sizeOf(absolute: string): number {
  try {
    const info = statSync(absolute);
    return info.isFile() ? info.size : 0;
  } catch {
    return 0;
  }
}

/**
 * The refusal of a fleet whose input files pass `limit` bytes together: one
 * fleet-wide diagnostic naming the total their sizes add up to (whatever the
 * order the parallel reads happened to take), and every input `unreadable`,
 * so the pipeline stops after loading.
 */
function overBudget(root: string, inputs: readonly string[], bytesRead: number, limit: number): { files: SourceFile[]; diagnostics: Diagnostic[] } {
  const sizes = inputs.map((relative) => ({ path: relative, bytes: sizeOf(path.join(root, relative)) }));
  const total = Math.max(
    bytesRead,
    sizes.reduce((sum, { bytes }) => sum + bytes, 0),
  );
  return {
    files: [...inputs].sort().map((relative) => ({ ...sourceFile(relative, ''), unreadable: true as const })),
    diagnostics: [diagnose({}, 'input_total_too_large', { size: total, limit, largest: largestFiles(sizes) })],
  };
}

/**
 * Every file under the input folders of `root`, as {@link SourceFile}s sorted by
 * path, plus a diagnostic for each input that cannot be read
 * (`file_read_failed`, `file_too_large`, `file_symlink_outside`). Hidden
 * files (`.gitkeep`) are skipped; a file outside the layout is returned with
 * empty text, unread; an input that cannot be read is returned marked
 * `unreadable` (so the pipeline stops after loading) besides its diagnostic.
 * `scopes` (folders relative to `root`, each listed whole or its children
 * only; default: every input folder whole) limit the walk, so a command that
 * needs part of the fleet reads only that part (render: one platform's rows
 * out of tens of thousands).
 *
 * The input files together may hold at most `totalLimit` bytes (default
 * {@link TOTAL_SIZE_LIMIT}): reading stops once they pass it, and the fleet is
 * refused whole (`input_total_too_large`, with the total their sizes add up
 * to), every input returned `unreadable`.
 *
 * `known` (what the compile cache recorded of the inputs, incremental/input-stamps.ts)
 * spares reading a regular file whose stamp is still the recorded one: it is
 * returned known by its digest and read only if its text is asked for, when a
 * text that is no longer the known one throws {@link InputChangedError}.
 * `stamps` holds the stamp of every regular input file read or known.
 */
export async function readFleetFiles(
  root: string,
  options: { scopes?: readonly FolderScope[]; totalLimit?: number; known?: ReadonlyMap<string, KnownInput> } = {},
): Promise<{ files: SourceFile[]; diagnostics: Diagnostic[]; stamps: Map<string, string> }> {
  const totalLimit = options.totalLimit ?? TOTAL_SIZE_LIMIT;
  const realRoot = await realpath(root);
  const files: SourceFile[] = [];
  const diagnostics: Diagnostic[] = [];
  const report = (relative: string, finding: Finding, line = 1, column = 1): void => {
    diagnostics.push(diagnoseFinding({ file: relative, line, column }, finding));
  };
  for (const folder of INPUT_FOLDERS) {
    const info = await lstat(path.join(root, folder)).catch(() => undefined);
    if (info?.isSymbolicLink()) {
      report(folder, { code: 'input_folder_linked', args: { path: folder, target: await linkTargetShown(realRoot, path.join(root, folder)) } });
      files.push({ ...sourceFile(folder, ''), unreadable: true });
    } else if (info && !info.isDirectory()) {
      report(folder, { code: 'input_folder_is_file', args: { folder } });
      files.push({ ...sourceFile(folder, ''), unreadable: true });
    }
  }
  const scopes: FolderScope[] = [];
  for (const scope of options.scopes ?? INPUT_FOLDERS.map((folder): FolderScope => ({ folder, depth: 'all' }))) {
    const linked = await linkedBase(root, scope);
    if (linked === undefined) scopes.push(scope);
    else if (!files.some((file) => file.path === linked)) {
      report(linked, { code: 'input_folder_linked', args: { path: linked, target: await linkTargetShown(realRoot, path.join(root, linked)) } });
      files.push({ ...sourceFile(linked, ''), unreadable: true });
    }
  }
  const entries = walkFolders(root, scopes);
  entries.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  const reported = new Set(files.map((file) => file.path));
  const stamps = new Map<string, string>();
  const readKnown = (relative: string, known: KnownText): string => knownText(path.join(root, relative), relative, realRoot, known);
  const readOne = async (entry: WalkedEntry): Promise<void> => {
    const relative = entry.path;
    // A linked folder already reported by its pattern's base (render lists `platforms/*` too).
    if (reported.has(relative)) return;
    const absolute = path.join(root, relative);
    // Names are decoded as UTF-8; a name that is not cannot even be opened again.
    const unreadable = (reason: string): void => {
      report(relative, { code: 'file_read_failed', args: { reason, source: 'fleet' } });
      files.push({ ...sourceFile(relative, ''), unreadable: true });
    };
    if (relative.includes('\uFFFD')) return unreadable('its name is not valid UTF-8; rename it');
    const isInput = classifyPath(relative) !== undefined;
    if (entry.dirent.isDirectory()) {
      if (isInput) unreadable('it is a directory');
      return;
    }
    if (entry.dirent.isSymbolicLink() && (await linksToFolder(absolute))) {
      report(relative, { code: 'input_folder_linked', args: { path: relative, target: await linkTargetShown(realRoot, absolute) } });
      return void files.push({ ...sourceFile(relative, ''), unreadable: true });
    }
    // A file where the layout keeps a folder (`state/clusters`, `platforms/<platform>`) hides what the folder would hold.
    if (!isInput && isFolderPosition(relative)) {
      report(relative, { code: 'input_folder_is_file', args: { folder: relative } });
      return void files.push({ ...sourceFile(relative, ''), unreadable: true });
    }
    if (!isInput) {
      files.push(sourceFile(relative, ''));
      return;
    }
    if (bytesRead > totalLimit) return;
    const recorded = entry.dirent.isFile() ? options.known?.get(relative) : undefined;
    if (recorded !== undefined && currentStamp(absolute) === recorded.stamp) {
      bytesRead += Number(stampFields(recorded.stamp).size);
      stamps.set(relative, recorded.stamp);
      return void files.push(new KnownSourceFile(relative, recorded.text, readKnown));
    }
    const read = readInputFile(absolute, { root: realRoot, listedAsFile: entry.dirent.isFile() });
    if ('text' in read) {
      bytesRead += read.bytes;
      if (entry.dirent.isFile()) stamps.set(relative, read.stamp);
      return void files.push(sourceFile(relative, read.text));
    }
    if (read.problem.code === 'file_read_failed') report(relative, read.problem, read.problem.line, read.problem.column);
    else report(relative, read.problem);
    files.push({ ...sourceFile(relative, ''), unreadable: true });
  };
  let bytesRead = 0;
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < entries.length && bytesRead <= totalLimit) await readOne(entries[next++] as WalkedEntry);
  };
  await Promise.all(Array.from({ length: Math.min(PARALLEL_READS, entries.length) }, worker));
  if (bytesRead > totalLimit)
    return {
      stamps: new Map(),
      ...overBudget(
        root,
        entries.map((entry) => entry.path).filter((relative) => classifyPath(relative) !== undefined),
        bytesRead,
        totalLimit,
      ),
    };
  files.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  // Workers finish in any order: the refusals come out sorted, as the files do.
  return { files, diagnostics: sortDiagnostics(diagnostics), stamps };
}

/**
 * The text of a file the reader knew by its stamp, read when something asks
 * for it: refused ({@link InputChangedError}) unless it is still the text the
 * record describes.
 */
function knownText(absolute: string, relative: string, realRoot: string, known: KnownText): string {
  const read = readInputFile(absolute, { root: realRoot, listedAsFile: true });
  if (!('text' in read)) throw new InputChangedError(relative, 'unreadable');
  const body = read.text.charCodeAt(0) === 0xfeff ? read.text.slice(1) : read.text;
  if (digestOfText(body) !== known.digest) throw new InputChangedError(relative, 'changed');
  return read.text;
}
