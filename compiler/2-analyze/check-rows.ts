/**
 * Row rules of SPEC §2 and §4: a row belongs to a known platform and to a
 * landscape that platform lists; its service folder is a valid service name
 * (SPEC §2 names: it becomes a Warehouse, a Stage prefix and a host label);
 * Kargo's yaml-update can set its two pin values (1-load/kargo-row-shape.ts).
 * Warnings: an emergency `values` override older than 7 days, and a listed
 * landscape without a row (its Stage cannot promote). Returns findings; never
 * throws.
 */
import { kargoRowFindings } from '../1-load/kargo-row-shape.js';
import { at } from '../1-load/load-fleet.js';
import { utcSeconds } from '../1-load/schema-validation.js';
import { diagnose, type Diagnostic } from '../diagnostics/diagnostic.js';
import { closestName } from '../diagnostics/spelling.js';
import { misspeltPlatformLandscapes, type FleetIndex } from './fleet-index.js';

/** SPEC §2 service names. */
export const SERVICE_NAME = /^[a-z][a-z0-9]*$/;
const SERVICE_NAME_LENGTH = { min: 1, max: 16 };

/** Age in seconds past which an emergency override is reported (SPEC §4: 7 days). */
export const OVERRIDE_MAX_AGE_SECONDS = 7 * 24 * 60 * 60;

/** The edit for a row whose landscape its platform does not list: list it, rename the row to a close listed one, or remove it. */
function unlistedRowFix(index: FleetIndex, listed: readonly string[], landscape: string, platform: string): string {
  if (index.landscapes.has(landscape)) return `add "${landscape}" to landscapes: in carbon/${platform}/platform.yaml, or remove this row`;
  if (index.vlandscapes.has(landscape)) return `remove this row: "${landscape}" is a virtual landscape, which has no rows (its members' rows serve it)`;
  const closest = closestName(landscape, listed);
  if (closest) return `did you mean "${closest}"? rename the row to ${closest}.yaml, or remove it (no landscape "${landscape}" is registered)`;
  return `remove this row: no landscape "${landscape}" is registered (to add one, write registry/landscapes/${landscape}.yaml, then list it in carbon/${platform}/platform.yaml)`;
}

/** A valid service name close to `folder`: lower case, letters and digits only, starting with a letter. */
function serviceNameFor(folder: string): string {
  const letters = folder
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '')
    .replace(/^[0-9]+/, '');
  return letters.length > 0 ? letters.slice(0, 16) : 'service';
}

/**
 * Runs every row rule. `nowSeconds` (Unix seconds) is the moment the override-age
 * warnings (stale, dated in the future) measure against; it changes diagnostics
 * only, never output bytes.
 */
export function checkRows(index: FleetIndex, nowSeconds: number): Diagnostic[] {
  const found: Diagnostic[] = [];
  const reportedPlatforms = new Set<string>();
  const checkedServices = new Set<string>();
  // The rows for the landscape a platform's misspelt listing meant are folded under platform_landscape_unknown.
  const meantByPlatform = new Map<string, Set<string>>();
  const misspelt = (platform: string): Set<string> => {
    let meant = meantByPlatform.get(platform);
    if (!meant) meantByPlatform.set(platform, (meant = new Set(misspeltPlatformLandscapes(index, platform).values())));
    return meant;
  };
  for (const row of index.fleet.rows) {
    const [platformName, , landscape] = row.identity as [string, string, string];
    const platform = index.platforms.get(platformName);
    if (!platform) {
      if (!reportedPlatforms.has(platformName)) {
        const meant = closestName(platformName, index.platforms.keys());
        const guess = meant === undefined ? '' : `did you mean "${meant}"? rename platforms/${platformName}/ to platforms/${meant}/; otherwise `;
        found.push(diagnose(at(row, []), 'platform_unknown', { platform: platformName, guess }));
      }
      reportedPlatforms.add(platformName);
      continue;
    }
    if (!platform.data.landscapes.includes(landscape) && !misspelt(platformName).has(landscape)) {
      found.push(
        diagnose(at(row, []), 'row_landscape_unlisted', {
          landscape,
          platform: platformName,
          fix: unlistedRowFix(index, platform.data.landscapes, landscape, platformName),
        }),
      );
    }
    const service = row.identity[1] as string;
    if (!checkedServices.has(`${platformName}/${service}`)) {
      checkedServices.add(`${platformName}/${service}`);
      const length = [...service].length;
      // The folder carries the name: blame the folder, once, not the first line of one of its rows.
      if (!SERVICE_NAME.test(service))
        found.push(
          diagnose({ file: `platforms/${platformName}/${service}/` }, 'service_folder_invalid', {
            platform: platformName,
            service,
            suggestion: serviceNameFor(service),
          }),
        );
      else if (length < SERVICE_NAME_LENGTH.min || length > SERVICE_NAME_LENGTH.max) {
        found.push(diagnose(at(row, []), 'name_length', { value: service, length, limit: `${SERVICE_NAME_LENGTH.min}–${SERVICE_NAME_LENGTH.max}` }));
      }
    }
    // Found while the row was loaded (1-load/kargo-row-shape.ts), where its positioned document is at hand.
    found.push(...(row.rowFindings ?? kargoRowFindings(row.parsed)));
    if (row.data.values !== undefined && row.data.valuesSince !== undefined) {
      const since = Date.parse(row.data.valuesSince);
      const ageSeconds = nowSeconds - Math.floor(since / 1000);
      if (Number.isFinite(since) && ageSeconds > OVERRIDE_MAX_AGE_SECONDS) {
        found.push(diagnose(at(row, ['valuesSince']), 'row_override_stale', { days: Math.floor(ageSeconds / 86400), since: row.data.valuesSince, landscape }));
      } else if (Number.isFinite(since) && ageSeconds < 0) {
        // A date ahead of now would keep the stale warning silent for as long as it is ahead.
        found.push(diagnose(at(row, ['valuesSince']), 'row_override_in_future', { since: row.data.valuesSince, now: utcSeconds(nowSeconds) }));
      }
    }
  }
  // An empty row folder (given by `materialize`, which counts it as a service) is blamed like one with rows.
  for (const entry of [...index.emptyRowFolders].sort()) {
    const [platformName, service] = entry.split('/') as [string, string];
    if (!index.platforms.has(platformName) || checkedServices.has(entry) || SERVICE_NAME.test(service)) continue;
    checkedServices.add(entry);
    found.push(
      diagnose({ file: `platforms/${platformName}/${service}/` }, 'service_folder_invalid', {
        platform: platformName,
        service,
        suggestion: serviceNameFor(service),
      }),
    );
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
        // An unregistered landscape is refused by platform_landscape_unknown: no row can be asked for.
        if (!rows.has(landscape) && index.landscapes.has(landscape))
          found.push(diagnose(at(platform, ['landscapes', i]), 'row_missing', { service, landscape, platform: platformName }));
      });
    }
  }
  return found;
}
