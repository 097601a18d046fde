/**
 * The decommission order against the base revision (docs/checks.md): a
 * cluster leaves the registry only after a change of its own turned its
 * traffic off and the drain passed, never in the change that turns it off.
 *
 * - `cluster_removed_with_traffic`: a cluster of the base revision with
 *   `traffic: true` is gone from the head. Blamed on the base's `traffic:`
 *   line (paths prefixed with the base's label); the hint gives the order.
 *
 * Removing it at once would take its addresses out of every landscape and
 * virtual name in one plan, while resolvers still hand out the cached answer
 * for a TTL and requests are still in flight on it; the traffic-off change
 * first lets the brakes and the drain do their work on a cluster that still
 * exists. Pure; never throws.
 */
import { at } from '../1-load/load-fleet.js';
import { diagnose, type Diagnostic, type SourceLocation } from '../diagnostics/diagnostic.js';
import type { BaseRevision } from './check-permanence.js';
import type { FleetIndex } from './fleet-index.js';

function inBase(where: SourceLocation, label: string): SourceLocation {
  if (where.file === undefined || label === '') return where;
  return { ...where, file: `${label}/${where.file}` };
}

/** Refuses the removal of every cluster whose traffic is on in the base revision. */
export function checkDecommission(base: BaseRevision, head: FleetIndex): Diagnostic[] {
  const found: Diagnostic[] = [];
  const ttl = head.fleet.fleet?.data.dns.ttl ?? base.index.fleet.fleet?.data.dns.ttl ?? 60;
  const names = [...base.index.clusters.keys()].sort();
  for (const name of names) {
    if (head.clusters.has(name)) continue;
    const cluster = base.index.clusters.get(name);
    if (!cluster || cluster.data.traffic !== true) continue;
    found.push(diagnose(inBase(at(cluster, ['traffic']), base.label), 'cluster_removed_with_traffic', { cluster: name, ttl }));
  }
  return found;
}
