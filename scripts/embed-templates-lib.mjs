// Handlebars templates embedded in the compiler.
//
// templates/*.hbs are the text-format templates (STYLE.md "Output": zone
// files, the human report). The phases may not read files, so the templates
// are embedded in compiler/3-emit/generated/templates.ts, a module generated
// from templates/ by `npm run gen:templates` and never edited by hand;
// test/3-emit/templates.test.ts fails when it is stale.

import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as prettier from 'prettier';

/** Absolute path of the repository root. */
export const ROOT = fileURLToPath(new URL('..', import.meta.url));

/** Repository-relative folder of the templates. */
export const TEMPLATE_DIR = 'templates';

/** Repository-relative path of the generated module. */
export const TEMPLATE_MODULE = 'compiler/3-emit/generated/templates.ts';

/**
 * The text of the generated module: `templates` maps each file name of
 * templates/*.hbs (sorted) to its text. Deterministic; writes nothing.
 * @returns {Promise<string>}
 */
export async function templateModule() {
  const names = (await readdir(path.join(ROOT, TEMPLATE_DIR))).filter((n) => n.endsWith('.hbs')).sort();
  const entries = [];
  for (const name of names) entries.push(`  ${JSON.stringify(name)}: ${JSON.stringify(await readFile(path.join(ROOT, TEMPLATE_DIR, name), 'utf8'))},`);
  const text = [
    `// Generated from ${TEMPLATE_DIR}/*.hbs by \`npm run gen:templates\`. Do not edit.`,
    '',
    '/** Every Handlebars template of templates/, keyed by file name. */',
    'export const templates: Readonly<Record<string, string>> = {',
    ...entries,
    '};',
    '',
  ].join('\n');
  const absOut = path.join(ROOT, TEMPLATE_MODULE);
  const config = (await prettier.resolveConfig(absOut)) ?? {};
  return prettier.format(text, { ...config, filepath: absOut });
}
