/**
 * Sends Route 53 change batches for one hosted zone, one after the other
 * (writes to a zone are serialized: Route 53 answers PriorRequestNotComplete
 * while an earlier batch for the zone is still being applied), each retried
 * with exponential backoff and jitter on Throttling,
 * PriorRequestNotComplete and 5xx answers, then polls `GetChange` until the batch is
 * `INSYNC` (applied on every Route 53 name server).
 */
import type { Change, Route53Client } from '@aws-sdk/client-route-53';
import { type ApplyOutcome, isServerError, pollUntil, type Timing, withProgress, withRetry } from '../dns-host.js';
import { describeBatches } from './convert.js';

/** True for the errors Route 53 asks to retry later (throttling of any kind, a prior change batch still in progress) and its server errors (5xx). */
export function isRetryable(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const status = (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
  return (
    ['Throttling', 'ThrottlingException', 'PriorRequestNotComplete', 'TooManyRequestsException', 'RequestLimitExceeded'].includes(error.name) ||
    status === 429 ||
    isServerError(error) ||
    /rate exceeded/i.test(error.message)
  );
}

/** Sends `batches` to the hosted zone `zoneId` and waits for each to be INSYNC. Throws the SDK's error (a batch is all-or-nothing; earlier batches stay applied). */
export async function sendBatches(client: Route53Client, timing: Timing, zone: string, zoneId: string, batches: readonly Change[][]): Promise<ApplyOutcome> {
  // Imported here, not at the top: the SDK is an optional peer dependency, loaded when a zone is applied (a bundle keeps a dynamic import lazy).
  const { ChangeResourceRecordSetsCommand, GetChangeCommand } = await import('@aws-sdk/client-route-53');
  for (let i = 0; i < batches.length; i++) {
    try {
      const sent = await withRetry(timing, isRetryable, () =>
        client.send(
          new ChangeResourceRecordSetsCommand({ HostedZoneId: zoneId, ChangeBatch: { Comment: 'diene apply dns', Changes: batches[i] as Change[] } }),
        ),
      );
      const changeId = sent.ChangeInfo?.Id ?? '';
      if (sent.ChangeInfo?.Status !== 'INSYNC') {
        await pollUntil(timing, `change ${changeId}`, async () => {
          const status = await withRetry(timing, isRetryable, () => client.send(new GetChangeCommand({ Id: changeId })));
          return status.ChangeInfo?.Status === 'INSYNC';
        });
      }
    } catch (error) {
      throw withProgress(error, 'change batch', i, batches.length);
    }
  }
  return { requests: batches.length, lines: describeBatches(zone, batches) };
}
