/**
 * The fingerprint of a `route_paths` table (SPEC §3.4): `sha256:<hex>` over the
 * table written in marked, length-prefixed sections. Design note:
 *
 * A plain hash of concatenated values would let a value migrate between
 * columns or rows and cancel a change (`host "a", prefix "bc"` and
 * `host "ab", prefix "c"` concatenate alike); then a flip could land in the
 * table and never reach the edge, which reloads only on a new fingerprint. So
 * the hashed text is a self-delimiting encoding: a header naming the format
 * and the row count, then for every row, in table order, a `row` marker and
 * its five columns, each as `<column> <byte length>:<value>\n`. The encoding
 * can be read back into exactly one table ({@link parseFingerprintMaterial}
 * proves it in the tests), so two different tables always hash different
 * texts, and a change to any column of any row, a row moving host, or a row
 * added or removed moves the digest.
 */
import { createHash } from 'node:crypto';
import type { RoutePathRow } from '../2-analyze/route-paths.js';

/** The header of the hashed text; a new encoding gets a new version. */
export const FINGERPRINT_FORMAT = 'diene route_paths fingerprint v1';

/** The columns of `route_paths`, in the order they are hashed. */
export const ROUTE_PATH_COLUMNS = ['host', 'prefix', 'target', 'account', 'app'] as const;

function section(column: string, value: string): string {
  return `${column} ${Buffer.byteLength(value, 'utf8')}:${value}\n`;
}

/** The exact text the fingerprint hashes (UTF-8), for tests and debugging. */
export function fingerprintMaterial(rows: readonly RoutePathRow[]): string {
  let text = `${FINGERPRINT_FORMAT}\nrows ${rows.length}\n`;
  for (const row of rows) {
    text += 'row\n';
    for (const column of ROUTE_PATH_COLUMNS) text += section(column, row[column]);
  }
  return text;
}

/** Characters of material handed to the hash at a time (fewer, larger updates are faster than one per value). */
const HASH_CHUNK = 1 << 16;

/** `sha256:<64 hex digits>` of {@link fingerprintMaterial}; rows are hashed in the order given (the table's sorted order). */
export function fingerprintRoutePaths(rows: readonly RoutePathRow[]): string {
  const hash = createHash('sha256');
  let chunk = `${FINGERPRINT_FORMAT}\nrows ${rows.length}\n`;
  for (const row of rows) {
    chunk += `row\n${section('host', row.host)}${section('prefix', row.prefix)}${section('target', row.target)}${section('account', row.account)}${section('app', row.app)}`;
    if (chunk.length >= HASH_CHUNK) {
      hash.update(chunk, 'utf8');
      chunk = '';
    }
  }
  hash.update(chunk, 'utf8');
  return `sha256:${hash.digest('hex')}`;
}

/**
 * Reads {@link fingerprintMaterial} back into its rows; throws on any text that
 * is not exactly such an encoding. It exists to prove the encoding is
 * injective (one text, one table).
 */
export function parseFingerprintMaterial(text: string): RoutePathRow[] {
  const bytes = Buffer.from(text, 'utf8');
  let at = 0;
  const expectLiteral = (literal: string): void => {
    const want = Buffer.from(literal, 'utf8');
    if (!bytes.subarray(at, at + want.length).equals(want)) throw new Error(`expected ${JSON.stringify(literal)} at byte ${at}`);
    at += want.length;
  };
  const readNumberUntil = (stop: number): number => {
    const start = at;
    while (at < bytes.length && bytes[at] !== stop) at++;
    const digits = bytes.subarray(start, at).toString('utf8');
    if (!/^(0|[1-9][0-9]*)$/.test(digits) || at >= bytes.length) throw new Error(`expected a number at byte ${start}`);
    at++;
    return Number(digits);
  };
  expectLiteral(`${FINGERPRINT_FORMAT}\nrows `);
  const count = readNumberUntil(10);
  const rows: RoutePathRow[] = [];
  for (let r = 0; r < count; r++) {
    expectLiteral('row\n');
    const row: Record<string, string> = {};
    for (const column of ROUTE_PATH_COLUMNS) {
      expectLiteral(`${column} `);
      const length = readNumberUntil(58);
      if (at + length + 1 > bytes.length) throw new Error(`value of ${column} runs past the end`);
      row[column] = bytes.subarray(at, at + length).toString('utf8');
      at += length;
      expectLiteral('\n');
    }
    rows.push(row as unknown as RoutePathRow);
  }
  if (at !== bytes.length) throw new Error(`trailing bytes at ${at}`);
  return rows;
}
