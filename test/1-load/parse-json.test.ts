/**
 * Strict JSON with positions: JSON.parse judges the text, jsonc-parser says
 * where and what the first error is. The positions are checked against the
 * text by hand; the property checks that the two parsers refuse the same texts,
 * so every refusal gets a place and a reason of its own.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { firstJsonError, parseJson } from '../../compiler/1-load/parse-json.js';
import { sourceFile } from '../../compiler/1-load/source-file.js';

function refusal(text: string) {
  const { diagnostics, parsed } = parseJson(sourceFile('claims/domains/a.json', text));
  expect(parsed).toBeUndefined();
  expect(diagnostics).toHaveLength(1);
  const [d] = diagnostics as [(typeof diagnostics)[number]];
  return { code: d.code, line: d.line, column: d.column, message: d.message };
}

describe('parseJson', () => {
  it.each([
    ['a trailing comma in an object, blamed on the comma', '{\n  "a": 1,\n}\n', 2, 9, 'a trailing comma before the closing brace'],
    ['a trailing comma in an array, blamed on the comma', '{"a": [1, 2,]}', 1, 12, 'a trailing comma before the closing bracket'],
    ['a line comment', '{"a": 1, // mine\n "b": 2}', 1, 10, 'a comment'],
    ['a block comment', '{"a": /* x */ 1}', 1, 7, 'a comment'],
    ['a single-quoted key', "{\n 'a': 1}", 2, 2, 'unexpected "\'a\'"'],
    ['an unquoted key', '{a: 1}', 1, 2, 'unexpected "a"'],
    ['a missing comma', '{"a": 1\n "b": 2}', 2, 2, 'a comma expected'],
    ['a missing colon', '{"a" 1}', 1, 6, 'a colon expected after the property name'],
    ['an unterminated string', '{"a": "b}', 1, 7, 'a string without its closing quote'],
    ['a control character in a string', '{"a": "b\u0001"}', 1, 7, 'a control character inside a string (write it as a \\u escape)'],
    ['an invalid escape', '{"a": "\\x41"}', 1, 7, 'an invalid escape sequence'],
    ['a leading zero', '{"a": 01}', 1, 8, 'a comma expected'],
    ['NaN', '{"a": NaN}', 1, 7, 'unexpected "NaN"'],
    ['text after the value', '{"a": 1} {}', 1, 10, 'text after the end of the value'],
    ['an empty file', '', 1, 1, 'the text ends where a value is expected'],
    ['a file cut short', '{"a": [1,', 1, 10, 'the text ends where a value is expected'],
    ['a non-breaking space between tokens', '{"a":\u00a01}', 1, 6, 'unexpected character U+00A0'],
  ])('%s: json_syntax at the right line and column', (_what, text, line, column, reason) => {
    expect(refusal(text)).toEqual({ code: 'json_syntax', line, column, message: `invalid JSON: ${reason}` });
  });

  it('counts columns after a byte-order mark from the first character after it', () => {
    expect(refusal('\ufeff{"a": 1,}')).toMatchObject({ code: 'json_syntax', line: 1, column: 8 });
  });

  it('counts columns in code points: an emoji before the error (the trailing comma) is one column', () => {
    expect(refusal('{"😀": 1,}')).toMatchObject({ line: 1, column: 8 });
  });

  it('reads a valid text, BOM and CRLF included, and refuses a duplicate key with its position', () => {
    expect(parseJson(sourceFile('a.json', '\ufeff{"a": 1,\r\n "b": [true]}')).parsed?.value).toEqual({ a: 1, b: [true] });
    const { diagnostics } = parseJson(sourceFile('a.json', '{"a": 1,\n "a": 2}'));
    expect(diagnostics.map((d) => [d.code, d.line, d.column])).toEqual([['json_duplicate_key', 2, 2]]);
  });

  it('refuses exactly the texts JSON.parse refuses (so every refusal has a place from jsonc-parser)', () => {
    const alphabet = [
      '{',
      '}',
      '[',
      ']',
      ',',
      ':',
      '"',
      '\\',
      '/',
      '*',
      '-',
      '+',
      '.',
      'e',
      '0',
      '1',
      'u',
      'x',
      ' ',
      '\n',
      '\t',
      '\r',
      '\u00a0',
      '\u2028',
      '\ufeff',
      '\u0000',
      '\ud800',
      't',
      'n',
      "'",
    ];
    const valid = ['{"account": "nitroso", "app": "tin", "paths": {"a": "x.y", "b": [1, -2.5e3, true, false, null]}}', '[]', '{"a":"\\u00e9\\n"}'];
    const mutated = fc
      .tuple(fc.constantFrom(...valid), fc.array(fc.tuple(fc.nat(), fc.constantFrom(...alphabet), fc.boolean()), { minLength: 1, maxLength: 3 }))
      .map(([text, edits]) =>
        edits.reduce((t, [at, ch, remove]) => {
          const i = at % (t.length + 1);
          return remove ? t.slice(0, i) + t.slice(i + 1) : t.slice(0, i) + ch + t.slice(i);
        }, text),
      );
    fc.assert(
      fc.property(fc.oneof(mutated, fc.string({ unit: fc.constantFrom(...alphabet), maxLength: 12 })), (text) => {
        let accepted = true;
        try {
          JSON.parse(text);
        } catch {
          accepted = false;
        }
        expect(firstJsonError(text) === undefined, JSON.stringify(text)).toBe(accepted);
      }),
      { numRuns: 5000, seed: 17 },
    );
  });
});
