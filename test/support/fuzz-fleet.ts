/**
 * Generators for fuzzing the compiler with fast-check (issue 9). Inputs are
 * schema-shaped because they start from the reference fleet, whose every file
 * is valid; mutations then break them the ways people and machines do:
 * structural (drop a key, change a type, add a key, reorder, duplicate a list
 * item, put a tricky string), textual (truncate, insert a YAML snippet, swap
 * or repeat lines) and file-level (duplicate, rename or delete a file).
 * Rewrites that keep the meaning (key order, flow or block style, quoting,
 * CRLF, a BOM, comments, file order) build valid variants that must compile
 * to the reference's exact bytes.
 */
import fc from 'fast-check';
import { Document, isCollection, isMap, parseDocument, stringify, visit } from 'yaml';
import { sourceFile, lineText, type SourceFile } from '../../compiler/1-load/source-file.js';
import type { Diagnostic } from '../../compiler/diagnostics/diagnostic.js';

/**
 * Secret-shaped values (issue 14), each with the part that must never be
 * printed nor reach an output: planted anywhere, a fleet holding one whole
 * never compiles, and every diagnostic shows it masked. (A PEM key is planted
 * as raw YAML but not checked: a mutation that drops its header line leaves
 * base64 that no rule can tell from any other text.)
 */
export const SECRET_VALUES: readonly { value: string; secret: string }[] = [
  { value: 'AKIAIOSFODNN7EXAMPLE', secret: 'IOSFODNN7EXAMPLE' },
  { value: 'ghp_16C7e42F292c6912E7710c838347Ae178B4a', secret: '16C7e42F292c6912E7710c838347Ae178B4a' },
  { value: 'https://bot:fuzz-pass-0001@github.com/AtomiCloud/fleet.git', secret: 'bot:fuzz-pass-0001' },
  { value: 'postgres://app:fuzz-pg-0002@db:5432/app', secret: 'app:fuzz-pg-0002' },
  { value: 'xoxb-17653672481-19874698323-pdFZKVeTuE8sk7oOcBrzbqgy', secret: '17653672481-19874698323-pdFZKVeTuE8sk7oOcBrzbqgy' },
  { value: 'https://hooks.slack.com/services/T00000000/B00000000/XXXXXXXXXXXXXXXXXXXXXXXX', secret: 'T00000000/B00000000/XXXXXXXXXXXXXXXXXXXXXXXX' },
  { value: 'sk_live_4eC39HqLyjWDarjtT1zdp7dc', secret: '4eC39HqLyjWDarjtT1zdp7dc' },
  { value: 'AIzaSyDaGmWKa4JsXZ-HjGw7ISLn_3namBGewQe', secret: 'SyDaGmWKa4JsXZ-HjGw7ISLn_3namBGewQe' },
  {
    value:
      'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiIxMjM0NTY3ODkwIiwibmFtZSI6IkpvaG4gRG9lIiwiaWF0IjoxNTE2MjM5MDIyfQ.SflKxwRJSMeKKF2QT4fwpMeJf36POk6yJV_adQssw5c',
    secret: 'SflKxwRJSMeKKF2QT4fwpMeJf36POk6yJV_adQssw5c',
  },
  { value: 'Bearer mF_9.B5f-4.1JqM-fuzz', secret: 'mF_9.B5f-4.1JqM-fuzz' },
];

/** Input paths the link fuzzer turns into symbolic links (existing inputs, new inputs and a folder). */
export const LINK_PATHS = [
  'registry/accounts/aws-main.yaml',
  'registry/clusters/raichu-opal.yaml',
  'registry/landscapes/ghost.yaml',
  'state/clusters/pichu-topaz.yaml',
  'platforms/nitroso/tin/pichu.yaml',
  'platforms/nitroso/copper',
  'claims/domains/api.tin.nitroso.raichu.cluster.atomi.cloud.json',
  'carbon/mercury/platform.yaml',
];

/**
 * Where the link fuzzer points them (`{fleet}` and `{outside}` are replaced by
 * the fleet's and an outside folder's paths): the checkout's `.git/config`,
 * a hidden file in an input folder, files and a FIFO of the checkout outside
 * the input folders, a file outside the fleet (each holding a marker that
 * must never be read), inputs (relative and absolute), another link, a
 * folder, a dangling name and a loop.
 */
export const LINK_TARGETS = [
  '{fleet}/.git/config',
  '../../.git/config',
  '../.hidden.yaml',
  '../../registry/.hidden.yaml',
  '{fleet}/docs/notes.yaml',
  '../../docs/notes.yaml',
  '../../docs/pipe',
  '{outside}/elsewhere.yaml',
  '/etc/passwd',
  '{fleet}/registry/regions.yaml',
  '../../registry/accounts/digitalocean-main.yaml',
  '../clusters/raichu-opal.yaml',
  '{fleet}/platforms/nitroso/zinc',
  'nowhere.yaml',
  'raichu-opal.yaml',
  '.',
];

/** A set of links for one case: indexes into {@link LINK_PATHS} and {@link LINK_TARGETS}. */
export const linkSetArb: fc.Arbitrary<{ at: number; to: number }[]> = fc.array(fc.record({ at: fc.nat(), to: fc.nat() }), { minLength: 1, maxLength: 4 });

/** Strings that have broken YAML readers, name rules or serializers somewhere. */
export const TRICKY_STRINGS = [
  '',
  ' ',
  'Opal',
  'op al',
  'opål',
  'ｏｐａｌ',
  '*.example.com',
  '&anchor',
  '!tag',
  '1.10',
  '0755',
  '0x1F',
  '1e400',
  '.inf',
  '-.nan',
  'yes',
  'no',
  'on',
  '~',
  'null',
  'true',
  '-',
  '---',
  '...',
  '? x',
  ': x',
  'a: b',
  '- a',
  '#',
  '"',
  "'",
  '\\',
  '\t',
  '\r\n',
  '\u0000',
  '\u007f',
  '\u0085',
  '\u2028',
  '\u202e',
  '\ufeff',
  '\ud83d\ude00',
  '\ud800',
  '../../etc/passwd',
  'a/b',
  '__proto__',
  'constructor',
  'x'.repeat(300),
  '1'.repeat(400),
  'api.zinc.nitroso.raichu.cluster.atomi.cloud',
  'API.ZINC.NITROSO.RAICHU.CLUSTER.ATOMI.CLOUD',
  'xn--',
  'https://user:pass@books.atomi.cloud/?q#f',
  '2026-11-20T10:00:00Z',
  '2026-02-30T25:61:61Z',
  ...SECRET_VALUES.map((s) => s.value),
  // what ArgoCD's Go templates and Kargo's expressions evaluate, and what closes the literals around a value (issue 14)
  '{{ }}',
  '{{.name|upper}}',
  '${{ }}',
  "${{secret('fleet-git').password}}",
  '${%ctx.stage%}',
  '}}',
  '%}',
  "')+('",
  "\\'",
  // addresses that are not public, in the forms that once passed (issue 14)
  '::ffff:127.0.0.1',
  '::7f00:1',
  '0:0:0:0:0:0:169.254.169.254',
  '4000::1',
  'fe80::1',
  '169.254.169.254',
];

/** Load-balancer addresses that are not public, in the forms that passed before issue 14 and their neighbours. */
export const HOSTILE_ADDRESSES = [
  '::ffff:127.0.0.1',
  '::ffff:7f00:1',
  '::127.0.0.1',
  '::7f00:1',
  '0:0:0:0:0:0:127.0.0.1',
  '::a9fe:a9fe',
  '::ffff:169.254.169.254',
  '::ffff:0:10.0.0.1',
  '64:ff9b::192.168.0.1',
  '2002:a00:1::1',
  '2001::1',
  '4000::1',
  '100:0:0:1::1',
  'e000::1',
  'fe80::1',
  'fd00::1',
  'ff02::1',
  '::1',
  '::',
  '169.254.169.254',
  '127.0.0.1',
  '10.0.0.1',
  '100.64.0.1',
  '0.0.0.0',
];

/** Engine syntax and literal-closing text put into a value that reaches ArgoCD or Kargo (issue 14). */
export const ENGINE_PAYLOADS = [
  '{{',
  '}}',
  '{{.name}}',
  '{{ .server }}',
  '{{-x-}}',
  '${{',
  '${{ctx.stage}}',
  "${{secret('x').password}}",
  '${%',
  '%}',
  '${%x%}',
  "'",
  "')+('",
  '"',
  '`',
  '\\',
  '{',
  '}',
  '$',
  '%',
  '%7B%7B',
  ' ',
  '@',
  ':',
  '..',
  '-',
];

/** The fleet.yaml values that are copied into ArgoCD and Kargo objects, with the reference fleet's value of each. */
export const ENGINE_FIELDS: readonly (readonly [string, string, string])[] = [
  ['primordial', 'server', 'https://kubernetes.default.svc'],
  ['git', 'repoURL', 'https://github.com/AtomiCloud/fleet.git'],
  ['git', 'branch', 'main'],
  ['artifacts', 'image', 'ghcr.io/atomicloud/{platform}.{service}'],
  ['artifacts', 'appChart', 'oci://ghcr.io/atomicloud/charts/{platform}.{service}'],
  ['artifacts', 'primordialChart', 'oci://ghcr.io/atomicloud/charts/{platform}.{service}-primordial'],
];

/** One engine field of fleet.yaml with a payload spliced into its reference value at some place. */
export interface EngineSplice {
  field: number;
  payload: string;
  at: number;
}

export const engineSpliceArb: fc.Arbitrary<EngineSplice> = fc.record({
  field: fc.nat(),
  payload: fc.oneof(fc.constantFrom(...ENGINE_PAYLOADS), fc.string({ maxLength: 6 })),
  at: fc.nat(),
});

/** `texts` with the splice applied to registry/fleet.yaml (comments and layout kept): the path, the new value and the line it is on. */
export function applyEngineSplice(
  texts: ReadonlyMap<string, string>,
  splice: EngineSplice,
): { texts: Map<string, string>; path: [string, string]; value: string; line: number } {
  const [section, key, base] = ENGINE_FIELDS[splice.field % ENGINE_FIELDS.length] as readonly [string, string, string];
  const at = splice.at % (base.length + 1);
  const value = base.slice(0, at) + splice.payload + base.slice(at);
  const document = parseDocument(texts.get('registry/fleet.yaml') as string, { version: '1.2' });
  document.setIn([section, key], value);
  const text = document.toString();
  const node = parseDocument(text, { version: '1.2' }).getIn([section, key], true) as { range?: [number, number, number] } | undefined;
  const line = text.slice(0, node?.range?.[0] ?? 0).split('\n').length;
  return { texts: new Map([...texts, ['registry/fleet.yaml', text]]), path: [section, key], value, line };
}

/** Raw YAML put in place of a value (after `key: `), unquoted: the structures that broke readers and walks. */
export const RAW_VALUES = [
  '*.example.com',
  '*a',
  '&a [*a]',
  '&a {b: *a}',
  '{? [a, b]: c}',
  '{[a]: b}',
  '\n  ? {a: 1}\n  : b',
  '['.repeat(150) + ']'.repeat(150),
  '['.repeat(3000) + ']'.repeat(3000),
  '{a: '.repeat(120) + '1' + '}'.repeat(120),
  '!!binary aGk=',
  '!custom x',
  '{<<: {a: 1}}',
  '"\\e[31mred"',
  '"\\0"',
  "'unterminated",
  '"unterminated',
  '|\n  block text',
  '>-\n  folded',
  '0o777',
  '1_000',
  '.NaN',
  '+.inf',
  '-0',
  '1e400',
  '1' + '0'.repeat(400),
  '{a: 1, a: 2}',
  '{1: a, "1": b}',
  '[a, b, ]',
  '{',
  '@reserved',
  '`reserved',
  '- x',
  'a: b: c',
  '&x [1, 2]',
  '[&y 1, *y, *y]',
  // Secrets as raw YAML: a PEM key in a block scalar, a token behind escapes, a token in a comment, a list under a secret key.
  '|\n  -----BEGIN RSA PRIVATE KEY-----\n  MIIEowIBAAKCAQEAfuzzfuzzfuzzfuzz\n  -----END RSA PRIVATE KEY-----',
  '"\\x67hp_16C7e42F292c6912E7710c838347Ae178B4a"',
  'x # sk_live_4eC39HqLyjWDarjtT1zdp7dc',
  '{apiToken: [a1b2c3d4], password: hunter22}',
];

/** YAML and JSON fragments inserted into a file's text. */
export const SNIPPETS = [
  ' # ghp_16C7e42F292c6912E7710c838347Ae178B4a\n',
  '\n',
  ': ',
  '- ',
  '? ',
  '&a ',
  '*a',
  '*.x',
  '!tag ',
  '!!binary ',
  '<<: ',
  '%YAML 1.1\n',
  '---\n',
  '...\n',
  '{',
  '}',
  '[',
  ']',
  ',',
  '"',
  "'",
  '#',
  '\t',
  '\r',
  '|',
  '>',
  '\ufeff',
  '\u0000',
  ' \n  nested: 1\n',
];

const OPS = [
  'drop',
  'retype',
  'add',
  'reorder',
  'duplicateItem',
  'tricky',
  'swapScalar',
  'swapScalar',
  'swapScalar',
  'drop',
  'rawValue',
  'rawValue',
  'truncate',
  'insert',
  'swapLines',
  'repeatLine',
  'duplicateFile',
  'renameFile',
  'deleteFile',
] as const;

/** One mutation; its numbers pick a file, a path into the value, a position or a pool entry (each taken modulo what is there). */
export interface Mutation {
  op: (typeof OPS)[number];
  file: number;
  where: number[];
  value: unknown;
  pick: number;
  text: string;
}

/** One mutation, drawn by fast-check (and shrunk by it). */
export const mutationArb: fc.Arbitrary<Mutation> = fc.record({
  op: fc.constantFrom(...OPS),
  file: fc.nat(),
  where: fc.array(fc.nat(), { maxLength: 6 }),
  value: fc.oneof(fc.jsonValue({ maxDepth: 2 }), fc.constantFrom(...TRICKY_STRINGS)),
  pick: fc.nat(),
  text: fc.oneof(fc.constantFrom(...SNIPPETS), fc.string({ maxLength: 8 }), fc.string({ unit: 'binary', maxLength: 4 })),
});

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

function children(value: Json): [string | number, Json][] {
  if (Array.isArray(value)) return value.map((item, index) => [index, item]);
  if (value !== null && typeof value === 'object') return Object.entries(value);
  return [];
}

/** The container and key that `where` leads to (each step taken modulo the children there), stopping at a leaf. */
function descend(root: Json, where: readonly number[]): { parent: Json; key: string | number } | undefined {
  let parent: Json = root;
  let found: { parent: Json; key: string | number } | undefined;
  for (const step of where) {
    const kids = children(parent);
    if (kids.length === 0) break;
    const [key, child] = kids[step % kids.length] as [string | number, Json];
    found = { parent, key };
    if (children(child).length === 0) break;
    parent = child;
  }
  return found;
}

function retype(value: Json, pick: number): Json {
  const forms: Json[] = [
    null,
    true,
    0,
    -1,
    1.5,
    'text',
    [],
    {},
    [value],
    { value },
    typeof value === 'object' ? JSON.stringify(value) : String(value),
    Number(value),
  ];
  return forms[pick % forms.length] as Json;
}

function mutateValue(root: Json, m: Mutation, scalarPool: readonly Json[]): Json {
  const at = descend(root, m.where);
  const container = (at?.parent ?? root) as Json;
  const key = at?.key;
  const isArray = Array.isArray(container);
  const isObject = container !== null && typeof container === 'object' && !isArray;
  switch (m.op) {
    case 'drop':
      if (isArray && typeof key === 'number') container.splice(key, 1);
      else if (isObject && key !== undefined) delete (container as Record<string, Json>)[key];
      return root;
    case 'retype':
      if (key === undefined) return retype(root, m.pick);
      (container as Record<string | number, Json>)[key] = retype((container as Record<string | number, Json>)[key] as Json, m.pick);
      return root;
    case 'add':
      if (isArray) container.push(m.value as Json);
      else if (isObject) (container as Record<string, Json>)[TRICKY_STRINGS[m.pick % TRICKY_STRINGS.length] || `extra${m.pick}`] = m.value as Json;
      return root;
    case 'reorder': {
      if (isArray) container.reverse();
      else if (isObject) {
        const entries = Object.entries(container as Record<string, Json>);
        for (const [k] of entries) delete (container as Record<string, Json>)[k];
        for (const [k, v] of entries.reverse()) (container as Record<string, Json>)[k] = v;
      }
      return root;
    }
    case 'duplicateItem':
      if (isArray && typeof key === 'number') container.splice(key, 0, container[key] as Json);
      return root;
    case 'tricky':
      if (key !== undefined) (container as Record<string | number, Json>)[key] = TRICKY_STRINGS[m.pick % TRICKY_STRINGS.length] as string;
      return root;
    case 'swapScalar':
      // Another value the fleet uses somewhere (a name, a region, a flag): mostly schema-valid, so the cross-file rules run.
      if (key !== undefined && scalarPool.length > 0) (container as Record<string | number, Json>)[key] = scalarPool[m.pick % scalarPool.length] as Json;
      return root;
    default:
      return root;
  }
}

function mutateText(text: string, m: Mutation): string {
  const offset = text.length === 0 ? 0 : m.pick % (text.length + 1);
  const lines = text.split('\n');
  const line = lines.length === 0 ? 0 : m.pick % lines.length;
  switch (m.op) {
    case 'truncate':
      return text.slice(0, offset);
    case 'insert':
      return text.slice(0, offset) + m.text + text.slice(offset);
    case 'swapLines': {
      const other = (line + 1 + (m.where[0] ?? 0)) % lines.length;
      [lines[line], lines[other]] = [lines[other] as string, lines[line] as string];
      return lines.join('\n');
    }
    case 'repeatLine':
      lines.splice(line, 0, lines[line] as string);
      return lines.join('\n');
    case 'rawValue': {
      // The `pick`-th line holding `key: ` (counted cyclically) gets a raw YAML value instead of its own.
      const candidates = lines.map((l, i) => [l, i] as const).filter(([l]) => /^\s*(- )?[\w.-]+: \S/.test(l));
      if (candidates.length === 0) return text;
      const [chosen, index] = candidates[m.pick % candidates.length] as readonly [string, number];
      lines[index] = `${chosen.slice(0, chosen.indexOf(': ') + 2)}${RAW_VALUES[(m.where[0] ?? m.pick) % RAW_VALUES.length]}`;
      return lines.join('\n');
    }
    default:
      return text;
  }
}

/** Every scalar value (and key) of the YAML and JSON files in `texts`, sorted, for `swapScalar`. */
export function scalarsOf(texts: ReadonlyMap<string, string>): Json[] {
  const found = new Set<Json>();
  const walk = (v: Json): void => {
    for (const [key, child] of children(v)) {
      if (typeof key === 'string') found.add(key);
      if (children(child).length === 0 && (child === null || typeof child !== 'object')) found.add(child);
      else walk(child);
    }
  };
  for (const [file, text] of texts) {
    try {
      walk((file.endsWith('.json') ? JSON.parse(text) : parseDocument(text, { version: '1.2', logLevel: 'error' }).toJS()) as Json);
    } catch {
      // an unparsable file adds nothing
    }
  }
  return [...found].sort((a, b) => (String(a) < String(b) ? -1 : String(a) > String(b) ? 1 : 0));
}

/** `texts` (path → text) with `mutations` applied in order; never throws. `swapScalar` draws from the scalars of `texts` itself. */
export function applyMutations(texts: ReadonlyMap<string, string>, mutations: readonly Mutation[]): Map<string, string> {
  const scalarPool = scalarsOf(texts);
  const result = new Map(texts);
  for (const m of mutations) {
    const paths = [...result.keys()].sort();
    if (paths.length === 0) break;
    const file = paths[m.file % paths.length] as string;
    const text = result.get(file) as string;
    const json = file.endsWith('.json');
    if (m.op === 'duplicateFile' || m.op === 'renameFile') {
      const dir = file.slice(0, file.lastIndexOf('/'));
      const names = ['raichu-beryl', 'pichu', 'Opal', 'op al', 'opål', 'x', 'api.zinc.nitroso.pikachu.cluster.atomi.cloud'];
      const target = `${dir}/${names[m.pick % names.length]}${json ? '.json' : '.yaml'}`;
      if (m.op === 'renameFile') result.delete(file);
      result.set(target, text);
    } else if (m.op === 'deleteFile') result.delete(file);
    else if (['truncate', 'insert', 'swapLines', 'repeatLine'].includes(m.op) || (m.op === 'rawValue' && !json)) result.set(file, mutateText(text, m));
    else {
      let value: Json;
      try {
        value = (json ? JSON.parse(text) : parseDocument(text, { version: '1.2', logLevel: 'error' }).toJS({ maxAliasCount: 100 })) as Json;
      } catch {
        result.set(file, mutateText(text, { ...m, op: 'insert' }));
        continue;
      }
      try {
        const mutated = mutateValue(value, m, scalarPool);
        result.set(file, json ? JSON.stringify(mutated, null, m.pick % 3) : stringify(mutated, { version: '1.2' }));
      } catch {
        // A value the fuzzer itself cannot handle (a cycle made by an earlier raw alias): mutate the text instead.
        result.set(file, mutateText(text, { ...m, op: 'insert' }));
      }
    }
  }
  return result;
}

/** A style for rewriting a file without changing what it means. */
export interface Restyle {
  reverseKeys: boolean;
  flow: boolean;
  quote: 'PLAIN' | 'QUOTE_DOUBLE' | 'QUOTE_SINGLE';
  indent: 2 | 4;
  crlf: boolean;
  bom: boolean;
  comment: boolean;
}

export const restyleArb: fc.Arbitrary<Restyle> = fc.record({
  reverseKeys: fc.boolean(),
  flow: fc.boolean(),
  quote: fc.constantFrom('PLAIN' as const, 'QUOTE_DOUBLE' as const, 'QUOTE_SINGLE' as const),
  indent: fc.constantFrom(2 as const, 4 as const),
  crlf: fc.boolean(),
  bom: fc.boolean(),
  comment: fc.boolean(),
});

/** `text` (YAML, or JSON when `json`) rewritten in `style`, meaning the same: same keys, values and types, other order and layout. */
export function restyle(text: string, json: boolean, style: Restyle): string {
  const reorder = (v: Json): Json =>
    Array.isArray(v)
      ? v.map(reorder)
      : v !== null && typeof v === 'object'
        ? Object.fromEntries(
            Object.entries(v)
              .reverse()
              .map(([k, x]) => [k, reorder(x)]),
          )
        : v;
  const value = (json ? JSON.parse(text) : parseDocument(text, { version: '1.2' }).toJS()) as Json;
  const reordered = style.reverseKeys ? reorder(value) : value;
  let out = json
    ? JSON.stringify(reordered, null, style.flow ? 0 : style.indent)
    : // Quoting never changes a string's value: the writer keeps plain only where a plain scalar reads back the same.
      yamlDocument(reordered, style.flow).toString({ indent: style.indent, defaultStringType: style.quote, defaultKeyType: 'PLAIN', lineWidth: 0 });
  if (style.comment && !json) out = `# rewritten by the fuzzer\n${out}`;
  if (style.crlf) out = out.replace(/\n/g, '\r\n');
  return style.bom ? `\ufeff${out}` : out;
}

/**
 * `value` as a YAML document, its collections in flow style when `flow`, but
 * a row's `pin` (and so the row's top level) always in block style: SPEC §2
 * refuses a flow-style pin, which Kargo's yaml-update corrupts.
 */
function yamlDocument(value: Json, flow: boolean): Document {
  const doc = new Document(value, { version: '1.2' });
  visit(doc, {
    Collection(_key, node) {
      node.flow = flow;
    },
  });
  const pin = isMap(doc.contents) ? doc.contents.get('pin', true) : undefined;
  if (isMap(doc.contents) && isCollection(pin)) {
    doc.contents.flow = false;
    pin.flow = false;
  }
  return doc;
}

/** `files` as source files in the order `order` picks (a shuffle that fast-check can shrink). */
export function toSourceFilesInOrder(texts: ReadonlyMap<string, string>, order: readonly number[]): SourceFile[] {
  const entries = [...texts];
  const shuffled: [string, string][] = [];
  for (let i = 0; entries.length > 0; i++) shuffled.push(entries.splice((order[i] ?? 0) % entries.length, 1)[0] as [string, string]);
  return shuffled.map(([file, text]) => sourceFile(file, text));
}

/**
 * Why `diagnostic` is badly placed in `files`, or `undefined`: a diagnostic
 * about a file names an input file and a line and column inside it, with its
 * end at or after its start and inside the file too.
 */
export function placementProblem(diagnostic: Diagnostic, files: readonly SourceFile[]): string | undefined {
  if (diagnostic.file === null) return diagnostic.line === null && diagnostic.column === null ? undefined : 'a position without a file';
  const file = files.find((f) => f.path === diagnostic.file);
  if (!file) return `names ${diagnostic.file}, which is not an input file`;
  const inside = (line: number | null, column: number | null): boolean => {
    if (line === null || column === null || !Number.isInteger(line) || !Number.isInteger(column)) return false;
    if (line < 1 || line > file.lineStarts.length || column < 1) return false;
    return column <= [...lineText(file, line)].length + 1 + (file.text.slice(file.lineStarts[line - 1]).startsWith('\r') ? 1 : 0);
  };
  if (!inside(diagnostic.line, diagnostic.column)) return `starts at ${diagnostic.line}:${diagnostic.column}, outside the file`;
  if (!inside(diagnostic.endLine, diagnostic.endColumn)) return `ends at ${diagnostic.endLine}:${diagnostic.endColumn}, outside the file`;
  const before =
    (diagnostic.endLine as number) < (diagnostic.line as number) ||
    (diagnostic.endLine === diagnostic.line && (diagnostic.endColumn as number) < (diagnostic.column as number));
  if (before) return 'ends before it starts';
  return undefined;
}

/** Words in a message or hint that only an internal fault would put there (a leaked exception, an unfilled value). */
const LEAKS = /Maximum call stack|\bundefined\b|\[object Object\]|Cannot read propert|is not a function|is not iterable/;

/** Why `diagnostic`'s message or hint reads like an internal fault, or `undefined`. Quoted input text ("…") is not judged. */
export function leakProblem(diagnostic: Diagnostic): string | undefined {
  for (const text of [diagnostic.message, diagnostic.hint]) {
    const leak = LEAKS.exec(text.replace(/"(?:[^"\\]|\\.)*"/g, '""'));
    if (leak) return `says "${leak[0]}": ${text.slice(0, 200)}`;
  }
  return undefined;
}
