/**
 * The published schemas (schemas/, `diene-compiler/schemas/*`) compile in a
 * program's own Ajv in strict mode, Ajv's `strict: true` with ajv-formats,
 * once the keywords the library exports as SCHEMA_KEYWORDS are registered
 * (docs/library.md); without them strict mode refuses `x-diene-codes`, so
 * the export is what a user needs, not a formality.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { Ajv } from 'ajv';
import addFormatsModule from 'ajv-formats';
import { describe, expect, it } from 'vitest';
import { SCHEMA_KEYWORDS } from '../../compiler/api.js';
import { REPO_ROOT } from '../support/fleet-fixture.js';

const addFormats = (addFormatsModule as unknown as { default: typeof addFormatsModule.default }).default;
const SCHEMAS = path.join(REPO_ROOT, 'schemas');
const files = readdirSync(SCHEMAS, { recursive: true, encoding: 'utf8' })
  .filter((name) => name.endsWith('.schema.json'))
  .sort();

function strictAjv(keywords: boolean): Ajv {
  const ajv = new Ajv({ strict: true, allErrors: true });
  addFormats(ajv);
  if (keywords) for (const keyword of SCHEMA_KEYWORDS) ajv.addKeyword({ ...keyword });
  return ajv;
}

describe('the published schemas in a strict Ajv', () => {
  it('are all there', () => {
    expect(files).toContain('fleet.schema.json');
    expect(files).toContain(path.join('books', 'doc-a.schema.json'));
  });

  for (const file of files) {
    it(`${file} compiles with the exported keywords registered`, () => {
      const schema = JSON.parse(readFileSync(path.join(SCHEMAS, file), 'utf8')) as object;
      expect(() => strictAjv(true).compile(schema)).not.toThrow();
      if (JSON.stringify(schema).includes('"x-diene-codes"'))
        expect(() => strictAjv(false).compile(schema)).toThrow('strict mode: unknown keyword: "x-diene-codes"');
    });
  }

  it('accepts a valid fleet file and refuses an invalid one, the keyword only annotating', () => {
    const validate = strictAjv(true).compile(JSON.parse(readFileSync(path.join(SCHEMAS, 'landscape.schema.json'), 'utf8')) as object);
    expect(validate({ name: 'raichu', region: 'SIN', tier: 'prod' }), JSON.stringify(validate.errors)).toBe(true);
    expect(validate({ name: 'raichu', region: 7, tier: 'prod' })).toBe(false);
  });
});
