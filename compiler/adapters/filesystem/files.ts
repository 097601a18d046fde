/**
 * The small file-system steps of the commands (is this a folder, which
 * folders does it hold, write this text), so that cli/ does no file-system
 * work of its own. Paths are taken as given; callers resolve them.
 */
import {
  appendFileSync,
  closeSync,
  constants,
  existsSync,
  fstatSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  realpathSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { closestName } from '../../diagnostics/spelling.js';

/**
 * The bytes of the regular file `file` when it holds at most `limit` bytes,
 * else `undefined` (nothing there, a link, which is never followed, a FIFO,
 * which never blocks the read, a device, a folder, or too large).
 */
export function readRegularFile(file: string, limit = Number.POSITIVE_INFINITY): Buffer | undefined {
  let fd: number;
  try {
    fd = openSync(file, constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK);
  } catch {
    return undefined;
  }
  try {
    const info = fstatSync(fd);
    return info.isFile() && info.size <= limit ? readFileSync(fd) : undefined;
  } catch {
    return undefined;
  } finally {
    closeSync(fd);
  }
}

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

/**
 * Makes the folder `dir` and its missing parents, one at a time from the
 * nearest that exists. Node's own `recursive` mkdir retries forever where a
 * parent exists but refuses a new entry with ENOENT (`/proc`); this throws the
 * system's error instead (ENOENT there, ENOTDIR for a file on the path).
 * `mode` is given to each folder it makes.
 */
export function makeFolders(dir: string, mode?: number): void {
  const missing: string[] = [];
  for (let at = path.resolve(dir); ;) {
    const info = statSync(at, { throwIfNoEntry: false });
    if (info?.isDirectory()) break;
    // Not a folder where one belongs: the system's own ENOTDIR (listing it), not mkdir's misleading EEXIST.
    if (info) readdirSync(at);
    missing.push(at);
    const parent = path.dirname(at);
    if (parent === at) break;
    at = parent;
  }
  for (const folder of missing.reverse()) {
    try {
      mkdirSync(folder, mode === undefined ? undefined : { mode });
    } catch (error) {
      // Made meanwhile by another process: what was wanted.
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST' || !statSync(folder).isDirectory()) throw error;
    }
  }
}

/** Writes `text` to the file at `p`, making its missing folders first (a log a later CI step uploads). */
export function writeTextSync(p: string, text: string): void {
  makeFolders(path.dirname(p));
  writeFileSync(p, text);
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
  if (options.createFolders) makeFolders(path.dirname(p));
  await writeFile(p, text, { encoding: 'utf8', ...(options.exclusive ? { flag: 'wx' } : {}) });
}

/** The folder holding `.git` at or above `dir`, or `undefined` outside any work tree. */
export function gitTopLevel(dir: string): string | undefined {
  for (let at = path.resolve(dir); ;) {
    if (existsSync(path.join(at, '.git'))) return at;
    const parent = path.dirname(at);
    if (parent === at) return undefined;
    at = parent;
  }
}

/** Whether the folder `dir` holds registry/fleet.yaml (is a fleet root); false when it cannot be looked at. */
function holdsFleet(dir: string): boolean {
  try {
    return statSync(path.join(dir, 'registry', 'fleet.yaml')).isFile();
  } catch {
    return false;
  }
}

/** The folders inside `dir` a fleet may be in (no hidden folder, no node_modules, no link), in code-unit order; none when it cannot be listed. */
function visibleFolders(dir: string): string[] {
  try {
    return readdirSync(dir, { withFileTypes: true })
      .filter((entry) => entry.isDirectory() && !entry.name.startsWith('.') && entry.name !== 'node_modules')
      .map((entry) => entry.name)
      .sort();
  } catch {
    return [];
  }
}

/** The most folders {@link nearbyFleet} looks into below its start: a large tree costs no more. */
const NEARBY_LOOKS = 1000;

/**
 * The fleet root (a folder holding registry/fleet.yaml) nearest `start`, for
 * a hint when a run is pointed elsewhere: `start` itself unless
 * `skipStart`, then the folders enclosing it, nearest first, then below it.
 * With `typed` (the name of a folder that is not there), below it means only
 * a folder of `start` whose name is a close spelling of `typed`: another
 * fleet beside the one meant is no answer. Without it, the folders one and
 * two levels below `start` in name order, except below the file-system root
 * or the temporary folder, which hold whatever anyone left there.
 * `undefined` when none is.
 */
export function nearbyFleet(start: string, skipStart = false, typed?: string): string | undefined {
  for (let dir = skipStart ? path.dirname(start) : start; ; dir = path.dirname(dir)) {
    if (holdsFleet(dir)) return dir;
    if (path.dirname(dir) === dir) break;
  }
  if (typed !== undefined) {
    const meant = closestName(
      typed,
      visibleFolders(start).filter((name) => closestName(typed, [name]) !== undefined && holdsFleet(path.join(start, name))),
    );
    return meant === undefined ? undefined : path.join(start, meant);
  }
  const resolved = path.resolve(start);
  if (path.dirname(resolved) === resolved || resolved === path.resolve(tmpdir())) return undefined;
  let level = [start];
  let looks = 0;
  for (let depth = 0; depth < 2; depth++) {
    const next: string[] = [];
    for (const dir of level)
      for (const name of visibleFolders(dir)) {
        if (++looks > NEARBY_LOOKS) return undefined;
        const child = path.join(dir, name);
        if (holdsFleet(child)) return child;
        next.push(child);
      }
    level = next;
  }
  return undefined;
}
