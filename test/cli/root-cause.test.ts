/**
 * Root cause first, as a user sees it on the terminal: one diagnostic for one
 * cause, nothing false printed before it. The sample cases under test/cases/
 * assert each code, place and hint; these assert the whole of stderr.
 */
import { mkdtempSync, readFileSync, realpathSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { useTempFleets } from '../support/fleet-fixture.js';
import { runCli, runCliInProcess } from '../support/run-cli.js';
// Command lines whose subject is the command's output, diagnostics and exit code run the CLI's
// `main` in this process (runCliInProcess, held to the binary's bytes by test/cli/in-process.test.ts);
// the first test that runs the CLI, and the helpers above the tests, run bin/diene.js. They run from the
// fleet root, where the text form names files from it.

const tempFleet = useTempFleets();

/** The `file:line:col: severity code` heads of a text report. */
function heads(stderr: string): string[] {
  return stderr
    .split('\n')
    .filter((line) => /\b(error|warning) [a-z0-9_]+:/.test(line))
    .map((line) => line.replace(/: (error|warning) ([a-z0-9_]+):.*$/, ': $1 $2'));
}

describe('root cause first', () => {
  it('render --platform nitrso prints platform_not_found with its did-you-mean and no warning about other platforms', () => {
    const dir = tempFleet();
    const cache = `${dir}-render-cache`;
    const run = runCli(['render', '--platform', 'nitrso', '--fleet', dir, '--cache', cache]);
    // The same run answered by the cache prints the same.
    expect(runCli(['render', '--platform', 'nitrso', '--fleet', dir, '--cache', cache])).toEqual(run);
    expect(run.exitCode).toBe(2);
    expect(run.stdout).toBe('');
    expect(heads(run.stderr)).toEqual(['diene: error platform_not_found']);
    expect(run.stderr).toContain('hint: did you mean "nitroso"? name one of: aldehyde, mercury, nitroso');
    expect(run.stderr).toContain('1 error, 0 warnings');
    // The provenance stamp names what was rendered: a platform that does not exist rendered nothing.
    expect(run.stderr).not.toContain('diene render ');
    rmSync(cache, { recursive: true, force: true });
  });

  it('a misspelt landscape in a cluster file is the one error, with the three it causes folded under it and counted', async () => {
    const dir = tempFleet();
    writeFileSync(
      path.join(dir, 'registry/clusters/pichu-topaz.yaml'),
      'landscape: pichuu\nmark: topaz\nprovider: digitalocean\naccount: digitalocean-main\ntraffic: true\n',
    );
    const run = await runCliInProcess(['validate', '--fleet', dir], { cwd: dir });
    expect(run.exitCode).toBe(2);
    expect(heads(run.stderr).filter((h) => h.includes(' error '))).toEqual(['registry/clusters/pichu-topaz.yaml:1:12: error cluster_landscape_unknown']);
    expect(run.stderr).toContain('3 consequence(s) not reported separately');
    expect(run.stderr).toContain('hint: did you mean "pichu"? write `landscape: pichu`');
  });

  it('a misspelt required key is one error at the key with its did-you-mean, for a cluster, a row and a claim: the missing key is folded, not a second error', async () => {
    const dir = tempFleet();
    const cluster = path.join(dir, 'registry/clusters/pichu-topaz.yaml');
    writeFileSync(cluster, readFileSync(cluster, 'utf8').replace('traffic: true', 'trafic: true'));
    const row = path.join(dir, 'platforms/aldehyde/lithium/pichu.yaml');
    writeFileSync(row, readFileSync(row, 'utf8').replace('  image:', '  imag:'));
    const claim = path.join(dir, 'claims/domains/api.zinc.nitroso.pichu.cluster.atomi.cloud.json');
    writeFileSync(claim, readFileSync(claim, 'utf8').replace('"app":', '"ap":'));
    const run = await runCliInProcess(['validate', '--fleet', dir, '--quiet'], { cwd: dir });
    expect(run.exitCode).toBe(2);
    expect(heads(run.stderr)).toEqual([
      'claims/domains/api.zinc.nitroso.pichu.cluster.atomi.cloud.json:3:3: error schema_key_misspelt',
      'platforms/aldehyde/lithium/pichu.yaml:4:3: error schema_key_misspelt',
      'registry/clusters/pichu-topaz.yaml:6:1: error schema_key_misspelt',
    ]);
    expect(run.stderr).toContain('error schema_key_misspelt: unknown key "trafic": did you mean "traffic"?\n');
    expect(run.stderr).toContain(
      'hint: rename "trafic" to "traffic" (1 consequence not reported separately: the required key "traffic" is missing); allowed keys here: account, landscape, mark, provider, traffic',
    );
    expect(run.stderr).toContain('error schema_key_misspelt: unknown key "imag": did you mean "image"?\n');
    expect(run.stderr).toContain('error schema_key_misspelt: unknown key "ap": did you mean "app"?\n');
    expect(run.stderr).toContain('3 errors, 0 warnings');
  });

  it('registry/fleet.yml is the one error: no fleet_file_missing telling the user, who is at the fleet root, to go there', async () => {
    const dir = tempFleet();
    renameSync(path.join(dir, 'registry/fleet.yaml'), path.join(dir, 'registry/fleet.yml'));
    const run = await runCliInProcess(['validate', '--quiet'], { cwd: dir });
    expect(run.exitCode).toBe(2);
    expect(heads(run.stderr)).toEqual(['registry/fleet.yml:1:1: error file_name_misspelt']);
    expect(run.stderr).toContain('hint: did you mean registry/fleet.yaml? rename it: `git mv registry/fleet.yml registry/fleet.yaml`');
    expect(run.stderr).not.toContain('--fleet DIR');
  });

  it('in a folder that is not a fleet, one fleet_file_missing names the folder searched and what a fleet holds', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'not-a-fleet-'));
    try {
      const run = await runCliInProcess(['validate', '--no-cache'], { cwd: dir });
      expect(run.exitCode).toBe(2);
      // One cause, one error: regions.yaml is not reported missing beside a missing fleet.yaml.
      expect(heads(run.stderr)).toEqual(['diene: error fleet_file_missing']);
      const folder = realpathSync(dir);
      expect(run.stderr).toContain(`error fleet_file_missing: registry/fleet.yaml is missing in ${folder}\n`);
      expect(run.stderr).toContain('hint: run from the fleet root or pass --fleet DIR; a fleet holds registry/fleet.yaml and registry/regions.yaml\n');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('a fleet (registry/fleet.yaml there) without registry/regions.yaml: the hint says what that file holds, not to change directory', async () => {
    const dir = tempFleet({ 'registry/regions.yaml': null });
    const run = await runCliInProcess(['compile', '--check', '--no-cache'], { cwd: dir });
    expect(run.exitCode).toBe(2);
    expect(heads(run.stderr)).toEqual(['diene: error fleet_file_missing']);
    expect(run.stderr).toContain(`error fleet_file_missing: registry/regions.yaml is missing in ${realpathSync(dir)}\n`);
    expect(run.stderr).toContain(
      'hint: this is a fleet (registry/fleet.yaml is there), but it has no registry/regions.yaml, the allow-list of regions its landscapes may use: each key an IATA airport code',
    );
    expect(run.stderr).not.toContain('--fleet DIR');
  });

  it('a misspelt landscape beside a sibling cluster with traffic off: no dns_landscape_dark nor prod warning about the sibling, only the misspelling', async () => {
    const dir = tempFleet();
    writeFileSync(path.join(dir, 'registry/clusters/raichu-opal.yaml'), 'landscape: raichuu\nmark: opal\nprovider: aws\naccount: aws-main\ntraffic: true\n');
    const run = await runCliInProcess(['compile', '--fleet', dir, '--quiet'], { cwd: dir });
    expect(run.exitCode).toBe(2);
    expect(heads(run.stderr)).toEqual(['registry/clusters/raichu-opal.yaml:1:12: error cluster_landscape_unknown']);
    expect(run.stderr).toContain(
      '(4 consequence(s) not reported separately: the file name raichu-opal.yaml disagrees with it; state/clusters/raichu-opal.yaml names no registered cluster; ' +
        'landscape "raichu" has no other cluster with traffic on; prod landscape "raichu" has one cluster left)',
    );
    expect(run.stderr).toContain('hint: did you mean "raichu"? write `landscape: raichu`');
    // Without --quiet, the bundled example's teaching warnings (claims, rows) remain; none about the registry.
    const warnings = await runCliInProcess(['compile', '--fleet', dir], { cwd: dir });
    expect(heads(warnings.stderr).filter((h) => h.startsWith('registry/'))).toEqual([
      'registry/clusters/raichu-opal.yaml:1:12: error cluster_landscape_unknown',
    ]);
  });

  it('a .yml landscape is the one error, first, with the rename; no "landscape does not exist"', async () => {
    const dir = tempFleet();
    renameSync(path.join(dir, 'registry/landscapes/pichu.yaml'), path.join(dir, 'registry/landscapes/pichu.yml'));
    const run = await runCliInProcess(['compile', '--fleet', dir], { cwd: dir });
    expect(run.exitCode).toBe(2);
    expect(heads(run.stderr)).toEqual(['registry/landscapes/pichu.yml:1:1: error file_name_misspelt']);
    expect(run.stderr).not.toContain('does not exist');
  });
});
