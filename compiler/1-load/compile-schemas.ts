/**
 * Compiles JSON Schemas with Ajv at run time. The compiler's own input schemas
 * are precompiled at build time (scripts/generate-validators-lib.mjs, with the
 * same {@link AJV_OPTIONS}); this module, and Ajv with it, is loaded only by
 * callers that compile schemas themselves.
 */
import { Ajv } from 'ajv';
import addFormatsModule from 'ajv-formats';
import { SCHEMA_KEYWORDS } from './schema-keywords.js';
import type { ValidatorFunction } from './schema-validation.js';

const addFormats = addFormatsModule as unknown as (ajv: Ajv) => Ajv;

/** The Ajv options of every input schema (the build-time generator uses the same). */
export const AJV_OPTIONS = { allErrors: true, strict: true, verbose: true, allowUnionTypes: true } as const;

/** Compiles each schema of `schemas` (kind → schema object) into its validator function. Throws when a schema itself is invalid. */
export function compileValidatorFunctions(schemas: Readonly<Record<string, object>>): Record<string, ValidatorFunction> {
  const ajv = new Ajv({ ...AJV_OPTIONS });
  addFormats(ajv);
  for (const keyword of SCHEMA_KEYWORDS) ajv.addKeyword({ ...keyword });
  const functions: Record<string, ValidatorFunction> = {};
  for (const kind of Object.keys(schemas).sort()) functions[kind] = ajv.compile(schemas[kind] as object);
  return functions;
}
