/**
 * Reads the traffic planner's inputs from disk: a live snapshot file, or a
 * folder laid out like the compiler's `dns/` (`<zone>/<host>.json`; a folder
 * holding `dns/`, such as the output directory, is read through it), and the
 * health file. Files are decoded as strict UTF-8; paths in diagnostics are
 * relative to `cwd`.
 */
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import fg from 'fast-glob';
import type { LiveFile } from '../../1-load/load-dns-live.js';
import { sourceFile, type SourceFile } from '../../1-load/source-file.js';
import { diagnose, type Diagnostic } from '../../diagnostics/diagnostic.js';

const decoder = new TextDecoder('utf-8', { fatal: true });

function display(cwd: string, absolute: string): string {
  const relative = path.relative(cwd, absolute);
  return (relative === '' || relative.startsWith('..') || path.isAbsolute(relative) ? absolute : relative).split(path.sep).join('/');
}

/** Reads one text file as a {@link SourceFile} named by its path relative to `cwd`, or the `file_read_failed` finding. */
export async function readTextFile(absolute: string, cwd: string): Promise<{ file?: SourceFile; diagnostics: Diagnostic[] }> {
  const shown = display(cwd, absolute);
  try {
    return { file: sourceFile(shown, decoder.decode(await readFile(absolute))), diagnostics: [] };
  } catch (error) {
    const reason = error instanceof TypeError ? 'it is not valid UTF-8' : error instanceof Error ? error.message : String(error);
    return { diagnostics: [diagnose({ file: shown, line: 1, column: 1 }, 'file_read_failed', { reason })] };
  }
}

async function kind(target: string): Promise<'file' | 'directory' | undefined> {
  try {
    const info = await stat(target);
    return info.isDirectory() ? 'directory' : info.isFile() ? 'file' : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The live snapshots at `target` (absolute): the file itself, or every
 * `<zone>/<host>.json` of the folder (of its `dns/` subfolder when the folder
 * has one), each with the identity its path carries. `problem` says why
 * nothing could be read (missing, or a folder without snapshots).
 */
export async function readDnsLive(target: string, cwd: string): Promise<{ files: LiveFile[]; diagnostics: Diagnostic[]; problem?: string }> {
  const what = await kind(target);
  if (what === undefined) return { files: [], diagnostics: [], problem: `${display(cwd, target)} does not exist` };
  if (what === 'file') {
    const read = await readTextFile(target, cwd);
    return { files: read.file ? [{ source: read.file }] : [], diagnostics: read.diagnostics };
  }
  const root = (await kind(path.join(target, 'dns'))) === 'directory' ? path.join(target, 'dns') : target;
  const paths = (await fg('*/*.json', { cwd: root, onlyFiles: true, dot: false, followSymbolicLinks: false })).sort();
  if (paths.length === 0) return { files: [], diagnostics: [], problem: `${display(cwd, target)} holds no <zone>/<host>.json snapshot` };
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
