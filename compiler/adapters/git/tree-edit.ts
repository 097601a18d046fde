/**
 * Reading and editing one commit's tree with isomorphic-git's object API, with
 * no working tree and no index: read a file or list a folder at a commit, and
 * write a new commit that differs from its parent by one file. Used by the
 * write door (`diene claim set-paths`) on a temporary clone or a local repo.
 */
import fs from 'node:fs';
import git, { type CommitObject, type TreeEntry } from 'isomorphic-git';
import { commitMetadataProblems } from '../../plan/claim-paths.js';

/** Where the repository's objects live (`gitdir`), with an isomorphic-git cache shared by the calls of one run. */
export interface ObjectStore {
  gitdir: string;
  cache: object;
}

function isNotFound(error: unknown): boolean {
  return error instanceof Error && ((error as { code?: string }).code === 'NotFoundError' || (error as { code?: string }).code === 'ObjectTypeError');
}

/** The text of `filepath` at `commit`, or `undefined` when there is no such file. Throws on other git errors. */
export async function readFileAt(store: ObjectStore, commit: string, filepath: string): Promise<string | undefined> {
  try {
    const { blob } = await git.readBlob({ fs, gitdir: store.gitdir, cache: store.cache, oid: commit, filepath });
    return Buffer.from(blob).toString('utf8');
  } catch (error) {
    if (isNotFound(error)) return undefined;
    throw error;
  }
}

/** The names of the sub-folders of `filepath` at `commit`, sorted; empty when there is no such folder. */
export async function listFoldersAt(store: ObjectStore, commit: string, filepath: string): Promise<string[]> {
  try {
    const { tree } = await git.readTree({ fs, gitdir: store.gitdir, cache: store.cache, oid: commit, filepath });
    return tree
      .filter((entry) => entry.type === 'tree')
      .map((entry) => entry.path)
      .sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  } catch (error) {
    if (isNotFound(error)) return [];
    throw error;
  }
}

async function treeEntries(store: ObjectStore, treeOid: string | undefined): Promise<TreeEntry[]> {
  if (treeOid === undefined) return [];
  const { tree } = await git.readTree({ fs, gitdir: store.gitdir, cache: store.cache, oid: treeOid });
  return tree;
}

/** Writes the tree `treeOid` with `segments` (a path) set to the blob `blobOid`, creating folders as needed; returns the new tree's oid. */
async function setBlob(store: ObjectStore, treeOid: string | undefined, segments: readonly string[], blobOid: string): Promise<string> {
  const [name, ...rest] = segments as [string, ...string[]];
  const entries = await treeEntries(store, treeOid);
  const existing = entries.find((entry) => entry.path === name);
  const entry: TreeEntry =
    rest.length === 0
      ? { mode: '100644', path: name, oid: blobOid, type: 'blob' }
      : { mode: '040000', path: name, oid: await setBlob(store, existing?.type === 'tree' ? existing.oid : undefined, rest, blobOid), type: 'tree' };
  const next = [...entries.filter((e) => e.path !== name), entry];
  return git.writeTree({ fs, gitdir: store.gitdir, tree: next });
}

/** Metadata that would corrupt a commit reached {@link writeCommitWithFile}: a bug of the caller, which checks it first. */
export class CommitMetadataError extends Error {}

/** Author and committer of a write. */
export interface Signature {
  name: string;
  email: string;
}

/**
 * Writes a commit whose tree is `parent`'s with `filepath` set to `text`;
 * returns its oid. Nothing but objects is written (no ref moves). Throws,
 * before writing anything, on metadata that would corrupt the commit (a line
 * break in the name, say: the caller checks it first; see
 * `commitMetadataProblems` in plan/claim-paths.ts).
 */
export async function writeCommitWithFile(
  store: ObjectStore,
  parent: string,
  filepath: string,
  text: string,
  message: string,
  who: Signature,
): Promise<string> {
  const problem = commitMetadataProblems({ ...who, message })[0];
  if (problem) throw new CommitMetadataError(`refusing to write a commit whose ${problem.field} is ${JSON.stringify(problem.value)} (${problem.problem})`);
  const { commit } = await git.readCommit({ fs, gitdir: store.gitdir, cache: store.cache, oid: parent });
  const blob = await git.writeBlob({ fs, gitdir: store.gitdir, blob: Buffer.from(text, 'utf8') });
  const tree = await setBlob(store, commit.tree, filepath.split('/'), blob);
  const now = Math.floor(Date.now() / 1000);
  const signature = { ...who, timestamp: now, timezoneOffset: 0 };
  const object: CommitObject = { message, tree, parent: [parent], author: signature, committer: signature };
  return git.writeCommit({ fs, gitdir: store.gitdir, commit: object });
}
