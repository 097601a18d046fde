#!/usr/bin/env node
/**
 * `npm run bench:simulate`: the speed of `diene simulate --all-single`
 * (issue 19), against `diene compile` of the same fleet measured in the same
 * run, so the ratio means something on a busy machine.
 *
 *   npm run bench:simulate [-- --scale S|M|L|XL] [--runs N] [--json FILE]
 *
 * Generates the fleet (fleet-generator.mjs; XL by default), compiles it once
 * to warm the file cache, then runs, interleaved, `diene compile` and
 * `diene simulate --all-single`, each as a child process through measure.mjs
 * (wall time, CPU time, peak RSS), and keeps the medians. Both read and check
 * the same inputs; compile then writes every output, simulate runs every
 * single failure through the traffic planner and the users of each landscape.
 * Prints the figures with the machine's load average before and after (wall
 * time on a shared machine says little without it) and writes them as JSON
 * (default bench/results/simulate.json).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { describeFleet, generateFleet, GENERATED_NOW, REPO_ROOT, SCALE_NAMES } from './fleet-generator.mjs';
import { writeFiles } from './fs-tools.mjs';

const BIN = path.join(REPO_ROOT, 'bin', 'diene.js');
const MEASURE = path.join(REPO_ROOT, 'bench', 'measure.mjs');

/** Issue 19: `--all-single` on the XL fleet in under 30 s; and it should cost no more than a compile of the same fleet. */
const TARGETS = { xlWallSeconds: 30, overCompileCpu: 1 };

const { values } = parseArgs({ options: { scale: { type: 'string' }, runs: { type: 'string' }, json: { type: 'string' } }, strict: true });
const scale = (values.scale ?? 'XL').toUpperCase();
if (!SCALE_NAMES.includes(scale)) throw new Error(`unknown scale ${scale}: one of ${SCALE_NAMES.join(', ')}`);
const runs = Number(values.runs ?? 3);
const jsonFile = path.resolve(values.json ?? path.join(REPO_ROOT, 'bench', 'results', 'simulate.json'));
if (!existsSync(path.join(REPO_ROOT, 'dist', 'cli.js'))) throw new Error('dist/ is missing: run `npm run build` first (npm run bench:simulate does)');

const work = mkdtempSync(path.join(tmpdir(), 'diene-bench-simulate-'));
const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};

function measure(args) {
  const resultFile = path.join(work, 'measure.json');
  rmSync(resultFile, { force: true });
  const t0 = performance.now();
  const child = spawnSync(process.execPath, [MEASURE, resultFile, BIN, ...args], {
    stdio: ['ignore', 'ignore', 'pipe'],
    encoding: 'utf8',
    maxBuffer: 256 * 1024 * 1024,
    env: { ...process.env, GITHUB_ACTIONS: '' },
  });
  const wall = (performance.now() - t0) / 1000;
  if (child.status !== 0 || !existsSync(resultFile)) throw new Error(`diene ${args.join(' ')} exited ${child.status}:\n${(child.stderr ?? '').slice(-4000)}`);
  const usage = JSON.parse(readFileSync(resultFile, 'utf8'));
  return { wall, cpu: usage.userSeconds + usage.systemSeconds, rss: usage.maxRssBytes };
}

const summarize = (samples) => ({
  runs: samples.length,
  wallSeconds: median(samples.map((s) => s.wall)),
  cpuSeconds: median(samples.map((s) => s.cpu)),
  peakRssBytes: Math.max(...samples.map((s) => s.rss)),
  cpuSamples: samples.map((s) => Number(s.cpu.toFixed(2))),
  wallSamples: samples.map((s) => Number(s.wall.toFixed(2))),
});

try {
  const fleetDir = path.join(work, 'fleet');
  const files = generateFleet(scale);
  writeFiles(fleetDir, files);
  const facts = describeFleet(files);
  const compileArgs = ['compile', '--fleet', fleetDir, '--out', path.join(work, 'out'), '--now', GENERATED_NOW];
  const simulateArgs = ['simulate', '--all-single', '--fleet', fleetDir, '--now', GENERATED_NOW];
  const loadBefore = loadavg();
  measure(compileArgs);
  const compile = [];
  const simulate = [];
  for (let r = 0; r < runs; r++) {
    const pair = [() => compile.push(measure(compileArgs)), () => simulate.push(measure(simulateArgs))];
    if (r % 2) pair.reverse();
    for (const run of pair) run();
  }
  const loadAfter = loadavg();
  const results = {
    scale,
    fleet: { landscapes: facts.landscapes, clusters: facts.clusters, services: facts.services },
    compile: summarize(compile),
    simulate: summarize(simulate),
    machine: { cpus: cpus().length, cpuModel: cpus()[0]?.model ?? 'unknown', node: process.version, loadBefore, loadAfter },
  };
  results.ratio = { cpu: results.simulate.cpuSeconds / results.compile.cpuSeconds, wall: results.simulate.wallSeconds / results.compile.wallSeconds };
  results.targets = [
    {
      target: `simulate --all-single CPU ≤ ${TARGETS.overCompileCpu}× compile`,
      value: `${results.ratio.cpu.toFixed(2)}×`,
      met: results.ratio.cpu <= TARGETS.overCompileCpu,
    },
  ];
  if (scale === 'XL')
    results.targets.push({
      target: `simulate --all-single < ${TARGETS.xlWallSeconds} s at XL`,
      value: `${results.simulate.wallSeconds.toFixed(1)} s wall, ${results.simulate.cpuSeconds.toFixed(1)} s CPU`,
      met: results.simulate.wallSeconds < TARGETS.xlWallSeconds,
    });
  const s = (x) => x.toFixed(2);
  const load = (l) => l.map((x) => x.toFixed(2)).join(' ');
  const lines = [
    `diene bench:simulate — ${scale} (${facts.landscapes} landscapes, ${facts.clusters} clusters), ${results.machine.cpus} × ${results.machine.cpuModel}, Node ${process.version}; medians of ${runs}`,
    `load average ${load(loadBefore)} before, ${load(loadAfter)} after`,
    '',
    '| command | wall s | CPU s | peak RSS |',
    '| --- | ---: | ---: | ---: |',
    `| compile | ${s(results.compile.wallSeconds)} | ${s(results.compile.cpuSeconds)} | ${(results.compile.peakRssBytes / 1024 ** 2).toFixed(0)} MiB |`,
    `| simulate --all-single | ${s(results.simulate.wallSeconds)} | ${s(results.simulate.cpuSeconds)} | ${(results.simulate.peakRssBytes / 1024 ** 2).toFixed(0)} MiB |`,
    '',
    `simulate/compile: ${s(results.ratio.cpu)}× CPU, ${s(results.ratio.wall)}× wall`,
    '',
    '| target | value | met |',
    '| --- | ---: | --- |',
    ...results.targets.map((t) => `| ${t.target} | ${t.value} | ${t.met ? 'yes' : 'NO'} |`),
  ];
  process.stdout.write(`${lines.join('\n')}\n`);
  mkdirSync(path.dirname(jsonFile), { recursive: true });
  writeFileSync(jsonFile, `${JSON.stringify(results, null, 2)}\n`);
  process.stderr.write(`wrote ${path.relative(process.cwd(), jsonFile)}\n`);
} finally {
  rmSync(work, { recursive: true, force: true });
}
