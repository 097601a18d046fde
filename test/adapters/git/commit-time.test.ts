// The default serial of `apply books`: the committer time of HEAD, read with
// isomorphic-git from a repository made by the git CLI.

import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { headCommitSeconds } from '../../../compiler/adapters/git/commit-time.js';

const dir = mkdtempSync(path.join(tmpdir(), 'diene-git-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function git(cwd: string, committed: number, ...args: string[]): void {
  const env = { ...process.env, GIT_AUTHOR_NAME: 't', GIT_AUTHOR_EMAIL: 't@example.org', GIT_COMMITTER_NAME: 't', GIT_COMMITTER_EMAIL: 't@example.org' };
  execFileSync('git', ['-C', cwd, ...args], {
    env: { ...env, GIT_AUTHOR_DATE: '@1000000000 +0200', GIT_COMMITTER_DATE: `@${committed} +0200` },
    stdio: 'pipe',
  });
}

describe('headCommitSeconds', () => {
  it('is undefined outside a repository and in a repository without a commit', async () => {
    const plain = path.join(dir, 'plain');
    mkdirSync(plain);
    expect(await headCommitSeconds(plain)).toBeUndefined();
    const empty = path.join(dir, 'empty');
    mkdirSync(empty);
    git(empty, 0, 'init', '-q');
    expect(await headCommitSeconds(empty)).toBeUndefined();
  });

  it('is the committer time (not the author time) of HEAD, from a subdirectory too', async () => {
    const repo = path.join(dir, 'repo');
    mkdirSync(path.join(repo, 'fleet', 'registry'), { recursive: true });
    git(repo, 0, 'init', '-q');
    writeFileSync(path.join(repo, 'fleet', 'registry', 'fleet.yaml'), 'example: true\n');
    git(repo, 1796000000, 'add', '.');
    git(repo, 1796000000, 'commit', '-q', '-m', 'one');
    writeFileSync(path.join(repo, 'fleet', 'registry', 'fleet.yaml'), 'example: false\n');
    git(repo, 1796000300, 'commit', '-q', '-am', 'two');
    expect(await headCommitSeconds(path.join(repo, 'fleet'))).toBe(1796000300);
    git(repo, 1796000300, 'checkout', '-q', 'HEAD~1');
    expect(await headCommitSeconds(repo)).toBe(1796000000);
  });
});
