/**
 * A fleet kept in a subfolder of its git repository (fleet.yaml `git.path`):
 * the fleet's files committed under that folder of a real repository, beside
 * a sibling fleet and a row at the repository root that must never be read,
 * so a test sees where the engines' paths land with git's own listing.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { git } from './git-fleet.js';

/** A pinned row no path of the subfolder fleet may name: at the repository root and in a sibling fleet. */
export const DECOY_ROW = 'pin:\n  chart: "9.9.9"\n  image: "9.9.9"\n';

export interface FleetMonorepo {
  /** The work tree: the repository's root. */
  root: string;
  /** The files git tracks on `main`, path from the repository root → text (what Argo CD's `git ls-files` sees). */
  trackedFiles(): Map<string, string>;
  cleanup(): void;
}

/** A repository whose `main` holds `texts` (fleet-relative paths) under `folder`, plus the decoy rows, in one commit. */
export function makeFleetMonorepo(texts: ReadonlyMap<string, string>, folder: string): FleetMonorepo {
  const root = mkdtempSync(path.join(tmpdir(), 'diene-monorepo-'));
  const files = new Map<string, string>([
    ...[...texts].map(([file, text]): [string, string] => [`${folder}/${file}`, text]),
    ['platforms/nitroso/tin/pichu.yaml', DECOY_ROW],
    ['fleets/sibling/platforms/nitroso/tin/pichu.yaml', DECOY_ROW],
    ['README.md', '# the platform team monorepo\n'],
  ]);
  for (const [file, text] of files) {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), text);
  }
  git(root, 'init', '-q', '-b', 'main');
  git(root, 'add', '-A');
  git(root, 'commit', '-q', '-m', 'a fleet in a subfolder');
  return {
    root,
    trackedFiles: () =>
      new Map(
        git(root, 'ls-files', '-z')
          .split('\0')
          .filter((file) => file !== '')
          .map((file): [string, string] => [file, readFileSync(path.join(root, file), 'utf8')]),
      ),
    cleanup: () => rmSync(root, { recursive: true, force: true }),
  };
}

/** `fleetYaml` with `git.path: <folder>` added to its `git:` flow mapping. */
export function withGitPath(fleetYaml: string, folder: string): string {
  const edited = fleetYaml.replace(/^git: \{ ?repoURL: ([^,]+), branch: ([^ }]+) ?\}/m, `git: { repoURL: $1, branch: $2, path: ${folder} }`);
  if (edited === fleetYaml) throw new Error('the fleet.yaml has no git: { repoURL, branch } line to add a path to');
  return edited;
}
