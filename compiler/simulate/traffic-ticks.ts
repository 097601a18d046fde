/**
 * The traffic planner run tick by tick over in-memory DNS hosts:
 * the production `planTraffic` with its brakes, each plan written to every
 * host the simulation lets it reach, until a plan changes nothing, a brake
 * refuses, or the planner cannot run at all (the control cluster is down).
 * Pure.
 *
 * Design note. The planner is the one `diene plan dns` and `diene apply dns`
 * use, called every {@link TRAFFIC_TICK_SECONDS} seconds (SPEC §3.3). Live
 * state starts as the compiled zone plans (the compiler's own output used as
 * live state plans zero changes). A host that is down can be neither read nor
 * written: it is left out of the planner's input (so it is listed as
 * unobserved) and keeps what it had. Applying a plan is what an applier does
 * to a host that accepts every write: deletes, updates and creates by record
 * set key.
 */
import type { LiveSnapshot } from '../1-load/load-dns-live.js';
import type { ZonePlanDocument } from '../dns/zone-plan.js';
import { canonicalRecordSet, recordSetKey, type RecordSet } from '../dns/record-sets.js';
import { declareDerivedSnapshot, planTraffic, type BrakeEvent, type PreparedTraffic, type TrafficPlan, type ZoneHostPlan } from '../plan/traffic-planner.js';
import type { DnsHealth } from '../types/generated/dns-health.js';

/** How often the traffic planner runs, in seconds (SPEC §3.3: "safe to call every 5 s"). */
export const TRAFFIC_TICK_SECONDS = 5;

/**
 * Live snapshots of the compiled zone plans (path under the output directory →
 * document, from `zonePlanDocuments`), as `loadDnsLive` would read the
 * compiled `dns/` folder: compiled record sets are already canonical, so each
 * is its own canonical and raw form.
 */
export function liveFromZonePlans(documents: ReadonlyMap<string, ZonePlanDocument>): LiveSnapshot[] {
  return [...documents].map(([path, doc]) => {
    const stem = path.slice(path.lastIndexOf('/') + 1, -'.json'.length);
    return {
      file: path.slice('dns/'.length),
      zone: doc.zone,
      host: doc.host ?? stem,
      ...(doc.provider !== undefined ? { provider: doc.provider as NonNullable<LiveSnapshot['provider']> } : {}),
      recordSets: doc.recordSets.map((rs) => ({ canonical: rs, raw: rs, key: recordSetKey(rs) })),
    };
  });
}

/** `snapshot` after a host accepted every change of `plan`: deletes, updates and creates by record set key. */
export function applyZonePlan(snapshot: LiveSnapshot, plan: ZoneHostPlan): LiveSnapshot {
  if (plan.units.length === 0) return snapshot;
  const escapes = snapshot.provider === 'route53' ? 'octal' : 'decimal';
  const replaced = new Set<string>();
  const written: LiveSnapshot['recordSets'] = [];
  for (const unit of plan.units) {
    for (const change of unit.changes) {
      replaced.add(recordSetKey(change.key));
      if (change.verb === 'delete') continue;
      const after = change.after as RecordSet;
      const canonical = canonicalRecordSet(after, escapes);
      written.push({ canonical, raw: after, key: recordSetKey(canonical) });
    }
  }
  const kept = snapshot.recordSets.filter((rs) => !replaced.has(rs.key ?? recordSetKey(rs.canonical)));
  return { ...snapshot, recordSets: [...kept, ...written] };
}

/** The health report that says `down` clusters accept no traffic. */
export function healthOf(down: Iterable<string>): DnsHealth {
  return { clusters: Object.fromEntries([...down].sort().map((c) => [c, { acceptingTraffic: false }])) };
}

/** One tick that changed something. */
export interface Tick {
  /** The down cluster whose addresses this plan removed, if any. */
  removing?: string;
  /** Down clusters left for a later tick (the one-cluster brake). */
  deferred: string[];
  /** Changes written, over every host reached. */
  changes: number;
}

/** What the planner did until it settled. */
export interface TickRun {
  /** False when the planner could not run (the control cluster is down). */
  ran: boolean;
  /** Ticks that changed something, in order. */
  ticks: Tick[];
  /** Every host's live state once settled (down hosts as they were). */
  live: LiveSnapshot[];
  /** The names each settled snapshot changed at (by position in `live`), to re-read only those. */
  changedNames: Set<string>[];
  /** Every brake that fired on the way, once each, in the order seen. */
  brakes: BrakeEvent[];
  /** Set when a brake refused a plan: the planner writes nothing more. */
  refused?: BrakeEvent;
  /** True when it still changed something after `maxTicks` (it never should). */
  unsettled: boolean;
}

function changeCount(plan: TrafficPlan): number {
  return plan.zones.reduce((n, z) => n + z.counts.create + z.counts.update + z.counts.delete, 0);
}

/**
 * Runs `planTraffic` on `live` with `health` until it settles. `reachable`
 * tells which snapshots the planner can read and write (a down host's cannot);
 * `running: false` means no tick runs at all; `liveIsCompiled` says `live` is
 * the compiled zone plans unchanged, so that nothing is planned while no
 * traffic-on cluster is down. Stops after `maxTicks` changing ticks (default:
 * one per built traffic-on cluster, plus two).
 */
export function runTicks(
  prepared: PreparedTraffic,
  live: readonly LiveSnapshot[],
  health: DnsHealth,
  options: { running: boolean; reachable: (snapshot: LiveSnapshot) => boolean; liveIsCompiled?: boolean; maxTicks?: number },
): TickRun {
  const run: TickRun = { ran: options.running, ticks: [], live: [...live], changedNames: live.map(() => new Set<string>()), brakes: [], unsettled: false };
  if (!options.running) return run;
  // The compiled zone plans used as live state plan zero changes (SPEC §3.3) while no built traffic-on cluster is down.
  if (options.liveIsCompiled === true && !prepared.intent.trafficClusters.some((c) => health.clusters[c]?.acceptingTraffic === false)) return run;
  const seen = new Set<string>();
  const maxTicks = options.maxTicks ?? prepared.intent.trafficClusters.length + 2;
  for (;;) {
    const plan = planTraffic(prepared, run.live.filter(options.reachable), health);
    for (const brake of plan.brakes) {
      // The one-cluster brake speaks again at every tick while it works through the list: its first word says it all.
      const key = brake.brake === 'one-cluster' ? brake.brake : brake.message;
      if (seen.has(key)) continue;
      seen.add(key);
      run.brakes.push(brake);
    }
    if (plan.refused) {
      const refusal = plan.brakes.find((b) => b.brake === 'freeze') ?? plan.zones.find((z) => z.refusal)?.refusal;
      if (refusal) run.refused = refusal;
      return run;
    }
    const changes = changeCount(plan);
    if (changes === 0) return run;
    if (run.ticks.length === maxTicks) {
      run.unsettled = true;
      return run;
    }
    run.live = run.live.map((snapshot, i) => {
      const zonePlan = plan.zones.find((z) => z.zone === snapshot.zone && z.host === snapshot.host);
      if (!zonePlan) return snapshot;
      for (const unit of zonePlan.units) run.changedNames[i]?.add(unit.name);
      const next = applyZonePlan(snapshot, zonePlan);
      // The next tick's planner then compares only the names this plan wrote.
      declareDerivedSnapshot(snapshot, next, new Set(zonePlan.units.map((u) => u.name)));
      return next;
    });
    run.ticks.push({ ...(plan.health.removing !== undefined ? { removing: plan.health.removing } : {}), deferred: plan.health.deferred, changes });
    // Applying a plan and planning again changes nothing (the planner's convergence, test/plan/traffic-planner.test.ts)
    // unless the one-cluster brake deferred a cluster: only then is another tick needed.
    if (plan.health.deferred.length === 0) return run;
  }
}
