/**
 * The package's JSON Schemas on disk: listing them and copying them into a
 * folder (`diene schemas --out`, `diene init`), byte for byte.
 */
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { makeFolders } from './files.js';
import { packageFile } from './package-root.js';

/** The package's schemas/ folder: beside dist/ (or compiler/ when run from source). */
const SCHEMAS = packageFile('schemas/');

/** Every `*.schema.json` under `dir`, as `/`-separated paths relative to it, sorted. */
async function schemaFiles(dir: string, prefix = ''): Promise<string[]> {
  const found: string[] = [];
  for (const entry of await readdir(path.join(dir, prefix), { withFileTypes: true })) {
    const relative = prefix === '' ? entry.name : `${prefix}/${entry.name}`;
    if (entry.isDirectory()) found.push(...(await schemaFiles(dir, relative)));
    else if (entry.name.endsWith('.schema.json')) found.push(relative);
  }
  return found.sort();
}

/** Copies every schema into `out` (created when missing), replacing files of the same names; returns how many. Throws the file system's error. */
export async function writeSchemas(out: string): Promise<number> {
  const files = await schemaFiles(SCHEMAS);
  for (const relative of files) {
    const target = path.join(out, ...relative.split('/'));
    makeFolders(path.dirname(target));
    await writeFile(target, await readFile(path.join(SCHEMAS, ...relative.split('/'))));
  }
  return files.length;
}
