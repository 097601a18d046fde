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
 * - handled: plain objects and arrays (canonicalized on the way, as
 *   serialize.ts `canonicalize` does: keys in canonical order, null and
 *   undefined left out; integer-like keys declined), finite numbers, booleans, and strings of printable ASCII on one
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
 * their key (`indentSeq`). Text is built by string concatenation, and how
 * each distinct string is written is remembered for the whole stream.
 * test/4-emit/block-yaml.test.ts compares the two writers on every emitted
 * object and on generated values.
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

/** How serialize.ts decides what the library would be told: its quoting rule and its key order. */
export interface BlockYamlRules {
  /** Whether a string must be double-quoted because some YAML reader would take it for another type (serialize.ts `readsAsNonString`). */
  readsAsNonString: (text: string) => boolean;
  /** The canonical order of map keys (serialize.ts `compareKeys`). */
  compareKeys: (a: string, b: string) => number;
}

/**
 * Strings that are plain whatever the rules say: a letter or `_`, then letters,
 * digits and `_ . / = -`, longer than five characters. Such a string has no
 * indicator, no `: ` or ` #`, matches no YAML 1.2 core tag (those that start
 * with a letter are `null`, `true`, `false` and their capitalised forms) and
 * none of the YAML 1.1 words serialize.ts quotes (`y`, `yes`, `on`, `off`,
 * `inf`, …: at most five letters).
 */
const SURELY_PLAIN = /^[A-Za-z_][A-Za-z0-9_./=-]{5,}$/;

/** Keys that JavaScript objects order before all others (array indexes). */
const INTEGER_KEY = /^(?:0|[1-9][0-9]*)$/;

function isPlainObject(value: object): value is Record<string, unknown> {
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

/** The writer's state for one document: the rules and the text of every string already written. */
interface Writer {
  rules: BlockYamlRules;
  texts: Map<string, string>;
}

function mustQuote(text: string, rules: BlockYamlRules): boolean {
  if (text !== '' && rules.readsAsNonString(text)) return true;
  if (NOT_PLAIN.test(text)) return true;
  for (const test of CORE_NON_STRING_TESTS) if (test.test(text)) return true;
  return false;
}

function stringText(text: string, isKey: boolean, writer: Writer): string {
  if (SURELY_PLAIN.test(text)) {
    if (isKey && text.length > MAX_KEY_LENGTH) throw new Declined();
    return text;
  }
  let written = writer.texts.get(text);
  if (written === undefined) {
    if (!PRINTABLE_ASCII.test(text) || text.startsWith('---') || text.startsWith('...')) throw new Declined();
    written = mustQuote(text, writer.rules) ? JSON.stringify(text) : text;
    writer.texts.set(text, written);
  }
  if (isKey && written.length > MAX_KEY_LENGTH) throw new Declined();
  return written;
}

function scalarText(value: unknown, writer: Writer): string {
  if (typeof value === 'string') return stringText(value, false, writer);
  if (typeof value === 'number' && Number.isFinite(value)) return Object.is(value, -0) ? '-0' : JSON.stringify(value);
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  throw new Declined();
}

/** A collection (array or plain object), `undefined` for a scalar; declines other objects. */
function isCollection(value: unknown): value is unknown[] | Record<string, unknown> {
  if (value === null || typeof value !== 'object') return false;
  if (Array.isArray(value) || isPlainObject(value)) return true;
  throw new Declined();
}

/**
 * The block text of a map or sequence, canonicalized on the way (keys in
 * canonical order, null and undefined entries left out, as serialize.ts
 * `canonicalize` does): first line without indentation, later lines at
 * `indent`; `''` when nothing is left in it.
 */
function block(value: unknown[] | Record<string, unknown>, indent: string, writer: Writer): string {
  let text = '';
  const inner = `${indent}  `;
  if (Array.isArray(value)) {
    for (const item of value) {
      if (item === null || item === undefined) continue;
      if (text !== '') text += `\n${indent}`;
      if (isCollection(item)) {
        const nested = block(item, inner, writer);
        text += nested === '' ? (Array.isArray(item) ? '- []' : '- {}') : `- ${nested}`;
      } else text += `- ${scalarText(item, writer)}`;
    }
    return text;
  }
  for (const key of Object.keys(value).sort(writer.rules.compareKeys)) {
    const item = value[key];
    if (item === null || item === undefined) continue;
    // `canonicalize` rebuilds the object, where integer-like keys move first and `__proto__` is no own key: leave those to it.
    if (key === '__proto__' || INTEGER_KEY.test(key)) throw new Declined();
    if (text !== '') text += `\n${indent}`;
    text += `${stringText(key, true, writer)}:`;
    if (isCollection(item)) {
      const nested = block(item, inner, writer);
      text += nested === '' ? (Array.isArray(item) ? ' []' : ' {}') : `\n${inner}${nested}`;
    } else text += ` ${scalarText(item, writer)}`;
  }
  return text;
}

/**
 * The document text (final newline included) that serialize.ts's library
 * path writes for `canonicalize(value)`, or `undefined` when `value` is
 * outside the shape this writer handles. `texts` remembers how each string
 * was written, across the documents of one stream.
 */
export function writeBlockYaml(value: unknown, rules: BlockYamlRules, texts: Map<string, string> = new Map()): string | undefined {
  try {
    if (Array.isArray(value) || !isCollection(value)) return undefined;
    const text = block(value, '', { rules, texts });
    return text === '' ? undefined : `${text}\n`;
  } catch (error) {
    if (error instanceof Declined) return undefined;
    throw error;
  }
}
