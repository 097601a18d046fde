/**
 * The durable floor of a compile (issue 39): the lean floor's reading and
 * parsing (every input, `yaml`'s `parse`, claims with `JSON.parse`), then the
 * same output bytes written the crash-safe way `diene compile` writes them: a
 * staging folder, every file and folder fsynced, the tree renamed into place,
 * the parent fsynced, the old tree removed. floor.mjs, the heavy floor, writes
 * the same way but parses positioned documents.
 *
 *   node bench/floor-durable.mjs FLEET_DIR OUTPUTS.pack OUT_DIR
 */
import { swapInto } from './fs-tools.mjs';
import { listInputs, readAndParse } from './floor-lean.mjs';
import { readPack } from './pack-outputs.mjs';

const [fleetDir, packFile, outDir] = process.argv.slice(2);
if (!fleetDir || !packFile || !outDir) {
  process.stderr.write('usage: node bench/floor-durable.mjs FLEET_DIR OUTPUTS.pack OUT_DIR\n');
  process.exitCode = 2;
} else {
  let parsed = 0;
  for (const relative of listInputs(fleetDir)) if (readAndParse(fleetDir, relative) !== undefined) parsed++;
  const outputs = readPack(packFile);
  await swapInto(outDir, outputs);
  process.stderr.write(`floor-durable: ${parsed} inputs parsed, ${outputs.size} files written\n`);
}
