/**
 * Permanent identifiers on the command line: `compile --check --base DIR` and
 * `report --base DIR` refuse a changed or removed identifier with exit 1,
 * name both values and both places, and let a retired one through.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readFleetTexts, useTempFleets } from '../support/fleet-fixture.js';
import { runCli, runCliInProcess } from '../support/run-cli.js';
// Command lines whose subject is the command's output, diagnostics and exit code run the CLI's
// `main` in this process (runCliInProcess, held to the binary's bytes by test/cli/in-process.test.ts);
// the first test that runs the CLI, and the helpers above the tests, run bin/diene.js.

const tempFleet = useTempFleets();
const NOW = ['--now', '2026-11-21T00:00:00Z'];
const reference = readFleetTexts();
const iad = (reference.get('registry/landscapes/raichu.yaml') as string).replace('region: SIN', 'region: IAD');
const togepi = 'name: togepi\nmembers:\n  - {landscape: pichu, serve: true}\n';

describe('compile --check --base', () => {
  it('refuses a changed region and a removed virtual landscape with exit 1, then accepts them retired', () => {
    const base = tempFleet({ 'registry/vlandscapes/togepi.yaml': togepi });
    const head = tempFleet({ 'registry/landscapes/raichu.yaml': iad });
    expect(runCli(['compile', '--fleet', head, ...NOW]).exitCode).toBe(0);
    const baseLabel = path.relative(head, base).split(path.sep).join('/');

    const refused = runCli(['compile', '--check', '--fleet', head, '--base', base, ...NOW], { cwd: head });
    expect(refused.exitCode, refused.stderr).toBe(1);
    expect(refused.stderr).toContain(
      'registry/landscapes/raichu.yaml:3:9: error permanent_identifier_changed: the region of landscape raichu changed from SIN to IAD',
    );
    expect(refused.stderr).toContain(
      `${baseLabel}/registry/vlandscapes/togepi.yaml:1:7: error permanent_identifier_removed: the virtual landscape name togepi was removed (now: none)`,
    );
    expect(refused.stderr).toContain('refused: 2 permanent identifier(s) changed or removed against the base');

    const json = runCli(['compile', '--check', '--fleet', head, '--base', base, '--format', 'json', ...NOW], { cwd: head });
    const diagnostics = JSON.parse(json.stderr.slice(json.stderr.indexOf('['), json.stderr.lastIndexOf(']') + 1)) as {
      code: string;
      file: string;
      line: number;
      column: number;
    }[];
    expect(diagnostics.filter((d) => d.code.startsWith('permanent_')).map((d) => [d.code, d.file, d.line, d.column])).toEqual(
      [
        ['permanent_identifier_removed', `${baseLabel}/registry/vlandscapes/togepi.yaml`, 1, 7],
        ['permanent_identifier_changed', 'registry/landscapes/raichu.yaml', 3, 9],
      ].sort((a, b) => (String(a[1]) < String(b[1]) ? -1 : 1)),
    );

    const fleetYaml = path.join(head, 'registry', 'fleet.yaml');
    writeFileSync(
      fleetYaml,
      `${readFileSync(fleetYaml, 'utf8')}retired:\n` +
        '  - { kind: region, landscape: raichu, value: SIN, date: 2026-11-30, reason: moved to IAD with its data }\n' +
        '  - { kind: vlandscape, value: togepi, date: 2026-11-30, reason: never announced }\n',
    );
    const accepted = runCli(['compile', '--check', '--fleet', head, '--base', base, ...NOW], { cwd: head });
    expect(accepted.exitCode, accepted.stderr).toBe(0);
    expect(accepted.stderr).toContain('fresh:');
  });

  it('takes --base only with --check', async () => {
    const head = tempFleet();
    const run = await runCliInProcess(['compile', '--fleet', head, '--base', head, ...NOW]);
    expect(run.exitCode).toBe(2);
    expect(run.stderr).toContain('usage_option_missing: diene compile needs --check');
    expect(run.stderr).toContain('--base compares a pull request with its base branch, so it is given with --check');
  });
});

describe('report --base', () => {
  it('lists the refused change in the comment and exits 1', async () => {
    const base = tempFleet();
    const head = tempFleet({ 'registry/landscapes/raichu.yaml': iad });
    const run = await runCliInProcess(['report', '--fleet', head, '--base', base, ...NOW]);
    expect(run.exitCode, run.stderr).toBe(1);
    expect(run.stdout).toContain('## diene: 1 permanent identifier change refused; ');
    expect(run.stdout).toContain('### Refused against the base branch');
    expect(run.stdout).toMatch(
      /\| `registry\/landscapes\/raichu\.yaml:3:9` \| `permanent_identifier_changed` \| the region of landscape raichu changed from SIN to IAD \|/,
    );
    expect(run.stderr).toContain('error permanent_identifier_changed');

    const same = await runCliInProcess(['report', '--fleet', head, '--base', head, ...NOW]);
    expect(same.exitCode, same.stderr).toBe(0);
    expect(same.stdout).not.toContain('Refused against the base branch');
  });

  it('exits 1 on a removed identifier, naming its place in the base as base:PATH in the comment and on stderr, as its help says', async () => {
    const base = tempFleet({ 'registry/vlandscapes/togepi.yaml': togepi });
    const head = tempFleet();
    const run = await runCliInProcess(['report', '--fleet', head, '--base', base, ...NOW], { cwd: head });
    expect(run.exitCode, run.stderr).toBe(1);
    expect(run.stdout).toContain(
      '| `base:registry/vlandscapes/togepi.yaml:1:7` | `permanent_identifier_removed` | the virtual landscape name togepi was removed \\(now: none\\) |',
    );
    expect(run.stderr).toContain('base:registry/vlandscapes/togepi.yaml:1:7: error permanent_identifier_removed');
    expect(run.stderr).not.toContain(path.relative(head, base));
    const help = (await runCliInProcess(['help', 'report'])).stdout;
    expect(help).toMatch(/^ {2}1 +the report was written, and with --base it lists a permanent identifier changed or removed/m);
  });
});
