/**
 * The one canonical serializer (STYLE.md "Output"). Keys sorted in code-unit
 * order with `apiVersion`, `kind`, `metadata` first; `null` and `undefined`
 * dropped; list order kept as the emitter declared it; LF, two spaces, a final
 * newline. YAML strings that any common reader would take for another type
 * (under YAML 1.2 core *or* YAML 1.1, as Go and Helm read it: `"1.10"`,
 * `"0755"`, `"on"`, `"1:20"`) are double-quoted. YAML files open with a
 * generated-file comment naming the command, never paths or arguments.
 */
import { Document, isScalar, parseDocument, Scalar, visit } from 'yaml';
import { writeBlockYaml, YamlSink, type BlockYamlRules, type SpareBuffer } from './block-yaml.js';

/** The rank of the keys that go first (`apiVersion`, `kind`, `metadata`); 3 for every other key. */
function firstKeyRank(key: string): number {
  switch (key) {
    case 'apiVersion':
      return 0;
    case 'kind':
      return 1;
    case 'metadata':
      return 2;
    default:
      return 3;
  }
}

/** The canonical order of map keys: `apiVersion`, `kind`, `metadata` first, then code-unit order. */
export function compareKeys(a: string, b: string): number {
  const ai = firstKeyRank(a);
  const bi = firstKeyRank(b);
  if (ai !== 3 || bi !== 3) return ai - bi;
  return a < b ? -1 : a > b ? 1 : 0;
}

/** A deep copy of `value` with map keys in canonical order and nulls dropped. Throws on non-finite numbers (a bug). */
export function canonicalize(value: unknown): unknown {
  if (Array.isArray(value)) return value.filter((item) => item !== null && item !== undefined).map(canonicalize);
  if (value !== null && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const key of Object.keys(value).sort(compareKeys)) {
      const inner = (value as Record<string, unknown>)[key];
      if (inner !== null && inner !== undefined) out[key] = canonicalize(inner);
    }
    return out;
  }
  if (typeof value === 'number' && !Number.isFinite(value)) throw new Error(`cannot serialize ${value}`);
  return value;
}

function isPlainObject(value: object): boolean {
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

/**
 * What {@link canonicalize} gives, for reading only (JSON.stringify): every
 * array and plain object that is already canonical (keys in order, no null,
 * nothing inside to change) is returned as it is, not copied, so a list of
 * thousands of names costs one scan. Anything else is copied as canonicalize does.
 */
function canonicalView(value: unknown): unknown {
  if (value === null || typeof value !== 'object') {
    if (typeof value === 'number' && !Number.isFinite(value)) throw new Error(`cannot serialize ${value}`);
    return value;
  }
  if (Array.isArray(value)) {
    let out: unknown[] | undefined;
    for (let i = 0; i < value.length; i++) {
      const item: unknown = value[i];
      if (item === null || item === undefined) {
        out ??= value.slice(0, i);
        continue;
      }
      // A string (most items: lists of names and URLs) is its own view; no call for it.
      if (typeof item === 'string') {
        if (out !== undefined) out.push(item);
        continue;
      }
      const inner = canonicalView(item);
      if (out !== undefined) out.push(inner);
      else if (inner !== item) {
        out = value.slice(0, i);
        out.push(inner);
      }
    }
    return out ?? value;
  }
  if (!isPlainObject(value)) return canonicalize(value);
  const record = value as Record<string, unknown>;
  const keys = Object.keys(record);
  if (keys.includes('__proto__')) return canonicalize(value);
  let changed = false;
  for (let i = 1; i < keys.length && !changed; i++) if (compareKeys(keys[i - 1] as string, keys[i] as string) >= 0) changed = true;
  if (changed) keys.sort(compareKeys);
  const views: unknown[] = new Array(keys.length);
  for (let i = 0; i < keys.length; i++) {
    const inner = record[keys[i] as string];
    if (inner === null || inner === undefined) {
      changed = true;
      continue;
    }
    const view = canonicalView(inner);
    if (view !== inner) changed = true;
    views[i] = view;
  }
  if (!changed) return value;
  const out: Record<string, unknown> = {};
  for (let i = 0; i < keys.length; i++) if (views[i] !== undefined) out[keys[i] as string] = views[i];
  return out;
}

/**
 * Plain scalars that some YAML reader could take for something other than a
 * string all start with a digit, a sign, a dot or `~`, or are one of the 1.1/1.2
 * boolean, null and special-float words; only those are parsed to be sure.
 */
const MAYBE_NOT_A_STRING = /^[-+.~0-9]|^(?:y|n|yes|no|on|off|true|false|null|nan|inf)$/i;

/** How many answers of {@link readsAsNonString} a {@link YamlWriter} keeps before it empties its memory. */
const MAX_REMEMBERED = 10_000;

/** True when the plain scalar `text` would be read as something other than that string by a YAML 1.1 or 1.2 reader (then it is double-quoted). */
export function readsAsNonString(text: string): boolean {
  return MAYBE_NOT_A_STRING.test(text) && parsesAsNonString(text);
}

function parsesAsNonString(text: string): boolean {
  for (const version of ['1.1', '1.2'] as const) {
    const doc = parseDocument(text, { version });
    const contents = doc.contents;
    if (doc.errors.length > 0 || !isScalar(contents) || contents.value !== text) return true;
  }
  return false;
}

/** Per-stream memory of the YAML writer: the written form of each string block-yaml.ts decided. */
export interface YamlMemo {
  written: Map<string, string>;
}

/** A fresh {@link YamlMemo} (one per serialization, never shared across calls). */
export function yamlMemo(): YamlMemo {
  return { written: new Map() };
}

/**
 * The YAML writer of one compile (or render): what it remembers between the
 * streams it writes makes them faster, never different, and goes with it.
 * It keeps the buffer its last finished stream grew (the next stream starts
 * in it), and the answers of {@link readsAsNonString} it found: the few
 * strings that reach the parse (`"0"`, `30m`, `5m0s`…) repeat in every file,
 * and each parse builds a YAML 1.1 and a 1.2 document with their schemas,
 * hundreds of microseconds. Those answers are emptied past
 * {@link MAX_REMEMBERED}.
 */
export class YamlWriter {
  private readonly spare: SpareBuffer = {};
  private readonly nonStringAnswers = new Map<string, boolean>();

  /** {@link readsAsNonString}, each text's answer found once. */
  private readonly readsAsNonString = (text: string): boolean => {
    if (!MAYBE_NOT_A_STRING.test(text)) return false;
    const answers = this.nonStringAnswers;
    let answer = answers.get(text);
    if (answer === undefined) {
      answer = parsesAsNonString(text);
      if (answers.size >= MAX_REMEMBERED) answers.clear();
      answers.set(text, answer);
    }
    return answer;
  };

  /** A YAML stream of `objects`, each after `---`, opened by the generated-file comment naming `command`. */
  stream(objects: readonly unknown[], command: string): string {
    const sink = new YamlSink(this.spare);
    const rules = this.rules(yamlMemo());
    sink.text(generatedComment(command));
    for (const object of objects) {
      sink.ascii('---\n');
      writeYamlDocument(sink, object, rules);
    }
    return sink.finish();
  }

  /** One YAML document's text (no `---`), canonical. `memo` may be shared by the documents of one stream. */
  document(value: unknown, memo: YamlMemo = yamlMemo()): string {
    const sink = new YamlSink(this.spare);
    writeYamlDocument(sink, value, this.rules(memo));
    return sink.finish();
  }

  /** The rules block-yaml.ts writes by into one new sink, remembering strings across the documents that share `memo`. */
  private rules(memo: YamlMemo): BlockYamlRules {
    return { readsAsNonString: this.readsAsNonString, compareKeys, written: memo.written, fragments: new Map() };
  }
}

/** Appends one YAML document (no `---`), canonical, to `sink`: by block-yaml.ts when the value has the plain shape it handles (the same bytes, much faster), else by the `yaml` library. */
function writeYamlDocument(sink: YamlSink, value: unknown, rules: BlockYamlRules): void {
  if (!writeBlockYaml(sink, value, rules)) sink.text(libraryYamlDocument(canonicalize(value), rules.readsAsNonString));
}

/** One YAML document's text (no `---`), canonical, by a writer of its own ({@link YamlWriter.document}). */
export function toYamlDocument(value: unknown, memo: YamlMemo = yamlMemo()): string {
  return new YamlWriter().document(value, memo);
}

/** The `yaml` library's text of an already canonical value, with serialize.ts's options (the reference block-yaml.ts is tested against). */
export function libraryYamlDocument(canonical: unknown, check: (text: string) => boolean): string {
  const doc = new Document(canonical, { version: '1.2' });
  visit(doc, {
    Scalar(_key, node) {
      if (typeof node.value === 'string' && node.value !== '' && !node.value.includes('\n') && check(node.value)) node.type = Scalar.QUOTE_DOUBLE;
    },
  });
  return doc.toString({
    lineWidth: 0,
    minContentWidth: 0,
    indent: 2,
    indentSeq: true,
    singleQuote: false,
    defaultStringType: 'PLAIN',
    defaultKeyType: 'PLAIN',
    nullStr: 'null',
    simpleKeys: false,
  });
}

/** The generated-file comment for outputs of `command` (e.g. `diene compile`), SPEC §3.6. */
export function generatedComment(command: string): string {
  return `# Generated by \`${command}\`. Do not edit: change the fleet's inputs and compile again.\n`;
}

/** A YAML stream of `objects`, each after `---`, opened by the generated-file comment, by a writer of its own ({@link YamlWriter.stream}): a caller of many streams keeps one writer for all. */
export function toYamlStream(objects: readonly unknown[], command: string): string {
  return new YamlWriter().stream(objects, command);
}

/** Canonical JSON: sorted keys, two spaces, final newline, no comment (SPEC §3.6). */
export function toJson(value: unknown): string {
  return `${JSON.stringify(canonicalView(value), null, 2)}\n`;
}
