// A bad write is braked like a health flap, end to end against real BIND 9
// and Knot DNS on 127.0.0.1 (test/support/dns-servers.ts): one commit turns
// the traffic of ampharos-onyx and raichu-opal off; the first `apply dns`
// removes ampharos-onyx's addresses only and lists raichu-opal as deferred,
// the second removes raichu-opal's, the third writes nothing; `--force`
// removes both in one run. Two clusters removed from the registry in one
// commit: the first run takes the first one's ops names off the server with its
// addresses, the deferred one keeps its ops names until the second run.

import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DnsHostAdapter } from '../../../compiler/adapters/dns/dns-host.js';
import { createDnsAdapter } from '../../../compiler/adapters/dns/host-adapters.js';
import { applyJson, fleetDns, fleetYaml, hostYaml, observeSnapshot, runApply, tempFleet, valuesAt, ZONES } from '../../support/dns-apply-fixture.js';
import { missingServer, startBind, startKnot, TEST_TSIG, type DnsTestServer } from '../../support/dns-servers.js';
import { REFERENCE_FLEET } from '../../support/fleet-fixture.js';
import { skippedBecause, skipUnlessPresent } from '../../support/required.js';

const ENV = { DIENE_TEST_TSIG: TEST_TSIG.secret };
const BASE = 'cluster.atomi.cloud';

function traffic(cluster: string, on: boolean): Record<string, string> {
  const file = `registry/clusters/${cluster}.yaml`;
  return { [file]: readFileSync(`${REFERENCE_FLEET}/${file}`, 'utf8').replace(/traffic: (true|false)/, `traffic: ${on}`) };
}

const KINDS = [
  { kind: 'bind', start: startBind },
  { kind: 'knot', start: startKnot },
] as const;

for (const kind of KINDS) {
  const missing = missingServer(kind.kind);
  describe.skipIf(skipUnlessPresent(missing))(`the one-cluster brake on ${kind.kind}${skippedBecause(missing)}`, () => {
    let server: DnsTestServer;
    let adapter: DnsHostAdapter;
    const fleets: { cleanup: () => void }[] = [];

    const fleet = (overlay: Record<string, string | null>): string => {
      const hosts = hostYaml('lab', 'rfc2136', {
        server: `127.0.0.1:${server.port}`,
        tsig: `{name: ${TEST_TSIG.name}, algorithm: ${TEST_TSIG.algorithm}, secretEnv: DIENE_TEST_TSIG}`,
      });
      const made = tempFleet({ 'registry/fleet.yaml': fleetYaml(hosts), ...overlay });
      fleets.push(made);
      return made.dir;
    };
    // raichu-ruby carries traffic, so raichu keeps a cluster when raichu-opal is turned off.
    const before = (): string => fleet(traffic('raichu-ruby', true));
    const bothOff = (): string => fleet({ ...traffic('raichu-ruby', true), ...traffic('ampharos-onyx', false), ...traffic('raichu-opal', false) });
    const answers = async (dir: string): Promise<Record<string, string[] | undefined>> => {
      const live = await observeSnapshot(adapter, BASE, (await fleetDns(dir)).intent);
      return {
        ampharos: valuesAt(live, `ampharos.${BASE}`, 'A')?.values,
        raichu: valuesAt(live, `raichu.${BASE}`, 'A')?.values,
        mew: valuesAt(live, `*.mew.${BASE}`, 'A')?.values,
      };
    };
    const applied = async (dir: string, force = false) => {
      const result = await runApply(dir, ENV, { force });
      expect(result.exitCode).toBe(0);
      return applyJson(result).plan;
    };

    beforeAll(async () => {
      server = await kind.start(ZONES);
      adapter = createDnsAdapter((await fleetDns(before())).hosts[0] as never, ENV);
    });
    afterAll(async () => {
      await server?.stop();
      for (const made of fleets) made.cleanup();
    });

    it('removes one cluster a run when one commit turns two off, then the next, then nothing', async () => {
      await applied(before());
      expect(await answers(before())).toEqual({
        ampharos: ['198.51.100.30', '198.51.100.31'],
        raichu: ['203.0.113.20', '203.0.113.21'],
        mew: ['198.51.100.30', '198.51.100.31', '203.0.113.20', '203.0.113.21'],
      });

      const dir = bothOff();
      const first = await applied(dir);
      expect(first.removals).toEqual({
        leaving: [
          { cluster: 'ampharos-onyx', cause: 'not-wanted' },
          { cluster: 'raichu-opal', cause: 'not-wanted' },
        ],
        removing: ['ampharos-onyx'],
        deferred: ['raichu-opal'],
      });
      expect(first.brakes.map((b) => [b.brake, b.clusters])).toEqual([['one-cluster', ['raichu-opal']]]);
      expect(await answers(dir)).toEqual({
        ampharos: ['198.51.100.30'],
        raichu: ['203.0.113.20', '203.0.113.21'],
        mew: ['198.51.100.30', '203.0.113.20', '203.0.113.21'],
      });

      const second = await applied(dir);
      expect(second.removals).toEqual({ leaving: [{ cluster: 'raichu-opal', cause: 'not-wanted' }], removing: ['raichu-opal'], deferred: [] });
      expect(await answers(dir)).toEqual({ ampharos: ['198.51.100.30'], raichu: ['203.0.113.21'], mew: ['198.51.100.30', '203.0.113.21'] });

      const third = await applied(dir);
      expect(third.zones.every((z) => z.counts.create + z.counts.update + z.counts.delete === 0)).toBe(true);
    });

    it("takes a removed cluster's ops names off the server with its addresses; a deferred one keeps them until its turn", async () => {
      await applied(before());
      const ops = async (dir: string): Promise<Record<string, string[] | undefined>> => {
        const live = await observeSnapshot(adapter, BASE, (await fleetDns(dir)).intent);
        return Object.fromEntries(
          [`onyx.ampharos.${BASE}`, `*.onyx.ampharos.${BASE}`, `opal.raichu.${BASE}`, `*.opal.raichu.${BASE}`].map((name) => [
            name,
            valuesAt(live, name, 'A')?.values,
          ]),
        );
      };
      // Both clusters leave the registry in one commit (state files too).
      const dir = fleet({
        ...traffic('raichu-ruby', true),
        'registry/clusters/ampharos-onyx.yaml': null,
        'state/clusters/ampharos-onyx.yaml': null,
        'registry/clusters/raichu-opal.yaml': null,
        'state/clusters/raichu-opal.yaml': null,
      });
      const first = await applied(dir);
      expect(first.removals).toMatchObject({ removing: ['ampharos-onyx'], deferred: ['raichu-opal'] });
      expect(await ops(dir)).toEqual({
        [`onyx.ampharos.${BASE}`]: undefined,
        [`*.onyx.ampharos.${BASE}`]: undefined,
        [`opal.raichu.${BASE}`]: ['203.0.113.20'],
        [`*.opal.raichu.${BASE}`]: ['203.0.113.20'],
      });
      expect(await answers(dir)).toEqual({
        ampharos: ['198.51.100.30'],
        raichu: ['203.0.113.20', '203.0.113.21'],
        mew: ['198.51.100.30', '203.0.113.20', '203.0.113.21'],
      });
      // The server's own state still names raichu-opal's addresses by its ops names.
      const second = await applied(dir);
      expect(second.removals).toEqual({ leaving: [{ cluster: 'raichu-opal', cause: 'not-wanted' }], removing: ['raichu-opal'], deferred: [] });
      expect(Object.values(await ops(dir))).toEqual([undefined, undefined, undefined, undefined]);
      expect(await answers(dir)).toEqual({ ampharos: ['198.51.100.30'], raichu: ['203.0.113.21'], mew: ['198.51.100.30', '203.0.113.21'] });
      const third = await applied(dir);
      expect(third.zones.every((z) => z.counts.create + z.counts.update + z.counts.delete === 0)).toBe(true);
    });

    it('removes both in one run with --force', async () => {
      await applied(before());
      const dir = bothOff();
      const forced = await applied(dir, true);
      expect(forced.removals.removing).toEqual(['ampharos-onyx', 'raichu-opal']);
      expect(forced.removals.deferred).toEqual([]);
      expect(await answers(dir)).toEqual({ ampharos: ['198.51.100.30'], raichu: ['203.0.113.21'], mew: ['198.51.100.30', '203.0.113.21'] });
    });
  });
}
