/**
 * bench/measure.mjs, which gives the bench its CPU times and peak RSS, must
 * count every process of a run: bin/diene.js runs the commands that load the
 * whole fleet in a second Node (test/cli/young-generation.test.ts), whose cost
 * a measure of the first process alone would leave out.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { REFERENCE_FLEET, REPO_ROOT } from '../support/fleet-fixture.js';

interface Cost {
  userSeconds: number;
  systemSeconds: number;
  maxRssBytes: number;
}
const work = mkdtempSync(path.join(tmpdir(), 'diene-measure-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

function measure(args: string[]): Cost & { exitCode: number; processes: Cost[] } {
  const result = path.join(work, 'result.json');
  const run = spawnSync(process.execPath, [path.join(REPO_ROOT, 'bench', 'measure.mjs'), result, path.join(REPO_ROOT, 'bin', 'diene.js'), ...args], { encoding: 'utf8' });
  expect(run.status, run.stderr).toBe(0);
  return JSON.parse(readFileSync(result, 'utf8')) as Cost & { exitCode: number; processes: Cost[] };
}
const sum = (costs: Cost[], field: keyof Cost) => costs.reduce((total, cost) => total + cost[field], 0);

it('counts both processes of a command run in a second Node: CPU added up, peak RSS added up', () => {
  const cost = measure(['validate', '--fleet', REFERENCE_FLEET]);
  expect(cost.exitCode).toBe(0);
  expect(cost.processes).toHaveLength(2);
  const [first, second] = cost.processes as [Cost, Cost];
  // The second Node loaded and analyzed the fleet; the first only started it.
  expect(second.userSeconds + second.systemSeconds).toBeGreaterThan(first.userSeconds + first.systemSeconds);
  for (const p of cost.processes) expect(p.maxRssBytes).toBeGreaterThan(20 * 1024 * 1024);
  expect(cost.userSeconds).toBeCloseTo(sum(cost.processes, 'userSeconds'), 6);
  expect(cost.systemSeconds).toBeCloseTo(sum(cost.processes, 'systemSeconds'), 6);
  expect(cost.maxRssBytes).toBe(sum(cost.processes, 'maxRssBytes'));
});

it('counts one process when the command runs in the first', () => {
  const cost = measure(['--version']);
  expect(cost.processes).toHaveLength(1);
  expect(cost.maxRssBytes).toBe(cost.processes[0]?.maxRssBytes);
});
