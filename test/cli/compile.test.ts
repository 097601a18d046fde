/**
 * `diene compile` and `--check` end to end through the CLI (SPEC §5): exit
 * codes, the stale/missing/extra lists, the unified diff on stdout, and output
 * written all-or-nothing (a failed compile leaves the directory as it was).
 */
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { readOutputTree } from '../../compiler/adapters/filesystem/output-tree.js';
import { overlayTexts, readFleetTexts, REPO_ROOT, writeTempFleet, useTempFleets } from '../support/fleet-fixture.js';
import { runCli } from '../support/run-cli.js';

/** How many files the reference fleet compiles to: its golden tree's size (every output kind adds files). */
const GOLDEN_FILES = (await readOutputTree(path.join(REPO_ROOT, 'golden', 'reference'))).size;

const tempFleet = useTempFleets();

describe('diene compile', () => {
  it('writes argocd/, kargo/ and platforms/ and says so on stderr, nothing on stdout', () => {
    const dir = tempFleet();
    const run = runCli(['compile', '--fleet', dir]);
    expect(run.exitCode, run.stderr).toBe(0);
    expect(run.stdout).toBe('');
    expect(run.stderr).toContain(`wrote ${GOLDEN_FILES} files to`);
    for (const file of ['argocd/nitroso.yaml', 'kargo/aldehyde.yaml', 'platforms/mercury.yaml'])
      expect(existsSync(path.join(dir, 'generated', file))).toBe(true);
  });

  it('replaces the output tree whole: a file the inputs no longer produce is gone', () => {
    const dir = tempFleet();
    expect(runCli(['compile', '--fleet', dir]).exitCode).toBe(0);
    writeFileSync(path.join(dir, 'generated', 'argocd', 'retired.yaml'), 'old\n');
    expect(runCli(['compile', '--fleet', dir]).exitCode).toBe(0);
    expect(existsSync(path.join(dir, 'generated', 'argocd', 'retired.yaml'))).toBe(false);
  });

  it('leaves the output directory exactly as it was when the compile fails', async () => {
    const dir = tempFleet();
    expect(runCli(['compile', '--fleet', dir]).exitCode).toBe(0);
    const before = await readOutputTree(path.join(dir, 'generated'));
    writeFileSync(path.join(dir, 'registry', 'landscapes', 'pichu.yaml'), 'name: pichu\nregion: NRT\ntier: dev\n');
    const run = runCli(['compile', '--fleet', dir]);
    expect(run.exitCode).toBe(2);
    expect(run.stderr).toContain('registry/landscapes/pichu.yaml:2:9: error region_unknown');
    expect(await readOutputTree(path.join(dir, 'generated'))).toEqual(before);
  });

  it('resolves --out against the working directory, like every other path argument', () => {
    const dir = tempFleet();
    expect(runCli(['compile', '--fleet', '.', '--out', 'build/deploy'], { cwd: dir }).exitCode).toBe(0);
    expect(existsSync(path.join(dir, 'build', 'deploy', 'argocd', 'nitroso.yaml'))).toBe(true);
  });

  it('restores the previous tree when a swap was interrupted between its two renames', async () => {
    const dir = tempFleet();
    expect(runCli(['compile', '--fleet', dir]).exitCode).toBe(0);
    const before = await readOutputTree(path.join(dir, 'generated'));
    // simulate a kill after `generated` → `generated.previous` and before the new tree moved in
    const { renameSync } = await import('node:fs');
    renameSync(path.join(dir, 'generated'), path.join(dir, 'generated.previous'));
    const run = runCli(['compile', '--fleet', dir, '--check']);
    expect(run.exitCode, run.stderr).toBe(0);
    expect(await readOutputTree(path.join(dir, 'generated'))).toEqual(before);
    expect(existsSync(path.join(dir, 'generated.previous'))).toBe(false);
  });
});

describe('diene compile --check', () => {
  it('exits 0 when the generated files are fresh', () => {
    const dir = tempFleet();
    expect(runCli(['compile', '--fleet', dir]).exitCode).toBe(0);
    const run = runCli(['compile', '--fleet', dir, '--check']);
    expect(run.exitCode, run.stderr).toBe(0);
    expect(run.stdout).toBe('');
    expect(run.stderr).toContain(`fresh: ${GOLDEN_FILES} files`);
  });

  it('exits 1 with the unified diff on stdout and the stale, missing and extra files on stderr', () => {
    const dir = tempFleet();
    expect(runCli(['compile', '--fleet', dir]).exitCode).toBe(0);
    const out = path.join(dir, 'generated');
    const platformRecord = path.join(out, 'platforms', 'nitroso.yaml');
    writeFileSync(platformRecord, readFileSync(platformRecord, 'utf8').replace('- pichu\n', '- pichu-edited\n'));
    rmSync(path.join(out, 'kargo', 'mercury.yaml'));
    writeFileSync(path.join(out, 'argocd', 'cobalt.yaml'), 'stale: true\n');
    const run = runCli(['compile', '--fleet', dir, '--check']);
    expect(run.exitCode).toBe(1);
    expect(run.stderr).toContain('  stale   platforms/nitroso.yaml');
    expect(run.stderr).toContain('  missing kargo/mercury.yaml');
    expect(run.stderr).toContain('  extra   argocd/cobalt.yaml');
    expect(run.stdout).toContain('--- a/platforms/nitroso.yaml');
    expect(run.stdout).toContain('+++ b/platforms/nitroso.yaml');
    expect(run.stdout).toContain('-    - pichu-edited\n+    - pichu\n');
    expect(run.stdout).toContain('+++ b/kargo/mercury.yaml');
    expect(run.stdout).toContain('--- a/argocd/cobalt.yaml');
  });

  it('writes nothing', async () => {
    const dir = tempFleet();
    const run = runCli(['compile', '--fleet', dir, '--check']);
    expect(run.exitCode).toBe(1);
    expect(existsSync(path.join(dir, 'generated'))).toBe(false);
  });

  it('exits 2, not 1, on invalid input', () => {
    const dir = tempFleet({ 'registry/landscapes/pichu.yaml': 'name: pichu\n' });
    expect(runCli(['compile', '--fleet', dir, '--check']).exitCode).toBe(2);
  });
});

describe('exit codes of faults', () => {
  it('exits 2 for a fleet directory that does not exist', () => {
    const run = runCli(['compile', '--fleet', '/nonexistent/fleet']);
    expect(run.exitCode).toBe(2);
    expect(run.stderr).toContain('usage_invalid');
  });
});
