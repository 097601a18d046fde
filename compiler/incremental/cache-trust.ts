/**
 * What the compile cache trusts (docs/hardening.md, "The compile cache").
 *
 * A cache may skip work and never change what a command prints, writes or
 * deletes. So the folder must be one no pull request and no other user can
 * supply: never inside the fleet, its git work tree or the working directory's,
 * owned by the user who runs diene and writable by nobody else, with no
 * symbolic link where diene reads, writes or prunes. And everything read back
 * must carry a seal (HMAC-SHA256) made with a key of this user's, kept
 * outside the cache folder: a cache copied from elsewhere, restored by a CI
 * cache action, or forged with recomputed digests never verifies.
 */
import { createHmac, randomBytes } from 'node:crypto';
import { closeSync, constants, fstatSync, linkSync, lstatSync, openSync, readSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { makeFolders } from '../adapters/filesystem/files.js';
import { homedir } from 'node:os';
import path from 'node:path';
import { errnoCode, type ChoiceOf, type ErrnoCode } from '../diagnostics/catalog.js';

export type Env = Readonly<Record<string, string | undefined>>;

/** `$XDG_CACHE_HOME/diene` (an absolute path), else `~/.cache/diene`: the user's own cache home, never a folder a fleet can supply. */
export function userCacheFolder(env: Env = process.env, home = homedir()): string {
  const xdg = env['XDG_CACHE_HOME'];
  return path.join(xdg && path.isAbsolute(xdg) ? xdg : path.join(home, '.cache'), 'diene');
}

/** The file of the user's cache key: `$XDG_STATE_HOME/diene/cache-key` (an absolute path), else `~/.local/state/diene/cache-key`. */
export function cacheKeyFile(env: Env = process.env, home = homedir()): string {
  const xdg = env['XDG_STATE_HOME'];
  return path.join(xdg && path.isAbsolute(xdg) ? xdg : path.join(home, '.local', 'state'), 'diene', 'cache-key');
}

/** Whether the run is a CI job: `CI` set to anything but empty, `0` or `false` (GitHub, GitLab, Buildkite, CircleCI …), or `GITHUB_ACTIONS=true`. */
export function runsInCi(env: Env = process.env): boolean {
  const ci = (env['CI'] ?? '').trim().toLowerCase();
  return (ci !== '' && ci !== '0' && ci !== 'false') || env['GITHUB_ACTIONS'] === 'true';
}

/** `target` with its symbolic links resolved as far as it exists (the rest appended as written): where a write would land. */
function landingPath(target: string): string {
  const absolute = path.resolve(target);
  const rest: string[] = [];
  for (let at = absolute; ; at = path.dirname(at)) {
    try {
      return path.join(realpathSync(at), ...rest.reverse());
    } catch {
      // Stryker disable next-line ConditionalExpression: the root always resolves, so the loop never climbs past it
      if (path.dirname(at) === at) return absolute;
      rest.push(path.basename(at));
    }
  }
}

/** The top of the git work tree holding `folder` (the nearest folder up with a `.git` entry, a folder or a worktree's file), or `undefined`. */
function workTreeOf(folder: string): string | undefined {
  for (let at = landingPath(folder); ; at = path.dirname(at)) {
    if (lstatSync(path.join(at, '.git'), { throwIfNoEntry: false }) !== undefined) return at;
    if (path.dirname(at) === at) return undefined;
  }
}

function isWithin(target: string, folder: string): boolean {
  const relative = path.relative(folder, target);
  // `..` or `../…` leaves the folder; a name that only begins with two dots (`..cache`) is inside it.
  // Stryker disable next-line ConditionalExpression,StringLiteral: an empty relative path passes the tests after it too
  return relative === '' || (relative !== '..' && !relative.startsWith(`..${path.sep}`) && !path.isAbsolute(relative));
}

/** Where a fleet or a checkout could supply the folder `target`: the place and its top, or `undefined` when neither can. */
export interface SuppliedPlace {
  where: ChoiceOf<'cache_folder_in_fleet', 'where'>;
  root: string;
}

/**
 * Whether `target` lies inside what a pull request supplies: the fleet folder,
 * the git work tree that holds it, or the git work tree of the working
 * directory (the checkout a CI job or the plugin runs in).
 */
export function suppliedPlace(target: string, fleetRoot: string, cwd: string = process.cwd()): SuppliedPlace | undefined {
  const landing = landingPath(target);
  const fleet = landingPath(fleetRoot);
  if (isWithin(landing, fleet)) return { where: 'fleet', root: fleet };
  const repository = workTreeOf(fleet);
  if (repository !== undefined && isWithin(landing, repository)) return { where: 'repository', root: repository };
  const checkout = workTreeOf(cwd);
  if (checkout !== undefined && isWithin(landing, checkout)) return { where: 'checkout', root: checkout };
  return undefined;
}

/** What {@link entryAt} tells of an entry (the part of `fs.Stats` the checks read). */
export interface EntryInfo {
  isSymbolicLink(): boolean;
  isDirectory(): boolean;
  uid: number;
  mode: number;
}

/** What stands at `target` itself (a link is not followed), or `undefined` when nothing does, a file on its path included (a write names that one). */
export function entryAt(target: string): EntryInfo | undefined {
  try {
    return lstatSync(target);
  } catch (error) {
    const errno = errnoCode(error);
    if (errno === 'ENOENT' || errno === 'ENOTDIR') return undefined;
    throw error;
  }
}

/** Why a folder of the cache is not trusted (the `cache_folder_unsafe` warning's reason). */
export type FolderDistrust =
  { why: 'link' | 'not_folder' } | { why: 'foreign_owner'; owner: number; user: number } | { why: 'writable_by_others'; mode: string };

/** The user running diene; `undefined` where the system has no user ids (Windows), whose folders are then not checked for an owner. */
const currentUser = (): number | undefined => (typeof process.getuid === 'function' ? process.getuid() : undefined);

/**
 * Why `folder` (its own entry, never a link's target) may not hold a cache:
 * a symbolic link, not a folder, owned by another user, or writable by the
 * group or others. `undefined` when it is sound or does not exist.
 */
export function folderDistrust(folder: string): FolderDistrust | undefined {
  const info = entryAt(folder);
  if (info === undefined) return undefined;
  if (info.isSymbolicLink()) return { why: 'link' };
  if (!info.isDirectory()) return { why: 'not_folder' };
  const user = currentUser();
  if (user !== undefined && info.uid !== user) return { why: 'foreign_owner', owner: info.uid, user };
  if (user !== undefined && (info.mode & 0o022) !== 0) return { why: 'writable_by_others', mode: (info.mode & 0o7777).toString(8).padStart(4, '0') };
  return undefined;
}

/** The bytes of a cache key: 32 random bytes, kept as 64 hexadecimal digits and a line feed. */
const KEY_TEXT = /^[0-9a-f]{64}\n$/;
const KEY_FILE_BYTES = 65;

/** Why the user's cache key cannot be used (the `cache_key_unusable` warning's reason). */
export type KeyDistrust =
  | { why: 'link' | 'not_file' | 'foreign_owner' | 'readable_by_others' | 'not_a_key' | 'folder_unsafe' }
  | { why: 'unreadable'; errno: ErrnoCode }
  | { why: 'in_fleet' | 'in_repository' | 'in_checkout'; root: string };

/**
 * The user's cache key at `file`, made on first use (random, mode 0600,
 * written whole to a temporary file and linked into place, so two runs
 * starting at once read the same key), or why it cannot be used: a link, not
 * a regular file, another user's, readable by others, not 64 hexadecimal
 * digits, in a folder others can write, or inside what a fleet supplies.
 */
export function loadCacheKey(file: string, fleetRoot?: string, cwd?: string): Uint8Array | KeyDistrust {
  const supplied = fleetRoot === undefined ? undefined : suppliedPlace(file, fleetRoot, cwd);
  if (supplied) return { why: `in_${supplied.where}`, root: supplied.root };
  const folder = path.dirname(file);
  try {
    makeFolders(folder, 0o700);
  } catch (error) {
    return { why: 'unreadable', errno: errnoCode(error) };
  }
  if (folderDistrust(folder) !== undefined) return { why: 'folder_unsafe' };
  for (let attempt = 0; attempt < 2; attempt++) {
    const read = readKey(file);
    if (!(read instanceof Error)) return read;
    if (errnoCode(read) !== 'ENOENT') return { why: 'unreadable', errno: errnoCode(read) };
    const temporary = path.join(folder, `.cache-key.${process.pid}-${randomBytes(6).toString('hex')}.tmp`);
    try {
      // Stryker disable next-line StringLiteral: the temporary's name is new (process id and 48 random bits)
      writeFileSync(temporary, `${randomBytes(32).toString('hex')}\n`, { flag: 'wx', mode: 0o600 });
      // A link fails when another run made the key first: both then read that one.
      linkSync(temporary, file);
    } catch (error) {
      if (errnoCode(error) !== 'EEXIST') return { why: 'unreadable', errno: errnoCode(error) };
    } finally {
      rmSync(temporary, { force: true });
    }
  }
  return { why: 'unreadable', errno: 'other' };
}

/** The key in `file`, why it is not one to use, or the error that kept it from being read. */
function readKey(file: string): Uint8Array | KeyDistrust | Error {
  let fd: number;
  try {
    fd = openSync(file, constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK);
  } catch (error) {
    if (errnoCode(error) === 'ELOOP') return { why: 'link' };
    return error as Error;
  }
  try {
    const info = fstatSync(fd);
    const user = currentUser();
    if (!info.isFile()) return { why: 'not_file' };
    if (user !== undefined && info.uid !== user) return { why: 'foreign_owner' };
    if (user !== undefined && (info.mode & 0o077) !== 0) return { why: 'readable_by_others' };
    if (info.size !== KEY_FILE_BYTES) return { why: 'not_a_key' };
    const bytes = Buffer.alloc(KEY_FILE_BYTES);
    const text = bytes.toString('latin1', 0, readSync(fd, bytes, 0, KEY_FILE_BYTES, 0));
    // Stryker disable next-line MethodExpression: hexadecimal decoding stops at the line feed, after the 64 digits
    return KEY_TEXT.test(text) ? Buffer.from(text.slice(0, 64), 'hex') : { why: 'not_a_key' };
  } finally {
    closeSync(fd);
  }
}

/** A seal: HMAC-SHA256 under the user's key of every part, each followed by a NUL (`hmac-sha256:<hex>`). */
export function sealOf(key: Uint8Array, ...parts: (string | Uint8Array)[]): string {
  const mac = createHmac('sha256', key);
  for (const part of parts) mac.update(part).update('\0');
  return `hmac-sha256:${mac.digest('hex')}`;
}

/** A seal made piece by piece (a pack of records, written a chunk at a time): the parts first, then the bytes. */
export function sealMaker(key: Uint8Array, ...parts: string[]): { update(bytes: string | Uint8Array): void; seal(): string } {
  const mac = createHmac('sha256', key);
  for (const part of parts) mac.update(part).update('\0');
  return {
    update: (bytes) => void mac.update(bytes),
    seal: () => `hmac-sha256:${mac.digest('hex')}`,
  };
}
