/**
 * The Route 53 host adapter (`provider: route53`) over
 * `@aws-sdk/client-route-53`: observe with `ListResourceRecordSets`, write one
 * change batch per hosted zone (split between whole names only past the
 * batch limits), retried on throttling, waited on until INSYNC.
 *
 * Credentials and region come from the SDK's default chain
 * (AWS_ACCESS_KEY_ID/AWS_SECRET_ACCESS_KEY, AWS_PROFILE, an IAM role); the
 * region defaults to us-east-1 (Route 53 is global). The hosted zone is found
 * by name (`ListHostedZonesByName`, public zones only), so fleet.yaml needs
 * no zone id. The SDK's own retries are off (`maxAttempts: 1`): this adapter
 * alone retries throttling, PriorRequestNotComplete and 5xx answers, with
 * backoff and jitter. The SDK (an optional dependency) and the modules that
 * call it are imported on first use.
 */
import type { ResourceRecordSet } from '@aws-sdk/client-route-53';
import type { DnsHost } from '../../../types/generated/fleet.js';
import {
  DEFAULT_TIMING,
  describeError,
  type DnsHostAdapter,
  type Environment,
  type Timing,
  conversionError,
  cloudRequestError,
  type DnsHostError,
  loadSdk,
} from '../dns-host.js';
import { changeBatches, describeBatches } from './convert.js';

/** Options for tests and special endpoints. */
export interface Route53Options {
  /** An API endpoint URL in place of AWS's (the contract tests' local server). */
  endpoint?: string;
  credentials?: { accessKeyId: string; secretAccessKey: string };
  timing?: Timing;
}

/** The adapter of one route53 host. */
export function createRoute53Adapter(host: DnsHost, env: Environment, options: Route53Options = {}): DnsHostAdapter {
  const load = async () => {
    const [{ Route53Client }, { sendBatches }, { hostedZoneId, listZone }] = await Promise.all([
      import('@aws-sdk/client-route-53'),
      import('./apply.js'),
      import('./observe.js'),
    ]);
    const client = new Route53Client({
      region: env['AWS_REGION'] || env['AWS_DEFAULT_REGION'] || 'us-east-1',
      maxAttempts: 1,
      ...(options.endpoint ? { endpoint: options.endpoint } : {}),
      ...(options.credentials ? { credentials: options.credentials } : {}),
    });
    return { client, sendBatches, hostedZoneId, listZone };
  };
  let loaded: ReturnType<typeof load> | undefined;
  const sdk = () => (loaded ??= loadSdk('route53', load));
  const timing = options.timing ?? DEFAULT_TIMING;
  const zoneIds = new Map<string, string>();
  const natives = new Map<string, Map<string, ResourceRecordSet>>();
  const fail = (zone: string, error: unknown): DnsHostError =>
    cloudRequestError(
      'route53',
      host.name,
      zone,
      error,
      error instanceof Error && error.name !== 'Error' && !error.message.startsWith(error.name)
        ? `${error.name}: ${describeError(error)}`
        : describeError(error),
    );
  const zoneId = async (zone: string): Promise<string> => {
    const known = zoneIds.get(zone);
    if (known) return known;
    const { client, hostedZoneId } = await sdk();
    const id = await hostedZoneId(client, timing, zone);
    zoneIds.set(zone, id);
    return id;
  };
  const observe = async (zone: string) => {
    try {
      const id = await zoneId(zone);
      const { client, listZone } = await sdk();
      const read = await listZone(client, timing, host.name, zone, id);
      natives.set(zone, read.natives);
      return read.document;
    } catch (error) {
      throw fail(zone, error);
    }
  };
  const batchesOf = (plan: Parameters<typeof changeBatches>[0]) => {
    try {
      return changeBatches(plan, natives.get(plan.zone) ?? new Map());
    } catch (error) {
      throw conversionError(host.name, plan.zone, error);
    }
  };
  return {
    host: host.name,
    kind: 'route53',
    observe,
    describe: (plan) => describeBatches(plan.zone, batchesOf(plan)),
    async apply(plan) {
      if (plan.units.length === 0) return { requests: 0, lines: [] };
      if (!natives.has(plan.zone)) await observe(plan.zone);
      const batches = batchesOf(plan);
      try {
        const id = await zoneId(plan.zone);
        const { client, sendBatches } = await sdk();
        return await sendBatches(client, timing, plan.zone, id, batches);
      } catch (error) {
        throw fail(plan.zone, error);
      }
    },
  };
}
