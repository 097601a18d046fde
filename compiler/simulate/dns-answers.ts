/**
 * What a resolver gets for a name from the live record sets of one DNS host:
 * the answer a host gives, not anything the compiler decides. It
 * reads the same live snapshots the traffic planner writes (SPEC §3.3) and
 * follows the DNS rules the zone plans rely on. Pure.
 *
 * - A name that exists answers its own record sets; a name that exists only
 *   because something lies below it (an empty non-terminal) answers nothing;
 *   otherwise the wildcard `*.<closest encloser>` answers, and only that one
 *   (RFC 4592 §2.2: `*.raichu.z` answers `api.tin.nitroso.raichu.z`).
 * - A CNAME inside the zone is followed (`*.raichu.z` → `raichu.z`).
 * - Geo-routed names answer by where the client is: Route 53 geoproximity
 *   gives the record set whose coordinates are nearest (no bias); Google GEO
 *   gives the item of the client's Google region, else the nearest item;
 *   anything else answers every value (SPEC §3.6 zone file: the union).
 */
import type { LiveSnapshot } from '../1-load/load-dns-live.js';
import { answerValues, isBelow, type RecordSet } from '../dns/record-sets.js';

/** Where a client sits, for geo-routed answers: a region of regions.yaml. */
export interface ClientPlace {
  region: string;
  latitude: number;
  longitude: number;
  googleRegion: string;
}

/** The answer one host gives for one name. */
export interface HostAnswer {
  /** The name asked, then every CNAME target followed. */
  chain: string[];
  /** A and AAAA values, sorted; empty when the name has no address. */
  addresses: string[];
  /** Why there is no address: the name does not exist, exists without an address, or points out of the zone. */
  empty?: 'no such name' | 'no address' | 'outside the zone';
}

interface SnapshotIndex {
  byName: Map<string, RecordSet[]>;
  /** Every name with record sets, and every ancestor of one inside the zone (empty non-terminals). */
  existing: Set<string>;
}

const MAX_CHAIN = 8;

function distance(a: { latitude: number; longitude: number }, b: { latitude: number; longitude: number }): number {
  const rad = Math.PI / 180;
  const dLat = (b.latitude - a.latitude) * rad;
  const dLon = (b.longitude - a.longitude) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.latitude * rad) * Math.cos(b.latitude * rad) * Math.sin(dLon / 2) ** 2;
  return 2 * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** Answers names from live snapshots; indexes each snapshot once (snapshots are never changed in place). */
export interface DnsAnswerer {
  /** What `snapshot` (the zone `snapshot.zone` on one host) answers for `name`, to a client at `client`. */
  answer(snapshot: LiveSnapshot, name: string, client: ClientPlace): HostAnswer;
  /**
   * Says that `next` is `previous` with record sets changed only at `names`,
   * so that reading `next` re-reads those names instead of the whole zone.
   */
  derive(previous: LiveSnapshot, next: LiveSnapshot, names: ReadonlySet<string>): void;
}

/**
 * An answerer. `googleRegions` locates Google Cloud regions (from
 * regions.yaml `googleRegion`) so that a client whose own region has no GEO
 * item gets the nearest one.
 */
export function dnsAnswerer(googleRegions: ReadonlyMap<string, { latitude: number; longitude: number }>): DnsAnswerer {
  const indexes = new WeakMap<LiveSnapshot, SnapshotIndex>();

  const derived = new WeakMap<LiveSnapshot, { previous: LiveSnapshot; names: ReadonlySet<string> }>();

  function addExisting(existing: Set<string>, zone: string, name: string): void {
    for (let at = name; isBelow(at, zone) && !existing.has(at); at = at.slice(at.indexOf('.') + 1)) existing.add(at);
  }

  function build(snapshot: LiveSnapshot): SnapshotIndex {
    const byName = new Map<string, RecordSet[]>();
    const existing = new Set<string>([snapshot.zone]);
    for (const { canonical } of snapshot.recordSets) {
      const list = byName.get(canonical.name);
      if (list) list.push(canonical);
      else byName.set(canonical.name, [canonical]);
      addExisting(existing, snapshot.zone, canonical.name);
    }
    return { byName, existing };
  }

  /** The index of a snapshot changed only at `names`: the previous index with those names read again (a full read if a name vanished). */
  function rebuild(snapshot: LiveSnapshot, previous: SnapshotIndex, names: ReadonlySet<string>): SnapshotIndex {
    const byName = new Map(previous.byName);
    for (const name of names) byName.delete(name);
    for (const { canonical } of snapshot.recordSets) {
      if (!names.has(canonical.name)) continue;
      const list = byName.get(canonical.name);
      if (list) list.push(canonical);
      else byName.set(canonical.name, [canonical]);
    }
    if ([...names].some((name) => !byName.has(name))) return build(snapshot);
    const existing = new Set(previous.existing);
    for (const name of names) addExisting(existing, snapshot.zone, name);
    return { byName, existing };
  }

  function indexOf(snapshot: LiveSnapshot): SnapshotIndex {
    const cached = indexes.get(snapshot);
    if (cached) return cached;
    const origin = derived.get(snapshot);
    const index = origin ? rebuild(snapshot, indexOf(origin.previous), origin.names) : build(snapshot);
    indexes.set(snapshot, index);
    return index;
  }

  function derive(previous: LiveSnapshot, next: LiveSnapshot, names: ReadonlySet<string>): void {
    if (previous !== next && !indexes.has(next)) derived.set(next, { previous, names });
  }

  function recordSetsAt(index: SnapshotIndex, zone: string, name: string): RecordSet[] | undefined {
    if (index.existing.has(name)) return index.byName.get(name) ?? [];
    let encloser = name;
    while (encloser !== zone && isBelow(encloser, zone)) {
      encloser = encloser.slice(encloser.indexOf('.') + 1);
      if (index.existing.has(encloser)) break;
    }
    return index.byName.get(`*.${encloser}`);
  }

  function pick(sets: readonly RecordSet[], client: ClientPlace): string[] {
    const located = sets.filter((rs) => rs.geoproximity !== undefined);
    if (located.length > 0) {
      const scored = located.map((rs) => ({
        rs,
        d: distance(client, { latitude: Number(rs.geoproximity?.latitude), longitude: Number(rs.geoproximity?.longitude) }),
      }));
      scored.sort((a, b) => a.d - b.d || ((a.rs.setIdentifier ?? '') < (b.rs.setIdentifier ?? '') ? -1 : 1));
      return [...(scored[0]?.rs.values ?? [])];
    }
    const values: string[] = [];
    for (const rs of sets) {
      if (!rs.geo) {
        values.push(...answerValues(rs));
        continue;
      }
      const own = rs.geo.find((item) => item.location === client.googleRegion);
      if (own) {
        values.push(...own.values);
        continue;
      }
      const placed = rs.geo
        .map((item) => ({ item, at: googleRegions.get(item.location) }))
        .filter((x): x is { item: (typeof rs.geo)[number]; at: { latitude: number; longitude: number } } => x.at !== undefined)
        .sort((a, b) => distance(client, a.at) - distance(client, b.at) || (a.item.location < b.item.location ? -1 : 1));
      values.push(...(placed[0] ? placed[0].item.values : answerValues(rs)));
    }
    return values;
  }

  function answer(snapshot: LiveSnapshot, name: string, client: ClientPlace): HostAnswer {
    const index = indexOf(snapshot);
    const chain = [name];
    let current = name;
    for (let step = 0; step < MAX_CHAIN; step++) {
      const sets = recordSetsAt(index, snapshot.zone, current);
      if (sets === undefined) return { chain, addresses: [], empty: 'no such name' };
      const cname = sets.find((rs) => rs.type === 'CNAME');
      if (cname) {
        const target = cname.values?.[0] ?? '';
        chain.push(target);
        if (target !== snapshot.zone && !isBelow(target, snapshot.zone)) return { chain, addresses: [], empty: 'outside the zone' };
        current = target;
        continue;
      }
      const addresses = [
        ...new Set(
          ['A', 'AAAA'].flatMap((type) =>
            pick(
              sets.filter((rs) => rs.type === type),
              client,
            ),
          ),
        ),
      ].sort();
      return addresses.length > 0 ? { chain, addresses } : { chain, addresses, empty: 'no address' };
    }
    return { chain, addresses: [], empty: 'no address' };
  }

  return { answer, derive };
}
