/**
 * The warnings the DNS commands print (compiler/cli/dns-warnings.ts, docs/cli.md
 * "Warnings of the DNS commands"): those about the DNS inputs, the DNS answers
 * and the machine, then one note counting the fleet's other warnings, which
 * `diene validate` shows; errors all, as before.
 */
import { cpSync, readdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Diagnostic } from '../../compiler/diagnostics/diagnostic.js';
import { overlayTexts, readFleetTexts, writeTempFleet } from '../support/fleet-fixture.js';
import { runCli, runCliInProcess } from '../support/run-cli.js';

const NOW = ['--now', '2026-11-21T00:00:00Z'];
const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup();
});

const reference = readFleetTexts();
const fleetYaml = reference.get('registry/fleet.yaml') as string;
/** The reference fleet with one DNS host: a `dns_single_host` warning at fleet.yaml's /dns/hosts. */
const oneHost = fleetYaml.replace(/\n {4}- name: google\n(?: {6}.*\n| {8}.*\n)+/, '\n');

let compiled = '';
beforeAll(() => {
  const fleet = writeTempFleet(reference);
  const run = runCli(['compile', '--fleet', fleet.dir, ...NOW]);
  if (run.exitCode !== 0) throw new Error(run.stderr);
  compiled = fleet.dir;
  return () => fleet.cleanup();
});

function fleetWith(overlay: Record<string, string | null> = {}): string {
  const fleet = writeTempFleet(overlayTexts(reference, overlay));
  cleanups.push(fleet.cleanup);
  cpSync(path.join(compiled, 'generated', 'dns'), path.join(fleet.dir, 'live'), { recursive: true });
  // A host the fleet no longer lists has no live zone to plan against.
  if (!(overlay['registry/fleet.yaml'] ?? fleetYaml).includes('name: google'))
    for (const entry of readdirSync(path.join(fleet.dir, 'live'), { withFileTypes: true }))
      if (entry.isDirectory()) rmSync(path.join(fleet.dir, 'live', entry.name, 'google.json'), { force: true });
  return fleet.dir;
}

function parsed(text: string): Diagnostic[] {
  return JSON.parse(text) as Diagnostic[];
}

const validateWarnings = async (dir: string) => parsed((await runCliInProcess(['validate', '--fleet', dir, '--format', 'json', ...NOW])).stdout);
const named = (list: readonly Diagnostic[]) => list.map((d) => `${d.code} ${d.file ?? ''}`).sort();

describe('the DNS commands', () => {
  it('print the warnings about the DNS inputs and answers, and count the others for diene validate (plan dns)', async () => {
    const dir = fleetWith({ 'registry/fleet.yaml': oneHost });
    const all = await validateWarnings(dir);
    const json = await runCliInProcess(['plan', 'dns', '--fleet', dir, '--live', path.join(dir, 'live'), '--format', 'json', ...NOW]);
    expect(json.exitCode, json.stderr).toBe(0);
    const shown = parsed(json.stderr);
    // The single host (fleet.yaml /dns/hosts) and the prod landscape served by one cluster (its DNS answers) bear on the plan.
    expect(named(shown)).toEqual(['dns_single_host registry/fleet.yaml', 'landscape_prod_single_serving registry/landscapes/raichu.yaml']);
    // Claims, rows and pins do not; validate shows them.
    const others = all.length - shown.length;
    expect(all.map((d) => d.code)).toEqual(expect.arrayContaining(['claim_targets_dropped', 'claim_host_not_ready', 'row_version_not_semver']));
    expect(others).toBeGreaterThan(3);

    const text = await runCliInProcess(['plan', 'dns', '--fleet', dir, '--live', path.join(dir, 'live'), ...NOW]);
    expect(text.exitCode).toBe(0);
    expect(text.stderr).not.toMatch(/warning (claim|row)_/);
    expect(text.stderr).toContain('warning dns_single_host: one DNS host (route53) serves every zone of the fleet');
    expect(text.stderr).toContain(`\n\n0 errors, 2 warnings\n${others} other warnings about the fleet (not its DNS inputs): \`diene validate\` shows them\n`);
    // The note comes first among the notes (the parent zone's, left out of the plan, follows).
    expect(text.stderr.split('\n').slice(-3, -1)).toEqual([
      `${others} other warnings about the fleet (not its DNS inputs): \`diene validate\` shows them`,
      "atomi.cloud (the parent zone): its snapshot is not planned, as apply dns does not write the delegation (its host is not the fleet's); the compiled dns/atomi.cloud/delegation.json shows the NS records to keep there",
    ]);
  });

  it('filter apply dns the same way, the note before the outcome per zone', async () => {
    const dir = fleetWith();
    const all = await validateWarnings(dir);
    const run = await runCliInProcess(['apply', 'dns', '--fleet', dir, '--dry-run', '--live-from', path.join(dir, 'live'), ...NOW]);
    expect(run.exitCode, run.stderr).toBe(0);
    expect(run.stderr).not.toMatch(/warning (claim|row)_/);
    expect(run.stderr).toContain(
      `\n\n0 errors, 1 warning\n${all.length - 1} other warnings about the fleet (not its DNS inputs): \`diene validate\` shows them\n`,
    );
    expect(run.stderr.trimEnd().split('\n').at(-1)).toMatch(/^dry run: nothing written/);
  });

  // Every landscape_* warning says which clusters serve a landscape, so who answers for its names in DNS.
  it("print the warnings about who serves a landscape that a cluster's removal brings (landscape_prod_single_cluster)", async () => {
    const dir = fleetWith({ 'registry/clusters/ampharos-pearl.yaml': null, 'state/clusters/ampharos-pearl.yaml': null });
    const all = await validateWarnings(dir);
    expect(all.map((d) => d.code)).toContain('landscape_prod_single_cluster');
    const run = await runCliInProcess(['plan', 'dns', '--fleet', dir, '--live', path.join(dir, 'live'), '--force', '--format', 'json', ...NOW]);
    expect(run.exitCode, run.stderr).toBe(0);
    const shown = parsed(run.stderr);
    expect(named(shown)).toEqual(
      expect.arrayContaining([
        'landscape_prod_single_cluster registry/landscapes/ampharos.yaml',
        'landscape_prod_single_serving registry/landscapes/raichu.yaml',
      ]),
    );
    // Every landscape_* warning validate finds is shown by the DNS commands too.
    expect(named(shown.filter((d) => d.code.startsWith('landscape_')))).toEqual(named(all.filter((d) => d.code.startsWith('landscape_'))));
    const text = await runCliInProcess(['plan', 'dns', '--fleet', dir, '--live', path.join(dir, 'live'), '--force', ...NOW]);
    expect(text.stderr).toContain('warning landscape_prod_single_cluster: prod landscape "ampharos" has one cluster');
  });

  it('still print every error, and stop as before (exit 2)', async () => {
    const row = 'platforms/nitroso/zinc/pikachu.yaml';
    const dir = fleetWith({ [row]: `${reference.get(row) as string}\nbogus: 1\n` });
    const run = await runCliInProcess(['plan', 'dns', '--fleet', dir, '--live', path.join(dir, 'live'), '--format', 'json', ...NOW]);
    expect(run.exitCode).toBe(2);
    expect(run.stdout).toBe('');
    const errors = parsed(run.stderr).filter((d) => d.severity === 'error');
    expect(errors.map((d) => d.file)).toContain(row);
  });
});
