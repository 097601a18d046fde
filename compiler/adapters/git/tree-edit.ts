/**
 * Reading and editing one commit's tree with isomorphic-git's object API, with
 * no working tree and no index: read a file or list a folder at a commit, and
 * write a new commit that differs from its parent by some files. Used by the
 * write door (`diene claim set-paths`) on a temporary clone or a local repo.
 */
import fs from 'node:fs';
import type { CommitObject, TreeEntry } from 'isomorphic-git';
import { git } from './isomorphic.js';
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

/** One file a commit writes (`text`) or removes (`text` `null`), by its `/`-separated path from the repository's top. */
export interface FileChange {
  path: string;
  text: string | null;
}

/** A change below a folder: the rest of its path (never empty) and its blob, `null` to remove. */
type TreeChange = { segments: readonly string[]; blob: string | null };

/**
 * Writes the tree `treeOid` with `changes` applied (a blob set, creating
 * folders as needed, or removed, dropping folders left empty); returns the
 * new tree's oid, or `undefined` when the tree ends up empty.
 */
async function applyChanges(store: ObjectStore, treeOid: string | undefined, changes: readonly TreeChange[]): Promise<string | undefined> {
  const entries = new Map((await treeEntries(store, treeOid)).map((entry) => [entry.path, entry]));
  const below = new Map<string, TreeChange[]>();
  for (const change of changes) {
    const [name, ...rest] = change.segments as [string, ...string[]];
    if (rest.length === 0) {
      if (change.blob === null) entries.delete(name);
      else entries.set(name, { mode: '100644', path: name, oid: change.blob, type: 'blob' });
    } else below.set(name, [...(below.get(name) ?? []), { segments: rest, blob: change.blob }]);
  }
  for (const [name, inner] of below) {
    const existing = entries.get(name);
    const oid = await applyChanges(store, existing?.type === 'tree' ? existing.oid : undefined, inner);
    if (oid === undefined) entries.delete(name);
    else entries.set(name, { mode: '040000', path: name, oid, type: 'tree' });
  }
  if (entries.size === 0) return undefined;
  return git.writeTree({ fs, gitdir: store.gitdir, tree: [...entries.values()] });
}

/** Metadata that would corrupt a commit reached {@link writeCommitWithFiles}: a bug of the caller, which checks it first. */
export class CommitMetadataError extends Error {}

/** Author and committer of a write. */
export interface Signature {
  name: string;
  email: string;
}

/**
 * Writes one commit whose tree is `parent`'s with every change applied (a
 * file written or removed); returns its oid. Nothing but objects is written
 * (no ref moves). Throws, before writing anything, on metadata that would
 * corrupt the commit (a line break in the name, say: the caller checks it
 * first; see `commitMetadataProblems` in plan/claim-paths.ts).
 */
export async function writeCommitWithFiles(
  store: ObjectStore,
  parent: string,
  changes: readonly FileChange[],
  message: string,
  who: Signature,
): Promise<string> {
  const problem = commitMetadataProblems({ ...who, message })[0];
  if (problem) throw new CommitMetadataError(`refusing to write a commit whose ${problem.field} is ${JSON.stringify(problem.value)} (${problem.problem})`);
  const { commit } = await git.readCommit({ fs, gitdir: store.gitdir, cache: store.cache, oid: parent });
  const blobs: TreeChange[] = [];
  for (const change of changes) {
    const blob = change.text === null ? null : await git.writeBlob({ fs, gitdir: store.gitdir, blob: Buffer.from(change.text, 'utf8') });
    blobs.push({ segments: change.path.split('/'), blob });
  }
  // An empty tree is still a tree: git writes it for a commit that removes every file.
  const tree = (await applyChanges(store, commit.tree, blobs)) ?? (await git.writeTree({ fs, gitdir: store.gitdir, tree: [] }));
  const now = Math.floor(Date.now() / 1000);
  const signature = { ...who, timestamp: now, timezoneOffset: 0 };
  const object: CommitObject = { message, tree, parent: [parent], author: signature, committer: signature };
  return git.writeCommit({ fs, gitdir: store.gitdir, commit: object });
}

/** Every file (blob) under `filepath` at `commit`, as `/`-separated paths from the repository's top, sorted; empty when there is no such folder. */
export async function listFilesAt(store: ObjectStore, commit: string, filepath: string): Promise<string[]> {
  const found: string[] = [];
  const walk = async (tree: readonly TreeEntry[], prefix: string): Promise<void> => {
    for (const entry of tree) {
      const at = `${prefix}/${entry.path}`;
      if (entry.type === 'tree') await walk((await git.readTree({ fs, gitdir: store.gitdir, cache: store.cache, oid: entry.oid })).tree, at);
      else if (entry.type === 'blob') found.push(at);
    }
  };
  try {
    const { tree } = await git.readTree({ fs, gitdir: store.gitdir, cache: store.cache, oid: commit, filepath });
    await walk(tree, filepath);
  } catch (error) {
    if (isNotFound(error)) return [];
    throw error;
  }
  return found.sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
}
