// The write door's git adapter, step by step: a snapshot of the branch, then a
// compare-and-swap that refuses to move the branch once another writer moved
// it (for an HTTP remote, and for a local repository, whose swap also waits
// for git's own ref lock). Checked with the real git binary.

import { writeFileSync, unlinkSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openClaimRepo } from '../../../compiler/adapters/git/claim-repo.js';
import { git, hasGit, landCommit, makeGitFleet, showFile, type GitFleet } from '../../support/git-fleet.js';
import { gitHttpBackend, startGitHttpServer, type GitHttpServer } from '../../support/git-http-server.js';
import { skipUnlessPresent } from '../../support/required.js';

const WHO = { name: 'tester', email: 'tester@diene.invalid' };
const FILE = 'claims/new/api.tin.nitroso.pikachu.cluster.atomi.cloud.json';

describe.skipIf(skipUnlessPresent(!hasGit() || !gitHttpBackend() ? 'git with http-backend (Debian package git)' : undefined))('claim repo over HTTP', () => {
  let fleet: GitFleet;
  let server: GitHttpServer;
  beforeEach(async () => {
    fleet = makeGitFleet();
    server = await startGitHttpServer(fleet.root);
  });
  afterEach(async () => {
    await server.close();
    fleet.cleanup();
  });

  it('refuses to move a branch that moved after the snapshot, then lands on a fresh snapshot', async () => {
    const repo = await openClaimRepo(`${server.url}/fleet.git`, 'main');
    try {
      const first = await repo.snapshot();
      expect(first.commit).toBe(git(fleet.bare, 'rev-parse', 'main').trim());
      expect(await first.readFile('registry/fleet.yaml')).toContain('cluster.atomi.cloud');
      expect(await first.readFile('nope.txt')).toBeUndefined();
      expect(await first.listFolders('carbon')).toEqual(['aldehyde', 'mercury', 'nitroso']);
      expect(await first.listFolders('nope')).toEqual([]);

      landCommit(fleet.bare, 'other.txt', 'x\n', 'another writer');
      const moved = git(fleet.bare, 'rev-parse', 'main').trim();
      expect(await repo.commitFile(first, FILE, '{}\n', 'lost the race', WHO)).toEqual({ ok: false, reason: 'moved' });
      expect(git(fleet.bare, 'rev-parse', 'main').trim()).toBe(moved);

      const second = await repo.snapshot();
      expect(second.commit).toBe(moved);
      const result = await repo.commitFile(second, FILE, '{}\n', 'won', WHO);
      expect(result.ok).toBe(true);
      expect(git(fleet.bare, 'rev-parse', 'main').trim()).toBe(result.ok ? result.commit : '');
      expect(git(fleet.bare, 'rev-parse', 'main~1').trim()).toBe(moved);
      expect(showFile(fleet.bare, FILE)).toBe('{}\n');
      expect(showFile(fleet.bare, 'other.txt')).toBe('x\n');
      git(fleet.bare, 'fsck', '--strict', '--no-dangling');
    } finally {
      await repo.close();
    }
  });
});

describe.skipIf(skipUnlessPresent(hasGit() ? undefined : 'git (Debian package git)'))('claim repo in a local folder', () => {
  let fleet: GitFleet;
  beforeEach(() => {
    fleet = makeGitFleet();
  });
  afterEach(() => fleet.cleanup());

  it("swaps the ref only from the commit it read, and waits out git's ref lock", async () => {
    const repo = await openClaimRepo(fleet.bare, 'main');
    const first = await repo.snapshot();
    landCommit(fleet.bare, 'other.txt', 'x\n', 'another writer');
    expect(await repo.commitFile(first, FILE, '{}\n', 'lost', WHO)).toEqual({ ok: false, reason: 'moved' });

    const second = await repo.snapshot();
    const lock = path.join(fleet.bare, 'refs', 'heads', 'main.lock');
    writeFileSync(lock, '');
    expect(await repo.commitFile(second, FILE, '{}\n', 'locked out', WHO)).toEqual({ ok: false, reason: 'moved' });
    expect(git(fleet.bare, 'rev-parse', 'main').trim()).toBe(second.commit);
    unlinkSync(lock);

    const result = await repo.commitFile(second, FILE, '{"a": 1}\n', 'won', WHO);
    expect(result.ok).toBe(true);
    expect(git(fleet.bare, 'log', '-1', '--format=%an <%ae> %s', 'main').trim()).toBe('tester <tester@diene.invalid> won');
    expect(showFile(fleet.bare, FILE)).toBe('{"a": 1}\n');
    git(fleet.bare, 'fsck', '--strict', '--no-dangling');
  });

  it('says when the branch does not exist', async () => {
    const repo = await openClaimRepo(fleet.bare, 'nope');
    await expect(repo.snapshot()).rejects.toThrow('branch "nope" does not exist');
  });
});
