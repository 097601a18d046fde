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
 *   to that file refuses the write before anything moves.
 */
import fs from 'node:fs';
import { mkdtemp, open, rename, rm, unlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import git, { Errors, type AuthCallback } from 'isomorphic-git';
import http from 'isomorphic-git/http/node';
import { listFoldersAt, readFileAt, writeCommitWithFile, type ObjectStore, type Signature } from './tree-edit.js';

/** The newest commit of the branch, and reads at it. */
export interface RepoSnapshot {
  readonly commit: string;
  readFile(filepath: string): Promise<string | undefined>;
  listFolders(filepath: string): Promise<string[]>;
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
  /** Removes temporary files. */
  close(): Promise<void>;
}

/** A refusal the user can act on (a missing branch, local changes, a server that declined): printed as a usage error. */
export class RepoError extends Error {}

/** Credentials for an HTTP remote (a token is the password); never logged. */
export interface RepoAuth {
  username?: string;
  password?: string;
}

/** True when `repo` names a remote reached over HTTP(S). */
export function isRemote(repo: string): boolean {
  return /^https?:\/\//i.test(repo);
}

function snapshotOf(store: ObjectStore, commit: string): RepoSnapshot {
  return {
    commit,
    readFile: (filepath) => readFileAt(store, commit, filepath),
    listFolders: (filepath) => listFoldersAt(store, commit, filepath),
  };
}

async function openRemote(url: string, branch: string, auth: RepoAuth): Promise<ClaimRepo> {
  const dir = await mkdtemp(path.join(tmpdir(), 'diene-claim-'));
  const store: ObjectStore = { gitdir: path.join(dir, '.git'), cache: {} };
  const onAuth: AuthCallback | undefined = auth.username !== undefined || auth.password !== undefined ? () => ({ username: auth.username ?? 'x-access-token', password: auth.password ?? '' }) : undefined;
  const remote = { fs, http, dir, gitdir: store.gitdir, ...(onAuth ? { onAuth } : {}) };
  let cloned = false;
  const tracking = `refs/remotes/origin/${branch}`;
  return {
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
        return snapshotOf(store, await git.resolveRef({ fs, gitdir: store.gitdir, ref: tracking }));
      } catch (error) {
        if (error instanceof Errors.NotFoundError) throw new RepoError(`branch "${branch}" does not exist in ${url}`);
        // Anything else while fetching is the remote's or the network's (refused, timed out, 401, not a git server).
        throw new RepoError(`cannot read ${url}: ${error instanceof Error ? error.message : String(error)}`);
      }
    },
    async commitFile(base, filepath, text, message, who) {
      const commit = await writeCommitWithFile(store, base.commit, filepath, text, message, who);
      await git.writeRef({ fs, gitdir: store.gitdir, ref: `refs/heads/${branch}`, value: commit, force: true });
      try {
        await git.push({ ...remote, ref: branch, remoteRef: branch, remote: 'origin', cache: store.cache });
        return { ok: true, commit };
      } catch (error) {
        if (error instanceof Errors.PushRejectedError) return { ok: false, reason: 'moved' };
        if (error instanceof Errors.GitPushError) {
          // The server refused the ref update. If the branch moved, another writer won the race; otherwise it is a real refusal.
          const refs = await git.listServerRefs({ http, url, prefix: `refs/heads/${branch}`, ...(onAuth ? { onAuth } : {}) });
          const now = refs.find((r) => r.ref === `refs/heads/${branch}`)?.oid;
          if (now !== base.commit) return { ok: false, reason: 'moved' };
          throw new RepoError(`${url} refused the push: ${error.message.trim()}`);
        }
        throw new RepoError(`cannot push to ${url}: ${error instanceof Error ? error.message : String(error)}`);
      }
    },
    async close() {
      await rm(dir, { recursive: true, force: true });
    },
  };
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
  throw new RepoError(`${dir} is not a git repository (no .git/HEAD, and not a bare repository)`);
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

async function openLocal(dir: string, branch: string): Promise<ClaimRepo> {
  const layout = await localLayout(path.resolve(dir));
  const store: ObjectStore = { gitdir: layout.gitdir, cache: {} };
  const ref = `refs/heads/${branch}`;
  return {
    location: dir,
    branch,
    async snapshot() {
      try {
        return snapshotOf(store, await git.resolveRef({ fs, gitdir: store.gitdir, ref }));
      } catch (error) {
        if (error instanceof Errors.NotFoundError) throw new RepoError(`branch "${branch}" does not exist in ${dir}`);
        throw error;
      }
    },
    async commitFile(base, filepath, text, message, who) {
      const worktree = layout.worktree !== undefined && (await checkedOutBranch(store.gitdir)) === branch ? layout.worktree : undefined;
      if (worktree !== undefined) {
        const status = await git.status({ fs, dir: worktree, gitdir: store.gitdir, filepath, cache: store.cache });
        if (!['unmodified', 'absent'].includes(status)) throw new RepoError(`${filepath} has local changes in ${worktree} (${status}): commit or discard them first`);
      }
      const commit = await writeCommitWithFile(store, base.commit, filepath, text, message, who);
      if (!(await swapRef(store.gitdir, ref, base.commit, commit))) return { ok: false, reason: 'moved' };
      if (worktree !== undefined) {
        await fs.promises.mkdir(path.dirname(path.join(worktree, filepath)), { recursive: true });
        await writeFile(path.join(worktree, filepath), text, 'utf8');
        await git.resetIndex({ fs, dir: worktree, gitdir: store.gitdir, filepath, ref: branch, cache: store.cache });
      }
      return { ok: true, commit };
    },
    async close() {},
  };
}

/** Opens `repo` (an HTTP(S) URL or a local folder) at `branch` for one write. Throws {@link RepoError} when a folder is not a repository. */
export async function openClaimRepo(repo: string, branch: string, auth: RepoAuth = {}): Promise<ClaimRepo> {
  return isRemote(repo) ? openRemote(repo, branch, auth) : openLocal(repo, branch);
}
