/**
 * Whether an output directory already holds exactly the tree a cached compile
 * made, so that the run needs neither the analysis nor a write: its manifest
 * has the very bytes that compile wrote (by digest), it holds no entry
 * the listing does not name (no other file, folder, link or device), and every
 * listed file is a regular file whose mode is the one a write gives (see
 * {@link writtenMode}) and whose bytes have the listed digest: read and
 * hashed, unless an earlier run hashed it and its stamp (inode, size,
 * modification and change time in nanoseconds, which any write, rename, link
 * or chmod moves and no tool can set back) is still the same. A stamp is kept
 * only of a file changed at least {@link STAMP_MARGIN_MS} before it was
 * taken, so that a write in the same clock tick as the look cannot hide
 * behind an equal stamp.
 * Anything else, a lock or what a killed compile left beside it included,
 * answers no, and the run compiles cold, which writes, refuses or reports as
 * it always does.
 */
import { createHash } from 'node:crypto';
import { lstatSync, readdirSync, type Dirent } from 'node:fs';
import path from 'node:path';
import { firstReadOnly } from './output-location.js';
import { readRegularFile } from './files.js';

/** The manifest's name (3-emit/output-manifest.ts), and the siblings of adapters/filesystem/output-tree.ts: not imported, so that a warm run loads neither. */
const MANIFEST_FILE = '.diene-manifest.json';
const lockOf = (outDir: string): string => path.join(path.dirname(outDir), `.${path.basename(outDir)}.lock`);
const previousOf = (outDir: string): string => path.join(path.dirname(outDir), `.${path.basename(outDir)}.previous`);
const digestOf = (bytes: Uint8Array): string => `sha256:${createHash('sha256').update(bytes).digest('hex')}`;

/** How long ago a file must have changed for its stamp to be kept. */
export const STAMP_MARGIN_MS = 2000;

/**
 * Whether a file's permission bits `mode` are those a write gives, `manifest`
 * being the mode of the manifest diene wrote beside it: the same, and never an
 * execute, setuid, setgid or sticky bit (a write creates with 0666, which
 * the umask or a default ACL only narrows). The rule by which a write links
 * an old file (its mode that of the file just written) for a look that writes
 * nothing: a file chmodded by hand is rewritten, not kept (git tracks the
 * executable bit).
 */
export function writtenMode(mode: number, manifest: number): boolean {
  return (mode & 0o7777) === (manifest & 0o666);
}

/** A file's stamp: inode, size, modification and change time (ns); `undefined` unless it is a regular file whose mode a write gives (beside a manifest of mode `manifest`). */
function stampOf(file: string, manifest: number): string | undefined {
  const info = lstatSync(file, { bigint: true });
  return info.isFile() && writtenMode(Number(info.mode), manifest) ? `${info.ino}:${info.size}:${info.mtimeNs}:${info.ctimeNs}` : undefined;
}

/**
 * Whether `outDir` holds exactly the files of `listing` (path → `sha256:<hex>`)
 * and their manifest (whose bytes have digest `manifest`), with nothing left
 * beside it. `known` holds the stamps of an earlier look (path → [stamp,
 * digest]); `stamps` those of this one, for the next. `own` names the lock and
 * staging folder of the caller's own write, under whose lock the look is taken:
 * those are no leftovers. On a match, `readOnly` names the first folder below
 * the top (relative, in path order) this process cannot write, which would
 * stop the next replacement of the tree.
 */
export function outputMatches(
  outDir: string,
  listing: ReadonlyMap<string, string>,
  manifest: string,
  known: ReadonlyMap<string, readonly [string, string]> = new Map(),
  own: readonly string[] = [],
): { match: boolean; stamps: Map<string, [string, string]>; readOnly?: string } {
  const stamps = new Map<string, [string, string]>();
  let readOnly: string | undefined;
  const settled = (BigInt(Date.now()) - BigInt(STAMP_MARGIN_MS)) * 1_000_000n;
  const match = ((): boolean => {
    try {
      if (!lstatSync(outDir).isDirectory()) return false;
      if ((entryExists(lockOf(outDir)) && !own.includes(lockOf(outDir))) || entryExists(previousOf(outDir))) return false;
      const staging = `.${path.basename(outDir)}.staging-`;
      const parent = path.dirname(outDir);
      // A staging folder is another write's (or a killed one's, which a write repairs); a file of that name is nobody's.
      const writing = (entry: Dirent): boolean => entry.isDirectory() && entry.name.startsWith(staging) && !own.includes(path.join(parent, entry.name));
      if (readdirSync(parent, { withFileTypes: true }).some(writing)) return false;
      const manifestPath = path.join(outDir, MANIFEST_FILE);
      const manifestBytes = readRegularFile(manifestPath);
      if (manifestBytes === undefined || digestOf(manifestBytes) !== manifest) return false;
      const manifestMode = lstatSync(manifestPath).mode;
      if (!writtenMode(manifestMode, manifestMode)) return false;
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
            const absolute = path.join(outDir, relative);
            const before = known.get(relative);
            const stamp = stampOf(absolute, manifestMode);
            if (stamp === undefined) return false;
            if (before === undefined || before[0] !== stamp || before[1] !== digest) {
              const bytes = readRegularFile(absolute);
              if (bytes === undefined || digestOf(bytes) !== digest || stampOf(absolute, manifestMode) !== stamp) return false;
            }
            // The change time is the stamp's last field: keep it only when it is older than the margin.
            if (BigInt(stamp.slice(stamp.lastIndexOf(':') + 1)) < settled) stamps.set(relative, [stamp, digest]);
            seen++;
          }
        }
      }
      // The first folder below the top this process cannot write, in path order (output-location.ts).
      readOnly = firstReadOnly(outDir, folders);
      return seen === listing.size;
    } catch {
      return false;
    }
  })();
  return { match, stamps, ...(match && readOnly !== undefined ? { readOnly } : {}) };
}

/** Whether anything is at `file`, a symbolic link that leads nowhere included (which `existsSync` would call nothing). */
function entryExists(file: string): boolean {
  return lstatSync(file, { throwIfNoEntry: false }) !== undefined;
}
