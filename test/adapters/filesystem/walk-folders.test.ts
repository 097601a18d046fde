/**
 * The reader's walk (compiler/adapters/filesystem/walk-folders.ts) replaced
 * fast-glob for speed; it must list exactly what fast-glob lists with the
 * options the reader gave it (`dot: false`, `onlyFiles: false`,
 * `followSymbolicLinks: false`, `unique: true`), entry by entry and kind by
 * kind, on trees holding every awkward entry a fleet folder can hold.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import fg from 'fast-glob';
import { afterAll, describe, expect, it } from 'vitest';
import { walkFolders, type FolderScope } from '../../../compiler/adapters/filesystem/walk-folders.js';
import { readFleetTexts, writeTempFleet } from '../../support/fleet-fixture.js';

type Kind = 'file' | 'directory' | 'link' | 'fifo' | 'other';
const kindOf = (dirent: { isFile(): boolean; isDirectory(): boolean; isSymbolicLink(): boolean; isFIFO(): boolean }): Kind =>
  dirent.isSymbolicLink() ? 'link' : dirent.isDirectory() ? 'directory' : dirent.isFile() ? 'file' : dirent.isFIFO() ? 'fifo' : 'other';

/** The glob the reader gave fast-glob for a scope. */
const globOf = (scope: FolderScope): string => `${scope.folder}/${scope.depth === 'all' ? '**/*' : '*'}`;

async function byFastGlob(root: string, scopes: readonly FolderScope[]): Promise<string[]> {
  const entries = await fg(scopes.map(globOf), { cwd: root, dot: false, onlyFiles: false, followSymbolicLinks: false, unique: true, objectMode: true });
  return entries.map((entry) => `${entry.path} ${kindOf(entry.dirent)}`).sort();
}

const byWalk = (root: string, scopes: readonly FolderScope[]): string[] =>
  walkFolders(root, scopes)
    .map((entry) => `${entry.path} ${kindOf(entry.dirent)}`)
    .sort();

const made: string[] = [];
afterAll(() => {
  for (const dir of made) rmSync(dir, { recursive: true, force: true });
});

/** A tree with hidden files and folders, links to files, folders, nowhere and out of the tree, a FIFO, empty and deep folders. */
function awkwardTree(): string {
  const root = mkdtempSync(path.join(tmpdir(), 'diene-walk-'));
  made.push(root);
  const file = (relative: string, text = 'a: 1\n') => {
    mkdirSync(path.dirname(path.join(root, relative)), { recursive: true });
    writeFileSync(path.join(root, relative), text);
  };
  file('registry/fleet.yaml');
  file('registry/landscapes/tin.yaml');
  file('registry/.hidden.yaml');
  file('registry/.git/config');
  file('registry/deep/a/b/c/d/e.yaml');
  mkdirSync(path.join(root, 'registry', 'empty'), { recursive: true });
  file('platforms/nitroso/platform.yaml');
  file('platforms/nitroso/tin/pichu.yaml');
  file('platforms/nitroso/.draft/pichu.yaml');
  file('platforms/aldehyde/platform.yaml');
  file('platforms/stray.txt');
  file('claims/domains/a.json', '{}');
  file('outside/secret.yaml');
  symlinkSync(path.join(root, 'outside'), path.join(root, 'registry', 'linked-folder'));
  symlinkSync(path.join(root, 'outside', 'secret.yaml'), path.join(root, 'registry', 'linked-file.yaml'));
  symlinkSync(path.join(root, 'nowhere'), path.join(root, 'registry', 'dangling.yaml'));
  symlinkSync('/etc', path.join(root, 'platforms', 'nitroso', 'etc'));
  symlinkSync(path.join(root, 'platforms', 'aldehyde'), path.join(root, 'platforms', 'linked-platform'));
  execFileSync('mkfifo', [path.join(root, 'platforms', 'nitroso', 'tin', 'pipe.yaml')]);
  // `carbon` is missing.
  return root;
}

const EVERY_FOLDER: FolderScope[] = ['registry', 'state', 'platforms', 'claims', 'carbon'].map((folder) => ({ folder, depth: 'all' }));
const RENDER: FolderScope[] = [
  { folder: 'registry', depth: 'all' },
  { folder: 'state', depth: 'all' },
  { folder: 'carbon', depth: 'all' },
  { folder: 'platforms', depth: 'children' },
  { folder: 'platforms/nitroso', depth: 'all' },
  { folder: 'platforms/aldehyde', depth: 'all' },
];

describe('walkFolders lists what fast-glob lists', () => {
  it('on a tree of awkward entries: every input folder whole', async () => {
    const root = awkwardTree();
    const walked = byWalk(root, EVERY_FOLDER);
    expect(walked).toEqual(await byFastGlob(root, EVERY_FOLDER));
    // What the comparison covers (so it cannot pass on two empty lists).
    expect(walked).toContain('registry/deep/a/b/c/d/e.yaml file');
    expect(walked).toContain('registry/linked-folder link');
    expect(walked).toContain('registry/dangling.yaml link');
    expect(walked).toContain('platforms/nitroso/tin/pipe.yaml fifo');
    expect(walked).toContain('registry/empty directory');
    expect(walked.filter((entry) => entry.includes('/.') || entry.startsWith('outside/'))).toEqual([]);
    expect(walked.filter((entry) => entry.startsWith('registry/linked-folder/'))).toEqual([]);
  });

  it("on a tree of awkward entries: render's scopes (children of platforms/, two platforms whole)", async () => {
    const root = awkwardTree();
    const walked = byWalk(root, RENDER);
    expect(walked).toEqual(await byFastGlob(root, RENDER));
    expect(walked).toContain('platforms/linked-platform link');
    expect(walked).toContain('platforms/stray.txt file');
    expect(walked.filter((entry) => entry.startsWith('claims/'))).toEqual([]);
  });

  it('lists nothing under a scope whose folder is a file (fast-glob threw ENOTDIR there)', async () => {
    const root = awkwardTree();
    writeFileSync(path.join(root, 'carbon'), 'not a folder\n');
    await expect(byFastGlob(root, EVERY_FOLDER)).rejects.toThrow(/ENOTDIR/);
    expect(byWalk(root, EVERY_FOLDER)).toEqual(
      byWalk(
        root,
        EVERY_FOLDER.filter((scope) => scope.folder !== 'carbon'),
      ),
    );
  });

  it('on the reference fleet', async () => {
    const fleet = writeTempFleet(readFleetTexts());
    try {
      const walked = byWalk(fleet.dir, EVERY_FOLDER);
      expect(walked.length).toBeGreaterThan(40);
      expect(walked).toEqual(await byFastGlob(fleet.dir, EVERY_FOLDER));
    } finally {
      fleet.cleanup();
    }
  });
});
