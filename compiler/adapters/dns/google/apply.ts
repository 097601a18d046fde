/**
 * Sends Google Cloud DNS Changes for one managed zone, one after the other,
 * each retried with backoff when the API answers 429 (rate limit) or 5xx, then
 * polled (`changes.get`) until its status is `done`. A Change is atomic:
 * a failed one (409 alreadyExists, 412 conditionNotMet for a deletion that
 * does not match) changed nothing.
 */
import type { Zone } from '@google-cloud/dns';
import { type ApplyOutcome, isServerError, pollUntil, type Timing, withProgress, withRetry } from '../dns-host.js';
import { describeChanges, type ChangeBody } from './convert.js';

/** True for the API's rate-limit answers and its server errors. */
export function isRetryable(error: unknown): boolean {
  const code = (error as { code?: unknown }).code;
  const reason = JSON.stringify((error as { errors?: unknown }).errors ?? '');
  return code === 429 || /rateLimitExceeded/.test(reason) || isServerError(error);
}

/** Sends `bodies` to `managed` and waits for each to be done. */
export async function sendChanges(managed: Zone, timing: Timing, zone: string, bodies: readonly ChangeBody[]): Promise<ApplyOutcome> {
  for (let i = 0; i < bodies.length; i++) {
    const body = bodies[i] as ChangeBody;
    try {
      const [change] = await withRetry(timing, isRetryable, () =>
        managed.createChange({
          add: body.additions.map((rs) => managed.record(rs.type, rs as never)),
          delete: body.deletions.map((rs) => managed.record(rs.type, rs as never)),
        }),
      );
      let status = (change.metadata as { status?: string }).status;
      await pollUntil(timing, `change ${change.id ?? '?'}`, async () => {
        if (status === 'done') return true;
        const [metadata] = await withRetry(timing, isRetryable, () => change.getMetadata());
        status = (metadata as { status?: string }).status;
        return status === 'done';
      });
    } catch (error) {
      throw withProgress(error, 'Change', i, bodies.length);
    }
  }
  return { requests: bodies.length, lines: describeChanges(zone, bodies) };
}
