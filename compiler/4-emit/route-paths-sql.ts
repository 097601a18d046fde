/**
 * `route-paths/<landscape>.sql` (SPEC §3.6): one transaction that runs
 * unchanged in SQLite (3.8.3 and later) and PostgreSQL (9.1 and later, with
 * `standard_conforming_strings`, the default): it creates `route_paths` if
 * missing, empties it and inserts every row. An empty table still empties it:
 * that is how the last flip of a landscape is undone.
 *
 * Only the syntax both engines share is used: `TEXT` columns, a composite
 * primary key, `CREATE TABLE IF NOT EXISTS`, `DELETE FROM`, multi-row
 * `INSERT … VALUES` in batches of {@link SQL_INSERT_BATCH} rows (under
 * SQLite's historical 500-term limit), and string literals in single quotes
 * with quotes doubled (the only escape both engines read alike). Comments are
 * `--` lines: the generated-file comment, then the landscape, row count and
 * fingerprint.
 */
import type { RoutePathRow } from '../3-model/route-paths.js';
import { ROUTE_PATH_COLUMNS } from './route-paths-fingerprint.js';
import { generatedComment } from './serialize.js';

/** Rows per INSERT statement. */
export const SQL_INSERT_BATCH = 500;

/** A SQL string literal: single quotes, inner quotes doubled. Throws on NUL, which neither engine stores in TEXT (a bug: prefixes and hosts never hold it). */
export function sqlString(value: string): string {
  if (value.includes('\0')) throw new Error('a SQL string cannot hold NUL');
  return `'${value.includes("'") ? value.replaceAll("'", "''") : value}'`;
}

/** The SQL text of one landscape's table, opened by the generated-file comment of `command`. */
export function renderRoutePathsSql(landscape: string, fingerprint: string, rows: readonly RoutePathRow[], command: string): string {
  const lines = [
    generatedComment(command).trimEnd().replace(/^#/, '--'),
    `-- route_paths of landscape ${landscape}: ${rows.length} row(s), fingerprint ${fingerprint}`,
    'BEGIN;',
    'CREATE TABLE IF NOT EXISTS route_paths (',
    '  host TEXT NOT NULL,',
    '  prefix TEXT NOT NULL,',
    '  target TEXT NOT NULL,',
    '  account TEXT NOT NULL,',
    '  app TEXT NOT NULL,',
    '  PRIMARY KEY (host, prefix)',
    ');',
    'DELETE FROM route_paths;',
  ];
  const insert = `INSERT INTO route_paths (${ROUTE_PATH_COLUMNS.join(', ')}) VALUES`;
  for (let i = 0; i < rows.length; i++) {
    const row = rows[i] as RoutePathRow;
    if (i % SQL_INSERT_BATCH === 0) lines.push(insert);
    const last = i === rows.length - 1 || (i + 1) % SQL_INSERT_BATCH === 0;
    lines.push(`  (${sqlString(row.host)}, ${sqlString(row.prefix)}, ${sqlString(row.target)}, ${sqlString(row.account)}, ${sqlString(row.app)})${last ? ';' : ','}`);
  }
  lines.push('COMMIT;');
  return `${lines.join('\n')}\n`;
}
