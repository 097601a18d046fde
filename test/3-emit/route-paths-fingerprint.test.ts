// The fingerprint of a route_paths table (SPEC §3.4) is how an edge learns
// that a flip landed: it reloads only when the fingerprint moves. These tests
// prove it moves for every change that matters — any one of the five columns
// of any row, a row moving to another host, a row added or removed — and that
// no value can migrate between columns or rows and cancel a change, because
// the hashed text reads back into exactly one table.

import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { RoutePathRow } from '../../compiler/2-analyze/route-paths.js';
import {
  FINGERPRINT_FORMAT,
  fingerprintMaterial,
  fingerprintRoutePaths,
  parseFingerprintMaterial,
  ROUTE_PATH_COLUMNS,
} from '../../compiler/3-emit/route-paths-fingerprint.js';

type Column = (typeof ROUTE_PATH_COLUMNS)[number];

const TIN = 'api.tin.nitroso.pikachu.cluster.atomi.cloud';
const ZINC = 'api.zinc.nitroso.pikachu.cluster.atomi.cloud';
const WEB = 'web.zinc.nitroso.pikachu.cluster.atomi.cloud';
const TIN_SPARE = 'api.tin.nitroso.pikachu.cluster.atomi-spare.net';

const TABLE: readonly RoutePathRow[] = [
  { host: TIN_SPARE, prefix: 'paulca', target: 'api.zinc.nitroso.pikachu.cluster.atomi-spare.net', account: 'nitroso', app: 'tin' },
  { host: TIN, prefix: 'dashboard', target: WEB, account: 'nitroso', app: 'tin' },
  { host: TIN, prefix: 'paulca', target: ZINC, account: 'nitroso', app: 'tin' },
  { host: ZINC, prefix: 'legacy', target: TIN, account: 'nitroso', app: 'zinc' },
];

function withValue(rows: readonly RoutePathRow[], index: number, column: Column, value: string): RoutePathRow[] {
  return rows.map((row, i) => (i === index ? { ...row, [column]: value } : row));
}

const sortRows = (rows: RoutePathRow[]): RoutePathRow[] =>
  rows.sort((a, b) => (a.host < b.host ? -1 : a.host > b.host ? 1 : a.prefix < b.prefix ? -1 : a.prefix > b.prefix ? 1 : 0));

/** Any string, including the separators of the encoding (space, colon, newline, digits) and non-ASCII. */
const anyText = fc.string({ unit: fc.constantFrom('a', 'b', '1', '0', ' ', ':', '\n', '.', 'é', '😀', 'row', 'host ') as fc.Arbitrary<string>, maxLength: 8 });
const anyRow: fc.Arbitrary<RoutePathRow> = fc.record({ host: anyText, prefix: anyText, target: anyText, account: anyText, app: anyText });
const anyTable = fc.array(anyRow, { maxLength: 6 });

describe('the route_paths fingerprint', () => {
  it('is sha256 over the marked, length-prefixed sections, in the documented format', () => {
    const material = fingerprintMaterial(TABLE.slice(1, 2));
    expect(material).toBe(
      `${FINGERPRINT_FORMAT}\nrows 1\nrow\nhost ${TIN.length}:${TIN}\nprefix 9:dashboard\ntarget ${WEB.length}:${WEB}\naccount 7:nitroso\napp 3:tin\n`,
    );
    expect(fingerprintRoutePaths(TABLE)).toBe(`sha256:${createHash('sha256').update(fingerprintMaterial(TABLE), 'utf8').digest('hex')}`);
    expect(fingerprintRoutePaths([])).toBe(`sha256:${createHash('sha256').update(`${FINGERPRINT_FORMAT}\nrows 0\n`).digest('hex')}`);
    expect(fingerprintRoutePaths(TABLE)).toMatch(/^sha256:[0-9a-f]{64}$/);
  });

  it('moves when any one of the five columns of any row changes (every row, every column, three kinds of change)', () => {
    const base = fingerprintRoutePaths(TABLE);
    const seen = new Set([base]);
    for (let index = 0; index < TABLE.length; index++) {
      for (const column of ROUTE_PATH_COLUMNS) {
        const value = (TABLE[index] as RoutePathRow)[column];
        const other = (TABLE[(index + 1) % TABLE.length] as RoutePathRow)[column];
        for (const changed of [`${value}x`, value.slice(0, -1), value === other ? `${other}-other` : other, '']) {
          const digest = fingerprintRoutePaths(withValue(TABLE, index, column, changed));
          expect(digest, `row ${index}, ${column}: ${JSON.stringify(value)} → ${JSON.stringify(changed)}`).not.toBe(base);
          seen.add(digest);
        }
      }
    }
    // Every one of the 4 rows × 5 columns × 4 changes gave its own digest (no two changes collide either).
    expect(seen.size).toBe(1 + TABLE.length * ROUTE_PATH_COLUMNS.length * 4);
  });

  it('moves when a row moves to another host', () => {
    const base = fingerprintRoutePaths(TABLE);
    const moved = sortRows(withValue(TABLE, 2, 'host', ZINC));
    expect(fingerprintRoutePaths(moved)).not.toBe(base);
    // …even when the rows otherwise stay in the same order
    expect(fingerprintRoutePaths(withValue(TABLE, 1, 'host', TIN_SPARE))).not.toBe(base);
  });

  it('moves when a row is added or removed, at any position', () => {
    const base = fingerprintRoutePaths(TABLE);
    const extra: RoutePathRow = { host: TIN, prefix: 'bob', target: ZINC, account: 'nitroso', app: 'tin' };
    for (let at = 0; at <= TABLE.length; at++) {
      expect(fingerprintRoutePaths([...TABLE.slice(0, at), extra, ...TABLE.slice(at)])).not.toBe(base);
    }
    for (let at = 0; at < TABLE.length; at++) {
      expect(fingerprintRoutePaths(TABLE.filter((_, i) => i !== at))).not.toBe(base);
    }
    expect(fingerprintRoutePaths([])).not.toBe(fingerprintRoutePaths(TABLE.slice(0, 1)));
  });

  it('keeps a value from migrating between columns or rows', () => {
    const row = TABLE[1] as RoutePathRow;
    // The same characters, split differently between host and prefix, or between prefix and target.
    const a = [{ ...row, host: 'a', prefix: 'bc' }];
    const b = [{ ...row, host: 'ab', prefix: 'c' }];
    expect(fingerprintRoutePaths(a)).not.toBe(fingerprintRoutePaths(b));
    // Markers alone are not enough: a value may end with the next marker's name.
    expect(fingerprintRoutePaths([{ ...row, host: 'xprefix', prefix: 'y' }])).not.toBe(fingerprintRoutePaths([{ ...row, host: 'x', prefix: 'prefixy' }]));
    // Two columns swapping values.
    expect(fingerprintRoutePaths([{ ...row, account: 'tin', app: 'nitroso' }])).not.toBe(fingerprintRoutePaths([row]));
    // A value that looks like the encoding itself.
    const forged = [{ ...row, prefix: `dashboard\ntarget ${WEB.length}:${WEB}` }];
    expect(fingerprintRoutePaths(forged)).not.toBe(fingerprintRoutePaths([row]));
    // The end of one row and the start of the next.
    const two = [
      { ...row, app: 'tin' },
      { ...row, host: 'x', prefix: 'y' },
    ];
    const shifted = [
      { ...row, app: 'tin\nrow\nhost 1:x' },
      { ...row, host: '', prefix: 'y' },
    ];
    expect(fingerprintRoutePaths(two)).not.toBe(fingerprintRoutePaths(shifted));
  });

  it('reads back into exactly the table it encodes (the encoding is injective)', () => {
    fc.assert(
      fc.property(anyTable, (rows) => {
        expect(parseFingerprintMaterial(fingerprintMaterial(rows))).toEqual(rows);
      }),
      { numRuns: 500 },
    );
    expect(() => parseFingerprintMaterial(`${fingerprintMaterial(TABLE)}x`)).toThrow(/trailing/);
    expect(() => parseFingerprintMaterial(fingerprintMaterial(TABLE).replace('rows 4', 'rows 5'))).toThrow();
  });

  it('moves for any change of any column of any row of any table (property)', () => {
    fc.assert(
      fc.property(fc.array(anyRow, { minLength: 1, maxLength: 6 }), fc.nat(), fc.constantFrom(...ROUTE_PATH_COLUMNS), anyText, (rows, pick, column, value) => {
        const index = pick % rows.length;
        fc.pre((rows[index] as RoutePathRow)[column] !== value);
        expect(fingerprintRoutePaths(withValue(rows, index, column, value))).not.toBe(fingerprintRoutePaths(rows));
      }),
      { numRuns: 1000 },
    );
  });

  it('moves when any row is added or removed from any table (property)', () => {
    fc.assert(
      fc.property(anyTable, anyRow, fc.nat(), (rows, extra, pick) => {
        const at = pick % (rows.length + 1);
        const bigger = [...rows.slice(0, at), extra, ...rows.slice(at)];
        expect(fingerprintRoutePaths(bigger)).not.toBe(fingerprintRoutePaths(rows));
      }),
      { numRuns: 500 },
    );
  });

  it('is the same for equal tables, whatever objects hold them (no identity, no key order)', () => {
    const copy = TABLE.map((row) => ({ app: row.app, account: row.account, target: row.target, prefix: row.prefix, host: row.host }));
    expect(fingerprintRoutePaths(copy)).toBe(fingerprintRoutePaths(TABLE));
  });
});
