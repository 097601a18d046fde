/** The published schema of `--format json`'s diagnostics (schemas/output/diagnostics-v1.schema.json), compiled by a strict Ajv. */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Ajv, type ValidateFunction } from 'ajv';
import { REPO_ROOT } from './fleet-fixture.js';

export const DIAGNOSTICS_SCHEMA_FILE = path.join(REPO_ROOT, 'schemas', 'output', 'diagnostics-v1.schema.json');

export function diagnosticsSchemaValidator(): ValidateFunction {
  return new Ajv({ strict: true, allErrors: true }).compile(JSON.parse(readFileSync(DIAGNOSTICS_SCHEMA_FILE, 'utf8')) as object);
}
