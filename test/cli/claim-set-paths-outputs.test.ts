// The write door keeps its branch green: when the fleet keeps its compiled
// outputs in git (generated/ with its manifest), `diene claim set-paths`
// commits the claim and every output the claim changes in one commit, so
// `diene compile --check` passes on the branch right after the write. Real
// git repositories, read back and checked out with the `git` binary; the
// fleet is larkspur (test/support/larkspur-fleet.ts), whose git.branch is
// `trunk`, so a write with no --branch lands there, not on `main`.

import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Diagnostic } from '../../compiler/diagnostics/diagnostic.js';
import { git, GIT_ENV, hasGit } from '../support/git-fleet.js';
import { gitHttpBackend, startGitHttpServer } from '../support/git-http-server.js';
import { larkspurBase } from '../support/larkspur-fleet.js';
import { runCliInProcess } from '../support/run-cli.js';
import { skippedBecause, skipUnlessPresent } from '../support/required.js';

const CART = 'api.cart.juniper.euprod.cluster.larkspur.io';
const CART_CLAIM = `claims/domains/${CART}.json`;
const PAY = 'api.pay.juniper.euprod.cluster.larkspur.io';
const TILL = 'api.till.juniper.euprod.cluster.larkspur.io';

const skipReason = !hasGit() ? 'git is not installed (Debian package git)' : !gitHttpBackend() ? 'git http-backend is missing (Debian package git)' : undefined;

function cli(args: readonly string[]) {
  return runCliInProcess(args, { env: { GITHUB_ACTIONS: '', ...GIT_ENV } });
}

function diagnosticsOf(stderr: string): Diagnostic[] {
  const start = stderr.indexOf('[');
  return start < 0 ? [] : (JSON.parse(stderr.slice(start, stderr.lastIndexOf(']') + 1)) as Diagnostic[]);
}

/** `git show --name-status` of `rev`'s commit: mark and path per file, sorted. */
function filesOf(repo: string, rev: string): string[] {
  return git(repo, 'show', '--format=', '--name-status', '--no-renames', rev)
    .trim()
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => line.replace(/\t/, ' '))
    .sort();
}

describe.skipIf(skipUnlessPresent(skipReason))(`diene claim set-paths with committed outputs${skippedBecause(skipReason)}`, () => {
  let root: string;
  let repo: string;
  let paths: string;
  beforeEach(() => {
    root = mkdtempSync(path.join(tmpdir(), 'diene-claim-outputs-'));
    repo = path.join(root, 'fleet');
    for (const [file, text] of Object.entries(larkspurBase())) {
      mkdirSync(path.dirname(path.join(repo, file)), { recursive: true });
      writeFileSync(path.join(repo, file), text);
    }
    paths = path.join(root, 'paths.json');
    // /pay now goes to till, and /receipts to pay: the route table of the cart host changes.
    writeFileSync(paths, JSON.stringify({ paths: { pay: TILL, receipts: PAY } }));
    git(root, 'init', '-q', '-b', 'main', repo);
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  /** Compiles the fleet into generated/ and commits everything on `main`, then branches `trunk` (the fleet's git.branch) from it. */
  async function seedWithOutputs(): Promise<void> {
    const compiled = await cli(['compile', '--fleet', repo]);
    expect(compiled.exitCode, compiled.stderr).toBe(0);
    git(repo, 'add', '-A');
    git(repo, 'commit', '-q', '-m', 'seed: larkspur, compiled');
    git(repo, 'branch', 'trunk');
  }

  it("commits the claim and the outputs it changes in one commit on the fleet's git.branch, and compile --check passes there", async () => {
    await seedWithOutputs();
    const mainBefore = git(repo, 'rev-parse', 'main').trim();
    const trunkBefore = git(repo, 'rev-parse', 'trunk').trim();
    const run = await cli(['claim', 'set-paths', CART, '--file', paths, '--repo', repo, '--actor', 'ci-bot']);
    expect(run.exitCode, run.stderr).toBe(0);
    const commit = run.stdout.trim();
    // No --branch: the fleet's git.branch (trunk), not main, which stays where it was.
    expect(git(repo, 'rev-parse', 'trunk').trim()).toBe(commit);
    expect(git(repo, 'rev-parse', 'main').trim()).toBe(mainBefore);
    expect(git(repo, 'rev-parse', `${commit}~1`).trim()).toBe(trunkBefore);
    expect(run.stderr).toContain(`on trunk with 3 outputs of generated/`);

    // Exactly the claim, euprod's route tables (JSON and SQL) and the manifest.
    const files = filesOf(repo, commit);
    expect(files).toEqual([`M ${CART_CLAIM}`, 'M generated/.diene-manifest.json', 'M generated/route-paths/euprod.json', 'M generated/route-paths/euprod.sql']);
    const message = git(repo, 'log', '-1', '--format=%B', commit);
    expect(message).toBe(
      [
        `claim: set 2 prefixes on ${CART}`,
        '',
        'actor: ci-bot',
        'account: juniper',
        'app: cart',
        `host: ${CART}`,
        'prefixes: 2',
        '',
        'outputs: 3 (diene compile, committed with the claim)',
        'M generated/.diene-manifest.json',
        'M generated/route-paths/euprod.json',
        'M generated/route-paths/euprod.sql',
        '',
        '',
      ].join('\n'),
    );

    // The branch checked out is green, and its route table sends /receipts to pay.
    git(repo, 'checkout', '-q', 'trunk');
    const check = await cli(['compile', '--fleet', repo, '--check']);
    expect(check.exitCode, check.stderr).toBe(0);
    const table = readFileSync(path.join(repo, 'generated', 'route-paths', 'euprod.json'), 'utf8');
    expect(table).toContain('"receipts"');
    expect(table).not.toContain('"till"');
  });

  it('updates the working tree and the index of the branch checked out, which then checks clean', async () => {
    await seedWithOutputs();
    git(repo, 'checkout', '-q', 'trunk');
    const run = await cli(['claim', 'set-paths', CART, '--file', paths, '--repo', repo, '--actor', 'ci-bot', '--branch', 'trunk']);
    expect(run.exitCode, run.stderr).toBe(0);
    expect(git(repo, 'status', '--porcelain').trim()).toBe('');
    const check = await cli(['compile', '--fleet', repo, '--check']);
    expect(check.exitCode, check.stderr).toBe(0);
  });

  it('commits only the claim when the fleet keeps no outputs in git', async () => {
    git(repo, 'add', '-A');
    git(repo, 'commit', '-q', '-m', 'seed: larkspur, no outputs');
    git(repo, 'branch', 'trunk');
    const run = await cli(['claim', 'set-paths', CART, '--file', paths, '--repo', repo, '--actor', 'ci-bot']);
    expect(run.exitCode, run.stderr).toBe(0);
    const commit = run.stdout.trim();
    expect(git(repo, 'rev-parse', 'trunk').trim()).toBe(commit);
    expect(filesOf(repo, commit)).toEqual([`M ${CART_CLAIM}`]);
    expect(git(repo, 'log', '-1', '--format=%B', commit)).not.toContain('outputs:');
  });

  it('commits nothing when the branch with the new claim does not compile, and says why from the catalog', async () => {
    await seedWithOutputs();
    // A row the schema refuses: the claim's own checks pass, the compile does not.
    git(repo, 'checkout', '-q', 'trunk');
    writeFileSync(path.join(repo, 'platforms/juniper/till/usprod.yaml'), 'pin:\n  chart: "2.3.0"\n  image: "2.3.0"\nbogus: 1\n');
    git(repo, 'commit', '-q', '-am', 'a broken row');
    git(repo, 'checkout', '-q', 'main');
    const before = git(repo, 'rev-parse', 'trunk').trim();
    const run = await cli(['claim', 'set-paths', CART, '--file', paths, '--repo', repo, '--actor', 'ci-bot', '--format', 'json']);
    expect(run.exitCode).toBe(2);
    expect(run.stdout).toBe('');
    expect(git(repo, 'rev-parse', 'trunk').trim()).toBe(before);
    const errors = diagnosticsOf(run.stderr).filter((d) => d.severity === 'error');
    expect(errors.map((d) => [d.code, d.file])).toEqual([['schema_unknown_property', 'platforms/juniper/till/usprod.yaml']]);
  });

  it("over HTTP, reads the fleet's git.branch from the remote's default branch and pushes the claim and its outputs there", async () => {
    await seedWithOutputs();
    const bare = path.join(root, 'fleet.git');
    git(root, 'clone', '-q', '--bare', repo, bare);
    git(bare, 'config', 'http.receivepack', 'true');
    const server = await startGitHttpServer(root);
    try {
      const before = git(bare, 'rev-parse', 'trunk').trim();
      const run = await cli(['claim', 'set-paths', CART, '--file', paths, '--repo', `${server.url}/fleet.git`, '--actor', 'ci-bot']);
      expect(run.exitCode, run.stderr).toBe(0);
      const commit = run.stdout.trim();
      expect(git(bare, 'rev-parse', 'trunk').trim()).toBe(commit);
      expect(git(bare, 'rev-parse', `${commit}~1`).trim()).toBe(before);
      expect(filesOf(bare, commit)).toEqual([
        `M ${CART_CLAIM}`,
        'M generated/.diene-manifest.json',
        'M generated/route-paths/euprod.json',
        'M generated/route-paths/euprod.sql',
      ]);
    } finally {
      await server.close();
    }
  });
});
