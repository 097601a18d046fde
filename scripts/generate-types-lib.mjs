// TypeScript types from the input schemas.
//
// schemas/<kind>.schema.json is the single source of truth for the shape of
// each input kind (SPEC §2); compiler/types/generated/<kind>.ts is derived
// from it by json-schema-to-typescript and never edited by hand. The text is
// formatted by prettier with the repository's own configuration for the
// output path, so `npm run format` leaves generated files unchanged and the
// staleness check (`--check`, test/schemas/generated-types.test.ts) compares
// exactly what the generator writes.

import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { compileFromFile } from 'json-schema-to-typescript';
import * as prettier from 'prettier';
import { VALIDATORS_FILE, generateValidators } from './generate-validators-lib.mjs';

/** Absolute path of the repository root. */
export const ROOT = fileURLToPath(new URL('..', import.meta.url));

/** Repository-relative folder holding the input schemas. */
export const SCHEMA_DIR = 'schemas';

/** Repository-relative folder holding the generated types. */
export const OUT_DIR = 'compiler/types/generated';

const SCHEMA_SUFFIX = '.schema.json';

/**
 * Lists the schema files, sorted by name.
 * @returns {Promise<string[]>} file names such as `fleet.schema.json`
 */
export async function listSchemas() {
  const names = await readdir(path.join(ROOT, SCHEMA_DIR));
  return names.filter((n) => n.endsWith(SCHEMA_SUFFIX)).sort();
}

/**
 * Generates the TypeScript types of every schema in `schemas/`.
 * Deterministic: reads only the schema files and the prettier configuration;
 * writes nothing.
 * @returns {Promise<Map<string, string>>} repository-relative POSIX path
 *   (`compiler/types/generated/<kind>.ts`) → file text, in sorted path order
 * @throws when a schema cannot be read or compiled
 */
export async function generateTypes() {
  const out = new Map();
  for (const file of await listSchemas()) {
    const kind = file.slice(0, -SCHEMA_SUFFIX.length);
    const outPath = `${OUT_DIR}/${kind}.ts`;
    const raw = await compileFromFile(path.join(ROOT, SCHEMA_DIR, file), {
      bannerComment: `// Generated from ${SCHEMA_DIR}/${file} by \`npm run gen:types\`. Do not edit.`,
      additionalProperties: false,
      strictIndexSignatures: true,
      format: false,
    });
    const absOut = path.join(ROOT, outPath);
    const config = (await prettier.resolveConfig(absOut)) ?? {};
    out.set(outPath, await prettier.format(raw, { ...config, filepath: absOut }));
  }
  out.set(`${OUT_DIR}/schemas.ts`, await schemaModule());
  // The precompiled validators (Ajv standalone code), also written by `npm run build`.
  out.set(VALIDATORS_FILE, await generateValidators());
  return new Map([...out].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}

/**
 * The schemas themselves as a TypeScript module (`inputSchemas`: kind → schema
 * object), so the compiled CLI validates without reading `schemas/` at run time.
 * @returns {Promise<string>} the module text
 */
async function schemaModule() {
  const entries = [];
  for (const file of await listSchemas()) {
    const kind = file.slice(0, -SCHEMA_SUFFIX.length);
    const schema = JSON.parse(await readFile(path.join(ROOT, SCHEMA_DIR, file), 'utf8'));
    entries.push(`  ${JSON.stringify(kind)}: ${JSON.stringify(schema)},`);
  }
  const text = [
    `// Generated from ${SCHEMA_DIR}/*.schema.json by \`npm run gen:types\`. Do not edit.`,
    '',
    '/** Every input schema of SPEC §2, keyed by input kind (the schema file name without `.schema.json`). */',
    'export const inputSchemas: Readonly<Record<string, object>> = {',
    ...entries,
    '};',
    '',
  ].join('\n');
  const absOut = path.join(ROOT, OUT_DIR, 'schemas.ts');
  const config = (await prettier.resolveConfig(absOut)) ?? {};
  return prettier.format(text, { ...config, filepath: absOut });
}

/**
 * Compares generated text with the files on disk.
 * @param {Map<string, string>} generated the result of {@link generateTypes}
 * @param {(relPath: string) => Promise<string | undefined>} read reads a
 *   repository-relative file, undefined when missing
 * @param {string[]} present repository-relative paths of the `.ts` files now
 *   in {@link OUT_DIR}
 * @returns {Promise<{stale: string[], missing: string[], extra: string[]}>}
 *   sorted paths of files that differ, do not exist, or are not generated
 */
export async function compareTypes(generated, read, present) {
  const stale = [];
  const missing = [];
  for (const [rel, text] of generated) {
    const onDisk = await read(rel);
    if (onDisk === undefined) missing.push(rel);
    else if (onDisk !== text) stale.push(rel);
  }
  const extra = present.filter((rel) => !generated.has(rel)).sort();
  return { stale: stale.sort(), missing: missing.sort(), extra };
}
