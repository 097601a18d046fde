/**
 * The DNS names of the fleet, host-independent (SPEC §3.3 table): which names
 * each zone holds and which clusters' addresses each one answers with.
 *
 * Design note. This is the *intent* behind every zone plan: a landscape name
 * lists the clusters that feed it, a virtual name lists its members and their
 * clusters. Emit renders it per host (Route 53 geoproximity, Google GEO, a
 * plain union elsewhere); the traffic planner first drops the addresses of
 * clusters that are down, then renders the same way. Keeping the cluster of
 * every address is what lets the planner's brakes speak of clusters. Pure.
 */
import type { DnsHostKind } from '../dns/host-capabilities.js';
import { compareNames } from '../dns/record-sets.js';
import type { FleetOutline } from './fleet-model.js';
import { clusterOpsHost, landscapeHost, serviceHost } from './hostnames.js';

/** The addresses one cluster contributes to a name (canonical, sorted). */
export interface AddressSource {
  cluster: string;
  addresses: string[];
}

/** A serving member of a virtual landscape, located for geo routing (regions.yaml). */
export interface VirtualMember {
  landscape: string;
  region: string;
  latitude: number;
  longitude: number;
  googleRegion: string;
  sources: AddressSource[];
}

/** One name of a zone and what it answers. */
export type DnsNameIntent =
  /** `<l>.<base>`: A/AAAA of every built cluster of l with traffic on. */
  | { kind: 'landscape'; name: string; landscape: string; sources: AddressSource[] }
  /** `*.<l>.<base>`: CNAME `<l>.<base>`. */
  | { kind: 'landscape-wildcard'; name: string; landscape: string; target: string }
  /** `<mark>.<l>.<base>` or `*.<mark>.<l>.<base>`: one cluster's addresses, traffic flag and health ignored. */
  | { kind: 'ops'; name: string; cluster: string; addresses: string[] }
  /** `*.<v>.<base>`: geo-routed over the serving members. */
  | { kind: 'virtual'; name: string; vlandscape: string; members: VirtualMember[] }
  /** `<base>` NS in the parent zone: every host's nameservers. */
  | { kind: 'delegation'; name: string; nameservers: string[] };

/** A fleet DNS host serving a zone, with the nameservers it assigned to that zone. */
export interface ZoneHost {
  name: string;
  provider: DnsHostKind;
  nameservers: string[];
}

/** How many service hosts rely on one wildcard subtree, with the first few (sorted) for messages. */
export interface WildcardUse {
  count: number;
  examples: string[];
}

/** One zone's intent. */
export interface DnsZoneIntent {
  zone: string;
  /** `zone` = a base or the spare base; `parent` = the parent zone, where diene owns only the delegation. */
  role: 'zone' | 'parent';
  /** Seconds, for every record set of the zone. */
  ttl: number;
  /** fleet.yaml `dns.negativeTtl`: the apex SOA minimum the plan keeps (a base or spare zone only; absent: the SOA is left alone). */
  negativeTtl?: number;
  /** The fleet's hosts serving this zone, in fleet.yaml order (empty for the parent: its host is not the fleet's to know). */
  hosts: ZoneHost[];
  /** Sorted by name (DNS canonical order), one entry a name. */
  names: DnsNameIntent[];
  /**
   * Names whose record sets of {@link managedTypes} diene owns (SPEC §3.3
   * "Ownership"): every name the registry's landscapes, clusters and virtual
   * landscapes give, built or not. Sorted.
   */
  managed: string[];
  /** `A`, `AAAA`, `CNAME` in a zone; `NS` in the parent. */
  managedTypes: string[];
  /**
   * The names users' traffic reaches, whose addresses the one-cluster brake
   * counts whatever the cause: every registry landscape's `<l>.<zone>` (with
   * its landscape) and every virtual landscape's `*.<v>.<zone>`, built or
   * not. Empty in the parent. Sorted by name.
   */
  trafficNames: { name: string; kind: 'landscape' | 'virtual'; landscape?: string }[];
  /** Names `X` of every wildcard `*.X` that services rely on (landscape and virtual names), sorted. */
  wildcardBases: string[];
  /** `<platform>.X` → the service hosts below it that resolve through `*.X` (hole detection). */
  reliedOn: Record<string, WildcardUse>;
}

/** The whole fleet's DNS intent. */
export interface DnsIntent {
  zones: DnsZoneIntent[];
  /** Built clusters with traffic on: the clusters health can take out of landscape and virtual names (sorted). */
  trafficClusters: string[];
  /** Every cluster of the registry, sorted (to tell an unknown name in a health file). */
  clusters: string[];
}

const EXAMPLES = 3;

function byName<T extends { name: string }>(a: T, b: T): number {
  return compareNames(a.name, b.name);
}

function zoneNames(model: FleetOutline, zone: string): DnsNameIntent[] {
  const names: DnsNameIntent[] = [];
  const sourcesOf = (landscape: string): AddressSource[] =>
    (model.landscapes.find((l) => l.name === landscape)?.clusters ?? [])
      .filter((c) => c.built && c.traffic)
      .map((c) => ({ cluster: c.name, addresses: [...c.addresses] }));

  for (const landscape of model.landscapes) {
    const sources = sourcesOf(landscape.name);
    const name = landscapeHost(landscape.name, zone);
    if (sources.length > 0) {
      names.push({ kind: 'landscape', name, landscape: landscape.name, sources });
      names.push({ kind: 'landscape-wildcard', name: `*.${name}`, landscape: landscape.name, target: name });
    }
    for (const cluster of landscape.clusters) {
      if (!cluster.built) continue;
      const ops = clusterOpsHost(cluster.mark, landscape.name, zone);
      names.push({ kind: 'ops', name: ops, cluster: cluster.name, addresses: [...cluster.addresses] });
      names.push({ kind: 'ops', name: `*.${ops}`, cluster: cluster.name, addresses: [...cluster.addresses] });
    }
  }
  for (const vlandscape of model.vlandscapes) {
    const members: VirtualMember[] = [];
    for (const member of vlandscape.members) {
      if (!member.serve) continue;
      const landscape = model.landscapes.find((l) => l.name === member.landscape);
      const region = landscape ? model.regions[landscape.region] : undefined;
      const sources = sourcesOf(member.landscape);
      if (!landscape || !region || sources.length === 0) continue;
      members.push({
        landscape: landscape.name,
        region: landscape.region,
        latitude: region.lat,
        longitude: region.lon,
        googleRegion: region.googleRegion,
        sources,
      });
    }
    members.sort((a, b) => (a.landscape < b.landscape ? -1 : a.landscape > b.landscape ? 1 : 0));
    if (members.length > 0) names.push({ kind: 'virtual', name: `*.${landscapeHost(vlandscape.name, zone)}`, vlandscape: vlandscape.name, members });
  }
  return names.sort(byName);
}

function managedNames(model: FleetOutline, zone: string): string[] {
  const names = new Set<string>();
  for (const landscape of model.landscapes) {
    const name = landscapeHost(landscape.name, zone);
    names.add(name).add(`*.${name}`);
    for (const cluster of landscape.clusters) {
      const ops = clusterOpsHost(cluster.mark, landscape.name, zone);
      names.add(ops).add(`*.${ops}`);
    }
  }
  for (const vlandscape of model.vlandscapes) names.add(`*.${landscapeHost(vlandscape.name, zone)}`);
  return [...names].sort(compareNames);
}

function trafficNames(model: FleetOutline, zone: string): DnsZoneIntent['trafficNames'] {
  return [
    ...model.landscapes.map((l) => ({ name: landscapeHost(l.name, zone), kind: 'landscape' as const, landscape: l.name })),
    ...model.vlandscapes.map((v) => ({ name: `*.${landscapeHost(v.name, zone)}`, kind: 'virtual' as const })),
  ].sort(byName);
}

/** The `n` first of `names` in DNS canonical order, without sorting them all (a platform may rely on thousands). */
export function firstInOrder(names: Iterable<string>, n: number): string[] {
  const first: string[] = [];
  for (const name of names) {
    if (first.length === n && compareNames(name, first[n - 1] as string) >= 0) continue;
    let at = first.length;
    while (at > 0 && compareNames(name, first[at - 1] as string) < 0) at--;
    first.splice(at, 0, name);
    if (first.length > n) first.pop();
  }
  return first;
}

function wildcardUses(model: FleetOutline, zone: string): { bases: string[]; reliedOn: Record<string, WildcardUse> } {
  const bases = new Set<string>();
  const hosts = new Map<string, Set<string>>();
  for (const platform of model.platforms) {
    // Each place's wildcard base and host set, found once per platform rather than once per service module.
    const places: { place: string; base: string; set?: Set<string> }[] = [...platform.landscapes, ...platform.vlandscapes].map((place) => ({
      place,
      base: landscapeHost(place, zone),
    }));
    for (const service of platform.services) {
      for (const module of service.modules) {
        for (const at of places) {
          if (at.set === undefined) {
            // A base is relied on, and has its entry, only once a service module lies below it.
            bases.add(at.base);
            const key = `${platform.name}.${at.base}`;
            at.set = hosts.get(key);
            if (at.set === undefined) hosts.set(key, (at.set = new Set()));
          }
          at.set.add(serviceHost(module, service.name, platform.name, at.place, zone));
        }
      }
    }
  }
  const reliedOn: Record<string, WildcardUse> = {};
  for (const key of [...hosts.keys()].sort()) {
    const unique = hosts.get(key) ?? new Set<string>();
    reliedOn[key] = { count: unique.size, examples: firstInOrder(unique, EXAMPLES) };
  }
  return { bases: [...bases].sort(compareNames), reliedOn };
}

/**
 * The DNS intent of `model` (SPEC §3.3): the base zone, the spare zone when
 * fleet.yaml names one, and the parent zone's delegation when it names a
 * parent. Call on a validated model only (check-dns.ts refuses what would make
 * a name unanswerable); hosts without nameservers for a zone contribute none.
 *
 * Derived once per model: emit, the DNS commands, simulate and the library
 * all get the same object, frozen so that no reader can change it for the
 * others.
 */
export function dnsIntent(model: FleetOutline): DnsIntent {
  let intent = intentByModel.get(model);
  if (!intent) {
    intent = deepFreeze(deriveDnsIntent(model));
    intentByModel.set(model, intent);
  }
  return intent;
}

const intentByModel = new WeakMap<FleetOutline, DnsIntent>();

/** Freezes `value` and every value held in its data properties (accessors are left to freeze what they derive). */
function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const property of Object.values(Object.getOwnPropertyDescriptors(value))) if ('value' in property) deepFreeze(property.value);
  }
  return value;
}

/**
 * A zone's {@link DnsZoneIntent.wildcardBases} and {@link DnsZoneIntent.reliedOn},
 * as enumerable properties worked out when first read: they walk every
 * service module of the fleet, and only the DNS commands' ownership reports
 * read them (the zone plans and files do not).
 */
function withWildcardUses(zone: Omit<DnsZoneIntent, 'wildcardBases' | 'reliedOn'>, model: FleetOutline): DnsZoneIntent {
  let uses: { bases: string[]; reliedOn: Record<string, WildcardUse> } | undefined;
  const derived = (): { bases: string[]; reliedOn: Record<string, WildcardUse> } => (uses ??= deepFreeze(wildcardUses(model, zone.zone)));
  return Object.defineProperties(zone, {
    wildcardBases: { enumerable: true, get: () => derived().bases },
    reliedOn: { enumerable: true, get: () => derived().reliedOn },
  }) as DnsZoneIntent;
}

function deriveDnsIntent(model: FleetOutline): DnsIntent {
  const dns = model.settings.dns;
  const zones: DnsZoneIntent[] = [];
  for (const zone of [dns.base, ...(dns.spare !== undefined ? [dns.spare] : [])]) {
    zones.push(
      withWildcardUses(
        {
          zone,
          role: 'zone',
          ttl: dns.ttl,
          ...(dns.negativeTtl !== undefined ? { negativeTtl: dns.negativeTtl } : {}),
          hosts: dns.hosts.map((host) => ({ name: host.name, provider: host.provider, nameservers: [...(host.nameservers[zone] ?? [])] })),
          names: zoneNames(model, zone),
          managed: managedNames(model, zone),
          managedTypes: ['A', 'AAAA', 'CNAME'],
          trafficNames: trafficNames(model, zone),
        },
        model,
      ),
    );
  }
  if (dns.parent !== undefined) {
    const nameservers = [...new Set(dns.hosts.flatMap((host) => host.nameservers[dns.base] ?? []))].sort();
    zones.push({
      zone: dns.parent.zone,
      role: 'parent',
      ttl: dns.parent.ttl,
      hosts: [],
      names: [{ kind: 'delegation', name: dns.base, nameservers }],
      managed: [dns.base],
      managedTypes: ['NS'],
      trafficNames: [],
      wildcardBases: [],
      reliedOn: {},
    });
  }
  return {
    zones,
    trafficClusters: model.clusters.filter((c) => c.built && c.traffic).map((c) => c.name),
    clusters: model.clusters.map((c) => c.name),
  };
}
