/**
 * Which files git can give back: those in the commit checked out (HEAD) of
 * the git work tree holding them, so that `git checkout HEAD -- <file>`
 * restores them. A file in no repository, ignored or never committed is
 * not one; nor is any file when the repository cannot be read (the advice
 * then falls back to what works without git). isomorphic-git only, no `git`
 * binary needed; loaded only when a file is asked about (a compile that
 * refuses no edited file never loads it).
 */
import fs from 'node:fs';
import path from 'node:path';
import { gitTopLevel } from '../filesystem/files.js';

/** Those of the absolute paths `files` that are in HEAD of the work tree holding them. */
export async function filesAtHead(files: readonly string[]): Promise<Set<string>> {
  const found = new Set<string>();
  if (files.length === 0) return found;
  const { default: git } = await import('isomorphic-git');
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
