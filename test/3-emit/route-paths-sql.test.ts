// route-paths/<landscape>.sql runs unchanged in SQLite and PostgreSQL (SPEC
// §3.6): each emitted file is loaded into a real SQLite (Node's node:sqlite) and a
// real PostgreSQL (the Debian package, started on loopback by
// test/support/postgres.ts) and the rows read back must be the JSON table's.
// Loading twice changes nothing; loading an empty table empties it (how the
// last flip of a landscape is undone); hostile strings survive the quoting.

import type { DatabaseSync } from 'node:sqlite';
import fc from 'fast-check';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RoutePathRow } from '../../compiler/2-analyze/route-paths.js';
import { renderRoutePathsSql, SQL_INSERT_BATCH, sqlString } from '../../compiler/3-emit/route-paths-sql.js';
import { compileFleet } from '../../compiler/index.js';
import { overlayTexts, readFleetTexts, TEST_NOW_SECONDS, toSourceFiles } from '../support/fleet-fixture.js';
import { findPostgres, startPostgres, type PostgresServer } from '../support/postgres.js';
import { skippedBecause, skipUnlessPresent } from '../support/required.js';
import { openSqlite, SQLITE_MISSING } from '../support/sqlite.js';

interface Emitted {
  landscape: string;
  rows: RoutePathRow[];
  sql: string;
}

function emittedTables(overlay: Record<string, string | null> = {}): Emitted[] {
  const result = compileFleet(toSourceFiles(overlayTexts(readFleetTexts(), overlay)), { nowSeconds: TEST_NOW_SECONDS });
  const outputs = result.outputs as Map<string, string>;
  return [...outputs.keys()]
    .filter((file) => file.startsWith('route-paths/') && file.endsWith('.json'))
    .map((file) => {
      const document = JSON.parse(outputs.get(file) as string) as { landscape: string; rows: RoutePathRow[] };
      return { landscape: document.landscape, rows: document.rows, sql: outputs.get(file.replace(/\.json$/, '.sql')) as string };
    });
}

const SELECT = 'SELECT host, prefix, target, account, app FROM route_paths';
const byKey = (rows: RoutePathRow[]): RoutePathRow[] =>
  [...rows].sort((a, b) => (a.host < b.host ? -1 : a.host > b.host ? 1 : a.prefix < b.prefix ? -1 : a.prefix > b.prefix ? 1 : 0));

const hostile = fc.string({
  unit: fc.constantFrom("'", "''", '\\', '"', ';', '--', '/*', '\n', '\r', '\t', 'é', '😀', '$$', 'a', ' ', '%', "E'", '\u2028'),
  minLength: 1,
  maxLength: 10,
});
const hostileTable = fc
  .uniqueArray(fc.record({ host: hostile, prefix: hostile, target: hostile, account: hostile, app: hostile }), {
    selector: (r) => `${r.host}\u0000${r.prefix}`,
    maxLength: 8,
  })
  .map(byKey);

describe.skipIf(skipUnlessPresent(SQLITE_MISSING))(`route-paths SQL in SQLite${skippedBecause(SQLITE_MISSING)}`, () => {
  const load = (db: DatabaseSync, sql: string): RoutePathRow[] => {
    db.exec(sql);
    return db.prepare(SELECT).all() as unknown as RoutePathRow[];
  };

  it('loads every landscape of the reference fleet and reads back the JSON rows', () => {
    const tables = emittedTables();
    expect(tables.map((t) => t.landscape)).toEqual(['ampharos', 'pichu', 'pikachu', 'raichu']);
    expect(tables.find((t) => t.landscape === 'pikachu')?.rows).toHaveLength(4);
    for (const table of tables) {
      const db = openSqlite(':memory:');
      expect(byKey(load(db, table.sql)), table.landscape).toEqual(table.rows);
      expect(byKey(load(db, table.sql)), 'loading twice').toEqual(table.rows);
      db.close();
    }
  });

  it("empties the table when a landscape's last flip is undone", () => {
    const db = openSqlite(':memory:');
    const before = emittedTables().find((t) => t.landscape === 'pikachu') as Emitted;
    expect(load(db, before.sql)).toHaveLength(4);
    const after = emittedTables({
      'claims/domains/api.tin.nitroso.pikachu.cluster.atomi.cloud.json': '{"account": "nitroso", "app": "tin", "paths": {}}',
    }).find((t) => t.landscape === 'pikachu') as Emitted;
    expect(after.rows).toEqual([]);
    expect(load(db, after.sql)).toEqual([]);
    db.close();
  });

  it('keeps (host, prefix) as the primary key', () => {
    const db = openSqlite(':memory:');
    db.exec(emittedTables()[0]?.sql as string);
    const insert = db.prepare('INSERT INTO route_paths VALUES (?, ?, ?, ?, ?)');
    insert.run('h', 'p', 't', 'a', 'x');
    expect(() => insert.run('h', 'p', 't2', 'a', 'x')).toThrow(/UNIQUE|PRIMARY/);
    db.close();
  });

  it('round-trips hostile strings and tables across INSERT batches', () => {
    fc.assert(
      fc.property(hostileTable, (rows) => {
        const db = openSqlite(':memory:');
        expect(byKey(load(db, renderRoutePathsSql('l', 'sha256:0', rows, 'diene compile')))).toEqual(byKey(rows));
        db.close();
      }),
      { numRuns: 200 },
    );
    const many = Array.from({ length: SQL_INSERT_BATCH * 2 + 1 }, (_, i) => ({
      host: 'h',
      prefix: `p${String(i).padStart(5, '0')}`,
      target: 't',
      account: 'a',
      app: 'x',
    }));
    const sql = renderRoutePathsSql('l', 'sha256:0', many, 'diene compile');
    expect(sql.match(/^INSERT INTO/gm)).toHaveLength(3);
    const db = openSqlite(':memory:');
    expect(load(db, sql)).toHaveLength(many.length);
    db.close();
  });

  it('refuses NUL, which neither engine stores in TEXT', () => {
    expect(() => sqlString('a\0b')).toThrow(/NUL/);
  });
});

const postgres = findPostgres();
if ('missing' in postgres) console.warn(`skipping the PostgreSQL tests: ${postgres.missing}`);

describe.skipIf(skipUnlessPresent('missing' in postgres ? String(postgres.missing) : undefined))('route-paths SQL in PostgreSQL', () => {
  let server: PostgresServer;
  let client: pg.Client;
  beforeAll(async () => {
    server = await startPostgres((postgres as { bin: string }).bin);
    client = new pg.Client({ host: '127.0.0.1', port: server.port, user: server.user, database: 'postgres' });
    await client.connect();
  });
  afterAll(async () => {
    await client?.end();
    server?.stop();
  });

  const load = async (sql: string): Promise<RoutePathRow[]> => {
    await client.query(sql);
    return (await client.query<RoutePathRow>(SELECT)).rows;
  };

  it('loads every landscape of the reference fleet and reads back the JSON rows', async () => {
    for (const table of emittedTables()) {
      expect(byKey(await load(table.sql)), table.landscape).toEqual(table.rows);
      expect(byKey(await load(table.sql)), 'loading twice').toEqual(table.rows);
    }
  });

  it("empties the table when a landscape's last flip is undone", async () => {
    const pikachu = emittedTables().find((t) => t.landscape === 'pikachu') as Emitted;
    expect(await load(pikachu.sql)).toHaveLength(4);
    const undone = emittedTables({
      'claims/domains/api.tin.nitroso.pikachu.cluster.atomi.cloud.json': '{"account": "nitroso", "app": "tin", "paths": {}}',
    }).find((t) => t.landscape === 'pikachu') as Emitted;
    expect(await load(undone.sql)).toEqual([]);
  });

  it('runs each file as one transaction: a failing file leaves the previous table whole', async () => {
    const pikachu = emittedTables().find((t) => t.landscape === 'pikachu') as Emitted;
    await load(pikachu.sql);
    const broken = pikachu.sql.replace('COMMIT;', "INSERT INTO route_paths VALUES ('x');\nCOMMIT;");
    await expect(client.query(broken)).rejects.toThrow();
    await client.query('ROLLBACK').catch(() => undefined);
    expect(byKey((await client.query<RoutePathRow>(SELECT)).rows)).toEqual(pikachu.rows);
  });

  it('round-trips hostile strings (standard_conforming_strings on)', async () => {
    const samples = fc.sample(hostileTable, { numRuns: 40, seed: 4 });
    for (const rows of samples) expect(byKey(await load(renderRoutePathsSql('l', 'sha256:0', rows, 'diene compile')))).toEqual(byKey(rows));
  });
});
