/**
 * The floor of a compile: the least work any compiler of this fleet must do.
 *
 *   node bench/floor.mjs FLEET_DIR OUTPUTS.pack OUT_DIR
 *
 * It lists and reads every input file (strict UTF-8, as the compiler reads
 * them), parses each YAML file with the same YAML library and options as the
 * compiler (a positioned document, then its plain value) and each JSON file
 * with JSON.parse, and writes the same output bytes (read from a pack made by
 * pack-outputs.mjs from a real compile) into OUT_DIR the way `diene compile`
 * does: a staging folder beside it, every file and folder of it fsynced, then
 * two renames, the parent folder fsynced, then the old tree removed. Nothing
 * is checked, modelled or serialized.
 */
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, existsSync } from 'node:fs';
import path from 'node:path';
import { parseAllDocuments } from 'yaml';
import { syncTree, writeFiles } from './fs-tools.mjs';
import { INPUT_FOLDERS } from './fleet-generator.mjs';
import { readPack } from './pack-outputs.mjs';

/** The options of compiler/1-load/parse-yaml.ts. */
/** @type {import('yaml').ParseOptions & import('yaml').DocumentOptions & import('yaml').SchemaOptions} */
const YAML_OPTIONS = { version: '1.2', schema: 'core', merge: false, uniqueKeys: true, prettyErrors: false, strict: true, stringKeys: false };

function listInputs(root) {
  const found = [];
  const walk = (relative) => {
    let entries;
    try {
      entries = readdirSync(path.join(root, relative), { withFileTypes: true });
    } catch {
      return;
    }
    for (const entry of entries) {
      if (entry.name.startsWith('.')) continue;
      const child = `${relative}/${entry.name}`;
      if (entry.isDirectory()) walk(child);
      else if (entry.isFile()) found.push(child);
    }
  };
  for (const folder of INPUT_FOLDERS) walk(folder);
  return found;
}

const [fleetDir, packFile, outDir] = process.argv.slice(2);
if (!fleetDir || !packFile || !outDir) {
  process.stderr.write('usage: node bench/floor.mjs FLEET_DIR OUTPUTS.pack OUT_DIR\n');
  process.exitCode = 2;
} else {
  const decoder = new TextDecoder('utf-8', { fatal: true });
  const values = [];
  for (const relative of listInputs(fleetDir)) {
    const text = decoder.decode(readFileSync(path.join(fleetDir, relative)));
    if (relative.endsWith('.json')) values.push(JSON.parse(text));
    else values.push(parseAllDocuments(text, YAML_OPTIONS)[0].toJS());
  }
  const outputs = readPack(packFile);
  const out = path.resolve(outDir);
  const staging = `${path.dirname(out)}/.${path.basename(out)}.floor-staging`;
  rmSync(staging, { recursive: true, force: true });
  mkdirSync(staging, { recursive: true });
  writeFiles(staging, outputs);
  await syncTree(staging, outputs.keys());
  const previous = path.join(path.dirname(out), `.${path.basename(out)}.previous`);
  const hadPrevious = existsSync(out);
  if (hadPrevious) renameSync(out, previous);
  renameSync(staging, out);
  await syncTree(path.dirname(out), []);
  if (hadPrevious) rmSync(previous, { recursive: true, force: true });
  process.stderr.write(`floor: ${values.length} inputs parsed, ${outputs.size} files written\n`);
}
