// The traffic planner's diff of one snapshot at the edges its other tests
// never reach (SPEC §3.3): the words of each change (values, coordinates,
// routing, why a record set is deleted), the zone plan's provider, and the
// snapshots the planner reads again: declared derived from one it never
// planned, from itself, with whole names created and deleted, and with a
// record set it does not manage changed. Fixtures are built in beforeAll, so
// that a fault in the planner fails a test, never the import.

import { beforeAll, describe, expect, it } from 'vitest';
import type { LiveSnapshot } from '../../compiler/1-load/load-dns-live.js';
import type { DnsIntent } from '../../compiler/2-analyze/dns-names.js';
import type { ZonePlanDocument } from '../../compiler/dns/zone-plan.js';
import { declareDerivedSnapshot, planTraffic, prepareTraffic, type TrafficPlan, type ZoneHostPlan } from '../../compiler/plan/traffic-planner.js';
import type { DnsHealth } from '../../compiler/types/generated/dns-health.js';
import { describeKey } from '../../compiler/dns/record-sets.js';
import { applyPlan, changeLines as changeLinesOf, compileDns, snapshotsOf, down, editAt, zonePlan } from '../support/dns-fixture.js';

const BASE = 'cluster.atomi.cloud';
const ROUTE53 = `dns/${BASE}/route53.json`;
const GOOGLE = `dns/${BASE}/google.json`;

/** Every change of a zone plan as `verb key: message`. */
function said(plan: ZoneHostPlan): string[] {
  return plan.units.flatMap((u) => u.changes.map((c) => `${c.verb} ${describeKey(c.key)}: ${c.message}`));
}

let reference: { intent: DnsIntent; documents: Map<string, ZonePlanDocument> };
beforeAll(() => {
  reference = compileDns();
});

describe('the words of each change', () => {
  it('lists the values of a record set it creates, with its coordinates under geoproximity routing, and names the host', () => {
    const live = snapshotsOf(
      reference.intent,
      reference.documents,
      editAt(ROUTE53, (sets) => sets.filter((rs) => !(rs.name === `*.mew.${BASE}` && rs.type === 'A'))),
    );
    const route53 = zonePlan(planTraffic(reference.intent, live, undefined), BASE, 'route53');
    expect(said(route53)).toEqual([
      `create *.mew.${BASE} A [ampharos]: 198.51.100.30, 198.51.100.31 at (38.94, -77.46) (ttl 60)`,
      `create *.mew.${BASE} A [raichu]: 203.0.113.20 at (1.36, 103.99) (ttl 60)`,
    ]);
    expect(route53.provider).toBe('route53');
    expect(route53.role).toBe('zone');
  });

  it('lists every value an update removes, and says when plain routing becomes geoproximity', () => {
    const live = snapshotsOf(
      reference.intent,
      reference.documents,
      editAt(ROUTE53, (sets) =>
        sets.map((rs) => {
          if (rs.name === `onyx.ampharos.${BASE}` && rs.type === 'A') return { ...rs, values: ['192.0.2.98', '192.0.2.99', '198.51.100.31'] };
          if (rs.name === `*.mew.${BASE}` && rs.type === 'AAAA' && rs.setIdentifier === 'raichu') {
            const { geoproximity: _geoproximity, ...plain } = rs;
            return plain;
          }
          return rs;
        }),
      ),
    );
    expect(said(zonePlan(planTraffic(reference.intent, live, undefined), BASE, 'route53'))).toEqual([
      `update onyx.ampharos.${BASE} A: remove 192.0.2.98, 192.0.2.99`,
      `update *.mew.${BASE} AAAA [raichu]: routing plain → geoproximity (1.36, 103.99): 2001:db8::20 at (1.36, 103.99)`,
    ]);
  });

  it('says the routing when only the GEO items an address answers from changed', () => {
    const live = snapshotsOf(
      reference.intent,
      reference.documents,
      editAt(GOOGLE, (sets) =>
        sets.map((rs) =>
          rs.name === `*.mew.${BASE}` && rs.type === 'A'
            ? {
                ...rs,
                geo: [
                  { location: 'asia-southeast1', values: ['198.51.100.30'] },
                  { location: 'us-east4', values: ['198.51.100.31', '203.0.113.20'] },
                ],
              }
            : rs,
        ),
      ),
    );
    expect(said(zonePlan(planTraffic(reference.intent, live, undefined), BASE, 'google'))).toEqual([
      `update *.mew.${BASE} A: routing geo (asia-southeast1, us-east4) → geo (asia-southeast1, us-east4): asia-southeast1: 203.0.113.20; us-east4: 198.51.100.30, 198.51.100.31`,
    ]);
  });

  it('deletes what the fleet no longer wants, saying so', () => {
    const unbuilt = compileDns({ 'state/clusters/pichu-topaz.yaml': null });
    const plan = planTraffic(unbuilt.intent, snapshotsOf(unbuilt.intent, reference.documents), undefined);
    expect(said(zonePlan(plan, BASE, 'route53')).slice(0, 3)).toEqual([
      `delete pichu.${BASE} A: 192.0.2.11 (ttl 60), no longer wanted`,
      `delete pichu.${BASE} AAAA: 2001:db8::11 (ttl 60), no longer wanted`,
      `delete *.pichu.${BASE} CNAME: pichu.${BASE} (ttl 60), no longer wanted`,
    ]);
  });

  it('deletes the record sets of down clusters, naming them in cluster name order, as every other message does', () => {
    // Both of ampharos's clusters down, forced past the one-cluster brake: mew's ampharos sets go, ampharos keeps its last address.
    const live = snapshotsOf(reference.intent, reference.documents);
    const plan = planTraffic(reference.intent, live, down('ampharos-onyx', 'ampharos-pearl'), { force: true });
    expect(said(zonePlan(plan, BASE, 'route53'))).toEqual([
      `delete *.mew.${BASE} A [ampharos]: 198.51.100.30, 198.51.100.31 at (38.94, -77.46) (ttl 60), ampharos-onyx, ampharos-pearl down`,
      `delete *.mew.${BASE} AAAA [ampharos]: 2001:db8::30, 2001:db8::31 at (38.94, -77.46) (ttl 60), ampharos-onyx, ampharos-pearl down`,
    ]);
  });

  it('deletes address record sets a wanted CNAME replaces in the same write, or that cannot sit beside a live one', () => {
    const replaced = snapshotsOf(
      reference.intent,
      reference.documents,
      editAt(ROUTE53, (sets) => [
        ...sets.filter((rs) => rs.name !== `*.pichu.${BASE}`),
        { name: `*.pichu.${BASE}`, type: 'A', ttl: 60, values: ['192.0.2.11'] },
      ]),
    );
    expect(said(zonePlan(planTraffic(reference.intent, replaced, undefined), BASE, 'route53'))).toEqual([
      `delete *.pichu.${BASE} A: 192.0.2.11 (ttl 60), replaced by CNAME at the same name, in the same write`,
      `create *.pichu.${BASE} CNAME: pichu.${BASE} (ttl 60)`,
    ]);
    const beside = snapshotsOf(
      reference.intent,
      reference.documents,
      editAt(ROUTE53, (sets) => [...sets, { name: `*.pichu.${BASE}`, type: 'AAAA', ttl: 60, values: ['2001:db8::11'] }]),
    );
    expect(said(zonePlan(planTraffic(reference.intent, beside, undefined), BASE, 'route53'))).toEqual([
      `delete *.pichu.${BASE} AAAA: 2001:db8::11 (ttl 60), a AAAA cannot sit beside the CNAME diene writes at this name`,
    ]);
  });
});

describe('snapshots read again', () => {
  /** Plans `current` with `prepared` and checks the plan against one of fresh copies. */
  function planChecked(prepared: ReturnType<typeof prepareTraffic>, intent: DnsIntent, current: LiveSnapshot[], health?: DnsHealth): TrafficPlan {
    const plan = planTraffic(prepared, current, health);
    expect(plan).toEqual(planTraffic(prepareTraffic(intent), structuredClone(current), health));
    return plan;
  }

  /** The snapshots after `plan`, each declared derived from the one it was applied to. */
  function applied(current: LiveSnapshot[], plan: TrafficPlan): LiveSnapshot[] {
    return current.map((s) => {
      const zp = plan.zones.find((z) => z.zone === s.zone && z.host === s.host);
      if (!zp || zp.units.length === 0) return s;
      const next = applyPlan(s, zp);
      declareDerivedSnapshot(s, next, new Set(zp.units.map((u) => u.name)));
      return next;
    });
  }

  it('creates whole names, then deletes them again, on snapshots declared derived from ones it never planned', () => {
    const unbuilt = compileDns({ 'state/clusters/pichu-topaz.yaml': null });
    // pichu's names are created by a plan of the reference fleet that this prepared fleet never saw.
    const start = snapshotsOf(reference.intent, unbuilt.documents);
    const withPichu = applied(start, planTraffic(reference.intent, start, undefined));
    const prepared = prepareTraffic(unbuilt.intent);
    const first = planChecked(prepared, unbuilt.intent, withPichu);
    expect(zonePlan(first, BASE, 'route53').counts).toEqual({ create: 0, update: 0, delete: 7 });
    const after = applied(withPichu, first);
    const second = planChecked(prepared, unbuilt.intent, after);
    expect(second.zones.every((z) => z.units.length === 0)).toBe(true);
    expect(zonePlan(second, BASE, 'route53').managed).toBe(35);
  });

  it('takes a snapshot declared derived from itself as read in full', () => {
    const live = snapshotsOf(
      reference.intent,
      reference.documents,
      editAt(ROUTE53, (sets) => sets.filter((rs) => rs.name !== `pichu.${BASE}`)),
    );
    for (const s of live) declareDerivedSnapshot(s, s, new Set([`pichu.${BASE}`]));
    const plan = planChecked(prepareTraffic(reference.intent), reference.intent, live);
    expect(zonePlan(plan, BASE, 'route53').counts).toEqual({ create: 2, update: 0, delete: 0 });
  });

  it('reads a snapshot in full when a record set it does not manage appears or goes at a declared name', () => {
    const hole = { name: `x.nitroso.raichu.${BASE}`, type: 'TXT', ttl: 60, values: ['"someone else"'] };
    const live = snapshotsOf(reference.intent, reference.documents);
    const prepared = prepareTraffic(reference.intent);
    const route53 = (plan: TrafficPlan): ZoneHostPlan => zonePlan(plan, BASE, 'route53');
    expect(route53(planChecked(prepared, reference.intent, live)).reports).toEqual([]);
    // pichu's A record set, which diene manages, changes in the same steps.
    const pichuA = (ttl: number): LiveSnapshot['recordSets'][number] => {
      const rs = { name: `pichu.${BASE}`, type: 'A', ttl, values: ['192.0.2.11'] };
      return { raw: rs, canonical: rs };
    };
    const isPichuA = (rs: LiveSnapshot['recordSets'][number]): boolean => rs.canonical.name === `pichu.${BASE}` && rs.canonical.type === 'A';
    // A TXT appears below nitroso.raichu: a hole in *.raichu.
    const withHole = live.map((s) => {
      if (s.zone !== BASE || s.host !== 'route53') return s;
      const next: LiveSnapshot = { ...s, recordSets: [...s.recordSets.map((rs) => (isPichuA(rs) ? pichuA(300) : rs)), { raw: hole, canonical: hole }] };
      declareDerivedSnapshot(s, next, new Set([`pichu.${BASE}`, hole.name]));
      return next;
    });
    const holed = route53(planChecked(prepared, reference.intent, withHole));
    expect(changeLinesOf(holed)).toEqual([`update pichu.${BASE} A`]);
    expect(holed.reports).toHaveLength(1);
    expect(holed.reports[0]).toMatch(/^hole: x\.nitroso\.raichu\.cluster\.atomi\.cloud TXT \(not managed by diene\) .*: 3 service hosts /);
    // The TXT goes again.
    const without = withHole.map((s) => {
      if (s.zone !== BASE || s.host !== 'route53') return s;
      const next: LiveSnapshot = {
        ...s,
        recordSets: s.recordSets.filter((rs) => rs.canonical.name !== hole.name).map((rs) => (isPichuA(rs) ? pichuA(60) : rs)),
      };
      declareDerivedSnapshot(s, next, new Set([`pichu.${BASE}`, hole.name]));
      return next;
    });
    const healed = route53(planChecked(prepared, reference.intent, without));
    expect(healed.units).toEqual([]);
    expect(healed.reports).toEqual([]);
    // The TXT appears again, alone.
    const again = without.map((s) => {
      if (s.zone !== BASE || s.host !== 'route53') return s;
      const next: LiveSnapshot = { ...s, recordSets: [...s.recordSets, { raw: hole, canonical: hole }] };
      declareDerivedSnapshot(s, next, new Set([hole.name]));
      return next;
    });
    expect(route53(planChecked(prepared, reference.intent, again)).reports).toEqual(holed.reports);
  });

  it('refuses a snapshot that lists a record set twice, as loadDnsLive does (dns_live_duplicate), read in full or declared derived', () => {
    // The loader refuses such a file, and no host's reader makes one: only a snapshot built by hand reaches the planner so.
    const live = snapshotsOf(reference.intent, reference.documents);
    const again = { name: `pichu.${BASE}`, type: 'A', ttl: 60, values: ['192.0.2.98'] };
    const twice = (s: LiveSnapshot): LiveSnapshot => ({ ...s, recordSets: [...s.recordSets, { raw: again, canonical: again }] });
    const route53 = (s: LiveSnapshot): boolean => s.zone === BASE && s.host === 'route53';
    const refusal = `planTraffic: cluster.atomi.cloud/route53.json: dns_live_duplicate: record set pichu.${BASE} A appears twice in the live state (first: record set 18 of this snapshot)`;
    /** The message of the error `plan` throws (an Error, nothing else). */
    const refused = (plan: () => unknown): string => {
      try {
        plan();
      } catch (error) {
        expect(error).toBeInstanceOf(Error);
        return (error as Error).message;
      }
      throw new Error('no error thrown');
    };
    expect(
      refused(() =>
        planTraffic(
          reference.intent,
          live.map((s) => (route53(s) ? twice(s) : s)),
          undefined,
        ),
      ),
    ).toBe(refusal);
    // A record set the planner does not manage, listed twice, is refused too.
    const txt = { name: `x.${BASE}`, type: 'TXT', ttl: 60, values: ['"someone else"'] };
    const foreign = live.map((s) => (route53(s) ? { ...s, recordSets: [...s.recordSets, { raw: txt, canonical: txt }, { raw: txt, canonical: txt }] } : s));
    expect(refused(() => planTraffic(reference.intent, foreign, undefined))).toBe(
      `planTraffic: cluster.atomi.cloud/route53.json: dns_live_duplicate: record set x.${BASE} TXT appears twice in the live state (first: record set 43 of this snapshot)`,
    );
    // Declared derived from a snapshot already planned: the names read again are checked as well.
    const prepared = prepareTraffic(reference.intent);
    planTraffic(prepared, live, undefined);
    const derived = live.map((s) => {
      if (!route53(s)) return s;
      const next = twice(s);
      declareDerivedSnapshot(s, next, new Set([`pichu.${BASE}`]));
      return next;
    });
    expect(refused(() => planTraffic(prepared, derived, undefined))).toBe(refusal);
  });
});
