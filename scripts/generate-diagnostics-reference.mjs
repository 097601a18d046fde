#!/usr/bin/env node
// `npm run gen:docs`: writes docs/diagnostics-reference.md from the catalog as
// built in dist/ (the script builds first) and test/cases/. With --check,
// writes nothing and exits 1 when it is stale.

import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { REFERENCE_PAGE, ROOT, diagnosticsReference } from './generate-diagnostics-reference-lib.mjs';

async function main(argv) {
  const { catalog, grammarReasons, GRAMMAR_REASON_CODES } = await import('../dist/diagnostics/catalog.js');
  const wanted = await diagnosticsReference(catalog, { codes: GRAMMAR_REASON_CODES, texts: grammarReasons });
  const target = path.join(ROOT, REFERENCE_PAGE);
  const current = await readFile(target, 'utf8').catch(() => undefined);
  if (argv.includes('--check')) {
    if (current === wanted) return 0;
    process.stderr.write(`${REFERENCE_PAGE} is stale: run \`npm run gen:docs\`\n`);
    return 1;
  }
  if (current !== wanted) await writeFile(target, wanted);
  process.stdout.write(`${REFERENCE_PAGE}: ${current === wanted ? 'unchanged' : 'written'}\n`);
  return 0;
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (err) => {
    process.stderr.write(`generate-diagnostics-reference: ${err instanceof Error ? err.message : String(err)}\n`);
    process.exitCode = 3;
  },
);
