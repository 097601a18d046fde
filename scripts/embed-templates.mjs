#!/usr/bin/env node
// `npm run gen:templates`: writes compiler/3-emit/generated/templates.ts from
// templates/*.hbs. With --check, writes nothing and exits 1 when it is stale.

import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { ROOT, TEMPLATE_MODULE, templateModule } from './embed-templates-lib.mjs';

async function main(argv) {
  const wanted = await templateModule();
  const target = path.join(ROOT, TEMPLATE_MODULE);
  const current = await readFile(target, 'utf8').catch(() => undefined);
  if (argv.includes('--check')) {
    if (current === wanted) return 0;
    process.stderr.write(`${TEMPLATE_MODULE} is stale: run \`npm run gen:templates\`\n`);
    return 1;
  }
  await mkdir(path.dirname(target), { recursive: true });
  if (current !== wanted) await writeFile(target, wanted);
  process.stdout.write(`${TEMPLATE_MODULE}: ${current === wanted ? 'unchanged' : 'written'}\n`);
  return 0;
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (err) => {
    process.stderr.write(`embed-templates: ${err instanceof Error ? err.message : String(err)}\n`);
    process.exitCode = 3;
  },
);
