/**
 * `--host NAME...` of the DNS commands that reach the hosts (`diene apply dns`,
 * `diene export dns`): which of fleet.yaml's `dns.hosts` a run works on.
 * None named: every host. A name fleet.yaml does not list is a usage error
 * that lists the hosts it does.
 */
import { at } from '../1-load/load-fleet.js';
import type { FleetModel } from '../2-analyze/fleet-model.js';
import { DnsProblem, hostDiagnostic, type DnsHostError } from '../adapters/dns/dns-host.js';
import { placed, type Diagnostic } from '../diagnostics/diagnostic.js';
import type { DnsHost } from '../types/generated/fleet.js';
import { invalidValue, type OptionValues } from './command.js';

/** The names given with `--host` (repeatable), in the order given. */
export function hostNames(values: OptionValues): string[] {
  const value = values['host'];
  return Array.isArray(value) ? value.filter((name): name is string => typeof name === 'string') : typeof value === 'string' ? [value] : [];
}

/** The hosts of `fleetHosts` that `wanted` names, in fleet.yaml's order; all of them when `wanted` is empty. Throws a usage error on a name fleet.yaml does not list. */
export function selectHosts(fleetHosts: readonly DnsHost[], wanted: readonly string[]): DnsHost[] {
  const unknown = wanted.filter((name) => !fleetHosts.some((h) => h.name === name));
  if (unknown.length > 0)
    throw invalidValue(
      '--host',
      unknown.join(', '),
      `a DNS host of fleet.yaml (hosts: ${fleetHosts.map((h) => h.name).join(', ')})`,
      `--host ${fleetHosts[0]?.name ?? 'NAME'}`,
    );
  return fleetHosts.filter((h) => wanted.length === 0 || wanted.includes(h.name));
}

/**
 * `diagnostic`, a failure of DNS host `host` (its adapter knows the host's name only), placed at the host's entry in
 * fleet.yaml's `dns.hosts`, where the host, its endpoint and the variables of its credentials are declared.
 */
export function atHostEntry(model: FleetModel, host: string, diagnostic: Diagnostic): Diagnostic {
  const index = model.settings.dns.hosts.findIndex((h) => h.name === host);
  const fleetFile = model.loaded.fleet;
  return index === -1 || !fleetFile ? diagnostic : placed(diagnostic, at(fleetFile, ['dns', 'hosts', index]));
}

/**
 * The diagnostics of the failures of a run's hosts, each at its host's entry
 * ({@link atHostEntry}). Missing credentials are the host's, not a zone's:
 * one diagnostic per host names every zone they kept from being read, so its
 * long hint (where the SDK looked) is said once.
 */
export function hostFailures(model: FleetModel, errors: readonly DnsHostError[]): Diagnostic[] {
  const credentials = new Map<string, { problem: DnsProblem; zones: string[] }>();
  const found: Diagnostic[] = [];
  for (const error of errors) {
    const problem = error.cause;
    if (error.diagnostic.code === 'dns_host_credentials_missing' && problem instanceof DnsProblem) {
      const entry = credentials.get(error.host) ?? { problem, zones: [] as string[] };
      entry.zones.push(error.zone);
      credentials.set(error.host, entry);
    } else found.push(atHostEntry(model, error.host, error.diagnostic));
  }
  for (const [host, { problem, zones }] of credentials)
    found.push(atHostEntry(model, host, hostDiagnostic(host, [...new Set(zones)].sort().join(', '), problem)));
  return found;
}
