// The traffic planner's brakes at their edges (SPEC §3.3 "Brakes"): the freeze
// at exactly half down, the update and delete thresholds at exactly 30 % and
// the 10 record sets they start from, the last address of a name served by
// several clusters, the one-cluster brake's order on unsorted and tied input,
// and the plan checksum recomputed from its definition. Fixtures are built in
// beforeAll, so that a fault in the planner fails a test, never the import.

import canonicalizeModule from 'canonicalize';
import { createHash } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type { LiveSnapshot } from '../../compiler/1-load/load-dns-live.js';
import type { DnsIntent, DnsNameIntent, DnsZoneIntent } from '../../compiler/2-analyze/dns-names.js';
import type { RecordSet } from '../../compiler/dns/record-sets.js';
import type { ZonePlanDocument } from '../../compiler/dns/zone-plan.js';
import { decideTraffic, liveAddresses, namesWithDown, targetName } from '../../compiler/plan/traffic-decisions.js';
import { decideRemovals, droppedAddresses, keepAddresses, liveOpsOwners, liveTrafficSets, type RemovalCause } from '../../compiler/plan/traffic-removals.js';
import { planTraffic, type TrafficPlan } from '../../compiler/plan/traffic-planner.js';
import { changeLines, compileDns, snapshotsOf, down, zonePlan } from '../support/dns-fixture.js';
import { readFleetTexts } from '../support/fleet-fixture.js';

// The package's CommonJS default export, as test/client/address-book-client.test.ts takes it.
const canonicalize = ((canonicalizeModule as unknown as { default?: unknown }).default ?? canonicalizeModule) as (value: unknown) => string;

const BASE = 'cluster.atomi.cloud';
const SPARE = 'cluster.atomi-spare.net';
const ROUTE53 = `dns/${BASE}/route53.json`;

type DocumentSet = ZonePlanDocument['recordSets'][number];
const keyOf = (rs: { name: string; type: string; setIdentifier?: string }): string => `${rs.name} ${rs.type} ${rs.setIdentifier ?? ''}`;

let reference: { intent: DnsIntent; documents: Map<string, ZonePlanDocument> };
let live: LiveSnapshot[];
beforeAll(() => {
  reference = compileDns();
  live = snapshotsOf(reference.intent, reference.documents);
});

describe('the freeze at exactly half (more than half down freezes, half does not)', () => {
  // The reference fleet with only ampharos built: two traffic-on clusters, both serving ampharos and mew.
  let two: { intent: DnsIntent; documents: Map<string, ZonePlanDocument> };
  let twoLive: LiveSnapshot[];
  beforeAll(() => {
    two = compileDns({
      'state/clusters/pichu-topaz.yaml': null,
      'state/clusters/pikachu-jade.yaml': null,
      'state/clusters/raichu-opal.yaml': null,
      'state/clusters/raichu-ruby.yaml': null,
    });
    twoLive = snapshotsOf(two.intent, two.documents);
  });

  it('fails over, not freezes, when one of two built traffic-on clusters is down', () => {
    const plan = planTraffic(two.intent, twoLive, down('ampharos-onyx'), { force: true });
    expect(plan.health).toEqual({ down: ['ampharos-onyx'], trafficClusters: 2, removing: 'ampharos-onyx', deferred: [] });
    expect(plan.refused).toBe(false);
    expect(plan.brakes.some((b) => b.brake === 'freeze')).toBe(false);
    const route53 = zonePlan(plan, BASE, 'route53');
    expect(changeLines(route53)).toEqual([
      `update ampharos.${BASE} A`,
      `update ampharos.${BASE} AAAA`,
      `update *.mew.${BASE} A [ampharos]`,
      `update *.mew.${BASE} AAAA [ampharos]`,
    ]);
    expect(route53.units[0]?.changes[0]?.after?.values).toEqual(['198.51.100.30']);
    expect(route53.units[0]?.changes[0]?.message).toBe('remove 198.51.100.31 (ampharos-onyx, down)');
  });

  it('is held back then by the mass-change brake alone: 4 updates of 13 managed record sets are over 30 %', () => {
    const plan = planTraffic(two.intent, twoLive, down('ampharos-onyx'));
    expect(plan.refused).toBe(true);
    expect(plan.brakes.map((b) => b.brake)).toEqual(['mass-change', 'mass-change', 'mass-change', 'mass-change']);
    expect(zonePlan(plan, BASE, 'route53').refusal?.message).toContain('4 updates (30.8 %) of 13 managed record sets');
  });

  it('freezes when both are down, and names the one cluster that must come back', () => {
    const plan = planTraffic(two.intent, twoLive, down('ampharos-onyx', 'ampharos-pearl'), { force: true });
    expect(plan.refused).toBe(true);
    expect(plan.zones.every((z) => z.units.length === 0)).toBe(true);
    expect(plan.brakes.map((b) => b.message)).toEqual([
      'freeze: 2 of 2 built traffic-on clusters are down (ampharos-onyx, ampharos-pearl), more than half: nothing is planned until at least 1 are up, or a person overrides it with --override-freeze REASON',
    ]);
  });

  it('decides on counts alone: 2 of 4 down is half (no freeze), 3 of 4 and 1 of 1 are more', () => {
    const intent = (clusters: string[]): DnsIntent => ({ ...reference.intent, trafficClusters: clusters });
    expect(decideTraffic(intent(['a', 'b', 'c', 'd']), down('a', 'c')).frozen).toBeUndefined();
    expect(decideTraffic(intent(['a', 'b', 'c', 'd']), down('a', 'b', 'c')).frozen?.message).toBe(
      'freeze: 3 of 4 built traffic-on clusters are down (a, b, c), more than half: nothing is planned until at least 2 are up, or a person overrides it with --override-freeze REASON',
    );
    expect(decideTraffic(intent(['a']), down('a')).frozen?.message).toContain('1 of 1 built traffic-on clusters are down (a), more than half');
    expect(decideTraffic(intent(['a', 'b']), undefined)).toEqual({ down: [], trafficClusters: 2, deferred: [], brakes: [] });
    // A cluster that is not a built traffic-on one is never counted down, whatever health says.
    expect(decideTraffic(intent(['a', 'b']), down('a', 'x', 'y')).down).toEqual(['a']);
  });
});

describe('the mass-change thresholds at exactly 30 % (each strictly greater, from 10 managed record sets)', () => {
  // Clusters gone from the fleet: the live record sets of raichu-opal and raichu-ruby are deleted.
  let gone: { intent: DnsIntent; documents: Map<string, ZonePlanDocument> };
  let deleted: Set<string>;
  let untouched: Set<string>;
  beforeAll(() => {
    gone = compileDns({ 'state/clusters/raichu-opal.yaml': null, 'state/clusters/raichu-ruby.yaml': null });
    // Told apart by the two fleets' own zone plans, not by the planner under test: record sets only the
    // reference fleet has are deleted, those both have the same are left alone.
    const now = new Map((gone.documents.get(ROUTE53)?.recordSets ?? []).map((rs) => [keyOf(rs), JSON.stringify(rs)]));
    const before = reference.documents.get(ROUTE53)?.recordSets ?? [];
    deleted = new Set(before.map(keyOf).filter((k) => !now.has(k)));
    untouched = new Set(before.filter((rs) => now.get(keyOf(rs)) === JSON.stringify(rs)).map(keyOf));
  });

  /** Route 53's live state in BASE: `deletes` record sets the fleet no longer wants, then wanted ones up to `managed`. */
  function liveWith(deletes: number, managed: number): LiveSnapshot[] {
    return snapshotsOf(gone.intent, reference.documents, (path, doc) => {
      if (path !== ROUTE53) return;
      const sets: DocumentSet[] = doc.recordSets;
      doc.recordSets = [
        ...sets.filter((rs) => deleted.has(keyOf(rs))).slice(0, deletes),
        ...sets.filter((rs) => untouched.has(keyOf(rs))).slice(0, managed - deletes),
      ];
    });
  }

  it('passes 3 deletes of 10 and refuses 4, with the numbers', () => {
    expect(deleted.size).toBeGreaterThanOrEqual(4);
    const three = zonePlan(planTraffic(gone.intent, liveWith(3, 10), undefined), BASE, 'route53');
    expect(three.managed).toBe(10);
    expect(three.counts.delete).toBe(3);
    expect(three.counts.update).toBe(0);
    expect(three.refusal).toBeUndefined();
    const four = zonePlan(planTraffic(gone.intent, liveWith(4, 10), undefined), BASE, 'route53');
    expect(four.managed).toBe(10);
    expect(four.counts.delete).toBe(4);
    expect(four.refusal?.message).toBe(
      `mass change: 4 deletes (40 %) of 10 managed record sets in ${BASE} on route53, over the 30 % update / 30 % delete threshold (checked from 10 record sets): refused; review it and run again with --force`,
    );
  });

  it('passes 6 deletes of 20 (exactly 30 %) and refuses 7 of 20', () => {
    expect(zonePlan(planTraffic(gone.intent, liveWith(6, 20), undefined), BASE, 'route53').refusal).toBeUndefined();
    expect(zonePlan(planTraffic(gone.intent, liveWith(7, 20), undefined), BASE, 'route53').refusal?.message).toContain('7 deletes (35 %) of 20');
  });

  it('checks from exactly 10 managed record sets: 9 of 9 deleted pass, 4 of 10 are refused', () => {
    expect(deleted.size).toBeGreaterThanOrEqual(9);
    const nine = zonePlan(planTraffic(gone.intent, liveWith(9, 9), undefined), BASE, 'route53');
    expect(nine.managed).toBe(9);
    expect(nine.counts.delete).toBe(9);
    expect(nine.refusal).toBeUndefined();
    expect(zonePlan(planTraffic(gone.intent, liveWith(4, 10), undefined), BASE, 'route53').refusal).toBeDefined();
  });

  it('takes the thresholds and the floor as options, the update and the delete one apart', () => {
    const plan = (options: Parameters<typeof planTraffic>[3]) => zonePlan(planTraffic(gone.intent, liveWith(3, 10), undefined, options), BASE, 'route53');
    expect(plan({ deleteThreshold: 0.2 }).refusal?.message).toContain(
      '3 deletes (30 %) of 10 managed record sets in cluster.atomi.cloud on route53, over the 30 % update / 20 % delete threshold',
    );
    expect(plan({ updateThreshold: 0 }).refusal).toBeUndefined();
    expect(plan({ deleteThreshold: 0.2, minRecordSets: 11 }).refusal).toBeUndefined();
    expect(plan({ deleteThreshold: 0.2, minRecordSets: 10 }).refusal?.message).toContain('(checked from 10 record sets)');
  });

  it('names updates and deletes together when both are over', () => {
    const plan = zonePlan(
      planTraffic(
        gone.intent,
        snapshotsOf(gone.intent, reference.documents, (path, doc) => {
          if (path !== ROUTE53) return;
          const sets: DocumentSet[] = doc.recordSets;
          const kept = sets
            .filter((rs) => untouched.has(keyOf(rs)))
            .slice(0, 6)
            .map((rs) => ({ ...rs, ttl: 300 }));
          doc.recordSets = [...sets.filter((rs) => deleted.has(keyOf(rs))).slice(0, 4), ...kept];
        }),
        undefined,
      ),
      BASE,
      'route53',
    );
    expect(plan.refusal?.message).toContain('mass change: 6 updates (60 %) and 4 deletes (40 %) of 10 managed record sets');
  });
});

describe('the last address of a name served by several clusters', () => {
  it('keeps every down cluster of ampharos while both its clusters are down, and braked removal from mew', () => {
    const plan = planTraffic(reference.intent, live, down('ampharos-pearl', 'ampharos-onyx'));
    expect(plan.refused).toBe(false);
    expect(plan.brakes.filter((b) => b.brake === 'last-address')).toEqual([
      {
        brake: 'last-address',
        zone: BASE,
        name: `ampharos.${BASE}`,
        clusters: ['ampharos-onyx', 'ampharos-pearl'],
        message: `last address: every cluster of ampharos.${BASE} is down (ampharos-onyx, ampharos-pearl); it keeps the addresses of ampharos-onyx, ampharos-pearl`,
      },
      {
        brake: 'last-address',
        zone: SPARE,
        name: `ampharos.${SPARE}`,
        clusters: ['ampharos-onyx', 'ampharos-pearl'],
        message: `last address: every cluster of ampharos.${SPARE} is down (ampharos-onyx, ampharos-pearl); it keeps the addresses of ampharos-onyx, ampharos-pearl`,
      },
    ]);
    // ampharos keeps both; mew, which raichu-opal also serves, loses onyx now and pearl in a later plan.
    expect(changeLines(zonePlan(plan, BASE, 'route53'))).toEqual([`update *.mew.${BASE} A [ampharos]`, `update *.mew.${BASE} AAAA [ampharos]`]);
    expect(zonePlan(plan, BASE, 'route53').units[0]?.changes[0]?.after?.values).toEqual(['198.51.100.30']);
    expect(plan.health).toEqual({ down: ['ampharos-onyx', 'ampharos-pearl'], trafficClusters: 5, removing: 'ampharos-onyx', deferred: ['ampharos-pearl'] });
  });

  it('keeps only the addresses a host still answers, and never adds back one it dropped', () => {
    // Route 53 already answers only pearl's addresses at ampharos; Google answers both.
    const partial = snapshotsOf(reference.intent, reference.documents, (path, doc) => {
      if (path !== ROUTE53) return;
      doc.recordSets = doc.recordSets.map((rs) =>
        rs.name === `ampharos.${BASE}` ? { ...rs, values: (rs.values ?? []).filter((v) => !v.endsWith('31')) } : rs,
      );
    });
    const plan = planTraffic(reference.intent, partial, down('ampharos-onyx', 'ampharos-pearl'));
    const lines = changeLines(zonePlan(plan, BASE, 'route53'));
    expect(lines.filter((l) => l.includes(`ampharos.${BASE}`) && !l.includes('mew'))).toEqual([]);
    expect(changeLines(zonePlan(plan, BASE, 'google')).filter((l) => !l.includes('mew'))).toEqual([]);
    // The brake's event lists the clusters the first host to read the name kept (Google, in host order: both).
    expect(plan.brakes.find((b) => b.brake === 'last-address' && b.zone === BASE)?.clusters).toEqual(['ampharos-onyx', 'ampharos-pearl']);
  });

  it('keeps the wanted addresses of a name a host does not answer at all, rather than writing it empty', () => {
    const missing = snapshotsOf(reference.intent, reference.documents, (path, doc) => {
      if (path !== ROUTE53) return;
      doc.recordSets = doc.recordSets.filter((rs) => rs.name !== `ampharos.${BASE}`);
    });
    const plan = planTraffic(reference.intent, missing, down('ampharos-onyx', 'ampharos-pearl'));
    const route53 = zonePlan(plan, BASE, 'route53');
    const creates = route53.units.flatMap((u) => u.changes).filter((c) => c.key.name === `ampharos.${BASE}`);
    expect(creates.map((c) => [c.verb, c.key.type, c.after?.values])).toEqual([
      ['create', 'A', ['198.51.100.30', '198.51.100.31']],
      ['create', 'AAAA', ['2001:db8::30', '2001:db8::31']],
    ]);
  });

  it('does not fire while one cluster of the name is up: the down one leaves', () => {
    const plan = planTraffic(reference.intent, live, down('ampharos-pearl'));
    expect(plan.brakes.filter((b) => b.brake === 'last-address')).toEqual([]);
    const route53 = zonePlan(plan, BASE, 'route53');
    expect(changeLines(route53)).toEqual([
      `update ampharos.${BASE} A`,
      `update ampharos.${BASE} AAAA`,
      `update *.mew.${BASE} A [ampharos]`,
      `update *.mew.${BASE} AAAA [ampharos]`,
    ]);
    expect(route53.units[0]?.changes[0]?.after?.values).toEqual(['198.51.100.31']);
  });
});

describe('the one-cluster brake on unsorted and tied input', () => {
  const leaving = (entries: [string, RemovalCause][]): Map<string, RemovalCause> => new Map(entries);

  it('removes the first in sorted cluster order whatever order the clusters arrive in, and defers the rest in order', () => {
    const orders: [string, RemovalCause][][] = [
      [
        ['raichu-opal', 'down'],
        ['ampharos-onyx', 'not-wanted'],
        ['pichu-topaz', 'down'],
      ],
      [
        ['pichu-topaz', 'down'],
        ['raichu-opal', 'down'],
        ['ampharos-onyx', 'not-wanted'],
      ],
      [
        ['ampharos-onyx', 'not-wanted'],
        ['pichu-topaz', 'down'],
        ['raichu-opal', 'down'],
      ],
    ];
    for (const order of orders) {
      expect(decideRemovals(leaving(order), false)).toEqual({
        leaving: [
          { cluster: 'ampharos-onyx', cause: 'not-wanted' },
          { cluster: 'pichu-topaz', cause: 'down' },
          { cluster: 'raichu-opal', cause: 'down' },
        ],
        removing: ['ampharos-onyx'],
        deferred: ['pichu-topaz', 'raichu-opal'],
      });
    }
  });

  it('ties down and not-wanted (one rank), compares names by code unit, and puts unclaimed addresses last, sorted among themselves', () => {
    const removals = decideRemovals(
      leaving([
        ['203.0.113.9', 'unclaimed'],
        ['b', 'down'],
        ['198.51.100.7', 'unclaimed'],
        ['B', 'not-wanted'],
        ['a-2', 'down'],
        ['a', 'not-wanted'],
      ]),
      false,
    );
    expect(removals.leaving.map((l) => l.cluster)).toEqual(['B', 'a', 'a-2', 'b', '198.51.100.7', '203.0.113.9']);
    expect(removals.removing).toEqual(['B']);
    expect(removals.deferred).toEqual(['a', 'a-2', 'b', '198.51.100.7', '203.0.113.9']);
  });

  it('takes an unclaimed address only when no cluster leaves, and takes them all with force', () => {
    expect(decideRemovals(leaving([['198.51.100.7', 'unclaimed']]), false)).toEqual({
      leaving: [{ cluster: '198.51.100.7', cause: 'unclaimed' }],
      removing: ['198.51.100.7'],
      deferred: [],
    });
    const forced = decideRemovals(
      leaving([
        ['z', 'down'],
        ['10.0.0.1', 'unclaimed'],
        ['y', 'down'],
      ]),
      true,
    );
    expect(forced).toEqual({
      leaving: [
        { cluster: 'y', cause: 'down' },
        { cluster: 'z', cause: 'down' },
        { cluster: '10.0.0.1', cause: 'unclaimed' },
      ],
      removing: ['y', 'z', '10.0.0.1'],
      deferred: [],
    });
    expect(decideRemovals(new Map(), false)).toEqual({ leaving: [], removing: [], deferred: [] });
  });

  it('picks the same cluster in the planner whichever order health lists the down clusters in', () => {
    const a = planTraffic(reference.intent, live, down('raichu-opal', 'ampharos-onyx'));
    const b = planTraffic(reference.intent, [...live].reverse(), down('ampharos-onyx', 'raichu-opal'));
    expect(a.health).toEqual({ down: ['ampharos-onyx', 'raichu-opal'], trafficClusters: 5, removing: 'ampharos-onyx', deferred: ['raichu-opal'] });
    expect(b.health).toEqual(a.health);
    expect(b.checksum).toBe(a.checksum);
  });
});

describe('the plan checksum, recomputed from its definition', () => {
  const checksumOf = (value: unknown): string => `sha256:${createHash('sha256').update(canonicalize(value), 'utf8').digest('hex')}`;

  it('is sha256 over the RFC 8785 canonical JSON of {version, zones: [{zone, host, units}]}', () => {
    const plan = planTraffic(reference.intent, live, down('ampharos-onyx'));
    expect(plan.zones.flatMap((z) => z.units).length).toBeGreaterThan(0);
    expect(plan.checksum).toBe(checksumOf({ version: 1, zones: plan.zones.map((z) => ({ zone: z.zone, host: z.host, units: z.units })) }));
  });

  it('adds the freeze override reason when one is given, and only then', () => {
    const reason = 'ampharos is back, its health check is stale';
    const plan = planTraffic(reference.intent, live, down('ampharos-onyx', 'pichu-topaz', 'raichu-opal'), { overrideFreeze: reason });
    const zones = plan.zones.map((z) => ({ zone: z.zone, host: z.host, units: z.units }));
    expect(plan.checksum).toBe(checksumOf({ version: 1, zones, freezeOverride: reason }));
    expect(plan.checksum).not.toBe(checksumOf({ version: 1, zones }));
  });

  it('is the checksum of no change for a frozen plan and for the planner on its own output', () => {
    const empty = (plan: TrafficPlan) => checksumOf({ version: 1, zones: plan.zones.map((z) => ({ zone: z.zone, host: z.host, units: [] })) });
    const frozen = planTraffic(reference.intent, live, down('ampharos-onyx', 'pichu-topaz', 'raichu-opal'));
    expect(frozen.checksum).toBe(empty(frozen));
    const same = planTraffic(reference.intent, live, undefined);
    expect(same.checksum).toBe(empty(same));
    expect(same.checksum).toBe(frozen.checksum);
  });
});

describe('what the brakes read from a live snapshot', () => {
  const set = (name: string, type: string, values: string[], more: Partial<RecordSet> = {}): RecordSet => ({ name, type, ttl: 60, values, ...more });
  const snapshot = (sets: RecordSet[]): LiveSnapshot => ({
    file: 'x.json',
    zone: BASE,
    host: 'route53',
    recordSets: sets.map((rs) => ({ canonical: rs, raw: rs })),
  });
  const zone = (): DnsZoneIntent => reference.intent.zones.find((z) => z.zone === BASE) as DnsZoneIntent;

  it('counts only A and AAAA addresses, at the names asked for', () => {
    const live = snapshot([
      set(`ampharos.${BASE}`, 'A', ['198.51.100.30']),
      set(`ampharos.${BASE}`, 'AAAA', ['2001:db8::30']),
      set(`ampharos.${BASE}`, 'TXT', ['"198.51.100.99"']),
      set(`pichu.${BASE}`, 'A', ['192.0.2.11']),
      set(`*.pichu.${BASE}`, 'CNAME', [`pichu.${BASE}`]),
    ]);
    expect(liveAddresses(live, new Set([`ampharos.${BASE}`]))).toEqual(new Map([[`ampharos.${BASE}`, new Set(['198.51.100.30', '2001:db8::30'])]]));
    expect([...liveAddresses(live).keys()]).toEqual([`ampharos.${BASE}`, `pichu.${BASE}`]);
    expect([...liveTrafficSets(live, new Set([`pichu.${BASE}`, `*.pichu.${BASE}`])).entries()]).toEqual([
      [`pichu.${BASE}`, [set(`pichu.${BASE}`, 'A', ['192.0.2.11'])]],
    ]);
  });

  it('tells a cluster by its live ops name: A and AAAA under a landscape name, never the wildcard, the first owner kept', () => {
    const live = snapshot([
      set(`gone.ampharos.${BASE}`, 'A', ['198.51.100.77']),
      set(`gone.ampharos.${BASE}`, 'AAAA', ['2001:db8::77']),
      set(`gone.ampharos.${BASE}`, 'TXT', ['"198.51.100.78"']),
      set(`*.ampharos.${BASE}`, 'A', ['198.51.100.79']),
      set(`other.ampharos.${BASE}`, 'A', ['198.51.100.77', '198.51.100.80']),
      set(`x.celebi.${BASE}`, 'A', ['198.51.100.81']),
      set(`ampharos.${BASE}`, 'A', ['198.51.100.82']),
      set(`x.nitroso.raichu.${BASE}`, 'A', ['198.51.100.83']),
    ]);
    expect(liveOpsOwners(zone(), [live])).toEqual(
      new Map([
        ['198.51.100.77', 'ampharos-gone'],
        ['2001:db8::77', 'ampharos-gone'],
        ['198.51.100.80', 'ampharos-other'],
      ]),
    );
  });

  it('lists the addresses a name drops, once each, sorted', () => {
    const live = [set('n', 'A', ['10.0.0.9', '10.0.0.1', '10.0.0.5']), set('n', 'A', ['10.0.0.9'], { setIdentifier: 'x' })];
    expect(droppedAddresses(live, [set('n', 'A', ['10.0.0.5'])])).toEqual(['10.0.0.1', '10.0.0.9']);
  });

  it('keeps a deferred address in the record set, GEO item or geoproximity set the host answers it from', () => {
    const key = (rs: RecordSet): string => `${rs.name} ${rs.type} ${rs.setIdentifier ?? ''}`;
    const wantedPlain = set('n', 'A', ['10.0.0.1']);
    const wantedGeo = set('g', 'A', [], { values: undefined, geo: [{ location: 'us-east4', values: ['10.0.0.1'] }] });
    const livePlain = set('n', 'A', ['10.0.0.1', '10.0.0.2', '10.0.0.3'], { ttl: 300 });
    const liveGeo = set('g', 'A', [], {
      values: undefined,
      geo: [
        { location: 'us-east4', values: ['10.0.0.2', '10.0.0.9'] },
        { location: 'europe-west1', values: ['10.0.0.3'] },
        { location: 'asia-east1', values: ['10.0.0.8'] },
      ],
    });
    const liveNew = set('p', 'A', ['10.0.0.2'], { setIdentifier: 'ampharos', geoproximity: { latitude: '1', longitude: '2' } });
    const wanted = new Map([wantedPlain, wantedGeo].map((rs) => [key(rs), rs]));
    const out = keepAddresses(
      [livePlain, liveGeo, liveNew, set('n', 'A', ['10.0.0.7'], { setIdentifier: 'q' })],
      wanted,
      new Set(['10.0.0.2', '10.0.0.3']),
      60,
      key,
    );
    expect([...out.values()]).toEqual([
      set('n', 'A', ['10.0.0.1', '10.0.0.2', '10.0.0.3']),
      {
        name: 'g',
        type: 'A',
        ttl: 60,
        geo: [
          { location: 'europe-west1', values: ['10.0.0.3'] },
          { location: 'us-east4', values: ['10.0.0.1', '10.0.0.2'] },
        ],
      },
      { name: 'p', type: 'A', ttl: 60, setIdentifier: 'ampharos', geoproximity: { latitude: '1', longitude: '2' }, values: ['10.0.0.2'] },
    ]);
    // A live set whose routing is not the wanted one's at its key stays whole; a new GEO set starts from no item.
    const plainLiveGeo = keepAddresses([liveGeo], new Map([['g A ', set('g', 'A', ['10.0.0.1'])]]), new Set(['10.0.0.3']), 60, key);
    expect(plainLiveGeo.get('g A ')).toBe(liveGeo);
    const geoToProximity = keepAddresses(
      [liveNew],
      new Map([['p A ampharos', set('p', 'A', ['10.0.0.1'], { setIdentifier: 'ampharos' })]]),
      new Set(['10.0.0.2']),
      60,
      key,
    );
    expect(geoToProximity.get('p A ampharos')).toBe(liveNew);
    const fresh = keepAddresses([liveGeo], new Map(), new Set(['10.0.0.9']), 60, key);
    expect(fresh.get('g A ')).toEqual({ name: 'g', type: 'A', ttl: 60, geo: [{ location: 'us-east4', values: ['10.0.0.9'] }] });
  });

  it('counts an address of a source as present at a host when the host answers any one of its addresses', () => {
    const name = zone().names.find((n) => n.name === `ampharos.${BASE}`) as DnsNameIntent;
    const decision = decideTraffic(reference.intent, down('ampharos-onyx', 'ampharos-pearl'));
    // The host answers onyx's IPv4 address only, and none of pearl's.
    const kept = targetName(BASE, name, decision, new Set(['198.51.100.31']));
    expect(kept.kept?.clusters).toEqual(['ampharos-onyx']);
    expect(kept.kept?.message).toBe(
      `last address: every cluster of ampharos.${BASE} is down (ampharos-onyx, ampharos-pearl); it keeps the addresses of ampharos-onyx`,
    );
  });
});

describe('the names health can change, and what each answers', () => {
  const zone = (): DnsZoneIntent => reference.intent.zones.find((z) => z.zone === BASE) as DnsZoneIntent;
  const named = (name: string): DnsNameIntent => zone().names.find((n) => n.name === name) as DnsNameIntent;
  const clustersOf = (name: DnsNameIntent): string[] =>
    name.kind === 'landscape'
      ? name.sources.map((s) => s.cluster)
      : name.kind === 'virtual'
        ? name.members.flatMap((m) => m.sources.map((s) => s.cluster))
        : [];

  it('are the landscape and virtual names fed by a down cluster, in zone order whatever order the clusters come in', () => {
    for (const clusters of [
      ['raichu-opal', 'ampharos-onyx'],
      ['ampharos-onyx', 'raichu-opal'],
    ]) {
      const found = namesWithDown(zone(), new Set(clusters)).map((n) => n.name);
      expect(found).toEqual(
        zone()
          .names.filter((n) => clustersOf(n).some((c) => clusters.includes(c)))
          .map((n) => n.name),
      );
      expect(found).toEqual([`ampharos.${BASE}`, `*.mew.${BASE}`, `raichu.${BASE}`]);
    }
    // A cluster that feeds no name of the zone changes none.
    expect(namesWithDown(zone(), new Set(['nowhere-x']))).toEqual([]);
  });

  it('leave every other name as it is', () => {
    const decision = decideTraffic(reference.intent, down('ampharos-onyx', 'ampharos-pearl'));
    for (const name of [`onyx.ampharos.${BASE}`, `*.ampharos.${BASE}`]) {
      const intent = named(name);
      expect(intent.kind === 'landscape' || intent.kind === 'virtual').toBe(false);
      expect(targetName(BASE, intent, decision, undefined)).toEqual({ name: intent });
    }
  });

  it('drop a virtual member left without a cluster, and keep the others', () => {
    const mew = named(`*.mew.${BASE}`);
    if (mew.kind !== 'virtual') throw new Error('mew is a virtual name');
    const target = targetName(BASE, mew, decideTraffic(reference.intent, down('raichu-opal')), undefined);
    expect(target).toEqual({ name: { ...mew, members: mew.members.filter((m) => m.landscape === 'ampharos') } });
  });

  it('name the kept clusters of the last address in cluster order, whatever order the members come in', () => {
    const mew = named(`*.mew.${BASE}`);
    if (mew.kind !== 'virtual') throw new Error('mew is a virtual name');
    const reversed = { ...mew, members: [...mew.members].reverse() };
    const decision = decideTraffic(reference.intent, down('ampharos-onyx', 'ampharos-pearl', 'raichu-opal'), 'a test');
    expect(targetName(BASE, reversed, decision, undefined).kept?.clusters).toEqual(['ampharos-onyx', 'ampharos-pearl', 'raichu-opal']);
  });
});

describe("the one-cluster brake's words", () => {
  it('names each cause when the leaving clusters are not all down, and says when force took them all', () => {
    const texts = readFleetTexts();
    const file = 'registry/clusters/ampharos-onyx.yaml';
    const off = compileDns({ [file]: (texts.get(file) as string).replace(/traffic: true/, 'traffic: false') });
    const liveOn = snapshotsOf(off.intent, reference.documents);
    const braked = planTraffic(off.intent, liveOn, down('raichu-opal'));
    expect(braked.brakes.find((b) => b.brake === 'one-cluster')?.message).toBe(
      'one cluster a plan: 2 clusters still have addresses to remove (ampharos-onyx: no longer wanted; raichu-opal: down); removing ampharos-onyx now, deferring 1 (raichu-opal); the next plan takes the next, --force takes them all',
    );
    // Three leaving (raichu-ruby carrying traffic too): the deferred are listed in order.
    const traffic = (cluster: string, on: boolean) => {
      const at = `registry/clusters/${cluster}.yaml`;
      return { [at]: (texts.get(at) as string).replace(/traffic: (true|false)/, `traffic: ${on}`) };
    };
    const rubyOn = compileDns(traffic('raichu-ruby', true));
    const three = compileDns({ ...traffic('raichu-ruby', true), ...traffic('ampharos-onyx', false) });
    const plan = planTraffic(three.intent, snapshotsOf(three.intent, rubyOn.documents), down('raichu-opal', 'raichu-ruby'));
    expect(plan.brakes.find((b) => b.brake === 'one-cluster')?.message).toBe(
      'one cluster a plan: 3 clusters still have addresses to remove (ampharos-onyx: no longer wanted; raichu-opal: down; raichu-ruby: down); removing ampharos-onyx now, deferring 2 (raichu-opal, raichu-ruby); the next plan takes the next, --force takes them all',
    );
    const forced = planTraffic(off.intent, liveOn, down('raichu-opal'), { force: true });
    expect(forced.brakes.find((b) => b.brake === 'one-cluster')).toEqual({
      brake: 'one-cluster',
      clusters: ['ampharos-onyx', 'raichu-opal'],
      message:
        'one cluster a plan: 2 clusters still have addresses to remove (ampharos-onyx: no longer wanted; raichu-opal: down); removing all 2 in this plan: forced',
    });
  });
});
