/**
 * bench/measure.mjs, which gives the bench its CPU times and peak RSS, must
 * count every process of a run: bin/diene.js runs the commands that load the
 * whole fleet in a Node started again (test/cli/young-generation.test.ts),
 * a child, whose cost a measure of the first process alone would leave out,
 * or the measuring process itself replaced (execve), whose exit the measure's
 * own exit handler never sees. Each way on a Node that takes it.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { isInstalled, nodeBinary, SUPPORTED_NODES } from '../../scripts/node-lines-lib.mjs';
import { REFERENCE_FLEET, REPO_ROOT } from '../support/fleet-fixture.js';

interface Cost {
  userSeconds: number;
  systemSeconds: number;
  maxRssBytes: number;
}
const work = mkdtempSync(path.join(tmpdir(), 'diene-measure-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const ways = new Map<'execve' | 'child', string>();
for (const node of [process.execPath, ...SUPPORTED_NODES.filter(isInstalled).map(nodeBinary)]) {
  const way = spawnSync(node, ['-p', 'typeof process.execve'], { encoding: 'utf8' }).stdout.trim() === 'function' ? 'execve' : 'child';
  if (!ways.has(way)) ways.set(way, node);
}

function measure(node: string, args: string[]): Cost & { exitCode: number; processes: Cost[] } {
  const result = path.join(work, 'result.json');
  rmSync(result, { force: true });
  const run = spawnSync(node, [path.join(REPO_ROOT, 'bench', 'measure.mjs'), result, path.join(REPO_ROOT, 'bin', 'diene.js'), ...args], { encoding: 'utf8' });
  expect(run.status, run.stderr).toBe(0);
  return JSON.parse(readFileSync(result, 'utf8')) as Cost & { exitCode: number; processes: Cost[] };
}
const sum = (costs: Cost[], field: keyof Cost) => costs.reduce((total, cost) => total + cost[field], 0);

describe.each([...ways])('the capped Node as %s', (way, node) => {
  it('counts every process of a command run in the capped Node: CPU added up, peak RSS added up', () => {
    const cost = measure(node, ['validate', '--fleet', REFERENCE_FLEET]);
    expect(cost.exitCode).toBe(0);
    expect(cost.processes).toHaveLength(way === 'child' ? 2 : 1);
    const bare = measure(node, ['--version']);
    // The capped Node loaded and analyzed the fleet: more CPU and memory than a run that loads nothing.
    expect(cost.userSeconds + cost.systemSeconds).toBeGreaterThan(bare.userSeconds + bare.systemSeconds);
    expect(cost.processes.at(-1)?.maxRssBytes).toBeGreaterThan(bare.maxRssBytes);
    expect(cost.userSeconds).toBeCloseTo(sum(cost.processes, 'userSeconds'), 6);
    expect(cost.systemSeconds).toBeCloseTo(sum(cost.processes, 'systemSeconds'), 6);
    expect(cost.maxRssBytes).toBe(sum(cost.processes, 'maxRssBytes'));
  });

  it('counts one process when the command runs in the first', () => {
    const cost = measure(node, ['--version']);
    expect(cost.processes).toHaveLength(1);
    expect(cost.maxRssBytes).toBe(cost.processes[0]?.maxRssBytes);
  });
});
