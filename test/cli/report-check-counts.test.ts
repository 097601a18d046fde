/**
 * `diene report` and `diene compile --check` count the same generated files
 * on the same fleet: the manifest `.diene-manifest.json` is one of them (a
 * file diene writes, in the total), counted and listed last whenever it
 * differs, in the report's freshness, in its list of changed files and in
 * the check's summary and findings (docs/pull-requests.md). On the fleet
 * `diene init` writes, whose DNS TTL changes: three outputs and the manifest.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Diagnostic } from '../../compiler/diagnostics/diagnostic.js';
import { runCliInProcess } from '../support/run-cli.js';

const NOW = ['--now', '2026-11-21T00:00:00Z'];
const MANIFEST = '.diene-manifest.json';
let dir = '';
let head = '';
let base = '';

interface ReportJson {
  freshness: { fresh: boolean; differing: number; total: number };
  outputs: { files: { file: string }[] };
}

/** What `compile --check` counts: the summary's generated files and total, and its `output_stale` findings. */
async function checkCounts(fleet: string): Promise<{ exitCode: number; differing: number; total: number; stale: string[] }> {
  const run = await runCliInProcess(['compile', '--check', '--fleet', fleet, '--no-cache', '--format', 'json', ...NOW]);
  const summary = /^(\d+) generated files? of (\d+) differs? from what the inputs produce/m.exec(run.stdout);
  // A fresh tree's count is on stderr in the text form only.
  const fresh = summary
    ? null
    : /^fresh: (\d+) files in \S+ match the inputs$/m.exec((await runCliInProcess(['compile', '--check', '--fleet', fleet, '--no-cache', ...NOW])).stderr);
  const stale = (JSON.parse(run.stderr.slice(run.stderr.indexOf('['))) as Diagnostic[]).filter((d) => d.code === 'output_stale').map((d) => d.file ?? '');
  return {
    exitCode: run.exitCode,
    differing: summary ? Number(summary[1]) : 0,
    total: Number(summary?.[2] ?? fresh?.[1] ?? Number.NaN),
    stale,
  };
}

async function report(fleet: string, ...args: string[]): Promise<{ json: ReportJson; markdown: string }> {
  const json = await runCliInProcess(['report', '--fleet', fleet, '--format', 'json', ...args, ...NOW]);
  expect(json.exitCode, json.stderr).toBe(0);
  const markdown = await runCliInProcess(['report', '--fleet', fleet, ...args, ...NOW]);
  return { json: JSON.parse(json.stdout) as ReportJson, markdown: markdown.stdout };
}

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'diene-report-counts-'));
  head = path.join(dir, 'head');
  base = path.join(dir, 'base');
  expect((await runCliInProcess(['init', head])).exitCode).toBe(0);
  expect((await runCliInProcess(['compile', '--fleet', head, '--no-cache', ...NOW])).exitCode).toBe(0);
  // The base branch: the fleet and its generated/ as they were committed before the change.
  cpSync(head, base, { recursive: true });
  const fleetYaml = path.join(head, 'registry', 'fleet.yaml');
  writeFileSync(fleetYaml, readFileSync(fleetYaml, 'utf8').replace(/ttl: 60\b/, 'ttl: 120'));
});
afterAll(() => {
  if (dir !== '') rmSync(dir, { recursive: true, force: true });
});

describe('report and compile --check count the same differing files', () => {
  it('the committed generated/ stale: the check counts the manifest among the files that differ', async () => {
    const check = await checkCounts(head);
    expect(check.exitCode).toBe(1);
    expect(check.differing).toBe(4);
    expect(check.stale).toHaveLength(4);
    expect(check.stale.at(-1)).toBe(`generated/${MANIFEST}`);
  });

  it('without --base: the freshness and the list of changed files are the check’s count, the manifest last', async () => {
    const check = await checkCounts(head);
    const { json, markdown } = await report(head);
    expect(json.freshness).toEqual({ fresh: false, differing: check.differing, total: check.total });
    expect(json.outputs.files.map((f) => `generated/${f.file}`)).toEqual(check.stale);
    expect(markdown).toContain(`**stale**: ${check.differing} files differ from what the inputs produce`);
    expect(markdown).toContain(`${check.differing} generated files and 0 objects change`);
  });

  it('with --base: the freshness is the check’s count, and the change against the base lists the same files', async () => {
    const check = await checkCounts(head);
    const { json, markdown } = await report(head, '--base', base);
    expect(json.freshness).toEqual({ fresh: false, differing: check.differing, total: check.total });
    // The base's outputs are the committed tree: the same files change against either.
    expect(json.outputs.files.map((f) => `generated/${f.file}`)).toEqual(check.stale);
    expect(markdown).toContain(`**stale**: ${check.differing} files differ from what the inputs produce`);
  });

  it('once compiled: fresh for both, with the same total', async () => {
    const fresh = path.join(dir, 'fresh');
    cpSync(head, fresh, { recursive: true });
    expect((await runCliInProcess(['compile', '--fleet', fresh, '--no-cache', ...NOW])).exitCode).toBe(0);
    const check = await checkCounts(fresh);
    expect(check.exitCode).toBe(0);
    const { json } = await report(fresh, '--base', base);
    expect(json.freshness).toEqual({ fresh: true, differing: 0, total: check.total });
    expect(json.outputs.files.map((f) => f.file).at(-1)).toBe(MANIFEST);
    expect(json.outputs.files).toHaveLength(4);
  });
});
