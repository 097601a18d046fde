/**
 * YAML loading with positions (issue 2 §3): pinned YAML 1.2 core, refusals,
 * warnings, and line/column arithmetic for BOM, CRLF and non-ASCII text.
 */
import { describe, expect, it } from 'vitest';
import { locate, parseYaml, sourceTextAt } from '../../compiler/1-load/parse-yaml.js';
import { positionOf, sourceFile } from '../../compiler/1-load/source-file.js';

const parse = (text: string) => parseYaml(sourceFile('registry/landscapes/pichu.yaml', text));

describe('parseYaml', () => {
  it('reads YAML 1.2 core: yes and on stay strings, 0755 is 755, 1.10 is 1.1', () => {
    const { parsed } = parse('a: yes\nb: on\nc: 0755\nd: 1.10\ne: 2026-11-20T10:00:00Z\n');
    expect(parsed?.value).toEqual({ a: 'yes', b: 'on', c: 755, d: 1.1, e: '2026-11-20T10:00:00Z' });
  });

  it('warns, once each, about plain scalars YAML 1.1 readers take for booleans, but not quoted ones', () => {
    const { diagnostics } = parse('a: yes\nb: "no"\nc: off\nd: Y\n');
    expect(diagnostics.map((d) => [d.code, d.severity, d.line, d.column])).toEqual([
      ['yaml_ambiguous_boolean', 'warning', 1, 4],
      ['yaml_ambiguous_boolean', 'warning', 3, 4],
      ['yaml_ambiguous_boolean', 'warning', 4, 4],
    ]);
  });

  it('refuses duplicate keys at the second key, naming where the first is', () => {
    const { parsed, diagnostics } = parse('name: a\nkind: x\nname: b\n');
    expect(parsed).toBeUndefined();
    expect(diagnostics.map((d) => [d.code, d.line, d.column, d.message])).toEqual([
      ['yaml_duplicate_key', 3, 1, 'key "name" appears twice in the same mapping (first on line 1)'],
    ]);
    expect(diagnostics[0]?.related).toEqual([{ file: diagnostics[0]?.file, line: 1, column: 1, message: 'the first "name"' }]);
  });

  it('refuses a `!!binary` tag as well as local tags, but allows core tags', () => {
    expect(parse('a: !!binary aGVsbG8=\n').diagnostics.map((d) => d.code)).toEqual(['yaml_custom_tag']);
    expect(parse('a: !!str 1.10\n').parsed?.value).toEqual({ a: '1.10' });
  });

  it('refuses %YAML 1.1 but accepts %YAML 1.2', () => {
    expect(parse('%YAML 1.1\n---\na: 1\n').diagnostics.map((d) => d.code)).toContain('yaml_version_directive');
    expect(parse('%YAML 1.2\n---\na: 1\n').diagnostics).toEqual([]);
  });

  it('caps alias expansion (a billion laughs never expands)', () => {
    const levels = ['a: &a [x, x, x, x, x, x, x, x, x, x]'];
    for (let i = 1; i < 9; i++)
      levels.push(
        `${'abcdefghij'[i]}: &${'abcdefghij'[i]} [${Array(10)
          .fill(`*${'abcdefghij'[i - 1]}`)
          .join(', ')}]`,
      );
    const { parsed, diagnostics } = parse(`${levels.join('\n')}\n`);
    expect(parsed).toBeUndefined();
    expect(diagnostics.map((d) => d.code)).toEqual(['yaml_alias_limit']);
  });

  it('accepts a few aliases under the cap', () => {
    expect(parse('a: &x [1, 2]\nb: *x\n').parsed?.value).toEqual({ a: [1, 2], b: [1, 2] });
  });

  it('reads an empty file as file_empty, not a crash', () => {
    expect(parse('').diagnostics.map((d) => d.code)).toEqual(['file_empty']);
  });
});

describe('positions', () => {
  it('does not count a BOM and keeps CRLF lines right', () => {
    const { parsed, diagnostics } = parse('\uFEFFname: pichu\r\nregion: SIN\r\ntier: dev\r\n');
    expect(diagnostics).toEqual([]);
    const where = locate(parsed!, ['tier']);
    expect([where.line, where.column, where.endColumn]).toEqual([3, 7, 10]);
    expect(where.sourceLine).toBe('tier: dev');
  });

  it('counts columns in Unicode code points, not UTF-16 units', () => {
    const file = sourceFile('x.yaml', 'a: "🦕🦕"\nb: x\n');
    expect(positionOf(file, file.text.indexOf('"', 4))).toEqual({ line: 1, column: 7 });
    const { parsed } = parseYaml(sourceFile('x.yaml', 'note: "🦕🦕"\nname: 1.10\n'));
    expect(locate(parsed!, ['name']).column).toBe(7);
  });

  it('blames a missing key at its nearest existing parent', () => {
    const { parsed } = parse('pin:\n  chart: "1"\n');
    const where = locate(parsed!, ['pin', 'image']);
    expect([where.line, where.column]).toEqual([2, 3]);
  });

  it('keeps the source text of a number for the quote-it advice', () => {
    const { parsed } = parse('pin: {chart: 1.10, image: 0755}\n');
    expect(sourceTextAt(parsed!, ['pin', 'chart'])).toBe('1.10');
    expect(sourceTextAt(parsed!, ['pin', 'image'])).toBe('0755');
  });
});
