/**
 * `--strict` (warnings fail the run, exit 2; compile then writes nothing) and
 * the triage order (errors before warnings, each group by file, in every
 * form), on a fleet of the tests' own: the one `diene init` writes, unlike
 * the bundled example, with a pin Kargo never discovers (`chart: "v1.2"`,
 * the warning row_version_not_semver). The first test runs bin/diene.js; the
 * others run the CLI's `main` in this process (test/support/run-cli.ts, held
 * to the binary by test/cli/in-process.test.ts).
 */
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { readOutputTree } from '../../compiler/adapters/filesystem/output-tree.js';
import type { Diagnostic } from '../../compiler/diagnostics/diagnostic.js';
import { runCli, runCliInProcess } from '../support/run-cli.js';

const NOW = ['--now', '2026-11-21T00:00:00Z'];
const temps: string[] = [];
afterEach(() => {
  for (const dir of temps.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** The row whose pin `v1.2` is only a warning. */
const ROW = 'platforms/storefront/cart/staging.yaml';
const V12 = 'pin:\n  chart: "v1.2"\n  image: "1.2.0"\n';

/** A new fleet from `diene init` in a temporary folder, with `overlay` written over it; returns the fleet's folder. */
async function ownFleet(overlay: Record<string, string> = {}): Promise<string> {
  const dir = mkdtempSync(path.join(tmpdir(), 'diene-strict-'));
  temps.push(dir);
  const fleet = path.join(dir, 'fleet');
  const init = await runCliInProcess(['init', fleet]);
  expect(init.exitCode, init.stderr).toBe(0);
  for (const [file, text] of Object.entries(overlay)) writeFileSync(path.join(fleet, file), text);
  return fleet;
}

/** Each diagnostic's first line in the text form (`file:line:col: severity code`), in the order printed. */
function heads(stderr: string): string[] {
  return [...stderr.matchAll(/^(\S+): (error|warning) (\w+): /gm)].map((m) => `${m[1]} ${m[2]} ${m[3]}`);
}

describe('--strict', () => {
  it('validate: the warning passes without it (exit 0) and fails with it (exit 2), the count line saying why', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'diene-strict-'));
    temps.push(dir);
    expect(runCli(['init', 'fleet'], { cwd: dir }).exitCode).toBe(0);
    writeFileSync(path.join(dir, 'fleet', ROW), V12);
    const loose = runCli(['validate', '--fleet', 'fleet', '--no-cache', ...NOW], { cwd: dir });
    expect(loose.exitCode, loose.stderr).toBe(0);
    expect(loose.stderr.endsWith('\n\n0 errors, 1 warning\n')).toBe(true);
    const strict = runCli(['validate', '--fleet', 'fleet', '--no-cache', '--strict', ...NOW], { cwd: dir });
    expect(strict.exitCode).toBe(2);
    expect(heads(strict.stderr)).toEqual([`fleet/${ROW}:2:10 warning row_version_not_semver`]);
    expect(strict.stderr.endsWith('\n\n0 errors, 1 warning — failed: --strict treats warnings as errors\n')).toBe(true);
  });

  it('validate --format json: the array on stdout keeps the warning a warning; exit 2', async () => {
    const fleet = await ownFleet({ [ROW]: V12 });
    const run = await runCliInProcess(['validate', '--fleet', fleet, '--no-cache', '--strict', '--format', 'json', ...NOW]);
    expect(run.exitCode).toBe(2);
    const found = JSON.parse(run.stdout) as Diagnostic[];
    expect(found.map((d) => [d.severity, d.code, d.file, d.line, d.column])).toEqual([['warning', 'row_version_not_semver', ROW, 2, 10]]);
    expect(run.stderr).toBe('');
  });

  it('validate --quiet: the warnings that fail the run are printed, as errors would be', async () => {
    const fleet = await ownFleet({ [ROW]: V12 });
    const quiet = await runCliInProcess(['validate', '--fleet', fleet, '--no-cache', '--quiet', ...NOW]);
    expect(quiet).toMatchObject({ exitCode: 0, stderr: '' });
    const strict = await runCliInProcess(['validate', '--fleet', fleet, '--no-cache', '--quiet', '--strict', ...NOW]);
    expect(strict.exitCode).toBe(2);
    expect(heads(strict.stderr)).toHaveLength(1);
    expect(strict.stderr).toContain('0 errors, 1 warning — failed: --strict treats warnings as errors\n');
  });

  it('compile: writes nothing, into an empty place or over the tree in place, the cache or not; exit 2', async () => {
    const fleet = await ownFleet({ [ROW]: V12 });
    const out = path.join(fleet, 'generated');
    const first = await runCliInProcess(['compile', '--fleet', fleet, '--no-cache', '--strict', ...NOW]);
    expect(first.exitCode).toBe(2);
    expect(
      first.stderr.endsWith('0 errors, 1 warning — failed: --strict treats warnings as errors\nnothing written: --strict treats warnings as errors\n'),
    ).toBe(true);
    expect(existsSync(out)).toBe(false);
    // Without --strict the same fleet compiles (exit 0); then a change under --strict leaves that tree as it was.
    expect((await runCliInProcess(['compile', '--fleet', fleet, '--no-cache', ...NOW])).exitCode).toBe(0);
    const before = await readOutputTree(out);
    const books = path.join(fleet, 'registry', 'fleet.yaml');
    writeFileSync(books, readFileSync(books, 'utf8').replace(/ttl: 60\b/, 'ttl: 120'));
    const cache = path.join(path.dirname(fleet), 'cache');
    for (let round = 0; round < 2; round++) {
      // the second round is answered by the cache the first one filled
      const run = await runCliInProcess(['compile', '--fleet', fleet, '--cache', cache, '--strict', ...NOW]);
      expect(run.exitCode, run.stderr).toBe(2);
      expect(run.stderr).toContain('nothing written: --strict treats warnings as errors');
      expect(await readOutputTree(out)).toEqual(before);
    }
  });

  it('compile --check: a fresh tree and a stale one both exit 2 when a warning counts; the stale files are still listed', async () => {
    const fleet = await ownFleet();
    expect((await runCliInProcess(['compile', '--fleet', fleet, '--no-cache', ...NOW])).exitCode).toBe(0);
    const clean = await runCliInProcess(['compile', '--check', '--fleet', fleet, '--no-cache', '--strict', ...NOW]);
    expect(clean.exitCode, clean.stderr).toBe(0);
    writeFileSync(path.join(fleet, ROW), V12);
    // A pin changes no generated file: fresh, and the warning alone fails it.
    const fresh = await runCliInProcess(['compile', '--check', '--fleet', fleet, '--no-cache', '--strict', ...NOW]);
    expect(fresh.exitCode).toBe(2);
    expect(fresh.stderr).toMatch(/0 errors, 1 warning — failed: --strict treats warnings as errors\nfresh: \d+ files in \S+ match the inputs\n$/);
    expect((await runCliInProcess(['compile', '--check', '--fleet', fleet, '--no-cache', ...NOW])).exitCode).toBe(0);
    const fleetYaml = path.join(fleet, 'registry', 'fleet.yaml');
    writeFileSync(fleetYaml, readFileSync(fleetYaml, 'utf8').replace(/ttl: 60\b/, 'ttl: 120'));
    expect((await runCliInProcess(['compile', '--check', '--fleet', fleet, '--no-cache', ...NOW])).exitCode).toBe(1);
    const stale = await runCliInProcess(['compile', '--check', '--fleet', fleet, '--no-cache', '--strict', ...NOW]);
    expect(stale.exitCode).toBe(2);
    expect(stale.stderr).toContain('0 errors, 1 warning — failed: --strict treats warnings as errors\nstale: ');
    expect(stale.stdout).toContain('differ from what the inputs produce');
  });

  it("does not count the cache's own warnings: a --cache that is a file warns, and the run passes", async () => {
    const fleet = await ownFleet();
    const file = path.join(path.dirname(fleet), 'not-a-folder');
    writeFileSync(file, '');
    for (const args of [['validate'], ['compile'], ['compile', '--check']]) {
      const run = await runCliInProcess([...args, '--fleet', fleet, '--cache', file, '--strict', ...NOW]);
      expect(run.exitCode, `${args.join(' ')}\n${run.stderr}`).toBe(0);
      expect(heads(run.stderr)).toEqual(['diene warning cache_folder_is_file']);
      expect(run.stderr).toContain('\n\n0 errors, 1 warning — --strict: cache, job-summary and Node warnings do not count\n');
    }
    // With a warning of the fleet beside it, the count line says which of them failed the run.
    writeFileSync(path.join(fleet, ROW), V12);
    const both = await runCliInProcess(['validate', '--fleet', fleet, '--cache', file, '--strict', ...NOW]);
    expect(both.exitCode).toBe(2);
    expect(both.stderr).toContain(
      '\n\n0 errors, 2 warnings — failed: --strict treats warnings as errors (1 of the 2; cache, job-summary and Node warnings do not count)\n',
    );
  });

  it('the step summary says the run failed, and why', async () => {
    const fleet = await ownFleet({ [ROW]: V12 });
    const summary = path.join(path.dirname(fleet), 'summary.md');
    writeFileSync(summary, '');
    const run = await runCliInProcess(['validate', '--fleet', fleet, '--no-cache', '--strict', ...NOW], {
      env: { GITHUB_ACTIONS: 'true', GITHUB_STEP_SUMMARY: summary },
    });
    expect(run.exitCode).toBe(2);
    expect(readFileSync(summary, 'utf8')).toMatch(
      /^### diene validate: failed\n\nthe fleet is valid, but --strict treats warnings as errors: 1 warning fails it\n\n0 errors, 1 warning\n/,
    );
    // The annotation keeps the warning's level: --strict changes the exit code, not the findings.
    expect(run.stderr).toContain(`::warning file=${ROW},line=2,col=10,`);
  });

  it('is refused by render (ArgoCD runs it at every sync) and report (its exit code never gates the findings)', async () => {
    const fleet = await ownFleet({ [ROW]: V12 });
    for (const args of [['render', '--platform', 'storefront'], ['report']]) {
      const run = await runCliInProcess(
        [...args, '--fleet', fleet, '--no-cache', '--strict', '--format', 'json', ...NOW].filter((a) => !(args[0] === 'report' && a === '--no-cache')),
      );
      expect(run.exitCode).toBe(2);
      expect(run.stdout).toBe('');
      const [usage] = JSON.parse(run.stderr) as Diagnostic[];
      expect(usage?.code).toBe('usage_option_unknown');
      expect(usage?.hint).toContain('--strict is an option of diene compile and diene validate');
    }
  });
});

describe('errors first', () => {
  /** The fleet's one error (an unknown region) sorts after its warnings by file: registry/ after platforms/. */
  const overlay = {
    [ROW]: V12,
    'platforms/storefront/cart/dev.yaml': 'pin:\n  chart: "1.2"\n  image: "1.2.0"\n',
    'registry/landscapes/staging.yaml': 'name: staging\nregion: XXX\ntier: staging\n',
  };

  it('text: the error before the warnings, each group by file, line and column; the same in every run', async () => {
    const fleet = await ownFleet(overlay);
    const run = await runCliInProcess(['validate', '--fleet', fleet, '--no-cache', ...NOW], { cwd: path.dirname(fleet) });
    expect(run.exitCode).toBe(2);
    const shown = heads(run.stderr);
    expect(shown[0]).toMatch(/^fleet\/registry\/landscapes\/staging\.yaml:2:9 error /);
    expect(shown.filter((line) => line.includes(' warning '))).toEqual([
      'fleet/platforms/storefront/cart/dev.yaml:2:10 warning row_version_not_semver',
      'fleet/platforms/storefront/cart/staging.yaml:2:10 warning row_version_not_semver',
    ]);
    expect(shown.findIndex((line) => line.includes(' warning '))).toBe(shown.filter((line) => line.includes(' error ')).length);
    expect((await runCliInProcess(['validate', '--fleet', fleet, '--no-cache', ...NOW], { cwd: path.dirname(fleet) })).stderr).toBe(run.stderr);
  });

  it('json and github: the same order', async () => {
    const fleet = await ownFleet(overlay);
    const json = await runCliInProcess(['compile', '--fleet', fleet, '--no-cache', '--format', 'json', ...NOW]);
    expect(json.exitCode).toBe(2);
    const found = JSON.parse(json.stderr) as Diagnostic[];
    const severities = found.map((d) => d.severity);
    expect(severities).toEqual([...severities].sort());
    expect(found.filter((d) => d.severity === 'warning').map((d) => d.file)).toEqual(['platforms/storefront/cart/dev.yaml', ROW]);
    const github = await runCliInProcess(['validate', '--fleet', fleet, '--no-cache', '--format', 'github', ...NOW]);
    const levels = [...github.stderr.matchAll(/^::(error|warning) file=([^,]+)/gm)].map((m) => `${m[1]} ${m[2]}`);
    expect(levels.slice(-2)).toEqual(['warning platforms/storefront/cart/dev.yaml', `warning ${ROW}`]);
    expect(levels[0]).toBe('error registry/landscapes/staging.yaml');
  });
});
