/**
 * The lean floor of a compile (issue 16): a plain script that reads every
 * input, parses it with `yaml`'s `parse` (claims with `JSON.parse`) and
 * writes the same output bytes into a new folder. No positions, no staging
 * folder, no fsync, nothing checked: the least any compiler of this fleet
 * could do. floor.mjs is the heavier floor (positioned documents, the
 * staged and fsynced swap of the old tree).
 *
 *   node bench/floor-lean.mjs FLEET_DIR OUTPUTS.pack NEW_OUT_DIR
 *
 * NEW_OUT_DIR must not exist (the caller removes it between runs, outside
 * the time measured).
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import { INPUT_FOLDERS } from './fleet-generator.mjs';
import { readPack } from './pack-outputs.mjs';

/** Every regular file under the input folders of `root` (dot-files skipped), fleet-relative. */
export function listInputs(root, folders = INPUT_FOLDERS) {
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
  for (const folder of folders) walk(folder);
  return found;
}

/** Reads and parses `relative` under `root`: JSON.parse for `.json`, else yaml's `parse`. */
export function readAndParse(root, relative) {
  const text = readFileSync(path.join(root, relative), 'utf8');
  return relative.endsWith('.json') ? JSON.parse(text) : parse(text);
}

const main = import.meta.url === `file://${process.argv[1]}`;
if (main) {
  const [fleetDir, packFile, outDir] = process.argv.slice(2);
  if (!fleetDir || !packFile || !outDir) {
    process.stderr.write('usage: node bench/floor-lean.mjs FLEET_DIR OUTPUTS.pack NEW_OUT_DIR\n');
    process.exitCode = 2;
  } else if (existsSync(outDir)) {
    process.stderr.write(`floor-lean: ${outDir} exists; it writes a new folder\n`);
    process.exitCode = 2;
  } else {
    let parsed = 0;
    for (const relative of listInputs(fleetDir)) if (readAndParse(fleetDir, relative) !== undefined) parsed++;
    const outputs = readPack(packFile);
    const made = new Set();
    for (const [relative, bytes] of outputs) {
      const target = path.join(outDir, relative);
      const dir = path.dirname(target);
      if (!made.has(dir)) {
        mkdirSync(dir, { recursive: true });
        made.add(dir);
      }
      writeFileSync(target, bytes);
    }
    process.stderr.write(`floor-lean: ${parsed} inputs parsed, ${outputs.size} files written\n`);
  }
}
