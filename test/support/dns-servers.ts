/**
 * Throw-away authoritative DNS servers for the applier tests, from Debian
 * packages, on 127.0.0.1 only, on free ports, in temporary folders:
 *
 * - BIND 9 (`bind9`: `named -g`), zones dynamic with `update-policy { grant
 *   <key> zonesub ANY; }` and transfers allowed to the key;
 * - Knot DNS (`knot`: `knotd`), an ACL letting the key update and transfer,
 *   updates kept in the journal and replayed over the zone file on start;
 * - PowerDNS Authoritative (`pdns-server` + `pdns-backend-sqlite3`:
 *   `pdns_server` with the gsqlite3 backend, schema loaded with Node's
 *   node:sqlite), its HTTP API on, zones created through the API.
 *
 * Every zone starts empty: an SOA and one NS (`ns1.lab.test.`, out of the
 * zone, so no glue). `kill()` is SIGKILL (for crash tests) and `start()`
 * starts the same server again on the same folder and port. A find function
 * says why a server cannot run, so a test can skip with the reason.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { connect, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openSqlite, SQLITE_MISSING } from './sqlite.js';

/** The TSIG key the servers and the fleet share (hmac-sha256, base64 secret). */
export const TEST_TSIG = {
  name: 'diene-test',
  algorithm: 'hmac-sha256',
  secret: Buffer.from('diene test key for loopback servers only').toString('base64'),
} as const;

/** The PowerDNS API key. */
export const TEST_PDNS_KEY = 'diene-test-api-key';

/** A running server. */
export interface DnsTestServer {
  kind: 'bind' | 'knot' | 'powerdns';
  /** DNS port on 127.0.0.1 (TCP and UDP). */
  port: number;
  /** PowerDNS only: the HTTP API's base URL. */
  apiUrl?: string;
  /** Starts the server (again) and waits until it answers. */
  start(): Promise<void>;
  /** SIGKILL, then waits for the process to end. */
  kill(): Promise<void>;
  /** Stops the server and removes its folder. */
  stop(): Promise<void>;
  /** The server's log so far. */
  log(): string;
}

const BINARIES = { bind: ['/usr/sbin/named', 'bind9'], knot: ['/usr/sbin/knotd', 'knot'], powerdns: ['/usr/sbin/pdns_server', 'pdns-server'] } as const;

/** `undefined` when the server of `kind` can run here, else why not. */
export function missingServer(kind: DnsTestServer['kind']): string | undefined {
  const [binary, pkg] = BINARIES[kind];
  if (!existsSync(binary)) return `${binary} is not installed (Debian package ${pkg})`;
  if (
    kind === 'powerdns' &&
    !existsSync('/usr/lib/x86_64-linux-gnu/pdns/libgsqlite3backend.so') &&
    spawnSync('sh', ['-c', 'ls /usr/lib/*/pdns/libgsqlite3backend.so']).status !== 0
  )
    return 'the PowerDNS sqlite3 backend is not installed (Debian package pdns-backend-sqlite3)';
  if (kind === 'powerdns' && SQLITE_MISSING !== undefined) return SQLITE_MISSING;
  return undefined;
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

function canConnect(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host: '127.0.0.1', port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

function zoneFile(zone: string): string {
  return `$ORIGIN ${zone}.\n$TTL 3600\n@ IN SOA ns1.lab.test. hostmaster.lab.test. 1 3600 600 86400 60\n@ IN NS ns1.lab.test.\n`;
}

interface Recipe {
  kind: DnsTestServer['kind'];
  command: string;
  args: string[];
  /** A log line that says the server is ready. */
  ready: RegExp;
  apiPort?: number;
}

async function run(recipe: Recipe, dir: string, port: number, firstStart: () => Promise<void>): Promise<DnsTestServer> {
  let child: ChildProcess | undefined;
  let logText = '';
  let started = false;
  const exited = (): Promise<void> =>
    new Promise((resolve) => {
      if (!child || child.exitCode !== null || child.signalCode !== null) resolve();
      else child.once('exit', () => resolve());
    });
  const server: DnsTestServer = {
    kind: recipe.kind,
    port,
    ...(recipe.apiPort !== undefined ? { apiUrl: `http://127.0.0.1:${recipe.apiPort}` } : {}),
    async start() {
      const mark = logText.length;
      child = spawn(recipe.command, recipe.args, { cwd: dir, stdio: ['ignore', 'pipe', 'pipe'] });
      child.stdout?.on('data', (chunk: Buffer) => (logText += chunk.toString()));
      child.stderr?.on('data', (chunk: Buffer) => (logText += chunk.toString()));
      const deadline = Date.now() + 30_000;
      for (;;) {
        if (child.exitCode !== null) throw new Error(`${recipe.kind} exited with ${child.exitCode}:\n${logText.slice(mark)}`);
        if (recipe.ready.test(logText.slice(mark)) && (await canConnect(recipe.apiPort ?? port))) break;
        if (Date.now() > deadline) throw new Error(`${recipe.kind} did not start within 30 s:\n${logText.slice(mark)}`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      if (!started) {
        started = true;
        await firstStart();
      }
    },
    async kill() {
      child?.kill('SIGKILL');
      await exited();
    },
    async stop() {
      child?.kill('SIGTERM');
      const timer = setTimeout(() => child?.kill('SIGKILL'), 5000);
      await exited();
      clearTimeout(timer);
      rmSync(dir, { recursive: true, force: true });
    },
    log: () => logText,
  };
  await server.start();
  return server;
}

/** Starts BIND 9 serving `zones` (canonical names). */
export async function startBind(zones: readonly string[]): Promise<DnsTestServer> {
  const dir = mkdtempSync(path.join(tmpdir(), 'diene-bind-'));
  const port = await freePort();
  const zoneBlocks = zones.map((zone) => {
    writeFileSync(path.join(dir, `${zone}.zone`), zoneFile(zone));
    return `zone "${zone}" { type primary; file "${dir}/${zone}.zone"; update-policy { grant ${TEST_TSIG.name} zonesub ANY; }; allow-transfer { key ${TEST_TSIG.name}; }; };`;
  });
  writeFileSync(
    path.join(dir, 'named.conf'),
    [
      `options { directory "${dir}"; listen-on port ${port} { 127.0.0.1; }; listen-on-v6 { none; }; pid-file "${dir}/named.pid"; session-keyfile "${dir}/session.key"; recursion no; dnssec-validation no; notify no; };`,
      `key "${TEST_TSIG.name}" { algorithm ${TEST_TSIG.algorithm}; secret "${TEST_TSIG.secret}"; };`,
      'controls { };',
      ...zoneBlocks,
      '',
    ].join('\n'),
  );
  return run(
    { kind: 'bind', command: '/usr/sbin/named', args: ['-g', '-c', path.join(dir, 'named.conf')], ready: /all zones loaded/ },
    dir,
    port,
    async () => {},
  );
}

/** Starts Knot DNS serving `zones`. */
export async function startKnot(zones: readonly string[]): Promise<DnsTestServer> {
  const dir = mkdtempSync(path.join(tmpdir(), 'diene-knot-'));
  const port = await freePort();
  for (const zone of zones) writeFileSync(path.join(dir, `${zone}.zone`), zoneFile(zone));
  writeFileSync(
    path.join(dir, 'knot.conf'),
    [
      'server:',
      `  rundir: "${dir}"`,
      `  listen: 127.0.0.1@${port}`,
      'key:',
      `  - id: ${TEST_TSIG.name}`,
      `    algorithm: ${TEST_TSIG.algorithm}`,
      `    secret: ${TEST_TSIG.secret}`,
      'acl:',
      '  - id: diene',
      `    key: ${TEST_TSIG.name}`,
      '    action: [transfer, update]',
      'database:',
      `  storage: "${dir}"`,
      'template:',
      '  - id: default',
      `    storage: "${dir}"`,
      '    file: "%s.zone"',
      '    journal-content: changes',
      '    zonefile-sync: -1',
      '    zonefile-load: whole',
      '    acl: diene',
      'zone:',
      ...zones.map((zone) => `  - domain: ${zone}`),
      'log:',
      '  - target: stderr',
      '    any: info',
      '',
    ].join('\n'),
  );
  return run({ kind: 'knot', command: '/usr/sbin/knotd', args: ['-c', path.join(dir, 'knot.conf')], ready: /server started/ }, dir, port, async () => {});
}

/** Starts PowerDNS (gsqlite3) with its API on a second free port, and creates `zones` through the API. */
export async function startPowerDns(zones: readonly string[]): Promise<DnsTestServer> {
  const dir = mkdtempSync(path.join(tmpdir(), 'diene-pdns-'));
  const port = await freePort();
  const apiPort = await freePort();
  const database = path.join(dir, 'pdns.sqlite3');
  const db = openSqlite(database);
  db.exec(readFileSync('/usr/share/doc/pdns-backend-sqlite3/schema.sqlite3.sql', 'utf8'));
  db.close();
  writeFileSync(
    path.join(dir, 'pdns.conf'),
    [
      'launch=gsqlite3',
      `gsqlite3-database=${database}`,
      'local-address=127.0.0.1',
      `local-port=${port}`,
      'api=yes',
      `api-key=${TEST_PDNS_KEY}`,
      'webserver=yes',
      'webserver-address=127.0.0.1',
      `webserver-port=${apiPort}`,
      'webserver-allow-from=127.0.0.0/8',
      `socket-dir=${dir}`,
      'guardian=no',
      'daemon=no',
      'disable-syslog=yes',
      'security-poll-suffix=',
      'loglevel=4',
      '',
    ].join('\n'),
  );
  const createZones = async (): Promise<void> => {
    for (const zone of zones) {
      const response = await fetch(`http://127.0.0.1:${apiPort}/api/v1/servers/localhost/zones`, {
        method: 'POST',
        headers: { 'X-API-Key': TEST_PDNS_KEY, 'Content-Type': 'application/json' },
        body: JSON.stringify({ name: `${zone}.`, kind: 'Native', nameservers: ['ns1.lab.test.'] }),
      });
      if (response.status !== 201) throw new Error(`creating ${zone} on PowerDNS: HTTP ${response.status} ${await response.text()}`);
    }
  };
  return run(
    {
      kind: 'powerdns',
      command: '/usr/sbin/pdns_server',
      args: [`--config-dir=${dir}`],
      ready: /Done launching threads|ready to distribute questions/,
      apiPort,
    },
    dir,
    port,
    createZones,
  );
}
