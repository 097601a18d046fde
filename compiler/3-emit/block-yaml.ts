/**
 * A fast writer of block YAML that gives exactly the bytes the `yaml` library
 * gives with serialize.ts's options, for the plain values emitters build.
 *
 * Design note. Building a `yaml` Document and stringifying it costs about
 * half of a whole compile at fleet scale, for output that is always
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
 * their key (`indentSeq`). Text goes into one growing buffer per stream
 * (`YamlSink`); most strings are found plain by the scan that copies them,
 * without running the rules.
 * test/3-emit/block-yaml.test.ts compares the two writers on every emitted
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
  /**
   * Strings already decided (plain or quoted) and how they were written, to
   * share between the documents of a stream: keys and short values repeat
   * in every object, and deciding one runs a dozen regular expressions.
   */
  written?: Map<string, string>;
  /**
   * Where the text of each {@link sharedValue} already written in this
   * stream's sink lies, by indent: written again, it is copied from there.
   */
  fragments?: Map<object, Fragment[]>;
}

/** The bytes `[start, end)` of a sink that hold a shared value's block text at `indent` (`start === end`: the value was empty). */
interface Fragment {
  indent: number;
  start: number;
  end: number;
}

/** The values marked by {@link sharedValue}. */
const SHARED = new WeakSet<object>();

/**
 * Marks `value` (a map or list the caller will not change any more) as
 * referenced from many places of one output, and returns it: the writer
 * writes its block text once per indent and stream, and copies those bytes
 * wherever it appears again (the same bytes it would write: the text of a
 * block depends only on the value and its indent). Emitters build such parts
 * once (a step every Stage repeats, the chart sources of every Application).
 */
export function sharedValue<T extends object>(value: T): T {
  SHARED.add(value);
  return value;
}

/** Keys that JavaScript objects order before all others (array indexes). */
const INTEGER_KEY = /^(?:0|[1-9][0-9]*)$/;

function isPlainObject(value: object): value is Record<string, unknown> {
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

function mustQuote(text: string, rules: BlockYamlRules): boolean {
  if (text !== '' && rules.readsAsNonString(text)) return true;
  if (NOT_PLAIN.test(text)) return true;
  for (const test of CORE_NON_STRING_TESTS) if (test.test(text)) return true;
  return false;
}

/**
 * Where the sinks of one writer (serialize.ts `YamlWriter`) leave their
 * buffer when finished, for the next sink to take: a stream grows its buffer
 * to megabytes, and each would be garbage at once.
 */
export interface SpareBuffer {
  buffer?: Buffer;
}

/**
 * The bytes of one YAML stream, written in place (one growing buffer rather
 * than millions of small strings: at fleet scale the garbage of string
 * building cost more than the writing). Text written through {@link ascii}
 * must be ASCII; {@link text} takes any string. A sink made with a
 * {@link SpareBuffer} starts from the buffer left there and leaves its own
 * there when finished.
 */
export class YamlSink {
  private buffer: Buffer;
  private readonly spare: SpareBuffer;

  constructor(spare: SpareBuffer = {}) {
    this.spare = spare;
    this.buffer = spare.buffer ?? Buffer.allocUnsafe(1 << 16);
    spare.buffer = undefined;
  }
  /** Bytes written so far; set it back to drop what followed. */
  length = 0;
  private utf8 = false;

  private reserve(bytes: number): void {
    if (this.length + bytes <= this.buffer.length) return;
    const grown = Buffer.allocUnsafe(Math.max(this.buffer.length * 2, this.length + bytes));
    this.buffer.copy(grown, 0, 0, this.length);
    this.buffer = grown;
  }

  /** Appends ASCII `text`. */
  ascii(text: string): void {
    const n = text.length;
    this.reserve(n);
    const buffer = this.buffer;
    let at = this.length;
    if (n > 32) at += buffer.write(text, at, n, 'latin1');
    else for (let i = 0; i < n; i++) buffer[at++] = text.charCodeAt(i);
    this.length = at;
  }

  /** Appends any text (UTF-8). */
  text(text: string): void {
    const bytes = Buffer.byteLength(text, 'utf8');
    if (bytes !== text.length) this.utf8 = true;
    this.reserve(bytes);
    this.length += this.buffer.write(text, this.length, bytes, 'utf8');
  }

  /** Appends a line break and `indent` spaces. */
  newline(indent: number): void {
    this.reserve(indent + 1);
    const buffer = this.buffer;
    let at = this.length;
    buffer[at++] = 0x0a;
    // A loop: for the few spaces of an indent, a call into fill costs more than it saves.
    for (let i = 0; i < indent; i++) buffer[at++] = 0x20;
    this.length = at;
  }

  /**
   * Appends `text` and returns true when it is written plain whatever
   * serialize.ts's quoting rule says, decided in one scan that copies as it
   * checks; otherwise writes nothing and returns false. True for printable
   * ASCII that starts with a letter, `_` or `$` and is longer than five
   * characters, or starts with `./`, and holds no `: ` or ` #` and does not
   * end with a space or `:`. Such a string has no indicator at its start,
   * matches no YAML 1.2 core tag (the ones that start with a letter are
   * `null`, `true`, `false` and their capitalised forms) and is none of the
   * words serialize.ts checks with a YAML 1.1 and 1.2 parse (numbers, `.5`,
   * `~`, `y`, `yes`, `on`, `off`, `inf`, …: those start with a digit, a sign,
   * `.` then not `/`, `~`, or are at most five letters); a parse of it gives
   * the same string back.
   */
  surelyPlain(text: string): boolean {
    const n = text.length;
    const first = n === 0 ? 0 : text.charCodeAt(0);
    const letter = (first >= 0x61 && first <= 0x7a) || (first >= 0x41 && first <= 0x5a) || first === 0x5f || first === 0x24;
    if (!(letter && n > 5) && !(first === 0x2e && text.charCodeAt(1) === 0x2f)) return false;
    const last = text.charCodeAt(n - 1);
    if (last === 0x20 || last === 0x3a) return false;
    this.reserve(n);
    const buffer = this.buffer;
    const at = this.length;
    let previous = 0;
    for (let i = 0; i < n; i++) {
      const c = text.charCodeAt(i);
      if (c < 0x20 || c > 0x7e || (previous === 0x3a && c === 0x20) || (previous === 0x20 && c === 0x23)) return false;
      buffer[at + i] = c;
      previous = c;
    }
    this.length = at + n;
    return true;
  }

  /** Appends a copy of the bytes `[start, end)` written earlier. */
  again(start: number, end: number): void {
    this.reserve(end - start);
    this.buffer.copyWithin(this.length, start, end);
    this.length += end - start;
  }

  /** Everything written, as one string. */
  toString(): string {
    return this.buffer.toString(this.utf8 ? 'utf8' : 'latin1', 0, this.length);
  }

  /** Everything written, as one string; the sink leaves its buffer for the next sink made with its spare (the larger one stays) and is empty afterwards. */
  finish(): string {
    const text = this.toString();
    const spare = this.spare;
    if (spare.buffer === undefined || spare.buffer.length < this.buffer.length) spare.buffer = this.buffer;
    this.buffer = Buffer.alloc(0);
    this.length = 0;
    this.utf8 = false;
    return text;
  }
}

function writeString(sink: YamlSink, text: string, isKey: boolean, rules: BlockYamlRules): void {
  if (isKey && text.length > MAX_KEY_LENGTH) throw new Declined();
  if (sink.surelyPlain(text)) return;
  let written = rules.written?.get(text);
  if (written === undefined) {
    if (!PRINTABLE_ASCII.test(text) || text.startsWith('---') || text.startsWith('...')) throw new Declined();
    written = mustQuote(text, rules) ? JSON.stringify(text) : text;
    rules.written?.set(text, written);
  }
  if (isKey && written.length > MAX_KEY_LENGTH) throw new Declined();
  sink.ascii(written);
}

function writeScalar(sink: YamlSink, value: unknown, rules: BlockYamlRules): void {
  if (typeof value === 'string') writeString(sink, value, false, rules);
  else if (typeof value === 'number' && Number.isFinite(value)) sink.ascii(Object.is(value, -0) ? '-0' : JSON.stringify(value));
  else if (typeof value === 'boolean') sink.ascii(value ? 'true' : 'false');
  else throw new Declined();
}

/** A collection (array or plain object), `undefined` for a scalar; declines other objects. */
function isCollection(value: unknown): value is unknown[] | Record<string, unknown> {
  if (value === null || typeof value !== 'object') return false;
  if (Array.isArray(value) || isPlainObject(value)) return true;
  throw new Declined();
}

/**
 * Writes the block text of a map or sequence, canonicalized on the way (keys
 * in canonical order, null and undefined entries left out, as serialize.ts
 * `canonicalize` does): first line where the sink stands, later lines at
 * `indent` spaces. Returns false, having written nothing, when nothing is
 * left in it.
 */
function writeBlock(sink: YamlSink, value: unknown[] | Record<string, unknown>, indent: number, rules: BlockYamlRules): boolean {
  let any = false;
  if (Array.isArray(value)) {
    for (const item of value) {
      if (item === null || item === undefined) continue;
      if (any) sink.newline(indent);
      any = true;
      sink.ascii('- ');
      if (isCollection(item)) {
        if (!writeCollection(sink, item, indent + 2, rules)) sink.ascii(Array.isArray(item) ? '[]' : '{}');
      } else writeScalar(sink, item, rules);
    }
    return any;
  }
  const keys = Object.keys(value);
  const compare = rules.compareKeys;
  for (let i = 1; i < keys.length; i++) {
    if (compare(keys[i - 1] as string, keys[i] as string) > 0) {
      keys.sort(compare);
      break;
    }
  }
  for (const key of keys) {
    const item = value[key];
    if (item === null || item === undefined) continue;
    // `canonicalize` rebuilds the object, where integer-like keys move first and `__proto__` is no own key: leave those to it.
    const first = key.charCodeAt(0);
    if (key === '__proto__' || (first >= 0x30 && first <= 0x39 && INTEGER_KEY.test(key))) throw new Declined();
    if (any) sink.newline(indent);
    any = true;
    writeString(sink, key, true, rules);
    if (isCollection(item)) {
      const mark = sink.length;
      sink.ascii(':');
      sink.newline(indent + 2);
      if (!writeCollection(sink, item, indent + 2, rules)) {
        sink.length = mark;
        sink.ascii(Array.isArray(item) ? ': []' : ': {}');
      }
    } else {
      sink.ascii(': ');
      writeScalar(sink, item, rules);
    }
  }
  return any;
}

/** {@link writeBlock}, or for a {@link sharedValue} already written at `indent` in this stream, a copy of that text. */
function writeCollection(sink: YamlSink, value: unknown[] | Record<string, unknown>, indent: number, rules: BlockYamlRules): boolean {
  const fragments = rules.fragments;
  if (fragments === undefined || !SHARED.has(value)) return writeBlock(sink, value, indent, rules);
  let known = fragments.get(value);
  if (known === undefined) fragments.set(value, (known = []));
  for (const fragment of known) {
    if (fragment.indent !== indent) continue;
    sink.again(fragment.start, fragment.end);
    return fragment.end > fragment.start;
  }
  const start = sink.length;
  const any = writeBlock(sink, value, indent, rules);
  known.push({ indent, start, end: sink.length });
  return any;
}

/**
 * Appends to `sink` the document text (final newline included) that
 * serialize.ts's library path writes for `canonicalize(value)` and returns
 * true; or, when `value` is outside the shape this writer handles, writes
 * nothing and returns false.
 */
export function writeBlockYaml(sink: YamlSink, value: unknown, rules: BlockYamlRules): boolean {
  const mark = sink.length;
  try {
    if (Array.isArray(value) || !isCollection(value) || !writeBlock(sink, value, 0, rules)) return false;
    sink.ascii('\n');
    return true;
  } catch (error) {
    sink.length = mark;
    // The fragments written in this document are gone with it.
    if (rules.fragments !== undefined)
      for (const [value, known] of rules.fragments)
        rules.fragments.set(
          value,
          known.filter((fragment) => fragment.end <= mark),
        );
    if (error instanceof Declined) return false;
    throw error;
  }
}
