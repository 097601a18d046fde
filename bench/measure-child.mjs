/**
 * Loaded first (NODE_OPTIONS `--import`) by every Node started under
 * bench/measure.mjs. bin/diene.js runs the commands that load the whole fleet
 * in a Node started again with a flag: the same process (execve), whose exit
 * ends the measure, or a child, which writes its own cost, one file per
 * process, for the measure to add up.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { ownCost, writeMeasure } from './peak-rss.mjs';

const { DIENE_BENCH_CHILDREN: children, DIENE_BENCH_RESULT: resultFile, DIENE_BENCH_MEASURED: measured } = process.env;
if (children && resultFile) {
  process.on('exit', (code) => {
    if (String(process.pid) === measured) writeMeasure(resultFile, children, code);
    else writeFileSync(path.join(children, `${process.pid}.json`), JSON.stringify(ownCost()));
  });
}
