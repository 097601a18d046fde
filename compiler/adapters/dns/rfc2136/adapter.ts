/**
 * The RFC 2136 host adapter (`provider: rfc2136`; BIND 9, Knot DNS, PowerDNS
 * with `dnsupdate=yes`): observe by AXFR, write one TSIG-signed UPDATE
 * message per zone with value-dependent prerequisites (compare-and-swap).
 *
 * Configuration from fleet.yaml: `server` (`host[:port]`, port 53 by
 * default) and optional `tsig: {name, algorithm, secretEnv}`; the secret is
 * the base64 key in the environment variable `secretEnv` (never in a file).
 * Without `tsig`, messages go unsigned (a server that allows updates by
 * address only).
 */
import type { DnsHost } from '../../../types/generated/fleet.js';
import type { ZoneHostPlan } from '../../../plan/traffic-planner.js';
import { conversionError, DnsProblem, hostError, requestError, type ApplyOutcome, type DnsHostAdapter, type Environment } from '../dns-host.js';
import { sendUpdates } from './apply.js';
import { describeUpdates, updatePlans } from './convert.js';
import { transferZone } from './observe.js';
import { parseServer, type ServerAddress } from '../../../dns/nameserver.js';
import type { TsigKey } from './wire.js';

/** How observe and apply reach the server. */
export interface Rfc2136Link {
  /** The fleet's name of the host, for the snapshot. */
  host: string;
  server: ServerAddress;
  key?: TsigKey;
  /** Per exchange (an AXFR or one UPDATE), in milliseconds. */
  timeoutMs: number;
  /** Unix seconds, for TSIG. */
  now: () => number;
}

/** Options for tests: a shorter exchange timeout, another clock. */
export interface Rfc2136Options {
  timeoutMs?: number;
  now?: () => number;
}

function link(host: DnsHost, env: Environment, options: Rfc2136Options): Rfc2136Link | DnsProblem {
  // The fleet schema requires a server of the host:port grammar for rfc2136 hosts: a bad one here is a bug.
  if (host.server === undefined) throw new Error(`rfc2136 host ${host.name} has no server`);
  const server = parseServer(host.server);
  if (typeof server === 'string') throw new Error(`rfc2136 host ${host.name}: ${server}`);
  let key: TsigKey | undefined;
  if (host.tsig) {
    const variable = host.tsig.secretEnv;
    const text = env[variable];
    if (text === undefined || text === '')
      return new DnsProblem('dns_host_secret_missing', { variable, field: 'tsig.secretEnv', secret: 'base64 TSIG secret of key ' + host.tsig.name });
    const secret = Buffer.from(text.trim(), 'base64');
    if (secret.length === 0 || secret.toString('base64').replace(/=+$/, '') !== text.trim().replace(/=+$/, ''))
      return new DnsProblem('dns_tsig_secret_invalid', { variable });
    key = { name: host.tsig.name, algorithm: host.tsig.algorithm, secret };
  }
  return {
    host: host.name,
    server,
    ...(key ? { key } : {}),
    timeoutMs: options.timeoutMs ?? 30_000,
    now: options.now ?? (() => Math.floor(Date.now() / 1000)),
  };
}

/** The adapter of one rfc2136 host. Configuration problems (no secret in the environment) surface as {@link DnsHostError} on first use, so other hosts still run. */
export function createRfc2136Adapter(host: DnsHost, env: Environment, options: Rfc2136Options = {}): DnsHostAdapter {
  const reached = link(host, env, options);
  const ready = (zone: string): Rfc2136Link => {
    if (reached instanceof DnsProblem) throw hostError(host.name, zone, reached);
    return reached;
  };
  const messagesOf = (plan: ZoneHostPlan) => {
    try {
      return updatePlans(plan);
    } catch (error) {
      throw conversionError(host.name, plan.zone, error);
    }
  };
  return {
    host: host.name,
    kind: 'rfc2136',
    async observe(zone) {
      const target = ready(zone);
      try {
        return await transferZone(target, zone);
      } catch (error) {
        throw requestError(host.name, zone, error);
      }
    },
    describe(plan) {
      return describeUpdates(plan.zone, messagesOf(plan));
    },
    async apply(plan): Promise<ApplyOutcome> {
      const target = ready(plan.zone);
      const messages = messagesOf(plan);
      if (messages.length === 0) return { requests: 0, lines: [] };
      try {
        return await sendUpdates(target, plan, messages);
      } catch (error) {
        throw requestError(host.name, plan.zone, error);
      }
    },
  };
}
