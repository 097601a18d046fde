import { readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

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

/**
 * This program's resident memory of its own, not shared with another process
 * (RssAnon: not the pages of Node's executable and libraries, which every Node
 * process maps and a sum of peak RSS counts once per process), now; undefined
 * elsewhere than Linux.
 */
function privateRssBytes() {
  try {
    const anon = /^RssAnon:\s+(\d+) kB$/m.exec(readFileSync('/proc/self/status', 'utf8'));
    return anon ? Number(anon[1]) * 1024 : undefined;
  } catch {
    return undefined;
  }
}

/** What this process cost: CPU time (of every program it ran, exec included), its peak RSS and its own memory at exit. */
export function ownCost() {
  const usage = process.resourceUsage();
  return {
    userSeconds: usage.userCPUTime / 1e6,
    systemSeconds: usage.systemCPUTime / 1e6,
    maxRssBytes: peakRssBytes(usage),
    privateRssBytesAtExit: privateRssBytes(),
  };
}

/**
 * Writes the result of bench/measure.mjs: this process's cost first, then each
 * Node it started (their files in `children`), added up: CPU time of every
 * process, and as peak RSS the sum of each one's own peak (they run at the same time).
 */
export function writeMeasure(resultFile, children, exitCode) {
  const processes = [ownCost(), ...readdirSync(children).map((name) => JSON.parse(readFileSync(path.join(children, name), 'utf8')))];
  rmSync(children, { recursive: true, force: true });
  const sum = (field) => processes.reduce((total, p) => total + p[field], 0);
  writeFileSync(
    resultFile,
    JSON.stringify({ exitCode, userSeconds: sum('userSeconds'), systemSeconds: sum('systemSeconds'), maxRssBytes: sum('maxRssBytes'), processes }),
  );
}
