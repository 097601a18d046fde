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
 * The Nodes the script starts (bin/diene.js runs the commands that load the
 * whole fleet in a second Node) load bench/measure-child.mjs, which writes
 * their own cost; the result adds them up: CPU time of every process, and as
 * peak RSS the sum of each process's own peak (they run at the same time),
 * with each process's figures in `processes`, this one first.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { peakRssBytes } from './peak-rss.mjs';

const [resultFile, script, ...args] = process.argv.slice(2);
if (!resultFile || !script) {
  process.stderr.write('usage: node bench/measure.mjs RESULT.json SCRIPT [ARGS...]\n');
  process.exitCode = 2;
} else {
  process.argv = [process.argv[0], path.resolve(script), ...args];
  const children = mkdtempSync(path.join(tmpdir(), 'diene-measure-'));
  process.env.DIENE_BENCH_CHILDREN = children;
  const preload = pathToFileURL(path.join(import.meta.dirname, 'measure-child.mjs')).href;
  process.env.NODE_OPTIONS = `${process.env.NODE_OPTIONS ?? ''} --import=${preload}`.trim();
  process.on('exit', (code) => {
    const usage = process.resourceUsage();
    const processes = [
      { userSeconds: usage.userCPUTime / 1e6, systemSeconds: usage.systemCPUTime / 1e6, maxRssBytes: peakRssBytes(usage) },
      ...readdirSync(children).map((name) => JSON.parse(readFileSync(path.join(children, name), 'utf8'))),
    ];
    rmSync(children, { recursive: true, force: true });
    const sum = (field) => processes.reduce((total, p) => total + p[field], 0);
    writeFileSync(
      resultFile,
      JSON.stringify({ exitCode: code, userSeconds: sum('userSeconds'), systemSeconds: sum('systemSeconds'), maxRssBytes: sum('maxRssBytes'), processes }),
    );
  });
  await import(pathToFileURL(path.resolve(script)).href);
}
