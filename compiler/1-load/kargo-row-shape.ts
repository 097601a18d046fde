/**
 * What Kargo needs of one row (SPEC §4): pin versions its chart discovery
 * accepts, and a shape its yaml-update can edit. Checked while the row is
 * loaded, where its positioned document is at hand, so that later phases
 * need that document only to place a finding of their own (and a row a
 * cache answers needs it not at all). The findings are reported by the row
 * rules (2-analyze/check-rows.ts), for rows of a known platform only. Pure.
 */
import { isAlias, isMap, isPair, isScalar, type Node } from 'yaml';
import { diagnose, type Diagnostic } from '../diagnostics/diagnostic.js';
import type { Row } from '../types/generated/row.js';
import { utf8Length } from './input-limits.js';
import { locate, nodeAt, type ParsedDocument } from './parse-yaml.js';
import { positionOf, spanLocation } from './source-file.js';

/**
 * SemVer 2.0.0's own regular expression (semver.org), no `v` prefix: what
 * Kargo's chart discovery accepts (akuity/kargo v1.11.2
 * pkg/helm/chart/oci_selector.go, Masterminds' StrictNewVersion on the tag).
 */
const STRICT_SEMVER =
  /^(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)(?:-((?:0|[1-9]\d*|\d*[a-zA-Z-][0-9a-zA-Z-]*)(?:\.(?:0|[1-9]\d*|\d*[a-zA-Z-][0-9a-zA-Z-]*))*))?(?:\+([0-9a-zA-Z-]+(?:\.[0-9a-zA-Z-]+)*))?$/;

/**
 * A chart version Argo CD and Helm may pull as written: a superset of what
 * Masterminds/semver's NewVersion accepts (an optional lower-case `v`, one to
 * three numbers, a prerelease, build metadata). Argo CD v3.5.1
 * (util/versions/tags.go MaxVersion) and Helm v4 (pkg/registry/client.go
 * ValidateReference) both pull such a revision as the tag spelt so, which
 * `helm push` makes for a chart whose own version is spelt so.
 */
const LENIENT_VERSION = /^v?\d+(?:\.\d+){0,2}(?:-[0-9A-Za-z.-]*)?(?:\+[0-9A-Za-z.-]*)?$/;
/**
 * A wildcard range (`1.x`, `v1.4.X`): the one kind of range the row schema's
 * characters allow (the others need a space, `^`, `~`, `<`, `>` or `*`).
 * Argo CD and Helm resolve it to the highest tag that matches.
 */
const WILDCARD_RANGE = /^v?(?:\d+|[xX])(?:\.(?:\d+|[xX])){0,2}$/;

/**
 * A pin names both versions or neither: the post-selector drops a row only on
 * an empty chart, so a chart without an image would deploy with an empty image
 * tag. A version Kargo cannot discover is a warning where the row still
 * deploys it (a tag may be spelt so: `v1.2`, `1.2`; any image tag), though no
 * release will ever promote to it; a chart pin that is neither a version nor a
 * range to Masterminds/semver (`1.4.2.`, `latest`, `V1.4.2`) is an error:
 * Argo CD then looks for a tag spelt exactly so, which no chart Helm publishes
 * has, so the row's Applications never render (docs/diagnostics.md).
 */
function pinVersions(row: ParsedDocument): Diagnostic[] {
  const pin = (row.value as Row).pin;
  const { chart, image } = pin ?? {};
  if (typeof chart !== 'string' || typeof image !== 'string') return [];
  if ((chart === '') !== (image === '')) {
    const [empty, set] = chart === '' ? (['chart', 'image'] as const) : (['image', 'chart'] as const);
    return [diagnose(locate(row, ['pin', empty]), 'row_pin_half_empty', { empty: `pin.${empty}`, set: `pin.${set}`, version: pin[set] })];
  }
  return (['chart', 'image'] as const)
    .filter((key) => pin[key] !== '' && !STRICT_SEMVER.test(pin[key]))
    .map((key) =>
      diagnose(locate(row, ['pin', key]), key === 'chart' && !chartResolvable(pin[key]) ? 'row_chart_version_unresolvable' : 'row_version_not_semver', {
        key: `pin.${key}`,
        version: pin[key],
        example: semverExample(pin[key]),
      }),
    );
}

/** Whether Argo CD and Helm may resolve `version` (a pin the row schema allows) as a chart's targetRevision to a tag `helm push` makes: a version or a wildcard range. */
export function chartResolvable(version: string): boolean {
  return LENIENT_VERSION.test(version) || WILDCARD_RANGE.test(version);
}

/**
 * The example of `row_version_not_semver`'s hint: the strict version the pin
 * most likely stands for (a leading `v` and a trailing `.` dropped, a
 * MAJOR.MINOR padded with `.0`), or a neutral one when none follows from it
 * (`latest`): a made-up version next to the value would read as its fix.
 */
export function semverExample(version: string): string {
  const bare = version.replace(/^[vV]/, '').replace(/\.$/, '');
  const padded = /^\d+\.\d+$/.test(bare) ? `${bare}.0` : bare;
  return STRICT_SEMVER.test(padded) ? `e.g. ${padded} for "${version}"` : 'a version such as 1.4.2';
}

/** The findings of {@link promotionHazards}, then of {@link pinVersions}, of one loaded row. */
export function kargoRowFindings(row: ParsedDocument): Diagnostic[] {
  return [...promotionHazards(row), ...pinVersions(row)];
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
function promotionHazards(row: ParsedDocument): Diagnostic[] {
  const found: Diagnostic[] = [];
  const { file, doc } = row;
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
      diagnose(locate(row, ['pin']), 'row_pin_value_style', {
        key: 'pin',
        style: 'as an alias',
        effect: 'cannot follow (it looks for pin.chart in a mapping and fails)',
        fix: 'write pin itself in block style: `pin:`, then `  chart: "…"` and `  image: "…"` on lines of their own',
      }),
    );
  } else if (isMap(pin) && pin.flow) {
    found.push(diagnose(locate(row, ['pin']), 'row_pin_flow_style', { chart: pinSource(row, 'chart'), image: pinSource(row, 'image') }));
  } else if (isMap(pin)) {
    for (const name of ['chart', 'image'] as const) {
      const pair = pin.items.find((item) => isPair(item) && isScalar(item.key) && String(item.key.value) === name);
      const styles = pair ? valueStyles(file.text, pair.value as Node | null, name, pinSource(row, name)) : [];
      for (const style of styles) found.push(diagnose(locate(row, ['pin', name]), 'row_pin_value_style', { key: `pin.${name}`, ...style }));
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
function pinSource(row: ParsedDocument, name: 'chart' | 'image'): string {
  const value: unknown = (row.value as Partial<Row>).pin?.[name];
  return JSON.stringify(typeof value === 'string' ? value : '');
}
