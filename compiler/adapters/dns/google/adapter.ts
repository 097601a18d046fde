/**
 * The Google Cloud DNS host adapter (`provider: google`) over
 * `@google-cloud/dns`: observe with `resourceRecordSets.list`, write one
 * Change per managed zone (deletions exactly as read, additions as wanted),
 * wait until it is `done`.
 *
 * Credentials and project come from Application Default Credentials
 * (GOOGLE_APPLICATION_CREDENTIALS, gcloud's user credentials, the metadata
 * server) and GOOGLE_CLOUD_PROJECT; the managed zone is found by its DNS
 * name, so fleet.yaml needs no zone name. The Change size follows the
 * project's quota, read once with `projects.get`.
 *
 * The client's own retries are off (a request interceptor sets each
 * request's `maxRetries` to 0, the client's public per-request switch): every
 * call is retried by this adapter alone, on 429 and 5xx, with backoff and
 * jitter. A network failure with no answer is retried by the client only.
 * The client package (an optional dependency) is imported on first use.
 */
import type { DNS, Zone } from '@google-cloud/dns';
import type { DnsHost } from '../../../types/generated/fleet.js';
import {
  DEFAULT_TIMING,
  type DnsHostAdapter,
  type Environment,
  type Timing,
  conversionError,
  cloudRequestError,
  type DnsHostError,
  loadSdk,
  withRetry,
} from '../dns-host.js';
import { isRetryable, sendChanges } from './apply.js';
import { changeBodies, DEFAULT_CHANGE_QUOTA, describeChanges, type ApiRrset, type ChangeQuota } from './convert.js';
import { findZone, listZone } from './observe.js';
import { withMetadataWarningHeld } from './metadata-warning.js';

/** Options for tests and special endpoints. */
export interface GoogleOptions {
  /**
   * An API base URL such as `https://dns.example.internal` or
   * `http://127.0.0.1:8080` (the contract tests' local server) in place of
   * `https://dns.googleapis.com`. Its host goes to the client's `apiEndpoint`
   * option; the client always speaks HTTPS, so a plain `http:` URL is reached
   * by a request interceptor that rewrites the scheme of the requests to that host.
   */
  endpoint?: string;
  projectId?: string;
  /** An auth client (google-auth-library) in place of Application Default Credentials. */
  authClient?: unknown;
  timing?: Timing;
}

async function readQuota(dns: DNS): Promise<ChangeQuota> {
  try {
    const body = await new Promise<{ quota?: Record<string, number> }>((resolve, reject) => {
      (dns as unknown as { request(options: object, callback: (error: Error | null, body?: unknown) => void): void }).request({ uri: '' }, (error, body) =>
        error ? reject(error) : resolve((body ?? {}) as { quota?: Record<string, number> }),
      );
    });
    const quota = body.quota ?? {};
    return {
      additions: quota['rrsetAdditionsPerChange'] ?? DEFAULT_CHANGE_QUOTA.additions,
      deletions: quota['rrsetDeletionsPerChange'] ?? DEFAULT_CHANGE_QUOTA.deletions,
      rrdataBytes: quota['totalRrdataSizePerChange'] ?? DEFAULT_CHANGE_QUOTA.rrdataBytes,
    };
  } catch {
    return DEFAULT_CHANGE_QUOTA;
  }
}

/** The adapter of one google host. */
export function createGoogleAdapter(host: DnsHost, env: Environment, options: GoogleOptions = {}): DnsHostAdapter {
  const projectId = options.projectId ?? env['GOOGLE_CLOUD_PROJECT'] ?? env['GCLOUD_PROJECT'];
  const endpoint = options.endpoint ? new URL(options.endpoint) : undefined;
  let client: Promise<DNS> | undefined;
  const clientOf = (): Promise<DNS> =>
    (client ??= loadSdk('google', async () => {
      const { DNS: Client } = await import('@google-cloud/dns');
      const dns = new Client({
        ...(projectId ? { projectId } : {}),
        ...(options.authClient ? { authClient: options.authClient as never } : {}),
        ...(endpoint ? { apiEndpoint: endpoint.host } : {}),
      });
      const secure = `https://${endpoint?.host ?? ''}/`;
      dns.interceptors.push({
        request: (request) => {
          const uri = (request as { uri?: unknown }).uri;
          const plain = endpoint?.protocol === 'http:' && typeof uri === 'string' && uri.startsWith(secure);
          return { ...request, ...(plain ? { uri: `http://${uri.slice('https://'.length)}` } : {}), maxRetries: 0 } as ReturnType<
            DNS['interceptors'][number]['request']
          >;
        },
      });
      // Without credentials the client would send its requests unauthenticated (and be refused as an anonymous caller): look them up first, so none found is said as such.
      // A failed metadata-server probe is also a process warning of the SDK's: when no credentials are found, diene's own error says it.
      if (!options.authClient && !endpoint) await withMetadataWarningHeld(() => dns.authClient.getClient());
      return dns;
    }));
  const timing = options.timing ?? DEFAULT_TIMING;
  const zones = new Map<string, Zone>();
  const natives = new Map<string, Map<string, ApiRrset>>();
  let quota: ChangeQuota | undefined;
  const fail = (zone: string, error: unknown): DnsHostError => cloudRequestError('google', host.name, zone, error);
  const managedZone = async (zone: string): Promise<Zone> => {
    const known = zones.get(zone);
    if (known) return known;
    const dns = await clientOf();
    const found = await withRetry(timing, isRetryable, () => findZone(dns, zone));
    zones.set(zone, found);
    return found;
  };
  const observe = async (zone: string) => {
    try {
      const managed = await managedZone(zone);
      const read = await withRetry(timing, isRetryable, () => listZone(managed, host.name, zone));
      natives.set(zone, read.natives);
      return read.document;
    } catch (error) {
      throw fail(zone, error);
    }
  };
  const bodiesOf = (plan: Parameters<typeof changeBodies>[0]) => {
    try {
      return changeBodies(plan, natives.get(plan.zone) ?? new Map(), quota ?? DEFAULT_CHANGE_QUOTA);
    } catch (error) {
      throw conversionError(host.name, plan.zone, error);
    }
  };
  return {
    host: host.name,
    kind: 'google',
    observe,
    describe: (plan) => describeChanges(plan.zone, bodiesOf(plan)),
    async apply(plan) {
      if (plan.units.length === 0) return { requests: 0, lines: [] };
      if (!natives.has(plan.zone)) await observe(plan.zone);
      quota ??= await readQuota(await clientOf());
      const bodies = bodiesOf(plan);
      try {
        return await sendChanges(await managedZone(plan.zone), timing, plan.zone, bodies);
      } catch (error) {
        throw fail(plan.zone, error);
      }
    },
  };
}
