/**
 * Fleet repositories for the write-door tests: the reference fleet's inputs
 * committed into a bare repository (and clones of it) with the real `git`
 * binary, and helpers that read a branch back with it, so what the write
 * door did is checked by git itself, not by the library that did it.
 */
import { spawn, spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { REFERENCE_FLEET, REPO_ROOT } from './fleet-fixture.js';
import type { CliRun } from './run-cli.js';

/** The environment git and the CLI's git runs get in tests: no system or global config, a fixed author. */
export const GIT_ENV = {
  GIT_CONFIG_NOSYSTEM: '1',
  GIT_CONFIG_GLOBAL: '/dev/null',
  GIT_AUTHOR_NAME: 'seed',
  GIT_AUTHOR_EMAIL: 'seed@test.invalid',
  GIT_COMMITTER_NAME: 'seed',
  GIT_COMMITTER_EMAIL: 'seed@test.invalid',
};

/** Runs `git …args` in `cwd`; throws with git's stderr when it fails. */
export function git(cwd: string, ...args: string[]): string {
  const result = spawnSync('git', args, { cwd, encoding: 'utf8', env: { ...process.env, ...GIT_ENV } });
  if (result.status !== 0) throw new Error(`git ${args.join(' ')} failed: ${result.stderr}`);
  return result.stdout;
}

/** True when the `git` binary runs. */
export function hasGit(): boolean {
  return spawnSync('git', ['--version']).status === 0;
}

export interface GitFleet {
  /** Folder holding `fleet.git` (the project root of the HTTP server). */
  root: string;
  /** The bare repository. */
  bare: string;
  cleanup(): void;
}

/** A bare repository `fleet.git` whose `main` holds the reference fleet's inputs in one commit. */
export function makeGitFleet(): GitFleet {
  const root = mkdtempSync(path.join(tmpdir(), 'diene-git-fleet-'));
  const seed = path.join(root, 'seed');
  for (const folder of ['registry', 'state', 'platforms', 'claims', 'carbon'])
    cpSync(path.join(REFERENCE_FLEET, folder), path.join(seed, folder), { recursive: true });
  git(root, 'init', '-q', '-b', 'main', seed);
  git(seed, 'add', '-A');
  git(seed, 'commit', '-q', '-m', 'seed: the reference fleet');
  const bare = path.join(root, 'fleet.git');
  git(root, 'clone', '-q', '--bare', seed, bare);
  git(bare, 'config', 'http.receivepack', 'true');
  rmSync(seed, { recursive: true, force: true });
  return { root, bare, cleanup: () => rmSync(root, { recursive: true, force: true }) };
}

/** The text of `file` on `branch` of the repository at `gitdir`, or `undefined`. */
export function showFile(gitdir: string, file: string, branch = 'main'): string | undefined {
  const result = spawnSync('git', ['--git-dir', gitdir, 'show', `${branch}:${file}`], { encoding: 'utf8', env: { ...process.env, ...GIT_ENV } });
  return result.status === 0 ? result.stdout : undefined;
}

/** Number of commits on `branch`. */
export function commitCount(gitdir: string, branch = 'main'): number {
  return Number(git(gitdir, '--git-dir', gitdir, 'rev-list', '--count', branch).trim());
}

/** Lands a commit on `main` of the bare repository that writes `file` = `text`, through a throw-away clone and a real `git push`. */
export function landCommit(bare: string, file: string, text: string, message: string): void {
  landCommitWith(
    bare,
    (clone) => {
      mkdirSync(path.dirname(path.join(clone, file)), { recursive: true });
      writeFileSync(path.join(clone, file), text);
    },
    message,
  );
}

function landCommitWith(bare: string, edit: (clone: string) => void, message: string): void {
  const work = mkdtempSync(path.join(tmpdir(), 'diene-git-other-'));
  try {
    git(work, 'clone', '-q', bare, 'w');
    const clone = path.join(work, 'w');
    edit(clone);
    git(clone, 'add', '-A');
    git(clone, 'commit', '-q', '-m', message);
    git(clone, 'push', '-q', 'origin', 'main');
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

/** Runs `diene …args` without blocking the event loop (so several can race, and the test's HTTP server keeps serving). */
export function runCliAsync(args: readonly string[], options: { cwd?: string; env?: Record<string, string> } = {}): Promise<CliRun> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [path.join(REPO_ROOT, 'bin', 'diene.js'), ...args], {
      cwd: options.cwd ?? REPO_ROOT,
      env: { ...process.env, GITHUB_ACTIONS: '', ...GIT_ENV, ...options.env },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
    child.on('close', (code) => resolve({ exitCode: code ?? -1, stdout, stderr }));
  });
}
