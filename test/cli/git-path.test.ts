/**
 * fleet.yaml `git.path` on the command line (cli/fleet-folder.ts): a compile
 * of a fleet kept in a subfolder of its git repository warns
 * (`git_path_mismatch`, on fleet.yaml's `git` key) while `git.path` does not
 * name that subfolder, and writes outputs whose repository paths start with
 * it once it does. The work tree is the fleet's repository when it has no
 * remote or one naming `git.repoURL` (in any of git's URL spellings); a work
 * tree whose remotes all name another repository holds a copy of the fleet,
 * and nothing is said.
 */
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { repositoryIdentity } from '../../compiler/cli/fleet-folder.js';
import { overlayTexts, readFleetTexts, writeTempFleet } from '../support/fleet-fixture.js';
import { makeFleetMonorepo, withGitPath } from '../support/fleet-monorepo.js';
import { git } from '../support/git-fleet.js';
import { runCli } from '../support/run-cli.js';

const NOW = ['--now', '2026-11-21T00:00:00Z'];
const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup();
});

function monorepo(overlay: Record<string, string> = {}): string {
  const repository = makeFleetMonorepo(overlayTexts(readFleetTexts(), overlay), 'fleets/prod');
  cleanups.push(repository.cleanup);
  return repository.root;
}

interface Finding {
  code: string;
  severity: string;
  file: string;
  line: number;
  column: number;
  message: string;
  hint: string;
}

function compile(cwd: string, ...args: string[]): { exitCode: number; findings: Finding[] } {
  const run = runCli(['compile', '--fleet', 'fleets/prod', '--no-cache', '--format', 'json', ...NOW, ...args], { cwd });
  return { exitCode: run.exitCode, findings: JSON.parse(run.stderr || '[]') as Finding[] };
}

const mismatches = (findings: Finding[]) => findings.filter((f) => f.code === 'git_path_mismatch');
const fleetYaml = () => readFleetTexts().get('registry/fleet.yaml') as string;

describe('git.path and the folder the fleet sits in', () => {
  it('warns on the git key of a fleet in a subfolder without git.path, naming the folder to write; the compile still writes', () => {
    const root = monorepo();
    const { exitCode, findings } = compile(root);
    expect(exitCode).toBe(0);
    expect(mismatches(findings)).toEqual([
      expect.objectContaining({
        severity: 'warning',
        file: 'registry/fleet.yaml',
        line: 33,
        column: 1,
        message:
          'the fleet is the folder "fleets/prod" of its git repository, but git.path is not set, which means the repository root: the compiled ApplicationSets and Kargo Stages look for the fleet\'s rows there, and would deploy and promote nothing',
      }),
    ]);
    expect(mismatches(findings)[0]?.hint).toContain('git: { repoURL: …, branch: …, path: fleets/prod }');
    expect(existsSync(path.join(root, 'fleets/prod/generated/argocd/nitroso.yaml'))).toBe(true);
  });

  it('--strict refuses it: exit 2 and nothing written', () => {
    const root = monorepo();
    const { exitCode, findings } = compile(root, '--strict');
    expect(exitCode).toBe(2);
    expect(mismatches(findings).length).toBe(1);
    expect(existsSync(path.join(root, 'fleets/prod/generated'))).toBe(false);
  });

  it('says nothing once git.path names the folder, and every repository path of the outputs starts with it', () => {
    const root = monorepo({ 'registry/fleet.yaml': withGitPath(fleetYaml(), 'fleets/prod') });
    const { exitCode, findings } = compile(root);
    expect(exitCode).toBe(0);
    expect(mismatches(findings)).toEqual([]);
    const argocd = readFileSync(path.join(root, 'fleets/prod/generated/argocd/nitroso.yaml'), 'utf8');
    const patterns = [...argocd.matchAll(/path: (\S*platforms\/\S+)/g)].map((m) => m[1] as string);
    expect(patterns.length).toBeGreaterThan(0);
    for (const pattern of patterns) expect(pattern).toMatch(/^fleets\/prod\/platforms\//);
    const kargo = readFileSync(path.join(root, 'fleets/prod/generated/kargo/nitroso.yaml'), 'utf8');
    expect(kargo).toContain('path: ./fleet/fleets/prod/platforms/nitroso/tin/pichu.yaml');
    expect(kargo).not.toMatch(/path: \.\/fleet\/platforms\//);
  });

  it('warns the other way too: git.path names a folder the fleet is not in', () => {
    const root = monorepo({ 'registry/fleet.yaml': withGitPath(fleetYaml(), 'fleets/staging') });
    expect(mismatches(compile(root).findings).map((f) => f.message)).toEqual([
      expect.stringContaining('the fleet is the folder "fleets/prod" of its git repository, but git.path is "fleets/staging"'),
    ]);
  });

  it("a remote naming git.repoURL in another spelling makes the work tree the fleet's repository; remotes naming only others make it a copy", () => {
    const root = monorepo();
    git(root, 'remote', 'add', 'upstream', 'https://github.com/AtomiCloud/diene.git');
    expect(mismatches(compile(root).findings)).toEqual([]);
    git(root, 'remote', 'add', 'origin', 'git@github.com:AtomiCloud/fleet');
    expect(mismatches(compile(root).findings).length).toBe(1);
  });

  it('knows the repository whatever the case of its owner and name (GitHub and GitLab ignore it)', () => {
    const root = monorepo();
    git(root, 'remote', 'add', 'origin', 'https://github.com/atomicloud/FLEET.git');
    expect(mismatches(compile(root).findings).length).toBe(1);
  });

  it('validate warns as compile does, and --strict refuses it there too', () => {
    const root = monorepo();
    const validate = (...args: string[]) => runCli(['validate', '--fleet', 'fleets/prod', '--no-cache', '--format', 'json', ...NOW, ...args], { cwd: root });
    const plain = validate();
    expect(plain.exitCode).toBe(0);
    expect(mismatches(JSON.parse(plain.stdout) as Finding[]).map((f) => f.line)).toEqual([33]);
    expect(validate('--strict').exitCode).toBe(2);
  });

  it('says git.path is "." when it is written so, not that it is unset', () => {
    const root = monorepo({ 'registry/fleet.yaml': withGitPath(fleetYaml(), '.') });
    expect(mismatches(compile(root).findings).map((f) => f.message)).toEqual([
      expect.stringContaining('the fleet is the folder "fleets/prod" of its git repository, but git.path is "."'),
    ]);
  });

  it('reads the remotes of a linked worktree from the repository it belongs to', () => {
    const root = monorepo();
    git(root, 'remote', 'add', 'origin', 'https://github.com/AtomiCloud/diene.git');
    const linked = `${root}-linked`;
    cleanups.push(() => rmSync(linked, { recursive: true, force: true }));
    git(root, 'worktree', 'add', '-q', '-b', 'other', linked);
    expect(mismatches(compile(linked).findings)).toEqual([]);
    git(root, 'remote', 'set-url', 'origin', 'ssh://git@GitHub.com:22/AtomiCloud/fleet.git/');
    expect(mismatches(compile(linked).findings).length).toBe(1);
  });

  it('outside any git work tree nothing is known and nothing said; --path-prefix says where the fleet is', () => {
    const fleet = writeTempFleet(readFleetTexts());
    cleanups.push(fleet.cleanup);
    const run = (...args: string[]) =>
      runCli(['compile', '--fleet', fleet.dir, '--no-cache', '--format', 'json', ...NOW, ...args], { cwd: path.dirname(fleet.dir) });
    expect(mismatches(JSON.parse(run().stderr || '[]') as Finding[])).toEqual([]);
    expect(mismatches(JSON.parse(run('--path-prefix', 'fleets/prod').stderr || '[]') as Finding[]).length).toBe(1);
    writeFileSync(path.join(fleet.dir, 'registry/fleet.yaml'), withGitPath(fleetYaml(), 'fleets/prod'));
    expect(mismatches(JSON.parse(run('--path-prefix', 'fleets/prod/').stderr || '[]') as Finding[])).toEqual([]);
  });

  it('knows a repository by host and path, whatever the URL spelling', () => {
    const same = [
      'https://github.com/AtomiCloud/fleet.git',
      'https://github.com/AtomiCloud/fleet',
      'https://user@GitHub.com/AtomiCloud/fleet/',
      'ssh://git@github.com:22/AtomiCloud/fleet.git',
      'git@github.com:AtomiCloud/fleet.git',
    ].map(repositoryIdentity);
    expect(new Set(same)).toEqual(new Set(['github.com/AtomiCloud/fleet']));
    expect(repositoryIdentity('https://github.com/AtomiCloud/diene.git')).not.toBe('github.com/AtomiCloud/fleet');
  });
});
