#!/usr/bin/env node
// `npm run gen:templates`: writes compiler/3-emit/generated/templates.ts and
// precompiled-templates.ts from templates/*.hbs. With --check, writes nothing
// and exits 1 when one is stale.

import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { PRECOMPILED_MODULE, precompiledModule, ROOT, TEMPLATE_MODULE, templateModule } from './embed-templates-lib.mjs';

async function main(argv) {
  let stale = 0;
  /** @type {[string, () => Promise<string>][]} */
  const modules = [
    [TEMPLATE_MODULE, templateModule],
    [PRECOMPILED_MODULE, precompiledModule],
  ];
  for (const [relative, make] of modules) {
    const wanted = await make();
    const target = path.join(ROOT, relative);
    const current = await readFile(target, 'utf8').catch(() => undefined);
    if (argv.includes('--check')) {
      if (current !== wanted) {
        process.stderr.write(`${relative} is stale: run \`npm run gen:templates\`\n`);
        stale = 1;
      }
      continue;
    }
    await mkdir(path.dirname(target), { recursive: true });
    if (current !== wanted) await writeFile(target, wanted);
    process.stdout.write(`${relative}: ${current === wanted ? 'unchanged' : 'written'}\n`);
  }
  return stale;
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
