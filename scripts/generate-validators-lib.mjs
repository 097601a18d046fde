// Precompiled validators of the input schemas (Ajv standalone code).
//
// compiler/types/generated/validators.ts is generated from schemas/*.schema.json
// at build time (`npm run build` runs generate-validators.mjs first) so that
// no run of the compiler compiles a schema: Ajv itself is never loaded, only
// the three small runtime helpers the code names (ucs2length, equal and the
// ajv-formats formats). The Ajv options are those of
// compiler/1-load/compile-schemas.ts (test/1-load/standalone-validators.test.ts
// checks they agree, that the file is fresh, and that it accepts and rejects
// what runtime Ajv does, with the same errors).

import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Ajv } from 'ajv';
import addFormatsModule from 'ajv-formats';
import standaloneModule from 'ajv/dist/standalone/index.js';

/** Absolute path of the repository root. */
export const ROOT = fileURLToPath(new URL('..', import.meta.url));

/** Repository-relative path of the generated module. */
export const VALIDATORS_FILE = 'compiler/types/generated/validators.ts';

/** The Ajv options of compiler/1-load/compile-schemas.ts (`AJV_OPTIONS`), without the code generation ones. */
export const AJV_OPTIONS = { allErrors: true, strict: true, verbose: true, allowUnionTypes: true };

const SCHEMA_SUFFIX = '.schema.json';

/**
 * The input schemas of schemas/ (not its sub-folders), kind → schema, in kind order.
 * @returns {Promise<Record<string, object>>}
 */
export async function readInputSchemas() {
  const names = (await readdir(path.join(ROOT, 'schemas'))).filter((n) => n.endsWith(SCHEMA_SUFFIX)).sort();
  const schemas = {};
  for (const name of names) schemas[name.slice(0, -SCHEMA_SUFFIX.length)] = JSON.parse(await readFile(path.join(ROOT, 'schemas', name), 'utf8'));
  return schemas;
}

/** The export name of `kind`'s validator in the generated code (`cluster-state` → `validate_cluster_state`). */
function exportName(kind) {
  return `validate_${kind.replace(/-/g, '_')}`;
}

/**
 * The text of {@link VALIDATORS_FILE}: Ajv's standalone ESM code for every
 * input schema, with `require` made from `createRequire` (Ajv's ESM output
 * still requires its runtime helpers), and `standaloneValidators`, kind → validator.
 * Deterministic: depends only on the schemas and the installed Ajv.
 * @returns {Promise<string>}
 */
export async function generateValidators() {
  const schemas = await readInputSchemas();
  const ajv = new Ajv({ ...AJV_OPTIONS, code: { source: true, esm: true, lines: false } });
  addFormatsModule.default(ajv);
  ajv.addKeyword({ keyword: 'x-diene-codes', schemaType: 'object' });
  const exports = {};
  for (const kind of Object.keys(schemas)) {
    ajv.addSchema(schemas[kind], `diene:${kind}`);
    exports[exportName(kind)] = `diene:${kind}`;
  }
  const code = standaloneModule.default(ajv, exports);
  const kinds = Object.keys(schemas);
  return [
    '// Generated from schemas/*.schema.json by `node scripts/generate-validators.mjs` (run by `npm run build`). Do not edit.',
    '// Ajv standalone code: the input schemas, precompiled (see scripts/generate-validators-lib.mjs).',
    '// @ts-nocheck',
    "import { createRequire } from 'node:module';",
    "import type { ErrorObject } from 'ajv';",
    'const require = createRequire(import.meta.url);',
    code.replace(/^"use strict";/, ''),
    '',
    '/** A precompiled validator: true when `data` is valid, else false with the errors in `errors`. */',
    'export type StandaloneValidator = ((data: unknown) => boolean) & { errors?: ErrorObject[] | null };',
    '',
    '/** The validator of every input kind (the schema file name without `.schema.json`). */',
    'export const standaloneValidators: Readonly<Record<string, StandaloneValidator>> = {',
    ...kinds.map((kind) => `  ${JSON.stringify(kind)}: ${exportName(kind)},`),
    '};',
    '',
  ].join('\n');
}
