/**
 * DNS test fixtures: the reference fleet's (or an overlay's) DNS intent and
 * zone plan documents, live snapshots built from them (through the real
 * loader, so canonicalization is exercised), and a stand-in for an applier
 * that applies a plan to a snapshot in memory (for convergence tests).
 */
import { loadDnsLive, type LiveSnapshot } from '../../compiler/1-load/load-dns-live.js';
import { sourceFile } from '../../compiler/1-load/source-file.js';
import { dnsIntent, type DnsIntent } from '../../compiler/2-analyze/dns-names.js';
import type { ZonePlanDocument } from '../../compiler/dns/zone-plan.js';
import { zonePlanDocuments } from '../../compiler/3-emit/dns-zone-plans.js';
import { compileFleet, inputValidators } from '../../compiler/index.js';
import { canonicalRecordSet, recordSetKey, type RecordSet } from '../../compiler/dns/record-sets.js';
import type { TrafficPlan, ZoneHostPlan } from '../../compiler/plan/traffic-planner.js';
import type { DnsHealth } from '../../compiler/types/generated/dns-health.js';
import { overlayTexts, readFleetTexts, TEST_NOW_SECONDS, toSourceFiles } from './fleet-fixture.js';

const reference = readFleetTexts();
const validators = inputValidators();

/** The compiled fleet (reference with `overlay`): its DNS intent and zone plan documents; throws when it does not compile. */
export function compileDns(overlay: Record<string, string | null> = {}): {
  intent: DnsIntent;
  documents: Map<string, ZonePlanDocument>;
  outputs: Map<string, string>;
} {
  // Compiled once per worker and overlay (read-only: snapshotsOf copies the documents it edits).
  const key = JSON.stringify(Object.entries(overlay).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
  let compiled = compiledDns.get(key);
  if (!compiled) compiledDns.set(key, (compiled = compileOverlay(overlay)));
  return compiled;
}

const compiledDns = new Map<string, ReturnType<typeof compileOverlay>>();

function compileOverlay(overlay: Record<string, string | null>): { intent: DnsIntent; documents: Map<string, ZonePlanDocument>; outputs: Map<string, string> } {
  const result = compileFleet(toSourceFiles(overlayTexts(reference, overlay)), { nowSeconds: TEST_NOW_SECONDS });
  if (!result.model || !result.outputs)
    throw new Error(
      `fleet does not compile: ${result.diagnostics
        .filter((d) => d.severity === 'error')
        .map((d) => `${d.code} ${d.message}`)
        .join('; ')}`,
    );
  const intent = dnsIntent(result.model);
  return { intent, documents: zonePlanDocuments(intent), outputs: result.outputs };
}

/** Live snapshots from documents (path under the output directory → document), loaded as `diene plan dns` loads them; `edit` may change a deep copy of each first. */
export function snapshotsOf(
  intent: DnsIntent,
  documents: ReadonlyMap<string, ZonePlanDocument>,
  edit: (path: string, doc: ZonePlanDocument) => void = () => {},
): LiveSnapshot[] {
  const files = [...documents].map(([path, doc]) => {
    const copy = JSON.parse(JSON.stringify(doc)) as ZonePlanDocument;
    edit(path, copy);
    const [, zone, file] = path.split('/') as [string, string, string];
    return { source: sourceFile(path.slice('dns/'.length), JSON.stringify(copy, null, 2)), identity: { zone, host: file.slice(0, -'.json'.length) } };
  });
  const loaded = loadDnsLive(files, intent.zones, validators);
  const errors = loaded.diagnostics.filter((d) => d.severity === 'error');
  if (errors.length > 0) throw new Error(`live state does not load: ${errors.map((d) => `${d.file}:${d.line}:${d.column} ${d.code} ${d.message}`).join('; ')}`);
  return loaded.snapshots;
}

/** The snapshot after an applier wrote `plan` to it: deletes, updates and creates by canonical key. */
export function applyPlan(snapshot: LiveSnapshot, plan: ZoneHostPlan): LiveSnapshot {
  const escapes = snapshot.provider === 'route53' ? 'octal' : 'decimal';
  const sets = new Map(snapshot.recordSets.map((rs) => [recordSetKey(rs.canonical), rs]));
  for (const unit of plan.units) {
    for (const change of unit.changes) {
      const key = recordSetKey(change.key);
      if (change.verb === 'delete') sets.delete(key);
      else {
        const after = change.after as RecordSet;
        sets.set(key, { canonical: canonicalRecordSet(after, escapes), raw: after });
      }
    }
  }
  return { ...snapshot, recordSets: [...sets.values()] };
}

/** Every change of a plan as `verb key` strings, for compact assertions. */
export function changeLines(plan: ZoneHostPlan): string[] {
  return plan.units.flatMap((u) => u.changes.map((c) => `${c.verb} ${c.key.name} ${c.key.type}${c.key.setIdentifier ? ` [${c.key.setIdentifier}]` : ''}`));
}

/** Health with `clusters` down (not accepting traffic); every other cluster counts as up. */
export function down(...clusters: string[]): DnsHealth {
  return { clusters: Object.fromEntries(clusters.map((c) => [c, { acceptingTraffic: false }])) };
}

/** The plan of `zone` on `host` in `plan`; throws when the plan has none. */
export function zonePlan(plan: TrafficPlan, zone: string, host: string): ZoneHostPlan {
  const found = plan.zones.find((z) => z.zone === zone && z.host === host);
  if (!found) throw new Error(`no plan for ${zone} on ${host}`);
  return found;
}

/** Edits the record sets of the document at `wanted` only (for {@link snapshotsOf}'s `edit`). */
export function editAt(
  wanted: string,
  edit: (sets: ZonePlanDocument['recordSets']) => ZonePlanDocument['recordSets'],
): (path: string, doc: ZonePlanDocument) => void {
  return (path, doc) => {
    if (path === wanted) doc.recordSets = edit(doc.recordSets);
  };
}
