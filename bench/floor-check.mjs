/**
 * The floor of `diene compile --check` (issue 39): read and parse every input
 * as the lean floor does (`yaml`'s `parse`, claims with `JSON.parse`), list the
 * output tree (a check must find the files it would remove), and read every
 * output file and compare it with the bytes already in memory (a pack made by
 * pack-outputs.mjs from a real compile). Nothing is modelled or serialized.
 * Exits 1 when the tree differs, as a check does.
 *
 *   node bench/floor-check.mjs FLEET_DIR OUTPUTS.pack OUT_DIR
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { listInputs, readAndParse } from './floor-lean.mjs';
import { readPack, listTree } from './pack-outputs.mjs';

const [fleetDir, packFile, outDir] = process.argv.slice(2);
if (!fleetDir || !packFile || !outDir) {
  process.stderr.write('usage: node bench/floor-check.mjs FLEET_DIR OUTPUTS.pack OUT_DIR\n');
  process.exitCode = 2;
} else {
  let parsed = 0;
  for (const relative of listInputs(fleetDir)) if (readAndParse(fleetDir, relative) !== undefined) parsed++;
  const outputs = readPack(packFile);
  let differing = 0;
  const onDisk = listTree(outDir);
  for (const file of onDisk) if (!outputs.has(file)) differing++;
  for (const [relative, bytes] of outputs) {
    let text;
    try {
      text = readFileSync(path.join(outDir, relative));
    } catch {
      differing++;
      continue;
    }
    if (!text.equals(bytes)) differing++;
  }
  process.stderr.write(`floor-check: ${parsed} inputs parsed, ${outputs.size} files compared, ${differing} differ\n`);
  if (differing > 0) process.exitCode = 1;
}
