/**
 * How long a new row's first promotion waits for Argo CD, as arithmetic
 * (SPEC §3.2; docs/engines.md "Promotion timing"). Kargo pushes the pin, then its
 * argocd-update steps look for the row's Applications, which exist only once
 * the ApplicationSet has re-read the row files. A step that finds no
 * Application errors; Kargo retries it on controller-runtime's per-item
 * backoff (the promotion reconciler returns the error), and gives up for good
 * after `errorThreshold` consecutive errors, and Kargo v1.11 never retries a
 * failed auto-promotion of the same Freight. So the retries must outlast the
 * slowest appearance of the Applications.
 */

/** The ApplicationSets' git poll (`requeueAfterSeconds` on every row files generator): Argo CD's default, pinned so a controller-wide setting cannot stretch it. */
export const ROW_POLL_SECONDS = 180;

/** Argo CD's repo-server caches a branch's resolved commit this long (`--revision-cache-expiration`, default 3m; reposerver/cache/cache.go at v3.5.1). */
export const REVISION_CACHE_SECONDS = 180;

/** Without a git webhook, a pushed row's Applications appear at most this long after the push: one poll plus one stale revision cache. */
export const SLOWEST_APPEARANCE_SECONDS = ROW_POLL_SECONDS + REVISION_CACHE_SECONDS;

/** controller-runtime's default per-item backoff (workqueue.DefaultTypedControllerRateLimiter): 5 ms, doubling, at most 1000 s. */
const BACKOFF_BASE_SECONDS = 0.005;
const BACKOFF_MAX_SECONDS = 1000;

/** Seconds from a step's first attempt to its `attempt`-th (1-based) when every attempt before it errored. */
export function secondsBeforeAttempt(attempt: number): number {
  let total = 0;
  for (let i = 1; i < attempt; i++) total += Math.min(BACKOFF_BASE_SECONDS * 2 ** (i - 1), BACKOFF_MAX_SECONDS);
  return total;
}

/** The fewest attempts whose last comes at least twice the slowest appearance after the first (19: 1,311 s, about 22 minutes). */
export const WAIT_ERROR_THRESHOLD = ((): number => {
  let attempts = 1;
  while (secondsBeforeAttempt(attempts) < 2 * SLOWEST_APPEARANCE_SECONDS) attempts += 1;
  return attempts;
})();

/** The wait steps' time limit: longer than the retries above plus a sync, short enough that a stuck Stage is noticed the same hour. */
export const WAIT_TIMEOUT = '30m';
