/**
 * Runs a Node script in this process and, when the process exits, writes
 * what it cost (process.resourceUsage: CPU time, peak RSS) as JSON to a file.
 *
 *   node bench/measure.mjs RESULT.json SCRIPT [ARGS...]
 *
 * The script sees `process.argv` as if it had been started as
 * `node SCRIPT ARGS...`, so `bin/diene.js` runs exactly as users run it. The
 * parent measures wall time around the whole child (Node's start-up included).
 *
 * bin/diene.js runs the commands that load the whole fleet in a Node started
 * again with a flag: this process itself, replaced (execve), or a child. Every
 * Node started loads bench/measure-child.mjs first, so the result covers all
 * of them: CPU time of every process added up, and as peak RSS the sum of each
 * process's own peak (they run at the same time), with each process's figures
 * in `processes`, this one first (its memory of its own at exit beside: most
 * of a waiting process's RSS is Node's own code, the same pages in every Node).
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { writeMeasure } from './peak-rss.mjs';

const [resultFile, script, ...args] = process.argv.slice(2);
if (!resultFile || !script) {
  process.stderr.write('usage: node bench/measure.mjs RESULT.json SCRIPT [ARGS...]\n');
  process.exitCode = 2;
} else {
  process.argv = [process.argv[0], path.resolve(script), ...args];
  const children = mkdtempSync(path.join(tmpdir(), 'diene-measure-'));
  Object.assign(process.env, { DIENE_BENCH_CHILDREN: children, DIENE_BENCH_RESULT: resultFile, DIENE_BENCH_MEASURED: String(process.pid) });
  const preload = pathToFileURL(path.join(import.meta.dirname, 'measure-child.mjs')).href;
  process.env.NODE_OPTIONS = `${process.env.NODE_OPTIONS ?? ''} --import=${preload}`.trim();
  process.on('exit', (code) => writeMeasure(resultFile, children, code));
  await import(pathToFileURL(path.resolve(script)).href);
}
