/**
 * block-yaml.ts writes exactly the bytes of the `yaml` library path of
 * serialize.ts (which is given the canonicalized value): on every object the
 * emitters build for the reference fleet and a generated fleet of 20
 * platforms, and on generated values whose keys and strings are made of the
 * characters YAML treats specially, with nulls to drop and keys to reorder.
 * What it does not handle it declines, and the library writes.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { GENERATED_NOW, generateFleet } from '../../bench/fleet-generator.mjs';
import { sharedValue, writeBlockYaml, YamlSink } from '../../compiler/3-emit/block-yaml.js';
import { platformObjects } from '../../compiler/3-emit/emit-outputs.js';
import {
  canonicalize,
  compareKeys,
  generatedComment,
  libraryYamlDocument,
  readsAsNonString,
  toYamlDocument,
  toYamlStream,
} from '../../compiler/3-emit/serialize.js';
import { compileFleet } from '../../compiler/index.js';
import { toSourceFiles } from '../support/fleet-fixture.js';

/** The library path of serialize.ts. */
function libraryText(value: unknown): string {
  return libraryYamlDocument(canonicalize(value), readsAsNonString);
}

/** The fast path, with serialize.ts's quoting rule. */
function fastText(value: unknown): string | undefined {
  const sink = new YamlSink();
  sink.ascii('before\n');
  const written = writeBlockYaml(sink, value, { readsAsNonString, compareKeys });
  const text = sink.toString();
  if (!written) {
    expect(text).toBe('before\n'); // a declined value leaves nothing behind
    return undefined;
  }
  expect(text.startsWith('before\n')).toBe(true);
  return text.slice('before\n'.length);
}

function emittedObjects(files: ReadonlyMap<string, string>): unknown[] {
  const result = compileFleet(toSourceFiles(files), { nowSeconds: Math.floor(Date.parse(GENERATED_NOW) / 1000) });
  if (!result.model) throw new Error(JSON.stringify(result.diagnostics.slice(0, 3)));
  const model = result.model;
  return model.platforms.flatMap((platform) => platformObjects(model, platform));
}

describe('block-yaml writer', () => {
  it.each(['S', 'M'])('writes every emitted object of fleet %s as the library does, without declining', (scale) => {
    const objects = emittedObjects(generateFleet(scale));
    expect(objects.length).toBeGreaterThan(scale === 'S' ? 20 : 500);
    for (const object of objects) {
      const fast = fastText(object);
      expect(fast).toBeDefined();
      expect(fast).toBe(libraryText(object));
    }
  });

  // Strings from the characters that decide plain versus quoted, and words that other YAML types claim.
  const tricky = fc.oneof(
    fc.string({
      unit: fc.constantFrom(
        'a',
        'Z',
        '0',
        '9',
        ' ',
        ':',
        '#',
        '-',
        '?',
        '.',
        ',',
        '[',
        ']',
        '{',
        '}',
        '&',
        '*',
        '!',
        '|',
        '>',
        "'",
        '"',
        '%',
        '@',
        '`',
        '\\',
        '~',
        '+',
        'e',
        'x',
        'o',
        '_',
        '/',
        '$',
        '\t',
      ),
      maxLength: 12,
    }),
    fc.constantFrom(
      'apiVersion',
      'kind',
      'metadata',
      'spec',
      'longer_name.with/slash=x-y',
      '',
      'true',
      'True',
      'FALSE',
      'null',
      'Null',
      '~',
      'yes',
      'on',
      'off',
      'no',
      'y',
      '0o17',
      '0x1F',
      '1.10',
      '.5',
      '1e3',
      '-.inf',
      '.NaN',
      '0755',
      '1:20',
      '---',
      '...',
      '--- x',
      '%x',
      'a b',
      ' a',
      'a ',
      'a: b',
      'a #b',
      'a#b',
      '- a',
      '-a',
      '? a',
      './fleet/a.yaml',
      './a: b',
      './a #b',
      './a:',
      './',
      './/x',
      '${{ quote(x) }}',
      'abcdef: g',
      'abcdefg #h',
      'abcdef ',
      'abcdef:',
      'abcdef\tg',
      '_ab: cd',
      'Nullable',
      'TRUE_x',
    ),
    fc.string({ maxLength: 6 }),
  );
  const scalar = fc.oneof(
    tricky,
    fc.integer({ min: -1e9, max: 1e9 }),
    fc.double({ noNaN: true, noDefaultInfinity: true }),
    fc.boolean(),
    fc.constant(-0),
    fc.constant(null),
    fc.constant(undefined),
  );
  const { value } = fc.letrec((tie) => ({
    value: fc.oneof({ depthSize: 'small', withCrossShrink: true }, scalar, tie('list'), tie('map')),
    list: fc.array(tie('value'), { maxLength: 4 }),
    map: fc.dictionary(tricky, tie('value'), { maxKeys: 4 }),
  }));

  it('writes generated values as the library does whenever it does not decline', () => {
    let written = 0;
    fc.assert(
      fc.property(fc.dictionary(tricky, value, { minKeys: 1, maxKeys: 5 }), (root) => {
        const fast = fastText(root);
        if (fast !== undefined) {
          written++;
          expect(fast).toBe(libraryText(root));
        }
      }),
      { numRuns: 3000, seed: 8 },
    );
    expect(written).toBeGreaterThan(1000);
  });

  it('declines what it does not handle, and serialize.ts still writes it', () => {
    const cases: unknown[] = [{ a: 'two\nlines' }, { a: 'café' }, { a: '--- marker' }, { a: '... marker' }, { [`k${'x'.repeat(1100)}`]: 1 }, { a: 1n }];
    for (const value of cases) {
      expect(fastText(value), Object.keys(value as object)[0]).toBeUndefined();
      expect(toYamlDocument(value)).toBe(libraryText(value));
    }
    for (const root of [[1, 2], {}, { a: null }, 'text', new Date(0)]) expect(fastText(root)).toBeUndefined();
  });

  /** The library's text of a stream of `objects`. */
  function libraryStream(objects: readonly unknown[]): string {
    return generatedComment('diene test') + objects.map((o) => `---\n${libraryText(o)}`).join('');
  }

  it('writes the streams of fleet S, whose Stages share values, as the library does', () => {
    const result = compileFleet(toSourceFiles(generateFleet('S')), { nowSeconds: Math.floor(Date.parse(GENERATED_NOW) / 1000) });
    const model = result.model;
    if (!model) throw new Error('fleet S does not compile');
    for (const platform of model.platforms) {
      const objects = platformObjects(model, platform);
      expect(toYamlStream(objects, 'diene test')).toBe(libraryStream(objects));
    }
  });

  it('copies a shared value only where its text is the same (same indent, same stream), also after a declined document', () => {
    const fc1 = sharedValue({ b: 'x', list: ['1.10', 'y'] });
    const empty = sharedValue({ gone: null });
    const list = sharedValue([fc1, { c: 1 }]);
    const objects = [
      { kind: 'A', a: fc1, deep: { deeper: fc1 }, items: [fc1, list], none: empty },
      { kind: 'B', a: fc1, note: 'two\nlines', other: sharedValue({ z: 'only in a declined document' }) },
      { kind: 'C', items: list, none: empty, again: [[fc1]] },
    ];
    expect(toYamlStream(objects, 'diene test')).toBe(libraryStream(objects));
    // A shared value first met in a document that is then declined.
    const declinedFirst = sharedValue({ k: 'v' });
    const after = [
      { kind: 'A', note: 'café', k: declinedFirst },
      { kind: 'B', k: declinedFirst, l: [declinedFirst] },
    ];
    expect(toYamlStream(after, 'diene test')).toBe(libraryStream(after));
  });

  it('writes generated streams with shared values as the library does', () => {
    fc.assert(
      fc.property(
        fc.array(fc.dictionary(tricky, value, { minKeys: 1, maxKeys: 3 }), { minLength: 1, maxLength: 3 }),
        fc.array(fc.nat(), { minLength: 6, maxLength: 6 }),
        (parts, picks) => {
          const shared = parts.map((part) => sharedValue(part));
          const pick = (i: number) => shared[(picks[i] as number) % shared.length];
          const objects = [
            { kind: 'A', a: pick(0), list: [pick(1), { inner: pick(2) }] },
            { kind: 'B', b: { c: { d: pick(3) } }, e: [[pick(4)]], f: pick(5) },
          ];
          expect(toYamlStream(objects, 'diene test')).toBe(libraryStream(objects));
        },
      ),
      { numRuns: 500, seed: 9 },
    );
  });

  it('mixes written and declined documents in one stream, in UTF-8', () => {
    const objects = [
      { kind: 'A', name: 'plain' },
      { kind: 'B', note: 'café ☕' },
      { kind: 'C', text: 'two\nlines' },
      { kind: 'D', list: [1, 'x'] },
    ];
    const expected = generatedComment('diene test') + objects.map((o) => `---\n${libraryText(o)}`).join('');
    expect(toYamlStream(objects, 'diene test')).toBe(expected);
    expect(expected).toContain('café ☕');
  });
});
