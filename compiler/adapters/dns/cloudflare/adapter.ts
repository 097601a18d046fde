/**
 * The Cloudflare host adapter (`provider: cloudflare`) over the official
 * `cloudflare` package: observe with `dns.records.list`, write one
 * `dns.records.batch` call per zone (split between whole names past the
 * plan's record limit).
 *
 * The API token comes from the environment variable fleet.yaml names in
 * `apiKeyEnv`, else from CLOUDFLARE_API_TOKEN (the client's own default).
 * The zone is found by name, so fleet.yaml needs no zone id. The client's
 * own retries are off (`maxRetries: 0`): every call, read or write, is
 * retried by this adapter alone, on 429 and 5xx, with backoff and jitter.
 * The client package (an optional dependency) is imported on first use.
 */
import type Cloudflare from 'cloudflare';
import type { DnsHost } from '../../../types/generated/fleet.js';
import {
  DEFAULT_TIMING,
  type DnsHostAdapter,
  type Environment,
  type Timing,
  conversionError,
  requestError,
  type DnsHostError,
  DnsProblem,
  loadSdk,
  withRetry,
} from '../dns-host.js';
import { isRetryable, sendBatches } from './apply.js';
import { batchBodies, describeBatches, type NativeRecord } from './convert.js';
import { listZone, zoneId } from './observe.js';

/** Options for tests and special endpoints. */
export interface CloudflareOptions {
  /** An API base URL in place of `https://api.cloudflare.com/client/v4` (the contract tests' local server). */
  endpoint?: string;
  timing?: Timing;
}

/** The adapter of one cloudflare host. */
export function createCloudflareAdapter(host: DnsHost, env: Environment, options: CloudflareOptions = {}): DnsHostAdapter {
  const token = host.apiKeyEnv !== undefined ? env[host.apiKeyEnv] : env['CLOUDFLARE_API_TOKEN'];
  const missing =
    token === undefined || token === ''
      ? new DnsProblem('dns_host_secret_missing', {
          variable: host.apiKeyEnv ?? 'CLOUDFLARE_API_TOKEN',
          field: host.apiKeyEnv !== undefined ? 'apiKeyEnv' : 'the Cloudflare default',
          secret: 'Cloudflare API token',
        })
      : undefined;
  let client: Promise<Cloudflare> | undefined;
  const clientOf = (): Promise<Cloudflare> =>
    (client ??= loadSdk('cloudflare', async () => {
      const { default: Client } = await import('cloudflare');
      return new Client({ apiToken: token ?? 'unset', maxRetries: 0, timeout: 60_000, ...(options.endpoint ? { baseURL: options.endpoint } : {}) });
    }));
  const timing = options.timing ?? DEFAULT_TIMING;
  const ids = new Map<string, string>();
  const natives = new Map<string, Map<string, NativeRecord[]>>();
  const fail = (zone: string, error: unknown): DnsHostError => requestError(host.name, zone, error);
  const idOf = async (zone: string): Promise<string> => {
    if (missing) throw missing;
    const known = ids.get(zone);
    if (known) return known;
    const sdk = await clientOf();
    const id = await withRetry(timing, isRetryable, () => zoneId(sdk, zone));
    ids.set(zone, id);
    return id;
  };
  const observe = async (zone: string) => {
    try {
      const id = await idOf(zone);
      const sdk = await clientOf();
      const read = await withRetry(timing, isRetryable, () => listZone(sdk, host.name, zone, id));
      natives.set(zone, read.natives);
      return read.document;
    } catch (error) {
      throw fail(zone, error);
    }
  };
  const bodiesOf = (plan: Parameters<typeof batchBodies>[0]) => {
    try {
      return batchBodies(plan, natives.get(plan.zone) ?? new Map());
    } catch (error) {
      throw conversionError(host.name, plan.zone, error);
    }
  };
  return {
    host: host.name,
    kind: 'cloudflare',
    observe,
    describe: (plan) => describeBatches(plan.zone, bodiesOf(plan)),
    async apply(plan) {
      if (plan.units.length === 0) return { requests: 0, lines: [] };
      if (!natives.has(plan.zone)) await observe(plan.zone);
      const bodies = bodiesOf(plan);
      try {
        return await sendBatches(await clientOf(), timing, plan.zone, await idOf(plan.zone), bodies);
      } catch (error) {
        throw fail(plan.zone, error);
      }
    },
  };
}
