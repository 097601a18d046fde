/**
 * SQLite in the test process: Node's own `node:sqlite` (unflagged from Node
 * 22.13; the tests run on Node 24), no native module. better-sqlite3 12 was
 * one, and its objects' destructors abort Node 24.19 and later when they run
 * after the environment is gone (`Assertion failed: (env) != nullptr` in
 * `node::RemoveEnvironmentCleanupHook`), which ended a test worker.
 */
import type { DatabaseSync } from 'node:sqlite';

const sqlite = await import('node:sqlite').catch(() => undefined);

/** Why SQLite cannot be opened here (a Node without `node:sqlite`), or undefined. */
export const SQLITE_MISSING = sqlite === undefined ? `node:sqlite (Node 22.13 or newer; this is Node ${process.version})` : undefined;

/** Opens the SQLite database `file` (`:memory:` for one in memory); throws when `SQLITE_MISSING` says why it cannot. */
export function openSqlite(file: string): DatabaseSync {
  if (sqlite === undefined) throw new Error(`${SQLITE_MISSING} is needed`);
  return new sqlite.DatabaseSync(file);
}
