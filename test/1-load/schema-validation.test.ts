/**
 * Ajv errors become located diagnostics; every keyword the input schemas use
 * has a mapping (an unmapped keyword would throw, which is a bug).
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { compileValidatorFunctions } from '../../compiler/1-load/compile-schemas.js';
import { FORMAT_EXAMPLES, MAPPED_KEYWORDS, suggestKey } from '../../compiler/1-load/schema-validation.js';
import { REPO_ROOT } from '../support/fleet-fixture.js';

const VALIDATING_KEYWORDS = new Set([
  'required',
  'dependencies',
  'additionalProperties',
  'type',
  'enum',
  'const',
  'pattern',
  'propertyNames',
  'minLength',
  'maxLength',
  'format',
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'uniqueItems',
  'minItems',
  'maxItems',
  'minProperties',
  'maxProperties',
  'anyOf',
  'oneOf',
  'allOf',
  'not',
  'if',
  'then',
  'else',
  'contains',
  'multipleOf',
  'patternProperties',
  'items',
  'additionalItems',
  'dependentRequired',
]);

function keywordsIn(schema: unknown, found: Set<string>, parentKey = ''): void {
  if (Array.isArray(schema)) return schema.forEach((item) => keywordsIn(item, found, parentKey));
  if (schema === null || typeof schema !== 'object') return;
  for (const [key, value] of Object.entries(schema)) {
    const isNameMap = ['properties', 'definitions', 'x-diene-codes', 'examples', 'dependencies'].includes(parentKey);
    if (!isNameMap && VALIDATING_KEYWORDS.has(key)) found.add(key);
    if (key !== 'examples') keywordsIn(value, found, key);
  }
}

describe('schema keyword coverage', () => {
  it('maps every validating keyword used in schemas/ to a diagnostic', () => {
    const found = new Set<string>();
    const inputKinds = [
      'fleet',
      'regions',
      'landscape',
      'vlandscape',
      'account',
      'cluster',
      'cluster-state',
      'platform',
      'row',
      'shared-row',
      'claim',
      'dns-plan',
      'dns-health',
    ];
    const files = readdirSync(path.join(REPO_ROOT, 'schemas')).filter((f) => inputKinds.includes(f.replace(/\.schema\.json$/, '')));
    expect(files).toHaveLength(inputKinds.length);
    for (const file of files) {
      keywordsIn(JSON.parse(readFileSync(path.join(REPO_ROOT, 'schemas', file), 'utf8')), found);
    }
    const structural = new Set(['items', 'then', 'else', 'allOf', 'patternProperties', 'additionalItems']);
    expect([...found].filter((k) => !structural.has(k) && !MAPPED_KEYWORDS.includes(k)).sort()).toEqual([]);
  });
});

describe('suggestKey', () => {
  it('suggests the closest allowed key for a typo', () => {
    expect(suggestKey('teir', ['name', 'region', 'tier'])).toBe('did you mean "tier"? (allowed keys: name, region, tier)');
  });
  it('suggests the nearest key, not the first in sort order within reach', () => {
    // "vlandscape" is one edit from "vlandscapes" and two from "landscapes".
    const keys = ['landscapes', 'name', 'services', 'sharedCharts', 'stages', 'vlandscapes'];
    expect(suggestKey('vlandscape', keys)).toBe(`did you mean "vlandscapes"? (allowed keys: ${keys.join(', ')})`);
  });
  it('lists the allowed keys when nothing is close', () => {
    expect(suggestKey('colour', ['name', 'region', 'tier'])).toBe('remove it; allowed keys here: name, region, tier');
  });
});

describe('FORMAT_EXAMPLES', () => {
  it('holds a valid example of every string format the schemas use', () => {
    const formats = new Set<string>();
    for (const file of readdirSync(path.join(REPO_ROOT, 'schemas')).filter((f) => f.endsWith('.schema.json')))
      for (const match of readFileSync(path.join(REPO_ROOT, 'schemas', file), 'utf8').matchAll(/"format":\s*"([^"]+)"/g)) formats.add(match[1] as string);
    expect([...formats].filter((format) => FORMAT_EXAMPLES[format] === undefined)).toEqual([]);
    const validators = compileValidatorFunctions(Object.fromEntries([...formats].map((format) => [format, { type: 'string', format }])));
    for (const format of formats) expect((validators[format] as (data: unknown) => boolean)(FORMAT_EXAMPLES[format]), format).toBe(true);
  });
});
