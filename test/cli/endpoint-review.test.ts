// The endpoint review of `export dns` and `apply dns` (docs/hardening.md#credentials),
// through the built CLI on a fleet repository shaped like a pull request: `main`
// points the PowerDNS host at one server with DIENE_PDNS_API_KEY, the checked-out
// branch `pr` repoints its url to a loopback listener that records every request
// and names another variable of the job. Refused runs must exit 3 with no request
// at the listener; with --allow-endpoint-change the key arrives there, which is
// what every run did before the review existed. A real PowerDNS server (when
// installed) shows that the unchanged fleet still applies through the default base.
import { cpSync, existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { missingServer, startPowerDns, TEST_PDNS_KEY, type DnsTestServer } from '../support/dns-servers.js';
import { fleetYaml, hostYaml, ZONES } from '../support/dns-apply-fixture.js';
import { REFERENCE_FLEET } from '../support/fleet-fixture.js';
import { git, runCliAsync } from '../support/git-fleet.js';
import { skippedBecause, skipUnlessPresent } from '../support/required.js';

const SECRET = 'release-token-5b1e0c9d7a2f4e68';
const ENV = { DIENE_PDNS_API_KEY: TEST_PDNS_KEY, DIENE_RELEASE_TOKEN: SECRET };
const NOW = ['--now', '2026-11-21T00:00:00Z'];

interface Listener {
  url: string;
  requests: { method: string; path: string; headers: IncomingHttpHeaders }[];
  /** TCP connections accepted, a request or not. */
  connections: { count: number };
  close(): Promise<void>;
}

/** An HTTP server on 127.0.0.1 that records every connection and request and answers 404. */
async function startListener(): Promise<Listener> {
  const requests: Listener['requests'] = [];
  const connections = { count: 0 };
  const server = createServer((request, response) => {
    requests.push({ method: request.method ?? '', path: request.url ?? '', headers: request.headers });
    response.writeHead(404, { 'content-type': 'application/json' }).end('{"error": "Not Found"}');
  });
  server.on('connection', () => (connections.count += 1));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, requests, connections, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

/** A work tree of a fleet repository: `main` with the PowerDNS host at `baseUrl`, then `pr` checked out with `head` written over fleet.yaml and committed. */
function pullRequestRepo(baseUrl: string, head: { url: string; apiKeyEnv: string } | undefined): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'diene-endpoint-review-'));
  for (const folder of ['registry', 'state', 'platforms', 'claims', 'carbon'])
    cpSync(path.join(REFERENCE_FLEET, folder), path.join(dir, folder), { recursive: true });
  const fleetFile = path.join(dir, 'registry', 'fleet.yaml');
  const hosts = (url: string, apiKeyEnv: string): string => hostYaml('route53', 'route53', {}) + hostYaml('pdns', 'powerdns', { url, apiKeyEnv });
  writeFileSync(fleetFile, fleetYaml(hosts(baseUrl, 'DIENE_PDNS_API_KEY')));
  git(dir, 'init', '-q', '-b', 'main');
  git(dir, 'add', '-A');
  git(dir, 'commit', '-q', '-m', 'base: the reviewed fleet');
  git(dir, 'checkout', '-q', '-b', 'pr');
  if (head) {
    writeFileSync(fleetFile, fleetYaml(hosts(head.url, head.apiKeyEnv)));
    git(dir, 'commit', '-q', '-am', 'pr: another PowerDNS');
  }
  return dir;
}

const repos: string[] = [];
afterEach(() => {
  for (const dir of repos.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('a pull request that repoints a PowerDNS host and its key (built CLI, loopback listener)', () => {
  let listener: Listener;
  let reviewed: Listener;
  beforeAll(async () => {
    [listener, reviewed] = await Promise.all([startListener(), startListener()]);
  });
  afterAll(async () => {
    await Promise.all([listener?.close(), reviewed?.close()]);
  });
  afterEach(() => {
    for (const server of [listener, reviewed]) {
      server.requests.length = 0;
      server.connections.count = 0;
    }
  });

  const prRepo = (): string => {
    const dir = pullRequestRepo(reviewed.url, { url: listener.url, apiKeyEnv: 'DIENE_RELEASE_TOKEN' });
    repos.push(dir);
    return dir;
  };

  it.each([
    ['apply dns --dry-run', ['apply', 'dns', '--dry-run']],
    ['apply dns', ['apply', 'dns']],
    ['apply dns --force', ['apply', 'dns', '--force']],
    ['apply dns --host pdns --dry-run', ['apply', 'dns', '--host', 'pdns', '--dry-run']],
    ['export dns', ['export', 'dns', '--out', 'live']],
  ])('%s is refused against main (git.branch) with exit 3, and the listener gets no request', async (_, args) => {
    const dir = prRepo();
    const run = await runCliAsync([...args, '--fleet', dir, ...NOW], { cwd: dir, env: ENV });
    // First what matters: before the review, these runs sent the key to the listener (GET …/zones/cluster.atomi.cloud.).
    expect(listener.requests.map((r) => `${r.method} ${r.path} ${String(r.headers['x-api-key'])}`)).toEqual([]);
    expect(run.exitCode).toBe(3);
    const commit = git(dir, 'rev-parse', 'main').trim().slice(0, 12);
    expect(run.stderr).toContain(
      `error dns_endpoint_changed: DNS host "pdns" (powerdns) names another endpoint or credential variable than the base revision main (${commit}): url ${reviewed.url} → ${listener.url}, apiKeyEnv DIENE_PDNS_API_KEY → DIENE_RELEASE_TOKEN`,
    );
    expect(run.stderr).toMatch(/registry\/fleet\.yaml:\d+:\d+: error dns_endpoint_changed/);
    expect(run.stderr).toContain('refused: no credential was read and no DNS host contacted');
    expect(run.stdout).toBe('');
    expect(run.stderr).not.toContain(SECRET);
    expect(listener.connections.count).toBe(0);
    expect(reviewed.connections.count).toBe(0);
    expect(existsSync(path.join(dir, 'live'))).toBe(false);
  });

  it('with --allow-endpoint-change the same run sends the key to the listener, as every run did before the review', async () => {
    const dir = prRepo();
    const run = await runCliAsync(['apply', 'dns', '--dry-run', '--allow-endpoint-change', '--fleet', dir, ...NOW], { cwd: dir, env: ENV });
    expect(run.stderr).not.toContain('dns_endpoint_changed');
    expect(run.stderr).toContain('dns_zone_not_found');
    expect(listener.requests.length).toBeGreaterThan(0);
    expect(listener.requests[0]).toMatchObject({ method: 'GET', path: '/api/v1/servers/localhost/zones/cluster.atomi.cloud.' });
    expect(listener.requests.every((r) => r.headers['x-api-key'] === SECRET)).toBe(true);
  });

  it('takes --base as a revision (a branch, a commit id) or a checkout, and refuses against each', async () => {
    const dir = prRepo();
    const commit = git(dir, 'rev-parse', 'main').trim();
    const checkout = mkdtempSync(path.join(tmpdir(), 'diene-endpoint-base-'));
    repos.push(checkout);
    git(checkout, 'clone', '-q', '--branch', 'main', dir, 'base');
    for (const [base, shown] of [
      [commit, `${commit} (${commit.slice(0, 12)})`],
      [commit.slice(0, 7), `${commit.slice(0, 7)} (${commit.slice(0, 12)})`],
      ['main', `main (${commit.slice(0, 12)})`],
      [path.join(checkout, 'base'), path.join(checkout, 'base')],
    ]) {
      const run = await runCliAsync(['export', 'dns', '--base', base as string, '--fleet', dir, ...NOW], { cwd: dir, env: ENV });
      expect(run.exitCode, base).toBe(3);
      expect(run.stderr).toContain(`than the base revision ${shown}: url ${reviewed.url} → ${listener.url}`);
    }
    expect(listener.requests).toEqual([]);
    // The branch under review as its own base: nothing differs, so the host is read.
    const own = await runCliAsync(['export', 'dns', '--base', 'pr', '--host', 'pdns', '--out', 'live', '--fleet', dir, ...NOW], { cwd: dir, env: ENV });
    expect(own.stderr).not.toContain('dns_endpoint_changed');
    expect(listener.requests.length).toBeGreaterThan(0);
  });

  it('reads origin/<git.branch> when there is no local branch, and refuses when neither exists', async () => {
    const dir = prRepo();
    const commit = git(dir, 'rev-parse', 'main').trim();
    git(dir, 'update-ref', 'refs/remotes/origin/main', commit);
    git(dir, 'branch', '-q', '-D', 'main');
    const remote = await runCliAsync(['apply', 'dns', '--dry-run', '--fleet', dir, ...NOW], { cwd: dir, env: ENV });
    expect(remote.exitCode).toBe(3);
    expect(remote.stderr).toContain(`than the base revision origin/main (${commit.slice(0, 12)}): url ${reviewed.url} → ${listener.url}`);

    git(dir, 'update-ref', '-d', 'refs/remotes/origin/main');
    const none = await runCliAsync(['apply', 'dns', '--dry-run', '--fleet', dir, ...NOW], { cwd: dir, env: ENV });
    expect(none.exitCode).toBe(3);
    expect(none.stderr).toContain(
      `error dns_endpoint_base_unreadable: cannot compare the endpoint and credential variable of DNS host(s) pdns with the base revision: the repository at ${dir} has neither the branch main (git.branch of fleet.yaml) nor origin/main, and --base was not given; no credential was read and no host contacted`,
    );
    expect(none.stderr).toContain('git fetch origin main');
    const unknown = await runCliAsync(['apply', 'dns', '--dry-run', '--base', 'no-such-branch', '--fleet', dir, ...NOW], { cwd: dir, env: ENV });
    expect(unknown.exitCode).toBe(3);
    expect(unknown.stderr).toContain(`--base no-such-branch is neither a folder nor a revision of the repository at ${dir}`);
    expect(listener.requests).toEqual([]);
  });

  it('finds main from a linked work tree (git worktree add), whose branches live in the common folder', async () => {
    const dir = prRepo();
    git(dir, 'checkout', '-q', 'main');
    const linked = mkdtempSync(path.join(tmpdir(), 'diene-endpoint-linked-'));
    repos.push(linked);
    git(dir, 'worktree', 'add', '-q', path.join(linked, 'pr'), 'pr');
    const fleet = path.join(linked, 'pr');
    const run = await runCliAsync(['export', 'dns', '--fleet', fleet, ...NOW], { cwd: fleet, env: ENV });
    expect(run.exitCode).toBe(3);
    expect(run.stderr).toContain(`than the base revision main (${git(dir, 'rev-parse', 'main').trim().slice(0, 12)}): url ${reviewed.url} → ${listener.url}`);
    expect(listener.connections.count).toBe(0);
  });

  it('lets a fleet whose hosts send nothing fleet-named run with no base at all (route53 and google only)', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'diene-endpoint-cloud-'));
    repos.push(dir);
    cpSync(REFERENCE_FLEET, dir, { recursive: true });
    const run = await runCliAsync(['apply', 'dns', '--dry-run', '--host', 'route53', '--fleet', dir, ...NOW], {
      cwd: dir,
      env: {
        AWS_ACCESS_KEY_ID: '',
        AWS_SECRET_ACCESS_KEY: '',
        AWS_PROFILE: 'diene-none',
        AWS_SHARED_CREDENTIALS_FILE: '/nonexistent',
        AWS_CONFIG_FILE: '/nonexistent',
        AWS_EC2_METADATA_DISABLED: 'true',
      },
    });
    expect(run.stderr).not.toContain('dns_endpoint');
    expect(run.stderr).toContain('dns_host_credentials_missing');
  });

  it('diene report --base lists the repointed host for the reviewer', async () => {
    const dir = prRepo();
    const checkout = mkdtempSync(path.join(tmpdir(), 'diene-endpoint-base-'));
    repos.push(checkout);
    git(checkout, 'clone', '-q', '--branch', 'main', dir, 'base');
    const run = await runCliAsync(['report', '--base', path.join(checkout, 'base'), '--fleet', dir, ...NOW], { cwd: dir });
    expect(run.exitCode).toBe(0);
    expect(run.stdout).toMatch(/^## diene: 1 DNS host with a new endpoint or credential variable; /m);
    expect(run.stdout).toContain('### DNS hosts that send a credential somewhere new');
    const row = run.stdout.split('\n').find((line) => line.startsWith('| `pdns` |'));
    expect(row).toBeDefined();
    // Markdown-escaped: a zero-width space inside `://` keeps GitHub from linking it.
    expect(row?.replaceAll('\u200b', '')).toBe(
      `| \`pdns\` | powerdns | changed | url \`${reviewed.url}\` → \`${listener.url}\`; apiKeyEnv \`DIENE_PDNS_API_KEY\` → \`DIENE_RELEASE_TOKEN\` |`,
    );
  });
});

const missing = missingServer('powerdns');

describe.skipIf(skipUnlessPresent(missing))(`the reviewed fleet on a real PowerDNS (built CLI)${skippedBecause(missing)}`, () => {
  let pdns: DnsTestServer;
  beforeAll(async () => {
    pdns = await startPowerDns(ZONES);
  });
  afterAll(async () => {
    await pdns?.stop();
  });

  it('applies through the default base when the branch changes no endpoint, and refuses the branch that does', async () => {
    const listener = await startListener();
    try {
      const same = pullRequestRepo(pdns.apiUrl as string, undefined);
      repos.push(same);
      const applied = await runCliAsync(['apply', 'dns', '--host', 'pdns', '--fleet', same, ...NOW], { cwd: same, env: ENV });
      expect(applied.stderr).not.toContain('dns_endpoint');
      expect(applied.exitCode).toBe(0);
      expect(applied.stderr).toMatch(/^pdns cluster\.atomi\.cloud: wrote \d+ changes/m);

      const moved = pullRequestRepo(pdns.apiUrl as string, { url: listener.url, apiKeyEnv: 'DIENE_RELEASE_TOKEN' });
      repos.push(moved);
      const refused = await runCliAsync(['apply', 'dns', '--host', 'pdns', '--fleet', moved, ...NOW], { cwd: moved, env: ENV });
      expect(refused.exitCode).toBe(3);
      expect(refused.stderr).toContain(`url ${pdns.apiUrl} → ${listener.url}, apiKeyEnv DIENE_PDNS_API_KEY → DIENE_RELEASE_TOKEN`);
      expect(listener.requests).toEqual([]);
    } finally {
      await listener.close();
    }
  });
});
