// One commit that writes some files and removes others (the write door's claim
// and outputs), read back with the real git binary.

import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { writeCommitWithFiles } from '../../../compiler/adapters/git/tree-edit.js';
import { git, hasGit } from '../../support/git-fleet.js';
import { skippedBecause, skipUnlessPresent } from '../../support/required.js';

const skipReason = hasGit() ? undefined : 'git is not installed (Debian package git)';

describe.skipIf(skipUnlessPresent(skipReason))(`writeCommitWithFiles${skippedBecause(skipReason)}`, () => {
  let repo: string;
  beforeEach(() => {
    repo = mkdtempSync(path.join(tmpdir(), 'diene-tree-edit-'));
    git(repo, 'init', '-q', '-b', 'main');
    for (const [file, text] of Object.entries({ 'claims/domains/a.json': '{}\n', 'generated/x/old.json': 'old\n', 'generated/keep.json': 'keep\n' })) {
      mkdirSync(path.dirname(path.join(repo, file)), { recursive: true });
      writeFileSync(path.join(repo, file), text);
    }
    git(repo, 'add', '-A');
    git(repo, 'commit', '-q', '-m', 'seed');
  });
  afterEach(() => rmSync(repo, { recursive: true, force: true }));

  it('writes, adds and removes files in one commit on top of the parent, dropping a folder left empty', async () => {
    const parent = git(repo, 'rev-parse', 'main').trim();
    const commit = await writeCommitWithFiles(
      { gitdir: path.join(repo, '.git'), cache: {} },
      parent,
      [
        { path: 'claims/domains/a.json', text: '{"paths": {}}\n' },
        { path: 'generated/x/old.json', text: null },
        { path: 'generated/y/new.json', text: 'new\n' },
      ],
      'claim and outputs\n',
      { name: 'ci-bot', email: 'ci-bot@diene.invalid' },
    );
    expect(git(repo, 'rev-parse', `${commit}~1`).trim()).toBe(parent);
    expect(git(repo, 'ls-tree', '-r', '--name-only', commit).trim().split('\n')).toEqual([
      'claims/domains/a.json',
      'generated/keep.json',
      'generated/y/new.json',
    ]);
    expect(git(repo, 'show', `${commit}:claims/domains/a.json`)).toBe('{"paths": {}}\n');
    expect(git(repo, 'show', `${commit}:generated/y/new.json`)).toBe('new\n');
    expect(git(repo, 'fsck', '--strict', '--no-dangling').trim()).toBe('');
  });
});
