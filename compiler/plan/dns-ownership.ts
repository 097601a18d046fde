/**
 * Ownership of record sets (SPEC §3.3 "Ownership"): diene manages the A, AAAA
 * and CNAME record sets at the names the registry gives (and the NS of the
 * delegated base in the parent zone), nothing else. What it leaves alone it
 * still reads, to report three things an operator must fix by hand: a record
 * set beside a wanted CNAME (hosts refuse CNAME and other data at one name),
 * a name that carves a hole in a wildcard services rely on (RFC 4592: any
 * existing name, even an empty non-terminal, blocks the wildcard for its
 * subtree), and a name shaped like diene's that the registry no longer gives
 * (a retired landscape's leftovers).
 *
 * Ops names are diene's by their shape: one label below a landscape of the
 * registry, `<mark>.<l>.<zone>` and `*.<mark>.<l>.<zone>` with a label a
 * cluster mark can be (SPEC §2; `name_captured_by_mark` keeps service names
 * out of that place). Their A and AAAA record sets are managed whether or not
 * the registry still has the cluster, so a removed cluster's ops names are
 * deleted rather than left pointing at addresses it no longer holds. Pure.
 */
import { RESERVED_MARK } from '../2-analyze/check-registry.js';
import type { DnsZoneIntent } from '../2-analyze/dns-names.js';
import { describeKey, isBelow, type RecordSet } from '../dns/record-sets.js';

const SCHEME_LABEL = /^[a-z][a-z0-9]*$/;
/** A cluster mark (schemas/cluster.schema.json `markName`). */
const MARK = /^[a-z][a-z0-9]{0,9}$/;

/**
 * The cluster `<l>-<mark>` whose ops name `name` has the shape of, given the
 * zone's landscape names (`<l>.<zone>` → l); undefined for any other name.
 */
export function opsNameCluster(landscapes: ReadonlyMap<string, string>, name: string): string | undefined {
  const bare = name.startsWith('*.') ? name.slice(2) : name;
  const dot = bare.indexOf('.');
  const mark = bare.slice(0, dot);
  const landscape = landscapes.get(bare.slice(dot + 1));
  return landscape !== undefined && MARK.test(mark) && mark !== RESERVED_MARK ? `${landscape}-${mark}` : undefined;
}

/** True when `name` has the shape of a generated name (`l`, `*.l`, `m.l`, `*.m.l` below the zone). */
export function looksGenerated(zone: string, name: string): boolean {
  if (!isBelow(name, zone)) return false;
  const labels = name.slice(0, -(zone.length + 1)).split('.');
  if (labels[0] === '*') labels.shift();
  return labels.length >= 1 && labels.length <= 2 && labels.every((l) => SCHEME_LABEL.test(l));
}

function holeReport(zone: DnsZoneIntent, bases: ReadonlySet<string>, rs: RecordSet): string | undefined {
  for (let child = rs.name; isBelow(child, zone.zone); child = child.slice(child.indexOf('.') + 1)) {
    const parent = child.slice(child.indexOf('.') + 1);
    if (!bases.has(parent)) continue;
    const label = child.slice(0, child.indexOf('.'));
    const use = zone.reliedOn[`${label}.${parent}`];
    if (!use) return undefined;
    const more = use.count > use.examples.length ? ', …' : '';
    return `hole: ${describeKey(rs)} (not managed by diene) makes ${child} exist, so *.${parent} no longer answers below it: ${use.count} service host${use.count === 1 ? '' : 's'} (${use.examples.join(', ')}${more}) stop resolving; remove it or move it out of ${child}`;
  }
  return undefined;
}

/**
 * Reports about the record sets of a snapshot that diene does not manage
 * (`foreign`, canonical), given the names where diene writes a CNAME. Sorted
 * as found, duplicates dropped.
 */
export function ownershipReports(zone: DnsZoneIntent, cnameNames: ReadonlySet<string>, foreign: readonly RecordSet[]): string[] {
  const reports = new Set<string>();
  const bases = new Set(zone.wildcardBases);
  for (const rs of foreign) {
    if (cnameNames.has(rs.name)) {
      reports.add(
        `conflict: ${describeKey(rs)} (not managed by diene) sits at ${rs.name}, where diene writes a CNAME: the host refuses CNAME and other data at one name; remove it`,
      );
      continue;
    }
    const hole = holeReport(zone, bases, rs);
    if (hole) reports.add(hole);
    else if ((rs.type === 'A' || rs.type === 'AAAA' || rs.type === 'CNAME') && looksGenerated(zone.zone, rs.name)) {
      reports.add(
        `unmanaged: ${describeKey(rs)} looks like a diene name but names no landscape, cluster or virtual landscape of the registry: left alone (delete it by hand if it is retired)`,
      );
    }
  }
  return [...reports];
}
