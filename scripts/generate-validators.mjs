#!/usr/bin/env node
// Writes compiler/types/generated/validators.ts (precompiled input-schema
// validators) from schemas/ when it differs; `npm run build` runs it before
// tsc. With --check, writes nothing and exits 1 when the file is stale.

import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { ROOT, VALIDATORS_FILE, generateValidators } from './generate-validators-lib.mjs';

async function main(argv) {
  const unknown = argv.filter((a) => a !== '--check');
  if (unknown.length > 0) {
    process.stderr.write(`usage: generate-validators.mjs [--check]\nunknown argument: ${unknown.join(' ')}\n`);
    return 2;
  }
  const text = await generateValidators();
  const target = path.join(ROOT, VALIDATORS_FILE);
  const onDisk = await readFile(target, 'utf8').catch((err) => (err.code === 'ENOENT' ? undefined : Promise.reject(err)));
  if (onDisk === text) return 0;
  if (argv.includes('--check')) {
    process.stderr.write(`${VALIDATORS_FILE} is out of date: run \`node scripts/generate-validators.mjs\` (or \`npm run build\`)\n`);
    return 1;
  }
  await writeFile(target, text);
  process.stdout.write(`wrote ${VALIDATORS_FILE}\n`);
  return 0;
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (err) => {
    process.stderr.write(`generate-validators: ${err instanceof Error ? err.message : String(err)}\n`);
    process.exitCode = 3;
  },
);
