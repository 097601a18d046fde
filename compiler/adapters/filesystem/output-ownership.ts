/**
 * Walks an output tree (or a sibling diene keeps beside it: the previous tree
 * during a swap, a staging folder) and sorts its entries into diene's and
 * foreign ones by the rules of compiler/plan/output-ownership.ts.
 * Nothing is followed: a symbolic link is an entry, never a way out; a folder
 * that no listing owns is reported whole, not walked (so `--out ~` costs one
 * directory listing, not a walk of the home folder); only listed files are
 * opened, never blocking (a FIFO at a listed path is reported, not read).
 * Removal goes by the walk, never by the manifest's paths, so a manifest that
 * lies cannot point a removal outside the tree.
 */
import { closeSync, constants, fstatSync, lstatSync, openSync, readdirSync, readFileSync, readSync, rmdirSync, unlinkSync, type Dirent } from 'node:fs';
import { rmdir, unlink } from 'node:fs/promises';
import path from 'node:path';
import { fileDigest, MANIFEST_FILE, parseOutputManifest, type ManifestProblem, type ParsedManifest } from '../../3-emit/output-manifest.js';
import { ownershipRules, type ForeignEntry, type ForeignReason, type Listing, type Vouched } from '../../plan/output-ownership.js';
import { currentStamp, stampOf } from './file-stamp.js';

/**
 * The largest file of an existing output tree that is read (64 MiB; the
 * largest output of the XL fleet of SPEC §7 is 6 MB). A larger file cannot be
 * anything diene wrote: it is never read.
 */
export const OUTPUT_READ_LIMIT = 64 * 1024 * 1024;

/** What a walk of one tree found. */
export interface TreeInspection {
  /** The tree's manifest: its listing, `undefined` when there is none, or why it cannot be trusted. */
  manifest: Map<string, string> | undefined | ManifestProblem;
  /** Entries diene did not write, sorted by path. */
  foreign: ForeignEntry[];
  /** Files diene wrote (relative paths, the manifest left out). */
  files: string[];
  /** Folders diene made, deepest first. */
  directories: string[];
  /** True when every file the manifest lists is there. */
  complete: boolean;
  /**
   * Of each file found diene's: its stamp (see {@link stampOf}) and the digest of its bytes, read and hashed or taken
   * from `trusted` when the stamp there is the same (see {@link inspectTree}).
   */
  stamps: Map<string, readonly [string, string]>;
}

const READ_FLAGS = constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK;

/**
 * One growing buffer that output files are read into, kept from one file to
 * the next: a buffer made for each of thousands of files costs more than
 * their reads.
 */
export class ReadBuffer {
  private buffer = Buffer.allocUnsafeSlow(1 << 20);
  /** The bytes of the file `fd`, whose size was `size` at its stat, valid until the next call. */
  read(fd: number, size: number): Buffer {
    // One byte more than the stat gave, to see a file that grew since: that one is read as it is now.
    if (size + 1 > this.buffer.length) this.buffer = Buffer.allocUnsafeSlow(Math.max(size + 1, this.buffer.length * 2));
    let done = 0;
    for (let got = -1; done <= size && got !== 0; done += got) got = readSync(fd, this.buffer, done, size + 1 - done, done);
    return done <= size ? this.buffer.subarray(0, done) : readFileSync(fd);
  }
}

/** The digest of the regular file at `absolute` and its stamp, why it is not one diene could have written, or `vanished` (removed meanwhile). */
function digestOf(absolute: string, reader: ReadBuffer): { digest: string; stamp: string } | ForeignReason | 'vanished' {
  let fd: number;
  try {
    fd = openSync(absolute, READ_FLAGS);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return 'vanished';
    if (code === 'ELOOP') return 'symlink';
    if (code === 'ENXIO') return 'special';
    return 'unreadable';
  }
  try {
    const info = fstatSync(fd, { bigint: true });
    if (!info.isFile()) return 'special';
    if (info.size > OUTPUT_READ_LIMIT) return { digest: `(${info.size} bytes, larger than any output)`, stamp: '' };
    return { digest: fileDigest(reader.read(fd, Number(info.size))), stamp: stampOf(info) };
  } catch {
    return 'unreadable';
  } finally {
    closeSync(fd);
  }
}

/** The manifest at the top of `dir`: its listing, `undefined` when missing, or its problem. */
export function readManifest(dir: string): TreeInspection['manifest'] {
  const parsed = readParsedManifest(dir);
  return parsed === undefined || 'problem' in parsed ? parsed : parsed.files;
}

/** The manifest at the top of `dir` as read: its listing and kind, `undefined` when missing, or its problem. */
export function readParsedManifest(dir: string): ParsedManifest | undefined {
  const file = path.join(dir, MANIFEST_FILE);
  try {
    const info = lstatSync(file);
    if (!info.isFile()) return { problem: info.isSymbolicLink() ? 'is a symbolic link, not a file diene wrote' : 'is not a regular file' };
    if (info.size > OUTPUT_READ_LIMIT) return { problem: `has ${info.size} bytes, more than any manifest` };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    return { problem: `cannot be read (${(error as NodeJS.ErrnoException).code ?? 'error'})` };
  }
  let fd: number;
  try {
    fd = openSync(file, READ_FLAGS);
  } catch (error) {
    return { problem: `cannot be read (${(error as NodeJS.ErrnoException).code ?? 'error'})` };
  }
  let text: string;
  try {
    text = readFileSync(fd, 'utf8');
  } catch (error) {
    return { problem: `cannot be read (${(error as NodeJS.ErrnoException).code ?? 'error'})` };
  } finally {
    closeSync(fd);
  }
  return parseOutputManifest(text);
}

/**
 * Walks the tree at `dir` (absent: an empty inspection). `wanted` is the
 * listing about to be written there (omit it for a tree that is only
 * removed). `checkContent` reads and hashes every listed file; without it a
 * listed file is taken as diene's whatever its bytes. A file whose stamp
 * equals its entry in `trusted` (path → [stamp, digest]: an earlier walk of
 * this run, or what the last compile into this directory recorded) is not read
 * again: its inode, size and change time are the same, so no write reached it
 * since, and the digest given is judged as if it had been read. A manifest
 * with a problem counts as none for the walk. Throws only when `dir` itself
 * cannot be listed. `vouched` is what diene has beyond the manifest to show
 * it wrote a file the new tree replaces or drops (see ownershipRules).
 */
export function inspectTree(
  dir: string,
  options: { wanted?: Listing; checkContent: boolean; trusted?: ReadonlyMap<string, readonly [string, string]>; vouched?: Vouched },
): TreeInspection {
  const inspection: TreeInspection = { manifest: undefined, foreign: [], files: [], directories: [], complete: true, stamps: new Map() };
  try {
    if (!lstatSync(dir).isDirectory()) return inspection;
  } catch {
    return inspection;
  }
  inspection.manifest = readManifest(dir);
  const recorded = inspection.manifest instanceof Map ? inspection.manifest : undefined;
  const rules = ownershipRules(recorded, options.wanted, { checkContent: options.checkContent, ...(options.vouched ? { vouched: options.vouched } : {}) });
  const seen = new Set<string>();
  const reader = new ReadBuffer();
  const pending = [''];
  while (pending.length > 0) {
    const folder = pending.pop() as string;
    let entries: Dirent[];
    try {
      entries = readdirSync(path.join(dir, folder), { withFileTypes: true });
    } catch (error) {
      if (folder === '') throw error;
      // Gone or replaced since its parent was listed (another writer's swap or removal): nothing to judge.
      if (!['ENOENT', 'ENOTDIR'].includes((error as NodeJS.ErrnoException).code ?? '')) inspection.foreign.push({ path: `${folder}/`, reason: 'unreadable' });
      continue;
    }
    for (const entry of entries) {
      const relative = folder === '' ? entry.name : `${folder}/${entry.name}`;
      if (relative === MANIFEST_FILE) continue;
      if (entry.isDirectory()) {
        if (rules.ownsDirectory(relative)) {
          inspection.directories.push(relative);
          pending.push(relative);
        } else inspection.foreign.push({ path: `${relative}/`, reason: 'directory' });
      } else if (entry.isSymbolicLink()) inspection.foreign.push({ path: relative, reason: 'symlink' });
      else if (!entry.isFile()) inspection.foreign.push({ path: relative, reason: 'special' });
      else if (!rules.listed(relative)) inspection.foreign.push({ path: relative, reason: 'unlisted' });
      else {
        const absolute = path.join(dir, relative);
        const known = options.checkContent ? options.trusted?.get(relative) : undefined;
        const read =
          options.checkContent && (known === undefined || known[0] !== currentStamp(absolute))
            ? digestOf(absolute, reader)
            : known && { digest: known[1], stamp: known[0] };
        if (read === 'vanished') continue;
        const reason = typeof read === 'string' ? read : rules.judgeFile(relative, read?.digest);
        if (reason === undefined) {
          inspection.files.push(relative);
          seen.add(relative);
          if (read !== undefined && typeof read !== 'string' && read.stamp !== '') inspection.stamps.set(relative, [read.stamp, read.digest]);
        } else
          inspection.foreign.push({ path: relative, reason, ...(reason === 'unvouched' && read && typeof read !== 'string' ? { digest: read.digest } : {}) });
      }
    }
  }
  if (recorded) for (const file of recorded.keys()) if (!seen.has(file)) inspection.complete = false;
  inspection.foreign.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  inspection.directories.sort((a, b) => b.split('/').length - a.split('/').length || (a < b ? 1 : a > b ? -1 : 0));
  return inspection;
}

function ignoring(codes: readonly string[], action: () => void): void {
  try {
    action();
  } catch (error) {
    if (!codes.includes((error as NodeJS.ErrnoException).code ?? '')) throw error;
  }
}

/**
 * Removes what `inspection` found diene's in the tree at `dir`: its files,
 * then its folders deepest first, then the manifest, then `dir` itself when
 * it is empty. The manifest goes last, so a removal killed half way leaves a
 * tree the next run still recognises. Returns true when `dir` is gone. A
 * foreign entry keeps its folders (and `dir`) in place; it is never touched.
 */
export function removeOwnedTree(dir: string, inspection: TreeInspection): boolean {
  for (const file of inspection.files) ignoring(['ENOENT'], () => unlinkSync(path.join(dir, file)));
  for (const folder of inspection.directories) ignoring(['ENOENT', 'ENOTEMPTY', 'EEXIST'], () => rmdirSync(path.join(dir, folder)));
  if (inspection.foreign.length > 0) return false;
  ignoring(['ENOENT'], () => {
    if (lstatSync(path.join(dir, MANIFEST_FILE)).isFile()) unlinkSync(path.join(dir, MANIFEST_FILE));
  });
  try {
    rmdirSync(dir);
    return true;
  } catch (error) {
    if (['ENOTEMPTY', 'EEXIST'].includes((error as NodeJS.ErrnoException).code ?? '')) return false;
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return true;
    throw error;
  }
}

/** Runs `action` on every item, `concurrency` at a time, ignoring the error codes `codes`. */
async function eachConcurrently(
  items: readonly string[],
  concurrency: number,
  codes: readonly string[],
  action: (item: string) => Promise<void>,
): Promise<void> {
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < items.length) {
      const item = items[next++] as string;
      try {
        await action(item);
      } catch (error) {
        if (!codes.includes((error as NodeJS.ErrnoException).code ?? '')) throw error;
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, items.length) }, worker));
}

/**
 * {@link removeOwnedTree}, with its unlinks and the removals of the folders of
 * one depth run `concurrency` at a time on the thread pool: the same order
 * (files, then folders deepest first, a depth only once the one below is
 * gone, then the manifest, then `dir`), so a removal killed half way leaves
 * the same trees, in a fraction of the wall time when the disk is busy.
 */
export async function removeOwnedTreeConcurrently(dir: string, inspection: TreeInspection, concurrency = 8): Promise<boolean> {
  await eachConcurrently(inspection.files, concurrency, ['ENOENT'], (file) => unlink(path.join(dir, file)));
  const depths = new Map<number, string[]>();
  for (const folder of inspection.directories) {
    const depth = folder.split('/').length;
    depths.set(depth, [...(depths.get(depth) ?? []), folder]);
  }
  for (const depth of [...depths.keys()].sort((a, b) => b - a))
    await eachConcurrently(depths.get(depth) as string[], concurrency, ['ENOENT', 'ENOTEMPTY', 'EEXIST'], (folder) => rmdir(path.join(dir, folder)));
  return removeOwnedTree(dir, { ...inspection, files: [], directories: [] });
}
