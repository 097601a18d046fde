/**
 * The hooks of .pre-commit-hooks.yaml, run by the real pre-commit tool
 * (Debian package pre-commit) offline: a hook repository made of this
 * repository's hook files, committed to a temporary git repository that a
 * fleet repository's .pre-commit-config.yaml names by path and commit, and
 * `pre-commit run --all-files` on a fresh, a stale and a broken fleet.
 */
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { parse, stringify } from 'yaml';
import { overlayTexts, readFleetTexts, REPO_ROOT, writeTempFleet } from '../support/fleet-fixture.js';
import { skippedBecause, skipUnlessPresent } from '../support/required.js';
import { runCli } from '../support/run-cli.js';

type Json = Record<string, any>;

const NOW = ['--now', '2026-11-21T00:00:00Z'];
const hooks = parse(readFileSync(path.join(REPO_ROOT, '.pre-commit-hooks.yaml'), 'utf8')) as Json[];
const missing = spawnSync('pre-commit', ['--version']).status === 0 ? undefined : 'pre-commit (Debian package pre-commit)';
const skip = skipUnlessPresent(missing);

const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup();
});

function temp(prefix: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), prefix));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

function git(cwd: string, ...args: string[]): string {
  const run = spawnSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@example.test', '-c', 'commit.gpgsign=false', ...args], { cwd, encoding: 'utf8' });
  expect(run.status, run.stderr).toBe(0);
  return run.stdout.trim();
}

/** The committed diene the hook repository's clone holds: the bin, the bundle it runs, and what the bundle reads. */
const OWN_DIENE = [
  'bin/diene.js',
  'bundle/diene.mjs',
  'bundle/LICENCES.txt',
  'package.json',
  ...readdirSync(path.join(REPO_ROOT, 'schemas'), { recursive: true })
    .map((f) => `schemas/${String(f)}`)
    .filter((f) => f.endsWith('.json')),
];

/**
 * A git repository holding this repository's hook files (the hooks file and every script its entries name), committed; returns it and the commit.
 * With `ownDiene`, also the committed diene (as pre-commit's clone of this repository holds it).
 */
function hookRepository(ownDiene = false): { repo: string; rev: string } {
  const repo = temp('diene-hooks-');
  const files = ['.pre-commit-hooks.yaml', ...new Set(hooks.map((h) => String(h.entry).split(' ')[0] as string)), ...(ownDiene ? OWN_DIENE : [])];
  for (const file of files) {
    mkdirSync(path.dirname(path.join(repo, file)), { recursive: true });
    copyFileSync(path.join(REPO_ROOT, file), path.join(repo, file));
  }
  git(repo, 'init', '-q');
  git(repo, 'add', ...files);
  git(repo, 'commit', '-qm', 'hooks');
  return { repo, rev: git(repo, 'rev-parse', 'HEAD') };
}

/** A fleet repository: the reference fleet (with `overlay`), compiled, and a config naming both hooks (each with `args`); all committed. */
function fleetRepository(hookRepo: { repo: string; rev: string }, overlay: Record<string, string | null> = {}, args: string[] = []): string {
  const fleet = writeTempFleet(overlayTexts(readFleetTexts(), overlay));
  cleanups.push(fleet.cleanup);
  runCli(['compile', '--fleet', fleet.dir, ...NOW]);
  writeFileSync(
    path.join(fleet.dir, '.pre-commit-config.yaml'),
    stringify({
      repos: [
        {
          repo: hookRepo.repo,
          rev: hookRepo.rev,
          hooks: [
            { id: 'diene-check', ...(args.length ? { args } : {}) },
            { id: 'diene-validate', ...(args.length ? { args } : {}) },
          ],
        },
      ],
    }),
  );
  git(fleet.dir, 'init', '-q');
  git(fleet.dir, 'add', '.');
  git(fleet.dir, 'commit', '-qm', 'fleet');
  return fleet.dir;
}

/** `pre-commit run --all-files` in `repo`, offline, with its own cache, diene from this repository's build. */
function preCommit(repo: string, home: string, withDiene = true): { status: number; output: string } {
  const run = spawnSync('pre-commit', ['run', '--all-files', '--color', 'never'], {
    cwd: repo,
    encoding: 'utf8',
    timeout: 180_000,
    env: {
      PATH: process.env['PATH'] ?? '/usr/bin:/bin',
      HOME: home,
      PRE_COMMIT_HOME: path.join(home, 'cache'),
      // the hook splits DIENE on spaces (these paths have none)
      ...(withDiene ? { DIENE: `${process.execPath} ${path.join(REPO_ROOT, 'bin', 'diene.js')}` } : {}),
      GIT_CONFIG_NOSYSTEM: '1',
    },
  });
  return { status: run.status ?? -1, output: run.stdout + run.stderr };
}

describe('.pre-commit-hooks.yaml', () => {
  it('declares diene-check and diene-validate as scripts of this repository that take no file names', () => {
    expect(hooks.map((h) => h.id)).toEqual(['diene-check', 'diene-validate']);
    for (const hook of hooks) {
      expect(hook.language).toBe('script');
      expect(hook.pass_filenames).toBe(false);
      expect(statSync(path.join(REPO_ROOT, String(hook.entry).split(' ')[0] as string)).mode & 0o111).not.toBe(0);
    }
    expect(spawnSync('sh', ['-n', path.join(REPO_ROOT, 'scripts', 'pre-commit-hook.sh')]).status).toBe(0);
    // the hooks run for a fleet at the repository's root or in a folder of it
    const check = new RegExp(hooks[0]?.files as string);
    expect(['generated/argocd/nitroso.yaml', 'fleets/prod/registry/fleet.yaml'].every((f) => check.test(f))).toBe(true);
    expect(check.test('README.md')).toBe(false);
  });

  it.skipIf(skip)(`pass on a fresh fleet, and diene-check fails on a stale one while diene-validate passes${skippedBecause(missing)}`, () => {
    const hookRepo = hookRepository();
    const home = temp('diene-pre-commit-home-');
    const repo = fleetRepository(hookRepo);
    const fresh = preCommit(repo, home);
    expect(fresh.status, fresh.output).toBe(0);
    expect(fresh.output).toMatch(/^diene compile --check\.+Passed$/m);
    expect(fresh.output).toMatch(/^diene validate\.+Passed$/m);

    writeFileSync(path.join(repo, 'generated', 'platforms', 'nitroso.yaml'), 'stale: true\n');
    git(repo, 'commit', '-qam', 'hand edit');
    const stale = preCommit(repo, home);
    expect(stale.status).toBe(1);
    expect(stale.output).toMatch(/^diene compile --check\.+Failed$/m);
    expect(stale.output).toContain('- exit code: 1');
    expect(stale.output).toContain('pre-commit: generated/ is stale');
    expect(stale.output).toMatch(/^diene validate\.+Passed$/m);
  });

  it.skipIf(skip)(`with no DIENE and no diene installed, run the hook repository's own committed bundle with node${skippedBecause(missing)}`, () => {
    const hookRepo = hookRepository(true);
    const repo = fleetRepository(hookRepo);
    // PATH: node, git and pre-commit, no diene
    expect(spawnSync('sh', ['-c', 'command -v diene'], { env: { PATH: process.env['PATH'] ?? '' } }).status).not.toBe(0);
    const home = temp('diene-pre-commit-home-');
    const fresh = preCommit(repo, home, false);
    expect(fresh.status, fresh.output).toBe(0);
    expect(fresh.output).toMatch(/^diene compile --check\.+Passed$/m);
    writeFileSync(path.join(repo, 'generated', 'platforms', 'nitroso.yaml'), 'stale: true\n');
    git(repo, 'commit', '-qam', 'hand edit');
    const stale = preCommit(repo, home, false);
    expect(stale.status).toBe(1);
    expect(stale.output).toContain('pre-commit: generated/ is stale');
  });

  it.skipIf(skip)(`diene-check says to move an untracked stray file under generated/, not only to compile${skippedBecause(missing)}`, () => {
    const repo = fleetRepository(hookRepository());
    writeFileSync(path.join(repo, 'generated', 'notes.txt'), 'mine\n');
    const stray = preCommit(repo, temp('diene-pre-commit-home-'));
    expect(stray.status).toBe(1);
    expect(stray.output).toMatch(/^diene compile --check\.+Failed$/m);
    expect(stray.output).toContain('foreign notes.txt  (diene did not write it)');
    expect(stray.output).toContain('`diene compile` refuses to remove or overwrite what diene did not write: restore or move it yourself');
    expect(stray.output).toContain('untracked files count: pre-commit leaves them in place');
  });

  it.skipIf(skip)(`with args: [--strict] both fail on the warnings the reference fleet passes with, exit 2${skippedBecause(missing)}`, () => {
    const repo = fleetRepository(hookRepository(), {}, ['--strict']);
    const strict = preCommit(repo, temp('diene-pre-commit-home-'));
    expect(strict.status).toBe(1);
    expect(strict.output).toMatch(/^diene compile --check\.+Failed$/m);
    expect(strict.output).toMatch(/^diene validate\.+Failed$/m);
    expect(strict.output).toContain('- exit code: 2');
    expect(strict.output).not.toContain('- exit code: 1');
    expect(strict.output).toMatch(/^0 errors, \d+ warnings — failed: --strict treats warnings as errors$/m);
    expect(strict.output).not.toContain('pre-commit: generated/ is stale');
  });

  it.skipIf(skip)(`both fail on a fleet with an error${skippedBecause(missing)}`, () => {
    const raichu = readFleetTexts().get('registry/landscapes/raichu.yaml') as string;
    const repo = fleetRepository(hookRepository(), { 'registry/landscapes/raichu.yaml': raichu.replace('region: SIN', 'region: XXX') });
    const broken = preCommit(repo, temp('diene-pre-commit-home-'));
    expect(broken.status).toBe(1);
    expect(broken.output).toMatch(/^diene compile --check\.+Failed$/m);
    expect(broken.output).toMatch(/^diene validate\.+Failed$/m);
    expect(broken.output).toContain('- exit code: 2');
    expect(broken.output).toMatch(/registry\/landscapes\/raichu\.yaml:\d+:\d+: error /);
  });
});

describe('the hook scripts without diene', () => {
  const scripts: [string, string[]][] = [
    ['scripts/pre-commit-hook.sh', ['check']],
    ['scripts/pre-commit-hook.sh', ['validate']],
    ['examples/pre-commit/pre-commit', []],
  ];
  /** A staged fleet repository (the example hook checks only commits touching the fleet). */
  function stagedFleet(): string {
    const fleet = writeTempFleet(readFleetTexts());
    cleanups.push(fleet.cleanup);
    git(fleet.dir, 'init', '-q');
    git(fleet.dir, 'add', '.');
    return fleet.dir;
  }
  // PATH holds node and npx (/usr/bin here, or node's folder) but no diene; no DIENE
  const bare = { PATH: `${path.dirname(process.execPath)}:/usr/bin:/bin`, HOME: tmpdir() };
  // The hook script alone, as a hook repository without the committed diene holds it (this repository's own would run it).
  let lone = '';
  const scriptPath = (script: string) => {
    if (script !== 'scripts/pre-commit-hook.sh') return path.join(REPO_ROOT, script);
    if (!lone) {
      lone = mkdtempSync(path.join(tmpdir(), 'diene-lone-hook-'));
      mkdirSync(path.join(lone, 'scripts'));
      copyFileSync(path.join(REPO_ROOT, script), path.join(lone, script));
    }
    return path.join(lone, script);
  };
  afterAll(() => {
    if (lone) rmSync(lone, { recursive: true, force: true });
  });

  it('finds no diene on the PATH', () => {
    expect(spawnSync('sh', ['-c', 'command -v diene'], { env: bare }).status).not.toBe(0);
  });

  for (const [script, args] of scripts) {
    it(`${script} ${args.join(' ')}: says diene is not installed and exits 127, not 1 (stale)`, () => {
      const repo = stagedFleet();
      const home = temp('diene-npm-home-');
      const run = spawnSync(scriptPath(script), args, { cwd: repo, encoding: 'utf8', env: { ...bare, HOME: home } });
      expect(run.status, run.stderr).toBe(127);
      expect(run.stderr).toContain('pre-commit: diene is not installed');
      expect(run.stderr).toContain('npm install --save-dev diene-compiler');
      expect(run.stderr).not.toContain('stale');
    });

    it(`${script} ${args.join(' ')}: says so too when DIENE names a command that does not exist`, () => {
      const repo = stagedFleet();
      const run = spawnSync(scriptPath(script), args, { cwd: repo, encoding: 'utf8', env: { ...bare, DIENE: 'no-such-diene-command' } });
      expect(run.status).toBe(127);
      expect(run.stderr).toContain('pre-commit: could not run diene (no-such-diene-command): command not found');
      expect(run.stderr).not.toContain('stale');
    });
  }

  it("uses the repository's own diene through npx when the PATH has none, and reads its exit 1 as stale", () => {
    const repo = stagedFleet();
    mkdirSync(path.join(repo, 'node_modules', '.bin'), { recursive: true });
    symlinkSync(path.join(REPO_ROOT, 'bin', 'diene.js'), path.join(repo, 'node_modules', '.bin', 'diene'));
    const run = spawnSync(scriptPath('scripts/pre-commit-hook.sh'), ['check'], {
      cwd: repo,
      encoding: 'utf8',
      env: { ...bare, HOME: temp('diene-npm-home-') },
    });
    // the fleet was never compiled: generated/ is missing, so stale
    expect(run.status, run.stderr).toBe(1);
    expect(run.stderr).toContain('pre-commit: generated/ is stale');
  });
});
