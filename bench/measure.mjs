/**
 * Runs a Node script in this process and, when the process exits, writes
 * what it cost (process.resourceUsage: CPU time, peak RSS) as JSON to a file.
 *
 *   node bench/measure.mjs RESULT.json SCRIPT [ARGS...]
 *
 * The script sees `process.argv` as if it had been started as
 * `node SCRIPT ARGS...`, so `bin/diene.js` runs exactly as users run it. The
 * parent measures wall time around the whole child (Node's start-up included).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

/**
 * This program's own peak RSS. Linux keeps getrusage's maxRSS across fork and
 * exec, so a child of a large parent (the bench runner, after reading an XL
 * output tree) reports at least the parent's size; VmHWM is the high-water mark
 * of this program's own address space. Elsewhere, maxRSS.
 */
function peakRssBytes(usage) {
  try {
    const hwm = /^VmHWM:\s+(\d+) kB$/m.exec(readFileSync('/proc/self/status', 'utf8'));
    if (hwm) return Number(hwm[1]) * 1024;
  } catch {
    // not Linux
  }
  return usage.maxRSS * 1024;
}

const [resultFile, script, ...args] = process.argv.slice(2);
if (!resultFile || !script) {
  process.stderr.write('usage: node bench/measure.mjs RESULT.json SCRIPT [ARGS...]\n');
  process.exitCode = 2;
} else {
  process.argv = [process.argv[0], path.resolve(script), ...args];
  process.on('exit', (code) => {
    const usage = process.resourceUsage();
    writeFileSync(
      resultFile,
      JSON.stringify({ exitCode: code, userSeconds: usage.userCPUTime / 1e6, systemSeconds: usage.systemCPUTime / 1e6, maxRssBytes: peakRssBytes(usage) }),
    );
  });
  await import(pathToFileURL(path.resolve(script)).href);
}
