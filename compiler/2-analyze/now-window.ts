/**
 * When a run's result depends on `--now`: only through the override-age
 * warnings of check-rows.ts (a row's `values` older than
 * {@link OVERRIDE_MAX_AGE_SECONDS}, and its age in whole days in the
 * message; a `valuesSince` after now, with now to the second in the
 * message). The window is the span of instants around `now` at which every
 * such row gives the same finding with the same day count, so a cached result
 * is used only inside it.
 */
import { OVERRIDE_MAX_AGE_SECONDS } from './check-rows.js';

const DAY = 86_400;

/** The instants (Unix seconds, `from` included, `until` excluded) between which a run's diagnostics are the same whatever `--now` is. */
export interface NowWindow {
  from: number;
  until: number;
}

/** Every instant: a result that does not depend on `--now` at all. JSON has no infinity. */
export const ALWAYS: NowWindow = { from: -Number.MAX_SAFE_INTEGER, until: Number.MAX_SAFE_INTEGER };

/** The window around `now` for rows carrying `values` and `valuesSince` (the only ones the rule reads). */
export function nowWindow(rows: readonly { data: { values?: unknown; valuesSince?: string } }[], now: number): NowWindow {
  let { from, until } = ALWAYS;
  for (const row of rows) {
    if (row.data.values === undefined || row.data.valuesSince === undefined) continue;
    const since = Date.parse(row.data.valuesSince);
    if (!Number.isFinite(since)) continue;
    const start = Math.floor(since / 1000);
    const staleFrom = start + OVERRIDE_MAX_AGE_SECONDS + 1;
    if (now < start) {
      // Dated in the future: the message names now, so only this second gives the same result.
      from = Math.max(from, now);
      until = Math.min(until, now + 1);
    } else if (now < staleFrom) {
      // Neither warning: from the override's date until it turns stale.
      from = Math.max(from, start);
      until = Math.min(until, staleFrom);
    } else {
      // Stale: the same until the day count in the message moves.
      const days = Math.floor((now - start) / DAY);
      from = Math.max(from, staleFrom, start + days * DAY);
      until = Math.min(until, start + (days + 1) * DAY);
    }
  }
  return { from, until };
}
