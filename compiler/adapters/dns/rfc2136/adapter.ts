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
import { DnsHostError, describeError, type ApplyOutcome, type DnsHostAdapter, type Environment } from '../dns-host.js';
import { sendUpdates } from './apply.js';
import { describeUpdates, updatePlans } from './convert.js';
import { transferZone } from './observe.js';
import { parseServer, type ServerAddress } from './tcp.js';
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

function link(host: DnsHost, env: Environment, options: Rfc2136Options): Rfc2136Link | string {
  if (host.server === undefined) return 'fleet.yaml gives no server for this rfc2136 host';
  const server = parseServer(host.server);
  if (typeof server === 'string') return server;
  let key: TsigKey | undefined;
  if (host.tsig) {
    const text = env[host.tsig.secretEnv];
    if (text === undefined || text === '') return `environment variable ${host.tsig.secretEnv} (tsig.secretEnv) is not set`;
    const secret = Buffer.from(text.trim(), 'base64');
    if (secret.length === 0 || secret.toString('base64').replace(/=+$/, '') !== text.trim().replace(/=+$/, '')) return `environment variable ${host.tsig.secretEnv} does not hold a base64 TSIG secret`;
    key = { name: host.tsig.name, algorithm: host.tsig.algorithm, secret };
  }
  return { host: host.name, server, ...(key ? { key } : {}), timeoutMs: options.timeoutMs ?? 30_000, now: options.now ?? (() => Math.floor(Date.now() / 1000)) };
}

/** The adapter of one rfc2136 host. Configuration problems (no secret in the environment) surface as {@link DnsHostError} on first use, so other hosts still run. */
export function createRfc2136Adapter(host: DnsHost, env: Environment, options: Rfc2136Options = {}): DnsHostAdapter {
  const reached = link(host, env, options);
  const ready = (zone: string): Rfc2136Link => {
    if (typeof reached === 'string') throw new DnsHostError(host.name, zone, reached);
    return reached;
  };
  const messagesOf = (plan: ZoneHostPlan) => {
    try {
      return updatePlans(plan);
    } catch (error) {
      throw new DnsHostError(host.name, plan.zone, describeError(error), { cause: error });
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
        throw new DnsHostError(host.name, zone, describeError(error), { cause: error });
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
        throw new DnsHostError(host.name, plan.zone, describeError(error), { cause: error });
      }
    },
  };
}
