/**
 * A throw-away PostgreSQL server for tests, from the Debian `postgresql`
 * package: `initdb` into a temporary folder and `pg_ctl start` listening on
 * 127.0.0.1 only, on a free port, with trust authentication for the local
 * superuser. As root (as in CI) the server runs as the `postgres` user through
 * `runuser`, since PostgreSQL refuses to run as root. `findPostgres()` says
 * why it cannot start, so a test can skip with the reason.
 */
import { spawnSync } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** The bin folder of the newest installed PostgreSQL, or the reason there is none. */
export function findPostgres(): { bin: string } | { missing: string } {
  const root = '/usr/lib/postgresql';
  const versions = existsSync(root) ? readdirSync(root).filter((v) => existsSync(path.join(root, v, 'bin', 'initdb'))) : [];
  versions.sort((a, b) => Number(b) - Number(a));
  if (versions[0] === undefined) return { missing: 'PostgreSQL is not installed (Debian package postgresql)' };
  const runAsRoot = process.getuid?.() === 0;
  if (runAsRoot && spawnSync('id', ['-u', 'postgres']).status !== 0) return { missing: 'running as root and there is no postgres user to run the server as' };
  if (runAsRoot && spawnSync('runuser', ['--help']).status !== 0) return { missing: 'running as root and runuser is missing (Debian package util-linux)' };
  return { bin: path.join(root, versions[0], 'bin') };
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/** A running server: connect to 127.0.0.1:`port` as `user`, database `postgres`, no password. */
export interface PostgresServer {
  port: number;
  user: string;
  stop(): void;
}

/** Starts a server in a new temporary folder; throws with the tool's output when it fails. */
export async function startPostgres(bin: string): Promise<PostgresServer> {
  const asRoot = process.getuid?.() === 0;
  const run = (command: string, args: string[]): void => {
    const full = asRoot ? ['runuser', ['-u', 'postgres', '--', path.join(bin, command), ...args]] : [path.join(bin, command), args];
    const result = spawnSync(full[0] as string, full[1] as string[], { encoding: 'utf8', cwd: tmpdir() });
    if (result.status !== 0) throw new Error(`${command} failed: ${result.stderr || result.stdout}`);
  };
  const dir = mkdtempSync(path.join(tmpdir(), 'diene-pg-'));
  const data = path.join(dir, 'data');
  if (asRoot) {
    const uid = Number(spawnSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).stdout.trim());
    const gid = Number(spawnSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).stdout.trim());
    chownSync(dir, uid, gid);
  }
  chmodSync(dir, 0o700);
  const user = 'postgres';
  run('initdb', ['-D', data, '-A', 'trust', '-U', user, '--no-sync', '-E', 'UTF8', '--locale=C']);
  const port = await freePort();
  run('pg_ctl', [
    '-D',
    data,
    '-l',
    path.join(dir, 'server.log'),
    '-w',
    '-t',
    '60',
    '-o',
    `-c listen_addresses=127.0.0.1 -p ${port} -k ${dir} -c fsync=off`,
    'start',
  ]);
  return {
    port,
    user,
    stop() {
      try {
        run('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}
