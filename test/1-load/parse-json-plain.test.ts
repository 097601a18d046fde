// parseJson reads a claim written the usual way (JSON.stringify with two
// spaces) with JSON.parse and makes its positioned document only when asked.
// Whatever path a text takes, the result must be the one the YAML node model
// gives: the same value, value count, findings and locations.

import { describe, expect, it } from 'vitest';
import { parseJson } from '../../compiler/1-load/parse-json.js';
import { locate, parseYaml, type ParseOptions } from '../../compiler/1-load/parse-yaml.js';
import { sourceFile } from '../../compiler/1-load/source-file.js';

function positioned(text: string, options: Pick<ParseOptions, 'valueBudget'> = {}) {
  const result = parseYaml(sourceFile('claims/domains/a.b.json', text), { ...options, json: true });
  return { ...result, diagnostics: result.diagnostics.filter((d) => d.code !== 'yaml_ambiguous_boolean') };
}

const pretty = (value: unknown): string => `${JSON.stringify(value, null, 2)}\n`;
const claim = { account: 'nitroso', app: 'tin', paths: { paulca: 'api.zinc.nitroso.raichu.cluster.atomi.cloud', belca: 'x.y' } };

const texts: Record<string, string> = {
  'a claim as set-paths writes it': pretty(claim),
  'without the final newline': JSON.stringify(claim, null, 2),
  'on one line': JSON.stringify(claim),
  'a duplicate key': pretty(claim).replace('"belca"', '"paulca"'),
  'an escape': pretty({ ...claim, paths: { 'a\\u0062': 'x.y', b: 'q\\"r' } }),
  'a tab': pretty(claim).replace('  "app"', '\t"app"'),
  'a key of 1,200 characters': pretty({ ...claim, paths: { ['k'.repeat(1200)]: 'x.y' } }),
  'a __proto__ key': pretty(claim).replace('"belca"', '"__proto__"'),
  'non-ASCII': pretty({ ...claim, paths: { 'caf\u00e9': 'x.y' } }),
  'numbers, booleans and null': pretty({ account: 1.5, app: true, paths: { a: null, b: [1, -2, 1e21, 'c'], c: {} } }),
  'integer-like keys': pretty({ ...claim, paths: { b: 'x.y', 10: 'y.z', 9: 'z.w' } }),
  'nested lists': pretty({ account: [[[]], [{}]], app: 'a', paths: {} }),
  'an empty object': '{}\n',
  'a list at the root': '[1, 2]\n',
  'a string at the root': '"a"\n',
};

describe('parseJson against the YAML node model', () => {
  for (const [name, text] of Object.entries(texts)) {
    it(`gives the same result: ${name}`, () => {
      const fast = parseJson(sourceFile('claims/domains/a.b.json', text));
      const slow = positioned(text);
      expect(fast.diagnostics).toEqual(slow.diagnostics);
      expect(fast.values).toBe(slow.values);
      expect(fast.parsed?.value).toEqual(slow.parsed?.value);
      if (fast.parsed && slow.parsed) {
        expect(String(fast.parsed.doc)).toBe(String(slow.parsed.doc));
        for (const path of [[], ['paths'], ['paths', 'belca'], ['account'], ['nothing', 'here']])
          expect(locate(fast.parsed, path)).toEqual(locate(slow.parsed, path));
        expect(locate(fast.parsed, ['paths', 'paulca'], 'key')).toEqual(locate(slow.parsed, ['paths', 'paulca'], 'key'));
      }
    });
  }

  it('counts values as the YAML reader does, at the edge of the budget', () => {
    const text = pretty(claim); // the root, 3 keys, 2 names, the paths mapping, 2 prefixes, 2 targets: 11 values
    const total = 1_000_000;
    for (const left of [10, 11, 12]) {
      const fast = parseJson(sourceFile('claims/domains/a.b.json', text), { valueBudget: { left, total } });
      const slow = positioned(text, { valueBudget: { left, total } });
      expect(fast.diagnostics).toEqual(slow.diagnostics);
      expect(fast.values).toBe(slow.values);
      expect(fast.parsed === undefined).toBe(slow.parsed === undefined);
    }
    expect(parseJson(sourceFile('claims/domains/a.b.json', text)).values).toBe(11);
  });

  it('reads a usual claim without making its positioned document', () => {
    const fast = parseJson(sourceFile('claims/domains/a.b.json', pretty(claim)));
    expect(Object.getOwnPropertyDescriptor(fast.parsed, 'doc')?.get).toBeTypeOf('function');
    expect(Object.getOwnPropertyDescriptor(parseJson(sourceFile('claims/domains/a.b.json', JSON.stringify(claim))).parsed, 'doc')?.get).toBeUndefined();
  });

  it('tells the watcher the caller passed when the positioned document is made, once', () => {
    const remade: string[] = [];
    const fast = parseJson(sourceFile('claims/domains/a.b.json', pretty(claim)), { documentRemade: (file) => remade.push(file) });
    expect(remade).toEqual([]);
    expect(locate(fast.parsed!, ['paths', 'belca'])).toMatchObject({ line: 6 });
    expect(locate(fast.parsed!, ['app'])).toMatchObject({ line: 3 });
    expect(remade).toEqual(['claims/domains/a.b.json']);
  });
});
