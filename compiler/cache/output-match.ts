/**
 * Whether an output directory already holds exactly the tree a cached compile
 * made, so that the run needs neither the analysis nor a write: its manifest
 * has the very bytes diene writes for the cached listing, it holds no entry
 * the listing does not name (no other file, folder, link or device), and every
 * listed file is a regular file whose bytes have the listed digest (each one
 * read and hashed: a file edited by hand after the compile never passes).
 * Anything else, a lock or what a killed compile left beside it included,
 * answers no, and the run compiles cold, which writes, refuses or reports as
 * it always does.
 */
import { createHash } from 'node:crypto';
import { closeSync, constants, existsSync, fstatSync, lstatSync, openSync, readdirSync, readFileSync, type Dirent } from 'node:fs';
import path from 'node:path';
import { lockOf, previousOf } from '../adapters/filesystem/output-tree.js';
import { MANIFEST_FILE, manifestText } from '../4-emit/output-manifest.js';

/** True when `outDir` holds exactly the files of `listing` (path → `sha256:<hex>`) and their manifest, and nothing is left beside it. */
export function outputMatches(outDir: string, listing: ReadonlyMap<string, string>): boolean {
  try {
    if (!lstatSync(outDir).isDirectory()) return false;
    if (existsSync(lockOf(outDir)) || existsSync(previousOf(outDir))) return false;
    const staging = `.${path.basename(outDir)}.staging-`;
    if (readdirSync(path.dirname(outDir)).some((name) => name.startsWith(staging))) return false;
    const manifest = readRegular(path.join(outDir, MANIFEST_FILE));
    if (manifest === undefined || manifest.toString('utf8') !== manifestText(listing)) return false;
    const folders = new Set<string>();
    for (const file of listing.keys()) for (let up = path.posix.dirname(file); up !== '.' && !folders.has(up); up = path.posix.dirname(up)) folders.add(up);
    let seen = 0;
    const pending = [''];
    while (pending.length > 0) {
      const folder = pending.pop() as string;
      const entries: Dirent[] = readdirSync(path.join(outDir, folder), { withFileTypes: true });
      for (const entry of entries) {
        const relative = folder === '' ? entry.name : `${folder}/${entry.name}`;
        if (entry.isDirectory()) {
          if (!folders.has(relative)) return false;
          pending.push(relative);
        } else if (!entry.isFile()) return false;
        else if (relative === MANIFEST_FILE) continue;
        else {
          const digest = listing.get(relative);
          if (digest === undefined) return false;
          const bytes = readRegular(path.join(outDir, relative));
          if (bytes === undefined || `sha256:${createHash('sha256').update(bytes).digest('hex')}` !== digest) return false;
          seen++;
        }
      }
    }
    return seen === listing.size;
  } catch {
    return false;
  }
}

/** The bytes of the regular file `file`, never following a link or blocking on a FIFO; `undefined` otherwise. */
function readRegular(file: string): Buffer | undefined {
  let fd: number;
  try {
    fd = openSync(file, constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK);
  } catch {
    return undefined;
  }
  try {
    return fstatSync(fd).isFile() ? readFileSync(fd) : undefined;
  } finally {
    closeSync(fd);
  }
}
