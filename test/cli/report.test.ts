/**
 * `diene report` end to end (issue 7): the Markdown comment for a pull request,
 * against a base checkout or the committed generated files, for a valid and
 * for a broken fleet.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readFleetTexts, writeTempFleet, useTempFleets } from '../support/fleet-fixture.js';
import { parseMermaid } from '../support/mermaid-parse.js';
import { runCli, runCliInProcess } from '../support/run-cli.js';
// Command lines whose subject is the command's output, diagnostics and exit code run the CLI's
// `main` in this process (runCliInProcess, held to the binary's bytes by test/cli/in-process.test.ts);
// the first test that runs the CLI, and the helpers above the tests, run bin/diene.js.

const tempFleet = useTempFleets();

const NOW = ['--now', '2026-11-21T00:00:00Z'];
// the reference mercury with a manual gate on raichu; its virtual landscapes are kept, so only the promotion outputs change
const gatedMercury =
  'name: mercury\nlandscapes: [pichu, pikachu, raichu, ampharos]\nstages: [pichu, pikachu, [{landscape: raichu, gate: manual, soak: 2h}, ampharos]]\nvlandscapes: [mew, celebi]\n';

describe('diene report', () => {
  it("names the fleet's folder in the base checkout when --base is the top of a checkout and the fleet is in a subfolder of its repository", async () => {
    const nested = (): { dir: string; cleanup: () => void } =>
      writeTempFleet(new Map([...readFleetTexts()].map(([file, text]) => [`examples/reference/${file}`, text])));
    const repository = nested();
    const checkout = nested();
    try {
      expect(spawnSync('git', ['init', '-q', repository.dir]).status).toBe(0);
      const head = path.join(repository.dir, 'examples', 'reference');
      const refused = await runCliInProcess(['report', '--fleet', head, '--base', checkout.dir, '--format', 'json', ...NOW]);
      expect(refused.exitCode).toBe(2);
      const [finding] = JSON.parse(refused.stdout.startsWith('[') ? refused.stdout : refused.stderr) as { code: string; hint: string }[];
      const suggested = path.join(checkout.dir, 'examples', 'reference');
      expect(finding?.code).toBe('base_not_fleet');
      expect(finding?.hint).toContain(`this fleet is examples/reference/ in its repository, so pass --base ${suggested} `);
      // The suggested folder is the base fleet: the report goes through.
      expect((await runCliInProcess(['report', '--fleet', head, '--base', suggested, ...NOW])).exitCode).toBe(0);
      // A checkout not made yet: the hint says how to make it and which folder in it to pass.
      const later = path.join(checkout.dir, 'not-yet');
      const missing = await runCliInProcess(['report', '--fleet', head, '--base', later, '--format', 'json', ...NOW]);
      const [absent] = JSON.parse(missing.stdout.startsWith('[') ? missing.stdout : missing.stderr) as { code: string; hint: string }[];
      expect(absent?.code).toBe('base_missing');
      expect(absent?.hint).toBe(
        `make the checkout of the base branch first (e.g. \`git worktree add --detach ${later} main\`), then pass the fleet's folder in it: this fleet is examples/reference/ in its repository, so --base ${path.join(later, 'examples', 'reference')}; leave --base out to compare with the committed generated/`,
      );
    } finally {
      repository.cleanup();
      checkout.cleanup();
    }
  });

  it('writes the comment for a pull request against its base, with the changed platform drawn', async () => {
    const base = tempFleet();
    const head = tempFleet({ 'carbon/mercury/platform.yaml': gatedMercury });
    expect(runCli(['compile', '--fleet', head, ...NOW]).exitCode).toBe(0);
    writeFileSync(path.join(head, 'carbon', 'mercury', 'platform.yaml'), gatedMercury.replace('soak: 2h', 'soak: 3h'));
    const output = path.join(head, 'report.md');
    const run = runCli(['report', '--fleet', head, '--base', base, '--output', output, ...NOW]);
    expect(run.exitCode, run.stderr).toBe(0);
    expect(run.stdout).toBe('');
    const text = readFileSync(output, 'utf8');
    expect(run.stderr).toContain(`wrote the report (${text.length} characters) to ${output}`);
    // Two outputs and the manifest, which `compile --check` counts too.
    expect(text).toContain('## diene: 3 generated files and ');
    expect(text).toContain('(platforms: mercury); generated files are stale');
    expect(text).toContain('### Output changes against the base branch');
    expect(text).toContain('**Generated files:** **stale**: 3 files differ');
    expect(text).toMatch(/\| changed \| `platforms\/mercury\.yaml` \| 1 changed \|\n\| changed \| `\.diene-manifest\.json` \| — \|\n\n<\/details>/);
    const [flowchart] = [...text.matchAll(/```mermaid\n([\s\S]*?)```/g)].map((m) => m[1] ?? '');
    expect(flowchart).toContain('s_pikachu -. "manual, soak 3h" .-> s_raichu');
    expect(await parseMermaid(flowchart ?? '')).toBe('flowchart-v2');
  });

  it('takes --output - as stdout, writing no file named -', async () => {
    const head = tempFleet();
    const toStdout = await runCliInProcess(['report', '--fleet', head, '--output', '-', ...NOW], { cwd: head });
    expect(toStdout.exitCode, toStdout.stderr).toBe(0);
    expect(existsSync(path.join(head, '-'))).toBe(false);
    expect(toStdout.stdout).toContain('## diene: ');
    expect(toStdout.stdout).toBe((await runCliInProcess(['report', '--fleet', head, ...NOW], { cwd: head })).stdout);
    expect(toStdout.stderr).not.toContain('wrote the report');
  });

  it('lists the rows whose pins change against the base, though no generated file does (ArgoCD reads the rows at run time)', async () => {
    const base = tempFleet();
    const head = tempFleet({ 'platforms/nitroso/tin/raichu.yaml': 'pin:\n  chart: "9.9.9"\n  image: "9.9.9"\n' });
    const run = await runCliInProcess(['report', '--fleet', head, '--base', base, ...NOW]);
    expect(run.exitCode, run.stderr).toBe(0);
    expect(run.stdout).toContain('## diene: 1 row changes what deploys; no change to the generated files\n');
    expect(run.stdout).toContain('### Rows that change what deploys\n');
    expect(run.stdout).toContain('| `platforms/nitroso/tin/raichu.yaml` | changed: deploys | `1.4.1` → `9.9.9` | `1.4.1` → `9.9.9` | — |\n');
    expect(run.stdout).toContain('ArgoCD and Kargo read the rows at run time: this row changes what runs once merged');
    // Without a base, there is nothing to compare rows with: no such section.
    const alone = await runCliInProcess(['report', '--fleet', head, ...NOW]);
    expect(alone.stdout).not.toContain('Rows that change what deploys');
  });

  it('says which row changes stop a deploy: a chart pin emptied, a pinned row removed; and which start one', async () => {
    const base = tempFleet();
    const head = tempFleet({ 'platforms/nitroso/tin/raichu.yaml': 'pin:\n  chart: ""\n  image: ""\n' });
    rmSync(path.join(head, 'platforms/nitroso/tin/pichu.yaml'));
    const run = await runCliInProcess(['report', '--fleet', head, '--base', base, ...NOW]);
    expect(run.exitCode, run.stderr).toBe(0);
    expect(run.stdout).toContain('| `platforms/nitroso/tin/raichu.yaml` | changed: stops deploying | `1.4.1` → "" | `1.4.1` → "" | — |\n');
    expect(run.stdout).toMatch(/\| `platforms\/nitroso\/tin\/pichu\.yaml` \| removed: stops deploying \| `[^`]+` → "" \|/);
    const back = await runCliInProcess(['report', '--fleet', base, '--base', head, ...NOW]);
    expect(back.stdout).toContain('| `platforms/nitroso/tin/raichu.yaml` | changed: starts deploying | "" → `1.4.1` | "" → `1.4.1` | — |\n');
  });

  it('compares with the committed generated files when there is no base, on stdout', async () => {
    const head = tempFleet();
    // Nothing compiled yet: every file is new, against an empty tree, not "the committed generated/".
    const first = await runCliInProcess(['report', '--fleet', head, ...NOW]);
    expect(first.exitCode).toBe(0);
    expect(first.stdout).toContain('### Output changes against an empty tree \\(no generated/ yet\\)'); // Markdown-escaped brackets
    expect(first.stdout).not.toContain('the committed generated/');
    expect((await runCliInProcess(['compile', '--fleet', head, ...NOW])).exitCode).toBe(0);
    const fresh = await runCliInProcess(['report', '--fleet', head, ...NOW]);
    expect(fresh.exitCode).toBe(0);
    expect(fresh.stdout).toContain('## diene: no change to the generated files');
    expect(fresh.stdout).toContain('**Generated files:** fresh (');
    expect(fresh.stdout).toContain('### Output changes against the committed generated/');
  });

  it('reports the errors of a fleet that does not compile, and still exits 0', async () => {
    const head = tempFleet({ 'registry/landscapes/pichu.yaml': 'name: pichu\nregion: NRT\ntier: dev\n' });
    const run = await runCliInProcess(['report', '--fleet', head, ...NOW]);
    expect(run.exitCode).toBe(0);
    expect(run.stdout).toContain('## diene: 1 error: the fleet does not compile');
    expect(run.stdout).toMatch(/\| `registry\/landscapes\/pichu\.yaml:2:9` \| `region_unknown` \|/);
    expect(run.stderr).toContain('error region_unknown');
    expect(existsSync(path.join(head, 'generated'))).toBe(false);
  });
});
