/**
 * Row rules of SPEC §2 and §4: a row belongs to a known platform and to a
 * landscape that platform lists; its service folder is a valid service name
 * (SPEC §2 names: it becomes a Warehouse, a Stage prefix and a host label);
 * `pin` is written in block style, one key a line, because Kargo's
 * yaml-update rewrites values line by line and would corrupt a one-line
 * `pin: {chart: …, image: …}`. Warnings: an emergency `values` override older
 * than 7 days, and a listed landscape without a row (its Stage cannot promote).
 * Returns findings; never throws.
 */
import { isMap } from 'yaml';
import { at } from '../1-load/load-fleet.js';
import { nodeAt } from '../1-load/parse-yaml.js';
import { diagnose, type Diagnostic } from '../diagnostics/diagnostic.js';
import type { FleetIndex } from './fleet-index.js';

/** SPEC §2 service names. */
export const SERVICE_NAME = /^[a-z][a-z0-9]*$/;
const SERVICE_NAME_LENGTH = { min: 1, max: 16 };

/** Age in seconds past which an emergency override is reported (SPEC §4: 7 days). */
export const OVERRIDE_MAX_AGE_SECONDS = 7 * 24 * 60 * 60;

/**
 * Runs every row rule. `nowSeconds` (Unix seconds) is the moment the stale-override
 * warning measures against; it changes diagnostics only, never output bytes.
 */
export function checkRows(index: FleetIndex, nowSeconds: number): Diagnostic[] {
  const found: Diagnostic[] = [];
  const reportedPlatforms = new Set<string>();
  const checkedServices = new Set<string>();
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
    const service = row.identity[1] as string;
    if (!checkedServices.has(`${platformName}/${service}`)) {
      checkedServices.add(`${platformName}/${service}`);
      const length = [...service].length;
      if (!SERVICE_NAME.test(service)) found.push(diagnose(at(row, []), 'name_invalid', { value: service }));
      else if (length < SERVICE_NAME_LENGTH.min || length > SERVICE_NAME_LENGTH.max) {
        found.push(diagnose(at(row, []), 'name_length', { value: service, length, limit: `${SERVICE_NAME_LENGTH.min}–${SERVICE_NAME_LENGTH.max}` }));
      }
    }
    const pin = nodeAt(row.parsed.doc, ['pin']).node;
    if (isMap(pin) && pin.flow) found.push(diagnose(at(row, ['pin']), 'row_pin_flow_style'));
    if (row.data.values !== undefined && row.data.valuesSince !== undefined) {
      const since = Date.parse(row.data.valuesSince);
      const ageSeconds = nowSeconds - Math.floor(since / 1000);
      if (Number.isFinite(since) && ageSeconds > OVERRIDE_MAX_AGE_SECONDS) {
        found.push(diagnose(at(row, ['valuesSince']), 'row_override_stale', { days: Math.floor(ageSeconds / 86400), since: row.data.valuesSince, landscape }));
      }
    }
  }
  found.push(...missingRows(index));
  return found;
}

/** A warning for each (service, listed landscape) without a row: its Stage would edit a file that does not exist. */
function missingRows(index: FleetIndex): Diagnostic[] {
  const found: Diagnostic[] = [];
  for (const [platformName, services] of [...index.rows].sort(([a], [b]) => (a < b ? -1 : 1))) {
    const platform = index.platforms.get(platformName);
    if (!platform) continue;
    for (const [service, rows] of [...services].sort(([a], [b]) => (a < b ? -1 : 1))) {
      platform.data.landscapes.forEach((landscape, i) => {
        if (!rows.has(landscape)) found.push(diagnose(at(platform, ['landscapes', i]), 'row_missing', { service, landscape, platform: platformName }));
      });
    }
  }
  return found;
}
