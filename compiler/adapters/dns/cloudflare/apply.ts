/**
 * Sends Cloudflare `/batch` calls for one zone, one after the other, each
 * retried with backoff on 429 (rate limited) and 5xx answers. The adapter
 * turns the `cloudflare` client's own retries off, so these are the only
 * ones. A batch is one transaction: a failed one changed nothing, and
 * Cloudflare's first error is reported.
 */
import type Cloudflare from 'cloudflare';
import { type ApplyOutcome, isServerError, type Timing, withProgress, withRetry } from '../dns-host.js';
import { describeBatches, type BatchBody } from './convert.js';

/** True for rate-limit answers and server errors. */
export function isRetryable(error: unknown): boolean {
  return (error as { status?: unknown }).status === 429 || isServerError(error);
}

/** Sends `bodies` to the zone `id`. */
export async function sendBatches(client: Cloudflare, timing: Timing, zone: string, id: string, bodies: readonly BatchBody[]): Promise<ApplyOutcome> {
  for (let i = 0; i < bodies.length; i++) {
    const body = bodies[i] as BatchBody;
    try {
      await withRetry(timing, isRetryable, () =>
        client.dns.records.batch({ zone_id: id, ...body } as unknown as Parameters<Cloudflare['dns']['records']['batch']>[0]),
      );
    } catch (error) {
      throw withProgress(error, 'batch', i, bodies.length);
    }
  }
  return { requests: bodies.length, lines: describeBatches(zone, bodies) };
}
