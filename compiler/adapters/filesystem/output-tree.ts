/**
 * The output directory, written all-or-nothing: the new tree is
 * written into a staging sibling directory, fsynced, then swapped in with two
 * renames (current → `.<out>.previous`, staging → current) and the previous
 * tree removed. A failed compile never calls these functions, so the output
 * directory stays as it was.
 *
 * Design note (killed runs, concurrent runs). Writers take a lock
 * first, the file `.<out>.lock` beside the output directory holding the
 * writer's process id, created with O_EXCL; a second writer waits for it, so
 * two compiles into one directory run one after the other and each swaps in a
 * complete tree. Under the lock a writer repairs what a killed run left: a
 * missing `<out>` with its `.<out>.previous` is restored (the run died between
 * the two renames), and stale `.<out>.staging-*` folders and a stale
 * `.<out>.previous` are removed. A lock whose process is gone is stale and is
 * taken over (two waiters that find the same stale lock at the same instant
 * could both take it; then the renames still never mix two trees, and the
 * loser fails with a clean error). Readers (`--check`) take no lock, repair
 * nothing and read `.<out>.previous` when `<out>` is missing.
 *
 * Design note (never lose what diene did not write). Every tree
 * carries its manifest (compiler/3-emit/output-manifest.ts). Before the swap,
 * under the lock and after the staging folder is written, the current tree is
 * walked: an entry diene did not write (compiler/plan/output-ownership.ts)
 * stops the write with {@link OutputForeignError}, and nothing is renamed or
 * deleted. The siblings are held to the same rule: `.<out>.previous` is
 * restored or removed only when everything in it is diene's (else the write
 * stops), a staging folder loses only the files its manifest lists, and a lock
 * file that holds anything but a process id is never taken over. The visible
 * `<out>.previous` of older versions is never read, renamed or removed.
 */
import { randomBytes } from 'node:crypto';
import {
  closeSync,
  constants,
  fstatSync,
  linkSync,
  lstatSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
  writeSync,
  type BigIntStats,
  type Dirent,
  type Stats,
} from 'node:fs';
import { chmod, open, rename, stat } from 'node:fs/promises';
import path from 'node:path';
import { fileDigest, MANIFEST_FILE, manifestText, parseOutputManifest, type TreeKind } from '../../3-emit/output-manifest.js';
import { plannedListing, type KnownDigests, type OutputPlan } from '../../3-emit/output-plan.js';
// How long ago a file must have changed for its stamp to be kept: the rule of the warm path, for the stamps a write keeps.
import { STAMP_MARGIN_MS, writtenMode } from './output-match.js';
import { vouchKey, type ForeignEntry, type ForeignReason, type Listing, type Vouched } from '../../plan/output-ownership.js';
import { bytesKeptByGit } from '../git/tracked.js';
import { currentStamp, stampFields, stampOf } from './file-stamp.js';
import {
  inspectTree,
  OUTPUT_READ_LIMIT,
  ReadBuffer,
  readParsedManifest,
  removeOwnedTree,
  removeOwnedTreeConcurrently,
  type TreeInspection,
} from './output-ownership.js';
import { makeFolders, readRegularFile } from './files.js';

/** How long a writer waits for another writer's lock before giving up (milliseconds). */
export const LOCK_WAIT_MS = 10_000;

/** Thrown by {@link writeOutputTree} when another live process holds the output lock past the wait. */
export class OutputBusyError extends Error {
  constructor(
    /** The holder's process id, or `undefined` when the lock file names none. */
    readonly pid: number | undefined,
    /** The lock file's path. */
    readonly lock: string,
    /** How long the writer waited for it (milliseconds). */
    readonly waitedMs: number,
  ) {
    super(`the output directory is locked by process ${pid ?? '?'} (${lock})`);
  }
}

/** An entry diene did not write, found where a write would replace or remove it. */
export interface ForeignFinding {
  /** Absolute path; a folder ends with `/`. */
  path: string;
  /** Why it is not diene's; `lock` for what stands at the lock's place and is not a lock diene made. */
  reason: ForeignReason | 'lock';
  /** The sibling of the output directory that holds it (`.<out>.previous`, `.<out>.lock`), absent for the output directory itself. */
  sibling?: string;
  /** For an `unvouched` file: the digest of its bytes, which the manifest gives it. */
  digest?: string;
}

/** Thrown by {@link writeOutputTree} when the output directory or a sibling holds what diene did not write; nothing was renamed or deleted. */
export class OutputForeignError extends Error {
  constructor(
    /** The foreign entries, sorted by path. */
    readonly findings: ForeignFinding[],
    /** A manifest that cannot be trusted: its absolute path and why. */
    readonly manifest?: { path: string; problem: string; conflict?: true },
    /** True when the entries are in the output directory itself and it has no manifest at all: diene never wrote there. */
    readonly unmanaged = false,
    /** How many files of the directory are outputs of this compile, byte for byte (a tree of diene's that lost its manifest holds many). */
    readonly outputsFound = 0,
    /** The output directory is another command's tree (its manifest's kind), not one of the kind being written. */
    readonly otherKind?: { found: TreeKind; wanted: TreeKind },
  ) {
    super(
      otherKind
        ? `the output directory holds ${otherKind.found === 'atlas' ? "diene atlas's site" : "diene compile's output"}`
        : manifest
          ? `the manifest ${manifest.path} ${manifest.problem}`
          : `${findings.length} entries diene did not write, first ${findings[0]?.path}`,
    );
  }
}

/** Where a write keeps the tree it replaces until the new one is in place: a hidden sibling, like the lock. */
export function previousOf(outDir: string): string {
  return path.join(path.dirname(outDir), `.${path.basename(outDir)}.previous`);
}

/** The lock file of `outDir`: a hidden sibling, so that it never lands inside the tree. */
export function lockOf(outDir: string): string {
  return path.join(path.dirname(outDir), `.${path.basename(outDir)}.lock`);
}

function stagingPrefix(outDir: string): string {
  return `.${path.basename(outDir)}.staging-`;
}

/** `lstat` of `target`, or `undefined` when nothing is there. */
function entryAt(target: string): Stats | undefined {
  try {
    return lstatSync(target);
  } catch {
    return undefined;
  }
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** True when process `pid` runs; a zombie (killed, not yet reaped by its parent; Linux `/proc` only) counts as gone. */
function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
  let stat = '';
  try {
    stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    // not Linux, or already gone
  }
  return !/^\d+ \(.*\) Z /s.test(stat);
}

/**
 * The lock's holder: a live pid, `'stale'` (no such process, or an empty file
 * older than a second), `'unknown'` (just being written, or gone), or
 * `'foreign'`: not a regular file holding a process id, so not diene's.
 */
function lockHolder(lock: string): number | 'stale' | 'unknown' | 'foreign' {
  const info = entryAt(lock);
  if (!info) return 'unknown'; // vanished between the failed create and this look: try again
  if (!info.isFile() || info.size > 32) return 'foreign';
  const text = readRegularFile(lock, 32)?.toString('utf8');
  if (text === undefined) return entryAt(lock) ? 'foreign' : 'unknown';
  if (!/^\d*\n?$/.test(text)) return 'foreign';
  const pid = Number.parseInt(text, 10);
  if (!Number.isSafeInteger(pid) || pid <= 0) return Date.now() - info.mtimeMs > 1000 ? 'stale' : 'unknown';
  if (pid === process.pid) return 'stale'; // a dead run's pid reused by this very process
  return isAlive(pid) ? pid : 'stale';
}

/**
 * Takes the output lock, waiting up to `waitMs` for another writer's. The
 * lock is made and removed with one synchronous call each, as the staging
 * folder is: a run that writes nothing awaits no fs/promises request, only
 * the waits between tries.
 */
async function acquireLock(lock: string, waitMs: number): Promise<void> {
  const deadline = Date.now() + waitMs;
  for (;;) {
    try {
      writeFileSync(lock, `${process.pid}\n`, { flag: 'wx' });
      return;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const holder = lockHolder(lock);
    if (holder === 'foreign') throw new OutputForeignError([{ path: lock, reason: 'lock', sibling: lock }]);
    if (holder === 'stale') {
      rmSync(lock, { force: true });
      continue;
    }
    if (Date.now() >= deadline) throw new OutputBusyError(holder === 'unknown' ? undefined : holder, lock, waitMs);
    await sleep(25 + Math.floor(Math.random() * 50));
  }
}

function releaseLock(lock: string): void {
  if (readRegularFile(lock, 32)?.toString('utf8') === `${process.pid}\n`) rmSync(lock, { force: true });
}

/** The foreign entries and manifest problem of `inspection` (of the tree at `root`) as an error, or `undefined` when all is diene's. */
function foreignError(root: string, inspection: TreeInspection, sibling?: string): OutputForeignError | undefined {
  const manifest = inspection.manifest;
  if (manifest !== undefined && !(manifest instanceof Map)) return new OutputForeignError([], { path: path.join(root, MANIFEST_FILE), ...manifest });
  if (inspection.foreign.length === 0) return undefined;
  return new OutputForeignError(
    inspection.foreign.map((entry: ForeignEntry) => ({
      path: path.join(root, entry.path),
      reason: entry.reason,
      ...(sibling ? { sibling } : {}),
      ...(entry.digest ? { digest: entry.digest } : {}),
    })),
    undefined,
    !sibling && manifest === undefined,
    inspection.files.length,
  );
}

/** What `.<out>.previous` holds and whether it may be restored or removed; throws nothing. */
function inspectPrevious(outDir: string, wanted: Listing | undefined): { inspection: TreeInspection; error?: OutputForeignError; restorable: boolean } {
  const previous = previousOf(outDir);
  const info = entryAt(previous);
  const empty: TreeInspection = { manifest: undefined, foreign: [], files: [], directories: [], complete: true, stamps: new Map() };
  if (info && !info.isDirectory()) {
    const reason = info.isSymbolicLink() ? 'symlink' : info.isFile() ? 'unlisted' : 'special';
    return { inspection: empty, error: new OutputForeignError([{ path: previous, reason, sibling: previous }]), restorable: false };
  }
  const inspection = inspectTree(previous, { ...(wanted ? { wanted } : {}), checkContent: true });
  const error = foreignError(previous, inspection, previous);
  const restorable = !error && (inspection.manifest === undefined ? inspection.files.length > 0 : inspection.complete);
  return { inspection, ...(error ? { error } : {}), restorable };
}

/**
 * Under the lock: restores `.<out>.previous` when a swap was interrupted (a
 * complete tree of diene's and no `<out>`), else removes what of it is
 * diene's; removes what the manifests of killed runs' staging folders list.
 * Throws {@link OutputForeignError} when `.<out>.previous` holds anything diene
 * did not write (it is then left whole). Returns notes on staging folders kept
 * because they hold something else.
 */
async function repairInterruptedRuns(outDir: string, wanted: Listing): Promise<string[]> {
  const previous = previousOf(outDir);
  if (entryAt(previous)) {
    const { inspection, error, restorable } = inspectPrevious(outDir, wanted);
    if (error) throw error;
    if (restorable && !entryAt(outDir)) await rename(previous, outDir);
    else removeOwnedTree(previous, inspection);
  }
  const notes: string[] = [];
  const parent = path.dirname(outDir);
  const prefix = stagingPrefix(outDir);
  for (const name of readdirSync(parent)) {
    if (!name.startsWith(prefix)) continue;
    const staging = path.join(parent, name);
    if (!entryAt(staging)?.isDirectory()) continue;
    // A killed write's last file may be cut short: a listed file goes whatever its bytes. Its manifest is written first, so a
    // folder whose manifest cannot be read holds nothing else.
    const inspection = inspectTree(staging, { checkContent: false });
    if (!removeOwnedTree(staging, inspection))
      notes.push(`kept ${staging}: a killed compile's staging folder, holding ${inspection.foreign[0]?.path ?? 'entries'} which diene did not write`);
  }
  return notes;
}

/**
 * Every file under `outDir` (path relative to it → text), or an empty map when
 * it does not exist. Nothing is followed or opened that could block: a
 * symbolic link, a FIFO, a socket or a device reads as a line saying what it
 * is, as does a file over {@link OUTPUT_READ_LIMIT} (`"(not read: N bytes,
 * larger than any output)"`) or one that cannot be read; no output can equal
 * such a line (every output ends with a line feed). A file whose text equals
 * its entry in `share` is given that very string, so comparing a fresh tree
 * costs no second copy of it in memory.
 */
export async function readOutputTree(outDir: string, share?: ReadonlyMap<string, string>): Promise<Map<string, string>> {
  const found = new Map<string, string>();
  for (const [relative, read] of outputFileReaders(outDir)) {
    const text = read();
    // Shared at once, so the copy just read is garbage before the next file is: never the whole tree twice.
    const same = share?.get(relative);
    if (text !== undefined) found.set(relative, same === text ? same : text);
  }
  return found;
}

/**
 * Every entry under `outDir` (path relative to it), sorted, with what reads
 * it as {@link readOutputTree} does (`undefined`: gone since it was listed),
 * for a caller that holds one file at a time.
 */
export function outputFileReaders(outDir: string): Map<string, () => string | undefined> {
  return new Map([...listOutputTree(outDir)].map(([relative, line]) => [relative, () => line ?? readOutputFile(path.join(outDir, relative))]));
}

/**
 * Every entry under `outDir` (path relative to it), sorted, each a regular
 * file to read (`undefined`) or the line {@link readOutputTree} gives for what
 * it does not read (a link, a FIFO, a folder that cannot be listed). Empty
 * when `outDir` is not a folder. Nothing is opened. Each folder found is
 * added to `folders`, when given.
 */
function listOutputTree(outDir: string, folders?: Set<string>): Map<string, string | undefined> {
  if (!entryAt(outDir)?.isDirectory()) return new Map();
  const found: [string, string | undefined][] = [];
  const pending = [''];
  while (pending.length > 0) {
    const folder = pending.pop() as string;
    let entries: Dirent[];
    try {
      entries = readdirSync(path.join(outDir, folder), { withFileTypes: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') found.push([`${folder}/`, '(not read: a folder that cannot be listed)']);
      continue;
    }
    for (const entry of entries) {
      const relative = folder === '' ? entry.name : `${folder}/${entry.name}`;
      if (entry.isDirectory()) {
        pending.push(relative);
        folders?.add(relative);
      } else if (entry.isSymbolicLink()) found.push([relative, '(not read: a symbolic link, which diene never writes)']);
      else if (!entry.isFile()) found.push([relative, '(not read: a FIFO, socket or device, which diene never writes)']);
      else found.push([relative, undefined]);
    }
  }
  return new Map(found.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}

/** The text of the output file at `absolute`, a line saying why it was not read, or `undefined` when it is gone. */
function readOutputFile(absolute: string): string | undefined {
  return readOutputEntry(absolute).text;
}

/** {@link readOutputFile}, with the file's mode when it is a regular file (from the stat the read takes). */
function readOutputEntry(absolute: string): { text: string | undefined; mode?: number } {
  let fd: number;
  try {
    fd = openSync(absolute, constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return { text: undefined };
    return { text: code === 'ELOOP' ? '(not read: a symbolic link, which diene never writes)' : `(not read: ${code ?? 'error'})` };
  }
  try {
    const info = fstatSync(fd);
    if (!info.isFile()) return { text: '(not read: a FIFO, socket or device, which diene never writes)' };
    if (info.size > OUTPUT_READ_LIMIT) return { text: `(not read: ${info.size} bytes, larger than any output)`, mode: info.mode };
    return { text: readFileSync(fd, 'utf8'), mode: info.mode };
  } finally {
    closeSync(fd);
  }
}

/** How an output file compares with the text made for it: the same bytes (and the file's mode), or what it holds instead, as {@link readOutputFile} reads it (`undefined`: gone). */
type FileComparison = { same: true; mode: number; text?: undefined } | { same: false; text: string | undefined };

/** True when `text` holds no lone surrogate, so that its UTF-8 bytes decode back to it. */
function isWellFormed(text: string): boolean {
  return (text as unknown as { isWellFormed(): boolean }).isWellFormed();
}

/**
 * The file at `absolute` against `text`, whose UTF-8 bytes are `bytes`: read
 * as bytes (into `reader`'s buffer) and compared with them, decoded only when
 * it differs. A file that is not a regular one, or is too large to read, is
 * the line {@link readOutputEntry} gives for it. A text with a lone surrogate
 * differs from any file, as its bytes decode to another text.
 */
function compareOutputFile(absolute: string, text: string, bytes: Buffer, reader: ReadBuffer): FileComparison {
  let fd: number;
  try {
    fd = openSync(absolute, constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK);
  } catch {
    return { same: false, text: readOutputEntry(absolute).text };
  }
  try {
    const info = fstatSync(fd);
    if (!info.isFile() || info.size > OUTPUT_READ_LIMIT) return { same: false, text: readOutputEntry(absolute).text };
    if (info.size !== bytes.length) return { same: false, text: readFileSync(fd, 'utf8') };
    const found = reader.read(fd, info.size);
    if (found.equals(bytes) && isWellFormed(text)) return { same: true, mode: info.mode };
    return { same: false, text: found.toString('utf8') };
  } finally {
    closeSync(fd);
  }
}

/** The listing of the manifest among `outputs` (path → digest), for the ownership rules. Throws when it is missing or broken (a bug). */
function wantedListing(outputs: ReadonlyMap<string, string>): Map<string, string> {
  const parsed = parseOutputManifest(outputs.get(MANIFEST_FILE) ?? '');
  if ('problem' in parsed) throw new Error(`the outputs carry no valid manifest: it ${parsed.problem}`);
  return parsed.files;
}

/**
 * The current output tree of `outDir` for comparison (`--check`), touching
 * nothing: no lock, no rename, no removal. When a write was killed between its
 * two renames (`<out>` missing), the tree in `.<out>.previous` is read, which
 * the next write restores. Files equal to their entry in `share` (the outputs
 * the inputs produce) share its string.
 */
export async function readCurrentOutput(outDir: string, share?: ReadonlyMap<string, string>): Promise<Map<string, string>> {
  if (!entryAt(outDir) && entryAt(previousOf(outDir))) {
    const { restorable } = inspectPrevious(outDir, share?.has(MANIFEST_FILE) ? wantedListing(share) : undefined);
    return restorable ? readOutputTree(previousOf(outDir), share) : new Map();
  }
  return readOutputTree(outDir, share);
}

/** What {@link compareOutputTree} found: the files that differ, on each side, and the listing of the tree the inputs produce. */
export interface ComparedOutput {
  /** What the inputs produce, of the files that differ from the tree on disk or are missing there. */
  wanted: Map<string, string>;
  /** What is on disk (as {@link readOutputTree} reads it), of the files that differ or that the inputs no longer produce. */
  onDisk: Map<string, string>;
  /** Every output's digest (the manifest left out), and the manifest's text. */
  listing: Map<string, string>;
  manifest: string;
  /** Nothing: a look with no lock and no staging folder. */
  own: string[];
  /** The files whose bytes are the wanted ones but whose mode is not the one a write gives (see {@link writtenMode}): path → [mode on disk, mode a write gives]. */
  modes: Map<string, [number, number]>;
}

/**
 * `--check`: the outputs of `plan` (and their manifest) against the current
 * tree of `outDir` as {@link readCurrentOutput} reads it, touching nothing.
 * Each output is made, compared with its file on disk and dropped, so that
 * only the files that differ are held: on a fresh tree, none. A file with the
 * wanted bytes differs when its mode is not the one a write gives (a write
 * rewrites it), and a folder in which the outputs hold no file and that holds
 * no file either (which a write refuses) is an entry of `onDisk` (`<path>/`).
 * `recorded` (what the last write into `outDir` kept: path → [stamp, digest])
 * spares reading a file whose stamp is still the one recorded and whose
 * recorded digest is the wanted text's: its bytes are the wanted ones (see
 * {@link trustedEntry}). Any other file is read and compared byte for byte. An
 * output whose digest `known` holds (output-slice.ts) is not even made when
 * its file is such a recorded one with that digest.
 */
export async function compareOutputTree(
  outDir: string,
  plan: OutputPlan,
  options: { recorded?: ReadonlyMap<string, readonly [string, string]>; known?: KnownDigests } = {},
): Promise<ComparedOutput> {
  // `--check` takes no lock: a compile that swaps its tree in during the comparison (the folder is then another) would leave
  // it with one tree's listing and the next one's files, so it compares again, up to a few times, with the tree now in place.
  for (let attempt = 1; ; attempt++) {
    const before = folderMark(outDir);
    const compared = compareOnce(outDir, plan, options);
    if (folderMark(outDir) === before || attempt === COMPARISONS_DURING_SWAPS) return compared;
  }
}

/**
 * The inode and change time of the folder at `outDir` (`undefined`: none): a swap puts another folder there, and a folder
 * moved away and back (a failed swap's rollback, a killed one's restore) keeps its inode but not its change time.
 */
function folderMark(outDir: string): string | undefined {
  try {
    const info = lstatSync(outDir, { bigint: true });
    return `${info.ino}:${info.ctimeNs}`;
  } catch {
    return undefined;
  }
}

/** How many times `--check` compares when other compiles keep swapping their trees in meanwhile. */
const COMPARISONS_DURING_SWAPS = 3;

function compareOnce(
  outDir: string,
  plan: OutputPlan,
  options: { recorded?: ReadonlyMap<string, readonly [string, string]>; known?: KnownDigests },
): ComparedOutput {
  let dir: string | undefined = outDir;
  const known = options.known ?? new Map<string, string>();
  if (!entryAt(outDir) && entryAt(previousOf(outDir))) dir = inspectPrevious(outDir, plannedListing(plan, known)).restorable ? previousOf(outDir) : undefined;
  const diskFolders = new Set<string>();
  const onDiskEntries = dir === undefined ? new Map<string, string | undefined>() : listOutputTree(dir, diskFolders);
  const onDiskFiles = [...onDiskEntries.keys()];
  const manifestInfo = dir === undefined ? undefined : entryAt(path.join(dir, MANIFEST_FILE));
  const manifestMode = manifestInfo?.isFile() ? manifestInfo.mode : undefined;
  const compared: ComparedOutput = { wanted: new Map(), onDisk: new Map(), listing: new Map(), manifest: '', own: [], modes: new Map() };
  // Stamps name the files of `outDir`: none is trusted in `.<out>.previous`.
  const recorded = dir === outDir ? options.recorded : undefined;
  const encoded = new EncodedText();
  const reader = new ReadBuffer();
  // `bytes` are `text`'s UTF-8 bytes (valid until the next output is encoded), compared with the file's bytes as read: the file is
  // decoded only when it differs, for the report.
  const compare = (file: string, text: string, bytes: Buffer, digest: string | undefined) => {
    const listed = onDiskEntries.has(file);
    const line = onDiskEntries.get(file);
    onDiskEntries.delete(file);
    const found: FileComparison | undefined =
      listed && dir !== undefined
        ? line !== undefined
          ? { same: false, text: line }
          : (trustedEntry(path.join(dir, file), text, digest, recorded?.get(file)) ?? compareOutputFile(path.join(dir, file), text, bytes, reader))
        : undefined;
    if (found?.same) {
      if (manifestMode !== undefined && !writtenMode(found.mode, manifestMode)) compared.modes.set(file, [found.mode & 0o7777, manifestMode & 0o666]);
      return;
    }
    compared.wanted.set(file, text);
    if (found?.text !== undefined) compared.onDisk.set(file, found.text);
  };
  for (const [file, make] of plan) {
    const knownDigest = known.get(file);
    if (knownDigest !== undefined && recorded !== undefined && onDiskEntries.has(file) && onDiskEntries.get(file) === undefined) {
      const mode = recordedMode(path.join(outDir, file), knownDigest, recorded.get(file));
      if (mode !== undefined) {
        onDiskEntries.delete(file);
        compared.listing.set(file, knownDigest);
        if (manifestMode !== undefined && !writtenMode(mode, manifestMode)) compared.modes.set(file, [mode & 0o7777, manifestMode & 0o666]);
        continue;
      }
    }
    const text = make();
    const bytes = encoded.encode(text);
    const digest = fileDigest(bytes);
    compared.listing.set(file, digest);
    compare(file, text, bytes, digest);
  }
  compared.manifest = manifestText(compared.listing);
  compare(MANIFEST_FILE, compared.manifest, encoded.encode(compared.manifest), undefined);
  for (const [file, line] of onDiskEntries) {
    const have = line ?? (dir === undefined ? undefined : readOutputFile(path.join(dir, file)));
    if (have !== undefined) compared.onDisk.set(file, have);
  }
  // A folder the outputs need not, holding no file (a file in it is an entry already): the outermost one, as a write names it.
  const outputFolders = new Set<string>();
  for (const file of compared.listing.keys())
    for (let up = path.posix.dirname(file); up !== '.' && !outputFolders.has(up); up = path.posix.dirname(up)) outputFolders.add(up);
  for (const folder of diskFolders) {
    const parent = path.posix.dirname(folder);
    if (outputFolders.has(folder) || (parent !== '.' && !outputFolders.has(parent))) continue;
    if (!onDiskFiles.some((file) => file.startsWith(`${folder}/`))) compared.onDisk.set(`${folder}/`, '(not read: a folder in which diene writes no file)');
  }
  return compared;
}

/**
 * The file at `absolute` found to hold `text`'s bytes without reading it,
 * when `known` (its recorded [stamp, digest]) says so: its stamp is still the
 * recorded one (no write, rename, link or chmod reached it since: its change
 * time would have moved), `digest` (the digest of `text`) is the recorded
 * one, the file is no larger than a read takes whole, and `text` is
 * well-formed UTF-16 (a lone surrogate, which UTF-8 cannot carry, reads back
 * as another text). `undefined` otherwise: the file is read. The mode is the
 * one `lstat` gives with the stamp.
 */
function trustedEntry(absolute: string, text: string, digest: string | undefined, known: readonly [string, string] | undefined): FileComparison | undefined {
  if (digest === undefined || !isWellFormed(text)) return undefined;
  const mode = recordedMode(absolute, digest, known);
  return mode === undefined ? undefined : { same: true, mode };
}

/**
 * The mode of the file at `absolute` when `known` (its recorded [stamp,
 * digest]) says its bytes have `digest`: its stamp is still the recorded one
 * and the file is no larger than a read takes whole. `undefined` otherwise.
 */
function recordedMode(absolute: string, digest: string, known: readonly [string, string] | undefined): number | undefined {
  if (known === undefined || known[1] !== digest) return undefined;
  let info: BigIntStats;
  try {
    info = lstatSync(absolute, { bigint: true });
  } catch {
    return undefined;
  }
  if (!info.isFile() || info.size > BigInt(OUTPUT_READ_LIMIT) || stampOf(info) !== known[0]) return undefined;
  return Number(info.mode);
}

/** What killed runs left beside `outDir` (a previous tree, staging folders, a lock whose process is gone), one line each, for `--check` to report; the next write repairs them. */
export function outputLeftovers(outDir: string): string[] {
  const parent = path.dirname(outDir);
  const notes: string[] = [];
  if (entryAt(previousOf(outDir)))
    notes.push(
      `note: ${previousOf(outDir)} is left from an interrupted compile; the next \`diene compile\` ${entryAt(outDir) ? 'removes' : 'restores'} it if everything in it is diene's`,
    );
  let names: string[] = [];
  try {
    names = readdirSync(parent);
  } catch {
    // no parent: nothing left
  }
  for (const name of names.filter((n) => n.startsWith(stagingPrefix(outDir))).sort())
    notes.push(`note: ${path.join(parent, name)} is a staging folder left by a killed compile; the next \`diene compile\` removes what it wrote there`);
  const lock = lockOf(outDir);
  if (entryAt(lock)) {
    const holder = lockHolder(lock);
    if (holder === 'stale') notes.push(`note: ${lock} is the lock of a compile that is gone; the next \`diene compile\` takes it over`);
    if (holder === 'foreign') notes.push(`note: ${lock} is not a lock diene made; \`diene compile\` refuses until it is moved away`);
  }
  return notes;
}

/** What {@link inspectOutput} found: an error when the directory holds what diene did not write, and the stamps of diene's files. */
export interface OutputLook {
  error?: OutputForeignError;
  /**
   * Of each file found diene's: [stamp, digest of its bytes]. Passed to {@link writeOutputTree}, which links the
   * files whose bytes stay the same into the new tree and whose walk under the lock reads only files written to since.
   */
  trusted: ReadonlyMap<string, readonly [string, string]>;
  /** Every folder of the tree below the top (relative), as the look found them. */
  folders: readonly string[];
}

/**
 * A first look at `outDir`, before the lock is taken and before anything is
 * written, so that a refusal leaves no trace beside it either: what
 * {@link writeOutputTree} would refuse in `outDir` or `.<out>.previous` (an
 * entry no manifest lists, a file changed since diene wrote it, a folder
 * diene does not own, a link or a FIFO, a manifest that cannot be trusted).
 * While another compile holds the lock, or when another tree was swapped in
 * while this one was looked at (its manifest and files may then be read from
 * two trees), a finding is looked at again once the lock is let go (up to
 * `waitMs`, default {@link LOCK_WAIT_MS}). No error when the
 * directory cannot be listed: the write then fails cleanly. `recorded` (what
 * the last write into `outDir` kept: path → [stamp, digest]) spares reading
 * the files whose stamp is still the one recorded. `written` is the compile
 * cache's record of the last write into `outDir` (see {@link vouchedBy}).
 */
export async function inspectOutput(
  outDir: string,
  wanted: Listing,
  options: { waitMs?: number; recorded?: ReadonlyMap<string, readonly [string, string]>; written?: WrittenRecord } = {},
): Promise<OutputLook> {
  const lock = lockOf(outDir);
  const deadline = Date.now() + (options.waitMs ?? LOCK_WAIT_MS);
  for (;;) {
    const before = entryAt(outDir)?.ino;
    const vouched = vouchedBy(outDir, options.written);
    let look = lookOnce(outDir, wanted, options.recorded, vouched);
    if (vouched && (await vouchByGit(outDir, vouched, findingsOf(outDir, look.error)))) look = lookOnce(outDir, wanted, options.recorded, vouched);
    if (!look.error || Date.now() >= deadline) return look;
    // Another compile may be mid-swap (it holds the lock), or have swapped its tree in during the look (the folder is another):
    // what it moves can look foreign for an instant, so look again once it is done.
    const swapped = entryAt(outDir)?.ino !== before;
    if (!swapped && (!entryAt(lock) || ['stale', 'foreign'].includes(String(lockHolder(lock))))) return look;
    await sleep(50 + Math.floor(Math.random() * 50));
  }
}

function lookOnce(
  outDir: string,
  wanted: Listing,
  recorded: ReadonlyMap<string, readonly [string, string]> | undefined,
  vouched: Vouched | undefined,
): OutputLook {
  try {
    const previous = entryAt(previousOf(outDir)) ? inspectPrevious(outDir, wanted).error : undefined;
    if (previous) return { error: previous, trusted: new Map(), folders: [] };
    const inspection = inspectTree(outDir, { wanted, checkContent: true, ...(recorded ? { trusted: recorded } : {}), ...(vouched ? { vouched } : {}) });
    const error = foreignError(outDir, inspection);
    return { ...(error ? { error } : {}), trusted: inspection.stamps, folders: inspection.directories };
  } catch {
    return { trusted: new Map(), folders: [] };
  }
}

/**
 * The record of the last write into an output directory (compile-cache.ts `writeRecordsFolder`): the
 * identities ({@link folderIdentity}) of the directory that write swapped in
 * (two while a swap is under way: the old tree's and the new one's) and the
 * files it wrote ([path, digest], a path twice while a swap is under way).
 */
export interface WrittenRecord {
  dirs: string[];
  files: [string, string][];
}

/**
 * The identity of the folder at `dir`: device, inode and birth time (0 where
 * the file system keeps none); `undefined` when there is no folder. Every
 * write swaps a new folder in, so another writer's swap (a compile with
 * another cache folder or none, a tree copied in) changes it, while edits
 * inside the folder (by hand, by git) do not.
 */
export function folderIdentity(dir: string): string | undefined {
  try {
    const info = lstatSync(dir, { bigint: true });
    return info.isDirectory() ? `${info.dev}:${info.ino}:${info.birthtimeNs}` : undefined;
  } catch {
    return undefined;
  }
}

/**
 * What vouches, beside the manifest, for the files of `outDir` that a write
 * replaces or drops (plan/output-ownership.ts): the files of `record` when it
 * is the record of the folder in place; `undefined` (the manifest alone
 * decides) without a record, or when another writer swapped another folder in
 * since, whose files the record does not describe.
 */
function vouchedBy(outDir: string, record: WrittenRecord | undefined): Set<string> | undefined {
  const identity = folderIdentity(outDir);
  if (!record || identity === undefined || !record.dirs.includes(identity)) return undefined;
  return new Set(record.files.map(([file, digest]) => vouchKey(file, digest)));
}

/** The files of `outDir` refused only because nothing but the manifest vouches for them: relative path → their digest. */
function findingsOf(outDir: string, error: OutputForeignError | undefined): Map<string, string> {
  const found = new Map<string, string>();
  for (const finding of error?.findings ?? [])
    if (finding.reason === 'unvouched' && finding.digest !== undefined && !finding.sibling)
      found.set(path.relative(outDir, finding.path).split(path.sep).join('/'), finding.digest);
  return found;
}

/**
 * Adds to `vouched` those of `unvouched` (relative path → digest) whose bytes
 * git keeps: removing them loses nothing. Returns true when it added any (the
 * tree is then judged again).
 */
async function vouchByGit(outDir: string, vouched: Set<string>, unvouched: ReadonlyMap<string, string>): Promise<boolean> {
  if (unvouched.size === 0) return false;
  const held = await bytesKeptByGit(new Map([...unvouched].map(([relative, digest]) => [path.join(outDir, relative), digest])));
  for (const [relative, digest] of unvouched) if (held.has(path.join(outDir, relative))) vouched.add(vouchKey(relative, digest));
  return held.size > 0;
}

/** fsync every path (files and folders) of `paths`, `concurrency` at a time: parallel syncs share the journal's commits. */
async function syncAll(paths: readonly string[], concurrency = 16): Promise<void> {
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < paths.length) {
      const handle = await open(paths[next++] as string, 'r');
      try {
        await handle.sync();
      } finally {
        await handle.close();
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, paths.length) }, worker));
}

/** UTF-16 units encoded at a time by {@link writeTextFile}. */
const WRITE_CHUNK = 1 << 18;

/**
 * Writes `text` as UTF-8 to a new file at `target` through `buffer` (reused,
 * {@link WRITE_CHUNK} × 3 bytes), a slice at a time: a buffer the size of each file, made and dropped for
 * thousands of files, left the process's memory several hundred megabytes
 * larger than what it held (the allocator keeps what it frees). Returns the
 * file's stamp once written.
 */
function writeTextFile(target: string, text: string, buffer: Buffer): string {
  const fd = openSync(target, 'w');
  try {
    for (let from = 0; from < text.length;) {
      let to = Math.min(text.length, from + WRITE_CHUNK);
      // Never between the two halves of a surrogate pair.
      const last = text.charCodeAt(to - 1);
      if (to < text.length && last >= 0xd800 && last <= 0xdbff) to--;
      const bytes = buffer.write(from === 0 && to === text.length ? text : text.slice(from, to), 0, 'utf8');
      for (let done = 0; done < bytes;) done += writeSync(fd, buffer, done, bytes - done);
      from = to;
    }
    return stampOf(fstatSync(fd, { bigint: true }));
  } finally {
    closeSync(fd);
  }
}

/**
 * One growing buffer that a file's text is encoded into once: its digest is
 * taken of those bytes and, when the file is written, the same bytes are
 * written (hashing the text and writing it encoded it twice). It grows to the
 * largest file's worst case (three bytes a UTF-16 unit) and is kept, not made
 * per file.
 */
class EncodedText {
  private buffer = Buffer.allocUnsafeSlow(WRITE_CHUNK * 3);
  /** The UTF-8 bytes of `text`, valid until the next call. */
  encode(text: string): Buffer {
    if (text.length * 3 > this.buffer.length) this.buffer = Buffer.allocUnsafeSlow(Math.max(text.length * 3, this.buffer.length * 2));
    return this.buffer.subarray(0, this.buffer.write(text, 0, 'utf8'));
  }
}

/** Writes `bytes` to a new file at `target`; returns the file's stamp once written. */
function writeBytesFile(target: string, bytes: Uint8Array): string {
  const fd = openSync(target, 'w');
  try {
    for (let done = 0; done < bytes.length;) done += writeSync(fd, bytes, done, bytes.length - done);
    return stampOf(fstatSync(fd, { bigint: true }));
  } finally {
    closeSync(fd);
  }
}

/** The tree a write made: every output's digest (the manifest left out) and the manifest's text. */
export interface MadeTree {
  listing: Map<string, string>;
  manifest: string;
  /** The staging folder and the lock of the write that made it. */
  own: string[];
}

/**
 * The name the final manifest is written under inside the staging folder
 * before it is renamed over the provisional one (which lists it, so that a run
 * killed in between leaves nothing the next run does not remove).
 */
export const NEXT_MANIFEST_FILE = `${MANIFEST_FILE}.next`;

/** A digest no output has, for the provisional manifest (which lists paths; only the final one is ever read for digests). */
const NO_DIGEST = `sha256:${'0'.repeat(64)}`;

/**
 * The manifest a staging folder holds until its last file is written: every
 * path of `files`, and the name the final manifest is written under, each
 * with a digest no file has. A killed run's folder loses exactly those.
 */
export function provisionalManifest(files: Iterable<string>, kind: TreeKind = 'compile'): string {
  return manifestText(new Map([...files, NEXT_MANIFEST_FILE].map((file) => [file, NO_DIGEST])), kind);
}

/**
 * A linked file is fsynced with the written ones when its bytes changed less
 * than this long ago: they may still sit in the page cache (the kernel writes
 * dirty pages back within 30 s), whoever wrote them.
 */
const RECENT_WRITE_MS = 60_000;

/** How a file of the old tree becomes a file of the new one: `link(2)`; a test seam. */
export type LinkFile = (existing: string, created: string) => void;

/** What {@link writeOutputTree} did with each output, for the record and the tests. */
export interface WriteCounts {
  /** Files whose bytes were written (the final manifest among them, the provisional one not). */
  written: number;
  /** Unchanged files hard-linked from the old tree. */
  linked: number;
  /** Unchanged files whose link failed or whose old file changed meanwhile, written instead. */
  fellBack: number;
  /** Outputs whose text was made (the others' digests were known: output-slice.ts). */
  made: number;
  /** Outputs written where the tree replaced held no file of diene's: a new output, or one deleted by hand (`--check`'s missing). */
  missing: number;
  /** Files of diene's in the tree replaced that the new tree no longer holds (outputs the inputs no longer make). */
  removed: number;
}

/**
 * Replaces `outDir` with exactly the outputs of `plan` (relative path → how to
 * make its text) and their manifest, under the output lock (waiting up to
 * `waitMs`, default {@link LOCK_WAIT_MS}). The new tree is made in a staging
 * folder one file at a time (each made, written and dropped, so the tree is
 * never held whole), then swapped in; the parent folder is fsynced after the
 * swap. A file whose bytes equal those of the file at its path in the old
 * tree (by the digest `trusted` holds, from {@link inspectOutput}, and only
 * while the old file's stamp is the one recorded there) is hard-linked from
 * it instead of written; a link that fails (another filesystem, no links) or
 * an old file that changed meanwhile is written instead. Every written file
 * and every folder of the staging tree is fsynced before the swap, and so is
 * a linked file whose bytes changed less than a minute ago. Throws
 * {@link OutputBusyError} when another process keeps the lock,
 * {@link OutputForeignError} when `outDir`, `.<out>.previous` or the lock
 * file holds anything diene did not write, or the filesystem error when a
 * write fails; in every case the output directory keeps its bytes, nothing
 * diene did not write is touched and no staging folder is left. The new
 * directory keeps the mode of the one it replaces (else the umask's).
 * `staged`, called once every changed file is written and before anything is
 * linked, synced or swapped, may stop the write (returning true: the tree in
 * place is already this one); the staging folder is then removed. Returns
 * notes on what was kept (a killed run's folder holding foreign entries), the
 * tree made, whether `staged` stopped the write, what was written and linked,
 * and the stamps of the new tree's files for the next run (path → [stamp,
 * digest], see {@link recordableStamps}). An output whose digest `known`
 * holds (output-slice.ts) and whose old file `trusted` says has it is linked
 * without being made. `vouched` ({@link OutputLook}) is what the walk under
 * the lock judges the files the new tree replaces or drops by, beside the
 * manifest. `record` reads and keeps the record of the last
 * write ({@link WrittenRecord}), under the lock: the walk under the lock
 * judges by it (see {@link vouchedBy}); right before the swap it is made to
 * cover both trees, so a run killed in the swap leaves a record of whichever
 * is in place, and once the new tree is in place (or found already there) it
 * is that tree's. `kind` (a compile's by default) is the kind of tree written:
 * its manifest names it, and an `outDir` whose manifest names another throws
 * {@link OutputForeignError} with `otherKind`, before anything is written.
 */
export async function writeOutputTree(
  outDir: string,
  plan: OutputPlan,
  options: {
    waitMs?: number;
    trusted?: ReadonlyMap<string, readonly [string, string]>;
    known?: KnownDigests;
    staged?: (made: MadeTree) => boolean;
    link?: LinkFile;
    record?: { read(): WrittenRecord | undefined; write(record: WrittenRecord): void };
    kind?: TreeKind;
  } = {},
): Promise<{ notes: string[]; made: MadeTree; stopped: boolean; counts: WriteCounts; stamps: Map<string, [string, string]>; changedFiles: string[] }> {
  const parent = path.dirname(outDir);
  makeFolders(parent);
  const lock = lockOf(outDir);
  const link = options.link ?? linkSync;
  const trusted = options.trusted ?? new Map<string, readonly [string, string]>();
  const known = options.known ?? new Map<string, string>();
  const counts: WriteCounts = { written: 0, linked: 0, fellBack: 0, made: 0, missing: 0, removed: 0 };
  await acquireLock(lock, options.waitMs ?? LOCK_WAIT_MS);
  try {
    const notes = await repairInterruptedRuns(outDir, plannedListing(plan, known));
    // Another command's tree (the atlas's site where a compile writes, or the reverse) is never replaced: its files are
    // diene's, so the walk alone would take them.
    const kind = options.kind ?? 'compile';
    const inPlace = readParsedManifest(outDir);
    if (inPlace !== undefined && !('problem' in inPlace) && inPlace.kind !== kind)
      throw new OutputForeignError([], undefined, false, 0, { found: inPlace.kind, wanted: kind });
    const staging = path.join(parent, `${stagingPrefix(outDir)}${process.pid}-${randomBytes(6).toString('hex')}`);
    const previous = previousOf(outDir);
    mkdirSync(staging);
    let replaced: TreeInspection | undefined;
    /** Outputs written over a file of the old tree whose bytes differ. */
    const changedFiles: string[] = [];
    const made: MadeTree = { listing: new Map(), manifest: '', own: [staging, lock] };
    /** Of each file of the new tree: the stamp it had once written or linked (see {@link recordableStamps}). */
    const placed = new Map<string, { stamp: string; linked: boolean }>();
    let swapped = 0;
    try {
      // Synchronous, one mkdir a folder: thousands of small files write several times faster than through promises.
      const written: string[] = [];
      const buffer = Buffer.allocUnsafeSlow(WRITE_CHUNK * 3);
      const encoded = new EncodedText();
      const folders = new Set<string>([staging]);
      const folderOf = (relative: string): string => {
        const target = path.join(staging, relative);
        const folder = path.dirname(target);
        if (!folders.has(folder)) {
          mkdirSync(folder, { recursive: true });
          for (let up = folder; !folders.has(up); up = path.dirname(up)) folders.add(up);
        }
        return target;
      };
      const put = (relative: string, text: string): string => {
        const target = folderOf(relative);
        placed.set(relative, { stamp: writeTextFile(target, text, buffer), linked: false });
        if (relative !== MANIFEST_FILE) counts.written++;
        return target;
      };
      // The manifest first: a staging folder whose manifest cannot be read holds nothing else. Until the last
      // file is in place it lists every path with a placeholder digest; the final one then replaces it by a rename.
      const manifestPath = put(MANIFEST_FILE, provisionalManifest(plan.keys(), kind));
      placed.delete(MANIFEST_FILE);
      // The mode every written file gets (the umask's): an old file with another one (a chmod since) is written, not linked.
      const mode = lstatSync(manifestPath).mode & 0o7777;
      /** Unchanged files, linked once `staged` lets the write go on. */
      const unchanged: string[] = [];
      for (const [relative, make] of plan) {
        const knownDigest = known.get(relative);
        if (knownDigest !== undefined && trusted.get(relative)?.[1] === knownDigest) {
          made.listing.set(relative, knownDigest);
          unchanged.push(relative);
          continue;
        }
        const bytes = encoded.encode(make());
        counts.made++;
        const digest = fileDigest(bytes);
        made.listing.set(relative, digest);
        if (trusted.get(relative)?.[1] === digest) unchanged.push(relative);
        else {
          if (!trusted.has(relative)) counts.missing++;
          else changedFiles.push(relative);
          const target = folderOf(relative);
          placed.set(relative, { stamp: writeBytesFile(target, bytes), linked: false });
          counts.written++;
          written.push(target);
        }
      }
      for (const relative of trusted.keys()) if (relative !== MANIFEST_FILE && !plan.has(relative)) counts.removed++;
      made.manifest = manifestText(made.listing, kind);
      if (options.staged?.(made)) {
        rmSync(staging, { recursive: true, force: true });
        const identity = folderIdentity(outDir);
        if (identity !== undefined) options.record?.write({ dirs: [identity], files: [...made.listing] });
        return { notes, made, stopped: true, counts, stamps: new Map(), changedFiles };
      }
      const recent = BigInt(Date.now() - RECENT_WRITE_MS) * 1_000_000n;
      /** The stamps the walk under the lock expects: a link moves the change time of the old file it shares. */
      const expected = new Map(trusted);
      for (const relative of unchanged) {
        const [stamp, digest] = trusted.get(relative) as readonly [string, string];
        const linked = linkUnchanged(link, path.join(outDir, relative), folderOf(relative), stamp, mode);
        if (linked === undefined) {
          // The link failed, or the old file changed since it was looked at: its bytes are written as any changed file's.
          counts.fellBack++;
          counts.made++;
          written.push(put(relative, (plan.get(relative) as () => string)()));
          continue;
        }
        counts.linked++;
        placed.set(relative, { stamp: linked, linked: true });
        expected.set(relative, [linked, digest]);
        if (BigInt(stampFields(stamp).mtimeNs) > recent) written.push(path.join(staging, relative));
      }
      renameSync(put(NEXT_MANIFEST_FILE, made.manifest), manifestPath);
      placed.delete(NEXT_MANIFEST_FILE);
      written.push(manifestPath);
      const old = await stat(outDir).catch(() => undefined);
      if (old) await chmod(staging, old.mode & 0o7777);
      // Durable before it is visible: a power cut after the swap must not leave empty or short files, nor lose a link.
      await syncAll([...written, ...folders]);
      // The record read under the lock: another writer may have swapped its tree in since the first look.
      const last = options.record?.read();
      const vouched = vouchedBy(outDir, last);
      const walk = (): TreeInspection => inspectTree(outDir, { wanted: made.listing, checkContent: true, trusted: expected, ...(vouched ? { vouched } : {}) });
      replaced = walk();
      if (vouched && (await vouchByGit(outDir, vouched, findingsOf(outDir, foreignError(outDir, replaced))))) replaced = walk();
      const foreign = foreignError(outDir, replaced);
      if (foreign) throw foreign;
      const [before, after] = [folderIdentity(outDir), folderIdentity(staging)];
      if (last && vouched && before !== undefined && after !== undefined)
        options.record?.write({ dirs: [before, after], files: [...last.files, ...made.listing] });
      swapped = Date.now();
      if (old) await rename(outDir, previous);
      try {
        await rename(staging, outDir);
      } catch (error) {
        if (old) await rename(previous, outDir);
        throw error;
      }
      await syncAll([parent]);
    } catch (error) {
      rmSync(staging, { recursive: true, force: true });
      throw error;
    }
    // Under the lock, so that the record and the tree in place are of the same write.
    const identity = folderIdentity(outDir);
    if (identity !== undefined) options.record?.write({ dirs: [identity], files: [...made.listing] });
    // The new tree is in place. The old one goes by the walk made before the swap: an entry that reached it since is kept, with the folder.
    if (replaced && entryAt(previous)) {
      try {
        if (!(await removeOwnedTreeConcurrently(previous, replaced)))
          notes.push(
            `kept ${previous}: something diene did not write reached ${outDir} while the new tree was written, and is there now; move it back or away (the next compile refuses until then)`,
          );
      } catch {
        // removed by the next run
      }
    }
    return { notes, made, stopped: false, counts, stamps: recordableStamps(outDir, made.listing, placed, swapped), changedFiles };
  } finally {
    releaseLock(lock);
  }
}

/**
 * Links the old tree's file `existing` (whose stamp was `stamp` when its bytes
 * were found unchanged) to `created` in the staging folder; returns the stamp
 * the file has once linked, or `undefined` when its mode is not `mode` (what a
 * write gives), the link failed or the old file is no longer the one looked
 * at (its stamp moved before the link, or its inode, size or modification
 * time after it), in which case nothing is left at `created`.
 */
function linkUnchanged(link: LinkFile, existing: string, created: string, stamp: string, mode: number): string | undefined {
  const info = entryAt(existing);
  if (!info?.isFile() || (info.mode & 0o7777) !== mode || currentStamp(existing) !== stamp) return undefined;
  try {
    link(existing, created);
  } catch {
    // EXDEV, EPERM, a filesystem without hard links: written instead
    return undefined;
  }
  const now = currentStamp(created);
  const [was, is] = [stampFields(stamp), now === undefined ? undefined : stampFields(now)];
  if (now !== undefined && is && is.ino === was.ino && is.size === was.size && is.mtimeNs === was.mtimeNs) return now;
  rmSync(created, { force: true });
  return undefined;
}

/**
 * The stamps of the new tree's files that the next run may trust (path →
 * [stamp, digest]): a file is kept when it still is what this write left
 * there (a written file: the very stamp it had once written; a linked file:
 * its inode, size and modification time, the change time having moved when
 * the old tree's name went) and its bytes changed at least
 * {@link STAMP_MARGIN_MS} before the swap, so that any later change moves its
 * change time, and a change of its bytes its modification time. Anything
 * else is read and hashed by the next run.
 */
function recordableStamps(
  outDir: string,
  listing: ReadonlyMap<string, string>,
  placed: ReadonlyMap<string, { stamp: string; linked: boolean }>,
  swapped: number,
): Map<string, [string, string]> {
  const settled = BigInt(swapped - STAMP_MARGIN_MS) * 1_000_000n;
  const stamps = new Map<string, [string, string]>();
  for (const [relative, { stamp, linked }] of placed) {
    const digest = listing.get(relative);
    const now = currentStamp(path.join(outDir, relative));
    if (digest === undefined || now === undefined) continue;
    const [was, is] = [stampFields(stamp), stampFields(now)];
    if (BigInt(was.mtimeNs) >= settled) continue;
    if (linked ? is.ino === was.ino && is.size === was.size && is.mtimeNs === was.mtimeNs : now === stamp) stamps.set(relative, [now, digest]);
  }
  return stamps;
}
