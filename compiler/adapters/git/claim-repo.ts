/**
 * The fleet repo as the write door sees it (`diene claim set-paths`): the
 * newest commit of one branch, read without a checkout, and a compare-and-swap
 * that moves the branch from that commit to a new one, or reports that the
 * branch moved in between (another writer won; the caller re-reads and
 * retries). isomorphic-git only; the only code of the write door that talks
 * to git.
 *
 * - A URL (`http://`, `https://`) is cloned shallow (depth 1, one branch, no
 *   checkout) into a temporary folder; a snapshot after the first fetches the
 *   branch again. The swap is a push without force: the server's
 *   receive-pack moves the ref only if it still names the parent (git's own
 *   compare-and-swap), and isomorphic-git refuses a non-fast-forward first.
 * - A folder is a local repository, bare or not. The swap takes git's ref
 *   lock (`<ref>.lock`, created exclusively, so real `git` commands and other
 *   writers respect it), checks the ref still names the parent, and renames
 *   the lock over the ref. When the branch is checked out in a working tree,
 *   the claim file and its index entry follow the new commit; a local change
 *   to that file refuses the write before anything moves. The write holds
 *   git's index lock (`index.lock`) from the status check to the index update,
 *   and when the working tree cannot be updated after the ref moved, the ref
 *   goes back and the file is restored: a failed write leaves branch, index
 *   and working tree as they were.
 * - A branch whose newest commit, or a tree or file under it, cannot be
 *   parsed (a malformed commit written by hand or by an older diene) is
 *   refused with a {@link BranchUnreadableError}, never an internal fault.
 */
import fs from 'node:fs';
import { lstat, mkdir, mkdtemp, open, readFile, rename, rm, unlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { AuthCallback } from 'isomorphic-git';
import { git, isGitError, loadHttp } from './isomorphic.js';
import type { ChoiceOf } from '../../diagnostics/catalog.js';
import { diagnoseFinding, FLEET_WIDE, type Finding } from '../../diagnostics/diagnostic.js';
import {
  CommitMetadataError,
  listFilesAt,
  listFoldersAt,
  readFileAt,
  writeCommitWithFiles,
  type FileChange,
  type ObjectStore,
  type Signature,
} from './tree-edit.js';

/** The newest commit of the branch, and reads at it. */
export interface RepoSnapshot {
  readonly commit: string;
  readFile(filepath: string): Promise<string | undefined>;
  listFolders(filepath: string): Promise<string[]>;
  /** Every file under the folder `filepath`, as paths from the repository's top, sorted; empty when there is no such folder. */
  listFiles(filepath: string): Promise<string[]>;
}

/** The outcome of {@link ClaimRepo.commitFile}. */
export type SwapResult = { ok: true; commit: string } | { ok: false; reason: 'moved' };

/** A branch of a fleet repo, open for one write. */
export interface ClaimRepo {
  /** The repository as named by the user, and the branch. */
  readonly location: string;
  readonly branch: string;
  /** Reads the branch's newest commit (fetching it again for a URL). Throws when the branch does not exist. */
  snapshot(): Promise<RepoSnapshot>;
  /**
   * Commits `filepath` = `text` on top of `base.commit` and moves the branch to
   * it only if the branch still names `base.commit`; `{ok: false}` when it moved.
   */
  commitFile(base: RepoSnapshot, filepath: string, text: string, message: string, who: Signature): Promise<SwapResult>;
  /** {@link commitFile} for several files in one commit: each written, or removed when its `text` is `null`. */
  commitFiles(base: RepoSnapshot, changes: readonly FileChange[], message: string, who: Signature): Promise<SwapResult>;
  /** Removes temporary files. */
  close(): Promise<void>;
}

/** A refusal the user can act on (a missing branch, local changes, a server that declined), as its catalog finding (`claim_*`). */
export class RepoError extends Error {
  constructor(readonly finding: Finding) {
    super(diagnoseFinding(FLEET_WIDE, finding).message);
    this.name = 'RepoError';
  }
}

/** What of a branch cannot be parsed: its ref, its newest commit, or an object under that commit. */
export type UnreadablePart = { part: 'ref' } | { part: 'commit' } | { part: ChoiceOf<'claim_branch_object_unreadable', 'object'>; path: string };

/** The finding of a branch whose `what` cannot be parsed at `commit` (the commit is unknown when the ref itself is broken). */
function unreadableFinding(repo: string, branch: string, commit: string | undefined, what: UnreadablePart): Finding {
  if (what.part === 'ref' || commit === undefined) return { code: 'claim_branch_ref_invalid', args: { branch, repo } };
  if (what.part === 'commit') return { code: 'claim_branch_unreadable', args: { branch, repo, commit: commit.slice(0, 12) } };
  return { code: 'claim_branch_object_unreadable', args: { branch, repo, commit: commit.slice(0, 12), object: what.part, path: what.path } };
}

/** The branch's ref, its newest commit, or an object under it, cannot be parsed: the write door refuses the branch (`claim_branch_*`). */
export class BranchUnreadableError extends RepoError {
  constructor(location: string, branch: string, commit: string | undefined, what: UnreadablePart) {
    super(unreadableFinding(location, branch, commit, what));
  }
}

/** The refusal of an HTTP remote's answer while doing `action` (`fetch from`, `push to`): its credentials, or the network and server. */
function remoteError(url: string, action: string, error: unknown): RepoError {
  const status = isGitError(error, 'HttpError') ? (error as { data?: { statusCode?: number } }).data?.statusCode : undefined;
  if (status === 401 || status === 403) return new RepoError({ code: 'claim_repo_denied', args: { repo: url, status, action } });
  return new RepoError({ code: 'claim_repo_unreachable', args: { repo: url, action, reason: reasonOf(error) } });
}

/** The first line of `error`'s message; for isomorphic-git's InternalError, its own message (the first line is a generic "please report"). */
function reasonOf(error: unknown): string {
  const data = (error as { code?: unknown; data?: { message?: unknown } } | undefined)?.data;
  if ((error as { code?: unknown } | undefined)?.code === 'InternalError' && typeof data?.message === 'string')
    return data.message.split('\n')[0] ?? data.message;
  return (error instanceof Error ? error.message : String(error)).split('\n')[0] ?? 'unknown error';
}

/** True for an error of the operating system (EACCES, ENOSPC, EIO…), as opposed to git's or a parser's. */
function isSystemError(error: unknown): boolean {
  return error instanceof Error && typeof (error as NodeJS.ErrnoException).errno === 'number';
}

/**
 * The error to throw for `error`, met reading or writing objects of a branch:
 * a {@link RepoError} for a system error (a permission, a full disk), else a
 * {@link BranchUnreadableError} saying `what` cannot be parsed (a
 * `CommitMetadataError`, a bug of the caller, goes through as it is).
 */
function objectError(error: unknown, where: { location: string; branch: string }, commit: string | undefined, what: UnreadablePart): Error {
  if (error instanceof CommitMetadataError) return error;
  if (isSystemError(error))
    return new RepoError({ code: 'claim_repo_io_failed', args: { path: 'the objects', repo: where.location, reason: reasonOf(error) } });
  return new BranchUnreadableError(where.location, where.branch, commit, what);
}

/**
 * How the write door picks its branch when none is given: from a file of the
 * repository's default branch (HEAD), read with `readFile` (the fleet's
 * `git.branch` in registry/fleet.yaml); `undefined` when it names none, and
 * the default branch itself is used.
 */
export type BranchFromHead = (readFile: (filepath: string) => Promise<string | undefined>) => Promise<string | undefined>;

/** The branch `branch` names: itself, or what the default branch's files name, else the default branch, else `main`. */
async function chooseBranch(
  branch: string | BranchFromHead,
  store: ObjectStore,
  head: { commit: string | undefined; branch: string | undefined },
): Promise<string> {
  if (typeof branch === 'string') return branch;
  const { commit } = head;
  const named = commit === undefined ? undefined : await branch((filepath) => readFileAt(store, commit, filepath).catch(() => undefined));
  return named ?? head.branch ?? 'main';
}

/** Credentials for an HTTP remote (a token is the password); never logged. */
export interface RepoAuth {
  username?: string;
  password?: string;
}

/** True when `repo` names a remote reached over HTTP(S). */
export function isRemote(repo: string): boolean {
  return /^https?:\/\//i.test(repo);
}

/**
 * A snapshot at `commit`, whose commit object is parsed first; a read that
 * fails on an object that cannot be parsed throws {@link BranchUnreadableError}.
 */
async function snapshotOf(store: ObjectStore, commit: string, where: { location: string; branch: string }): Promise<RepoSnapshot> {
  const unreadable =
    (what: UnreadablePart) =>
    (error: unknown): never => {
      throw objectError(error, where, commit, what);
    };
  await git.readCommit({ fs, gitdir: store.gitdir, cache: store.cache, oid: commit }).catch(unreadable({ part: 'commit' }));
  return {
    commit,
    readFile: (filepath) => readFileAt(store, commit, filepath).catch(unreadable({ part: 'file', path: filepath })),
    listFolders: (filepath) => listFoldersAt(store, commit, filepath).catch(unreadable({ part: 'folder', path: filepath })),
    listFiles: (filepath) => listFilesAt(store, commit, filepath).catch(unreadable({ part: 'folder', path: filepath })),
  };
}

async function openRemote(url: string, wanted: string | BranchFromHead, auth: RepoAuth): Promise<ClaimRepo> {
  const dir = await mkdtemp(path.join(tmpdir(), 'diene-claim-'));
  const store: ObjectStore = { gitdir: path.join(dir, '.git'), cache: {} };
  const onAuth: AuthCallback | undefined =
    auth.username !== undefined || auth.password !== undefined
      ? () => ({ username: auth.username ?? 'x-access-token', password: auth.password ?? '' })
      : undefined;
  const http = await loadHttp();
  const remote = { fs, http, dir, gitdir: store.gitdir, ...(onAuth ? { onAuth } : {}) };
  let cloned = false;
  let branch: string;
  if (typeof wanted === 'string') branch = wanted;
  else {
    // The remote's default branch first (HEAD), to read which branch the fleet names; that one is fetched by the first snapshot.
    try {
      await git.clone({ ...remote, url, singleBranch: true, depth: 1, noCheckout: true, noTags: true, cache: store.cache });
    } catch (error) {
      await rm(dir, { recursive: true, force: true });
      throw remoteError(url, 'fetch from', error);
    }
    cloned = true;
    const commit = await git.resolveRef({ fs, gitdir: store.gitdir, ref: 'HEAD' }).catch(() => undefined);
    const current = await git.currentBranch({ fs, gitdir: store.gitdir }).catch(() => undefined);
    branch = await chooseBranch(wanted, store, { commit, branch: current ?? undefined });
  }
  const tracking = `refs/remotes/origin/${branch}`;
  const repo: ClaimRepo = {
    location: url,
    branch,
    async snapshot() {
      try {
        if (!cloned) {
          await git.clone({ ...remote, url, ref: branch, singleBranch: true, depth: 1, noCheckout: true, noTags: true, cache: store.cache });
          cloned = true;
        } else {
          await git.fetch({ ...remote, ref: branch, singleBranch: true, depth: 1, tags: false, cache: store.cache });
        }
        return await snapshotOf(store, await git.resolveRef({ fs, gitdir: store.gitdir, ref: tracking }), { location: url, branch });
      } catch (error) {
        if (error instanceof BranchUnreadableError) throw error;
        if (isGitError(error, 'NotFoundError')) throw new RepoError({ code: 'claim_branch_missing', args: { branch, repo: url } });
        // Anything else while fetching is the remote's or the network's (refused, timed out, 401, not a git server).
        throw remoteError(url, 'fetch from', error);
      }
    },
    commitFile(base, filepath, text, message, who) {
      return repo.commitFiles(base, [{ path: filepath, text }], message, who);
    },
    async commitFiles(base, changes, message, who) {
      const commit = await writeCommitWithFiles(store, base.commit, changes, message, who).catch((error: unknown) => {
        throw objectError(error, { location: url, branch }, base.commit, { part: 'tree', path: changes[0]?.path ?? '' });
      });
      await git.writeRef({ fs, gitdir: store.gitdir, ref: `refs/heads/${branch}`, value: commit, force: true });
      try {
        await git.push({ ...remote, ref: branch, remoteRef: branch, remote: 'origin', cache: store.cache });
        return { ok: true, commit };
      } catch (error) {
        if (isGitError(error, 'PushRejectedError')) return { ok: false, reason: 'moved' };
        if (isGitError(error, 'GitPushError')) {
          // The server refused the ref update. If the branch moved, another writer won the race; otherwise it is a real refusal.
          const refs = await git.listServerRefs({ http, url, prefix: `refs/heads/${branch}`, ...(onAuth ? { onAuth } : {}) });
          const now = refs.find((r) => r.ref === `refs/heads/${branch}`)?.oid;
          if (now !== base.commit) return { ok: false, reason: 'moved' };
          throw new RepoError({ code: 'claim_push_refused', args: { repo: url, branch, reason: (error as Error).message.trim() } });
        }
        throw remoteError(url, 'push to', error);
      }
    },
    async close() {
      await rm(dir, { recursive: true, force: true });
    },
  };
  return repo;
}

async function exists(target: string): Promise<boolean> {
  try {
    await fs.promises.stat(target);
    return true;
  } catch {
    return false;
  }
}

/** The git directory and working tree (if any) of the local repository at `dir`. */
async function localLayout(dir: string): Promise<{ gitdir: string; worktree?: string }> {
  const dotGit = path.join(dir, '.git');
  if (await exists(path.join(dotGit, 'HEAD'))) return { gitdir: dotGit, worktree: dir };
  if ((await exists(path.join(dir, 'HEAD'))) && (await exists(path.join(dir, 'objects')))) return { gitdir: dir };
  throw new RepoError({ code: 'claim_repo_not_git', args: { path: dir } });
}

async function checkedOutBranch(gitdir: string): Promise<string | undefined> {
  try {
    const head = await git.resolveRef({ fs, gitdir, ref: 'HEAD', depth: 2 });
    return head.startsWith('refs/heads/') ? head.slice('refs/heads/'.length) : undefined;
  } catch {
    return undefined;
  }
}

/** Moves `ref` from `expected` to `next` under git's ref lock; false when the lock is held or the ref moved. */
async function swapRef(gitdir: string, ref: string, expected: string, next: string): Promise<boolean> {
  const refPath = path.join(gitdir, ref);
  const lockPath = `${refPath}.lock`;
  let lock;
  await fs.promises.mkdir(path.dirname(refPath), { recursive: true });
  try {
    lock = await open(lockPath, 'wx');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  }
  try {
    const current = await git.resolveRef({ fs, gitdir, ref }).catch(() => undefined);
    if (current !== expected) {
      await lock.close();
      await unlink(lockPath);
      return false;
    }
    await lock.writeFile(`${next}\n`, 'utf8');
    await lock.sync();
    await lock.close();
    await rename(lockPath, refPath);
    return true;
  } catch (error) {
    await lock.close().catch(() => undefined);
    await unlink(lockPath).catch(() => undefined);
    throw error;
  }
}

/** How long a write waits for another git process to release the index lock before it refuses. */
const INDEX_LOCK_WAIT_MS = 2000;

/**
 * Takes git's index lock (`<gitdir>/index.lock`, created exclusively, as git
 * does), waiting up to {@link INDEX_LOCK_WAIT_MS} for another git process to
 * let it go; returns its release. isomorphic-git writes the index without the
 * lock, so holding it keeps real git commands out while the write door works.
 */
async function lockIndex(gitdir: string, repo: string): Promise<() => Promise<void>> {
  const lockPath = path.join(gitdir, 'index.lock');
  const deadline = Date.now() + INDEX_LOCK_WAIT_MS;
  for (;;) {
    try {
      const handle = await open(lockPath, 'wx');
      await handle.close();
      return () => unlink(lockPath).catch(() => undefined);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      if (Date.now() > deadline) throw new RepoError({ code: 'claim_worktree_locked', args: { lock: lockPath, repo } });
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
}

/**
 * The bytes of `filepath` in `worktree` before the write door replaces it, or
 * `undefined` when there is none. Refused before anything is written: a
 * symbolic link on the way (the write would land wherever it points, outside
 * the working tree too), a folder on the way that is not one, and a target
 * that is not a regular file (a FIFO would block the read for ever).
 */
async function worktreeBytes(worktree: string, filepath: string, repo: string): Promise<Buffer | undefined> {
  const blocked = (at: string, what: string): RepoError => new RepoError({ code: 'claim_worktree_blocked', args: { path: at, what, repo, file: filepath } });
  const unreadable = (at: string, error: unknown): RepoError =>
    new RepoError({ code: 'claim_repo_io_failed', args: { path: path.relative(worktree, at), repo, reason: reasonOf(error) } });
  const segments = filepath.split('/');
  let current = worktree;
  for (const [i, segment] of segments.entries()) {
    current = path.join(current, segment);
    let info;
    try {
      info = await lstat(current);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw unreadable(current, error);
    }
    const last = i === segments.length - 1;
    const shown = path.relative(worktree, current);
    if (info.isSymbolicLink()) throw blocked(shown, 'a symbolic link');
    if (!last && !info.isDirectory()) throw blocked(shown, 'not a folder');
    if (last && !info.isFile()) throw blocked(shown, 'not a regular file');
  }
  try {
    return await readFile(current);
  } catch (error) {
    throw unreadable(current, error);
  }
}

async function openLocal(dir: string, wanted: string | BranchFromHead): Promise<ClaimRepo> {
  const layout = await localLayout(path.resolve(dir));
  const store: ObjectStore = { gitdir: layout.gitdir, cache: {} };
  const branch = await chooseBranch(wanted, store, {
    commit: await git.resolveRef({ fs, gitdir: store.gitdir, ref: 'HEAD' }).catch(() => undefined),
    branch: await checkedOutBranch(store.gitdir),
  });
  const ref = `refs/heads/${branch}`;
  const where = { location: dir, branch };
  const repo: ClaimRepo = {
    location: dir,
    branch,
    async snapshot() {
      let commit: string;
      try {
        commit = await git.resolveRef({ fs, gitdir: store.gitdir, ref });
      } catch (error) {
        if (isGitError(error, 'NotFoundError')) throw new RepoError({ code: 'claim_branch_missing', args: { branch, repo: dir } });
        throw new BranchUnreadableError(dir, branch, undefined, { part: 'ref' });
      }
      return snapshotOf(store, commit, where);
    },
    commitFile(base, filepath, text, message, who) {
      return repo.commitFiles(base, [{ path: filepath, text }], message, who);
    },
    async commitFiles(base, changes, message, who) {
      const worktree = layout.worktree !== undefined && (await checkedOutBranch(store.gitdir)) === branch ? layout.worktree : undefined;
      const release = worktree !== undefined ? await lockIndex(store.gitdir, dir) : undefined;
      try {
        // What each file held in the working tree before the write, to put back when the update fails.
        const originals = new Map<string, Buffer | undefined>();
        if (worktree !== undefined) {
          for (const change of changes) {
            originals.set(change.path, await worktreeBytes(worktree, change.path, dir));
            const status = await git.status({ fs, dir: worktree, gitdir: store.gitdir, filepath: change.path, cache: store.cache }).catch((error: unknown) => {
              throw new RepoError({ code: 'claim_repo_io_failed', args: { path: 'the index', repo: dir, reason: reasonOf(error) } });
            });
            if (!['unmodified', 'absent'].includes(status))
              throw new RepoError({ code: 'claim_worktree_changed', args: { file: change.path, repo: dir, status } });
          }
        }
        const commit = await writeCommitWithFiles(store, base.commit, changes, message, who).catch((error: unknown) => {
          throw objectError(error, where, base.commit, { part: 'tree', path: changes[0]?.path ?? '' });
        });
        if (!(await swapRef(store.gitdir, ref, base.commit, commit))) return { ok: false, reason: 'moved' };
        if (worktree === undefined) return { ok: true, commit };
        // The ref has moved: the working tree and the index follow it, or everything goes back.
        const created: string[] = [];
        let failed: { file: string; error: unknown } | undefined;
        for (const change of changes) {
          const target = path.join(worktree, change.path);
          try {
            if (change.text === null) await rm(target, { force: true });
            else {
              const folder = await mkdir(path.dirname(target), { recursive: true });
              if (folder !== undefined) created.push(folder);
              await writeFile(target, change.text, 'utf8');
            }
            await git.resetIndex({ fs, dir: worktree, gitdir: store.gitdir, filepath: change.path, ref: branch, cache: store.cache });
          } catch (error) {
            failed = { file: change.path, error };
            break;
          }
        }
        if (failed === undefined) return { ok: true, commit };
        const movedBack = await swapRef(store.gitdir, ref, commit, base.commit).catch(() => false);
        for (const change of changes) {
          const target = path.join(worktree, change.path);
          const original = originals.get(change.path);
          if (original !== undefined)
            await mkdir(path.dirname(target), { recursive: true })
              .then(() => writeFile(target, original))
              .catch(() => undefined);
          else await rm(target, { force: true }).catch(() => undefined);
          if (movedBack)
            await git.resetIndex({ fs, dir: worktree, gitdir: store.gitdir, filepath: change.path, ref: branch, cache: store.cache }).catch(() => undefined);
        }
        for (const folder of created.reverse()) await rm(folder, { recursive: true, force: true }).catch(() => undefined);
        const state = movedBack
          ? 'the branch, the index and the file are as they were'
          : `the branch could not be moved back to ${base.commit.slice(0, 12)}: run \`git update-ref ${ref} ${base.commit} ${commit}\``;
        throw new RepoError({ code: 'claim_worktree_update_failed', args: { file: failed.file, repo: dir, reason: reasonOf(failed.error), state } });
      } finally {
        await release?.();
      }
    },
    async close() {},
  };
  return repo;
}

/**
 * Opens `repo` (an HTTP(S) URL or a local folder) at `branch` for one write,
 * or at the branch the repository's default branch names ({@link BranchFromHead}).
 * Throws {@link RepoError} when a folder is not a repository.
 */
export async function openClaimRepo(repo: string, branch: string | BranchFromHead, auth: RepoAuth = {}): Promise<ClaimRepo> {
  return isRemote(repo) ? openRemote(repo, branch, auth) : openLocal(repo, branch);
}
