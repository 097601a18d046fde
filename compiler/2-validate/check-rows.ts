/**
 * Row rules of SPEC §2 and §4: a row belongs to a known platform and to a
 * landscape that platform lists; an emergency `values` override older than
 * 7 days is a warning. Returns findings; never throws.
 */
import { at } from '../1-load/load-fleet.js';
import { diagnose, type Diagnostic } from '../diagnostics/diagnostic.js';
import type { FleetIndex } from './fleet-index.js';

/** Age in seconds past which an emergency override is reported (SPEC §4: 7 days). */
export const OVERRIDE_MAX_AGE_SECONDS = 7 * 24 * 60 * 60;

/**
 * Runs every row rule. `nowSeconds` (Unix seconds) is the moment the stale-override
 * warning measures against; it changes diagnostics only, never output bytes.
 */
export function checkRows(index: FleetIndex, nowSeconds: number): Diagnostic[] {
  const found: Diagnostic[] = [];
  const reportedPlatforms = new Set<string>();
  for (const row of index.fleet.rows) {
    const [platformName, , landscape] = row.identity as [string, string, string];
    const platform = index.platforms.get(platformName);
    if (!platform) {
      if (!reportedPlatforms.has(platformName)) found.push(diagnose(at(row, []), 'platform_unknown', { platform: platformName }));
      reportedPlatforms.add(platformName);
      continue;
    }
    if (!platform.data.landscapes.includes(landscape)) {
      found.push(diagnose(at(row, []), 'row_landscape_unlisted', { landscape, platform: platformName }));
    }
    if (row.data.values !== undefined && row.data.valuesSince !== undefined) {
      const since = Date.parse(row.data.valuesSince);
      const ageSeconds = nowSeconds - Math.floor(since / 1000);
      if (Number.isFinite(since) && ageSeconds > OVERRIDE_MAX_AGE_SECONDS) {
        found.push(diagnose(at(row, ['valuesSince']), 'row_override_stale', { days: Math.floor(ageSeconds / 86400), since: row.data.valuesSince, landscape }));
      }
    }
  }
  return found;
}
