// The published schema of the diagnostics that `--format json` prints
// (schemas/output/diagnostics-v1.schema.json): it compiles in a strict Ajv,
// names every field the JSON form writes, admits every catalog code, and
// refuses what a consumer could not rely on. test/cases.test.ts holds every
// sample case's JSON to it.

import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { catalog } from '../../compiler/diagnostics/catalog.js';
import type { Diagnostic } from '../../compiler/diagnostics/diagnostic.js';
import { formatJson } from '../../compiler/diagnostics/format.js';
import { DIAGNOSTICS_SCHEMA_FILE, diagnosticsSchemaValidator } from '../support/diagnostics-schema.js';
import { REPO_ROOT } from '../support/fleet-fixture.js';
import { runCliInProcess } from '../support/run-cli.js';

const validate = diagnosticsSchemaValidator();
const schema = JSON.parse(readFileSync(DIAGNOSTICS_SCHEMA_FILE, 'utf8')) as {
  definitions: { diagnostic: { required: string[]; properties: Record<string, unknown> } };
};

const finding: Diagnostic = {
  severity: 'error',
  code: 'name_invalid',
  file: 'registry/fleet.yaml',
  line: 3,
  column: 5,
  endLine: 3,
  endColumn: 9,
  pointer: '/dns/base',
  message: 'a message',
  hint: 'a hint',
  related: [],
  sourceLine: 'not written',
};
const sample = JSON.parse(formatJson([finding])) as Record<string, unknown>[];

describe('schemas/output/diagnostics-v1.schema.json', () => {
  it('names exactly the fields the JSON form writes, all required', () => {
    const written = Object.keys(sample[0] as object);
    expect(Object.keys(schema.definitions.diagnostic.properties)).toEqual(written);
    expect(schema.definitions.diagnostic.required).toEqual(written);
  });

  it('admits every code of the catalog', () => {
    const pattern = new RegExp((schema.definitions.diagnostic.properties['code'] as { pattern: string }).pattern);
    const refused = Object.keys(catalog).filter((code) => !pattern.test(code));
    expect(refused).toEqual([]);
  });

  it("accepts the JSON of a real run, with a usage error's nulls and a finding with related places", async () => {
    const run = await runCliInProcess(['validate', '--fleet', path.join(REPO_ROOT, 'examples', 'reference'), '--format', 'json', '--no-such-option']);
    expect(run.exitCode).toBe(2);
    const printed = JSON.parse(run.stdout.startsWith('[') ? run.stdout : run.stderr) as Record<string, unknown>[];
    expect(printed.map((d) => d['code'])).toEqual(['usage_option_unknown']);
    expect(printed[0]?.['file']).toBeNull();
    expect(validate(printed), JSON.stringify(validate.errors)).toBe(true);
    const related = [{ ...sample[0], related: [{ file: 'registry/clusters/raichu-1.yaml', line: 1, column: 1, message: 'first defined here' }] }];
    expect(validate(related), JSON.stringify(validate.errors)).toBe(true);
  });

  it('refuses what a consumer could not rely on', () => {
    const one = sample[0] as Record<string, unknown>;
    const bad: unknown[] = [
      one,
      [{ ...one, severity: 'info' }],
      [{ ...one, code: 'NotSnake' }],
      [{ ...one, line: 0 }],
      [{ ...one, column: 1.5 }],
      [{ ...one, pointer: 'dns/base' }],
      [{ ...one, pointer: '/a~2b' }],
      [{ ...one, file: '' }],
      [{ ...one, message: '' }],
      [{ ...one, related: [{ file: null, line: null, column: null }] }],
      [Object.fromEntries(Object.entries(one).filter(([key]) => key !== 'hint'))],
    ];
    for (const value of bad) expect(validate(value), JSON.stringify(value)).toBe(false);
  });
});
