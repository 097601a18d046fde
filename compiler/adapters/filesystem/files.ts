/**
 * The small file-system steps of the commands (is this a folder, which
 * folders does it hold, write this text), so that cli/ does no file-system
 * work of its own. Paths are taken as given; callers resolve them.
 */
import { appendFileSync, existsSync, readdirSync, realpathSync, statSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';

/** Whether `p` exists (a file, a folder or anything else). */
export function pathExists(p: string): boolean {
  return existsSync(p);
}

/** Whether `p` is a folder (following symbolic links). */
export function isDirectory(p: string): boolean {
  return existsSync(p) && statSync(p).isDirectory();
}

/** Whether `p` exists and is not an empty folder (a file, or a folder with entries). */
export function isOccupied(p: string): boolean {
  return existsSync(p) && (!statSync(p).isDirectory() || readdirSync(p).length > 0);
}

/** The names of the folders directly inside `dir`, in the order the system lists them; none when `dir` does not exist. */
export function subfolders(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);
}

/** `p` with every symbolic link resolved. */
export function realPath(p: string): string {
  return realpathSync(p);
}

/** Appends `text` to the file at `p`, creating it when missing (a CI runner's step summary). */
export function appendText(p: string, text: string): void {
  appendFileSync(p, text);
}

/** The UTF-8 text of the file at `p`. */
export function readText(p: string): Promise<string> {
  return readFile(p, 'utf8');
}

/**
 * Writes `text` to `p`. `createFolders` creates the missing folders above it
 * first; `exclusive` refuses (EEXIST) when the file exists.
 */
export async function writeText(p: string, text: string, options: { createFolders?: boolean; exclusive?: boolean } = {}): Promise<void> {
  if (options.createFolders) await mkdir(path.dirname(p), { recursive: true });
  await writeFile(p, text, { encoding: 'utf8', ...(options.exclusive ? { flag: 'wx' } : {}) });
}

/** The folder holding `.git` at or above `dir`, or `undefined` outside any work tree. */
export function gitTopLevel(dir: string): string | undefined {
  for (let at = path.resolve(dir); ; ) {
    if (existsSync(path.join(at, '.git'))) return at;
    const parent = path.dirname(at);
    if (parent === at) return undefined;
    at = parent;
  }
}
