/**
 * DNS rules of SPEC §3.3 and §4, checked before any zone plan is emitted:
 * every host can store the TTL (refused with the host's limit, never
 * clamped), every host has nameservers for every zone it serves, none of them
 * inside the zone itself (it would need glue addresses), the zones do
 * not nest (a zone inside another is a delegation that carves a hole in the
 * outer zone's wildcards), the parent is an ancestor of the base, every
 * generated name fits in 253 octets, and no landscape a platform uses would
 * lose its name because every built cluster has traffic off. Warnings: a
 * landscape with no built cluster, or a virtual landscape whose serving
 * members have no address, is left out of DNS; a virtual name on a host
 * that cannot route by geography becomes a plain list of addresses. A
 * credential variable a host names (`apiKeyEnv`, `tsig.secretEnv`) is one
 * diene may read for it (dns/credential-routes.ts, docs/hardening.md).
 *
 * The address rules (SPEC §4: global unicast) are checked by
 * check-registry.ts with addresses.ts; the platform-named-like-a-mark
 * collision by check-platforms.ts (`name_captured_by_mark`). Returns
 * findings; never throws.
 */
import { at } from '../1-load/load-fleet.js';
import { allowedVariablesText, credentialVariables, EXAMPLE_VARIABLES, variableRefusal } from '../dns/credential-routes.js';
import { DNS_HOST_CAPABILITIES } from '../dns/host-kinds.js';
import { diagnose, type Diagnostic } from '../diagnostics/diagnostic.js';
import { isBelow } from '../dns/record-sets.js';
import { clusterName, misspeltClustersOf, type FleetIndex } from './fleet-index.js';

/** RFC 1035 §3.1 / RFC 2181 §11: a name's text form is at most 253 octets without the trailing dot. */
export const MAX_NAME_LENGTH = 253;

/** Longest relative part the compiler puts in front of a zone name: `*.<mark>.<landscape>.` (SPEC §2 limits: mark 10, landscape 12). */
function longestRelative(index: FleetIndex): { text: string; length: number } {
  let best = { text: '', length: 0 };
  for (const cluster of index.clusters.values()) {
    const text = `*.${cluster.data.mark}.${cluster.data.landscape}.`;
    if (text.length > best.length) best = { text, length: text.length };
  }
  for (const name of [...index.landscapes.keys(), ...index.vlandscapes.keys()]) {
    const text = `*.${name}.`;
    if (text.length > best.length) best = { text, length: text.length };
  }
  return best;
}

function isBuilt(index: FleetIndex, cluster: string): boolean {
  return (index.states.get(cluster)?.data.addresses.length ?? 0) > 0;
}

function checkZones(index: FleetIndex): Diagnostic[] {
  const fleet = index.fleet.fleet;
  if (!fleet) return [];
  const dns = fleet.data.dns;
  const found: Diagnostic[] = [];
  const zones = [dns.base, ...(dns.spare !== undefined ? [dns.spare] : [])];

  if (dns.spare !== undefined && (dns.spare === dns.base || isBelow(dns.spare, dns.base) || isBelow(dns.base, dns.spare))) {
    const [inner, outer] = dns.spare === dns.base || isBelow(dns.spare, dns.base) ? [dns.spare, dns.base] : [dns.base, dns.spare];
    found.push(diagnose(at(fleet, ['dns', 'spare']), 'dns_zone_nested', { inner, outer }));
  }
  if (dns.parent !== undefined && !isBelow(dns.base, dns.parent.zone)) {
    found.push(diagnose(at(fleet, ['dns', 'parent', 'zone']), 'dns_parent_not_ancestor', { parent: dns.parent.zone, base: dns.base }));
  }

  const longest = longestRelative(index);
  for (const [i, zone] of zones.entries()) {
    if (longest.length + zone.length > MAX_NAME_LENGTH) {
      found.push(
        diagnose(at(fleet, ['dns', i === 0 ? 'base' : 'spare']), 'dns_name_too_long', {
          name: `${longest.text}${zone}`,
          length: longest.length + zone.length,
          limit: MAX_NAME_LENGTH,
        }),
      );
    }
  }

  const seen = new Map<string, number>();
  dns.hosts.forEach((host, i) => {
    const first = seen.get(host.name);
    if (first !== undefined) found.push(diagnose(at(fleet, ['dns', 'hosts', i, 'name']), 'dns_host_duplicate', { host: host.name, first: first + 1 }));
    else seen.set(host.name, i);

    const caps = DNS_HOST_CAPABILITIES[host.provider];
    if (dns.ttl < caps.ttl.min || dns.ttl > caps.ttl.max) {
      const below = dns.ttl < caps.ttl.min;
      found.push(
        diagnose(at(fleet, ['dns', 'ttl']), 'dns_ttl_out_of_range', {
          ttl: dns.ttl,
          host: host.name,
          title: caps.title,
          bound: below ? 'minimum' : 'maximum',
          limit: below ? caps.ttl.min : caps.ttl.max,
          why: caps.ttl.why,
        }),
      );
    }
    for (const zone of zones) {
      const nameservers = host.nameservers[zone];
      if (nameservers === undefined) {
        found.push(diagnose(at(fleet, ['dns', 'hosts', i, 'nameservers']), 'dns_nameservers_missing', { host: host.name, zone }));
        continue;
      }
      nameservers.forEach((nameserver, j) => {
        if (nameserver === zone || isBelow(nameserver, zone)) {
          found.push(diagnose(at(fleet, ['dns', 'hosts', i, 'nameservers', zone, j]), 'dns_nameserver_in_zone', { nameserver, host: host.name, zone }));
        }
      });
    }
    for (const variable of credentialVariables(host)) {
      const refusal = variableRefusal(host.provider, variable.value);
      if (refusal !== undefined)
        found.push(
          diagnose(at(fleet, ['dns', 'hosts', i, ...variable.path]), 'dns_credential_variable_refused', {
            variable: variable.value,
            field: variable.field,
            host: host.name,
            provider: host.provider,
            why: refusal,
            allowed: allowedVariablesText(host.provider),
            example: EXAMPLE_VARIABLES[host.provider],
          }),
        );
    }
    for (const zone of Object.keys(host.nameservers).sort()) {
      if (!zones.includes(zone))
        found.push(
          diagnose(at(fleet, ['dns', 'hosts', i, 'nameservers', zone], 'key'), 'dns_nameservers_unknown_zone', {
            host: host.name,
            zone,
            zones: zones.join(', '),
          }),
        );
    }
  });
  return found;
}

function checkLandscapes(index: FleetIndex): Diagnostic[] {
  const found: Diagnostic[] = [];
  const usedBy = new Map<string, string[]>();
  for (const [name, platform] of [...index.platforms].sort(([a], [b]) => (a < b ? -1 : 1))) {
    for (const landscape of new Set(platform.data.landscapes)) usedBy.set(landscape, [...(usedBy.get(landscape) ?? []), name]);
  }
  const answering = new Set<string>();
  for (const [name, landscape] of [...index.landscapes].sort(([a], [b]) => (a < b ? -1 : 1))) {
    const clusters = index.clustersByLandscape.get(name) ?? [];
    const built = clusters.filter((c) => isBuilt(index, clusterName(c.data)));
    if (built.length === 0) {
      if (clusters.length > 0) found.push(diagnose(at(landscape, ['name']), 'dns_landscape_unbuilt', { landscape: name, count: clusters.length }));
      continue;
    }
    if (built.some((c) => c.data.traffic)) {
      answering.add(name);
      continue;
    }
    const platforms = usedBy.get(name);
    // A misspelt sibling with traffic on would answer: the misspelling is the one cause.
    const misspeltAnswering = misspeltClustersOf(index, name).some((c) => c.data.traffic && isBuilt(index, c.identity[0] as string));
    if (platforms && !misspeltAnswering) {
      const first = built[0];
      if (first) {
        found.push(
          diagnose(at(first, ['traffic']), 'dns_landscape_dark', {
            landscape: name,
            platforms: platforms.join(', '),
            clusters: built.map((c) => clusterName(c.data)).join(', '),
          }),
        );
      }
    }
  }
  for (const [name, vlandscape] of [...index.vlandscapes].sort(([a], [b]) => (a < b ? -1 : 1))) {
    const serving = vlandscape.data.members.filter((m) => m.serve).map((m) => m.landscape);
    if (!serving.some((l) => answering.has(l)))
      found.push(diagnose(at(vlandscape, ['members']), 'dns_vlandscape_no_address', { vlandscape: name, members: serving.join(', ') || 'none' }));
    found.push(
      ...checkGeoDowngrade(
        index,
        name,
        serving.filter((l) => answering.has(l)),
      ),
    );
  }
  return found;
}

/**
 * A virtual name answered by two or more landscapes is geo-routed where the
 * host can (SPEC §3.3); on a host that cannot, it silently becomes the union
 * of the members' addresses. Say so, once per host and virtual landscape.
 */
function checkGeoDowngrade(index: FleetIndex, vlandscape: string, answeringMembers: readonly string[]): Diagnostic[] {
  const fleet = index.fleet.fleet;
  if (!fleet || answeringMembers.length < 2) return [];
  const dns = fleet.data.dns;
  const names = [dns.base, ...(dns.spare !== undefined ? [dns.spare] : [])].map((zone) => `*.${vlandscape}.${zone}`).join(' and ');
  const found: Diagnostic[] = [];
  dns.hosts.forEach((host, i) => {
    const capabilities = DNS_HOST_CAPABILITIES[host.provider];
    if (capabilities.geo.routing !== 'none') return;
    found.push(
      diagnose(at(fleet, ['dns', 'hosts', i, 'provider']), 'dns_geo_unsupported', {
        host: host.name,
        title: capabilities.title,
        names,
        members: answeringMembers.join(', '),
      }),
    );
  });
  return found;
}

/** Runs every DNS rule over `index`. */
export function checkDns(index: FleetIndex): Diagnostic[] {
  return [...checkZones(index), ...checkLandscapes(index)];
}
