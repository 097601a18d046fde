/**
 * Which files git can give back: those in the commit checked out (HEAD) of
 * the git work tree holding them, so that `git checkout HEAD -- <file>`
 * restores them. A file in no repository, ignored or never committed is
 * not one; nor is any file when the repository cannot be read (the advice
 * then falls back to what works without git). isomorphic-git only, no `git`
 * binary needed; loaded only when a file is asked about (a compile that
 * refuses no edited file never loads it). Without isomorphic-git (an optional
 * peer dependency) no file is known to git, and the advice is what works without it.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { gitTopLevel } from '../filesystem/files.js';
import { isPackageMissing } from '../package-missing.js';
import { loadGit } from './isomorphic.js';

/** isomorphic-git's commands, or `undefined` when the package (an optional peer dependency) is not installed: then no file is known to git. */
async function gitOrNone(): Promise<Awaited<ReturnType<typeof loadGit>>['default'] | undefined> {
  try {
    return (await loadGit()).default;
  } catch (error) {
    if (isPackageMissing(error, 'isomorphic-git')) return undefined;
    throw error;
  }
}

/** Those of the absolute paths `files` that are in HEAD of the work tree holding them. */
export async function filesAtHead(files: readonly string[]): Promise<Set<string>> {
  const found = new Set<string>();
  if (files.length === 0) return found;
  const git = await gitOrNone();
  if (git === undefined) return found;
  const cache = {};
  const heads = new Map<string, Promise<string | undefined>>();
  for (const file of files) {
    const top = gitTopLevel(path.dirname(file));
    if (top === undefined) continue;
    let head = heads.get(top);
    if (!head) {
      head = git.resolveRef({ fs, dir: top, ref: 'HEAD' }).catch(() => undefined);
      heads.set(top, head);
    }
    const oid = await head;
    if (oid === undefined) continue;
    const filepath = path.relative(top, file).split(path.sep).join('/');
    try {
      await git.readBlob({ fs, dir: top, cache, oid, filepath });
      found.add(file);
    } catch {
      // Not in HEAD (NotFoundError), or a repository isomorphic-git cannot read: no git command is suggested.
    }
  }
  return found;
}

/**
 * Those of `files` (absolute path → `sha256:<hex>` of its bytes) whose bytes
 * git keeps: a blob with exactly those bytes is in the object database of the
 * repository holding the file (committed on any branch, staged in the index,
 * stashed), so removing or replacing the file loses nothing git cannot give
 * back (`git checkout <commit> -- <file>`, `git cat-file blob <id>`). The
 * file is read again and must still have that digest. A file in no
 * repository, or in one isomorphic-git cannot read (a SHA-256 repository),
 * is not kept.
 */
export async function bytesKeptByGit(files: ReadonlyMap<string, string>): Promise<Set<string>> {
  const found = new Set<string>();
  if (files.size === 0) return found;
  const git = await gitOrNone();
  if (git === undefined) return found;
  const cache = {};
  for (const [file, digest] of files) {
    const top = gitTopLevel(path.dirname(file));
    if (top === undefined) continue;
    let bytes: Buffer;
    try {
      // Never following a link or blocking on a FIFO, as every read of the output tree.
      const fd = fs.openSync(file, fs.constants.O_RDONLY | fs.constants.O_NOFOLLOW | fs.constants.O_NONBLOCK);
      try {
        bytes = fs.readFileSync(fd);
      } finally {
        fs.closeSync(fd);
      }
    } catch {
      continue;
    }
    if (`sha256:${createHash('sha256').update(bytes).digest('hex')}` !== digest) continue;
    // The id git gives a blob of these bytes (SHA-1 of its header and the bytes).
    const oid = createHash('sha1').update(`blob ${bytes.length}\0`).update(bytes).digest('hex');
    try {
      await git.readBlob({ fs, dir: top, cache, oid });
      found.add(file);
    } catch {
      // No such blob, or a repository isomorphic-git cannot read: not kept.
    }
  }
  return found;
}
