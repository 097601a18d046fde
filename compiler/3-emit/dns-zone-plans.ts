/**
 * The wanted record sets of every zone, per DNS host (SPEC §3.3), and their
 * files `dns/<zone>/<host>.json` plus the parent's delegation plan
 * `dns/<parent>/delegation.json`, in the versioned format of
 * `schemas/dns-plan.schema.json` (the same format the traffic planner reads
 * as live state). Pure.
 *
 * Geo routing per host kind (its capabilities, `dns/capabilities/<kind>.ts`):
 * Route 53 gets one geoproximity record set per serving member (set
 * identifier = the member landscape, coordinates from regions.yaml); Google
 * Cloud DNS one record set with a GEO routing policy, one item per
 * `googleRegion` (members sharing a region share the item); every other host
 * the union of the members' addresses.
 */
import { DNS_HOST_CAPABILITIES } from '../dns/host-kinds.js';
import type { GeoRouting } from '../dns/host-capabilities.js';
import type { AddressSource, DnsIntent, DnsNameIntent, DnsZoneIntent, VirtualMember } from '../2-analyze/dns-names.js';
import { canonicalCoordinate, compareRecordSets, type GeoItem, type RecordSet } from '../dns/record-sets.js';
import { DELEGATION_PLAN, DNS_PLAN_VERSION, type ZonePlanDocument } from '../dns/zone-plan.js';

function isIpv6(address: string): boolean {
  return address.includes(':');
}

/** Addresses of `sources` split into the A and AAAA families, each sorted and duplicate-free. */
export function addressFamilies(sources: readonly AddressSource[]): { A: string[]; AAAA: string[] } {
  const all = [...new Set(sources.flatMap((s) => s.addresses))].sort();
  return { A: all.filter((a) => !isIpv6(a)), AAAA: all.filter(isIpv6) };
}

function plain(name: string, ttl: number, sources: readonly AddressSource[]): RecordSet[] {
  const families = addressFamilies(sources);
  return (['A', 'AAAA'] as const).filter((type) => families[type].length > 0).map((type) => ({ name, type, ttl, values: families[type] }));
}

function virtualSets(name: string, ttl: number, members: readonly VirtualMember[], routing: GeoRouting): RecordSet[] {
  if (routing === 'none')
    return plain(
      name,
      ttl,
      members.flatMap((m) => m.sources),
    );
  const sets: RecordSet[] = [];
  for (const type of ['A', 'AAAA'] as const) {
    if (routing === 'geoproximity') {
      for (const member of members) {
        const values = addressFamilies(member.sources)[type];
        if (values.length === 0) continue;
        sets.push({
          name,
          type,
          ttl,
          setIdentifier: member.landscape,
          geoproximity: { latitude: canonicalCoordinate(member.latitude), longitude: canonicalCoordinate(member.longitude) },
          values,
        });
      }
    } else {
      const byLocation = new Map<string, AddressSource[]>();
      for (const member of members) byLocation.set(member.googleRegion, [...(byLocation.get(member.googleRegion) ?? []), ...member.sources]);
      const geo: GeoItem[] = [...byLocation.keys()]
        .sort()
        .map((location) => ({ location, values: addressFamilies(byLocation.get(location) ?? [])[type] }))
        .filter((item) => item.values.length > 0);
      if (geo.length > 0) sets.push({ name, type, ttl, geo });
    }
  }
  return sets;
}

/** The record sets of one name on a host with `routing`. */
export function renderName(intent: DnsNameIntent, ttl: number, routing: GeoRouting): RecordSet[] {
  switch (intent.kind) {
    case 'landscape':
      return plain(intent.name, ttl, intent.sources);
    case 'landscape-wildcard':
      return [{ name: intent.name, type: 'CNAME', ttl, values: [intent.target] }];
    case 'ops':
      return plain(intent.name, ttl, [{ cluster: intent.cluster, addresses: intent.addresses }]);
    case 'virtual':
      return virtualSets(intent.name, ttl, intent.members, routing);
    case 'delegation':
      return [{ name: intent.name, type: 'NS', ttl, values: [...intent.nameservers].sort() }];
  }
}

/**
 * What a zone's plans and file are made from: its intent without the
 * wildcard uses, which only the DNS commands' ownership reports read.
 */
export type ZoneRecordsIntent = Pick<DnsZoneIntent, 'zone' | 'role' | 'ttl' | 'hosts' | 'names'>;

/** The part of `zone` its plans and file are made from, as plain data (the key of those outputs). */
export function zoneRecordsIntent(zone: DnsZoneIntent): ZoneRecordsIntent {
  return { zone: zone.zone, role: zone.role, ttl: zone.ttl, hosts: zone.hosts, names: zone.names };
}

/** Every record set of `zone` for a host with `routing`, in record set order. */
export function renderZone(zone: ZoneRecordsIntent, routing: GeoRouting): RecordSet[] {
  return zone.names.flatMap((name) => renderName(name, zone.ttl, routing)).sort(compareRecordSets);
}

/** The hosts a plan of `zone` is made for: each fleet host serving it, or `null` alone for the parent zone's delegation plan. */
export function zonePlanHosts(zone: ZoneRecordsIntent): (string | null)[] {
  return zone.role === 'parent' ? [null] : zone.hosts.map((host) => host.name);
}

/** The path under the output directory of `zone`'s plan for `host` (`null`: the delegation plan). */
export function zonePlanPath(zone: ZoneRecordsIntent, host: string | null): string {
  return `dns/${zone.zone}/${host ?? DELEGATION_PLAN}.json`;
}

/** The plan document of `zone` for the host named `host` (`null`: the parent zone's delegation plan). */
export function zonePlanDocument(zone: ZoneRecordsIntent, host: string | null): ZonePlanDocument {
  if (host === null) {
    const delegation = zone.names.find((n) => n.kind === 'delegation');
    return {
      version: DNS_PLAN_VERSION,
      zone: zone.zone,
      ...(delegation ? { delegates: delegation.name } : {}),
      recordSets: renderZone(zone, 'none'),
    };
  }
  const serving = zone.hosts.find((candidate) => candidate.name === host);
  if (serving === undefined) throw new Error(`host ${host} does not serve zone ${zone.zone}`);
  return {
    version: DNS_PLAN_VERSION,
    zone: zone.zone,
    host: serving.name,
    provider: serving.provider,
    recordSets: renderZone(zone, DNS_HOST_CAPABILITIES[serving.provider].geo.routing),
  };
}

/** The zone plan documents of `intent`: path under the output directory → document. */
export function zonePlanDocuments(intent: DnsIntent): Map<string, ZonePlanDocument> {
  const documents = new Map<string, ZonePlanDocument>();
  for (const zone of intent.zones) for (const host of zonePlanHosts(zone)) documents.set(zonePlanPath(zone, host), zonePlanDocument(zone, host));
  return documents;
}
