/**
 * What a change does for users, read from the output trees before and after
 * it (`diene report`): the DNS answers per name and DNS host, the route-path
 * rows that move, the address-book entries added or removed, and the host
 * names each cluster's gateway and certificates serve. Sorted; pure.
 *
 * Design note. The DNS answers are the traffic planner's (`planTraffic`, what
 * `diene plan dns` runs): the head's wanted state planned against the
 * before tree's zone plans used as live state (SPEC §3.3: the compiler's own
 * output used as live state plans zero changes). The plan is forced, so
 * every leaving cluster is shown at once; with no health file no cluster is
 * down. A (zone, host) the before tree lacks is planned from an empty zone,
 * as `plan dns --assume-empty` does. Each address is named by its cluster:
 * the head's ops names first, else the ops name (`<mark>.<landscape>.<zone>`)
 * that held it before, for a cluster the change removes.
 */
import { assumeEmpty, type LiveSnapshot } from '../1-load/load-dns-live.js';
import type { DnsIntent } from '../2-analyze/dns-names.js';
import { answerValues, compareNames, type RecordSet } from '../dns/record-sets.js';
import type { ZonePlanDocument } from '../dns/zone-plan.js';
import { planTraffic, type DnsChange } from '../plan/traffic-planner.js';
import { liveFromZonePlans } from '../simulate/traffic-ticks.js';

/** An address or other record value, and the cluster it belongs to when it is a cluster's. */
export interface AttributedValue {
  value: string;
  cluster?: string;
}

/** One change to the answers at a name, the same on every host listed. */
export interface DnsAnswerChange {
  name: string;
  type: string;
  /** The member of a geo-routed name (Route 53's set identifier). */
  setIdentifier?: string;
  verb: DnsChange['verb'];
  /** The DNS hosts that make this change, sorted. */
  hosts: string[];
  added: AttributedValue[];
  removed: AttributedValue[];
  /** What else changes when no value does (TTL, routing), in the planner's words. */
  other?: string;
}

/** The DNS answers that change. */
export interface DnsAnswerDiff {
  changes: DnsAnswerChange[];
  /** Zones of the before tree the head no longer plans (`<zone> on <host>`): nothing deletes their record sets. */
  unplanned: string[];
  /** What the planner leaves alone and says so (a removed cluster's ops names, say), with the hosts that hold it. */
  leftAlone: { report: string; hosts: string[] }[];
}

/** A route-path row (host, prefix) added, removed or moved to another target. */
export interface RoutePathChange {
  landscape: string;
  host: string;
  prefix: string;
  /** The target before; absent for a new row. */
  before?: string;
  /** The target after; absent for a removed row. */
  after?: string;
}

/** An address-book entry added, removed or changed. */
export interface BookEntryChange {
  /** The book's path under the output tree (`books/nitroso/tin/doc-c.json`). */
  book: string;
  doc: 'A' | 'B' | 'C';
  /** Doc A: the place; Doc B: the landscape; Doc C: `<landscape> <module>`. */
  entry: string;
  status: 'added' | 'removed' | 'changed';
  /** Doc C: the candidate host names before and after. */
  before?: string[];
  after?: string[];
}

/** The host names one cluster's gateway and certificates gain and lose. */
export interface GatewayChange {
  cluster: string;
  added: string[];
  removed: string[];
}

/** Everything the report says a change does for users. */
export interface UserChanges {
  dns: DnsAnswerDiff;
  routePaths: RoutePathChange[];
  books: BookEntryChange[];
  gateways: GatewayChange[];
}

const byText = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

function parsed(text: string | undefined): unknown {
  if (text === undefined) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function strings(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
}

/** True for the path of a zone plan in an output tree (`dns/<zone>/<host>.json`). */
export function isZonePlanPath(file: string): boolean {
  return /^dns\/[^/]+\/[^/]+\.json$/.test(file);
}

/** The zone plans of an output tree (`dns/<zone>/<host>.json`), as live snapshots; files that are not zone plans are left out. */
export function zonePlanSnapshots(tree: ReadonlyMap<string, string>): LiveSnapshot[] {
  const documents = new Map<string, ZonePlanDocument>();
  for (const [file, text] of tree) {
    if (!isZonePlanPath(file)) continue;
    const doc = parsed(text);
    if (isObject(doc) && typeof doc['zone'] === 'string' && Array.isArray(doc['recordSets'])) documents.set(file, doc as unknown as ZonePlanDocument);
  }
  return liveFromZonePlans(documents);
}

/** Address → cluster, from the ops names (`<mark>.<landscape>.<zone>`, two labels below the zone) of `snapshots`. */
function opsOwners(snapshots: readonly LiveSnapshot[]): Map<string, string> {
  const owners = new Map<string, string>();
  for (const snapshot of snapshots) {
    for (const { canonical } of snapshot.recordSets) {
      if (canonical.type !== 'A' && canonical.type !== 'AAAA') continue;
      if (!canonical.name.endsWith(`.${snapshot.zone}`)) continue;
      const labels = canonical.name.slice(0, -snapshot.zone.length - 1).split('.');
      if (labels.length !== 2 || labels[0] === '*') continue;
      for (const address of answerValues(canonical)) if (!owners.has(address)) owners.set(address, `${labels[1]}-${labels[0]}`);
    }
  }
  return owners;
}

function valuesOf(rs: RecordSet | undefined): string[] {
  return rs ? [...answerValues(rs)] : [];
}

/** The DNS answers of `intent` (the head) against the zone plans of `before`, per name and host. */
export function dnsAnswerDiff(intent: DnsIntent, before: ReadonlyMap<string, string>): DnsAnswerDiff {
  const live = zonePlanSnapshots(before);
  const planned = new Set(intent.zones.map((z) => z.zone));
  const unplanned = live.filter((s) => !planned.has(s.zone)).map((s) => `${s.zone} on ${s.host}`);
  const snapshots = [...live.filter((s) => planned.has(s.zone)), ...assumeEmpty(intent.zones, live)];
  const plan = planTraffic(intent, snapshots, undefined, { force: true });
  // The head's clusters first; a cluster the change removes is known by the ops name that held its address before.
  const owners = opsOwners(live);
  for (const zone of intent.zones) for (const name of zone.names) if (name.kind === 'ops') for (const a of name.addresses) owners.set(a, name.cluster);
  const attributed = (value: string): AttributedValue => {
    const cluster = owners.get(value);
    return cluster === undefined ? { value } : { value, cluster };
  };
  const grouped = new Map<string, DnsAnswerChange>();
  for (const zone of plan.zones) {
    for (const unit of zone.units) {
      for (const change of unit.changes) {
        const was = valuesOf(change.before);
        const now = valuesOf(change.after);
        const added = now.filter((v) => !was.includes(v)).sort(byText);
        const removed = was.filter((v) => !now.includes(v)).sort(byText);
        const other = added.length === 0 && removed.length === 0 ? change.message : undefined;
        const key = JSON.stringify([change.key.name, change.key.type, change.key.setIdentifier ?? '', change.verb, added, removed, other ?? '']);
        const known = grouped.get(key);
        if (known) {
          if (!known.hosts.includes(zone.host)) known.hosts.push(zone.host);
          continue;
        }
        grouped.set(key, {
          name: change.key.name,
          type: change.key.type,
          ...(change.key.setIdentifier !== undefined ? { setIdentifier: change.key.setIdentifier } : {}),
          verb: change.verb,
          hosts: [zone.host],
          added: added.map(attributed),
          removed: removed.map(attributed),
          ...(other !== undefined ? { other } : {}),
        });
      }
    }
  }
  const reports = new Map<string, string[]>();
  for (const zone of plan.zones) for (const report of zone.reports) reports.set(report, [...(reports.get(report) ?? []), zone.host]);
  const leftAlone = [...reports]
    .map(([report, hosts]) => ({ report, hosts: [...new Set(hosts)].sort(byText) }))
    .sort((a, b) => byText(a.report, b.report) || byText(a.hosts.join(','), b.hosts.join(',')));
  const changes = [...grouped.values()].map((c) => ({ ...c, hosts: [...c.hosts].sort(byText) }));
  changes.sort(
    (a, b) =>
      compareNames(a.name, b.name) ||
      byText(a.type, b.type) ||
      byText(a.setIdentifier ?? '', b.setIdentifier ?? '') ||
      byText(a.hosts.join(','), b.hosts.join(',')) ||
      byText(JSON.stringify(a), JSON.stringify(b)),
  );
  return { changes, unplanned: [...new Set(unplanned)].sort(byText), leftAlone };
}

/** Rows of a `route-paths/<landscape>.json` file, by `host prefix`. */
function routeRows(text: string | undefined): Map<string, { host: string; prefix: string; target: string }> {
  const doc = parsed(text);
  const rows = new Map<string, { host: string; prefix: string; target: string }>();
  if (!isObject(doc) || !Array.isArray(doc['rows'])) return rows;
  for (const row of doc['rows'] as unknown[]) {
    if (!isObject(row)) continue;
    const { host, prefix, target } = row;
    if (typeof host === 'string' && typeof prefix === 'string' && typeof target === 'string') rows.set(`${host} ${prefix}`, { host, prefix, target });
  }
  return rows;
}

function filesUnder(before: ReadonlyMap<string, string>, after: ReadonlyMap<string, string>, pattern: RegExp): string[] {
  return [...new Set([...before.keys(), ...after.keys()])].filter((f) => pattern.test(f)).sort(byText);
}

/** The route-path rows added, removed or moved, by landscape, host and prefix. */
export function routePathChanges(before: ReadonlyMap<string, string>, after: ReadonlyMap<string, string>): RoutePathChange[] {
  const changes: RoutePathChange[] = [];
  for (const file of filesUnder(before, after, /^route-paths\/[^/]+\.json$/)) {
    if (before.get(file) === after.get(file)) continue;
    const landscape = file.slice('route-paths/'.length, -'.json'.length);
    const was = routeRows(before.get(file));
    const now = routeRows(after.get(file));
    for (const key of [...new Set([...was.keys(), ...now.keys()])]) {
      const a = was.get(key);
      const b = now.get(key);
      if (a?.target === b?.target) continue;
      const row = (a ?? b) as { host: string; prefix: string };
      changes.push({ landscape, host: row.host, prefix: row.prefix, ...(a ? { before: a.target } : {}), ...(b ? { after: b.target } : {}) });
    }
  }
  return changes.sort((x, y) => byText(x.landscape, y.landscape) || compareNames(x.host, y.host) || byText(x.prefix, y.prefix));
}

/** A book's entries: Doc A its places, Doc B its landscapes, Doc C `<landscape> <module>` → candidates. */
function bookEntries(file: string, text: string | undefined): { doc: 'A' | 'B' | 'C'; entries: Map<string, string[]> } | undefined {
  const doc = parsed(text);
  const entries = new Map<string, string[]>();
  if (file === 'books/doc-a.json') {
    if (isObject(doc)) for (const place of strings(doc['places'])) entries.set(place, []);
    return { doc: 'A', entries };
  }
  if (/^books\/[^/]+\/doc-b\.json$/.test(file)) {
    if (isObject(doc)) for (const landscape of strings(doc['landscapes'])) entries.set(landscape, []);
    return { doc: 'B', entries };
  }
  if (/^books\/[^/]+\/[^/]+\/doc-c\.json$/.test(file)) {
    const landscapes = isObject(doc) ? doc['landscapes'] : undefined;
    if (isObject(landscapes))
      for (const [landscape, modules] of Object.entries(landscapes))
        if (isObject(modules)) for (const [module, candidates] of Object.entries(modules)) entries.set(`${landscape} ${module}`, strings(candidates));
    return { doc: 'C', entries };
  }
  return undefined;
}

/** The Doc A, B and C entries added, removed or changed, by book and entry. */
export function bookChanges(before: ReadonlyMap<string, string>, after: ReadonlyMap<string, string>): BookEntryChange[] {
  const changes: BookEntryChange[] = [];
  for (const file of filesUnder(before, after, /^books\/.*doc-[abc]\.json$/)) {
    if (before.get(file) === after.get(file)) continue;
    const was = bookEntries(file, before.get(file));
    const now = bookEntries(file, after.get(file));
    if (!was || !now) continue;
    for (const entry of [...new Set([...was.entries.keys(), ...now.entries.keys()])].sort(byText)) {
      const a = was.entries.get(entry);
      const b = now.entries.get(entry);
      const candidates = now.doc === 'C' ? { ...(a ? { before: a } : {}), ...(b ? { after: b } : {}) } : {};
      if (a === undefined) changes.push({ book: file, doc: now.doc, entry, status: 'added', ...candidates });
      else if (b === undefined) changes.push({ book: file, doc: now.doc, entry, status: 'removed', ...candidates });
      else if (a.join('\n') !== b.join('\n')) changes.push({ book: file, doc: now.doc, entry, status: 'changed', ...candidates });
    }
  }
  return changes;
}

/** The host names each cluster's gateway (`gateways/<cluster>.json`, its `hosts`) gains and loses; a cluster added or removed gains or loses all. */
export function gatewayChanges(before: ReadonlyMap<string, string>, after: ReadonlyMap<string, string>): GatewayChange[] {
  const changes: GatewayChange[] = [];
  for (const file of filesUnder(before, after, /^gateways\/[^/]+\.json$/)) {
    if (before.get(file) === after.get(file)) continue;
    const hostsOf = (text: string | undefined): string[] => {
      const doc = parsed(text);
      return isObject(doc) ? strings(doc['hosts']) : [];
    };
    const was = new Set(hostsOf(before.get(file)));
    const now = new Set(hostsOf(after.get(file)));
    const added = [...now].filter((h) => !was.has(h)).sort(byText);
    const removed = [...was].filter((h) => !now.has(h)).sort(byText);
    if (added.length > 0 || removed.length > 0) changes.push({ cluster: file.slice('gateways/'.length, -'.json'.length), added, removed });
  }
  return changes;
}

/** What the change from `before` to `after` does for users; `intent` is the head's DNS intent. */
export function userChanges(intent: DnsIntent, before: ReadonlyMap<string, string>, after: ReadonlyMap<string, string>): UserChanges {
  return {
    dns: dnsAnswerDiff(intent, before),
    routePaths: routePathChanges(before, after),
    books: bookChanges(before, after),
    gateways: gatewayChanges(before, after),
  };
}
