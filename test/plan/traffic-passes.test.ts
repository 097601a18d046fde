// The traffic planner's two passes at the edges its other tests never reach
// (SPEC §3.3): a frozen plan's zone plans, snapshots of a zone the fleet does
// not have or of a host that names no provider, addresses that moved on one
// host only, owners told by the fleet before the live ops names, the messages
// of addresses the fleet does not know, the wildcard of a landscape that
// keeps a deferred cluster, the negative-caching TTL in the plan, and the
// plan-wide notes. Fixtures are built in beforeAll, so that a fault in the
// planner fails a test, never the import.

import { beforeAll, describe, expect, it } from 'vitest';
import { assumeEmpty, type LiveSnapshot } from '../../compiler/1-load/load-dns-live.js';
import type { DnsIntent } from '../../compiler/2-analyze/dns-names.js';
import type { ZonePlanDocument } from '../../compiler/dns/zone-plan.js';
import { planTraffic, type TrafficPlan } from '../../compiler/plan/traffic-planner.js';
import { changeLines, compileDns, snapshotsOf, down, editAt, zonePlan } from '../support/dns-fixture.js';
import { readFleetTexts } from '../support/fleet-fixture.js';

const BASE = 'cluster.atomi.cloud';
const SPARE = 'cluster.atomi-spare.net';
const ROUTE53 = `dns/${BASE}/route53.json`;
const GOOGLE = `dns/${BASE}/google.json`;

const texts = readFleetTexts();
/** A cluster's registry file with its traffic switched. */
function traffic(cluster: string, on: boolean): Record<string, string> {
  const file = `registry/clusters/${cluster}.yaml`;
  return { [file]: (texts.get(file) as string).replace(/traffic: (true|false)/, `traffic: ${on}`) };
}

let reference: { intent: DnsIntent; documents: Map<string, ZonePlanDocument> };
beforeAll(() => {
  reference = compileDns();
});

describe('snapshots the fleet does not plan as usual', () => {
  it('plans nothing for a snapshot of a zone the fleet does not have, frozen or not', () => {
    const stranger: LiveSnapshot = { file: 'gone.example/route53.json', zone: 'gone.example', host: 'route53', provider: 'route53', recordSets: [] };
    const live = [stranger, ...snapshotsOf(reference.intent, reference.documents)];
    const hosts = (plan: TrafficPlan): string[] => plan.zones.map((z) => `${z.zone} ${z.host}`);
    const all = ['atomi.cloud delegation', `${BASE} google`, `${BASE} route53`, `${SPARE} google`, `${SPARE} route53`];
    expect(hosts(planTraffic(reference.intent, live, undefined))).toEqual(all);
    const frozen = planTraffic(reference.intent, live, down('ampharos-onyx', 'ampharos-pearl', 'pichu-topaz'));
    expect(frozen.refused).toBe(true);
    expect(hosts(frozen)).toEqual(all);
  });

  it('lists every snapshot of a frozen plan as planning nothing, with its provider and whether it was assumed empty', () => {
    const read = snapshotsOf(reference.intent, reference.documents).filter((s) => s.zone === BASE && s.host === 'route53');
    const live = [...read, ...assumeEmpty(reference.intent.zones, read)];
    const plan = planTraffic(reference.intent, live, down('ampharos-onyx', 'ampharos-pearl', 'pichu-topaz'));
    const nothing = { managed: 0, units: [], counts: { create: 0, update: 0, delete: 0 }, reports: [] };
    expect(plan.zones).toEqual([
      { zone: BASE, host: 'google', provider: 'google', role: 'zone', assumedEmpty: true, ...nothing },
      { zone: BASE, host: 'route53', provider: 'route53', role: 'zone', ...nothing },
      { zone: SPARE, host: 'google', provider: 'google', role: 'zone', assumedEmpty: true, ...nothing },
      { zone: SPARE, host: 'route53', provider: 'route53', role: 'zone', assumedEmpty: true, ...nothing },
    ]);
    expect(plan.removals).toEqual({ leaving: [], removing: [], deferred: [] });
    expect(plan.unobserved).toEqual([]);
    expect(plan.assumedEmpty).toEqual([
      { zone: BASE, host: 'google' },
      { zone: SPARE, host: 'google' },
      { zone: SPARE, host: 'route53' },
    ]);
  });

  it('names the assumed-empty zone plans, and leaves the list out when every snapshot was read', () => {
    const read = snapshotsOf(reference.intent, reference.documents).filter((s) => s.zone === SPARE);
    const mixed = planTraffic(reference.intent, [...read, ...assumeEmpty(reference.intent.zones, read)], undefined);
    expect(mixed.assumedEmpty).toEqual([
      { zone: BASE, host: 'google' },
      { zone: BASE, host: 'route53' },
    ]);
    const plan = planTraffic(reference.intent, snapshotsOf(reference.intent, reference.documents), undefined);
    expect(Object.keys(plan)).not.toContain('assumedEmpty');
  });

  it('plans a snapshot that names no provider with plain routing: its GEO sets become plain ones, and no address leaves', () => {
    const live = snapshotsOf(reference.intent, reference.documents).map((s): LiveSnapshot => {
      if (s.zone !== BASE || s.host !== 'google') return s;
      const { provider: _provider, ...rest } = s;
      return rest;
    });
    const plan = planTraffic(reference.intent, live, undefined);
    const google = zonePlan(plan, BASE, 'google');
    expect(google).not.toHaveProperty('provider');
    expect(changeLines(google)).toEqual([`update *.celebi.${BASE} A`, `update *.celebi.${BASE} AAAA`, `update *.mew.${BASE} A`, `update *.mew.${BASE} AAAA`]);
    expect(google.units[1]?.changes[0]?.after).toEqual({
      name: `*.mew.${BASE}`,
      type: 'A',
      ttl: 60,
      values: ['198.51.100.30', '198.51.100.31', '203.0.113.20'],
    });
    expect(plan.removals).toEqual({ leaving: [], removing: [], deferred: [] });
    expect(plan.brakes).toEqual([]);
  });
});

describe('who leaves, on one host', () => {
  // raichu-ruby carries traffic too, so raichu keeps a cluster when raichu-opal moves.
  let before: { intent: DnsIntent; documents: Map<string, ZonePlanDocument> };
  beforeAll(() => {
    before = compileDns(traffic('raichu-ruby', true));
  });

  it('sees an address replaced in place: same count, one value kept (ampharos-onyx) or none (raichu-opal)', () => {
    const moved = compileDns({
      ...traffic('raichu-ruby', true),
      'state/clusters/ampharos-onyx.yaml': 'addresses: [198.51.100.41, 2001:db8::41]\n',
      'state/clusters/raichu-opal.yaml': 'addresses: [203.0.113.40, 2001:db8::40]\n',
    });
    // Route 53 alone: its record sets are one per landscape, so no other host or GEO item tells the planner.
    const live = snapshotsOf(moved.intent, before.documents).filter((s) => s.zone === BASE && s.host === 'route53');
    const plan = planTraffic(moved.intent, live, undefined);
    expect(plan.removals).toEqual({
      leaving: [
        { cluster: 'ampharos-onyx', cause: 'not-wanted' },
        { cluster: 'raichu-opal', cause: 'not-wanted' },
      ],
      removing: ['ampharos-onyx'],
      deferred: ['raichu-opal'],
    });
    expect(plan.health).toEqual({ down: [], trafficClusters: 6, deferred: [] });
  });

  it('sees one address of two replaced in place, and the only address of a name replaced', () => {
    const leavingAfter = (cluster: string, addresses: string): TrafficPlan['removals'] => {
      const moved = compileDns({ ...traffic('raichu-ruby', true), [`state/clusters/${cluster}.yaml`]: `addresses: [${addresses}]\n` });
      const live = snapshotsOf(moved.intent, before.documents).filter((s) => s.zone === BASE && s.host === 'route53');
      return planTraffic(moved.intent, live, undefined).removals;
    };
    // ampharos keeps 198.51.100.30 in first place: only the second value differs.
    expect(leavingAfter('ampharos-onyx', '198.51.100.41, 2001:db8::41')).toEqual({
      leaving: [{ cluster: 'ampharos-onyx', cause: 'not-wanted' }],
      removing: ['ampharos-onyx'],
      deferred: [],
    });
    // pichu's one value differs in every place.
    expect(leavingAfter('pichu-topaz', '192.0.2.41, 2001:db8::41')).toEqual({
      leaving: [{ cluster: 'pichu-topaz', cause: 'not-wanted' }],
      removing: ['pichu-topaz'],
      deferred: [],
    });
  });

  it('takes the cluster of an address from the fleet first: a down cluster whose ops names the host lost is still that cluster', () => {
    const live = snapshotsOf(before.intent, before.documents, (path, doc) => {
      doc.recordSets = doc.recordSets.filter((rs) => !rs.name.endsWith(`onyx.ampharos.${path.split('/')[1]}`));
    });
    const plan = planTraffic(before.intent, live, down('ampharos-onyx'));
    expect(plan.removals).toEqual({ leaving: [{ cluster: 'ampharos-onyx', cause: 'down' }], removing: ['ampharos-onyx'], deferred: [] });
    expect(plan.health).toEqual({ down: ['ampharos-onyx'], trafficClusters: 6, removing: 'ampharos-onyx', deferred: [] });
  });

  it("names the cluster of an address the fleet no longer knows from the live ops names, and 'no cluster' for a stray one", () => {
    const removed = compileDns({ ...traffic('raichu-ruby', true), 'registry/clusters/ampharos-onyx.yaml': null, 'state/clusters/ampharos-onyx.yaml': null });
    const plan = planTraffic(removed.intent, snapshotsOf(removed.intent, before.documents), undefined);
    const route53 = zonePlan(plan, BASE, 'route53');
    expect(route53.units[0]?.changes.map((c) => c.message)).toEqual(['remove 198.51.100.31 (ampharos-onyx)', 'remove 2001:db8::31 (ampharos-onyx)']);
    const stray = snapshotsOf(
      before.intent,
      before.documents,
      editAt(ROUTE53, (sets) =>
        sets.map((rs) => (rs.name === `pichu.${BASE}` && rs.type === 'A' ? { ...rs, values: [...(rs.values ?? []), '192.0.2.99'] } : rs)),
      ),
    );
    const strayPlan = planTraffic(before.intent, stray, undefined);
    expect(strayPlan.removals).toEqual({ leaving: [{ cluster: '192.0.2.99', cause: 'unclaimed' }], removing: ['192.0.2.99'], deferred: [] });
    expect(zonePlan(strayPlan, BASE, 'route53').units.map((u) => u.changes.map((c) => c.message))).toEqual([['remove 192.0.2.99 (no cluster)']]);
  });
});

describe("a deferred cluster's landscape that the fleet no longer wants", () => {
  it('keeps its name and the wildcard CNAME to it until the cluster leaves, while the first cluster goes', () => {
    const unbuilt = compileDns({ 'state/clusters/pichu-topaz.yaml': null, 'state/clusters/pikachu-jade.yaml': null });
    const live = snapshotsOf(unbuilt.intent, reference.documents);
    const plan = planTraffic(unbuilt.intent, live, undefined);
    expect(plan.removals).toEqual({
      leaving: [
        { cluster: 'pichu-topaz', cause: 'not-wanted' },
        { cluster: 'pikachu-jade', cause: 'not-wanted' },
      ],
      removing: ['pichu-topaz'],
      deferred: ['pikachu-jade'],
    });
    for (const host of ['route53', 'google']) {
      const lines = changeLines(zonePlan(plan, BASE, host));
      expect(lines.filter((l) => l.includes(`pichu.${BASE}`))).toEqual([
        `delete pichu.${BASE} A`,
        `delete pichu.${BASE} AAAA`,
        `delete *.pichu.${BASE} CNAME`,
        `delete topaz.pichu.${BASE} A`,
        `delete topaz.pichu.${BASE} AAAA`,
        `delete *.topaz.pichu.${BASE} A`,
        `delete *.topaz.pichu.${BASE} AAAA`,
      ]);
      expect(lines.filter((l) => l.includes(` pikachu.${BASE}`) || l.includes(`*.pikachu.${BASE}`) || l.includes('celebi'))).toEqual([]);
    }
  });
  it('keeps no wildcard for a virtual name, itself a wildcard, even where a host holds a name one label below it', () => {
    const unbuilt = compileDns({ 'state/clusters/pichu-topaz.yaml': null, 'state/clusters/pikachu-jade.yaml': null });
    // A record set diene does not manage, named *.*.celebi: celebi keeps pikachu-jade's addresses, and nothing is written below it.
    const below = { name: `*.*.celebi.${BASE}`, type: 'TXT', ttl: 60, values: ['"someone else"'] };
    const live = snapshotsOf(unbuilt.intent, reference.documents).map((s) =>
      s.zone === BASE ? { ...s, recordSets: [...s.recordSets, { raw: below, canonical: below }] } : s,
    );
    const plan = planTraffic(unbuilt.intent, live, undefined);
    expect(plan.removals.deferred).toEqual(['pikachu-jade']);
    for (const host of ['route53', 'google']) expect(changeLines(zonePlan(plan, BASE, host)).filter((l) => l.includes('celebi'))).toEqual([]);
  });

  it('creates no wildcard CNAME for such a landscape when the host no longer has one', () => {
    const unbuilt = compileDns({ 'state/clusters/pichu-topaz.yaml': null, 'state/clusters/pikachu-jade.yaml': null });
    const live = snapshotsOf(unbuilt.intent, reference.documents, (_path, doc) => {
      doc.recordSets = doc.recordSets.filter((rs) => !rs.name.startsWith('*.pikachu.'));
    });
    const plan = planTraffic(unbuilt.intent, live, undefined);
    expect(plan.removals.deferred).toEqual(['pikachu-jade']);
    for (const host of ['route53', 'google'])
      expect(changeLines(zonePlan(plan, BASE, host)).filter((l) => l.includes(` pikachu.${BASE}`) || l.includes(`*.pikachu.${BASE}`))).toEqual([]);
  });
});

describe('the negative-caching TTL in the plan', () => {
  const SOA = 'ns-101.awsdns-12.com. awsdns-hostmaster.amazon.com. 7 7200 900 1209600 86400';
  let intent: DnsIntent;
  let live: LiveSnapshot[];
  beforeAll(() => {
    intent = { ...reference.intent, zones: reference.intent.zones.map((z) => (z.zone === BASE ? { ...z, negativeTtl: 60 } : z)) };
    // Route 53 holds the apex SOA and one TTL to change; Google's live state holds no SOA.
    live = snapshotsOf(
      intent,
      reference.documents,
      editAt(ROUTE53, (sets) => [
        { name: BASE, type: 'SOA', ttl: 900, values: [SOA] },
        ...sets.map((rs) => (rs.name === `raichu.${BASE}` && rs.type === 'A' ? { ...rs, ttl: 300 } : rs)),
      ]),
    );
  });

  it('updates the SOA minimum in a unit of its own at the apex, first in name order, counted among the updates', () => {
    const route53 = zonePlan(planTraffic(intent, live, undefined), BASE, 'route53');
    expect(route53.units.map((u) => u.name)).toEqual([BASE, `raichu.${BASE}`]);
    expect(route53.units[0]?.changes).toEqual([
      {
        verb: 'update',
        key: { name: BASE, type: 'SOA' },
        before: { name: BASE, type: 'SOA', ttl: 900, values: [SOA] },
        after: { name: BASE, type: 'SOA', ttl: 900, values: ['ns-101.awsdns-12.com. awsdns-hostmaster.amazon.com. 8 7200 900 1209600 60'] },
        message: 'SOA minimum 86400 -> 60 (the negative-caching TTL; serial 7 -> 8)',
      },
    ]);
    expect(route53.counts).toEqual({ create: 0, update: 2, delete: 0 });
    expect(route53.reports).toEqual([]);
  });

  it('reports a host whose live state holds no SOA, and changes nothing there', () => {
    const google = zonePlan(planTraffic(intent, live, undefined), BASE, 'google');
    expect(google.units).toEqual([]);
    expect(google.counts).toEqual({ create: 0, update: 0, delete: 0 });
    expect(google.reports).toEqual([
      `negative caching: the live state of ${BASE} holds no apex SOA to read, so its negative-caching TTL (wanted 60 s) is not checked`,
    ]);
  });
});

describe('the notes of a plan', () => {
  it('counts every change of each host, creates, updates and deletes alike, one change in the singular', () => {
    const unbuilt = compileDns({ 'state/clusters/pichu-topaz.yaml': null });
    // Route 53 still holds pichu's seven record sets; Google lost them already, and holds one TTL to change.
    const live = snapshotsOf(unbuilt.intent, reference.documents, (path, doc) => {
      editAt(GOOGLE, (sets) =>
        sets
          .filter((rs) => !rs.name.endsWith(`pichu.${BASE}`) || rs.name.includes('pikachu'))
          .map((rs) => (rs.name === `raichu.${BASE}` && rs.type === 'A' ? { ...rs, ttl: 300 } : rs)),
      )(path, doc);
    });
    const plan = planTraffic(unbuilt.intent, live, undefined);
    expect(zonePlan(plan, BASE, 'route53').counts).toEqual({ create: 0, update: 0, delete: 7 });
    expect(zonePlan(plan, BASE, 'google').counts).toEqual({ create: 0, update: 1, delete: 0 });
    expect(plan.notes).toEqual([`hosts differ in ${BASE}: google 1 change, route53 7 changes (each host is diffed against its own live state)`]);
  });
});
