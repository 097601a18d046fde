/**
 * The row as the fleet's tools and Kargo's yaml-update leave it, read without
 * the YAML library:
 *
 *     pin:
 *       chart: "1.7.1"
 *       image: "1.7.1"
 *
 * Design note. Rows are nineteen in twenty input files of a fleet, and the
 * library's lexer, parser and composer cost about 70 µs each: most of a cold
 * compile's parsing. This reader takes only that exact text (`chart` and
 * `image` in either order, each a double-quoted strict version MAJOR.MINOR.PATCH,
 * or both empty, LF line ends, nothing else: no comment, no `values`) and declines
 * (`undefined`) anything else, which the library reads. On what it takes, the
 * library finds no problem (no YAML, secret, schema or Kargo finding) and
 * gives the same value: test/1-load/canonical-row.test.ts compares the two on
 * every shape, and on every row of the benchmark fleets. The positioned
 * document is made by the library when a check asks for it.
 */

/** A strict version core with no leading zeros (what row_version_not_semver accepts without a prerelease), or nothing. */
const VERSION = '((?:0|[1-9]\\d{0,8})\\.(?:0|[1-9]\\d{0,8})\\.(?:0|[1-9]\\d{0,8}))?';
const CANONICAL = new RegExp(`^pin:\\n  (chart|image): "${VERSION}"\\n  (chart|image): "${VERSION}"\\n$`);

/** The values the library counts in a canonical row (the keys `pin`, `chart`, `image` and the two pins), against the value budget. */
export const CANONICAL_ROW_VALUES = 5;

/** The value of `text` when it is a canonical row, as the YAML library would give it; `undefined` otherwise. */
export function canonicalRow(text: string): { pin: { chart: string; image: string } } | undefined {
  // The shortest canonical row is 34 characters, the longest about a hundred: anything longer is not one.
  // Stryker disable next-line ConditionalExpression,LogicalOperator,EqualityOperator: a fast path only; the anchored expression declines the same texts
  if (text.length > 128 || text.charCodeAt(0) !== 0x70) return undefined;
  const match = CANONICAL.exec(text);
  if (match === null || match[1] === match[3]) return undefined;
  const first = match[2] ?? '';
  const second = match[4] ?? '';
  // One pin empty and the other not is an error (row_pin_half_empty): the library's path says so.
  if ((first === '') !== (second === '')) return undefined;
  // Keys in the text's order, as the library makes them.
  return { pin: match[1] === 'chart' ? { chart: first, image: second } : { image: first, chart: second } };
}
