/**
 * YAML loading with positions (SPEC §2 "All YAML is YAML 1.2 (core schema)").
 *
 * Pinned options: YAML 1.2, core schema, no merge keys, unique keys, no
 * custom tags. Refused: duplicate keys, `<<` merge keys, tags outside the core
 * schema, `%YAML` directives other than 1.2, more than one document, and more
 * than {@link ALIAS_EXPANSION_LIMIT} alias expansions. Warned: plain scalars
 * that YAML 1.1 readers (Go's yaml.v2, Helm) read as booleans.
 *
 * Hostile input: characters YAML does not allow, nesting past
 * {@link NESTING_LIMIT} (checked while the token stream is built, before the
 * recursive composer runs), keys that are lists or mappings, and aliases with no anchor
 * before them (an unquoted `*.example.com`) are refused. Duplicate keys are
 * found here in linear time: the library's own check is quadratic, and a
 * mapping of 60,000 keys took a minute.
 */
import { type Alias, Composer, isAlias, isMap, isPair, isScalar, isSeq, visit, type Document, type Node, type Pair, type YAMLMap } from 'yaml';
import { diagnose, type Diagnostic, type SourceLocation } from '../diagnostics/diagnostic.js';
import { syntaxWords } from './yaml-syntax-words.js';
import { firstControlCharacter, NESTING_LIMIT, tokensWithinLimits, tooDeepValuePath, VALUE_LIMIT } from './input-limits.js';
import { fileLocation, spanLocation, type SourceFile } from './source-file.js';

/** How many alias expansions one file may make before it is refused as an alias bomb. */
export const ALIAS_EXPANSION_LIMIT = 100;

/** A parsed structured document (YAML, or JSON read through the same node model) and its plain value. */
export interface ParsedDocument {
  readonly file: SourceFile;
  readonly doc: Document.Parsed;
  readonly value: unknown;
  /**
   * The pairs of each mapping by key, built the first time {@link locate}
   * looks into that mapping: a search per finding through a mapping of
   * thousands of keys made the findings of one file quadratic.
   */
  readonly keyIndex: KeyIndex;
}

/** The pairs of mappings by key (the first pair of a key; duplicates are refused anyway). */
export type KeyIndex = WeakMap<YAMLMap, Map<string, Pair>>;

/** Told the path of each file whose positioned document a {@link lazyDocument} makes (a valid fleet's analysis makes no row's again: a test watches it). */
export type DocumentRemade = (path: string) => void;

/**
 * A {@link ParsedDocument} of `file` whose value is known and whose
 * positioned document is made by `make` the first time it is asked for
 * (only a diagnostic's location, or a walk over positions, asks): a loaded
 * row, or a file the per-file cache answered, holds its value and its text,
 * not the several-times-larger node tree. Setting `doc` (to `undefined`)
 * releases a document made. `remade`, when given, is told each time a
 * document is made.
 */
export function lazyDocument(file: SourceFile, value: unknown, make: () => Document.Parsed, remade?: DocumentRemade): ParsedDocument {
  let doc: Document.Parsed | undefined;
  return {
    file,
    value,
    keyIndex: new WeakMap(),
    get doc(): Document.Parsed {
      if (doc === undefined) {
        remade?.(file.path);
        doc = make();
      }
      return doc;
    },
    set doc(released: Document.Parsed | undefined) {
      doc = released;
    },
  };
}

/** The positioned document of a YAML `file` that loaded without error, made again (see {@link lazyDocument}). */
export function yamlDocumentAgain(file: SourceFile): Document.Parsed {
  const again = parseYaml(file);
  if (!again.parsed) throw new Error(`${file.path}: the YAML reader refused a file it had loaded`);
  return again.parsed.doc;
}

/** A path into a document: map keys and sequence indexes. */
export type DocumentPath = readonly (string | number)[];

const CORE_TAGS = new Set([
  'tag:yaml.org,2002:str',
  'tag:yaml.org,2002:int',
  'tag:yaml.org,2002:float',
  'tag:yaml.org,2002:bool',
  'tag:yaml.org,2002:null',
  'tag:yaml.org,2002:map',
  'tag:yaml.org,2002:seq',
]);

/** Plain scalars that YAML 1.1 reads as booleans but YAML 1.2 core reads as strings. */
const YAML11_BOOLEANS = /^(?:y|Y|yes|Yes|YES|n|N|no|No|NO|on|On|ON|off|Off|OFF)$/;

function escapePointerSegment(segment: string | number): string {
  return String(segment).replace(/~/g, '~0').replace(/\//g, '~1');
}

/** RFC 6901 JSON pointer of `path` (`""` for the root). */
export function toPointer(path: DocumentPath): string {
  return path.map((segment) => `/${escapePointerSegment(segment)}`).join('');
}

/**
 * Where the quoted scalar that runs into `offset` (the end the library
 * reached looking for its closing quote) opens: the offset of its quote, or
 * `undefined` when no quoted scalar of `doc` does.
 */
function unclosedQuote(doc: Document.Parsed, offset: number): number | undefined {
  let found: number | undefined;
  const stack: unknown[] = [doc.contents];
  while (stack.length > 0) {
    const node = stack.pop();
    if (isScalar(node)) {
      const range = node.range;
      const quoted = node.type === 'QUOTE_DOUBLE' || node.type === 'QUOTE_SINGLE';
      if (quoted && range && range[0] < offset && range[1] >= offset && (found === undefined || range[0] > found)) found = range[0];
    } else if (isMap(node) || isSeq(node)) {
      for (const item of node.items as unknown[]) {
        if (isPair(item)) stack.push(item.key, item.value);
        else stack.push(item);
      }
    }
  }
  return found;
}

function rangeLocation(file: SourceFile, node: { range?: [number, number, number] | null } | null | undefined, pointer?: string): SourceLocation {
  const range = node?.range;
  if (!range) return { ...fileLocation(file), ...(pointer !== undefined ? { pointer } : {}) };
  return spanLocation(file, range[0], range[1], pointer);
}

/** Options of {@link parseYaml}. */
export interface ParseOptions {
  /** Read as JSON (a claim): DEL and C1 controls are allowed in strings, JSON.parse has judged the characters. */
  json?: boolean;
  /** The schema named in an empty file's finding. */
  schemaName?: string;
  /**
   * The fleet's value budget (`total`, e.g. `TOTAL_VALUE_LIMIT` of input-limits.ts) and how
   * much of it is `left` for this file: past it, the file is refused with
   * `input_total_too_many_values` at the value that crossed it. Default: no
   * budget beyond the file's own {@link VALUE_LIMIT}.
   */
  valueBudget?: { left: number; total: number };
}

/** What {@link parseYaml} returns: the document, or `undefined` when it cannot be used; every finding; and the values the file holds (counted when it was read whole). */
export interface ParseResult {
  parsed?: ParsedDocument;
  diagnostics: Diagnostic[];
  values?: number;
}

/**
 * Parses `file` as one YAML 1.2 core document. Returns the document, or `undefined`
 * when it cannot be used, plus every finding (errors refuse the file; warnings
 * do not).
 */
export function parseYaml(file: SourceFile, options: ParseOptions = {}): ParseResult {
  const diagnostics: Diagnostic[] = [];
  // JSON (RFC 8259) allows DEL and C1 controls inside strings, and JSON.parse has already judged a claim's characters.
  const control = options.json ? undefined : firstControlCharacter(file.text);
  if (control) return { diagnostics: [diagnose(spanLocation(file, control.offset, control.offset + 1), 'yaml_control_character', { char: control.name })] };
  const budget = options.valueBudget;
  const valueLimit = budget ? Math.max(0, Math.min(VALUE_LIMIT, budget.left)) : VALUE_LIMIT;
  const lexed = tokensWithinLimits(file.text, { depth: NESTING_LIMIT, values: valueLimit });
  if ('tooDeep' in lexed) return { diagnostics: [diagnose(spanLocation(file, lexed.tooDeep, lexed.tooDeep + 1), 'input_too_deep', { limit: NESTING_LIMIT })] };
  if ('tooMany' in lexed) {
    const where = spanLocation(file, lexed.tooMany, lexed.tooMany + 1);
    if (budget && valueLimit < VALUE_LIMIT) return { diagnostics: [diagnose(where, 'input_total_too_many_values', { limit: budget.total })] };
    return { diagnostics: [diagnose(where, 'input_too_many_values', { limit: VALUE_LIMIT })] };
  }
  const { tokens, values } = lexed;
  const composer = new Composer({
    version: '1.2',
    schema: 'core',
    merge: false,
    uniqueKeys: false, // checked below in linear time
    prettyErrors: false,
    strict: true,
    stringKeys: false,
  });
  const docs = Array.from(composer.compose(tokens));
  if (docs.length === 0) {
    // An empty stream (only comments or whitespace) holds no document at all.
    return {
      values,
      diagnostics: [diagnose(fileLocation(file), 'file_empty', emptyFileArguments(options.schemaName))],
    };
  }
  if (docs.length > 1) {
    const second = docs[1] as Document.Parsed;
    diagnostics.push(diagnose(rangeLocation(file, { range: second.range }), 'yaml_multiple_documents', { count: docs.length }));
  }
  const doc = docs[0] as Document.Parsed;
  const directive = doc.directives?.yaml;
  if (directive?.explicit && directive.version !== '1.2') {
    const at = file.text.indexOf('%YAML');
    diagnostics.push(diagnose(spanLocation(file, Math.max(at, 0), Math.max(at, 0) + 9), 'yaml_version_directive', { version: directive.version }));
  }
  // One syntax error a file: the parser's later errors follow from its first (an indent
  // mistake gives two or three); they are counted in the message, not listed.
  const syntaxErrors: typeof doc.errors = [];
  for (const error of [...doc.errors, ...doc.warnings]) {
    if (error.code === 'TAG_RESOLVE_FAILED') {
      // reported below, once a node, as yaml_custom_tag
    } else if (error.code === 'BAD_DIRECTIVE' && /%YAML/.test(error.message)) {
      // reported above as yaml_version_directive
    } else if (error.name === 'YAMLParseError') {
      syntaxErrors.push(error);
    }
  }
  const first = syntaxErrors.sort((a, b) => a.pos[0] - b.pos[0])[0];
  if (first) {
    const words = syntaxWords(file.text, first.code, first.pos[0], firstLine(first.message), unclosedQuote(doc, first.pos[0]));
    const more = syntaxErrors.length > 1 ? ` (the parser's ${syntaxErrors.length - 1} other complaint(s) in this file follow from it)` : '';
    diagnostics.push(
      diagnose(spanLocation(file, words.start, Math.max(words.end, words.start + 1)), 'yaml_syntax', { reason: `${words.reason}${more}`, fix: words.fix }),
    );
  }
  let aliasCount = 0;
  const checkTag = (node: Node): void => {
    if (typeof node.tag !== 'string' || CORE_TAGS.has(node.tag) || !node.range) return;
    // The node's range starts after its tag: blame the tag itself, the last `!` before the value.
    const tagStart = file.text.lastIndexOf('!', node.range[0]);
    const start = tagStart === -1 ? node.range[0] : tagStart;
    const end = tagStart === -1 ? node.range[1] : start + (/^\S+/.exec(file.text.slice(start))?.[0].length ?? 1);
    diagnostics.push(diagnose(spanLocation(file, start, end), 'yaml_custom_tag', { tag: node.tag }));
  };
  // Anchors in document order: YAML requires an anchor before its aliases, and visit walks in document order.
  const anchors = new Set<string>();
  // One walk in document order (pre-order, a pair before its key and value), as the library's `visit`
  // walks, without its frozen path arrays: the open collections are kept on a stack for the alias check.
  const open: Node[] = [];
  const walk = (node: unknown): void => {
    if (isScalar(node)) {
      checkTag(node);
      if (node.anchor) anchors.add(node.anchor);
      if (node.type === 'PLAIN' && typeof node.value === 'string' && YAML11_BOOLEANS.test(node.value)) {
        diagnostics.push(diagnose(rangeLocation(file, node), 'yaml_ambiguous_boolean', { value: node.value }));
      }
    } else if (isAlias(node)) {
      aliasCount++;
      const code = !anchors.has(node.source)
        ? 'yaml_alias_unresolved'
        : open.some((ancestor) => ancestor.anchor === node.source)
          ? 'yaml_alias_recursive'
          : undefined;
      if (code) diagnostics.push(diagnose(rangeLocation(file, node), code, { name: node.source }));
    } else if (isMap(node) || isSeq(node)) {
      checkTag(node);
      if (node.anchor) anchors.add(node.anchor);
      if (isMap(node)) diagnostics.push(...duplicateKeys(file, node, options.json ? 'json_duplicate_key' : 'yaml_duplicate_key'));
      open.push(node);
      for (const item of node.items as unknown[]) {
        if (isPair(item)) {
          const key = item.key;
          if (isScalar(key) && key.value === '<<' && key.type === 'PLAIN') diagnostics.push(diagnose(rangeLocation(file, key), 'yaml_merge_key'));
          // After a syntax error a mis-indented key can read as a mapping key: that follows from the error, said once above.
          if (key !== null && key !== undefined && !isScalar(key) && !first) diagnostics.push(diagnose(rangeLocation(file, key as Node), 'yaml_complex_key'));
          walk(key);
          walk(item.value);
        } else walk(item);
      }
      open.pop();
    }
  };
  walk(doc.contents);
  if (diagnostics.some((d) => d.severity === 'error')) return { diagnostics, values };
  let value: unknown;
  try {
    value = doc.toJS({ maxAliasCount: aliasCount > 0 ? ALIAS_EXPANSION_LIMIT : -1 });
  } catch (error) {
    // The checks above leave only the library's alias-count guard to throw here.
    const firstAlias = findFirstAlias(doc);
    diagnostics.push(diagnose(rangeLocation(file, firstAlias ?? null), 'yaml_alias_limit', { limit: ALIAS_EXPANSION_LIMIT }));
    return { diagnostics, values };
  }
  // Aliases can nest a value deeper than its text: measure the value too, before any recursive walk sees it.
  const deepPath = aliasCount > 0 ? tooDeepValuePath(value) : undefined;
  if (deepPath) {
    diagnostics.push(diagnose(locate({ file, doc, value, keyIndex: new WeakMap() }, deepPath), 'input_too_deep', { limit: NESTING_LIMIT }));
    return { diagnostics, values };
  }
  return { parsed: { file, doc, value, keyIndex: new WeakMap() }, diagnostics, values };
}

/**
 * `yaml_duplicate_key` (`json_duplicate_key` in JSON) for every key of `map` that names the same property as
 * an earlier key once read into a plain object (`1` and `"1"`, `null` and `""`
 * too: the later one would silently replace the earlier).
 */
function duplicateKeys(file: SourceFile, map: YAMLMap, code: 'json_duplicate_key' | 'yaml_duplicate_key'): Diagnostic[] {
  /** Each property's first key, where it was written. */
  const seen = new Map<string, SourceLocation>();
  const found: Diagnostic[] = [];
  for (const item of map.items) {
    const key = item.key;
    if (!isScalar(key)) continue;
    const property = key.value === null || key.value === undefined ? '' : String(key.value);
    const range = key.range;
    const where = range ? spanLocation(file, range[0], range[1]) : fileLocation(file);
    const first = seen.get(property);
    if (first === undefined) seen.set(property, where);
    else
      found.push(
        diagnose(where, code, { key: property, first: first.line ?? 1 }, [
          { file: first.file ?? null, line: first.line ?? null, column: first.column ?? null, message: `the first "${property}"` },
        ]),
      );
  }
  return found;
}

function firstLine(message: string): string {
  const line = message.split('\n')[0] ?? message;
  return line.replace(/ at line \d+, column \d+:?$/, '');
}

function findFirstAlias(doc: Document.Parsed): Alias | undefined {
  let found: Alias | undefined;
  visit(doc, {
    Alias(_key, node) {
      found = node;
      return visit.BREAK;
    },
  });
  return found;
}

function pairsByKey(map: YAMLMap, index: KeyIndex): Map<string, Pair> {
  let pairs = index.get(map);
  if (pairs === undefined) {
    pairs = new Map();
    for (const item of map.items) {
      const key = isPair(item) ? (isScalar(item.key) ? String(item.key.value) : String(item.key)) : undefined;
      if (key !== undefined && !pairs.has(key)) pairs.set(key, item as Pair);
    }
    index.set(map, pairs);
  }
  return pairs;
}

/**
 * The node at `path` and the pair that holds it (for map entries), or the
 * deepest existing ancestor. With `index` (a {@link ParsedDocument}'s), each
 * mapping is searched by key in constant time after its first search.
 */
export function nodeAt(doc: Document.Parsed, path: DocumentPath, index?: KeyIndex): { node: Node | null; pair?: Pair; exact: boolean } {
  let current: unknown = doc.contents;
  let pair: Pair | undefined;
  for (let i = 0; i < path.length; i++) {
    const segment = path[i];
    if (isAlias(current)) current = current.resolve(doc);
    if (isMap(current)) {
      const found = index
        ? pairsByKey(current, index).get(String(segment))
        : current.items.find((item) => isPair(item) && (isScalar(item.key) ? String(item.key.value) : String(item.key)) === String(segment));
      if (!found) return { node: current as Node, exact: false };
      pair = found as Pair;
      current = found.value;
    } else if (isSeq(current)) {
      const index = typeof segment === 'number' ? segment : Number(segment);
      const item = current.items[index];
      if (item === undefined) return { node: current as Node, exact: false };
      pair = undefined;
      current = item;
    } else {
      return { node: (current as Node) ?? null, exact: false };
    }
  }
  return { node: (current as Node) ?? null, ...(pair ? { pair } : {}), exact: true };
}

/**
 * The source location of the value (or, with `part: 'key'`, of the key) at
 * `path` in `parsed`. A missing path blames its deepest existing ancestor,
 * so every diagnostic keeps a place inside the file.
 */
export function locate(parsed: ParsedDocument, path: DocumentPath, part: 'value' | 'key' = 'value'): SourceLocation {
  const pointer = toPointer(path);
  const { node, pair, exact } = nodeAt(parsed.doc, path, parsed.keyIndex);
  if (exact && part === 'key' && pair && isScalar(pair.key)) return rangeLocation(parsed.file, pair.key, pointer);
  if (exact && node === null && pair && isScalar(pair.key)) return rangeLocation(parsed.file, pair.key, pointer);
  return rangeLocation(parsed.file, node, pointer);
}

/** The original source text of the scalar at `path` (e.g. `1.10` for a value read as 1.1), or `undefined`. */
export function sourceTextAt(parsed: ParsedDocument, path: DocumentPath): string | undefined {
  const { node, exact } = nodeAt(parsed.doc, path, parsed.keyIndex);
  if (!exact || !isScalar(node) || !node.range) return undefined;
  return parsed.file.text.slice(node.range[0], node.range[1]);
}

/**
 * What `file_empty` says for an input of schema `schemaName`: its kind, and
 * what to write. A row's pin goes in block style (Kargo's yaml-update
 * rewrites it line by line), which a one-line hint spells out; any other kind
 * points at its schema, whose fields and example say what to write (a fixed
 * example would name another file's landscape or vendor).
 */
function emptyFileArguments(schemaName: string | undefined): { kind: string; fix: string } {
  const kind = schemaName?.replace(/\.schema\.json$/, '') ?? 'fleet';
  if (kind === 'row')
    return {
      kind,
      fix: 'write the row in block style: a line `pin:`, then `  chart: ""` and `  image: ""` (empty: nothing deployed yet); or delete the file and run `diene materialize`, which writes it',
    };
  return {
    kind,
    fix: `write the ${kind}: schemas/${kind}.schema.json lists its fields with an example (\`diene schemas --out DIR\` writes the schemas for an editor)`,
  };
}
