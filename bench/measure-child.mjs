/**
 * Loaded first (NODE_OPTIONS `--import`) by every Node that a script run by
 * bench/measure.mjs starts (bin/diene.js starts a second Node for the commands
 * that load the whole fleet): when that Node exits, it writes what it cost
 * (CPU time, its own peak RSS) into the folder measure.mjs names, one file per
 * process, so that the figures cover every process of the run.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { peakRssBytes } from './peak-rss.mjs';

const folder = process.env.DIENE_BENCH_CHILDREN;
if (folder) {
  process.on('exit', () => {
    const usage = process.resourceUsage();
    writeFileSync(
      path.join(folder, `${process.pid}.json`),
      JSON.stringify({ userSeconds: usage.userCPUTime / 1e6, systemSeconds: usage.systemCPUTime / 1e6, maxRssBytes: peakRssBytes(usage) }),
    );
  });
}
