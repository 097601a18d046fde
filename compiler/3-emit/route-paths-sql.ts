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
 * fingerprint. The file's layout is `templates/route-paths.sql.hbs`.
 */
import type { RoutePathRow } from '../2-analyze/route-paths.js';
import { ROUTE_PATH_COLUMNS } from './route-paths-fingerprint.js';
import { generatedComment } from './serialize.js';
import { compiledTemplate } from './templates-engine.js';

/** Rows per INSERT statement. */
export const SQL_INSERT_BATCH = 500;

/** A SQL string literal: single quotes, inner quotes doubled. Throws on NUL, which neither engine stores in TEXT (a bug: prefixes and hosts never hold it). */
export function sqlString(value: string): string {
  if (value.includes('\0')) throw new Error('a SQL string cannot hold NUL');
  return `'${value.includes("'") ? value.replaceAll("'", "''") : value}'`;
}

/** The values of one row as a SQL tuple body: `'host', 'prefix', 'target', 'account', 'app'`. */
function tuple(row: RoutePathRow): string {
  return `${sqlString(row.host)}, ${sqlString(row.prefix)}, ${sqlString(row.target)}, ${sqlString(row.account)}, ${sqlString(row.app)}`;
}

/**
 * The SQL text of one landscape's table, rendered from
 * `templates/route-paths.sql.hbs` and opened by the generated-file comment of
 * `command` as a `--` line. Quoting is done here, in code, never by the template.
 */
export function renderRoutePathsSql(landscape: string, fingerprint: string, rows: readonly RoutePathRow[], command: string): string {
  // Each batch's value lines are joined here: the template iterates batches only, which keeps it fast at a million rows.
  const batches: string[] = [];
  for (let start = 0; start < rows.length; start += SQL_INSERT_BATCH)
    batches.push(
      rows
        .slice(start, start + SQL_INSERT_BATCH)
        .map((row) => `  (${tuple(row)})`)
        .join(',\n'),
    );
  const render = compiledTemplate('route-paths.sql.hbs');
  return render({
    comment: generatedComment(command).trimEnd().replace(/^#/, '--'),
    landscape,
    count: rows.length,
    fingerprint,
    columns: ROUTE_PATH_COLUMNS.join(', '),
    batches,
  });
}
