#!/usr/bin/env node
// `npm run gen:types`: writes compiler/types/generated/<kind>.ts from
// schemas/<kind>.schema.json. With --check, writes nothing and exits 1 when a
// generated file is stale, missing or extra (each listed).

import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { OUT_DIR, ROOT, compareTypes, generateTypes } from './generate-types-lib.mjs';

async function readOrUndefined(rel) {
  try {
    return await readFile(path.join(ROOT, rel), 'utf8');
  } catch (err) {
    if (err.code === 'ENOENT') return undefined;
    throw err;
  }
}

async function presentFiles() {
  try {
    const names = await readdir(path.join(ROOT, OUT_DIR));
    return names.filter((n) => n.endsWith('.ts')).map((n) => `${OUT_DIR}/${n}`);
  } catch (err) {
    if (err.code === 'ENOENT') return [];
    throw err;
  }
}

async function main(argv) {
  const unknown = argv.filter((a) => a !== '--check');
  if (unknown.length > 0) {
    process.stderr.write(`usage: generate-types.mjs [--check]\nunknown argument: ${unknown.join(' ')}\n`);
    return 2;
  }
  const generated = await generateTypes();
  const { stale, missing, extra } = await compareTypes(generated, readOrUndefined, await presentFiles());
  if (argv.includes('--check')) {
    const lines = [...stale.map((p) => `stale: ${p}`), ...missing.map((p) => `missing: ${p}`), ...extra.map((p) => `extra: ${p}`)];
    if (lines.length === 0) return 0;
    process.stderr.write(`${lines.join('\n')}\ngenerated types are out of date: run \`npm run gen:types\`\n`);
    return 1;
  }
  await mkdir(path.join(ROOT, OUT_DIR), { recursive: true });
  for (const rel of extra) await rm(path.join(ROOT, rel));
  for (const rel of [...stale, ...missing]) await writeFile(path.join(ROOT, rel), generated.get(rel));
  const changed = stale.length + missing.length + extra.length;
  process.stdout.write(`${generated.size} generated type files, ${changed} changed\n`);
  return 0;
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (err) => {
    process.stderr.write(`generate-types: ${err instanceof Error ? err.message : String(err)}\n`);
    process.exitCode = 3;
  },
);
