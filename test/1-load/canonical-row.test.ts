/**
 * The canonical-row reader against the YAML library's whole path: on every
 * text it takes, the library finds nothing (no YAML, secret, schema or Kargo
 * finding) and gives the same value, keys in the same order, and counts the
 * same values; everything else it declines.
 */
import { describe, expect, it } from 'vitest';
import { generateFleet } from '../../bench/fleet-generator.mjs';
import { CANONICAL_ROW_VALUES, canonicalRow } from '../../compiler/1-load/canonical-row.js';
import { findSecrets } from '../../compiler/1-load/find-secrets.js';
import { kargoRowFindings } from '../../compiler/1-load/kargo-row-shape.js';
import { loadFleet, type FileRecord } from '../../compiler/1-load/load-fleet.js';
import { parseYaml } from '../../compiler/1-load/parse-yaml.js';
import { sourceFile } from '../../compiler/1-load/source-file.js';
import { inputValidators } from '../../compiler/index.js';

const schemas = inputValidators();

/** What the library's path says of `text` as a row: its value (as JSON, so key order counts), every finding, and its value count. */
function throughLibrary(text: string): { json?: string; findings: unknown[]; values?: number } {
  const file = sourceFile('platforms/p/s/l.yaml', text);
  const result = parseYaml(file, { schemaName: 'row.schema.json' });
  if (!result.parsed) return { findings: result.diagnostics, ...(result.values !== undefined ? { values: result.values } : {}) };
  const findings = [
    ...result.diagnostics,
    ...findSecrets(file, result.parsed, 'row').diagnostics,
    ...schemas.validate('row', result.parsed),
    ...kargoRowFindings(result.parsed),
  ];
  return { json: JSON.stringify(result.parsed.value), findings, ...(result.values !== undefined ? { values: result.values } : {}) };
}

const row = (first: string, a: string, second: string, b: string): string => `pin:\n  ${first}: "${a}"\n  ${second}: "${b}"\n`;

describe('canonicalRow', () => {
  const taken = [
    row('chart', '1.7.1', 'image', '1.7.1'),
    row('image', '2.8.8', 'chart', '0.0.0'),
    row('chart', '', 'image', ''),
    row('chart', '999999999.0.123456789', 'image', '1.0.0'),
  ];

  it.each(taken)('takes %j, and the library gives the same value, no finding and five values', (text) => {
    const value = canonicalRow(text);
    expect(value).toBeDefined();
    expect(throughLibrary(text)).toEqual({ json: JSON.stringify(value), findings: [], values: CANONICAL_ROW_VALUES });
  });

  const declined: [string, string][] = [
    ['a comment', `${row('chart', '1.7.1', 'image', '1.7.1')}# held back\n`],
    ['values', `${row('chart', '1.7.1', 'image', '1.7.1')}values:\n  replicas: 2\nvaluesSince: 2026-11-18T12:00:00Z\n`],
    ['CRLF line ends', row('chart', '1.7.1', 'image', '1.7.1').replace(/\n/g, '\r\n')],
    ['no final line end', row('chart', '1.7.1', 'image', '1.7.1').slice(0, -1)],
    ['single quotes', "pin:\n  chart: '1.7.1'\n  image: '1.7.1'\n"],
    ['plain versions', 'pin:\n  chart: 1.7.1\n  image: 1.7.1\n'],
    ['a v prefix', row('chart', 'v1.7.1', 'image', '1.7.1')],
    ['a leading zero', row('chart', '1.07.1', 'image', '1.7.1')],
    ['a leading zero in the major version', row('chart', '01.7.1', 'image', '1.7.1')],
    ['a leading zero in the patch version', row('chart', '1.7.01', 'image', '1.7.1')],
    ['a ten-digit part', row('chart', '1234567890.0.0', 'image', '1.7.1')],
    // Starts with `p` as a row does: only the anchor at the start declines the line before the row.
    ['a line before the row', `pin: {}\n${row('chart', '1.7.1', 'image', '1.7.1')}`],
    ['a key before the row', `pinned: true\n${row('chart', '1.7.1', 'image', '1.7.1')}`],
    ['a prerelease', row('chart', '1.7.1-rc.1', 'image', '1.7.1')],
    ['two parts', row('chart', '1.10', 'image', '1.7.1')],
    ['a key twice', row('chart', '1.7.1', 'chart', '1.7.1')],
    ['another key', row('chart', '1.7.1', 'tag', '1.7.1')],
    ['a trailing space', row('chart', '1.7.1', 'image', '1.7.1').replace('"\n', '" \n')],
    ['three-space indent', 'pin:\n   chart: "1.7.1"\n   image: "1.7.1"\n'],
    ['flow style', 'pin: { chart: "1.7.1", image: "1.7.1" }\n'],
    ['a document marker', `---\n${row('chart', '1.7.1', 'image', '1.7.1')}`],
    ['a byte order mark', `\ufeff${row('chart', '1.7.1', 'image', '1.7.1')}`],
    ['one pin empty', row('chart', '10.20.30', 'image', '')],
    ['an escape', row('chart', '1.7\\x2e1', 'image', '1.7.1')],
  ];

  it.each(declined)('declines %s', (_, text) => {
    expect(canonicalRow(text)).toBeUndefined();
  });

  it('gives what the library gives on every text it takes among 3,000 edits of a canonical row (one character put in, taken out or changed)', () => {
    let seed = 20261202;
    const next = (n: number): number => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed % n;
    };
    const alphabet = [' ', '"', "'", '\n', '\r', '\t', '#', ':', '-', '.', '0', '1', '9', 'a', 'v', '\\', '{', '[', '&', '!'];
    let takenCount = 0;
    for (let i = 0; i < 3000; i++) {
      const base = taken[next(taken.length)] as string;
      const at = next(base.length + 1);
      const char = alphabet[next(alphabet.length)] as string;
      const edit = next(3);
      const text =
        edit === 0
          ? base.slice(0, at) + char + base.slice(at)
          : edit === 1
            ? base.slice(0, at) + base.slice(at + 1)
            : base.slice(0, at) + char + base.slice(at + 1);
      const value = canonicalRow(text);
      if (value === undefined) continue;
      takenCount++;
      expect(throughLibrary(text), JSON.stringify(text)).toEqual({ json: JSON.stringify(value), findings: [], values: CANONICAL_ROW_VALUES });
    }
    // Some edits keep a canonical row (a digit for a digit), most do not.
    expect(takenCount).toBeGreaterThan(30);
  });

  it('gives what the library gives for every row of the benchmark fleet it takes, and takes most of them', () => {
    const rows = [...generateFleet('M')].filter(([file]) => /^platforms\/[^/]+\/[^/]+\/[^/]+\.yaml$/.test(file));
    let takenCount = 0;
    for (const [file, text] of rows) {
      const value = canonicalRow(text);
      if (value === undefined) continue;
      takenCount++;
      expect(throughLibrary(text), file).toEqual({ json: JSON.stringify(value), findings: [], values: CANONICAL_ROW_VALUES });
    }
    expect(rows.length).toBeGreaterThan(1000);
    expect(takenCount / rows.length).toBeGreaterThan(0.8);
  });

  it('loads a fleet of rows as the library path does, at every value budget around them (the row that crosses it refused at the same value)', () => {
    // The same rows with a comment line after them are read by the library: comments count no value and move no position.
    const texts = [row('chart', '1.7.1', 'image', '1.7.1'), row('image', '', 'chart', ''), row('chart', '0.0.0', 'image', '2.10.3')];
    const files = (comment: string) => texts.map((text, i) => sourceFile(`platforms/p/s/l${i}.yaml`, text + comment));
    for (const file of files('')) expect(canonicalRow(file.text)).toBeDefined();
    for (const file of files('# held back\n')) expect(canonicalRow(file.text)).toBeUndefined();
    const load = (comment: string, values: number) => {
      const records: [string, FileRecord][] = [];
      const loaded = loadFleet(files(comment), schemas, { bytes: 1 << 20, values }, undefined, {
        fileMemo: {
          get: () => undefined,
          set: (file, record) => records.push([file.path, record]),
        },
      });
      return {
        diagnostics: loaded.diagnostics.map(({ code, file, line, column, message }) => ({ code, file, line, column, message })),
        incomplete: loaded.incomplete,
        rows: loaded.fleet.rows.map(({ identity, data, rowFindings }) => JSON.stringify({ identity, data, rowFindings })),
        records: JSON.stringify(records),
      };
    };
    const crossed = [];
    for (let values = 0; values <= texts.length * CANONICAL_ROW_VALUES + 1; values++) {
      const fast = load('', values);
      expect(fast, `a budget of ${values} values`).toEqual(load('# held back\n', values));
      if (fast.diagnostics.some((d) => d.code === 'input_total_too_many_values')) crossed.push(values);
    }
    // Every budget short of the three rows' fifteen values is crossed inside one of them.
    expect(crossed).toEqual([...Array(texts.length * CANONICAL_ROW_VALUES).keys()]);
  });
});
