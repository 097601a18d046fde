/**
 * `diene render` (one platform's objects on stdout, diagnostics on stderr,
 * nothing on stdout on error) and `diene materialize` (writes missing empty
 * rows, never rewrites one).
 */
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseAllDocuments } from 'yaml';
import { useTempFleets } from '../support/fleet-fixture.js';
import { runCli, runCliInProcess } from '../support/run-cli.js';
import { SHARED_CHART, sharedChartFleetTexts } from '../support/shared-chart-fleet.js';
// Command lines whose subject is the command's output, diagnostics and exit code run the CLI's
// `main` in this process (runCliInProcess, held to the binary's bytes by test/cli/in-process.test.ts);
// the first test that runs the CLI, and the helpers above the tests, run bin/diene.js.

const tempFleet = useTempFleets();

describe('diene render', () => {
  it('prints the Platform record, the Kargo objects and the ApplicationSets of one platform, in sync-wave order', () => {
    const run = runCli(['render', '--platform', 'nitroso', '--fleet', tempFleet()]);
    expect(run.exitCode, run.stderr).toBe(0);
    const objects = parseAllDocuments(run.stdout).map((d) => d.toJS() as { kind: string; metadata: { name: string; annotations?: Record<string, string> } });
    expect(objects.map((o) => `${o.kind}/${o.metadata.name}`)).toEqual([
      'Platform/nitroso',
      'Project/nitroso',
      'ProjectConfig/nitroso',
      'Warehouse/tin',
      'Warehouse/zinc',
      'AppProject/nitroso',
      'ApplicationSet/nitroso-tin',
      'ApplicationSet/nitroso-tin-primordial',
      'ApplicationSet/nitroso-zinc',
      'ApplicationSet/nitroso-zinc-primordial',
      'Stage/tin-pichu',
      'Stage/tin-pikachu',
      'Stage/tin-raichu',
      'Stage/tin-ampharos',
      'Stage/zinc-pichu',
      'Stage/zinc-pikachu',
      'Stage/zinc-raichu',
      'Stage/zinc-ampharos',
    ]);
    const waves = objects.map((o) => Number(o.metadata.annotations?.['argocd.argoproj.io/sync-wave']));
    expect(waves).toEqual([...waves].sort((a, b) => a - b));
  });

  it('prints nothing on stdout and exits 2 when the fleet is invalid', async () => {
    const run = await runCliInProcess(['render', '--platform', 'nitroso', '--fleet', tempFleet({ 'registry/landscapes/pichu.yaml': 'name: pichu\n' })]);
    expect(run.exitCode).toBe(2);
    expect(run.stdout).toBe('');
    expect(run.stderr).toContain('schema_required');
  });
});

describe('diene materialize', () => {
  it('writes the missing empty rows and leaves existing rows alone', async () => {
    const dir = tempFleet({ 'platforms/nitroso/zinc/ampharos.yaml': null, 'platforms/mercury/webhook/pichu.yaml': null });
    const tinRow = path.join(dir, 'platforms', 'nitroso', 'tin', 'raichu.yaml');
    const tinBefore = readFileSync(tinRow, 'utf8');
    const run = await runCliInProcess(['materialize', '--fleet', dir]);
    expect(run.exitCode, run.stderr).toBe(0);
    expect(run.stderr).toContain('wrote platforms/mercury/webhook/pichu.yaml');
    expect(run.stderr).toContain('wrote platforms/nitroso/zinc/ampharos.yaml');
    expect(readFileSync(path.join(dir, 'platforms', 'nitroso', 'zinc', 'ampharos.yaml'), 'utf8')).toBe(
      '# yaml-language-server: $schema=../../../schemas/row.schema.json\npin:\n  chart: ""\n  image: ""\n',
    );
    expect(readFileSync(tinRow, 'utf8')).toBe(tinBefore);
    const again = await runCliInProcess(['materialize', '--fleet', dir]);
    expect(again.stderr).toContain('every row exists; nothing written');
    expect((await runCliInProcess(['validate', '--fleet', dir])).exitCode).toBe(0);
  });

  it("writes the missing rows of a platform's shared charts (issue 36 point 3), which then compile without shared_row_missing", async () => {
    const texts = sharedChartFleetTexts();
    const dir = tempFleet(Object.fromEntries([...texts].filter(([file]) => file.startsWith('carbon/nitroso/') || file.includes('/_shared/'))));
    rmSync(path.join(dir, 'platforms', 'nitroso', '_shared', SHARED_CHART, 'raichu.yaml'));
    const before = await runCliInProcess(['validate', '--fleet', dir]);
    expect(before.stderr).toContain('shared_row_missing');
    const pichu = path.join(dir, 'platforms', 'nitroso', '_shared', SHARED_CHART, 'pichu.yaml');
    const pichuBefore = readFileSync(pichu, 'utf8');
    const run = await runCliInProcess(['materialize', '--fleet', dir]);
    expect(run.exitCode, run.stderr).toBe(0);
    expect(run.stderr).toContain(`wrote platforms/nitroso/_shared/${SHARED_CHART}/raichu.yaml`);
    expect(readFileSync(path.join(dir, 'platforms', 'nitroso', '_shared', SHARED_CHART, 'raichu.yaml'), 'utf8')).toBe(
      '# yaml-language-server: $schema=../../../../schemas/shared-row.schema.json\npin:\n  chart: ""\n',
    );
    expect(readFileSync(pichu, 'utf8')).toBe(pichuBefore);
    const after = await runCliInProcess(['validate', '--fleet', dir]);
    expect(after.exitCode, after.stderr).toBe(0);
    expect(after.stderr).not.toContain('shared_row_missing');
  });

  it('never rewrites a row, even an odd one', async () => {
    const dir = tempFleet();
    const row = path.join(dir, 'platforms', 'nitroso', 'tin', 'pichu.yaml');
    const odd = "# kept as written\r\npin:\r\n    image: '1.4.2'\r\n    chart: 1.4.2\r\n";
    writeFileSync(row, odd);
    expect((await runCliInProcess(['materialize', '--fleet', dir])).exitCode).toBe(0);
    expect(readFileSync(row, 'utf8')).toBe(odd);
    expect(existsSync(row)).toBe(true);
  });
});

describe('diene render, scoped to one platform', () => {
  it('renders nitroso although a mercury row is broken, and refuses mercury for it', async () => {
    const dir = tempFleet({ 'platforms/mercury/webhook/raichu.yaml': 'pin: {chart: 0.8.3\n' });
    const nitroso = await runCliInProcess(['render', '--platform', 'nitroso', '--fleet', dir]);
    expect(nitroso.exitCode, nitroso.stderr).toBe(0);
    expect(nitroso.stdout).toContain('kind: Platform');
    const mercury = await runCliInProcess(['render', '--platform', 'mercury', '--fleet', dir]);
    expect(mercury.exitCode).toBe(2);
    expect(mercury.stdout).toBe('');
    expect(mercury.stderr).toContain('platforms/mercury/webhook/raichu.yaml');
  });

  it('gives the same objects as the whole-fleet compile', async () => {
    const dir = tempFleet();
    const render = await runCliInProcess(['render', '--platform', 'aldehyde', '--fleet', dir]);
    expect(render.exitCode, render.stderr).toBe(0);
    expect((await runCliInProcess(['compile', '--fleet', dir])).exitCode).toBe(0);
    const compiled = ['platforms', 'kargo', 'argocd'].map((folder) => readFileSync(path.join(dir, 'generated', folder, 'aldehyde.yaml'), 'utf8'));
    const body = (text: string) => text.split('\n').filter((line) => !line.startsWith('#'));
    const objects = (text: string) =>
      body(text)
        .join('\n')
        .split('---\n')
        .filter((doc) => doc.trim() !== '')
        .sort();
    expect(objects(render.stdout)).toEqual(compiled.flatMap(objects).sort());
  });
});
