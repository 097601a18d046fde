// `diene apply dns` over two real hosts on 127.0.0.1 (BIND 9 over RFC 2136
// and PowerDNS over its HTTP API): a dry run writes nothing and says what it
// would send; the reviewed plan's checksum is required to match the fresh
// plan; a host that fails (a wrong API key; a BIND that silently ignores a
// CNAME beside other data) is named with its zone and its own error while
// the other host is still written, exit 4, the hosts are reported as
// different, and the next run repairs it. Usage errors go through the built
// CLI.

import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DnsHostAdapter } from '../../compiler/adapters/dns/dns-host.js';
import { createDnsAdapter } from '../../compiler/adapters/dns/host-adapters.js';
import type { ZoneHostPlan } from '../../compiler/plan/traffic-planner.js';
import { applyJson, fleetDns, fleetYaml, hostYaml, remainingAfter, runApply, tempFleet, ZONES } from '../support/dns-apply-fixture.js';
import { missingServer, startBind, startPowerDns, TEST_PDNS_KEY, TEST_TSIG, type DnsTestServer } from '../support/dns-servers.js';
import { REFERENCE_FLEET } from '../support/fleet-fixture.js';
import { runCli, runCliInProcess } from '../support/run-cli.js';
import { nothingPlanned } from '../../compiler/cli/apply-dns.js';
import { skippedBecause, skipUnlessPresent } from '../support/required.js';

const ENV = { DIENE_TEST_TSIG: TEST_TSIG.secret, DIENE_TEST_PDNS_KEY: TEST_PDNS_KEY };
const BASE = 'cluster.atomi.cloud';
const missing = missingServer('bind') ?? missingServer('powerdns');

function oneChange(zone: string, name: string, verb: 'create' | 'delete', type: string, values: string[]): ZoneHostPlan {
  const rs = { name, type, ttl: 60, values };
  return {
    zone,
    host: 'lab',
    role: 'zone',
    managed: 0,
    units: [{ name, changes: [{ verb, key: { name, type }, ...(verb === 'create' ? { after: rs } : { before: { ...rs, name: `${name}.` } }), message: '' }] }],
    counts: { create: verb === 'create' ? 1 : 0, update: 0, delete: verb === 'delete' ? 1 : 0 },
    reports: [],
  };
}

describe.skipIf(skipUnlessPresent(missing))(`apply dns on two hosts${skippedBecause(missing)}`, () => {
  let bind: DnsTestServer;
  let pdns: DnsTestServer;
  let dir: string;
  let cleanup: () => void;
  let adapters: DnsHostAdapter[];

  beforeAll(async () => {
    [bind, pdns] = await Promise.all([startBind(ZONES), startPowerDns(ZONES)]);
    const hosts =
      hostYaml('lab', 'rfc2136', {
        server: `127.0.0.1:${bind.port}`,
        tsig: `{name: ${TEST_TSIG.name}, algorithm: ${TEST_TSIG.algorithm}, secretEnv: DIENE_TEST_TSIG}`,
      }) + hostYaml('pdns', 'powerdns', { url: pdns.apiUrl as string, apiKeyEnv: 'DIENE_TEST_PDNS_KEY' });
    ({ dir, cleanup } = tempFleet({ 'registry/fleet.yaml': fleetYaml(hosts) }));
    adapters = (await fleetDns(dir)).hosts.map((h) => createDnsAdapter(h, ENV));
  });
  afterAll(async () => {
    await Promise.all([bind?.stop(), pdns?.stop()]);
    cleanup?.();
  });

  it('a dry run prints the plan and the native writes, and writes nothing', async () => {
    const result = await runApply(dir, ENV, { dryRun: true, format: 'text' });
    expect(result.exitCode).toBe(0);
    expect(result.stdout).toMatch(/^cluster\.atomi\.cloud on lab \(rfc2136\): 40 changes, 0 managed record sets live$/m);
    expect(result.stdout).toMatch(/^checksum: sha256:[0-9a-f]{64}$/m);
    const notes = result.notes?.join('\n') ?? '';
    expect(notes).toMatch(
      /^lab cluster\.atomi\.cloud: would send 40 changes in 1 request\n {2}UPDATE cluster\.atomi\.cloud: 40 prerequisite records, 46 update records, 22 names, \d+ octets before TSIG$/m,
    );
    expect(notes).toMatch(
      /^pdns cluster\.atomi\.cloud: would send 40 changes in 1 request\n {2}PATCH zone cluster\.atomi\.cloud\.: 40 RRSets \(40 REPLACE, 0 DELETE\)$/m,
    );
    expect(notes).toMatch(/dry run: nothing written$/);
    expect(await remainingAfter(dir, adapters)).toHaveLength(160);
  });

  it('plan dns --assume-empty, read from no host, has the checksum apply dns computes from the empty zones it reads', async () => {
    const assumed = await runCliInProcess(['plan', 'dns', '--fleet', dir, '--assume-empty', '--format', 'json', '--now', '2026-11-21T00:00:00Z']);
    expect(assumed.exitCode, assumed.stderr).toBe(0);
    const fresh = applyJson(await runApply(dir, ENV, { dryRun: true }));
    expect(fresh.plan.zones.every((z) => z.counts.update + z.counts.delete === 0)).toBe(true);
    expect(fresh.plan.zones.map((z) => z.counts.create)).toEqual([40, 40, 40, 40]);
    expect((JSON.parse(assumed.stdout) as { checksum: string }).checksum).toBe(fresh.plan.checksum);
    expect(fresh.plan.assumedEmpty).toBeUndefined();
  });

  it("refuses a checksum that is not the fresh plan's (exit 3, nothing written) and applies the reviewed one", async () => {
    const review = applyJson(await runApply(dir, ENV, { dryRun: true }));
    const stale = await runApply(dir, ENV, { planChecksum: `sha256:${'0'.repeat(64)}` });
    expect(stale.exitCode).toBe(3);
    expect(stale.notes?.[0]).toBe(
      `stale plan: the reviewed plan has checksum sha256:${'0'.repeat(64)}, the plan against the live state now has ${review.plan.checksum}; nothing written`,
    );
    expect(await remainingAfter(dir, adapters)).toHaveLength(160);

    const applied = await runApply(dir, ENV, { planChecksum: review.plan.checksum });
    expect(applied.exitCode).toBe(0);
    expect(await remainingAfter(dir, adapters)).toEqual([]);
    const again = await runApply(dir, ENV, { planChecksum: review.plan.checksum });
    expect(again.exitCode).toBe(3);
  });

  it('refuses the checksum of a plan from assumed-empty zones once the hosts hold its record sets (exit 3, nothing written)', async () => {
    const assumed = await runCliInProcess(['plan', 'dns', '--fleet', dir, '--assume-empty', '--format', 'json', '--now', '2026-11-21T00:00:00Z']);
    const checksum = (JSON.parse(assumed.stdout) as { checksum: string }).checksum;
    const result = await runApply(dir, ENV, { planChecksum: checksum });
    expect(result.exitCode).toBe(3);
    const fresh = applyJson(result).plan;
    expect(fresh.zones.map((z) => `${z.zone} ${z.host} ${z.counts.create + z.counts.update + z.counts.delete}`)).toEqual(
      ZONES.flatMap((zone) => [`${zone} lab 0`, `${zone} pdns 0`]),
    );
    expect(result.notes?.[0]).toBe(
      `stale plan: the reviewed plan has checksum ${checksum}, the plan against the live state now has ${fresh.checksum}; nothing written`,
    );
    expect(applyJson(result).report).toBeUndefined();
  });

  it('names a host that cannot be read, still writes the other (exit 4), and the next run repairs it', async () => {
    const traffic = tempFleet({
      'registry/fleet.yaml': fleetYaml(
        hostYaml('lab', 'rfc2136', {
          server: `127.0.0.1:${bind.port}`,
          tsig: `{name: ${TEST_TSIG.name}, algorithm: ${TEST_TSIG.algorithm}, secretEnv: DIENE_TEST_TSIG}`,
        }) + hostYaml('pdns', 'powerdns', { url: pdns.apiUrl as string, apiKeyEnv: 'DIENE_TEST_PDNS_KEY' }),
      ),
      'registry/clusters/raichu-ruby.yaml': readFileSync(path.join(REFERENCE_FLEET, 'registry/clusters/raichu-ruby.yaml'), 'utf8').replace(
        'traffic: false',
        'traffic: true',
      ),
    });
    try {
      const broken = await runApply(traffic.dir, { ...ENV, DIENE_TEST_PDNS_KEY: 'wrong' });
      expect(broken.exitCode).toBe(4);
      const report = applyJson(broken).report;
      expect(report?.results.map((r) => [r.host, r.zone, r.status])).toEqual([
        ['lab', 'cluster.atomi-spare.net', 'written'],
        ['lab', 'cluster.atomi.cloud', 'written'],
        ['pdns', 'cluster.atomi-spare.net', 'not-read'],
        ['pdns', 'cluster.atomi.cloud', 'not-read'],
      ]);
      expect(report?.results[3]?.code).toBe('dns_api_denied');
      expect(report?.results[3]?.error).toMatch(
        /^DNS host "pdns" refused the credentials for zone cluster\.atomi\.cloud: HTTP 401 from GET http:\/\/127\.0\.0\.1:\d+\/api\/v1\/servers\/localhost\/zones\/cluster\.atomi\.cloud\.: /,
      );
      // The failures are catalog diagnostics with a hint, besides the report's lines.
      expect(broken.diagnostics.filter((d) => d.severity === 'error').map((d) => [d.code, d.severity])).toEqual([
        ['dns_api_denied', 'error'],
        ['dns_api_denied', 'error'],
      ]);
      expect(broken.diagnostics[0]?.hint).toContain('give the API key or token');
      expect(broken.notes?.at(-1)).toBe(
        'applied in part: 1 of 2 hosts written in full; failed: pdns (cluster.atomi-spare.net, cluster.atomi.cloud); run again to repair (exit 4)',
      );

      const repaired = await runApply(traffic.dir, ENV);
      expect(repaired.exitCode).toBe(0);
      expect(applyJson(repaired).report?.results.map((r) => [r.host, r.status])).toEqual([
        ['lab', 'unchanged'],
        ['lab', 'unchanged'],
        ['pdns', 'written'],
        ['pdns', 'written'],
      ]);
      expect(await remainingAfter(traffic.dir, adapters)).toEqual([]);
    } finally {
      traffic.cleanup();
    }
  });

  it("export dns writes each host's live zones where plan dns --live and apply dns --dry-run --live-from read them, with the same checksum as a fresh plan", async () => {
    const out = mkdtempSync(path.join(tmpdir(), 'diene-export-'));
    try {
      // The temporary fleet is in no git repository: no base to review its hosts against (test/cli/endpoint-review.test.ts).
      const exported = runCli(['export', 'dns', '--fleet', dir, '--out', out, '--allow-endpoint-change'], { env: ENV });
      expect(exported.stderr).toMatch(/^lab cluster\.atomi\.cloud: \d+ record sets → /m);
      expect(exported.exitCode).toBe(0);
      expect(readdirSync(path.join(out, BASE)).sort()).toEqual(['lab.json', 'pdns.json']);
      const planned = runCli(['plan', 'dns', '--fleet', dir, '--live', out, '--format', 'json']);
      expect(planned.exitCode).toBe(0);
      const fresh = applyJson(await runApply(dir, ENV, { dryRun: true }));
      const saved = applyJson(await runApply(dir, ENV, { dryRun: true, liveFrom: out }));
      expect((JSON.parse(planned.stdout) as { checksum: string }).checksum).toBe(fresh.plan.checksum);
      expect(saved.plan.checksum).toBe(fresh.plan.checksum);

      // With a snapshot of the parent zone beside them (as in a copy of generated/dns), plan dns reads it but plans what
      // apply dns plans: the reviewed checksum is the one apply dns checks against the hosts.
      mkdirSync(path.join(out, 'atomi.cloud'));
      const parent = { version: 1, zone: 'atomi.cloud', host: 'registrar', recordSets: [{ name: BASE, type: 'NS', ttl: 86400, values: ['ns1.example.net'] }] };
      writeFileSync(path.join(out, 'atomi.cloud', 'registrar.json'), JSON.stringify(parent));
      const withParent = runCli(['plan', 'dns', '--fleet', dir, '--live', out, '--format', 'json']);
      expect(withParent.exitCode, withParent.stderr).toBe(0);
      const reviewed = (JSON.parse(withParent.stdout) as { checksum: string }).checksum;
      expect(reviewed).toBe(fresh.plan.checksum);
      const applied = await runApply(dir, ENV, { planChecksum: reviewed });
      expect(applied.exitCode, applied.notes?.join('\n')).toBe(0);
    } finally {
      rmSync(out, { recursive: true, force: true });
    }
  });

  it('catches a write the server answered but ignored (a CNAME beside other data), reports the hosts as different, and repairs it once the conflict is gone', async () => {
    const lab = adapters[0] as DnsHostAdapter;
    const wildcard = `*.pichu.${BASE}`;
    await lab.apply(oneChange(BASE, wildcard, 'delete', 'CNAME', [`pichu.${BASE}.`]));
    await lab.apply(oneChange(BASE, wildcard, 'create', 'TXT', ['"someone else\'s"']));
    const result = await runApply(dir, ENV);
    expect(result.exitCode).toBe(4);
    const report = applyJson(result).report;
    const failed = report?.results.find((r) => r.status === 'failed');
    expect(failed).toMatchObject({
      host: 'lab',
      zone: BASE,
      code: 'dns_readback_incomplete',
      error: 'DNS host "lab" answered success for zone cluster.atomi.cloud, but reading the zone back shows 1 change(s) not applied',
    });
    expect(result.diagnostics.filter((d) => d.severity === 'error').map((d) => d.code)).toEqual(['dns_readback_incomplete']);
    expect(failed?.remaining).toEqual([`${wildcard} CNAME is missing: wanted pichu.${BASE} (ttl 60)`]);
    expect(report?.differences).toEqual([{ zone: BASE, lines: [`${wildcard} CNAME: lab nothing; pdns pichu.${BASE} (ttl 60)`] }]);
    expect(result.stdout).toMatch(/conflict: \*\.pichu\.cluster\.atomi\.cloud TXT \(not managed by diene\)/);

    await lab.apply(oneChange(BASE, wildcard, 'delete', 'TXT', ['"someone else\'s"']));
    const repaired = await runApply(dir, ENV);
    expect(repaired.exitCode).toBe(0);
    expect(applyJson(repaired).report?.differences).toEqual([]);
    expect(await remainingAfter(dir, adapters)).toEqual([]);
  });
});

describe('apply dns usage (built CLI)', () => {
  it('refuses --live-from without --dry-run, a malformed checksum and an unknown host (exit 2)', () => {
    const fleet = tempFleet({});
    try {
      const live = runCli(['apply', 'dns', '--fleet', fleet.dir, '--live-from', fleet.dir]);
      expect(live.exitCode).toBe(2);
      expect(live.stderr).toMatch(/--live-from plans from saved snapshots, so it needs --dry-run/);
      const checksum = runCli(['apply', 'dns', '--fleet', fleet.dir, '--plan-checksum', 'abc']);
      expect(checksum.exitCode).toBe(2);
      expect(checksum.stderr).toMatch(/--plan-checksum "abc" is not sha256:<64 hex digits>/);
      const host = runCli(['apply', 'dns', '--fleet', fleet.dir, '--host', 'nope']);
      expect(host.exitCode).toBe(2);
      expect(host.stderr).toContain('error usage_option_value_invalid: --host "nope" is not a DNS host of fleet.yaml (hosts: route53, google)');
      // export dns selects its hosts the same way (cli/dns-hosts.ts), refusing the same name with the same words.
      const exported = runCli(['export', 'dns', '--fleet', fleet.dir, '--host', 'route53', '--host', 'nope', '--out', path.join(fleet.dir, 'live')]);
      expect(exported.exitCode).toBe(2);
      expect(exported.stderr).toContain('error usage_option_value_invalid: --host "nope" is not a DNS host of fleet.yaml (hosts: route53, google)');
    } finally {
      fleet.cleanup();
    }
  });
});

describe('apply dns and export dns without cloud credentials (built CLI)', () => {
  it('plan nothing, print no totals or checksum, say each failure once, and let no SDK warning through (exit 2)', () => {
    const home = mkdtempSync(path.join(tmpdir(), 'diene-no-credentials-'));
    mkdirSync(path.join(home, 'gcloud'));
    // Every place the AWS and Google credential chains look, empty; the Google metadata server is probed (and not found).
    const env = {
      AWS_ACCESS_KEY_ID: '',
      AWS_SECRET_ACCESS_KEY: '',
      AWS_SESSION_TOKEN: '',
      AWS_PROFILE: '',
      AWS_WEB_IDENTITY_TOKEN_FILE: '',
      AWS_ROLE_ARN: '',
      AWS_CONTAINER_CREDENTIALS_RELATIVE_URI: '',
      AWS_CONTAINER_CREDENTIALS_FULL_URI: '',
      AWS_SHARED_CREDENTIALS_FILE: path.join(home, 'aws-credentials'),
      AWS_CONFIG_FILE: path.join(home, 'aws-config'),
      AWS_EC2_METADATA_DISABLED: 'true',
      GOOGLE_APPLICATION_CREDENTIALS: '',
      CLOUDSDK_CONFIG: path.join(home, 'gcloud'),
      HOME: home,
    };
    try {
      const zonePlans = ['google cluster.atomi-spare.net', 'google cluster.atomi.cloud', 'route53 cluster.atomi-spare.net', 'route53 cluster.atomi.cloud'];
      const run = runCli(['apply', 'dns', '--dry-run', '--fleet', REFERENCE_FLEET], { env });
      expect(run.exitCode, run.stderr).toBe(2);
      expect(run.stdout).toBe(`${nothingPlanned(4)}\n`);
      expect(run.stdout).not.toMatch(/checksum: |total: |health: /);
      // Missing credentials are the host's: one error per host, naming its zones, its long hint said once.
      for (const host of ['google', 'route53']) {
        const message = `DNS host "${host}" (${host}) found no credentials, so none of its zones was read or written (cluster.atomi-spare.net, cluster.atomi.cloud)`;
        expect(run.stderr.split(message)).toHaveLength(2);
      }
      expect(run.stderr.match(/found no credentials/g)).toHaveLength(2);
      for (const plan of zonePlans) {
        expect(run.stderr).toContain(`\n${plan}: FAILED to read the live zone (dns_host_credentials_missing above), nothing planned or written\n`);
      }
      expect(run.stderr).toContain('dry run: nothing written; could not read google, route53');
      expect(run.stderr).not.toContain('MetadataLookupWarning');
      // Not a dry run, with a reviewed checksum: still nothing read, so nothing written, and the last line says so with the real exit code.
      const checksum = `sha256:${'0'.repeat(64)}`;
      const write = runCli(['apply', 'dns', '--plan-checksum', checksum, '--fleet', REFERENCE_FLEET, '-q'], { env });
      expect(write.exitCode, write.stderr).toBe(2);
      expect(write.stdout).toBe(`${nothingPlanned(4)}\n`);
      expect(write.stderr.trimEnd().split('\n').at(-1)).toBe(
        'nothing read, nothing written: none of the 4 zone plans on 2 hosts could be read: google (cluster.atomi-spare.net, cluster.atomi.cloud), route53 (cluster.atomi-spare.net, cluster.atomi.cloud); the errors above say why (exit 2)',
      );
      expect(write.stderr).not.toContain('applied in part');
      const json = runCli(['apply', 'dns', '--dry-run', '--fleet', REFERENCE_FLEET, '--format', 'json'], { env });
      expect(json.exitCode).toBe(2);
      const parsed = JSON.parse(json.stdout) as { plan?: unknown; report: { results: { status: string }[] } };
      expect(parsed.plan).toBeUndefined();
      expect(parsed.report.results.map((r) => r.status)).toEqual(['not-read', 'not-read', 'not-read', 'not-read']);
      const exported = runCli(['export', 'dns', '--out', path.join(home, 'live'), '--fleet', REFERENCE_FLEET], { env });
      expect(exported.exitCode).toBe(2);
      for (const plan of zonePlans) expect(exported.stderr).toContain(`\n${plan}: FAILED (dns_host_credentials_missing above), nothing written\n`);
      expect(exported.stderr.match(/found no credentials/g)).toHaveLength(2);
      expect(exported.stderr.match(/the AWS SDK looks, in order/g)).toHaveLength(1);
      // Each host's failure is said once, at its entry in fleet.yaml (route53 on line 8, google on line 13), as apply dns places it.
      expect(exported.stderr.match(/registry\/fleet\.yaml:8:7: error dns_host_credentials_missing: DNS host "route53"/g)).toHaveLength(1);
      expect(exported.stderr.match(/registry\/fleet\.yaml:13:7: error dns_host_credentials_missing: DNS host "google"/g)).toHaveLength(1);
      expect(exported.stderr).not.toContain('MetadataLookupWarning');
    } finally {
      rmSync(home, { recursive: true, force: true });
    }
  }, 120_000);
});
