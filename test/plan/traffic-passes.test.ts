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
import { applyPlan, changeLines, compileDns, snapshotsOf, down, editAt, zonePlan } from '../support/dns-fixture.js';
import { describeKey, isBelow } from '../../compiler/dns/record-sets.js';
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

  it('plans a snapshot whose routing no host of the fleet uses against that routing: only the address it should not answer leaves', () => {
    // A fleet whose zones have Route 53 only: Google's GEO rendering is made for the snapshot, not prepared.
    const route53Only: DnsIntent = {
      ...reference.intent,
      zones: reference.intent.zones.map((z) => ({ ...z, hosts: z.hosts.filter((h) => h.provider === 'route53') })),
    };
    // Google's snapshot answers one stray address at ampharos: that address leaves, and nothing else.
    const live = snapshotsOf(
      reference.intent,
      reference.documents,
      editAt(GOOGLE, (sets) =>
        sets.map((rs) => (rs.name === `ampharos.${BASE}` && rs.type === 'A' ? { ...rs, values: [...(rs.values ?? []), '192.0.2.99'] } : rs)),
      ),
    );
    const plan = planTraffic(route53Only, live, undefined);
    expect(plan.removals).toEqual({ leaving: [{ cluster: '192.0.2.99', cause: 'unclaimed' }], removing: ['192.0.2.99'], deferred: [] });
    expect(plan.brakes).toEqual([]);
    expect(plan.zones.map((z) => `${z.zone} ${z.host} ${changeLines(z).join(', ')}`)).toEqual([
      'atomi.cloud delegation ',
      `${BASE} google update ampharos.${BASE} A`,
      `${BASE} route53 `,
      `${SPARE} google `,
      `${SPARE} route53 `,
    ]);
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

describe('the ops names of a cluster the registry no longer gives, or no longer builds', () => {
  // raichu-ruby carries traffic too, so raichu keeps a cluster when raichu-opal goes.
  let before: { intent: DnsIntent; documents: Map<string, ZonePlanDocument> };
  beforeAll(() => {
    before = compileDns(traffic('raichu-ruby', true));
  });
  const gone = (...clusters: string[]): Record<string, null> =>
    Object.fromEntries(clusters.flatMap((c) => [[`registry/clusters/${c}.yaml`, null] as const, [`state/clusters/${c}.yaml`, null] as const]));
  const said = (plan: TrafficPlan, host: string): string[] =>
    zonePlan(plan, BASE, host).units.flatMap((u) => u.changes.map((c) => `${c.verb} ${describeKey(c.key)}: ${c.message}`));
  const applyAll = (live: LiveSnapshot[], plan: TrafficPlan): LiveSnapshot[] =>
    live.map((s) => {
      const zp = plan.zones.find((z) => z.zone === s.zone && z.host === s.host);
      return zp ? applyPlan(s, zp) : s;
    });

  it('deletes the ops names of a cluster removed from the registry with its addresses, counted by the mass-change brake', () => {
    const removed = compileDns({ ...traffic('raichu-ruby', true), ...gone('ampharos-onyx') });
    const live = snapshotsOf(removed.intent, before.documents);
    const plan = planTraffic(removed.intent, live, undefined);
    expect(plan.removals).toEqual({ leaving: [{ cluster: 'ampharos-onyx', cause: 'not-wanted' }], removing: ['ampharos-onyx'], deferred: [] });
    const why = 'no longer wanted: the registry has no cluster ampharos-onyx';
    expect(said(plan, 'route53')).toEqual([
      `update ampharos.${BASE} A: remove 198.51.100.31 (ampharos-onyx)`,
      `update ampharos.${BASE} AAAA: remove 2001:db8::31 (ampharos-onyx)`,
      `delete onyx.ampharos.${BASE} A: 198.51.100.31 (ttl 60), ${why}`,
      `delete onyx.ampharos.${BASE} AAAA: 2001:db8::31 (ttl 60), ${why}`,
      `delete *.onyx.ampharos.${BASE} A: 198.51.100.31 (ttl 60), ${why}`,
      `delete *.onyx.ampharos.${BASE} AAAA: 2001:db8::31 (ttl 60), ${why}`,
      `update *.mew.${BASE} A [ampharos]: remove 198.51.100.31 (ampharos-onyx)`,
      `update *.mew.${BASE} AAAA [ampharos]: remove 2001:db8::31 (ampharos-onyx)`,
    ]);
    for (const zp of plan.zones.filter((z) => z.role === 'zone')) {
      expect(zp.counts).toEqual({ create: 0, update: 4, delete: 4 });
      // They are managed record sets: counted in the share the mass-change brake takes, and no longer reported as left alone.
      expect(zp.managed).toBe(zp.host === 'route53' ? 42 : 40);
      expect(zp.reports).toEqual([]);
    }
    const braked = planTraffic(removed.intent, live, undefined, { deleteThreshold: 0.05 });
    expect(braked.refused).toBe(true);
    expect(zonePlan(braked, BASE, 'route53').refusal?.message).toMatch(
      /^mass change: 4 deletes \(9\.5 %\) of 42 managed record sets in cluster\.atomi\.cloud on route53/,
    );
    // Applied, the next plan has nothing left to do.
    expect(planTraffic(removed.intent, applyAll(live, plan), undefined).zones.every((z) => z.units.length === 0)).toBe(true);
  });

  it('updates the ops names of a deferred cluster the fleet still wants at once: a new address in its state file', () => {
    const moved = compileDns({
      ...traffic('raichu-ruby', true),
      'state/clusters/ampharos-onyx.yaml': 'addresses: [198.51.100.41, 2001:db8::41]\n',
      'state/clusters/raichu-opal.yaml': 'addresses: [203.0.113.40, 2001:db8::40]\n',
    });
    const plan = planTraffic(moved.intent, snapshotsOf(moved.intent, before.documents), undefined);
    expect(plan.removals.deferred).toEqual(['raichu-opal']);
    expect(said(plan, 'route53').filter((l) => l.includes('opal.raichu'))).toEqual([
      `update opal.raichu.${BASE} A: add 203.0.113.40 (raichu-opal); remove 203.0.113.20 (raichu-opal)`,
      `update opal.raichu.${BASE} AAAA: add 2001:db8::40 (raichu-opal); remove 2001:db8::20 (raichu-opal)`,
      `update *.opal.raichu.${BASE} A: add 203.0.113.40 (raichu-opal); remove 203.0.113.20 (raichu-opal)`,
      `update *.opal.raichu.${BASE} AAAA: add 2001:db8::40 (raichu-opal); remove 2001:db8::20 (raichu-opal)`,
    ]);
  });

  it('leaves alone what is not an ops name: another type, a first label no mark can have, a landscape the registry does not have', () => {
    const removed = compileDns({ ...traffic('raichu-ruby', true), ...gone('ampharos-onyx') });
    const extra = [
      { name: `onyx.ampharos.${BASE}`, type: 'TXT', ttl: 60, values: ['"someone else"'] },
      { name: `_acme-challenge.ampharos.${BASE}`, type: 'A', ttl: 60, values: ['192.0.2.50'] },
      { name: `primordial.ampharos.${BASE}`, type: 'A', ttl: 60, values: ['192.0.2.51'] },
      { name: `gemstone123.ampharos.${BASE}`, type: 'A', ttl: 60, values: ['192.0.2.52'] },
      { name: `onyx.snorlax.${BASE}`, type: 'A', ttl: 60, values: ['192.0.2.53'] },
      { name: `x.onyx.ampharos.${BASE}`, type: 'A', ttl: 60, values: ['192.0.2.54'] },
    ];
    const live = snapshotsOf(
      removed.intent,
      before.documents,
      editAt(ROUTE53, (sets) => [...sets, ...extra]),
    );
    const route53 = zonePlan(planTraffic(removed.intent, live, undefined), BASE, 'route53');
    expect(changeLines(route53).filter((l) => !l.includes('onyx.ampharos') || l.includes('x.onyx'))).toEqual([
      `update ampharos.${BASE} A`,
      `update ampharos.${BASE} AAAA`,
      `update *.mew.${BASE} A [ampharos]`,
      `update *.mew.${BASE} AAAA [ampharos]`,
    ]);
    expect(route53.counts).toEqual({ create: 0, update: 4, delete: 4 });
    expect(route53.managed).toBe(42);
    // Reported, as before, where they look like a diene name.
    expect(route53.reports.map((r) => r.split(' looks like')[0])).toEqual([
      `unmanaged: primordial.ampharos.${BASE} A`,
      `unmanaged: gemstone123.ampharos.${BASE} A`,
      `unmanaged: onyx.snorlax.${BASE} A`,
    ]);
  });

  it("keeps a deferred cluster's ops names while its addresses stay, whether the registry dropped it or no longer builds it", () => {
    const removed = compileDns({ ...traffic('raichu-ruby', true), ...gone('ampharos-onyx', 'raichu-opal') });
    const live = snapshotsOf(removed.intent, before.documents);
    const first = planTraffic(removed.intent, live, undefined);
    expect(first.removals.deferred).toEqual(['raichu-opal']);
    expect(changeLines(zonePlan(first, BASE, 'route53')).filter((l) => l.includes('raichu'))).toEqual([]);
    expect(changeLines(zonePlan(first, BASE, 'google')).filter((l) => l.includes('raichu'))).toEqual([]);
    // The next plan still knows raichu-opal's addresses by its ops names, and takes them with the names.
    const second = planTraffic(removed.intent, applyAll(live, first), undefined);
    expect(second.removals).toEqual({ leaving: [{ cluster: 'raichu-opal', cause: 'not-wanted' }], removing: ['raichu-opal'], deferred: [] });
    const why = 'no longer wanted: the registry has no cluster raichu-opal';
    expect(said(second, 'route53')).toEqual([
      `update *.mew.${BASE} A [raichu]: remove 203.0.113.20 (raichu-opal)`,
      `update *.mew.${BASE} AAAA [raichu]: remove 2001:db8::20 (raichu-opal)`,
      `update raichu.${BASE} A: remove 203.0.113.20 (raichu-opal)`,
      `update raichu.${BASE} AAAA: remove 2001:db8::20 (raichu-opal)`,
      `delete opal.raichu.${BASE} A: 203.0.113.20 (ttl 60), ${why}`,
      `delete opal.raichu.${BASE} AAAA: 2001:db8::20 (ttl 60), ${why}`,
      `delete *.opal.raichu.${BASE} A: 203.0.113.20 (ttl 60), ${why}`,
      `delete *.opal.raichu.${BASE} AAAA: 2001:db8::20 (ttl 60), ${why}`,
    ]);
    expect(planTraffic(removed.intent, applyAll(applyAll(live, first), second), undefined).zones.every((z) => z.units.length === 0)).toBe(true);

    // No longer built (state files gone): the same, with the registry still naming both clusters.
    const unbuilt = compileDns({ 'state/clusters/pichu-topaz.yaml': null, 'state/clusters/pikachu-jade.yaml': null });
    const start = snapshotsOf(unbuilt.intent, reference.documents);
    const torn = planTraffic(unbuilt.intent, start, undefined);
    expect(torn.removals.deferred).toEqual(['pikachu-jade']);
    for (const host of ['route53', 'google']) {
      const lines = changeLines(zonePlan(torn, BASE, host));
      expect(lines.filter((l) => l.includes('topaz.pichu'))).toHaveLength(4);
      expect(lines.filter((l) => l.includes('jade'))).toEqual([]);
    }
    // Only its addresses stay: a CNAME written by hand at one of its ops names goes.
    const cname = snapshotsOf(
      unbuilt.intent,
      reference.documents,
      editAt(ROUTE53, (sets) => [
        ...sets.filter((rs) => rs.name !== `*.jade.pikachu.${BASE}`),
        { name: `*.jade.pikachu.${BASE}`, type: 'CNAME', ttl: 60, values: [`jade.pikachu.${BASE}`] },
      ]),
    );
    expect(changeLines(zonePlan(planTraffic(unbuilt.intent, cname, undefined), BASE, 'route53')).filter((l) => l.includes('jade'))).toEqual([
      `delete *.jade.pikachu.${BASE} CNAME`,
    ]);
    const next = planTraffic(unbuilt.intent, applyAll(start, torn), undefined);
    expect(next.removals).toEqual({ leaving: [{ cluster: 'pikachu-jade', cause: 'not-wanted' }], removing: ['pikachu-jade'], deferred: [] });
    expect(changeLines(zonePlan(next, BASE, 'route53')).filter((l) => l.includes('jade'))).toEqual([
      `delete jade.pikachu.${BASE} A`,
      `delete jade.pikachu.${BASE} AAAA`,
      `delete *.jade.pikachu.${BASE} A`,
      `delete *.jade.pikachu.${BASE} AAAA`,
    ]);
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

  it('never meets another unit at the apex: every managed name lies below its zone', () => {
    for (const zone of intent.zones) expect(zone.managed.filter((name) => !isBelow(name, zone.zone))).toEqual([]);
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
