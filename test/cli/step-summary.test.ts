/**
 * The Markdown summary `diene validate` and `diene compile --check` append to
 * `$GITHUB_STEP_SUMMARY` under GitHub Actions: only there, appended after
 * what earlier steps wrote, with the verdict, the counts and the findings
 * (places from the repository root, at most SUMMARY_ROWS rows), every value
 * escaped as the pull request report escapes it.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { marked } from 'marked';
import { afterEach, describe, expect, it } from 'vitest';
import { SUMMARY_ROWS } from '../../compiler/report/step-summary.js';
import { overlayTexts, readFleetTexts, writeTempFleet } from '../support/fleet-fixture.js';
import { runCli, runCliInProcess } from '../support/run-cli.js';
// Command lines whose subject is the command's output, diagnostics and exit code run the CLI's
// `main` in this process (runCliInProcess, held to the binary's bytes by test/cli/in-process.test.ts);
// the first test that runs the CLI, and the helpers above the tests, run bin/diene.js.

const NOW = ['--now', '2026-11-21T00:00:00Z'];
const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup();
});

/** A git repository with the reference fleet (and `overlay`) in fleet/, and a summary file already holding an earlier step's line. */
function setup(overlay: Record<string, string | null> = {}): { repo: string; summary: string; env: Record<string, string> } {
  const texts = new Map([...overlayTexts(readFleetTexts(), overlay)].map(([file, text]) => [`fleet/${file}`, text]));
  const repo = writeTempFleet(texts);
  cleanups.push(repo.cleanup);
  expect(spawnSync('git', ['init', '-q'], { cwd: repo.dir }).status).toBe(0);
  const summary = path.join(repo.dir, 'step-summary.md');
  writeFileSync(summary, 'earlier step\n');
  return { repo: repo.dir, summary, env: { GITHUB_ACTIONS: 'true', GITHUB_STEP_SUMMARY: summary } };
}

describe('the GitHub step summary', () => {
  it('validate: appends the verdict, the counts and each finding with its place from the repository root', () => {
    const { repo, summary, env } = setup();
    const run = runCli(['validate', '--fleet', 'fleet', ...NOW], { cwd: repo, env });
    expect(run.exitCode, run.stderr).toBe(0);
    const json = JSON.parse(runCli(['validate', '--fleet', 'fleet', '--format', 'json', ...NOW], { cwd: repo }).stdout) as {
      code: string;
      file: string;
      line: number;
      column: number;
    }[];
    const text = readFileSync(summary, 'utf8');
    expect(text.startsWith('earlier step\n### diene validate: passed\n\nthe fleet is valid\n\n0 errors, ')).toBe(true);
    expect(text).toContain(`0 errors, ${json.length} warnings`);
    const rows = text.split('\n').filter((line) => line.startsWith('| warning |'));
    expect(rows.map((row) => row.split(' | ').slice(1, 3))).toEqual(json.map((d) => [`\`${d.code}\``, `\`fleet/${d.file}:${d.line}:${d.column}\``]));
  });

  it('escapes what the inputs put in a finding: no HTML, no table break, no mention', async () => {
    const raichu = readFleetTexts().get('registry/landscapes/raichu.yaml') as string;
    const { repo, summary, env } = setup({ 'registry/landscapes/raichu.yaml': raichu.replace('region: SIN', 'region: "<img src=x>|@team"') });
    const run = await runCliInProcess(['validate', '--fleet', 'fleet', ...NOW], { cwd: repo, env });
    expect(run.exitCode).toBe(2);
    const text = readFileSync(summary, 'utf8');
    expect(text).toContain('### diene validate: failed');
    expect(text).toMatch(/the fleet has \d+ errors?: nothing can be compiled until they are fixed/);
    const row = text.split('\n').find((line) => line.includes('region_code_invalid') || line.includes('is not a region code')) as string;
    expect(row).toContain('&lt;img src=x&gt;\\|@\u200bteam is not a region code');
    // rendered as GitHub would, the row stays one row of four cells and holds no img element
    const html = await marked.parse(text);
    expect(html).not.toContain('<img');
    const cells =
      html
        .split('<tr>')
        .find((tr) => tr.includes('is not a region code'))
        ?.match(/<td>/g) ?? [];
    expect(cells).toHaveLength(4);
  });

  it('compile --check: passed when fresh; failed with each stale file when not, at most SUMMARY_ROWS rows', async () => {
    const { repo, summary, env } = setup();
    const stale = await runCliInProcess(['compile', '--check', '--fleet', 'fleet', ...NOW], { cwd: repo, env });
    expect(stale.exitCode).toBe(1);
    const text = readFileSync(summary, 'utf8');
    expect(text).toContain('### diene compile --check: failed');
    expect(text).toMatch(/stale: \d+ generated files of \d+ differ from what the inputs produce; run `diene compile --fleet fleet` and commit the result/);
    expect(text).toContain(
      '| error | `output_stale` | `fleet/generated/platforms/nitroso.yaml` | the generated file fleet/generated/platforms/nitroso.yaml is missing: the inputs produce it, but it is not in the output directory',
    );
    const rows = text.split('\n').filter((line) => /^\| (error|warning) \|/.test(line));
    expect(rows).toHaveLength(SUMMARY_ROWS);
    const findings = Number(
      /(\d+) errors?, (\d+) warnings?/
        .exec(text)
        ?.slice(1)
        .reduce((a, b) => String(Number(a) + Number(b))),
    );
    expect(findings).toBeGreaterThan(SUMMARY_ROWS);
    expect(text).toContain(`… and ${findings - SUMMARY_ROWS} more; the job log lists them all`);

    writeFileSync(summary, '');
    expect((await runCliInProcess(['compile', '--fleet', 'fleet', ...NOW], { cwd: repo, env })).exitCode).toBe(0);
    expect(readFileSync(summary, 'utf8')).toBe(''); // a compile that writes has no summary
    expect((await runCliInProcess(['compile', '--check', '--fleet', 'fleet', ...NOW], { cwd: repo, env })).exitCode).toBe(0);
    expect(readFileSync(summary, 'utf8')).toMatch(/^### diene compile --check: passed\n\nfresh: the \d+ generated files match what the inputs produce\n/);
  });

  it('is written only under GitHub Actions', async () => {
    const { repo, summary } = setup();
    expect((await runCliInProcess(['validate', '--fleet', 'fleet', ...NOW], { cwd: repo, env: { GITHUB_STEP_SUMMARY: summary } })).exitCode).toBe(0);
    expect(readFileSync(summary, 'utf8')).toBe('earlier step\n');
    // under Actions without the variable: nothing to write, and nothing to warn about
    const unset = await runCliInProcess(['validate', '--fleet', 'fleet', ...NOW], { cwd: repo, env: { GITHUB_ACTIONS: 'true', GITHUB_STEP_SUMMARY: '' } });
    expect(unset.exitCode).toBe(0);
    expect(unset.stderr).not.toContain('step_summary_write_failed');
    expect(unset.stderr).toMatch(/^::warning file=fleet\//m);
  });
});
