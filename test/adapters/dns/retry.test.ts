/**
 * The appliers' one retry loop (compiler/adapters/dns/dns-host.ts): full
 * jitter within the doubling window, and the wait a host asks for in
 * `Retry-After` (seconds or an HTTP date, RFC 9110 §10.2.3) or
 * `retry-after-ms`, read from the shapes the SDKs' errors carry their
 * response headers in. The SDKs themselves are exercised against local
 * servers in cloud-contract.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { backoffMs, MAX_RETRY_AFTER_MS, retryAfterMs, withRetry, type Timing } from '../../../compiler/adapters/dns/dns-host.js';

function timing(sleeps: number[]): Timing {
  return { sleep: async (ms) => void sleeps.push(ms), propagationTimeoutMs: 1000, maxAttempts: 4, baseDelayMs: 1000 };
}

describe('the appliers retry loop', () => {
  it('draws each backoff from the whole doubling window (full jitter), capped at 20 s', () => {
    const draws = Array.from({ length: 2000 }, () => backoffMs(timing([]), 3));
    expect(Math.min(...draws)).toBeLessThan(400);
    expect(Math.max(...draws)).toBeGreaterThan(3600);
    expect(Math.max(...draws)).toBeLessThan(4000);
    expect(Math.max(...Array.from({ length: 200 }, () => backoffMs(timing([]), 30)))).toBeLessThan(20_000);
  });

  it('reads Retry-After from a Fetch Headers, an AWS $response and a Google response, in seconds, as a date, or in ms', () => {
    const now = Date.parse('2026-11-21T00:00:00Z');
    expect(retryAfterMs({ headers: new Headers({ 'retry-after-ms': '250' }) }, now)).toBe(250);
    expect(retryAfterMs({ $response: { headers: { 'retry-after': '3' } } }, now)).toBe(3000);
    expect(retryAfterMs({ response: { headers: { 'retry-after': 'Sat, 21 Nov 2026 00:00:07 GMT' } } }, now)).toBe(7000);
    expect(retryAfterMs({ response: { headers: { 'retry-after': 'Fri, 20 Nov 2026 23:00:00 GMT' } } }, now)).toBe(0);
    expect(retryAfterMs(new Error('no answer'), now)).toBeUndefined();
    expect(retryAfterMs({ headers: { 'retry-after': 'soon' } }, now)).toBeUndefined();
  });

  it('waits the longer of the backoff and Retry-After, and stops when the host asks for more than the longest wait', async () => {
    const sleeps: number[] = [];
    let calls = 0;
    const throttled = (seconds: number) => Object.assign(new Error('429'), { $response: { headers: { 'retry-after': String(seconds) } } });
    await expect(
      withRetry(
        timing(sleeps),
        () => true,
        async () => {
          calls++;
          if (calls < 3) throw throttled(30);
          return 'written';
        },
      ),
    ).resolves.toBe('written');
    expect(sleeps).toEqual([30_000, 30_000]);
    sleeps.length = 0;
    calls = 0;
    const tooLong = throttled(MAX_RETRY_AFTER_MS / 1000 + 1);
    await expect(
      withRetry(
        timing(sleeps),
        () => true,
        async () => {
          calls++;
          throw tooLong;
        },
      ),
    ).rejects.toBe(tooLong);
    expect([calls, sleeps]).toEqual([1, []]);
  });
});
