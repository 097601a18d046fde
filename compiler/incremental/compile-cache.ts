/**
 * The compile cache: content-addressed, on disk, never trusted blindly.
 *
 * An entry is keyed by the SHA-256 of everything its result depends on: the
 * paths of every input file and the digests of their text (and which ones could not be read), the
 * compiler itself (the digest of its own code files, its package.json, whose
 * dependencies are pinned, and the Node version), the command and the options
 * that reach the result (`--serial`). `--now` is not in the key: the entry says
 * between which instants its diagnostics hold ({@link NowWindow}) and is used
 * only inside them. An entry holds the run's diagnostics and, for a valid
 * fleet, the listing of its output tree (path → digest, what the manifest
 * says), so an unchanged fleet whose output directory already holds exactly
 * that tree needs no analysis and no write (cache/output-match.ts checks it by
 * reading and hashing every file). A `diene render` entry holds its stdout
 * instead: a render whose inputs are unchanged prints it without analysing.
 *
 * What the folder must be, and the key that seals every entry and record,
 * are in cache-trust.ts: an entry whose seal is not this user's key's, or
 * that is larger than any entry diene writes, is never read whole, never
 * trusted.
 *
 * Layout of a cache folder: `diene-cache.json` (its format; a folder that holds
 * anything else is not used), `CACHEDIR.TAG`, `entries/<key>.json`,
 * `stamps/` (output-match.ts), `slices/` (the keys of the outputs made from
 * slices of the model, 3-emit/output-slice.ts), `inputs/` (the stamps of a
 * fleet's input files, input-stamps.ts), `written/` (the listing of the tree
 * the last write into an output directory made, output-tree.ts) and `files/`
 * (the per-file records of file-records.ts). Each
 * entry's first line carries its key, the length of its body and the body's
 * seal; an entry that does not parse, names another key or format, has
 * another length or a seal this user's key did not make is ignored with a
 * `cache_entry_ignored` warning, compiled cold and replaced.
 * Writes go to a temporary file renamed into place, so concurrent compiles
 * sharing a folder each see a whole entry or none. A cache that cannot be
 * written is not written: it is an optimization, never a requirement, so the
 * run goes on as without one, saying so once, naming the path that failed:
 * `cache_file_in_the_way` for a file where a folder belongs, else
 * `cache_not_kept` (the next run will not be faster either).
 */
import { createHash, hash, randomBytes, timingSafeEqual } from 'node:crypto';
import {
  closeSync,
  constants,
  fstatSync,
  lstatSync,
  lutimesSync,
  openSync,
  readdirSync,
  readSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
  writeSync,
} from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { SourceFile } from '../1-load/source-file.js';
import { ALWAYS, type NowWindow } from '../2-analyze/now-window.js';
import { textDigest, type KnownInput } from '../adapters/filesystem/known-inputs.js';
import { makeFolders } from '../adapters/filesystem/files.js';
import { errnoCode, type ChoiceOf } from '../diagnostics/catalog.js';
import {
  cacheKeyFile,
  entryAt,
  folderDistrust,
  loadCacheKey,
  runsInCi,
  sealMaker,
  sealOf,
  suppliedPlace,
  userCacheFolder,
  type Env,
  type FolderDistrust,
} from './cache-trust.js';
import { diagnose, type Diagnostic } from '../diagnostics/diagnostic.js';

export type { NowWindow } from '../2-analyze/now-window.js';

/** The format of a cache folder and of its entries; a change of layout bumps it. Version 2 seals every entry with the user's key. */
export const CACHE_FORMAT = { format: 'diene-cache', version: 2 } as const;

/** The versions of a folder's diene-cache.json this diene uses: version 1 had the same folders (its entries, unsealed, are ignored one by one and replaced). */
const FOLDER_VERSIONS = new Set<unknown>([1, CACHE_FORMAT.version]);

const MARKER = 'diene-cache.json';

/** The folders of a cache that diene makes, reads, writes and prunes. */
const CACHE_PARTS = ['entries', 'files', 'stamps', 'slices', 'inputs', 'written'] as const;

/**
 * The most bytes a file of each kind can hold for a fleet within the input
 * limits (64 MiB of input files in all: docs/hardening.md): larger, it is
 * refused by its size alone, never read. An entry or a record of a folder
 * holds diagnostics and listings; a pack one record per input file (its
 * parsed value and findings, a few times the file); a render's output the
 * objects of one platform.
 */
export const CACHE_FILE_LIMITS = { entry: 64 * 1024 * 1024, pack: 256 * 1024 * 1024, render_output: 256 * 1024 * 1024 } as const;

/** The longest first line of a sealed file: a head is under 300 bytes. */
const HEAD_LIMIT = 4096;

/** How many bytes of rendered stdout a cache folder keeps (the least recently used go first): about a hundred renders of the largest XL platform. */
export const RENDER_BYTES_KEPT = 768 * 1024 * 1024;
const CACHEDIR_TAG = 'Signature: 8a477f597d28d172789f06886806bc55\n# This folder is a cache made by diene (diene compile --cache).\n';
const KEY = /^[0-9a-f]{64}$/;

/** What a run leaves in the cache. */
export interface CacheEntry {
  /** Every finding of the analysis (the reader's are made again on every run), with the source lines the text format shows. */
  diagnostics: Diagnostic[];
  window: NowWindow;
  /** For a valid fleet: each output path and its digest, sorted by path (the manifest's listing). */
  outputs?: [string, string][];
  /** With `outputs`: the digest of the manifest's bytes (`sha256:<hex>`). */
  manifest?: string;
  /** For `diene render`: what it printed and how it ended (cli/render.ts). */
  render?: RenderEntry;
  /** For render's look-up of the sign-in platform in a fleet.yaml: its `issuer.platform` (none when it names none). */
  issuer?: string;
}

/** Every instant: the window of a result that does not depend on `--now` at all. */
export const EVERY_INSTANT: NowWindow = ALWAYS;

/** What a render leaves in its entry besides the diagnostics. */
export interface RenderEntry {
  /** The digest (`sha256:<hex>`) of what it printed on stdout, kept beside the entry as `<key>.stdout`; none on an error. */
  stdout?: string;
  /** With `stdout`: its length in bytes, so that a file of another size is never read. */
  bytes?: number;
  exitCode: number;
  /** Whether the reader's diagnostics, made again on every run, join the entry's (not for an unknown platform, which shows only its root cause). */
  withRead: boolean;
}

/** What the run that opens a cache does (`compiled`, `rendered`, …): the wording of the warnings that say it went without the cache. */
export type CacheRun = ChoiceOf<'cache_folder_foreign', 'run'>;

/**
 * The `--cache DIR` / `--no-cache` choice: the folder to use, or `undefined`
 * for none. Unnamed, it is the user's cache home (cache-trust.ts), except for
 * a run that is `coldInCi` (compile --check, validate) in a CI job, which
 * runs cold unless `--cache` names a folder.
 */
export function cacheFolder(values: Readonly<Record<string, unknown>>, coldInCi = false, env: Env = process.env): string | undefined {
  if (values['no-cache'] === true) return undefined;
  const flag = values['cache'];
  if (typeof flag === 'string') return path.resolve(flag);
  if (coldInCi && runsInCi(env)) return undefined;
  return userCacheFolder(env);
}

/**
 * The folder of the records of the last write into each output directory
 * (`written/` in it; compile.ts): `$XDG_STATE_HOME/diene/writes`, beside the
 * cache key. State, not cache: `--no-cache` keeps it, so what a compile may
 * remove never depends on whether a cache is used.
 */
export function writeRecordsFolder(env: Env = process.env): string {
  return path.join(path.dirname(cacheKeyFile(env)), 'writes');
}

export function sha256(...parts: (string | Uint8Array)[]): string {
  // One part, one call: crypto.hash makes no Hash object, three times faster on the 55,000 short lines of a pack.
  if (parts.length === 1) return hash('sha256', parts[0] as string | Uint8Array, 'hex');
  const hasher = createHash('sha256');
  for (const part of parts) hasher.update(part);
  return hasher.digest('hex');
}

let compilerIdentity: string | undefined;

/** Set by the bundle scripts (esbuild `define`): this module is part of a bundle (the command line's, or the plugin image's one file). */
declare const DIENE_BUNDLED_VERSION: string | undefined;

/**
 * The digest of the running compiler: its code files (every module under the
 * code root, `dist/` or `compiler/`: see {@link compilerFiles}), its
 * package.json (which pins every dependency) and the Node version; in a
 * bundle, the version and every file of the bundle's folder (the bundled
 * dependencies are in them). Computed once a process.
 */
export function compilerDigest(): string {
  if (compilerIdentity !== undefined) return compilerIdentity;
  const hash = createHash('sha256').update(`node ${process.version}\0`);
  const { root, files } = compilerFiles();
  if (typeof DIENE_BUNDLED_VERSION === 'string') hash.update(`bundle ${DIENE_BUNDLED_VERSION}\0`);
  else {
    try {
      hash.update(readFileSync(path.join(root, '..', 'package.json')));
    } catch {
      hash.update('no package.json');
    }
  }
  for (const file of files)
    hash
      .update(`${file}\0`)
      .update(readFileSync(path.join(root, file)))
      .update('\0');
  compilerIdentity = hash.digest('hex');
  return compilerIdentity;
}

/**
 * The code root and its module files, sorted, that {@link compilerDigest}
 * hashes: every stage of the pipeline, so a compiler changed anywhere never
 * replays an entry of the one before. The root is `dist/` built or
 * `compiler/` from source (one folder up from this module,
 * `<root>/incremental/`), without `dist/plugin/` and `dist/bundle/` (the
 * bundles, made from the rest); in a bundle, the bundle's own folder.
 */
export function compilerFiles(): { root: string; files: string[] } {
  const root = fileURLToPath(new URL(typeof DIENE_BUNDLED_VERSION === 'string' ? '.' : '..', import.meta.url));
  const files: string[] = [];
  const pending = [''];
  while (pending.length > 0) {
    const folder = pending.pop() as string;
    for (const entry of readdirSync(path.join(root, folder), { withFileTypes: true })) {
      const relative = folder === '' ? entry.name : `${folder}/${entry.name}`;
      if (entry.isDirectory()) {
        if (relative !== 'plugin' && relative !== 'bundle') pending.push(relative);
      } else if (/\.(js|mjs|ts|json)$/.test(entry.name) && !entry.name.endsWith('.d.ts') && !entry.name.endsWith('.map')) files.push(relative);
    }
  }
  return { root, files: files.sort() };
}

/** The key of a run over `files` (any order) by `command` with the options that reach its result. */
export function cacheKey(files: readonly SourceFile[], command: string, options: Readonly<Record<string, string | number>>): string {
  const hash = createHash('sha256');
  hash.update(`${CACHE_FORMAT.format} ${CACHE_FORMAT.version}\0${compilerDigest()}\0${command}\0${JSON.stringify(Object.entries(options).sort())}\0`);
  const sorted = [...files].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  for (const file of sorted) {
    // Length-prefixed, so no two listings hash the same bytes; a file's text by its digest (input-stamps.ts), which a known file has unread.
    hash.update(`${file.path.length}:${file.path}${file.unreadable ? '!' : ''}${textDigest(file)}\0`);
  }
  return hash.digest('hex');
}

/** Options of {@link CompileCache}: what the trust checks compare with, and how much render output the folder keeps. */
export interface CacheOptions {
  /** The fleet of the run: a cache folder or key inside it, its git work tree or the working directory's is refused (cache-trust.ts). */
  fleetRoot?: string;
  cwd?: string;
  env?: Env;
  /** How many bytes of render stdout the folder keeps (see {@link RENDER_BYTES_KEPT}). */
  renderBytesKept?: number;
}

/** A cache folder opened for one run: entries read and written, and the warnings of what was ignored. */
export class CompileCache {
  /** `cache_folder_*`, `cache_key_unusable`, `cache_entry_ignored`, `cache_file_in_the_way` and `cache_not_kept` warnings of this run. */
  readonly warnings: Diagnostic[] = [];
  private readonly usable: boolean;
  /** The user's key that seals every entry and record (cache-trust.ts); none when the cache is not used. */
  private secret: Uint8Array = new Uint8Array();
  /** Whether a write failed already (its warning is said once a run). */
  private notKept = false;
  /** Whether a seal this user's key did not make was said already (once a run: see {@link ignoreEntry}). */
  private sealMismatchSaid = false;
  private readonly renderBytesKept: number;

  constructor(
    readonly dir: string,
    /** What the run does, for the warnings that say it went without the cache. */
    private readonly run: CacheRun = 'compiled',
    options: CacheOptions = {},
  ) {
    this.renderBytesKept = options.renderBytesKept ?? RENDER_BYTES_KEPT;
    this.usable = this.checkFolder(options) && this.openKey(options);
  }

  /**
   * The folder is one a fleet cannot supply, of this user's alone, holding a
   * diene cache of this format or nothing yet, with no link among its
   * folders; else a warning and no use at all.
   */
  private checkFolder({ fleetRoot, cwd, env }: CacheOptions): boolean {
    const run = this.run;
    const supplied = fleetRoot === undefined ? undefined : suppliedPlace(this.dir, fleetRoot, cwd);
    // The default folder inside the fleet (a fleet holding $HOME, say): leaving --cache out is what was done, so the hint says otherwise.
    const defaulted = path.resolve(this.dir) === userCacheFolder(env ?? process.env);
    if (supplied) return this.ignore(diagnose({}, 'cache_folder_in_fleet', { dir: this.dir, ...supplied, run, chosen: defaulted ? 'default' : 'given' }));
    let names: string[];
    try {
      const info = entryAt(this.dir);
      if (info === undefined) return true;
      if (!info.isSymbolicLink() && !info.isDirectory()) return this.ignore(diagnose({}, 'cache_folder_is_file', { dir: this.dir, run }));
      const distrust = folderDistrust(this.dir);
      if (distrust) return this.distrust(this.dir, distrust);
      names = readdirSync(this.dir);
      // A file where a part's folder belongs is no danger (nothing is read through it; a write names it): a link, another user's folder or one others can write is.
      for (const part of CACHE_PARTS) {
        const folder = path.join(this.dir, part);
        const problem = folderDistrust(folder);
        if (problem && problem.why !== 'not_folder') return this.distrust(folder, problem);
      }
    } catch (error) {
      return this.ignore(diagnose({}, 'cache_folder_unreadable', { dir: this.dir, errno: errnoCode(error), run }));
    }
    if (names.length === 0) return true;
    const marker = readBounded(path.join(this.dir, MARKER), HEAD_LIMIT);
    const parsed = marker instanceof Buffer ? jsonOrUndefined(marker.toString('utf8')) : undefined;
    if (parsed === undefined) return this.ignore(diagnose({}, 'cache_folder_foreign', { dir: this.dir, run }));
    const { format, version } = (parsed ?? {}) as { format?: unknown; version?: unknown };
    if (format !== CACHE_FORMAT.format || !FOLDER_VERSIONS.has(version))
      return this.ignore(
        diagnose({}, 'cache_folder_other_format', { dir: this.dir, found: JSON.stringify(parsed), expected: JSON.stringify(CACHE_FORMAT), run }),
      );
    return true;
  }

  /** Whether the folder and the key passed their checks: a cache that did not is read and written never, and the run is one without a cache. */
  get isUsable(): boolean {
    return this.usable;
  }

  private distrust(folder: string, problem: FolderDistrust): false {
    // A file where a folder belongs is said by the write it stops (cache_file_in_the_way); here it stands for a link.
    const why = problem.why === 'not_folder' ? 'link' : problem.why;
    const owner = problem.why === 'foreign_owner' ? String(problem.owner) : '';
    const user = problem.why === 'foreign_owner' ? String(problem.user) : '';
    const mode = problem.why === 'writable_by_others' ? problem.mode : '';
    return this.ignore(diagnose({}, 'cache_folder_unsafe', { dir: this.dir, folder, why, owner, user, mode, run: this.run }));
  }

  /** Reads (or makes) the user's cache key; else a warning and no use of the cache. */
  private openKey({ fleetRoot, cwd, env }: CacheOptions): boolean {
    const file = cacheKeyFile(env);
    const key = loadCacheKey(file, fleetRoot, cwd);
    if (key instanceof Uint8Array) {
      this.secret = key;
      return true;
    }
    const root = 'root' in key ? key.root : '';
    return this.ignore(diagnose({}, 'cache_key_unusable', { file, why: key.why, root, run: this.run }));
  }

  private ignore(warning: Diagnostic): false {
    this.warnings.push(warning);
    return false;
  }

  /** A `cache_entry_ignored` warning for `file`, a `part` of this folder that was not used because of `problem`. */
  ignoreEntry(file: string, part: ChoiceOf<'cache_entry_ignored', 'part'>, problem: ChoiceOf<'cache_entry_ignored', 'problem'>): void {
    // One cause (a changed key, a cache restored from another job) would fail every seal of the folder: said once a run.
    if (problem === 'seal_mismatch' && this.sealMismatchSaid) return;
    if (problem === 'seal_mismatch') this.sealMismatchSaid = true;
    this.ignore(diagnose({}, 'cache_entry_ignored', { file, part, instead: part, problem }));
  }

  /** A write into the folder failed with `error`: the run goes on without it, and says so once, naming the file in the way (`cache_file_in_the_way`) or the path refused (`cache_not_kept`). */
  private writeFailed(error: unknown): void {
    if (this.notKept) return;
    this.notKept = true;
    const errno = errnoCode(error);
    const failed = failedPath(error, this.dir);
    const inTheWay = errno === 'EEXIST' || errno === 'ENOTDIR' ? fileInTheWay(failed) : undefined;
    // A folder that could not be made is fixed in the nearest one that exists (or the dangling link that stands for it).
    if (inTheWay === undefined) this.warnings.push(diagnose({}, 'cache_not_kept', { dir: this.dir, path: nearestExisting(failed), errno }));
    else {
      const fromDir = path.relative(this.dir, inTheWay);
      const inside = fromDir !== '' && !fromDir.startsWith('..') && !path.isAbsolute(fromDir);
      this.warnings.push(diagnose({}, 'cache_file_in_the_way', { dir: this.dir, path: inTheWay, fix: inside ? 'inside' : 'on_the_way' }));
    }
  }

  /** Makes the folder `relative` inside the cache (and the cache folder), for this user alone. */
  private makeFolder(relative: string): void {
    makeFolders(path.join(this.dir, relative), 0o700);
    this.markFolder();
  }

  /**
   * The text of the pack of records at `relative` (a first line, the lines of
   * records, and a last line with the seal of all before it, file-records.ts)
   * without its seal line, when it is a regular file within
   * {@link CACHE_FILE_LIMITS} whose seal this user's key made; `undefined`
   * when there is none (or the folder is not used); else why not.
   */
  readPack(relative: string): string | EntryProblem | undefined {
    if (!this.usable) return undefined;
    const bytes = readBounded(path.join(this.dir, relative), CACHE_FILE_LIMITS.pack);
    if (bytes === undefined || bytes instanceof EntryProblem) return bytes;
    if (bytes.length === 0 || bytes[bytes.length - 1] !== 0x0a) return new EntryProblem('cut_short');
    const sealAt = bytes.lastIndexOf(0x0a, bytes.length - 2) + 1;
    const last = bytes.toString('latin1', sealAt, bytes.length - 1);
    if (!last.startsWith(SEAL_LINE)) return new EntryProblem(sealAt === 0 ? 'cut_short' : 'not_sealed');
    const body = bytes.subarray(0, sealAt);
    const seal = packSeal(this.secret, relative);
    seal.update(body);
    if (!sameSeal(last.slice(SEAL_LINE.length), seal.seal())) return new EntryProblem('seal_mismatch');
    return body.toString('utf8');
  }

  /** The first line of the file `relative` inside the folder (at most `limit` bytes of it, without the line feed), `undefined` when there is none, or why it is not read (not a regular file, larger than a pack can be). */
  readFirstLine(relative: string, limit = HEAD_LIMIT): string | EntryProblem | undefined {
    if (!this.usable) return undefined;
    // Within a pack's bound: a file larger than any cache file diene writes is said to be so by its size alone.
    const opened = openBounded(path.join(this.dir, relative), CACHE_FILE_LIMITS.pack);
    if (opened === undefined || opened instanceof EntryProblem) return opened;
    try {
      const buffer = Buffer.alloc(limit);
      const text = buffer.toString('utf8', 0, readSync(opened.fd, buffer, 0, limit, 0));
      const newline = text.indexOf('\n');
      return newline === -1 ? text : text.slice(0, newline);
    } catch {
      return undefined;
    } finally {
      closeSync(opened.fd);
    }
  }

  /**
   * Writes `lines` (each with a line feed after it) at `relative` inside the
   * folder, atomically, a few hundred kilobytes at a time (a pack of records
   * is tens of megabytes: one string of it would raise a compile's peak
   * memory), then a last line with the seal of them all (see
   * {@link readPack}). Never throws (a cache that cannot be written is left alone).
   */
  writePack(relative: string, lines: Iterable<string>): void {
    if (!this.usable) return;
    const target = path.join(this.dir, relative);
    const temporary = temporaryOf(target);
    const seal = packSeal(this.secret, relative);
    try {
      this.makeFolder(path.dirname(relative));
      const fd = openSync(temporary, 'wx', 0o600);
      try {
        const put = (text: string): void => {
          const bytes = Buffer.from(text, 'utf8');
          seal.update(bytes);
          writeSync(fd, bytes);
        };
        let chunk: string[] = [];
        let size = 0;
        for (const line of lines) {
          chunk.push(line);
          size += line.length + 1;
          if (size < 256 * 1024) continue;
          put(`${chunk.join('\n')}\n`);
          chunk = [];
          size = 0;
        }
        if (chunk.length > 0) put(`${chunk.join('\n')}\n`);
        writeSync(fd, `${SEAL_LINE}${seal.seal()}\n`);
      } finally {
        closeSync(fd);
      }
      renameSync(temporary, target);
    } catch (error) {
      removeQuietly(temporary);
      this.writeFailed(error);
    }
  }

  private markFolder(): void {
    if (entryAt(path.join(this.dir, MARKER)) === undefined) {
      atomicWrite(path.join(this.dir, 'CACHEDIR.TAG'), CACHEDIR_TAG);
      atomicWrite(path.join(this.dir, MARKER), `${JSON.stringify(CACHE_FORMAT)}\n`);
    }
  }

  private entryPath(key: string): string {
    return path.join(this.dir, 'entries', `${key}.json`);
  }

  /** The entry of `key` valid at `now`, or `undefined` (none, another instant, or broken: then a warning). */
  read(key: string, now: number): CacheEntry | undefined {
    if (!this.usable || !KEY.test(key)) return undefined;
    const file = this.entryPath(key);
    const body = readSealed(file, 'entry', key, this.secret);
    if (body === undefined) return undefined;
    const entry = body instanceof EntryProblem ? body : entryOf(body);
    if (entry instanceof EntryProblem) {
      this.ignoreEntry(file, 'entry', entry.problem);
      return undefined;
    }
    return now >= entry.window.from && now < entry.window.until ? entry : undefined;
  }

  /** Stores `entry` under `key`, atomically (a temporary file renamed into place). Never throws: a cache that cannot be written is left alone. */
  write(key: string, entry: CacheEntry): void {
    if (!this.usable || !KEY.test(key)) return;
    try {
      this.makeFolder('entries');
      atomicWrite(this.entryPath(key), sealed('entry', key, entry, this.secret));
    } catch (error) {
      // read-only or full: the next run compiles cold, as this one did
      this.writeFailed(error);
    }
  }

  /**
   * A render's entry of `key` valid at `now` and the stdout it names, or
   * `undefined`. The stdout is kept as raw bytes beside the entry (no JSON
   * round trip of megabytes): the sealed entry names their length and
   * digest, and bytes of another length are not read.
   */
  readRender(key: string, now: number): { entry: CacheEntry; render: RenderEntry; stdout?: Uint8Array } | undefined {
    const entry = this.read(key, now);
    const render = entry?.render;
    if (!entry || !render) return undefined;
    if (render.stdout === undefined) return { entry, render };
    const file = this.stdoutPath(key);
    const stdout = readBounded(file, CACHE_FILE_LIMITS.render_output);
    if (stdout === undefined || stdout instanceof EntryProblem) {
      this.ignoreEntry(file, 'render_output', stdout?.problem ?? 'missing');
      return undefined;
    }
    if (stdout.length !== render.bytes || render.stdout !== `sha256:${sha256(stdout)}`) {
      this.ignoreEntry(file, 'render_output', 'digest_mismatch');
      return undefined;
    }
    this.markUsed(path.join('entries', `${key}.stdout`));
    return { entry, render, stdout };
  }

  /** Stores a render's `entry` under `key` and its `stdout` beside it (the bytes first, so an entry never names bytes that are not there). Never throws. */
  writeRender(key: string, entry: CacheEntry, stdout: string | undefined): void {
    if (!this.usable || !KEY.test(key) || !entry.render) return;
    const bytes = stdout === undefined ? undefined : Buffer.from(stdout, 'utf8');
    if (bytes && bytes.length > CACHE_FILE_LIMITS.render_output) return;
    const render: RenderEntry = { ...entry.render, ...(bytes ? { stdout: `sha256:${sha256(bytes)}`, bytes: bytes.length } : {}) };
    if (bytes) {
      try {
        this.makeFolder('entries');
        atomicWrite(this.stdoutPath(key), bytes);
      } catch (error) {
        this.writeFailed(error);
        return;
      }
    }
    this.write(key, { ...entry, render });
    this.pruneRenders(key);
  }

  /**
   * Keeps the stdout files of render entries under {@link RENDER_BYTES_KEPT}
   * bytes together: past it, the least recently used go first (a hit touches
   * its file), with their entries, but never `keep`. A plugin sidecar renders
   * every platform on every change, so without a bound its cache would only grow.
   * Only regular files named as diene names them are counted or removed.
   */
  private pruneRenders(keep: string): void {
    if (!this.usable) return;
    const folder = path.join(this.dir, 'entries');
    try {
      const outputs = ownFiles(folder, RENDER_OUTPUT_NAME).map(({ name, size, used }) => ({ key: name.slice(0, -'.stdout'.length), bytes: size, used }));
      let total = outputs.reduce((sum, output) => sum + output.bytes, 0);
      for (const output of outputs.sort((a, b) => a.used - b.used || (a.key < b.key ? -1 : 1))) {
        if (total <= this.renderBytesKept) break;
        if (output.key === keep) continue;
        rmSync(this.entryPath(output.key), { force: true });
        rmSync(this.stdoutPath(output.key), { force: true });
        total -= output.bytes;
      }
    } catch {
      // another run pruned the same files: the next write prunes again
    }
  }

  /**
   * Keeps at most `kept` packs of records in the folder `relative` (one per
   * fleet folder or rendered platform): the least recently used go first (a
   * pack read marks itself used), never `keep`. CI checks a fleet out at a
   * new path now and then; without a bound every path would leave its pack
   * behind. Only regular files named as diene names packs are counted or
   * removed. Never throws.
   */
  pruneFiles(relative: string, kept: number, keep: string): void {
    if (!this.usable) return;
    const folder = path.join(this.dir, relative);
    try {
      const files = ownFiles(folder, PACK_NAME).sort((a, b) => b.used - a.used || (a.name < b.name ? -1 : 1));
      for (const file of files.slice(kept)) if (path.join(relative, file.name) !== keep) rmSync(path.join(folder, file.name), { force: true });
    } catch {
      // another run pruned the same files: the next write prunes again
    }
  }

  /** Marks the file `relative` as just used (for {@link pruneFiles}), never through a link; a read-only cache is still read. Never throws. */
  markUsed(relative: string): void {
    if (!this.usable) return;
    try {
      const now = new Date();
      lutimesSync(path.join(this.dir, relative), now, now);
    } catch {
      // as the comment says
    }
  }

  private stdoutPath(key: string): string {
    return path.join(this.dir, 'entries', `${key}.stdout`);
  }

  /** The file of a folder's record of `part`: the stamps of an output directory's files or what its keyed outputs were made from, the stamps of a fleet's inputs. */
  private recordPath(part: FolderRecord, folder: string): string {
    return path.join(this.dir, part, `${sha256(folder)}.json`);
  }

  /**
   * The body of the record of `part` of `outDir` (a fleet folder for
   * `inputs`) when it is whole, sealed by this user's key and `shaped` accepts it; `undefined` when none was kept, or when it is broken: then a
   * warning (with `problem` for a body of the wrong shape), and the file
   * goes. A record is kept only of some files (stamps: those older than a
   * margin), so this run may have none to write in its place: the damaged
   * file is said once. A folder standing at its name (no diene cache makes
   * one there) is ignored and removed the same way.
   */
  private folderRecord(
    part: FolderRecord,
    outDir: string,
    shaped: (body: unknown) => boolean,
    problem: 'body_not_stamps' | 'body_not_slices' | 'body_not_written',
  ): unknown {
    if (!this.usable) return undefined;
    const file = this.recordPath(part, outDir);
    const key = sha256(outDir);
    let isFolder = false;
    try {
      isFolder = entryAt(file)?.isDirectory() === true;
    } catch {
      // unreadable: read below, which says so
    }
    if (isFolder) {
      this.ignoreEntry(file, part, 'unreadable');
      removeQuietly(file, { recursive: true });
      return undefined;
    }
    const body = readSealed(file, part, key, this.secret);
    if (body === undefined) return undefined;
    if (body instanceof EntryProblem || !shaped(body)) {
      this.ignoreEntry(file, part, body instanceof EntryProblem ? body.problem : problem);
      removeQuietly(file);
      return undefined;
    }
    return body;
  }

  /** Writes the record of `part` of `folder` (see {@link folderRecord}); never throws. */
  private writeFolderRecord(part: FolderRecord, folder: string, body: unknown): void {
    if (!this.usable) return;
    try {
      this.makeFolder(part);
      atomicWrite(this.recordPath(part, folder), sealed(part, sha256(folder), body, this.secret));
    } catch (error) {
      this.writeFailed(error);
    }
  }

  /**
   * What an earlier run verified of `outDir`'s files: path → [stamp, digest],
   * where the stamp is inode, size, modification and change time (ns), which
   * any write, rename or chmod moves. Empty when none was kept or it is broken
   * (then a warning).
   */
  readStamps(outDir: string): Map<string, [string, string]> {
    const body = this.folderRecord('stamps', outDir, Array.isArray, 'body_not_stamps');
    return new Map(body === undefined ? [] : (body as [string, [string, string]][]));
  }

  /**
   * What the last compile into `outDir` made its keyed outputs from (3-emit/
   * output-slice.ts): path → [slice key, digest of the text made from it].
   * Empty when none was kept or another compiler kept it (its emitters may
   * make other bytes of the same slices), or when it is broken (then a
   * warning).
   */
  readSliceKeys(outDir: string): Map<string, [string, string]> {
    const body = this.folderRecord('slices', outDir, isSliceRecord, 'body_not_slices') as SliceRecord | undefined;
    if (body === undefined || body.compiler !== compilerDigest()) return new Map();
    return new Map(body.outputs.map(([file, key, digest]) => [file, [key, digest]]));
  }

  /** Keeps what `outDir`'s keyed outputs were made from (see {@link readSliceKeys}); never throws. */
  writeSliceKeys(outDir: string, keys: ReadonlyMap<string, readonly [string, string]>): void {
    this.writeFolderRecord('slices', outDir, { compiler: compilerDigest(), outputs: [...keys].map(([file, [key, digest]]) => [file, key, digest]) });
  }

  /**
   * What an earlier run read of the inputs of the fleet at `root`: path →
   * {@link KnownInput} (input-stamps.ts). Empty when none was kept or it is
   * broken (then a warning, and every input is read).
   */
  readInputStamps(root: string): Map<string, KnownInput> {
    const body = this.folderRecord('inputs', root, (entries) => Array.isArray(entries) && entries.every(isInputEntry), 'body_not_stamps');
    return new Map(((body as InputEntry[] | undefined) ?? []).map(([file, stamp, digest, units, bytes]) => [file, { stamp, text: { digest, units, bytes } }]));
  }

  /** Keeps what this run knows of the inputs of the fleet at `root` (see {@link readInputStamps}); never throws. */
  writeInputStamps(root: string, inputs: ReadonlyMap<string, KnownInput>): void {
    this.writeFolderRecord(
      'inputs',
      root,
      [...inputs].map(([file, { stamp, text }]): InputEntry => [file, stamp, text.digest, text.units, text.bytes]),
    );
  }

  /** Removes the record of the inputs of the fleet at `root` (one found wrong); never throws. */
  forgetInputStamps(root: string): void {
    if (this.usable) removeQuietly(this.recordPath('inputs', root));
  }

  /**
   * The record of the last write into `outDir` (adapters/filesystem/output-tree.ts `WrittenRecord`): the identities of
   * the folder it swapped in and the files it wrote there, as diene wrote them (the manifest in the directory can be
   * edited and re-sealed by hand; this record cannot be reached from the fleet). `undefined` when none was kept, or
   * when it is broken (then a warning).
   */
  readWritten(outDir: string): { dirs: string[]; files: [string, string][] } | undefined {
    return this.folderRecord('written', outDir, isWrittenRecord, 'body_not_written') as { dirs: string[]; files: [string, string][] } | undefined;
  }

  /** Keeps the record of the write just made into `outDir` (see {@link readWritten}); never throws. */
  writeWritten(outDir: string, record: { dirs: readonly string[]; files: Iterable<readonly [string, string]> }): void {
    this.writeFolderRecord('written', outDir, { dirs: record.dirs, files: [...record.files] });
  }

  /** Keeps the stamps of `outDir`'s verified files (see {@link readStamps}); never throws. */
  writeStamps(outDir: string, stamps: ReadonlyMap<string, [string, string]>): void {
    this.writeFolderRecord('stamps', outDir, [...stamps]);
  }
}

/** The records a cache keeps of a folder: of an output directory (`stamps`, `slices`, `written`) or of a fleet (`inputs`). */
type FolderRecord = 'stamps' | 'slices' | 'inputs' | 'written';

/** Whether `body` is the record of a written tree: the folder identities (strings) and the [path, digest] pairs. */
function isWrittenRecord(body: unknown): boolean {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) return false;
  const { dirs, files } = body as { dirs?: unknown; files?: unknown };
  return (
    Array.isArray(dirs) &&
    dirs.every((dir) => typeof dir === 'string') &&
    Array.isArray(files) &&
    files.every((entry) => Array.isArray(entry) && entry.length === 2 && typeof entry[0] === 'string' && typeof entry[1] === 'string')
  );
}

/** An input's entry in the `inputs` record: [path, stamp, digest of its text, its UTF-16 units, its UTF-8 bytes]. */
type InputEntry = [string, string, string, number, number];

function isInputEntry(entry: unknown): entry is InputEntry {
  if (!Array.isArray(entry) || entry.length !== 5) return false;
  const [file, stamp, digest, units, bytes] = entry as unknown[];
  return (
    typeof file === 'string' &&
    typeof stamp === 'string' &&
    typeof digest === 'string' &&
    /^[0-9a-f]{64}$/.test(digest) &&
    Number.isSafeInteger(units) &&
    Number.isSafeInteger(bytes)
  );
}

/** The body of a record of what an output directory's keyed outputs were made from. */
interface SliceRecord {
  compiler: string;
  /** [path, slice key, digest] */
  outputs: [string, string, string][];
}

function isSliceRecord(body: unknown): boolean {
  const { compiler, outputs } = (body ?? {}) as { compiler?: unknown; outputs?: unknown };
  return (
    typeof compiler === 'string' &&
    Array.isArray(outputs) &&
    outputs.every((entry: unknown) => Array.isArray(entry) && entry.length === 3 && entry.every((field: unknown) => typeof field === 'string'))
  );
}

/** What a sealed file is: an entry, or the record of a folder. The seal names it, so no file passes for another kind. */
type SealedPart = 'entry' | FolderRecord;

/** The format a seal names, so that a seal of another layout never verifies. */
const SEAL_FORMAT = `${CACHE_FORMAT.format} ${CACHE_FORMAT.version}`;

/** What a pack's seal names before its bytes (with the pack's path in the folder). */
const PACK_SEAL = `${SEAL_FORMAT} pack`;

/** The start of a pack's last line, the seal of every byte before it. */
const SEAL_LINE = 'seal ';

/** The names diene gives the files it prunes: a pack of records, a render's output. */
const PACK_NAME = /^[0-9a-f]{64}\.pack$/;
const RENDER_OUTPUT_NAME = /^[0-9a-f]{64}\.stdout$/;

/** The seal of the pack at `relative` in a cache folder, made from its bytes (every line before the seal line) as they come. */
export function packSeal(secret: Uint8Array, relative: string): ReturnType<typeof sealMaker> {
  return sealMaker(secret, PACK_SEAL, relative);
}

/** `body` as a sealed file's text: a first line with the format, the key, the length of the body's JSON and its seal, then that JSON. */
function sealed(part: SealedPart, key: string, body: unknown, secret: Uint8Array): string {
  // Stryker disable next-line StringLiteral: UTF-8 is the default encoding
  const json = Buffer.from(JSON.stringify(body), 'utf8');
  const head = { ...CACHE_FORMAT, key, bytes: json.length, seal: sealOf(secret, SEAL_FORMAT, part, key, json) };
  return `${JSON.stringify(head)}\n${json.toString('utf8')}\n`;
}

/** Why an entry's text is not a usable entry (the `cache_entry_ignored` warning's problem). */
export class EntryProblem {
  constructor(readonly problem: ChoiceOf<'cache_entry_ignored', 'problem'>) {}
}

interface SealedHead {
  bytes: number;
  seal: string;
}

/** The head of a sealed file of `key` in `line`, or why it is none. */
function headOf(line: string, key: string): SealedHead | EntryProblem {
  let head: { format?: unknown; version?: unknown; key?: unknown; bytes?: unknown; seal?: unknown };
  try {
    head = JSON.parse(line) as typeof head;
  } catch {
    return new EntryProblem('head_not_json');
  }
  if (head === null || typeof head !== 'object') return new EntryProblem('head_not_object');
  if (head.format !== CACHE_FORMAT.format) return new EntryProblem('not_diene');
  if (head.version !== CACHE_FORMAT.version) return new EntryProblem('other_format');
  if (head.key !== key) return new EntryProblem('other_key');
  if (!Number.isSafeInteger(head.bytes) || (head.bytes as number) < 0 || typeof head.seal !== 'string') return new EntryProblem('not_sealed');
  return { bytes: head.bytes as number, seal: head.seal };
}

/** The body of a sealed file's `bytes` when it is whole, of this format, of `part` and `key`, and sealed by `secret`; else why not. */
function unseal(bytes: Buffer, part: SealedPart, key: string, secret: Uint8Array): unknown {
  const newline = bytes.indexOf(0x0a);
  if (newline === -1 || bytes[bytes.length - 1] !== 0x0a) return new EntryProblem('cut_short');
  const head = headOf(bytes.toString('utf8', 0, newline), key);
  if (head instanceof EntryProblem) return head;
  const body = bytes.subarray(newline + 1, bytes.length - 1);
  if (body.length !== head.bytes) return new EntryProblem(body.length < head.bytes ? 'cut_short' : 'size_mismatch');
  if (!sameSeal(head.seal, sealOf(secret, SEAL_FORMAT, part, key, body))) return new EntryProblem('seal_mismatch');
  try {
    return JSON.parse(body.toString('utf8')) as unknown;
  } catch {
    return new EntryProblem('body_not_json');
  }
}

/**
 * The body of the sealed file `file` (see {@link unseal}), `undefined` when
 * there is none. Its size is checked first, then its first line, and only a
 * file whose size is what its head states is read whole: a huge file costs
 * a `stat` and a few kilobytes.
 */
function readSealed(file: string, part: SealedPart, key: string, secret: Uint8Array): unknown {
  const opened = openBounded(file, CACHE_FILE_LIMITS.entry);
  if (opened === undefined || opened instanceof EntryProblem) return opened;
  try {
    const first = Buffer.alloc(Math.min(HEAD_LIMIT, opened.size));
    const got = readSync(opened.fd, first, 0, first.length, 0);
    const newline = first.subarray(0, got).indexOf(0x0a);
    if (newline === -1) return new EntryProblem(got < HEAD_LIMIT ? 'cut_short' : 'head_not_json');
    const head = headOf(first.toString('utf8', 0, newline), key);
    if (head instanceof EntryProblem) return head;
    const size = newline + 1 + head.bytes + 1;
    if (opened.size !== size) return new EntryProblem(opened.size < size ? 'cut_short' : 'size_mismatch');
    const bytes = readAll(opened.fd, opened.size);
    return bytes === undefined ? new EntryProblem('cut_short') : unseal(bytes, part, key, secret);
  } catch {
    return new EntryProblem('unreadable');
  } finally {
    closeSync(opened.fd);
  }
}

/** Whether two seals are the same, in time that does not depend on where they differ. */
function sameSeal(found: string, made: string): boolean {
  // Stryker disable next-line StringLiteral: UTF-8 is the default encoding
  const a = Buffer.from(found, 'utf8');
  // Stryker disable next-line StringLiteral: UTF-8 is the default encoding
  const b = Buffer.from(made, 'utf8');
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * `file` opened for reading with its size, when it is a regular file of at
 * most `limit` bytes: a link is never followed and a FIFO never blocks.
 * `undefined` when nothing is there; else why it is not read.
 */
function openBounded(file: string, limit: number): { fd: number; size: number } | EntryProblem | undefined {
  let fd: number;
  try {
    fd = openSync(file, constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK);
  } catch (error) {
    const errno = errnoCode(error);
    if (errno === 'ENOENT' || errno === 'ENOTDIR') return undefined;
    return new EntryProblem(errno === 'ELOOP' ? 'not_a_file' : 'unreadable');
  }
  const info = fstatSync(fd);
  const problem = !info.isFile() ? 'not_a_file' : info.size > limit ? 'too_large' : undefined;
  if (problem === undefined) return { fd, size: info.size };
  closeSync(fd);
  return new EntryProblem(problem);
}

/** The `size` bytes of the open file `fd`, read from its start; `undefined` when it holds fewer (cut while it was read). */
function readAll(fd: number, size: number): Buffer | undefined {
  const bytes = Buffer.alloc(size);
  let at = 0;
  while (at < size) {
    const got = readSync(fd, bytes, at, size - at, at);
    if (got === 0) return undefined;
    at += got;
  }
  return bytes;
}

/** The value of the JSON `text`, or `undefined` when it is none. */
function jsonOrUndefined(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** The bytes of `file` (see {@link openBounded}), `undefined` when nothing is there, else why not. */
function readBounded(file: string, limit: number): Buffer | EntryProblem | undefined {
  const opened = openBounded(file, limit);
  if (opened === undefined || opened instanceof EntryProblem) return opened;
  try {
    return readAll(opened.fd, opened.size) ?? new EntryProblem('cut_short');
  } catch {
    return new EntryProblem('unreadable');
  } finally {
    closeSync(opened.fd);
  }
}

/** The regular files of `folder` whose names match `name`, with their sizes and when they were last used; links, folders and other names are left out. */
function ownFiles(folder: string, name: RegExp): { name: string; size: number; used: number }[] {
  return readdirSync(folder, { withFileTypes: true })
    .filter((entry) => entry.isFile() && name.test(entry.name))
    .map((entry) => {
      const info = lstatSync(path.join(folder, entry.name));
      return { name: entry.name, size: info.size, used: info.mtimeMs };
    });
}

/** A new temporary name beside `file`, which a write creates exclusively (never through a link). */
function temporaryOf(file: string): string {
  return path.join(path.dirname(file), `.${path.basename(file)}.${process.pid}-${randomBytes(6).toString('hex')}.tmp`);
}

/** The absolute path a write failed on (a temporary file stands for its folder, which is what the user knows); the cache folder when the error names none. */
function failedPath(error: unknown, dir: string): string {
  const named = (error as { path?: unknown } | undefined)?.path;
  if (typeof named !== 'string') return dir;
  const absolute = path.resolve(named);
  return /^\..*\.tmp$/.test(path.basename(absolute)) ? path.dirname(absolute) : absolute;
}

/** `target`, or the nearest of its parents where anything stands (a dangling link included): where a write that could not make `target` must be let in. */
function nearestExisting(target: string): string {
  for (let at = target; ; at = path.dirname(at)) {
    try {
      if (entryAt(at) !== undefined || path.dirname(at) === at) return at;
    } catch {
      return at;
    }
  }
}

/** The file (anything but a folder) standing at `target` or at the nearest of its parents that exists, or `undefined` when that one is a folder. */
function fileInTheWay(target: string): string | undefined {
  for (let at = target; ; at = path.dirname(at)) {
    try {
      return statSync(at).isDirectory() ? undefined : at;
    } catch {
      if (path.dirname(at) === at) return undefined;
    }
  }
}

function atomicWrite(file: string, text: string | Uint8Array): void {
  const temporary = temporaryOf(file);
  try {
    writeFileSync(temporary, text, { flag: 'wx', mode: 0o600 });
    renameSync(temporary, file);
  } catch (error) {
    removeQuietly(temporary);
    throw error;
  }
}

/** Removes a temporary file of a write that failed; a folder this user cannot search (so nothing was written in it) is left as it is. */
function removeQuietly(file: string, options: { recursive?: boolean } = {}): void {
  try {
    rmSync(file, { force: true, ...options });
  } catch {
    // the write's own failure is what matters
  }
}

/** An entry's text: its format, key, the length of its body, its seal under `secret`, and the body. */
export function entryText(key: string, entry: CacheEntry, secret: Uint8Array): string {
  return sealed('entry', key, entry, secret);
}

/** The text of a record of `part` of the folder whose path's digest is `key`, sealed under `secret` (tests seal a record of a wrong shape with it). */
export function recordText(part: FolderRecord, key: string, body: unknown, secret: Uint8Array): string {
  return sealed(part, key, body, secret);
}

/** The entry in `text` when it is whole, of this format and of `key`, and sealed by `secret`; else why not. */
export function parseEntry(text: string, key: string, secret: Uint8Array): CacheEntry | EntryProblem {
  const body = unseal(Buffer.from(text, 'utf8'), 'entry', key, secret);
  return body instanceof EntryProblem ? body : entryOf(body);
}

/** `body` when it has the shape of a {@link CacheEntry}, else why not. */
function entryOf(body: unknown): CacheEntry | EntryProblem {
  const entry = body as CacheEntry | null;
  if (entry === null || typeof entry !== 'object') return new EntryProblem('body_not_result');
  const { window, diagnostics, outputs, render } = entry;
  if (
    !Array.isArray(diagnostics) ||
    typeof window?.from !== 'number' ||
    typeof window?.until !== 'number' ||
    (outputs !== undefined && (!Array.isArray(outputs) || typeof entry.manifest !== 'string')) ||
    (render !== undefined &&
      (render === null ||
        (render.stdout !== undefined && (typeof render.stdout !== 'string' || !Number.isSafeInteger(render.bytes))) ||
        typeof render.exitCode !== 'number' ||
        typeof render.withRead !== 'boolean')) ||
    (entry.issuer !== undefined && typeof entry.issuer !== 'string')
  )
    return new EntryProblem('body_not_result');
  return entry;
}
