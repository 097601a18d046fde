/**
 * A fast writer of block YAML that gives exactly the bytes the `yaml` library
 * gives with serialize.ts's options, for the plain values emitters build.
 *
 * Design note. Building a `yaml` Document and stringifying it costs about
 * half of a whole compile at fleet scale (issue 8), for output that is always
 * the same simple shape: block maps and sequences of strings, numbers and
 * booleans. This writer covers exactly that shape and *declines* (returns
 * `undefined`) on anything else, so the caller falls back to the library:
 *
 * - handled: plain objects and arrays (already canonical: keys in order, no
 *   null), finite numbers, booleans, and strings of printable ASCII on one
 *   line (U+0020–U+007E) that do not start with `---` or `...` (document
 *   markers, which the library treats by position), keys up to 1,000
 *   characters (longer ones become explicit `? ` keys);
 * - declined: everything else (other characters, line breaks, other object
 *   types, an empty or non-map root).
 *
 * The rules below are the library's own (yaml 2.x `stringifyString`,
 * `stringifyPair`, `stringifyCollection`, `stringifyNumber`) narrowed to that
 * shape: with `lineWidth: 0` nothing folds; a string is double-quoted (as
 * `JSON.stringify` writes it, which for printable ASCII is what the library
 * writes) when serialize.ts marks it, when a plain scalar would be misread
 * (indicator characters, `: `, ` #`, leading or trailing space) or when the
 * YAML 1.2 core schema would resolve it to another type; otherwise it is
 * plain. Empty collections are `{}` and `[]`; sequences are indented under
 * their key (`indentSeq`). test/4-emit/block-yaml.test.ts compares the two
 * writers on every emitted object and on generated values.
 */
import { Document } from 'yaml';

/** The YAML 1.2 core schema's non-string tag tests (null, bool, int, float forms), taken from the library itself. */
const CORE_NON_STRING_TESTS: readonly RegExp[] = new Document(null, { version: '1.2' }).schema.tags
  .filter((tag) => tag.default && tag.tag !== 'tag:yaml.org,2002:str' && tag.test instanceof RegExp)
  .map((tag) => tag.test as RegExp);

/** The library's test for a plain scalar that cannot be written plain (stringifyString.js `plainString`), for one-line text. */
const NOT_PLAIN = /^[\n\t ,[\]{}#&*!|>'"%@`]|^[?-]$|^[?-][ \t]|[\n:][ \t]|[ \t]\n|[\n\t ]#|[\n\t :]$/;

const PRINTABLE_ASCII = /^[\x20-\x7e]*$/;

/** Longest key text written as an implicit key (the library turns longer ones into explicit `? ` keys). */
const MAX_KEY_LENGTH = 1024;

/** Marks a value this writer does not handle. */
class Declined extends Error {}

/** Whether a string must be double-quoted because some YAML reader would take it for another type; supplied by serialize.ts. */
export type ReadsAsNonString = (text: string) => boolean;

function isPlainObject(value: object): value is Record<string, unknown> {
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

function stringText(text: string, isKey: boolean, readsAsNonString: ReadsAsNonString): string {
  if (!PRINTABLE_ASCII.test(text) || text.startsWith('---') || text.startsWith('...')) throw new Declined();
  const written = mustQuote(text, readsAsNonString) ? JSON.stringify(text) : text;
  if (isKey && written.length > MAX_KEY_LENGTH) throw new Declined();
  return written;
}

function mustQuote(text: string, readsAsNonString: ReadsAsNonString): boolean {
  if (text !== '' && readsAsNonString(text)) return true;
  if (NOT_PLAIN.test(text)) return true;
  for (const test of CORE_NON_STRING_TESTS) if (test.test(text)) return true;
  return false;
}

function scalarText(value: unknown, readsAsNonString: ReadsAsNonString): string {
  if (typeof value === 'string') return stringText(value, false, readsAsNonString);
  if (typeof value === 'number' && Number.isFinite(value)) return Object.is(value, -0) ? '-0' : JSON.stringify(value);
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  throw new Declined();
}

/** Whether `value` is a collection, and then whether it is empty (written `{}` or `[]` on the key's line). */
function collection(value: unknown): 'none' | 'empty' | 'items' {
  if (Array.isArray(value)) return value.length === 0 ? 'empty' : 'items';
  if (value !== null && typeof value === 'object') {
    if (!isPlainObject(value)) throw new Declined();
    return Object.keys(value).length === 0 ? 'empty' : 'items';
  }
  return 'none';
}

/**
 * Appends the block text of `value` (a non-empty map or sequence) to `out`,
 * first line without indentation, later lines at `indent`.
 */
function writeBlock(value: unknown, indent: string, out: string[], readsAsNonString: ReadsAsNonString): void {
  let first = true;
  const newline = (): void => {
    if (first) first = false;
    else out.push('\n', indent);
  };
  if (Array.isArray(value)) {
    const inner = `${indent}  `;
    for (const item of value) {
      newline();
      out.push('- ');
      writeValueAfterIndicator(item, inner, out, readsAsNonString);
    }
    return;
  }
  const inner = `${indent}  `;
  for (const key of Object.keys(value as Record<string, unknown>)) {
    newline();
    out.push(stringText(key, true, readsAsNonString), ':');
    const item = (value as Record<string, unknown>)[key];
    const kind = collection(item);
    if (kind === 'items') {
      out.push('\n', inner);
      writeBlock(item, inner, out, readsAsNonString);
    } else if (kind === 'empty') out.push(Array.isArray(item) ? ' []' : ' {}');
    else out.push(' ', scalarText(item, readsAsNonString));
  }
}

/** A sequence item after its `- `: a nested block starts on the same line. */
function writeValueAfterIndicator(item: unknown, indent: string, out: string[], readsAsNonString: ReadsAsNonString): void {
  const kind = collection(item);
  if (kind === 'items') writeBlock(item, indent, out, readsAsNonString);
  else if (kind === 'empty') out.push(Array.isArray(item) ? '[]' : '{}');
  else out.push(scalarText(item, readsAsNonString));
}

/**
 * The document text (final newline included) of the canonical value `value`,
 * exactly as serialize.ts's library path writes it, or `undefined` when
 * `value` is outside the shape this writer handles.
 */
export function writeBlockYaml(value: unknown, readsAsNonString: ReadsAsNonString): string | undefined {
  const out: string[] = [];
  try {
    if (Array.isArray(value) || collection(value) !== 'items') return undefined;
    writeBlock(value, '', out, readsAsNonString);
  } catch (error) {
    if (error instanceof Declined) return undefined;
    throw error;
  }
  out.push('\n');
  return out.join('');
}
