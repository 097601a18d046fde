/**
 * The fleet repo's newest commit time, the default serial of `diene apply
 * books` (SPEC §3.6: `--serial N`, else the newest commit time in seconds,
 * never the clock). Read with isomorphic-git, no `git` binary needed.
 *
 * "Newest commit" is the commit checked out (HEAD), and its time is the
 * committer time: when that commit landed on the branch (a merge or rebase
 * sets it), which is never older than its parents' on a sane clock. Two
 * publishers of the same commit stamp the same serial.
 */
import fs from 'node:fs';
import { git } from './isomorphic.js';

/** Unix seconds of the committer time of HEAD in the repository holding `dir`, or `undefined` when `dir` is in no repository or HEAD has no commit. */
export async function headCommitSeconds(dir: string): Promise<number | undefined> {
  let root: string;
  try {
    root = await git.findRoot({ fs, filepath: dir });
  } catch {
    return undefined;
  }
  try {
    const oid = await git.resolveRef({ fs, dir: root, ref: 'HEAD' });
    const { commit } = await git.readCommit({ fs, dir: root, oid });
    return commit.committer.timestamp;
  } catch {
    return undefined;
  }
}
