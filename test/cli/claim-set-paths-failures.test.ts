// The write door under hostile and broken conditions (issue 14), on a
// checked-out clone read back with the real `git`: an actor that forges a
// committer header and a trailer (the commit was written, the branch moved to
// it, git fsck refused it and every later call failed with an internal
// error), a branch whose newest commit or tree cannot be parsed, a working
// tree that cannot be written after the branch moved, a held index lock and a
// symbolic link in the working tree. Every failure exits 2 with a clear
// refusal and leaves the branch, the index, the working tree and git fsck's
// verdict exactly as they were. The run as user nobody is a bin/diene.js
// child; the others run the CLI's `main` in this process (runCliInProcess,
// held to the binary's bytes by test/cli/in-process.test.ts).

import { spawn, spawnSync } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Diagnostic } from '../../compiler/diagnostics/diagnostic.js';
import { NOBODY } from '../support/bounded-cli.js';
import { REPO_ROOT } from '../support/fleet-fixture.js';
import { hasGit, makeGitFleet, type GitFleet } from '../support/git-fleet.js';
import { skippedBecause, skipUnlessPresent } from '../support/required.js';
import { runCliInProcess } from '../support/run-cli.js';

const TIN = 'api.tin.nitroso.pikachu.cluster.atomi.cloud';
const ZINC = 'api.zinc.nitroso.pikachu.cluster.atomi.cloud';
const GIT_ENV = {
  GIT_CONFIG_NOSYSTEM: '1',
  GIT_CONFIG_GLOBAL: '/dev/null',
  GIT_AUTHOR_NAME: 'seed',
  GIT_AUTHOR_EMAIL: 'seed@test.invalid',
  GIT_COMMITTER_NAME: 'seed',
  GIT_COMMITTER_EMAIL: 'seed@test.invalid',
};
const asRoot = process.getuid?.() === 0;

const skipReason = hasGit() ? undefined : 'git is not installed (Debian package git)';

/** `git …args` in `cwd` (any owner: the clone may belong to user nobody); its exit status and output. */
function gitRun(cwd: string, args: readonly string[], input?: string): { status: number | null; stdout: string; stderr: string } {
  const run = spawnSync('git', ['-c', 'safe.directory=*', ...args], {
    cwd,
    encoding: 'utf8',
    env: { ...process.env, ...GIT_ENV },
    ...(input !== undefined ? { input } : {}),
  });
  return { status: run.status, stdout: run.stdout, stderr: run.stderr };
}

function git(cwd: string, ...args: string[]): string {
  const run = gitRun(cwd, args);
  if (run.status !== 0) throw new Error(`git ${args.join(' ')} failed: ${run.stderr}`);
  return run.stdout;
}

/** What a failed write must leave as it was: the branch's commit, the index, the working tree's status, and git fsck's verdict. */
function repositoryState(clone: string): Record<string, unknown> {
  const fsck = gitRun(clone, ['fsck', '--strict', '--no-dangling', '--no-progress']);
  return {
    main: git(clone, 'rev-parse', 'main').trim(),
    index: git(clone, 'ls-files', '--stage'),
    status: git(clone, 'status', '--porcelain', '--untracked-files=all'),
    fsck: { status: fsck.status, output: fsck.stdout + fsck.stderr },
  };
}

interface Run {
  exitCode: number | null;
  stdout: string;
  stderr: string;
}

/** `diene claim set-paths HOST --file … --repo clone …extra` with `env`, as user nobody when asked (and root). */
function setPaths(
  clone: string,
  host: string,
  paths: Record<string, string>,
  extra: readonly string[],
  options: { env?: Record<string, string>; asNobody?: boolean } = {},
): Promise<Run> {
  const file = path.join(path.dirname(clone), `paths-${Math.random().toString(36).slice(2)}.json`);
  writeFileSync(file, JSON.stringify({ paths }));
  chmodSync(file, 0o644);
  const asNobody = options.asNobody === true && asRoot;
  if (!asNobody)
    return runCliInProcess(['claim', 'set-paths', host, '--file', file, '--repo', clone, '--format', 'json', ...extra], {
      cwd: path.dirname(clone),
      env: { ...GIT_ENV, FORCE_COLOR: process.env['FORCE_COLOR'] ?? '', ...options.env },
    });
  return new Promise((resolve) => {
    const child = spawn(
      process.execPath,
      [path.join(REPO_ROOT, 'bin', 'diene.js'), 'claim', 'set-paths', host, '--file', file, '--repo', clone, '--format', 'json', ...extra],
      {
        cwd: path.dirname(clone),
        env: { ...process.env, GITHUB_ACTIONS: '', ...GIT_ENV, ...options.env },
        ...(asNobody ? { uid: NOBODY, gid: NOBODY } : {}),
      },
    );
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
    child.on('close', (exitCode) => resolve({ exitCode, stdout, stderr }));
  });
}

function diagnosticsOf(run: Run): Diagnostic[] {
  const start = run.stderr.indexOf('[');
  return start < 0 ? [] : (JSON.parse(run.stderr.slice(start, run.stderr.lastIndexOf(']') + 1)) as Diagnostic[]);
}

function expectRefusal(run: Run, code: string): Diagnostic {
  expect(run.stderr).not.toContain('internal error');
  expect(run.exitCode, run.stderr).toBe(2);
  expect(run.stdout).toBe('');
  const found = diagnosticsOf(run).find((d) => d.code === code);
  expect(found, run.stderr).toBeDefined();
  return found as Diagnostic;
}

describe.skipIf(skipUnlessPresent(skipReason))(`diene claim set-paths when something is wrong${skippedBecause(skipReason)}`, () => {
  let fleet: GitFleet;
  let clone: string;
  let scratch: string;
  beforeAll(() => {
    scratch = mkdtempSync(path.join(tmpdir(), 'diene-claim-failures-'));
    chmodSync(scratch, 0o755);
  });
  afterAll(() => rmSync(scratch, { recursive: true, force: true }));
  beforeEach(() => {
    fleet = makeGitFleet();
    clone = path.join(fleet.root, 'clone');
    git(fleet.root, 'clone', '-q', fleet.bare, clone);
  });
  afterEach(() => {
    spawnSync('chmod', ['-R', 'u+rwX', fleet.root]);
    fleet.cleanup();
  });

  it('refuses an actor that would forge a header or a trailer, before anything is read or written', async () => {
    const before = repositoryState(clone);
    const forged = 'evil\ncommitter mallory <mallory@example.com> 0 +0000\nSigned-off-by: the boss';
    const run = await setPaths(clone, TIN, { paulca: ZINC }, ['--actor', forged]);
    const refusal = expectRefusal(run, 'claim_commit_metadata_invalid');
    expect(refusal.message).toBe(
      `the commit author name ${JSON.stringify(forged)} (from --actor) cannot be written: it holds a line break (U+000A), which would start a header or a trailer of its own; nothing written`,
    );
    expect(refusal.file).toBeNull();
    for (const [actor, reason] of [
      ['one\rtwo', 'a line break (U+000D)'],
      ['ci-bot <ci@evil.example>', '"<" or ">"'],
      [' padded', 'white space'],
      ['rtl\u202eoverride', 'U+202E RIGHT-TO-LEFT OVERRIDE at character 4'],
      ['bell\u0007', 'a control character (U+0007)'],
      ['x'.repeat(257), 'longer than 256 characters'],
    ]) {
      const other = await setPaths(clone, TIN, { paulca: ZINC }, ['--actor', actor as string]);
      expect(expectRefusal(other, 'claim_commit_metadata_invalid').message).toContain(reason);
    }
    // An empty --actor is refused as every empty option value is, before the door looks at it.
    expectRefusal(await setPaths(clone, TIN, { paulca: ZINC }, ['--actor', '']), 'usage_option_value_missing');
    // From the environment too.
    const fromEnv = await setPaths(clone, TIN, { paulca: ZINC }, [], { env: { DIENE_ACTOR: forged } });
    expectRefusal(fromEnv, 'claim_commit_metadata_invalid');
    expect(repositoryState(clone)).toEqual(before);

    // The repository is sound: the next write lands, with a well-formed author.
    const good = await setPaths(clone, TIN, { paulca: ZINC }, ['--actor', 'Zoë Ops-Bot (CI)']);
    expect(good.exitCode, good.stderr).toBe(0);
    expect(git(clone, 'log', '-1', '--format=%an <%ae>%n%(trailers:key=actor)', 'main')).toBe(
      'Zoë Ops-Bot (CI) <zo-ops-bot-ci@diene.invalid>\nactor: Zoë Ops-Bot (CI)\n\n',
    );
    git(clone, 'fsck', '--strict', '--no-dangling');
    expect(git(clone, 'status', '--porcelain')).toBe('');
  });

  it('refuses an actor holding an invisible format character, naming where it came from, the character and its place', async () => {
    const before = repositoryState(clone);
    const refusal = expectRefusal(await setPaths(clone, TIN, { paulca: ZINC }, ['--actor', 'ci\u200bbot']), 'claim_commit_metadata_invalid');
    expect(refusal.message).toBe(
      'the commit author name "ci\\u200bbot" (from --actor) cannot be written: it holds U+200B ZERO WIDTH SPACE at character 3, an invisible format character (Unicode category Cf): git log shows it as nothing or reorders the text around it, so one name could pass for another; nothing written',
    );
    expect(refusal.hint).toMatch(/^give --actor a plain name on one line, without .*invisible format characters/);
    // Every character of Unicode category Cf, wherever it stands, and from either environment variable.
    for (const [actor, named] of [
      ['ci\u200cbot', 'U+200C ZERO WIDTH NON-JOINER at character 3'],
      ['ci-bot\u200d', 'U+200D ZERO WIDTH JOINER at character 7'],
      ['\u2060cibot', 'U+2060 WORD JOINER at character 1'],
      ['ci\ufeffbot', 'U+FEFF ZERO WIDTH NO-BREAK SPACE at character 3'],
      ['ci\u00adbot', 'U+00AD SOFT HYPHEN at character 3'],
      ['ci\u202abot', 'U+202A LEFT-TO-RIGHT EMBEDDING at character 3'],
      ['ci\u2066bot\u2069', 'U+2066 LEFT-TO-RIGHT ISOLATE at character 3'],
      ['Zoë\u{e0041}', 'U+E0041 (a format character, Unicode category Cf) at character 4'],
    ]) {
      const other = await setPaths(clone, TIN, { paulca: ZINC }, ['--actor', actor as string]);
      expect(expectRefusal(other, 'claim_commit_metadata_invalid').message).toContain(`it holds ${named},`);
    }
    const fromEnv = expectRefusal(await setPaths(clone, TIN, { paulca: ZINC }, [], { env: { DIENE_ACTOR: 'ci\u2060bot' } }), 'claim_commit_metadata_invalid');
    expect(fromEnv.message).toContain(
      '"ci\\u2060bot" (from the environment variable DIENE_ACTOR) cannot be written: it holds U+2060 WORD JOINER at character 3',
    );
    expect(fromEnv.hint).toMatch(/^give DIENE_ACTOR \(or pass --actor, which comes first\) a plain name/);
    const fromUser = expectRefusal(await setPaths(clone, TIN, { paulca: ZINC }, [], { env: { USER: 'ci\u200bbot' } }), 'claim_commit_metadata_invalid');
    expect(fromUser.message).toContain('"ci\\u200bbot" (from the environment variable USER)');
    expect(repositoryState(clone)).toEqual(before);
  });

  it('refuses a branch whose newest commit cannot be parsed, touches nothing, and writes once it is repaired', async () => {
    const good = git(clone, 'rev-parse', 'main').trim();
    const tree = git(clone, 'rev-parse', 'main^{tree}').trim();
    // The commit an older diene wrote for a forged actor: no e-mail on the author line, an injected committer.
    const forged = gitRun(
      clone,
      ['hash-object', '-t', 'commit', '--literally', '-w', '--stdin'],
      `tree ${tree}\nparent ${good}\nauthor evil\ncommitter mallory <m@example.com> 0 +0000\nSigned-off-by: boss <evil@diene.invalid> 1796096692 +0000\ncommitter evil\n\nclaim: set 1 prefix\n`,
    ).stdout.trim();
    git(clone, 'update-ref', 'refs/heads/main', forged);
    const before = repositoryState(clone);
    expect(before['fsck']).not.toEqual({ status: 0, output: '' });
    for (let attempt = 0; attempt < 2; attempt++) {
      const run = await setPaths(clone, TIN, { paulca: ZINC }, ['--actor', 'ci-bot']);
      const refusal = expectRefusal(run, 'claim_branch_unreadable');
      expect(refusal.message).toMatch(new RegExp(`^the branch "main" of .* names the commit ${forged.slice(0, 12)}, which cannot be parsed; nothing written$`));
      expect(refusal.hint).toContain('git update-ref refs/heads/main <commit>');
      expect(repositoryState(clone)).toEqual(before);
    }
    git(clone, 'update-ref', 'refs/heads/main', good);
    git(clone, 'reflog', 'expire', '--expire-unreachable=now', '--all');
    git(clone, 'prune', '--expire=now');
    const repaired = await setPaths(clone, TIN, { paulca: ZINC }, ['--actor', 'ci-bot']);
    expect(repaired.exitCode, repaired.stderr).toBe(0);
    git(clone, 'fsck', '--strict', '--no-dangling');
    expect(git(clone, 'status', '--porcelain')).toBe('');
  });

  it('refuses a branch whose tree cannot be parsed', async () => {
    const garbage = gitRun(clone, ['hash-object', '-t', 'tree', '--literally', '-w', '--stdin'], 'this is not a tree\n').stdout.trim();
    const commit = gitRun(
      clone,
      ['hash-object', '-t', 'commit', '-w', '--stdin'],
      `tree ${garbage}\nparent ${git(clone, 'rev-parse', 'main').trim()}\nauthor a <a@b.c> 0 +0000\ncommitter a <a@b.c> 0 +0000\n\nbroken tree\n`,
    ).stdout.trim();
    // On a branch of its own: git itself cannot check out such a commit.
    git(clone, 'update-ref', 'refs/heads/rows', commit);
    const before = { ...repositoryState(clone), rows: git(clone, 'rev-parse', 'rows').trim() };
    const run = await setPaths(clone, TIN, { paulca: ZINC }, ['--actor', 'ci-bot', '--branch', 'rows']);
    expect(expectRefusal(run, 'claim_branch_object_unreadable').message).toMatch(
      /^the branch "rows" of .* \(commit [0-9a-f]{12}\) holds the file registry\/fleet\.yaml that cannot be parsed; nothing written$/,
    );
    expect({ ...repositoryState(clone), rows: git(clone, 'rev-parse', 'rows').trim() }).toEqual(before);
  });

  it('puts the branch back and restores the file when the working tree cannot be written after the branch moved', async () => {
    // The claim folder cannot be written by the writer (user nobody, or a read-only folder): the branch moves first.
    const domains = path.join(clone, 'claims', 'domains');
    // Reading the state as root rewrites the index as root: hand the repository to the writer again after each read.
    const state = (): Record<string, unknown> => {
      const read = repositoryState(clone);
      if (asRoot) {
        spawnSync('chown', ['-R', `${NOBODY}:${NOBODY}`, fleet.root]);
        chownSync(domains, 0, 0);
        for (const file of readdirSync(domains)) chownSync(path.join(domains, file), 0, 0);
      } else {
        chmodSync(domains, 0o555);
        for (const file of readdirSync(domains)) chmodSync(path.join(domains, file), 0o444);
      }
      return read;
    };
    const before = state();
    for (const host of [ZINC, TIN]) {
      const run = await setPaths(clone, host, { fresh: TIN === host ? ZINC : TIN }, ['--actor', 'ci-bot'], { asNobody: true });
      const refusal = expectRefusal(run, 'claim_worktree_update_failed');
      expect(refusal.message).toMatch(
        new RegExp(
          `^cannot update claims/domains/${host.replace(/\./g, '\\.')}\\.json in the working tree .*: .*; the branch, the index and the file are as they were$`,
        ),
      );
      expect(state()).toEqual(before);
      expect(existsSync(path.join(clone, '.git', 'index.lock'))).toBe(false);
    }
  });

  it('waits for a held index lock, then refuses and leaves the lock to its owner', async () => {
    const lock = path.join(clone, '.git', 'index.lock');
    writeFileSync(lock, '');
    const before = repositoryState(clone);
    const run = await setPaths(clone, TIN, { paulca: ZINC }, ['--actor', 'ci-bot']);
    expect(expectRefusal(run, 'claim_worktree_locked').message).toBe(`${lock} exists: another git process is using the index of ${clone}; nothing written`);
    expect(existsSync(lock)).toBe(true);
    expect(repositoryState(clone)).toEqual(before);
    rmSync(lock);
    const after = await setPaths(clone, TIN, { paulca: ZINC }, ['--actor', 'ci-bot']);
    expect(after.exitCode, after.stderr).toBe(0);
    expect(existsSync(lock)).toBe(false);
  });

  it('refuses a symbolic link on the way in the working tree, and writes nothing where it points', async () => {
    const outside = path.join(scratch, 'outside');
    mkdirSync(outside, { recursive: true });
    const domains = path.join(clone, 'claims', 'domains');
    rmSync(domains, { recursive: true });
    symlinkSync(outside, domains);
    const before = repositoryState(clone);
    const run = await setPaths(clone, ZINC, { fresh: TIN }, ['--actor', 'ci-bot']);
    expect(expectRefusal(run, 'claim_worktree_blocked').message).toBe(
      `claims/domains is a symbolic link in the working tree of ${clone}, where claims/domains/${ZINC}.json goes; nothing written`,
    );
    expect(readdirSync(outside)).toEqual([]);
    expect(repositoryState(clone)).toEqual(before);
  });
});
