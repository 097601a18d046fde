/**
 * `diene render` the way ArgoCD's plugin sidecar runs it (SPEC §6,
 * ../shared/notes/argocd-kargo.md §2): in the checked-out source directory,
 * with `ARGOCD_ENV_PLATFORM` and `ARGOCD_APP_PARAMETERS` and no flags; one
 * stderr line with the version and the input digest; stdout a function of the
 * tree alone; nothing on stdout on any error; and a render of more than 1 MiB
 * piped through `cat` arrives whole (the CLI never calls `process.exit()`).
 * The first test and the pipe run bin/diene.js; the others run the CLI's
 * `main` in this process, with the sidecar's cwd and environment.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, renameSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { parseAllDocuments } from 'yaml';
import { platformObjects } from '../../compiler/3-emit/emit-outputs.js';
import { toYamlStream } from '../../compiler/3-emit/serialize.js';
import { parsePluginParameters, resolveFleetParameter } from '../../compiler/cli/plugin-parameters.js';
import { analyzeFleet } from '../../compiler/index.js';
import { overlayTexts, readFleetTexts, REPO_ROOT, TEST_NOW_SECONDS, toSourceFiles, writeTempFleet } from '../support/fleet-fixture.js';
import { runCli, runCliInProcess } from '../support/run-cli.js';

const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup();
});

function tempFleet(overlay: Record<string, string | null> = {}): string {
  const fleet = writeTempFleet(overlayTexts(readFleetTexts(), overlay));
  cleanups.push(fleet.cleanup);
  return fleet.dir;
}

const STAMP = /^diene render (\S+): platform (\w+), (\d+) input files, inputs (sha256:[0-9a-f]{64})$/m;
const NOW = ['--now', '2026-11-21T00:00:00Z'];

/** Runs bin/diene.js render as the sidecar does: cwd = the source directory, platform and parameters from the environment. */
function sidecarRenderBinary(sourceDir: string, env: Record<string, string>, extra: string[] = []) {
  return runCli(['render', ...extra, ...NOW], { cwd: sourceDir, env: { ARGOCD_APP_PARAMETERS: '', ARGOCD_ENV_PLATFORM: '', ...env } });
}

/** The same, in this process (runCliInProcess, held to the binary's bytes by test/cli/in-process.test.ts). */
function sidecarRender(sourceDir: string, env: Record<string, string>, extra: string[] = []) {
  return runCliInProcess(['render', ...extra, ...NOW], { cwd: sourceDir, env: { ARGOCD_APP_PARAMETERS: '', ARGOCD_ENV_PLATFORM: '', ...env } });
}

describe('diene render inside the plugin sidecar', () => {
  it('takes the platform from ARGOCD_ENV_PLATFORM and the fleet from the working directory, with the same bytes as the flags', () => {
    const dir = tempFleet();
    const sidecar = sidecarRenderBinary(dir, { ARGOCD_ENV_PLATFORM: 'nitroso' });
    expect(sidecar.exitCode, sidecar.stderr).toBe(0);
    const flags = runCli(['render', '--platform', 'nitroso', '--fleet', dir, ...NOW]);
    expect(sidecar.stdout).toBe(flags.stdout);
    expect(parseAllDocuments(sidecar.stdout).map((d) => (d.toJS() as { kind: string }).kind)[0]).toBe('Platform');
  });

  it('prints exactly one stamp line on stderr: the version, the platform and a digest that follows the inputs', async () => {
    const dir = tempFleet();
    const first = await sidecarRender(dir, { ARGOCD_ENV_PLATFORM: 'nitroso' });
    const lines = first.stderr.split('\n').filter((l) => l.startsWith('diene render '));
    expect(lines).toHaveLength(1);
    const stamp = STAMP.exec(first.stderr);
    expect(stamp?.[1]).toBe(JSON.parse(readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8')).version);
    expect(stamp?.[2]).toBe('nitroso');
    // render reads only the inputs its platform needs (not claims, not other platforms' rows)
    expect(Number(stamp?.[3])).toBeGreaterThan(0);
    expect(Number(stamp?.[3])).toBeLessThanOrEqual(readFleetTexts(dir).size);
    expect(STAMP.exec((await sidecarRender(dir, { ARGOCD_ENV_PLATFORM: 'nitroso' })).stderr)?.[4]).toBe(stamp?.[4]);
    expect(STAMP.exec((await sidecarRender(dir, { ARGOCD_ENV_PLATFORM: 'aldehyde' })).stderr)?.[4]).not.toBe(stamp?.[4]);
    const row = path.join(dir, 'platforms', 'nitroso', 'tin', 'pichu.yaml');
    writeFileSync(row, readFileSync(row, 'utf8') + '# a comment changes the inputs, not the objects\n');
    const edited = await sidecarRender(dir, { ARGOCD_ENV_PLATFORM: 'nitroso' });
    expect(STAMP.exec(edited.stderr)?.[4]).not.toBe(stamp?.[4]);
    expect(edited.stdout).toBe(first.stdout);
  });

  it('applies the fleet parameter from ARGOCD_APP_PARAMETERS, relative to the source directory', async () => {
    const dir = tempFleet();
    const source = path.join(path.dirname(dir), `${path.basename(dir)}-source`);
    mkdirSync(source);
    renameSync(dir, path.join(source, 'fleet'));
    cleanups.push(() => spawnSync('rm', ['-rf', source]));
    const run = await sidecarRender(source, { ARGOCD_ENV_PLATFORM: 'mercury', ARGOCD_APP_PARAMETERS: JSON.stringify([{ name: 'fleet', string: 'fleet' }]) });
    expect(run.exitCode, run.stderr).toBe(0);
    expect(run.stdout).toContain('kind: Platform\nmetadata:\n');
    expect(run.stdout).toContain('name: mercury');
    // the default "." would read the source directory, which holds no fleet
    const withoutParameter = await sidecarRender(source, { ARGOCD_ENV_PLATFORM: 'mercury' });
    expect(withoutParameter.exitCode).toBe(2);
    expect(withoutParameter.stdout).toBe('');
    expect(withoutParameter.stderr).toContain('fleet_file_missing');
  });

  it.each([
    ['an unknown name', [{ name: 'flet', string: '.' }], 'usage_plugin_parameter_unknown: plugin parameter "flet" is unknown'],
    ['the wrong type', [{ name: 'fleet', array: ['.'] }], 'usage_plugin_parameter_type: plugin parameter "fleet" must be a string, got an array'],
    [
      'a repeated name',
      [
        { name: 'fleet', string: '.' },
        { name: 'fleet', string: 'x' },
      ],
      'usage_plugin_parameter_repeated: plugin parameter "fleet" is given twice',
    ],
    [
      'a path leaving the source directory',
      [{ name: 'fleet', string: '../elsewhere' }],
      'usage_plugin_fleet_outside: plugin parameter "fleet" ("../elsewhere") leaves the source directory',
    ],
    ['an absolute path', [{ name: 'fleet', string: '/etc' }], 'usage_plugin_fleet_outside: plugin parameter "fleet" ("/etc") is an absolute path'],
  ])('refuses %s with a usage error and nothing on stdout', async (_what, parameters, message) => {
    const run = await sidecarRender(tempFleet(), { ARGOCD_ENV_PLATFORM: 'nitroso', ARGOCD_APP_PARAMETERS: JSON.stringify(parameters) });
    expect(run.exitCode).toBe(2);
    expect(run.stdout).toBe('');
    expect(run.stderr).toContain(message);
  });

  it('refuses parameters that are not JSON, and a flag that disagrees with the environment', async () => {
    const dir = tempFleet();
    const notJson = await sidecarRender(dir, { ARGOCD_ENV_PLATFORM: 'nitroso', ARGOCD_APP_PARAMETERS: '{fleet: .}' });
    expect([notJson.exitCode, notJson.stdout]).toEqual([2, '']);
    expect(notJson.stderr).toContain('usage_plugin_parameters_not_json: ARGOCD_APP_PARAMETERS is not JSON');
    const disagree = await sidecarRender(dir, { ARGOCD_ENV_PLATFORM: 'nitroso' }, ['--platform', 'mercury']);
    expect([disagree.exitCode, disagree.stdout]).toEqual([2, '']);
    expect(disagree.stderr).toContain('--platform mercury and ARGOCD_ENV_PLATFORM=nitroso cannot both be given: they name different platforms');
    const none = await sidecarRender(dir, {});
    expect([none.exitCode, none.stdout]).toEqual([2, '']);
    expect(none.stderr).toContain('diene render needs --platform NAME');
    // The hint lists the fleet's platforms (carbon/<platform>/platform.yaml), so the fix is a copy away.
    expect(none.stderr).toContain('name the platform to render, one of aldehyde, mercury, nitroso (in the plugin');
    expect(none.stderr).toContain('ARGOCD_ENV_PLATFORM');
  });

  it('prints nothing on stdout and a clear error on stderr when an input is broken', async () => {
    const dir = tempFleet({
      'carbon/nitroso/platform.yaml': 'name: nitroso\nlandscapes: [pichu, pikachu, raichu, ampharos]\nstages: [pichu, pikachu, raichu]\n',
    });
    const run = await sidecarRender(dir, { ARGOCD_ENV_PLATFORM: 'nitroso' });
    expect(run.exitCode).toBe(2);
    expect(run.stdout).toBe('');
    expect(run.stderr).toMatch(/^carbon\/nitroso\/platform\.yaml:\d+:\d+: error stage_missing_landscape: /m);
    // The stamp names what was rendered: nothing was.
    expect(run.stderr).not.toMatch(/^diene render /m);
  });

  it('keeps stdout independent of the clock: only the stale-override warning on stderr follows it', async () => {
    const dir = tempFleet();
    const early = await runCliInProcess(['render', '--platform', 'mercury', '--fleet', dir, '--now', '2026-11-21T00:00:00Z']);
    const late = await runCliInProcess(['render', '--platform', 'mercury', '--fleet', dir, '--now', '2027-06-01T00:00:00Z']);
    expect(early.stderr).not.toContain('row_override_stale');
    expect(late.stderr).toContain('row_override_stale');
    expect(late.stdout).toBe(early.stdout);
  });

  it('never reads through a symbolic link that leaves the tree', async () => {
    const dir = tempFleet();
    const outside = path.join(tmpdir(), `diene-outside-${process.pid}.yaml`);
    writeFileSync(outside, 'name: ghost\nregion: SIN\ntier: dev\n');
    cleanups.push(() => spawnSync('rm', ['-f', outside]));
    const before = await sidecarRender(dir, { ARGOCD_ENV_PLATFORM: 'nitroso' });
    symlinkSync(outside, path.join(dir, 'registry', 'landscapes', 'ghost.yaml'));
    const after = await sidecarRender(dir, { ARGOCD_ENV_PLATFORM: 'nitroso' });
    // Refused loudly, never read and never skipped in silence (issue 9): a dropped input would change the manifests.
    expect(before.exitCode, before.stderr).toBe(0);
    expect(after.exitCode, after.stderr).toBe(2);
    expect(after.stderr).toContain('registry/landscapes/ghost.yaml:1:1: error file_symlink_outside');
    expect(after.stderr).not.toContain('ghost\n');
    expect(after.stdout).toBe('');
  });

  it('never lets the fleet parameter follow a symbolic link out of the source directory (issue 14)', async () => {
    const source = tempFleet();
    const elsewhere = tempFleet();
    // A valid fleet outside the checkout, reached through a link the repository carries: lexically "deploy" stays inside.
    symlinkSync(elsewhere, path.join(source, 'deploy'));
    const outside = await sidecarRender(source, { ARGOCD_ENV_PLATFORM: 'nitroso', ARGOCD_APP_PARAMETERS: '[{"name":"fleet","string":"deploy"}]' });
    expect(outside.exitCode).toBe(2);
    expect(outside.stdout).toBe('');
    expect(outside.stderr).toContain('plugin parameter "fleet" ("deploy") leads through a symbolic link out of the source directory');
    // A link that stays inside the checkout is a path like any other.
    mkdirSync(path.join(source, 'nested'));
    renameSync(path.join(source, 'registry'), path.join(source, 'nested', 'registry'));
    for (const folder of ['state', 'platforms', 'claims', 'carbon']) renameSync(path.join(source, folder), path.join(source, 'nested', folder));
    symlinkSync('nested', path.join(source, 'inner'));
    const inside = await sidecarRender(source, { ARGOCD_ENV_PLATFORM: 'nitroso', ARGOCD_APP_PARAMETERS: '[{"name":"fleet","string":"inner"}]' });
    expect(inside.exitCode, inside.stderr).toBe(0);
    expect(inside.stdout).toBe((await runCliInProcess(['render', '--platform', 'nitroso', '--fleet', elsewhere, ...NOW])).stdout);
  });
});

describe('plugin parameters', () => {
  it('apply their defaults when ArgoCD sends none (it never sends announced defaults)', () => {
    expect(parsePluginParameters(undefined)).toEqual({ fleet: '.', explicit: [] });
    expect(parsePluginParameters('[]')).toEqual({ fleet: '.', explicit: [] });
    expect(parsePluginParameters('[{"name":"fleet","string":""}]')).toEqual({ fleet: '.', explicit: ['fleet'] });
    expect(parsePluginParameters('[{"name":"fleet","string":"deploy/fleet"}]')).toEqual({ fleet: 'deploy/fleet', explicit: ['fleet'] });
  });

  it('resolve the fleet inside the source directory only', () => {
    expect(resolveFleetParameter('/src/app', 'a/b')).toBe('/src/app/a/b');
    expect(resolveFleetParameter('/src/app', 'a/../b')).toBe('/src/app/b');
    expect(resolveFleetParameter('/src/app', '..fleet')).toBe('/src/app/..fleet');
    expect(() => resolveFleetParameter('/src/app', 'a/../../b')).toThrow(/leaves the source directory/);
  });
});

describe('a render larger than 1 MiB piped through cat', () => {
  it('arrives whole and byte for byte', () => {
    const landscapes = ['pichu', 'pikachu', 'raichu', 'ampharos'];
    const overlay: Record<string, string> = {};
    for (let i = 1; i <= 80; i++)
      for (const landscape of landscapes) overlay[`platforms/nitroso/bulk${i}/${landscape}.yaml`] = `pin:\n  chart: "2.${i}.0"\n  image: "2.${i}.0"\n`;
    const texts = overlayTexts(readFleetTexts(), overlay);
    const fleet = writeTempFleet(texts);
    cleanups.push(fleet.cleanup);

    const analysis = analyzeFleet(toSourceFiles(texts), { nowSeconds: TEST_NOW_SECONDS });
    const platform = analysis.model?.platforms.find((p) => p.name === 'nitroso');
    if (!analysis.model || !platform) throw new Error(`the synthetic fleet does not compile: ${JSON.stringify(analysis.diagnostics.slice(0, 3))}`);
    const expected = toYamlStream(platformObjects(analysis.model, platform), 'diene render');
    expect(Buffer.byteLength(expected)).toBeGreaterThan(1024 * 1024);

    const out = path.join(fleet.dir, 'piped.yaml');
    const script = `set -o pipefail; cd "$1" && ARGOCD_ENV_PLATFORM=nitroso "$2" "$3" render --now 2026-11-21T00:00:00Z 2>/dev/null | cat > "$4"`;
    const run = spawnSync('bash', ['-c', script, 'render-pipe', fleet.dir, process.execPath, path.join(REPO_ROOT, 'bin', 'diene.js'), out], {
      encoding: 'utf8',
      env: { ...process.env, ARGOCD_APP_PARAMETERS: '' },
      timeout: 120_000,
    });
    expect(run.status, run.stderr).toBe(0);
    const piped = readFileSync(out, 'utf8');
    expect(Buffer.byteLength(piped)).toBe(Buffer.byteLength(expected));
    expect(piped === expected).toBe(true);
  });
});
