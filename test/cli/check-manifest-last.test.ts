/**
 * `diene compile --check` lists the manifest (`.diene-manifest.json`) last:
 * in the review's file list, in the unified diff and in the findings. Its
 * change only follows from the others (a digest per file), and the diff is
 * cut at --diff-lines, so it must not take the reviewer's first lines. On a
 * fleet of the tests' own, the one `diene init` writes (unlike the bundled
 * example), whose DNS TTL changes.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, expect, it } from 'vitest';
import type { Diagnostic } from '../../compiler/diagnostics/diagnostic.js';
import { runCliInProcess } from '../support/run-cli.js';

const NOW = ['--now', '2026-11-21T00:00:00Z'];
const temps: string[] = [];
afterEach(() => {
  for (const dir of temps.splice(0)) rmSync(dir, { recursive: true, force: true });
});

it('--check: the manifest is the last file of the review, of the diff and of the findings', async () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'diene-manifest-last-'));
  temps.push(dir);
  const fleet = path.join(dir, 'fleet');
  expect((await runCliInProcess(['init', fleet])).exitCode).toBe(0);
  expect((await runCliInProcess(['compile', '--fleet', fleet, '--no-cache', ...NOW])).exitCode).toBe(0);
  const fleetYaml = path.join(fleet, 'registry', 'fleet.yaml');
  writeFileSync(fleetYaml, readFileSync(fleetYaml, 'utf8').replace(/ttl: 60\b/, 'ttl: 120'));
  const run = await runCliInProcess(['compile', '--check', '--fleet', fleet, '--no-cache', '--diff-lines', 'all', '--format', 'json', ...NOW]);
  expect(run.exitCode, run.stderr).toBe(1);
  // The diff: one `+++ b/<file>` header a file; the manifest's is the last.
  const diffed = [...run.stdout.matchAll(/^\+\+\+ b\/(\S+)/gm)].map((m) => m[1]);
  expect(diffed.length).toBeGreaterThan(2);
  expect(diffed.at(-1)).toBe('.diene-manifest.json');
  expect(diffed.slice(0, -1)).toEqual([...diffed.slice(0, -1)].sort());
  // The review's file list, above the diff.
  const listed = [...run.stdout.split('\n\n')[1]!.matchAll(/^ {2}\S+ +(\S+)$/gm)].map((m) => m[1]);
  expect(listed.at(-1)).toBe('.diene-manifest.json');
  expect(listed).toHaveLength(diffed.length);
  // The findings, one output_stale a file, in the same order.
  const stale = (JSON.parse(run.stderr) as Diagnostic[]).filter((d) => d.code === 'output_stale').map((d) => d.file);
  expect(stale.at(-1)).toBe('generated/.diene-manifest.json');
  expect(stale).toHaveLength(diffed.length);
});
