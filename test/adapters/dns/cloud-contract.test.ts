// Contract tests of the three cloud DNS appliers: the real SDKs
// (@aws-sdk/client-route-53, @google-cloud/dns, cloudflare) pointed with
// their endpoint options at local servers (test/support/cloud-dns-fakes.ts)
// that enforce each API's documented rules: a DELETE that does not match
// exactly is refused, a batch is atomic, throttling answers, the TTL
// minimum, Route 53's batch limits and INSYNC. Each applies the reference
// fleet from empty, converges (a second run writes nothing), survives
// throttling, and leaves the zone untouched when a batch is refused.
//
// Live tests run against the real clouds only when credentials and a
// throw-away zone are given in the environment (docs/dns.md "DNS appliers"):
//   DIENE_LIVE_ROUTE53_ZONE + AWS credentials,
//   DIENE_LIVE_GOOGLE_ZONE + GOOGLE_CLOUD_PROJECT + Application Default Credentials,
//   DIENE_LIVE_CLOUDFLARE_ZONE + CLOUDFLARE_API_TOKEN.

import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCloudflareAdapter } from '../../../compiler/adapters/dns/cloudflare/adapter.js';
import { batchBodies } from '../../../compiler/adapters/dns/cloudflare/convert.js';
import type { DnsHostAdapter, Environment, Timing } from '../../../compiler/adapters/dns/dns-host.js';
import { createGoogleAdapter } from '../../../compiler/adapters/dns/google/adapter.js';
import { createRoute53Adapter } from '../../../compiler/adapters/dns/route53/adapter.js';
import { changeBatches } from '../../../compiler/adapters/dns/route53/convert.js';
import type { ChangeUnit, ZoneHostPlan } from '../../../compiler/plan/traffic-planner.js';
import { planTraffic } from '../../../compiler/plan/traffic-planner.js';
import type { DnsHost } from '../../../compiler/types/generated/fleet.js';
import { applyJson, fleetDns, fleetYaml, hostYaml, observeSnapshot, runApply, tempFleet, valuesAt, ZONES } from '../../support/dns-apply-fixture.js';
import {
  CLOUDFLARE_RETRY_AFTER_MS,
  RETRY_AFTER_SECONDS,
  startCloudflareFake,
  startGoogleFake,
  startRoute53Fake,
  type CloudFake,
} from '../../support/cloud-dns-fakes.js';

/** Every wait the adapters asked for, in milliseconds (the sleeps themselves are instant). */
const sleeps: number[] = [];
const FAST: Timing = {
  sleep: async (ms) => {
    sleeps.push(ms);
  },
  propagationTimeoutMs: 60_000,
  maxAttempts: 5,
  baseDelayMs: 1,
};
const BASE = 'cluster.atomi.cloud';
const ENV: Environment = { DIENE_TEST_CF_TOKEN: 'test-token' };

function synthetic(zone: string, host: string, units: ChangeUnit[]): ZoneHostPlan {
  const counts = { create: 0, update: 0, delete: 0 };
  for (const unit of units) for (const change of unit.changes) counts[change.verb]++;
  return { zone, host, role: 'zone', managed: 0, units, counts, reports: [] };
}

function createA(name: string, value: string, verb: 'create' | 'update' = 'create'): ChangeUnit {
  return { name, changes: [{ verb, key: { name, type: 'A' }, after: { name, type: 'A', ttl: 60, values: [value] }, message: '' }] };
}

interface Cloud {
  title: string;
  start(): Promise<CloudFake>;
  hosts: string | undefined;
  adapter(host: DnsHost, fake: CloudFake): DnsHostAdapter;
  writeOperation: string;
}

const CLOUDS: Cloud[] = [
  {
    title: 'route53',
    start: () => startRoute53Fake(ZONES),
    hosts: undefined,
    adapter: (host, fake) =>
      createRoute53Adapter(host, ENV, { endpoint: fake.endpoint, credentials: { accessKeyId: 'test', secretAccessKey: 'test' }, timing: FAST }),
    writeOperation: 'ChangeResourceRecordSets',
  },
  {
    title: 'google',
    start: () => startGoogleFake(ZONES),
    hosts: undefined,
    adapter: (host, fake) =>
      createGoogleAdapter(host, ENV, {
        endpoint: fake.endpoint,
        projectId: 'p',
        authClient: { getRequestHeaders: async () => new Headers({ authorization: 'Bearer test' }) },
        timing: FAST,
      }),
    writeOperation: 'changes.create',
  },
  {
    title: 'cloudflare',
    start: () => startCloudflareFake(ZONES),
    hosts: hostYaml('cloudflare', 'cloudflare', { apiKeyEnv: 'DIENE_TEST_CF_TOKEN' }),
    adapter: (host, fake) => createCloudflareAdapter(host, ENV, { endpoint: fake.endpoint, timing: FAST }),
    writeOperation: 'records.batch',
  },
];

for (const cloud of CLOUDS) {
  describe(`contract: ${cloud.title} applier against a local server enforcing the API's rules`, () => {
    let fake: CloudFake;
    let dir: string;
    let cleanup: () => void;
    let adapters: DnsHostAdapter[];
    const made: DnsHostAdapter[] = [];
    const adapterFor = (host: DnsHost): DnsHostAdapter => {
      const adapter =
        cloud.title === host.provider ? cloud.adapter(host, fake) : cloud.adapter({ ...host, provider: cloud.title as DnsHost['provider'] }, fake);
      made.push(adapter);
      return adapter;
    };

    beforeAll(async () => {
      fake = await cloud.start();
      ({ dir, cleanup } = tempFleet(cloud.hosts ? { 'registry/fleet.yaml': fleetYaml(cloud.hosts) } : {}));
      adapters = (await fleetDns(dir)).hosts.filter((h) => h.provider === cloud.title).map(adapterFor);
    });
    afterAll(async () => {
      await fake?.close();
      cleanup?.();
    });

    const apply = (options = {}) => runApply(dir, ENV, { hosts: [cloud.title], adapterFor, ...options });
    const converged = async (): Promise<string[]> => {
      const { intent } = await fleetDns(dir);
      const snapshots = await Promise.all(ZONES.map((zone) => observeSnapshot(adapters[0] as DnsHostAdapter, zone, intent)));
      return planTraffic(
        { ...intent, zones: intent.zones.map((z) => ({ ...z, hosts: z.hosts.filter((h) => h.provider === cloud.title) })) },
        snapshots,
        undefined,
      ).zones.flatMap((z) => z.units.map((u) => u.name));
    };

    it('applies the reference fleet from an empty zone and converges; a second run writes nothing', async () => {
      const first = await apply();
      expect(first.notes?.join('\n')).toMatch(/applied: 1 host written in full and read back/);
      expect(first.exitCode).toBe(0);
      expect(await converged()).toEqual([]);
      const live = await observeSnapshot(adapters[0] as DnsHostAdapter, BASE, (await fleetDns(dir)).intent);
      if (cloud.title === 'route53') {
        expect(
          live.recordSets
            .filter((rs) => rs.canonical.name === `*.mew.${BASE}` && rs.canonical.type === 'A')
            .map((rs) => [rs.raw.name, rs.canonical.setIdentifier, rs.canonical.geoproximity]),
        ).toEqual([
          ['\\052.mew.cluster.atomi.cloud.', 'ampharos', { latitude: '38.94', longitude: '-77.46' }],
          ['\\052.mew.cluster.atomi.cloud.', 'raichu', { latitude: '1.36', longitude: '103.99' }],
        ]);
        expect(fake.requests.get('GetChange')).toBeGreaterThanOrEqual(6);
      } else if (cloud.title === 'google') {
        expect(live.recordSets.find((rs) => rs.canonical.name === `*.mew.${BASE}` && rs.canonical.type === 'A')?.canonical.geo).toEqual([
          { location: 'asia-southeast1', values: ['203.0.113.20'] },
          { location: 'us-east4', values: ['198.51.100.30', '198.51.100.31'] },
        ]);
      } else {
        expect(valuesAt(live, `*.mew.${BASE}`, 'A')?.values).toEqual(['198.51.100.30', '198.51.100.31', '203.0.113.20']);
      }
      const writes = fake.requests.get(cloud.writeOperation);
      const second = await apply();
      expect(second.exitCode).toBe(0);
      expect(applyJson(second).report?.results.map((r) => r.status)).toEqual(['unchanged', 'unchanged']);
      expect(fake.requests.get(cloud.writeOperation)).toBe(writes);
    });

    it('retries when the API throttles, then writes', async () => {
      const adapter = adapters[0] as DnsHostAdapter;
      await adapter.observe(BASE);
      fake.throttle(2);
      const writes = fake.requests.get(cloud.writeOperation) ?? 0;
      await adapter.apply(synthetic(BASE, adapter.host, [createA(`throttled.${BASE}`, '192.0.2.50')]));
      expect((fake.requests.get(cloud.writeOperation) ?? 0) - writes).toBe(3);
      expect(valuesAt(await observeSnapshot(adapter, BASE, (await fleetDns(dir)).intent), `throttled.${BASE}`, 'A')?.values).toEqual(['192.0.2.50']);
    });

    // The throttling answers carry the wait the service asks for (Retry-After in seconds; Cloudflare's retry-after-ms),
    // read from the error each SDK throws: the wait before each new try is that, not the (here 0–1 ms) backoff.
    it("waits what the throttling answer's Retry-After asks before trying again", async () => {
      const adapter = adapters[0] as DnsHostAdapter;
      await adapter.observe(BASE);
      fake.throttle(2);
      sleeps.length = 0;
      await adapter.apply(synthetic(BASE, adapter.host, [createA(`patient.${BASE}`, '192.0.2.52')]));
      const asked = cloud.title === 'cloudflare' ? CLOUDFLARE_RETRY_AFTER_MS : RETRY_AFTER_SECONDS * 1000;
      expect(sleeps.filter((ms) => ms >= asked)).toEqual([asked, asked]);
    });

    // One retry policy per call: the SDK's own retries are off, so a write that keeps failing reaches the
    // server exactly timing.maxAttempts times (the SDKs' defaults would multiply it: Cloudflare 5 × 5).
    it.each([
      ['a 503 server error', (f: CloudFake) => f.failWrites(1000, 503)],
      ['a 500 server error', (f: CloudFake) => f.failWrites(1000, 500)],
      ['throttling', (f: CloudFake) => f.throttle(1000)],
    ])('sends a write that keeps failing with %s exactly maxAttempts times, then reports it', async (_what, failing) => {
      const adapter = adapters[0] as DnsHostAdapter;
      await adapter.observe(BASE);
      const writes = fake.requests.get(cloud.writeOperation) ?? 0;
      failing(fake);
      try {
        await expect(adapter.apply(synthetic(BASE, adapter.host, [createA(`failing.${BASE}`, '192.0.2.60')]))).rejects.toThrow();
      } finally {
        fake.throttle(0);
      }
      expect((fake.requests.get(cloud.writeOperation) ?? 0) - writes).toBe(FAST.maxAttempts);
      expect(valuesAt(await observeSnapshot(adapter, BASE, (await fleetDns(dir)).intent), `failing.${BASE}`, 'A')).toBeUndefined();
    });

    it('retries a write after a server error, then writes', async () => {
      const adapter = adapters[0] as DnsHostAdapter;
      await adapter.observe(BASE);
      fake.failWrites(2, 502);
      const writes = fake.requests.get(cloud.writeOperation) ?? 0;
      await adapter.apply(synthetic(BASE, adapter.host, [createA(`recovered.${BASE}`, '192.0.2.61')]));
      expect((fake.requests.get(cloud.writeOperation) ?? 0) - writes).toBe(3);
      expect(valuesAt(await observeSnapshot(adapter, BASE, (await fleetDns(dir)).intent), `recovered.${BASE}`, 'A')?.values).toEqual(['192.0.2.61']);
    });

    it('refuses the whole batch when a record changed since it was read, leaving the zone as it was', async () => {
      const adapter = adapters[0] as DnsHostAdapter;
      const { intent } = await fleetDns(dir);
      const snapshot = await observeSnapshot(adapter, BASE, intent);
      const before = snapshot.recordSets.find((rs) => rs.canonical.name === `throttled.${BASE}`)?.raw;
      const plan = synthetic(BASE, adapter.host, [
        { name: `throttled.${BASE}`, changes: [{ verb: 'delete', key: { name: `throttled.${BASE}`, type: 'A' }, before, message: '' }] },
        createA(`other.${BASE}`, '192.0.2.51'),
      ]);
      const stored = fake.zones.get(BASE) ?? [];
      const target = stored.find((s) => s.name === `throttled.${BASE}`);
      if (cloud.title === 'cloudflare') {
        const cf = (fake as unknown as { records: Map<string, { id: string; name: string }[]> }).records.get(BASE) ?? [];
        const record = cf.find((r) => r.name === `throttled.${BASE}`);
        if (record) record.id = 'replaced-by-someone-else';
      } else if (target) target.ttl = 300;
      const copy = JSON.stringify(fake.zones.get(BASE));
      await expect(adapter.apply(plan)).rejects.toThrow(
        cloud.title === 'route53' ? /InvalidChangeBatch.*not found/ : cloud.title === 'google' ? /Precondition not met/ : /does not exist/,
      );
      expect(JSON.stringify(fake.zones.get(BASE))).toBe(copy);
    });

    it('fails a CNAME beside other data as one atomic batch (the server refuses; nothing applied)', async () => {
      const adapter = adapters[0] as DnsHostAdapter;
      await adapter.observe(BASE);
      const copy = JSON.stringify(fake.zones.get(BASE));
      const name = `other2.${BASE}`;
      await expect(
        adapter.apply(
          synthetic(BASE, adapter.host, [
            createA(`fine.${BASE}`, '192.0.2.52'),
            {
              name,
              changes: [
                ...createA(name, '192.0.2.53').changes,
                { verb: 'create', key: { name, type: 'CNAME' }, after: { name, type: 'CNAME', ttl: 60, values: [BASE] }, message: '' },
              ],
            },
          ]),
        ),
      ).rejects.toThrow();
      expect(JSON.stringify(fake.zones.get(BASE))).toBe(copy);
    });
  });
}

describe('contract: batch limits', () => {
  it('Route 53: splits a plan over 1,000 records (UPSERT counted twice) between whole names, and the server accepts every batch', async () => {
    const fake = await startRoute53Fake(['big.test'], { pendingPolls: 0 });
    try {
      const host: DnsHost = { name: 'route53', provider: 'route53', nameservers: { 'big.test': ['ns1.lab.test'] } };
      const adapter = createRoute53Adapter(host, ENV, { endpoint: fake.endpoint, credentials: { accessKeyId: 'test', secretAccessKey: 'test' }, timing: FAST });
      await adapter.observe('big.test');
      const names = Array.from({ length: 700 }, (_, i) => `n${i}.big.test`);
      await adapter.apply(
        synthetic(
          'big.test',
          'route53',
          names.map((n) => createA(n, '192.0.2.1')),
        ),
      );
      const upserts = synthetic(
        'big.test',
        'route53',
        names.map((n) => createA(n, '192.0.2.2', 'update')),
      );
      const batches = changeBatches(upserts, new Map());
      expect(batches.map((b) => b.length)).toEqual([500, 200]);
      await adapter.apply(upserts);
      expect(fake.requests.get('ChangeResourceRecordSets')).toBe(3);
      expect((fake.zones.get('big.test') ?? []).filter((s) => s.values[0] === '192.0.2.2')).toHaveLength(700);
    } finally {
      await fake.close();
    }
  });

  it('Cloudflare: a TTL under 60 is refused before anything is sent', async () => {
    const plan = synthetic('z.test', 'cf', [
      {
        name: 'a.z.test',
        changes: [
          { verb: 'create', key: { name: 'a.z.test', type: 'A' }, after: { name: 'a.z.test', type: 'A', ttl: 30, values: ['192.0.2.1'] }, message: '' },
        ],
      },
    ]);
    expect(() => batchBodies(plan, new Map())).toThrow('a.z.test A has TTL 30: Cloudflare takes 1 (automatic) or 60–86400');
  });
});

const LIVE: { title: string; zone: string | undefined; adapter: () => DnsHostAdapter }[] = [
  {
    title: 'route53',
    zone: process.env['DIENE_LIVE_ROUTE53_ZONE'],
    adapter: () => createRoute53Adapter({ name: 'live', provider: 'route53', nameservers: {} }, process.env),
  },
  {
    title: 'google',
    zone: process.env['DIENE_LIVE_GOOGLE_ZONE'],
    adapter: () => createGoogleAdapter({ name: 'live', provider: 'google', nameservers: {} }, process.env),
  },
  {
    title: 'cloudflare',
    zone: process.env['DIENE_LIVE_CLOUDFLARE_ZONE'],
    adapter: () => createCloudflareAdapter({ name: 'live', provider: 'cloudflare', nameservers: {} }, process.env),
  },
];

for (const live of LIVE) {
  describe.skipIf(live.zone === undefined)(`live: ${live.title} (only with DIENE_LIVE_${live.title.toUpperCase()}_ZONE and credentials)`, () => {
    it('creates, reads back and deletes one record set in the given zone', { timeout: 15 * 60_000 }, async () => {
      const zone = (live.zone as string).replace(/\.$/, '').toLowerCase();
      const adapter = live.adapter();
      const name = `diene-live-${randomBytes(4).toString('hex')}.${zone}`;
      await adapter.observe(zone);
      await adapter.apply(synthetic(zone, 'live', [createA(name, '192.0.2.1')]));
      const read = await adapter.observe(zone);
      const found = read.recordSets.find((rs) => rs.name.toLowerCase().replace(/\.$/, '') === name);
      expect(found?.values).toEqual(['192.0.2.1']);
      await adapter.apply(synthetic(zone, 'live', [{ name, changes: [{ verb: 'delete', key: { name, type: 'A' }, before: found, message: '' }] }]));
      expect((await adapter.observe(zone)).recordSets.some((rs) => rs.name.toLowerCase().replace(/\.$/, '') === name)).toBe(false);
    });
  });
}
