/**
 * The adopters' examples (examples/github-actions/, examples/pre-commit/):
 * parsed, cross-checked with the plugin image and the report, and run: the
 * workflow's two diene steps in a head/base workspace as the job lays it out,
 * and the git hook in a real repository (git's own binary) on fresh, stale
 * and unrelated commits.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { templates } from '../../compiler/3-emit/generated/templates.js';
import { overlayTexts, readFleetTexts, REPO_ROOT, writeTempFleet } from '../support/fleet-fixture.js';
import { runCli } from '../support/run-cli.js';

type Json = Record<string, any>;  

const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup();
});

const NOW = ['--now', '2026-11-21T00:00:00Z'];
/** A change of inputs that changes the generated files: a manual gate on raichu. */
const GATED_MERCURY =
  'name: mercury\nlandscapes: [pichu, pikachu, raichu, ampharos]\nstages: [pichu, pikachu, [{landscape: raichu, gate: manual}, ampharos]]\nvlandscapes: [mew, celebi]\n';
const version = (JSON.parse(readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8')) as { version: string }).version;
const workflowText = readFileSync(path.join(REPO_ROOT, 'examples', 'github-actions', 'diene.yml'), 'utf8');
const workflow = parse(workflowText) as Json;
/** Whether step `s` uses the action `name` (pinned by a commit: `name@<sha>`). */
const uses = (s: Json, name: string): boolean => typeof s.uses === 'string' && (s.uses as string).startsWith(`${name}@`);
const steps = workflow.jobs.check.steps as Json[];
const runs = steps.filter((s) => typeof s.run === 'string' && (s.run as string).startsWith('diene ')).map((s) => s.run as string);

describe('the GitHub Actions workflow', () => {
  it("runs on pull requests that touch the fleet, with the npm package of the plugin image's version (the image runs render only), allowed to comment", () => {
    expect(Object.keys(workflow.on)).toEqual(['pull_request']);
    expect(workflow.on.pull_request.paths).toContain('generated/**');
    expect(workflow.permissions).toEqual({ contents: 'read' });
    expect(workflow.jobs.check.permissions).toEqual({ contents: 'read', 'pull-requests': 'write' });
    expect(workflow.jobs.check.container).toBeUndefined();
    const install = steps.find((s) => s.name === 'Install diene');
    expect(install?.run).toBe(`npm install --global --no-audit --no-fund diene-compiler@${version}`);
    const pkg = JSON.parse(readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8')) as { name: string };
    expect(pkg.name).toBe('diene-compiler');
    const sidecar = parse(readFileSync(path.join(REPO_ROOT, 'chart', 'plugin', 'repo-server-patch.yaml'), 'utf8')) as Json;
    expect(sidecar.spec.template.spec.containers[0].image).toBe(`ghcr.io/atomicloud/diene-cmp:${version}`);
  });

  it('posts the report it wrote, finding its earlier comment by the marker the report opens with', () => {
    expect(runs).toEqual(['diene report --fleet head --base base --output diene-report.md', 'diene compile --fleet head --check --base base --diff-file diene.diff']);
    // a refused change makes the report exit 1 after writing it: it is still posted, and the check fails the job
    expect(steps.find((s) => s.id === 'report')?.['continue-on-error']).toBe(true);
    const post = steps.find((s) => uses(s, 'actions/github-script'));
    expect(post?.with.script).toContain("fs.readFileSync('diene-report.md', 'utf8')");
    expect(post?.if).toBe("always() && hashFiles('diene-report.md') != ''");
    const marker = (templates['pr-report.md.hbs'] ?? '').split('\n')[0];
    expect(post?.with.script).toContain(`const marker = '${marker}';`);
    expect(steps.find((s) => uses(s, 'actions/upload-artifact'))?.with.path).toBe('diene.diff');
  });

  it('pins every action by the full commit of a release, named in a comment (a tag can move, a commit cannot)', () => {
    const lines = workflowText.split('\n').filter((line) => /^\s*(- )?uses:/.test(line));
    expect(lines.length).toBeGreaterThanOrEqual(8);
    for (const line of lines) expect(line).toMatch(/uses: [\w.-]+\/[\w.-]+(\/[\w.-]+)*@[0-9a-f]{40} # v\d+\.\d+\.\d+$/);
    // One commit per action across the jobs.
    const pins = new Map<string, Set<string>>();
    for (const line of lines) {
      const [name, sha] = (line.split('uses: ')[1] as string).split(' ')[0]?.split('@') as [string, string];
      pins.set(name, (pins.get(name) ?? new Set()).add(sha));
    }
    for (const [name, shas] of pins) expect(shas.size, name).toBe(1);
  });

  it('uploads the check as SARIF to code scanning from a job that alone may write security events', () => {
    const job = workflow.jobs['code-scanning'] as Json;
    expect(job.permissions).toEqual({ contents: 'read', 'security-events': 'write' });
    const jobSteps = job.steps as Json[];
    expect(jobSteps.filter((s) => typeof s.run === 'string' && (s.run as string).startsWith('diene ')).map((s) => s.run)).toEqual([
      'diene compile --fleet . --check --format sarif --output diene.sarif',
    ]);
    const upload = jobSteps.find((s) => uses(s, 'github/codeql-action/upload-sarif'));
    expect(upload?.with.sarif_file).toBe('diene.sarif');
    expect(upload?.if).toBe("always() && hashFiles('diene.sarif') != ''");
    for (const checkout of jobSteps.filter((s) => uses(s, 'actions/checkout'))) expect(checkout.with['persist-credentials']).toBe(false);
  });

  it('leaves no token in the checkouts it reports on (issue 14: actions/checkout keeps one in .git/config otherwise)', () => {
    const checkouts = steps.filter((s) => uses(s, 'actions/checkout'));
    expect(checkouts.map((s) => s.with.path)).toEqual(['head', 'base']);
    for (const checkout of checkouts) expect(checkout.with['persist-credentials']).toBe(false);
  });

  it("does what its diene steps say in the job's workspace: a report, then a check that fails on stale files", () => {
    const workspace = writeTempFleet(new Map());
    cleanups.push(workspace.cleanup);
    const lay = (dir: string, overlay: Record<string, string | null>) => {
      for (const [file, text] of overlayTexts(readFleetTexts(), overlay)) {
        const target = path.join(workspace.dir, dir, file);
        spawnSync('mkdir', ['-p', path.dirname(target)]);
        writeFileSync(target, text);
      }
    };
    lay('base', {});
    lay('head', {});
    expect(runCli(['compile', '--fleet', 'head', ...NOW], { cwd: workspace.dir }).exitCode).toBe(0);
    writeFileSync(path.join(workspace.dir, 'head', 'carbon', 'mercury', 'platform.yaml'), GATED_MERCURY);
    const env = { GITHUB_ACTIONS: 'true' };
    const [report, check] = runs.map((line) => runCli([...line.split(' ').slice(1), ...NOW], { cwd: workspace.dir, env }));
    expect(report?.exitCode, report?.stderr).toBe(0);
    expect(readFileSync(path.join(workspace.dir, 'diene-report.md'), 'utf8')).toContain('### Output changes against the base branch');
    expect(check?.exitCode).toBe(1);
    // named from the fleet root (head is its own repository in the job), as GitHub matches them
    expect(check?.stderr).toContain('::error file=generated/kargo/mercury.yaml,title=output_stale::');
    expect(existsSync(path.join(workspace.dir, 'diene.diff'))).toBe(true);
  });
});

describe('the GitHub Actions workflow on a refused change', () => {
  it('writes the report listing it, and fails the check with the new value annotated', () => {
    const workspace = writeTempFleet(new Map());
    cleanups.push(workspace.cleanup);
    const reference = readFleetTexts();
    const iad = (reference.get('registry/landscapes/raichu.yaml') as string).replace('region: SIN', 'region: IAD');
    for (const [dir, overlay] of [['base', {}], ['head', { 'registry/landscapes/raichu.yaml': iad }]] as const) {
      for (const [file, text] of overlayTexts(reference, overlay)) {
        const target = path.join(workspace.dir, dir, file);
        spawnSync('mkdir', ['-p', path.dirname(target)]);
        writeFileSync(target, text);
      }
    }
    expect(runCli(['compile', '--fleet', 'head', ...NOW], { cwd: workspace.dir }).exitCode).toBe(0);
    const env = { GITHUB_ACTIONS: 'true' };
    const [report, check] = runs.map((line) => runCli([...line.split(' ').slice(1), ...NOW], { cwd: workspace.dir, env }));
    expect(report?.exitCode).toBe(1);
    expect(readFileSync(path.join(workspace.dir, 'diene-report.md'), 'utf8')).toContain('### Refused against the base branch');
    expect(check?.exitCode).toBe(1);
    expect(check?.stderr).toContain('::error file=registry/landscapes/raichu.yaml,line=3,col=9');
    expect(check?.stderr).toContain('the region of landscape raichu changed from SIN to IAD');
  });
});

describe('the pre-commit hook', () => {
  const hook = path.join(REPO_ROOT, 'examples', 'pre-commit', 'pre-commit');
  // DIENE is split on spaces by the hook (these paths have none)
  const diene = `${process.execPath} ${path.join(REPO_ROOT, 'bin', 'diene.js')}`;

  it('is valid POSIX sh', () => {
    expect(spawnSync('sh', ['-n', hook]).status).toBe(0);
  });

  it('lets a fresh commit through, refuses one whose generated files are stale, and ignores unrelated commits', () => {
    const repo = writeTempFleet(overlayTexts(readFleetTexts()));
    cleanups.push(repo.cleanup);
    const git = (...args: string[]) => spawnSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@example.test', ...args], { cwd: repo.dir, encoding: 'utf8' });
    const runHook = () => spawnSync(hook, [], { cwd: repo.dir, encoding: 'utf8', env: { ...process.env, DIENE: diene, GITHUB_ACTIONS: '' } });
    expect(git('init', '-q').status).toBe(0);
    expect(runCli(['compile', '--fleet', repo.dir, ...NOW]).exitCode).toBe(0);
    expect(git('add', '.').status).toBe(0);
    const fresh = runHook();
    expect(fresh.status, fresh.stderr).toBe(0);
    expect(git('commit', '-qm', 'fleet').status).toBe(0);

    writeFileSync(path.join(repo.dir, 'carbon', 'mercury', 'platform.yaml'), GATED_MERCURY);
    git('add', 'carbon');
    const stale = runHook();
    expect(stale.status).toBe(1);
    expect(stale.stderr).toContain('pre-commit: generated/ is stale');
    expect(stale.stdout).toContain('differ from what the inputs produce');

    // the working tree is regenerated but not staged: the index is what is checked
    expect(runCli(['compile', '--fleet', repo.dir, ...NOW]).exitCode).toBe(0);
    expect(runHook().status).toBe(1);
    git('add', 'generated');
    expect(runHook().status).toBe(0);
    git('commit', '-qm', 'promote');

    writeFileSync(path.join(repo.dir, 'NOTES.md'), 'notes\n');
    git('add', 'NOTES.md');
    const unrelated = spawnSync(hook, [], { cwd: repo.dir, encoding: 'utf8', env: { ...process.env, DIENE: 'false' } });
    expect(unrelated.status).toBe(0);
  });

  it('has a pre-commit framework twin that runs the same check', () => {
    const config = parse(readFileSync(path.join(REPO_ROOT, 'examples', 'pre-commit', '.pre-commit-config.yaml'), 'utf8')) as Json;
    const [hookConfig] = config.repos[0].hooks as Json[];
    expect(config.repos[0].repo).toBe('local');
    expect(hookConfig?.entry).toBe('diene compile --check --diff-lines 80');
    expect(hookConfig?.pass_filenames).toBe(false);
    expect(new RegExp(hookConfig?.files as string).test('generated/argocd/nitroso.yaml')).toBe(true);
  });

  it("sends no one to the plugin image's diene for the check, which runs render only", () => {
    const text = readFileSync(path.join(REPO_ROOT, 'examples', 'pre-commit', '.pre-commit-config.yaml'), 'utf8');
    expect(text).not.toMatch(/or the plugin image's binary/);
    expect(text).toContain('runs `diene render` only');
    // What that diene answers, from the plugin image's bundle (scripts/bundle-plugin.mjs).
    const built = spawnSync(process.execPath, [path.join(REPO_ROOT, 'scripts', 'bundle-plugin.mjs')], { cwd: REPO_ROOT, encoding: 'utf8' });
    expect(built.status, built.stderr).toBe(0);
    const image = spawnSync(process.execPath, [path.join(REPO_ROOT, 'dist', 'plugin', 'diene.mjs'), 'compile', '--check', '--diff-lines', '80'], { encoding: 'utf8' });
    expect(image.status).toBe(2);
    expect(image.stderr).toContain('usage_command_not_in_image');
  });
});
