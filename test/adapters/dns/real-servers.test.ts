// The DNS appliers against real servers on 127.0.0.1, started by
// test/support/dns-servers.ts from Debian packages: BIND 9 and Knot for
// rfc2136 (TSIG-signed UPDATE, AXFR), PowerDNS with sqlite3 for powerdns
// (HTTP API PATCH). For each: apply from an empty zone, change traffic
// flags, flip a CNAME to A records, lower a TTL, remove a cluster; after
// every step read every zone back and re-plan: zero changes. Then kill the
// server in the middle of a large write and show the zone is either fully
// old or fully new. A server whose binary is missing skips with the reason.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DnsHostAdapter } from '../../../compiler/adapters/dns/dns-host.js';
import { createDnsAdapter } from '../../../compiler/adapters/dns/host-adapters.js';
import { updatePlans } from '../../../compiler/adapters/dns/rfc2136/convert.js';
import type { ChangeUnit, ZoneHostPlan } from '../../../compiler/plan/traffic-planner.js';
import {
  applyJson,
  fleetDns,
  fleetYaml,
  hostYaml,
  observeSnapshot,
  remainingAfter,
  runApply,
  tempFleet,
  valuesAt,
  ZONES,
} from '../../support/dns-apply-fixture.js';
import { missingServer, startBind, startKnot, startPowerDns, TEST_PDNS_KEY, TEST_TSIG, type DnsTestServer } from '../../support/dns-servers.js';
import { skippedBecause, skipUnlessPresent } from '../../support/required.js';

const ENV = { DIENE_TEST_TSIG: TEST_TSIG.secret, DIENE_TEST_PDNS_KEY: TEST_PDNS_KEY };
const BASE = 'cluster.atomi.cloud';

interface Kind {
  kind: DnsTestServer['kind'];
  start(zones: readonly string[]): Promise<DnsTestServer>;
  host(server: DnsTestServer): string;
}

const KINDS: Kind[] = [
  {
    kind: 'bind',
    start: startBind,
    host: (s) =>
      hostYaml('lab', 'rfc2136', {
        server: `127.0.0.1:${s.port}`,
        tsig: `{name: ${TEST_TSIG.name}, algorithm: ${TEST_TSIG.algorithm}, secretEnv: DIENE_TEST_TSIG}`,
      }),
  },
  {
    kind: 'knot',
    start: startKnot,
    host: (s) =>
      hostYaml('lab', 'rfc2136', {
        server: `127.0.0.1:${s.port}`,
        tsig: `{name: ${TEST_TSIG.name}, algorithm: ${TEST_TSIG.algorithm}, secretEnv: DIENE_TEST_TSIG}`,
      }),
  },
  { kind: 'powerdns', start: startPowerDns, host: (s) => hostYaml('lab', 'powerdns', { url: s.apiUrl as string, apiKeyEnv: 'DIENE_TEST_PDNS_KEY' }) },
];

function synthetic(zone: string, units: ChangeUnit[]): ZoneHostPlan {
  const counts = { create: 0, update: 0, delete: 0 };
  for (const unit of units) for (const change of unit.changes) counts[change.verb]++;
  return { zone, host: 'lab', role: 'zone', managed: 0, units, counts, reports: [] };
}

for (const kind of KINDS) {
  const missing = missingServer(kind.kind);
  describe.skipIf(skipUnlessPresent(missing))(`apply dns on ${kind.kind}${skippedBecause(missing)}`, () => {
    let server: DnsTestServer;
    let overlay: Record<string, string | null>;
    const fleets: { cleanup: () => void }[] = [];
    let adapter: DnsHostAdapter;

    const fleet = (extra: Record<string, string | null> = {}, ttl = 60): string => {
      const made = tempFleet({ ...overlay, 'registry/fleet.yaml': fleetYaml(kind.host(server), ttl), ...extra });
      fleets.push(made);
      return made.dir;
    };
    const applyAndConverge = async (dir: string, options: { force?: boolean } = {}): Promise<ReturnType<typeof applyJson>> => {
      const result = await runApply(dir, ENV, options);
      const json = applyJson(result);
      expect(result.notes?.join('\n'), JSON.stringify(json.report)).toMatch(/applied: 1 host written in full|nothing to write/);
      expect(result.exitCode).toBe(0);
      expect(await remainingAfter(dir, [adapter])).toEqual([]);
      return json;
    };
    const snapshot = async (dir: string) => observeSnapshot(adapter, BASE, (await fleetDns(dir)).intent);

    beforeAll(async () => {
      server = await kind.start(ZONES);
      overlay = {};
      const { hosts } = await fleetDns(fleet());
      adapter = createDnsAdapter(hosts[0] as never, ENV);
    });
    afterAll(async () => {
      await server?.stop();
      for (const made of fleets) made.cleanup();
    });

    it('applies from an empty zone, then a second run writes nothing', async () => {
      const dir = fleet();
      const first = await applyAndConverge(dir);
      expect(first.report?.results.map((r) => [r.zone, r.status])).toEqual([
        ['cluster.atomi-spare.net', 'written'],
        ['cluster.atomi.cloud', 'written'],
      ]);
      expect(first.plan.zones.map((z) => z.counts.create)).toEqual([40, 40]);
      const live = await snapshot(dir);
      expect(valuesAt(live, `raichu.${BASE}`, 'A')).toEqual({ ttl: 60, values: ['203.0.113.20'] });
      expect(valuesAt(live, `*.raichu.${BASE}`, 'CNAME')).toEqual({ ttl: 60, values: [`raichu.${BASE}`] });
      expect(valuesAt(live, `ruby.raichu.${BASE}`, 'A')).toEqual({ ttl: 60, values: ['203.0.113.21'] });
      expect(valuesAt(live, BASE, 'SOA')).toBeDefined();

      const second = await runApply(dir, ENV);
      expect(second.exitCode).toBe(0);
      expect(applyJson(second).report?.results.map((r) => [r.status, r.requests])).toEqual([
        ['unchanged', 0],
        ['unchanged', 0],
      ]);
      expect(second.notes?.at(-1)).toMatch(/^nothing to write/);
    });

    it('changes traffic flags: raichu-ruby turned on joins raichu and mew', async () => {
      overlay['registry/clusters/raichu-ruby.yaml'] = (await import('node:fs'))
        .readFileSync(new URL('../../../examples/reference/registry/clusters/raichu-ruby.yaml', import.meta.url), 'utf8')
        .replace('traffic: false', 'traffic: true');
      const dir = fleet();
      const json = await applyAndConverge(dir);
      expect(json.plan.zones.every((z) => z.counts.create === 0 && z.counts.delete === 0 && z.counts.update === 4)).toBe(true);
      expect(valuesAt(await snapshot(dir), `raichu.${BASE}`, 'A')?.values).toEqual(['203.0.113.20', '203.0.113.21']);
    });

    it('flips a CNAME written by hand at a managed name back to A and AAAA records in one write', async () => {
      const dir = fleet();
      const before = await snapshot(dir);
      const raw = (type: string) => before.recordSets.find((rs) => rs.canonical.name === `opal.raichu.${BASE}` && rs.canonical.type === type)?.raw;
      await adapter.apply(
        synthetic(BASE, [
          {
            name: `opal.raichu.${BASE}`,
            changes: [
              { verb: 'delete', key: { name: `opal.raichu.${BASE}`, type: 'A' }, before: raw('A'), message: '' },
              { verb: 'delete', key: { name: `opal.raichu.${BASE}`, type: 'AAAA' }, before: raw('AAAA'), message: '' },
              {
                verb: 'create',
                key: { name: `opal.raichu.${BASE}`, type: 'CNAME' },
                after: { name: `opal.raichu.${BASE}`, type: 'CNAME', ttl: 60, values: [`raichu.${BASE}`] },
                message: '',
              },
            ],
          },
        ]),
      );
      expect(valuesAt(await snapshot(dir), `opal.raichu.${BASE}`, 'CNAME')?.values).toEqual([`raichu.${BASE}`]);
      const json = await applyAndConverge(dir);
      const zone = json.plan.zones.find((z) => z.zone === BASE);
      expect(zone?.units.map((u) => u.changes.map((c) => `${c.verb} ${c.key.type}`))).toEqual([['delete CNAME', 'create A', 'create AAAA']]);
      const after = await snapshot(dir);
      expect(valuesAt(after, `opal.raichu.${BASE}`, 'CNAME')).toBeUndefined();
      expect(valuesAt(after, `opal.raichu.${BASE}`, 'A')?.values).toEqual(['203.0.113.20']);
    });

    it('lowers the TTL: refused by the mass-change brake without --force, written with it', async () => {
      const dir = fleet({}, 30);
      const refused = await runApply(dir, ENV);
      expect(refused.exitCode).toBe(3);
      expect(refused.notes?.join('\n')).toMatch(/mass change: 40 updates \(100 %\) of 40 managed record sets/);
      expect(valuesAt(await snapshot(dir), `raichu.${BASE}`, 'A')?.ttl).toBe(60);
      await applyAndConverge(dir, { force: true });
      expect(valuesAt(await snapshot(dir), `raichu.${BASE}`, 'A')?.ttl).toBe(30);
      overlay['registry/fleet.yaml'] = null;
    });

    it('removes a cluster: torn down (state gone), its ops names go and its landscape and virtual names lose its addresses; deregistered, nothing more changes', async () => {
      const dir = fleet({ 'state/clusters/ampharos-onyx.yaml': null }, 30);
      const json = await applyAndConverge(dir);
      expect(json.plan.zones.find((z) => z.zone === BASE)?.counts).toEqual({ create: 0, update: 4, delete: 4 });
      const live = await snapshot(dir);
      expect(valuesAt(live, `onyx.ampharos.${BASE}`, 'A')).toBeUndefined();
      expect(valuesAt(live, `*.onyx.ampharos.${BASE}`, 'AAAA')).toBeUndefined();
      expect(valuesAt(live, `ampharos.${BASE}`, 'A')?.values).toEqual(['198.51.100.30']);
      const gone = await applyAndConverge(fleet({ 'state/clusters/ampharos-onyx.yaml': null, 'registry/clusters/ampharos-onyx.yaml': null }, 30));
      expect(gone.plan.zones.map((z) => z.units.length)).toEqual([0, 0]);
    });

    it.skipIf(kind.kind === 'powerdns')("refuses to write with a wrong TSIG key, naming the host, the zone and the server's answer", async () => {
      const { hosts } = await fleetDns(fleet());
      const wrong = createDnsAdapter(hosts[0] as never, { ...ENV, DIENE_TEST_TSIG: Buffer.from('not the key').toString('base64') });
      await expect(wrong.observe(BASE)).rejects.toMatchObject({
        host: 'lab',
        zone: BASE,
        diagnostic: {
          code: 'dns_tsig_rejected',
          message: expect.stringMatching(
            /^the TSIG signature between diene and DNS host "lab" failed for zone cluster\.atomi\.cloud \(key diene-test \(hmac-sha256\)\): .*(BADSIG|not signed)/,
          ),
        },
      });
      const missingSecret = createDnsAdapter(hosts[0] as never, {});
      await expect(missingSecret.observe(BASE)).rejects.toMatchObject({
        diagnostic: {
          code: 'dns_host_secret_missing',
          message:
            'environment variable DIENE_TEST_TSIG (tsig.secretEnv of DNS host "lab") is not set, so zone cluster.atomi.cloud was neither read nor written',
        },
      });
    });

    it('killed in the middle of a large write, the zone is either fully old or fully new', async () => {
      const names = (prefix: string) => Array.from({ length: 300 }, (_, i) => `${prefix}${i}.k.${BASE}`);
      const create = (name: string, value: string): ChangeUnit => ({
        name,
        changes: [{ verb: 'create', key: { name, type: 'A' }, after: { name, type: 'A', ttl: 60, values: [value] }, message: '' }],
      });
      await adapter.apply(
        synthetic(
          BASE,
          names('a').map((n) => create(n, '192.0.2.1')),
        ),
      );
      let generation = 'a';
      for (const delay of [0, 2, 5, 10, 25]) {
        const next = generation === 'a' ? 'b' : 'a';
        const live = await adapter.observe(BASE);
        const rawOf = (name: string) => live.recordSets.find((rs) => rs.name.toLowerCase() === `${name}.`);
        const plan = synthetic(BASE, [
          ...names(generation).map((name): ChangeUnit => ({ name, changes: [{ verb: 'delete', key: { name, type: 'A' }, before: rawOf(name), message: '' }] })),
          ...names(next).map((n) => create(n, '192.0.2.2')),
        ]);
        if (kind.kind !== 'powerdns') expect(updatePlans(plan)).toHaveLength(1);
        const writing = adapter.apply(plan).then(
          () => 'answered',
          () => 'failed',
        );
        await new Promise((resolve) => setTimeout(resolve, delay));
        await server.kill();
        await writing;
        await server.start();
        const after = await adapter.observe(BASE);
        const count = (prefix: string) => after.recordSets.filter((rs) => new RegExp(`^${prefix}\\d+\\.k\\.`).test(rs.name.toLowerCase())).length;
        const state = `${generation}: ${count(generation)}, ${next}: ${count(next)}`;
        expect([`${generation}: 300, ${next}: 0`, `${generation}: 0, ${next}: 300`]).toContain(state);
        if (count(next) === 300) generation = next;
      }
    });
  });
}
