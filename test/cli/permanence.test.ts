/**
 * Permanent identifiers on the command line: `compile --check --base DIR` and
 * `report --base DIR` refuse a changed or removed identifier with exit 1,
 * name both values and both places, and let a retired one through. The
 * refusal does not stop `--check`: the same run compares the generated files
 * and says whether they are fresh or stale (one CI round, issue 34).
 */
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
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
    // The base checkout lies outside the working directory and the fleet: named by its absolute path (docs/diagnostics.md).
    const baseLabel = base.split(path.sep).join('/');

    const refused = runCli(['compile', '--check', '--fleet', head, '--base', base, ...NOW], { cwd: head });
    expect(refused.exitCode, refused.stderr).toBe(1);
    expect(refused.stderr).toContain(
      'registry/landscapes/raichu.yaml:3:9: error permanent_identifier_changed: the region of landscape raichu changed from SIN to IAD',
    );
    expect(refused.stderr).toContain(
      `${baseLabel}/registry/vlandscapes/togepi.yaml:1:7: error permanent_identifier_removed: the virtual landscape name togepi was removed (now: none)`,
    );
    expect(refused.stderr).toContain(
      `refused: 2 permanent identifier(s) changed or removed against the base ${base} (docs/checks.md); the generated files were compared as well:\nfresh: `,
    );
    expect(refused.stderr).not.toContain('nothing else was checked');

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

  it('reports a refused identifier and a stale tree in one run: both said, the diff on stdout, exit 1', async () => {
    const base = tempFleet();
    const head = tempFleet({ 'registry/landscapes/raichu.yaml': iad });
    expect((await runCliInProcess(['compile', '--fleet', head, ...NOW])).exitCode).toBe(0);
    rmSync(path.join(head, 'generated', 'gateways', 'raichu-opal.json'));
    const summaryFile = path.join(os.tmpdir(), `diene-permanence-summary-${process.pid}.md`);
    writeFileSync(summaryFile, '');

    const run = await runCliInProcess(['compile', '--check', '--fleet', head, '--base', base, ...NOW], {
      cwd: head,
      env: { GITHUB_ACTIONS: 'true', GITHUB_STEP_SUMMARY: summaryFile },
    });
    expect(run.exitCode, run.stderr).toBe(1);
    expect(run.stderr).toContain(
      'registry/landscapes/raichu.yaml:3:9: error permanent_identifier_changed: the region of landscape raichu changed from SIN to IAD',
    );
    const literal = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    expect(run.stderr).toMatch(
      new RegExp(
        `^refused: 1 permanent identifier\\(s\\) changed or removed against the base ${literal(base)} \\(docs/checks\\.md\\); the generated files were compared as well:\n` +
          `stale: 1 generated file of [0-9]+ differs from what the inputs produce; run \`diene compile --fleet ${literal(head)}\` and commit the result\n` +
          '  missing gateways/raichu-opal\\.json$',
        'm',
      ),
    );
    expect(run.stderr).not.toContain('nothing else was checked');
    // The review on stdout, and the stale file among the findings beside the refusal.
    expect(run.stdout).toContain('gateways/raichu-opal.json');
    expect(run.stderr).toMatch(/::error file=[^,]*gateways\/raichu-opal\.json[^:]*::/);
    expect(run.stderr).toMatch(/::error file=registry\/landscapes\/raichu\.yaml,line=3,col=9[^:]*::/);
    const summary = readFileSync(summaryFile, 'utf8');
    rmSync(summaryFile);
    // Markdown-escaped, as the summary escapes every message.
    expect(summary).toContain('### diene compile --check: failed');
    expect(summary).toMatch(/^refused: 1 permanent identifier\\\(s\\\) changed or removed against the base, and stale: 1 generated file of [0-9]+ differs /m);

    const json = await runCliInProcess(['compile', '--check', '--fleet', head, '--base', base, '--format', 'json', ...NOW], { cwd: head });
    expect(json.exitCode, json.stderr).toBe(1);
    const codes = (JSON.parse(json.stderr.slice(json.stderr.indexOf('['), json.stderr.lastIndexOf(']') + 1)) as { code: string; file?: string }[]).map(
      (d) => `${d.code} ${d.file ?? ''}`,
    );
    expect(codes).toContain('permanent_identifier_changed registry/landscapes/raichu.yaml');
    expect(codes.filter((c) => c.startsWith('output_stale'))).toEqual([expect.stringMatching(/gateways\/raichu-opal\.json$/)]);

    // Put back, the same tree is stale alone: exit 1 from the comparison, no refusal said.
    writeFileSync(path.join(head, 'registry', 'landscapes', 'raichu.yaml'), reference.get('registry/landscapes/raichu.yaml') as string);
    const stale = await runCliInProcess(['compile', '--check', '--fleet', head, '--base', base, ...NOW], { cwd: head });
    expect(stale.exitCode, stale.stderr).toBe(1);
    expect(stale.stderr).not.toContain('permanent_identifier');
    expect(stale.stderr).not.toContain('refused:');
    expect(stale.stderr).toMatch(/^stale: [0-9]+ generated files? of [0-9]+ differs? from what the inputs produce/m);
  });

  it('stops before the comparison when the head does not compile, as without --base: exit 2, nothing compared', async () => {
    const base = tempFleet();
    const head = tempFleet({ 'registry/landscapes/raichu.yaml': iad.replace('tier: prod', 'tier: nonsense') });
    const run = await runCliInProcess(['compile', '--check', '--fleet', head, '--base', base, ...NOW], { cwd: head });
    expect(run.exitCode, run.stderr).toBe(2);
    expect(run.stderr).not.toContain('refused:');
    expect(run.stderr).not.toMatch(/^(fresh|stale):/m);
    expect(run.stdout).toBe('');
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
