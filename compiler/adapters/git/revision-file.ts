/**
 * One file of the fleet's repository at a revision other than the working
 * tree: the base revision `export dns` and `apply dns` compare DNS hosts
 * with (cli/endpoint-review.ts). isomorphic-git only, no `git` binary; the
 * object database is read, never written, and nothing is fetched.
 *
 * A revision is what isomorphic-git resolves: a branch (`main`), a remote
 * branch (`origin/main`), a tag, a full ref, or a commit id (abbreviated
 * from 4 hex digits). `main~1` and other rev-parse expressions are not.
 * In a linked work tree (`git worktree add`, whose `.git` is a file), refs
 * and objects are read from the repository's common folder, where branches
 * live.
 */
import fs from 'node:fs';
import path from 'node:path';
import { git } from './isomorphic.js';
import { gitTopLevel } from '../filesystem/files.js';

/** The work tree holding `dir` (its top folder) and `dir` as a `/`-separated path inside it ('' at the top); `undefined` outside git. */
export function repositoryOf(dir: string): { top: string; prefix: string } | undefined {
  const top = gitTopLevel(dir);
  if (top === undefined) return undefined;
  const prefix = path.relative(top, dir).split(path.sep).join('/');
  return { top, prefix };
}

/** The folder holding the refs and objects of the work tree at `top`: `.git`, or for a linked work tree the common folder its `gitdir:` file leads to. */
function gitdirOf(top: string): string {
  const dotgit = path.join(top, '.git');
  try {
    if (fs.statSync(dotgit).isDirectory()) return dotgit;
    const linked = /^gitdir: (.+)$/m.exec(fs.readFileSync(dotgit, 'utf8'))?.[1]?.trim();
    if (linked === undefined) return dotgit;
    const own = path.resolve(top, linked);
    const common = path.join(own, 'commondir');
    return fs.existsSync(common) ? path.resolve(own, fs.readFileSync(common, 'utf8').trim()) : own;
  } catch {
    return dotgit;
  }
}

/** The commit id `revision` names in the repository at `top`, or `undefined` when it names none. */
export async function resolveRevision(top: string, revision: string): Promise<string | undefined> {
  const gitdir = gitdirOf(top);
  try {
    return await git.resolveRef({ fs, gitdir, ref: revision });
  } catch {
    // Not a ref: perhaps a commit id.
  }
  if (!/^[0-9a-f]{4,40}$/.test(revision)) return undefined;
  try {
    return await git.expandOid({ fs, gitdir, oid: revision });
  } catch {
    return undefined;
  }
}

/**
 * The text of `filepath` (`/`-separated, from the repository's top) at
 * `commit`, or `undefined` when the commit has no such file. Throws when the
 * repository cannot be read.
 */
export async function readFileAtRevision(top: string, commit: string, filepath: string): Promise<Uint8Array | undefined> {
  try {
    const { blob } = await git.readBlob({ fs, gitdir: gitdirOf(top), oid: commit, filepath });
    return blob;
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'NotFoundError' || code === 'ObjectTypeError') return undefined;
    throw error;
  }
}
