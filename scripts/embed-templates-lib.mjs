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
import Handlebars from 'handlebars';
import * as prettier from 'prettier';

/** Absolute path of the repository root. */
export const ROOT = fileURLToPath(new URL('..', import.meta.url));

/** Repository-relative folder of the templates. */
export const TEMPLATE_DIR = 'templates';

/** Repository-relative path of the generated module. */
export const TEMPLATE_MODULE = 'compiler/3-emit/generated/templates.ts';

/** Repository-relative path of the generated module of precompiled templates. */
export const PRECOMPILED_MODULE = 'compiler/3-emit/generated/precompiled-templates.ts';

/**
 * The options each template is rendered with: `noEscape` (the outputs are
 * not HTML) and `strict` (a missing field is an error), but the pull-request
 * report, whose optional sections test fields that may be absent.
 */
export const TEMPLATE_OPTIONS = {
  default: { noEscape: true, strict: true },
  'pr-report.md.hbs': { noEscape: true, strict: false },
};

/** Names of templates/*.hbs, sorted. */
async function templateNames() {
  return (await readdir(path.join(ROOT, TEMPLATE_DIR))).filter((n) => n.endsWith('.hbs')).sort();
}

/** `text` formatted by prettier as the file `relative`. */
async function formatted(text, relative) {
  const absOut = path.join(ROOT, relative);
  const config = (await prettier.resolveConfig(absOut)) ?? {};
  return prettier.format(text, { ...config, filepath: absOut });
}

/**
 * The text of the generated module: `templates` maps each file name of
 * templates/*.hbs (sorted) to its text. Deterministic; writes nothing.
 * @returns {Promise<string>}
 */
export async function templateModule() {
  const entries = [];
  for (const name of await templateNames())
    entries.push(`  ${JSON.stringify(name)}: ${JSON.stringify(await readFile(path.join(ROOT, TEMPLATE_DIR, name), 'utf8'))},`);
  const text = [
    `// Generated from ${TEMPLATE_DIR}/*.hbs by \`npm run gen:templates\`. Do not edit.`,
    '',
    '/** Every Handlebars template of templates/, keyed by file name. */',
    'export const templates: Readonly<Record<string, string>> = {',
    ...entries,
    '};',
    '',
  ].join('\n');
  return formatted(text, TEMPLATE_MODULE);
}

/**
 * The text of the generated module of precompiled templates: each template
 * of templates/*.hbs compiled by Handlebars with its {@link TEMPLATE_OPTIONS},
 * so a run loads Handlebars' small runtime and compiles no template.
 * Handlebars' generated code is not typed: the module is not type-checked.
 * @returns {Promise<string>}
 */
export async function precompiledModule() {
  const entries = [];
  for (const name of await templateNames()) {
    const source = await readFile(path.join(ROOT, TEMPLATE_DIR, name), 'utf8');
    entries.push(`  ${JSON.stringify(name)}: ${Handlebars.precompile(source, TEMPLATE_OPTIONS[name] ?? TEMPLATE_OPTIONS.default)},`);
  }
  const text = [
    '// @ts-nocheck',
    `// Generated from ${TEMPLATE_DIR}/*.hbs by \`npm run gen:templates\` (Handlebars ${Handlebars.VERSION}, scripts/embed-templates-lib.mjs). Do not edit.`,
    '',
    '/** Every Handlebars template of templates/, precompiled with the options it is rendered with, keyed by file name. */',
    'export const precompiledTemplates: Readonly<Record<string, object>> = {',
    ...entries,
    '};',
    '',
  ].join('\n');
  return formatted(text, PRECOMPILED_MODULE);
}
