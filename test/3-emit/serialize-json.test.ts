// toJson reads already canonical lists and objects in place instead of
// copying them: its text must stay exactly that of the canonical copy.

import { describe, expect, it } from 'vitest';
import { canonicalize, toJson } from '../../compiler/3-emit/serialize.js';

const reference = (value: unknown): string => `${JSON.stringify(canonicalize(value), null, 2)}\n`;

class Point {
  constructor(
    public y: number,
    public x: number,
  ) {}
}

const cases: Record<string, unknown> = {
  'canonical already': { a: 1, b: ['x', 'y'], c: { d: true } },
  'keys out of order': { kind: 'K', b: 1, apiVersion: 'v1', a: { z: 1, metadata: { name: 'n' }, y: 2 } },
  'null and undefined dropped': { a: null, b: undefined, c: [1, null, 2, undefined, 3], d: { e: null } },
  'a null first in a list': [null, 'a', { b: null, a: 1 }],
  'integer-like keys': { 10: 'ten', 9: 'nine', a: 'a', '01': 'zero-one' },
  'a __proto__ own key': JSON.parse('{"b": 1, "__proto__": {"x": 1}, "a": 2}'),
  'a Date': { when: new Date(0), list: [new Date(0)] },
  'a class instance': { point: new Point(2, 1) },
  'an object without prototype': Object.assign(Object.create(null), { b: 1, a: [{ d: 1, c: null }] }),
  'deep change under shared parts': { a: ['x', 'y'], b: { c: ['z'], d: { f: 1, e: 2 } } },
  'empty collections': { a: [], b: {}, c: [[]], d: [{}] },
  'strings needing escapes': { 'k"ey': 'line\nbreak', é: '\u2028' },
};

describe('toJson', () => {
  for (const [name, value] of Object.entries(cases)) {
    it(`writes the canonical copy's text: ${name}`, () => {
      const before = JSON.stringify(value);
      expect(toJson(value)).toBe(reference(value));
      expect(JSON.stringify(value)).toBe(before); // the input is left as it was
    });
  }

  it('refuses non-finite numbers, as canonicalize does', () => {
    expect(() => toJson({ a: [1, Number.NaN] })).toThrow(/cannot serialize NaN/);
    expect(() => toJson({ a: Number.POSITIVE_INFINITY })).toThrow(/cannot serialize Infinity/);
  });
});
