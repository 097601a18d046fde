/**
 * The output directory, written all-or-nothing (issue 2 §9): the new tree is
 * written into a staging sibling directory, then swapped in with two renames
 * (current → `<out>.previous`, staging → current) and the previous tree
 * removed. A failed compile never calls these functions, so the output
 * directory stays as it was.
 *
 * Design note (issue 9: killed runs, concurrent runs). Writers take a lock
 * first, the file `.<out>.lock` beside the output directory holding the
 * writer's process id, created with O_EXCL; a second writer waits for it, so
 * two compiles into one directory run one after the other and each swaps in a
 * complete tree. Under the lock a writer repairs what a killed run left: a
 * missing `<out>` with its `<out>.previous` is restored (the run died between
 * the two renames), and stale `.<out>.staging-*` folders and a stale
 * `<out>.previous` are removed. A lock whose process is gone is stale and is
 * taken over (two waiters that find the same stale lock at the same instant
 * could both take it; then the renames still never mix two trees, and the
 * loser fails with a clean error). Readers (`--check`) take no lock and read
 * `<out>.previous` when `<out>` is missing.
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { chmod, mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import fg from 'fast-glob';

/** How long a writer waits for another writer's lock before giving up (milliseconds). */
export const LOCK_WAIT_MS = 10_000;

/** Thrown by {@link writeOutputTree} when another live process holds the output lock past the wait. */
export class OutputBusyError extends Error {
  constructor(
    /** The holder's process id, or `undefined` when the lock file names none. */
    readonly pid: number | undefined,
    /** The lock file's path. */
    readonly lock: string,
  ) {
    super(`the output directory is locked by process ${pid ?? '?'} (${lock})`);
  }
}

function previousOf(outDir: string): string {
  return `${outDir}.previous`;
}

/** The lock file of `outDir`: a hidden sibling, so that it never lands inside the tree. */
export function lockOf(outDir: string): string {
  return path.join(path.dirname(outDir), `.${path.basename(outDir)}.lock`);
}

function stagingPrefix(outDir: string): string {
  return `.${path.basename(outDir)}.staging-`;
}

async function exists(target: string): Promise<boolean> {
  try {
    await stat(target);
    return true;
  } catch {
    return false;
  }
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** True when process `pid` runs; a zombie (killed, not yet reaped by its parent; Linux `/proc` only) counts as gone. */
async function isAlive(pid: number): Promise<boolean> {
  try {
    process.kill(pid, 0);
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8').catch(() => '');
  return !/^\d+ \(.*\) Z /s.test(stat);
}

/** The lock's holder: a live pid, `'stale'` (no such process, or an empty file older than a second), or `'unknown'` (just being written). */
async function lockHolder(lock: string): Promise<number | 'stale' | 'unknown'> {
  let text: string;
  let age: number;
  try {
    [text, age] = await Promise.all([readFile(lock, 'utf8'), stat(lock).then((s) => Date.now() - s.mtimeMs)]);
  } catch {
    return 'unknown'; // vanished between the failed create and this read: try again
  }
  const pid = Number.parseInt(text, 10);
  if (!/^\d+\n?$/.test(text) || !Number.isSafeInteger(pid) || pid <= 0) return age > 1000 ? 'stale' : 'unknown';
  if (pid === process.pid) return 'stale'; // a dead run's pid reused by this very process
  return (await isAlive(pid)) ? pid : 'stale';
}

async function acquireLock(lock: string, waitMs: number): Promise<void> {
  const deadline = Date.now() + waitMs;
  for (;;) {
    try {
      await writeFile(lock, `${process.pid}\n`, { flag: 'wx' });
      return;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const holder = await lockHolder(lock);
    if (holder === 'stale') {
      await rm(lock, { force: true });
      continue;
    }
    if (Date.now() >= deadline) throw new OutputBusyError(holder === 'unknown' ? undefined : holder, lock);
    await sleep(25 + Math.floor(Math.random() * 50));
  }
}

async function releaseLock(lock: string): Promise<void> {
  try {
    if ((await readFile(lock, 'utf8')) === `${process.pid}\n`) await rm(lock, { force: true });
  } catch {
    // already gone
  }
}

/** Under the lock: restores `<out>.previous` when a swap was interrupted, else removes it; removes staging folders of killed runs. */
async function repairInterruptedRuns(outDir: string): Promise<void> {
  const previous = previousOf(outDir);
  if (await exists(previous)) {
    if (!(await exists(outDir))) await rename(previous, outDir);
    else await rm(previous, { recursive: true, force: true });
  }
  const parent = path.dirname(outDir);
  const prefix = stagingPrefix(outDir);
  for (const name of await readdir(parent)) {
    if (name.startsWith(prefix)) await rm(path.join(parent, name), { recursive: true, force: true });
  }
}

/**
 * The largest file of an existing output tree that is read (64 MiB; the
 * largest output of the XL fleet of SPEC §7 is 6 MB). A larger file cannot be
 * anything diene wrote: it is not read (a 3 GB file there made `--check` an
 * internal error after filling 4 GB of memory) and stands for text no output
 * can equal.
 */
export const OUTPUT_READ_LIMIT = 64 * 1024 * 1024;

/**
 * Every file under `outDir` (path relative to it → text), or an empty map when
 * it does not exist. A file over {@link OUTPUT_READ_LIMIT} reads as
 * `"(not read: N bytes, larger than any output)"`, which no output can equal
 * (every output ends with a line feed). A file whose text equals its entry in
 * `share` is given that very string, so comparing a fresh tree costs no second
 * copy of it in memory (issue 8: 300 MB at fleet scale).
 */
export async function readOutputTree(outDir: string, share?: ReadonlyMap<string, string>): Promise<Map<string, string>> {
  if (!(await exists(outDir))) return new Map();
  const paths = (await fg('**/*', { cwd: outDir, dot: true, onlyFiles: true, followSymbolicLinks: false })).sort();
  const tree = new Map<string, string>();
  for (const relative of paths) {
    const absolute = path.join(outDir, relative);
    const size = statSync(absolute).size;
    const text = size > OUTPUT_READ_LIMIT ? `(not read: ${size} bytes, larger than any output)` : readFileSync(absolute, 'utf8');
    const same = share?.get(relative);
    tree.set(relative, same === text ? same : text);
  }
  return tree;
}

/**
 * Restores `<out>.previous` when a write was killed between its two renames
 * (`<out>` missing, its previous copy present), under the output lock. Does
 * nothing otherwise. Throws {@link OutputBusyError} or the filesystem error.
 */
export async function recoverInterruptedSwap(outDir: string, options: { waitMs?: number } = {}): Promise<void> {
  if ((await exists(outDir)) || !(await exists(previousOf(outDir)))) return;
  const lock = lockOf(outDir);
  await acquireLock(lock, options.waitMs ?? LOCK_WAIT_MS);
  try {
    await repairInterruptedRuns(outDir);
  } finally {
    await releaseLock(lock);
  }
}

/**
 * The current output tree of `outDir` for comparison (`--check`): a write
 * killed between its two renames is repaired first when the directory can be
 * written, and otherwise read through `<out>.previous`, which the next write
 * restores. Files equal to their entry in `share` share its string.
 */
export async function readCurrentOutput(outDir: string, share?: ReadonlyMap<string, string>): Promise<Map<string, string>> {
  await recoverInterruptedSwap(outDir).catch(() => undefined);
  if (!(await exists(outDir)) && (await exists(previousOf(outDir)))) return readOutputTree(previousOf(outDir), share);
  return readOutputTree(outDir, share);
}

/**
 * Replaces `outDir` with exactly `outputs` (relative path → text), under the
 * output lock (waiting up to `waitMs`, default {@link LOCK_WAIT_MS}). Throws
 * {@link OutputBusyError} when another process keeps the lock, or the
 * filesystem error when a write fails; either way the output directory is
 * unchanged and no staging folder is left. The new directory keeps the mode of
 * the one it replaces (else the umask's).
 */
export async function writeOutputTree(outDir: string, outputs: ReadonlyMap<string, string>, options: { waitMs?: number } = {}): Promise<void> {
  const parent = path.dirname(outDir);
  await mkdir(parent, { recursive: true });
  const lock = lockOf(outDir);
  await acquireLock(lock, options.waitMs ?? LOCK_WAIT_MS);
  try {
    await repairInterruptedRuns(outDir);
    const staging = path.join(parent, `${stagingPrefix(outDir)}${process.pid}-${randomBytes(6).toString('hex')}`);
    await mkdir(staging);
    try {
      // Synchronous, one mkdir a folder: thousands of small files write several times faster than through promises (issue 8).
      const made = new Set<string>();
      for (const [relative, text] of outputs) {
        const target = path.join(staging, relative);
        const folder = path.dirname(target);
        if (!made.has(folder)) {
          mkdirSync(folder, { recursive: true });
          made.add(folder);
        }
        writeFileSync(target, text, 'utf8');
      }
      const old = await stat(outDir).catch(() => undefined);
      if (old) await chmod(staging, old.mode & 0o7777);
      if (old) await rename(outDir, previousOf(outDir));
      try {
        await rename(staging, outDir);
      } catch (error) {
        if (old) await rename(previousOf(outDir), outDir);
        throw error;
      }
    } catch (error) {
      await rm(staging, { recursive: true, force: true });
      throw error;
    }
    // The new tree is in place; a previous copy that cannot be removed now is removed by the next run.
    try {
      rmSync(previousOf(outDir), { recursive: true, force: true });
    } catch {
      // removed by the next run
    }
  } finally {
    await releaseLock(lock);
  }
}
