/**
 * The PowerDNS host adapter (`provider: powerdns`): observe with
 * `GET …/zones/{zone}`, write one PATCH of RRSets per zone over the
 * Authoritative Server's HTTP API.
 *
 * Configuration from fleet.yaml: `url` (the API's base URL, e.g.
 * `http://127.0.0.1:8081`) and `apiKeyEnv`, the environment variable holding
 * the API key (never in a file). The server id is `localhost`, the only one
 * PowerDNS Authoritative serves.
 */
import type { DnsHost } from '../../../types/generated/fleet.js';
import { conversionError, DnsProblem, hostError, requestError, type DnsHostAdapter, type Environment } from '../dns-host.js';
import { patchZone } from './apply.js';
import { describePatch, patchBody } from './convert.js';
import { readZone } from './observe.js';

/** How observe and apply reach the API. */
export interface PowerDnsLink {
  host: string;
  url: string;
  apiKey: string;
  serverId: string;
  /** Per request, in milliseconds. */
  timeoutMs: number;
}

function link(host: DnsHost, env: Environment, timeoutMs: number): PowerDnsLink | DnsProblem {
  // The fleet schema requires url and apiKeyEnv for powerdns hosts: their absence here is a bug.
  if (host.url === undefined || host.apiKeyEnv === undefined) throw new Error(`powerdns host ${host.name} has no url or apiKeyEnv`);
  const apiKey = env[host.apiKeyEnv];
  if (apiKey === undefined || apiKey === '')
    return new DnsProblem('dns_host_secret_missing', { variable: host.apiKeyEnv, field: 'apiKeyEnv', secret: 'PowerDNS API key' });
  return { host: host.name, url: host.url, apiKey, serverId: 'localhost', timeoutMs };
}

/** The adapter of one powerdns host. Configuration problems surface as {@link DnsHostError} on first use. */
export function createPowerDnsAdapter(host: DnsHost, env: Environment, options: { timeoutMs?: number } = {}): DnsHostAdapter {
  const reached = link(host, env, options.timeoutMs ?? 60_000);
  const ready = (zone: string): PowerDnsLink => {
    if (reached instanceof DnsProblem) throw hostError(host.name, zone, reached);
    return reached;
  };
  const bodyOf = (plan: Parameters<typeof patchBody>[0]) => {
    try {
      return patchBody(plan);
    } catch (error) {
      throw conversionError(host.name, plan.zone, error);
    }
  };
  return {
    host: host.name,
    kind: 'powerdns',
    async observe(zone) {
      const target = ready(zone);
      try {
        return await readZone(target, zone);
      } catch (error) {
        throw requestError(host.name, zone, error);
      }
    },
    describe(plan) {
      return describePatch(plan.zone, bodyOf(plan));
    },
    async apply(plan) {
      const target = ready(plan.zone);
      const body = bodyOf(plan);
      if (body.rrsets.length === 0) return { requests: 0, lines: [] };
      try {
        return await patchZone(target, plan, body);
      } catch (error) {
        throw requestError(host.name, plan.zone, error);
      }
    },
  };
}
