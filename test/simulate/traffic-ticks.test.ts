// The traffic planner run tick by tick for `diene simulate` (compiler/simulate/traffic-ticks.ts):
// the compiled zone plans as live state are what `diene plan dns` reads from the compiled dns/
// folder; each tick writes the production planner's plan to the hosts it can reach; the brakes
// (last address, one cluster a plan, freeze) decide how many ticks there are.

import { describe, expect, it } from 'vitest';
import type { LiveSnapshot } from '../../compiler/1-load/load-dns-live.js';
import { recordSetKey } from '../../compiler/dns/record-sets.js';
import { planTraffic, prepareTraffic } from '../../compiler/plan/traffic-planner.js';
import { applyZonePlan, healthOf, liveFromZonePlans, runTicks } from '../../compiler/simulate/traffic-ticks.js';
import { applyPlan, compileDns, snapshotsOf } from '../support/dns-fixture.js';

const BASE = 'cluster.atomi.cloud';
const SPARE = 'cluster.atomi-spare.net';
const { intent, documents } = compileDns();
const prepared = prepareTraffic(intent);
const live = liveFromZonePlans(documents);
const everyHost = (): boolean => true;

function sets(snapshots: readonly LiveSnapshot[], zone: string, host: string): string[] {
  const snapshot = snapshots.find((s) => s.zone === zone && s.host === host);
  if (!snapshot) throw new Error(`no ${zone} on ${host}`);
  return snapshot.recordSets.map((rs) => `${recordSetKey(rs.canonical)}\t${JSON.stringify(rs.canonical.values ?? rs.canonical.geo)}`).sort();
}

function changes(snapshots: readonly LiveSnapshot[], down: string[]): number {
  const plan = planTraffic(prepared, snapshots, healthOf(down));
  return plan.zones.reduce((n, z) => n + z.counts.create + z.counts.update + z.counts.delete, 0);
}

describe('the compiled zone plans as live state', () => {
  it('are what the live-state loader reads from the compiled dns/ folder, record set for record set', () => {
    const loaded = snapshotsOf(intent, documents);
    expect(live.map((s) => `${s.zone} ${s.host} ${s.provider ?? '-'}`).sort()).toEqual(loaded.map((s) => `${s.zone} ${s.host} ${s.provider ?? '-'}`).sort());
    for (const s of loaded) expect(sets(live, s.zone, s.host)).toEqual(sets(loaded, s.zone, s.host));
  });

  it('plan zero changes with every cluster up (SPEC §3.3)', () => {
    expect(changes(live, [])).toBe(0);
  });

  it('are written to exactly as the test applier writes them', () => {
    const plan = planTraffic(prepared, live, healthOf(['ampharos-pearl']));
    for (const zonePlan of plan.zones) {
      const snapshot = live.find((s) => s.zone === zonePlan.zone && s.host === zonePlan.host) as LiveSnapshot;
      expect(sets([applyZonePlan(snapshot, zonePlan)], snapshot.zone, snapshot.host)).toEqual(
        sets([applyPlan(snapshot, zonePlan)], snapshot.zone, snapshot.host),
      );
    }
  });
});

describe('runTicks', () => {
  it('plans nothing while no built traffic-on cluster is down (raichu-ruby has traffic: false)', () => {
    const run = runTicks(prepared, live, healthOf(['raichu-ruby']), { running: true, reachable: everyHost, liveIsCompiled: true });
    expect(run).toMatchObject({ ran: true, ticks: [], brakes: [], unsettled: false });
    expect(run.live).toEqual(live);
    // the shortcut says what the planner says
    expect(changes(live, ['raichu-ruby'])).toBe(0);
  });

  it('takes raichu-opal out of the mew names in one tick and keeps it in raichu, whose last address it is', () => {
    const run = runTicks(prepared, live, healthOf(['raichu-opal']), { running: true, reachable: everyHost, liveIsCompiled: true });
    // 1 tick: on route53 the raichu set of *.mew (A and AAAA) is deleted in each zone; on google the asia-southeast1
    // item leaves both GEO record sets (2 updates) in each zone: 2 + 2 + 2 + 2 = 8 changes.
    expect(run.ticks).toEqual([{ removing: 'raichu-opal', deferred: [], changes: 8 }]);
    expect(run.brakes.map((b) => `${b.brake} ${b.name}`)).toEqual([`last-address raichu.${BASE}`, `last-address raichu.${SPARE}`]);
    expect(sets(run.live, BASE, 'route53').filter((s) => s.includes('*.mew'))).toEqual([
      `*.mew.${BASE}\tA\tampharos\t["198.51.100.30","198.51.100.31"]`,
      `*.mew.${BASE}\tAAAA\tampharos\t["2001:db8::30","2001:db8::31"]`,
    ]);
    expect(sets(run.live, SPARE, 'google').filter((s) => s.includes('*.mew'))).toEqual([
      `*.mew.${SPARE}\tA\t\t[{"location":"us-east4","values":["198.51.100.30","198.51.100.31"]}]`,
      `*.mew.${SPARE}\tAAAA\t\t[{"location":"us-east4","values":["2001:db8::30","2001:db8::31"]}]`,
    ]);
    expect(sets(run.live, BASE, 'route53')).toContain(`raichu.${BASE}\tA\t\t["203.0.113.20"]`);
    // settled: the planner asked again changes nothing
    expect(changes(run.live, ['raichu-opal'])).toBe(0);
  });

  it('takes a whole landscape out of mew one cluster a tick (ampharos: onyx, then pearl)', () => {
    const run = runTicks(prepared, live, healthOf(['ampharos-onyx', 'ampharos-pearl']), { running: true, reachable: everyHost, liveIsCompiled: true });
    expect(run.ticks.map((t) => [t.removing, t.deferred])).toEqual([
      ['ampharos-onyx', ['ampharos-pearl']],
      ['ampharos-pearl', []],
    ]);
    expect(run.brakes.map((b) => b.brake)).toEqual(['one-cluster', 'last-address', 'last-address']);
    expect(changes(run.live, ['ampharos-onyx', 'ampharos-pearl'])).toBe(0);
  });

  it('freezes when more than half of the built traffic-on clusters are down (region SIN: 3 of 5) and writes nothing', () => {
    const run = runTicks(prepared, live, healthOf(['pichu-topaz', 'pikachu-jade', 'raichu-opal', 'raichu-ruby']), {
      running: true,
      reachable: everyHost,
      liveIsCompiled: true,
    });
    expect(run.refused?.brake).toBe('freeze');
    expect(run.refused?.message).toContain('3 of 5 built traffic-on clusters are down');
    expect(run.ticks).toEqual([]);
    expect(run.live).toEqual(live);
  });

  it('runs no tick when the planner does not run (the control cluster is down)', () => {
    const run = runTicks(prepared, live, healthOf(['ampharos-pearl']), { running: false, reachable: everyHost, liveIsCompiled: true });
    expect(run).toMatchObject({ ran: false, ticks: [] });
    expect(run.live).toEqual(live);
  });

  it('leaves a host it cannot reach as it was and writes the others (route53 down, raichu-opal down)', () => {
    const run = runTicks(prepared, live, healthOf(['raichu-opal']), { running: true, reachable: (s) => s.host !== 'route53', liveIsCompiled: true });
    // only google's two zones change: 2 updates each
    expect(run.ticks).toEqual([{ removing: 'raichu-opal', deferred: [], changes: 4 }]);
    expect(sets(run.live, BASE, 'route53')).toEqual(sets(live, BASE, 'route53'));
    expect(sets(run.live, BASE, 'google')).not.toEqual(sets(live, BASE, 'google'));
    expect([...(run.changedNames[live.findIndex((s) => s.zone === BASE && s.host === 'google')] ?? [])]).toEqual([`*.mew.${BASE}`]);
  });
});
