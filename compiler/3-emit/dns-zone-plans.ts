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
import { toJson } from './serialize.js';

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

/** Every record set of `zone` for a host with `routing`, in record set order. */
export function renderZone(zone: DnsZoneIntent, routing: GeoRouting): RecordSet[] {
  return zone.names.flatMap((name) => renderName(name, zone.ttl, routing)).sort(compareRecordSets);
}

/** The zone plan documents of `intent`: path under the output directory → document. */
export function zonePlanDocuments(intent: DnsIntent): Map<string, ZonePlanDocument> {
  const documents = new Map<string, ZonePlanDocument>();
  for (const zone of intent.zones) {
    if (zone.role === 'parent') {
      const delegation = zone.names.find((n) => n.kind === 'delegation');
      documents.set(`dns/${zone.zone}/${DELEGATION_PLAN}.json`, {
        version: DNS_PLAN_VERSION,
        zone: zone.zone,
        ...(delegation ? { delegates: delegation.name } : {}),
        recordSets: renderZone(zone, 'none'),
      });
      continue;
    }
    for (const host of zone.hosts) {
      documents.set(`dns/${zone.zone}/${host.name}.json`, {
        version: DNS_PLAN_VERSION,
        zone: zone.zone,
        host: host.name,
        provider: host.provider,
        recordSets: renderZone(zone, DNS_HOST_CAPABILITIES[host.provider].geo.routing),
      });
    }
  }
  return documents;
}

/** The zone plan files of `intent` (path → canonical JSON text). */
export function emitDnsZonePlans(intent: DnsIntent): Map<string, string> {
  const files = new Map<string, string>();
  for (const [path, document] of zonePlanDocuments(intent)) files.set(path, toJson(document));
  return files;
}
