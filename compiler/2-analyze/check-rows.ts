/**
 * Row rules of SPEC §2 and §4: a row belongs to a known platform and to a
 * landscape that platform lists; its service folder is a valid service name
 * (SPEC §2 names: it becomes a Warehouse, a Stage prefix and a host label);
 * Kargo's yaml-update can set its two pin values (see {@link promotionHazards}).
 * Warnings: an emergency `values` override older than 7 days, and a listed
 * landscape without a row (its Stage cannot promote). Returns findings; never
 * throws.
 */
import { isAlias, isMap, isPair, isScalar, type Node } from 'yaml';
import { at, type Loaded } from '../1-load/load-fleet.js';
import { utf8Length } from '../1-load/input-limits.js';
import { nodeAt } from '../1-load/parse-yaml.js';
import { positionOf, spanLocation } from '../1-load/source-file.js';
import { diagnose, type Diagnostic } from '../diagnostics/diagnostic.js';
import { closestName } from '../diagnostics/spelling.js';
import type { Row } from '../types/generated/row.js';
import { misspeltPlatformLandscapes, type FleetIndex } from './fleet-index.js';

/** SPEC §2 service names. */
export const SERVICE_NAME = /^[a-z][a-z0-9]*$/;
const SERVICE_NAME_LENGTH = { min: 1, max: 16 };

/** Age in seconds past which an emergency override is reported (SPEC §4: 7 days). */
export const OVERRIDE_MAX_AGE_SECONDS = 7 * 24 * 60 * 60;

/**
 * SemVer 2.0.0's own regular expression (semver.org), no `v` prefix: what
 * Kargo's chart discovery accepts (akuity/kargo v1.11.2
 * pkg/helm/chart/oci_selector.go, Masterminds' StrictNewVersion on the tag).
 */
const STRICT_SEMVER =
  /^(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)(?:-((?:0|[1-9]\d*|\d*[a-zA-Z-][0-9a-zA-Z-]*)(?:\.(?:0|[1-9]\d*|\d*[a-zA-Z-][0-9a-zA-Z-]*))*))?(?:\+([0-9a-zA-Z-]+(?:\.[0-9a-zA-Z-]+)*))?$/;

/**
 * A pin names both versions or neither: the post-selector drops a row only on
 * an empty chart, so a chart without an image would deploy with an empty image
 * tag. A version Kargo cannot discover is a warning: the row deploys it, but
 * no release will ever promote to it.
 */
function pinVersions(row: Loaded<Row>): Diagnostic[] {
  const { chart, image } = row.data.pin ?? {};
  if (typeof chart !== 'string' || typeof image !== 'string') return [];
  if ((chart === '') !== (image === '')) {
    const [empty, set] = chart === '' ? (['chart', 'image'] as const) : (['image', 'chart'] as const);
    return [diagnose(at(row, ['pin', empty]), 'row_pin_half_empty', { empty: `pin.${empty}`, set: `pin.${set}`, version: row.data.pin[set] })];
  }
  return (['chart', 'image'] as const)
    .filter((key) => row.data.pin[key] !== '' && !STRICT_SEMVER.test(row.data.pin[key]))
    .map((key) => diagnose(at(row, ['pin', key]), 'row_version_not_semver', { key: `pin.${key}`, version: row.data.pin[key] }));
}

/**
 * Runs every row rule. `nowSeconds` (Unix seconds) is the moment the stale-override
 * warning measures against; it changes diagnostics only, never output bytes.
 */
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
      if (!reportedPlatforms.has(platformName)) found.push(diagnose(at(row, []), 'platform_unknown', { platform: platformName }));
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
    found.push(...promotionHazards(row));
    found.push(...pinVersions(row));
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
        // An unregistered landscape is refused by platform_landscape_unknown: no row can be asked for.
        if (!rows.has(landscape) && index.landscapes.has(landscape)) found.push(diagnose(at(platform, ['landscapes', i]), 'row_missing', { service, landscape, platform: platformName }));
      });
    }
  }
  return found;
}

/**
 * The longest line, in UTF-8 bytes, a row may hold. Kargo's yaml-update reads
 * the file with a bufio.Scanner capped at 1 MiB (1,048,576 bytes, line ending
 * included) and fails the step on a longer line; the margin covers a BOM.
 */
export const KARGO_LINE_LIMIT_BYTES = 1_000_000;

/** Line breaks to go.yaml.in/yaml/v3 (Kargo's YAML reader) that Kargo's line writer (bufio.ScanLines, LF only) does not split at: a CR without LF, NEL, LS, PS. */
const KARGO_ONLY_BREAK = /\r(?!\n)|[\u0085\u2028\u2029]/;
const BREAK_NAMES: Record<string, string> = {
  '\r': 'a carriage return without a line feed',
  '\u0085': 'U+0085 NEXT LINE',
  '\u2028': 'U+2028 LINE SEPARATOR',
  '\u2029': 'U+2029 PARAGRAPH SEPARATOR',
};

/**
 * Why Kargo's yaml-update (akuity/kargo v1.11.2 pkg/yaml/yaml.go,
 * `SetValuesInBytes`) could not set `pin.chart` and `pin.image` in this row
 * and leave the rest as written. Design note: that function asks
 * go.yaml.in/yaml/v3 for the line and column of each value, then copies the
 * file line by line (split at LF, at most 1 MiB a line), replacing everything
 * from that column to the end of the line. So it needs both readers to count
 * the same lines, and each pin value to be one scalar with nothing after it
 * on its line; otherwise it corrupts the row, drops a comment, or fails the
 * promotion. test/engines/kargo-yaml-update.test.ts runs the upstream
 * function on every row shape this accepts.
 */
function promotionHazards(row: Loaded<Row>): Diagnostic[] {
  const found: Diagnostic[] = [];
  const { file, doc } = row.parsed;
  if (doc.directives?.yaml.explicit) {
    const offset = Math.max(0, file.text.indexOf('%YAML'));
    found.push(diagnose(spanLocation(file, offset, offset + 5), 'row_kargo_yaml_directive'));
  }
  const strayBreak = KARGO_ONLY_BREAK.exec(file.text);
  if (strayBreak) {
    found.push(
      diagnose(spanLocation(file, strayBreak.index, strayBreak.index + 1), 'row_pin_unreadable_by_kargo', {
        character: BREAK_NAMES[strayBreak[0]] ?? 'a line break',
      }),
    );
  }
  for (let line = 0; line < file.lineStarts.length; line++) {
    const start = file.lineStarts[line] as number;
    const end = (file.lineStarts[line + 1] ?? file.text.length + 1) - 1;
    if ((end - start) * 3 <= KARGO_LINE_LIMIT_BYTES) continue;
    const bytes = utf8Length(file.text.slice(start, end));
    if (bytes <= KARGO_LINE_LIMIT_BYTES) continue;
    found.push(
      diagnose(spanLocation(file, start, start + 1), 'row_kargo_line_too_long', { line: positionOf(file, start).line, bytes, limit: KARGO_LINE_LIMIT_BYTES }),
    );
    break;
  }
  const pin = nodeAt(doc, ['pin']).node;
  if (isAlias(pin)) {
    found.push(
      diagnose(at(row, ['pin']), 'row_pin_value_style', {
        key: 'pin',
        style: 'as an alias',
        effect: 'cannot follow (it looks for pin.chart in a mapping and fails)',
        fix: 'write pin itself in block style: `pin:`, then `  chart: "…"` and `  image: "…"` on lines of their own',
      }),
    );
  } else if (isMap(pin) && pin.flow) {
    found.push(diagnose(at(row, ['pin']), 'row_pin_flow_style', { chart: pinSource(row, 'chart'), image: pinSource(row, 'image') }));
  } else if (isMap(pin)) {
    for (const name of ['chart', 'image'] as const) {
      const pair = pin.items.find((item) => isPair(item) && isScalar(item.key) && String(item.key.value) === name);
      const styles = pair ? valueStyles(file.text, pair.value as Node | null, name, pinSource(row, name)) : [];
      for (const style of styles) found.push(diagnose(at(row, ['pin', name]), 'row_pin_value_style', { key: `pin.${name}`, ...style }));
    }
  }
  return found;
}

type StyleArgs = { style: string; effect: string; fix: string };

/** Each way a pin value is written that yaml-update cannot replace in place, as diagnostic arguments for pin.`name` holding `version` (a quoted YAML string); empty when it can. */
function valueStyles(text: string, node: Node | null, name: string, version: string): StyleArgs[] {
  if (isAlias(node))
    return [
      {
        style: `as an alias (*${node.source})`,
        effect: 'fails on (an alias is no scalar it can set)',
        fix: `write the version itself: \`  ${name}: ${version}\``,
      },
    ];
  if (!isScalar(node) || !node.range) return [];
  const found: StyleArgs[] = [];
  if (node.anchor) {
    found.push({
      style: `with an anchor (&${node.anchor})`,
      effect: 'deletes along with the old value, breaking every alias to it',
      fix: `write the version without an anchor: \`  ${name}: ${version}\``,
    });
  }
  if (node.type === 'BLOCK_LITERAL' || node.type === 'BLOCK_FOLDED' || text.slice(node.range[0], node.range[1]).includes('\n')) {
    found.push({
      style: 'over several lines',
      effect: 'replaces on its first line only, leaving the rest to break the file',
      fix: `write the version on one line: \`  ${name}: ${version}\``,
    });
  } else {
    const lineEnd = text.indexOf('\n', node.range[1]);
    if (
      text
        .slice(node.range[1], lineEnd === -1 ? undefined : lineEnd)
        .trim()
        .startsWith('#')
    ) {
      found.push({ style: 'with a comment after it', effect: 'deletes at every promotion', fix: `move the comment to a line of its own above \`  ${name}:\`` });
    }
  }
  return found;
}

/** The version of pin.`name` as a double-quoted YAML string, `""` when there is none, for the examples in hints. */
function pinSource(row: Loaded<Row>, name: 'chart' | 'image'): string {
  const value: unknown = row.data.pin?.[name];
  return JSON.stringify(typeof value === 'string' ? value : '');
}
