/**
 * A new row's first promotion must succeed without a human (SPEC §3.1, §3.2):
 * its argocd-update steps keep retrying until the ApplicationSet has re-read
 * the pushed row and created the Applications. The retry schedule here is
 * simulated as the engines run it, independently of compiler/3-emit/promotion-timing.ts:
 *
 * - Kargo v1.11.2 pkg/promotion/local_orchestrator.go determineStepCompletion: an
 *   errored step counts an error and fails for good once ErrorCount reaches
 *   `retry.errorThreshold`, or once `retry.timeout` has passed since it started;
 *   pkg/controller/promotions/promotions.go returns the error, so the Promotion
 *   is requeued by controller-runtime's rate limiter.
 * - client-go util/workqueue default_rate_limiters.go ItemExponentialFailureRateLimiter(5ms, 1000s):
 *   the n-th consecutive failure waits 5 ms × 2^(n-1), at most 1000 s.
 * - Argo CD v3.5.1 applicationset/generators/git.go GetRequeueAfter (the git
 *   generator's requeueAfterSeconds, else 3 minutes), matrix.go (the smallest
 *   of its children) and reposerver/cache/cache.go (a branch's commit cached
 *   3 minutes): without a webhook, the Applications appear at most one poll
 *   plus one cache lifetime after the push.
 */
import { describe, expect, it } from 'vitest';
import { parseAllDocuments } from 'yaml';
import { compileFleet } from '../../compiler/index.js';
import { readFleetTexts, TEST_NOW_SECONDS, toSourceFiles } from '../support/fleet-fixture.js';

type Json = Record<string, any>;

const REVISION_CACHE_SECONDS = 180;

function objects(outputs: Map<string, string>, folder: string): Json[] {
  return [...outputs]
    .filter(([file]) => file.startsWith(folder))
    .flatMap(([, text]) => parseAllDocuments(text).map((doc) => (Array.isArray(doc) ? null : doc.toJS()) as Json | null))
    .filter((o): o is Json => o !== null);
}

/** Seconds from `spec` to a duration such as `30m`, `1h30m`. */
function seconds(duration: string): number {
  return [...duration.matchAll(/(\d+)(h|m|s)/g)].reduce((sum, [, n, unit]) => sum + Number(n) * (unit === 'h' ? 3600 : unit === 'm' ? 60 : 1), 0);
}

/** When the step succeeds (the first attempt at or after `appearsAt`), or `undefined` when it fails for good first. */
function stepOutcome(retry: { errorThreshold: number; timeout: string }, appearsAt: number): { succeededAt?: number; failedAt?: number } {
  let now = 0;
  let errors = 0;
  for (;;) {
    if (now >= appearsAt) return { succeededAt: now };
    errors += 1;
    if (errors >= retry.errorThreshold || now > seconds(retry.timeout)) return { failedAt: now };
    now += Math.min(0.005 * 2 ** (errors - 1), 1000);
  }
}

describe('promotion timing: a new row is promoted without a human', () => {
  const result = compileFleet(toSourceFiles(readFleetTexts()), { nowSeconds: TEST_NOW_SECONDS });
  const outputs = result.outputs as Map<string, string>;
  const applicationSets = objects(outputs, 'argocd/').filter((o) => o['kind'] === 'ApplicationSet');
  const waitSteps = objects(outputs, 'kargo/')
    .filter((o) => o['kind'] === 'Stage')
    .flatMap((stage) => stage['spec']['promotionTemplate']['spec']['steps'] as Json[])
    .filter((step) => step['uses'] === 'argocd-update');

  const pollSeconds = (set: Json): number => {
    const generator = set['spec']['generators'][0];
    const git = (generator['matrix'] ? generator['matrix']['generators'][0] : generator)['git'];
    return git['requeueAfterSeconds'] ?? 180;
  };

  it('every ApplicationSet re-reads its rows every 180 s, pinned in the object', () => {
    expect(applicationSets.length).toBe(8);
    for (const set of applicationSets) expect(pollSeconds(set), set['metadata']['name']).toBe(180);
  });

  it('every argocd-update step retries past the slowest appearance of its Applications, with room to spare', () => {
    const slowest = Math.max(...applicationSets.map(pollSeconds)) + REVISION_CACHE_SECONDS;
    expect(slowest).toBe(360);
    expect(waitSteps.length).toBeGreaterThan(0);
    for (const step of waitSteps) {
      expect(step['retry']).toEqual({ errorThreshold: 19, timeout: '30m' });
      const outcome = stepOutcome(step['retry'], slowest);
      expect(outcome.failedAt).toBeUndefined();
      expect(outcome.succeededAt).toBeGreaterThanOrEqual(slowest);
      expect(stepOutcome(step['retry'], 2 * slowest).succeededAt, 'still succeeds when the Applications take twice as long').toBeDefined();
    }
  });

  it('the former threshold of 10 gave up after 2.6 s, long before a poll', () => {
    const outcome = stepOutcome({ errorThreshold: 10, timeout: '30m' }, 360);
    expect(outcome.succeededAt).toBeUndefined();
    expect(outcome.failedAt).toBeCloseTo(2.555, 3);
  });

  it('with a webhook (Applications within seconds) the step succeeds on one of its first retries', () => {
    const outcome = stepOutcome({ errorThreshold: 19, timeout: '30m' }, 5);
    expect(outcome.succeededAt).toBeCloseTo(5.115, 3);
  });
});
