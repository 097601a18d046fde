/**
 * Secrets written into an input file (SPEC §4 "a secret written into any input
 * file … inputs name environment variables instead").
 *
 * Two rules, over every string at any depth, map keys and comments included:
 *
 * - by key name (`input_secret`): a key whose last word is a secret word
 *   (`password`, `apiToken`, `clientSecret`, `credentials`) or that ends in a
 *   key of a secret kind (`apiKey`, `secretKey`, `AWS_SECRET_ACCESS_KEY`)
 *   holding anything but an empty string or a placeholder (`${DB_PASSWORD}`),
 *   lists and mappings under it included. Allowed, since they only name where
 *   a secret lives: keys ending in Env, Name, Ref, File or Path or starting
 *   with `existing` (`secretEnv`, `apiKeyEnv`, `existingSecret`,
 *   `secretName`, `tokenSecretRef`, `passwordFile`), and under a secret key a
 *   Kubernetes secret reference `{name, key}`. The prefixes of a claim's
 *   `paths` are URL segments, not keys of a setting (`/password` is a page).
 * - by value (`input_secret_value`, `input_url_credentials`): the secret
 *   shapes of compiler/diagnostics/secrets.ts, found in the text of the file
 *   (so a comment or a file that does not parse is covered too) and in every
 *   decoded string (so an escape such as `"\x67hp_…"` does not hide a token).
 *
 * Every refused value is masked in the source lines of every diagnostic of
 * its file, and its text in their messages (see {@link maskFileDiagnostics}).
 */
import { isAlias, isMap, isScalar, isSeq, type Node, type Scalar } from 'yaml';
import { diagnose, type Diagnostic } from '../diagnostics/diagnostic.js';
import {
  findSecretSpans,
  isPlaceholder,
  maskPointer,
  maskRanges,
  maskSecrets,
  SECRET_KIND_NAMES,
  type MaskRange,
  type SecretSpan,
} from '../diagnostics/secrets.js';
import type { InputKind } from './fleet-layout.js';
import { toPointer, type DocumentPath, type ParsedDocument } from './parse-yaml.js';
import { lineText, spanLocation, type SourceFile } from './source-file.js';

/** What {@link findSecrets} found in one file. */
export interface SecretFindings {
  /** `input_secret`, `input_secret_value` and `input_url_credentials` findings. */
  diagnostics: Diagnostic[];
  /** UTF-16 ranges of the file's text that must never be shown. */
  masks: MaskRange[];
  /** Refused values as decoded, to mask where a message quotes them. */
  values: string[];
}

/** Words that make a key secret when a key's last word ends in one (`password`, `apitoken`, `credentials`). */
const SECRET_LAST_WORD = /(?:secret|password|passwd|passphrase|token|credential|apikey|privatekey)s?$/;

/** Words before a final `key` that make it a secret key (`apiKey`, `secretKey`, `AWS_SECRET_ACCESS_KEY`, `accountKey`). */
const KEY_QUALIFIERS = new Set(['api', 'private', 'secret', 'signing', 'encryption', 'master', 'account', 'client', 'ssh']);

/** Last words that make a key a reference to a secret kept elsewhere. */
const REFERENCE_LAST_WORDS = new Set(['env', 'name', 'ref', 'file', 'path']);

/** A cheap first test: a key containing none of these is never secret. */
const MAYBE_SECRET_KEY = /secret|passw|passphrase|token|credential|key/i;

/** The words of a key: camelCase, snake_case, kebab-case and dotted parts, lower-cased. */
function keyWords(key: string): string[] {
  return key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((w) => w !== '');
}

/** `secret` when `key` names a secret value, `reference` when it names where one lives, else `undefined`. */
export function secretKeyKind(key: string): 'secret' | 'reference' | undefined {
  if (!MAYBE_SECRET_KEY.test(key)) return undefined;
  const words = keyWords(key);
  if (REFERENCE_LAST_WORDS.has(words[words.length - 1] ?? '')) return namesSecret(words.slice(0, -1)) ? 'reference' : undefined;
  if (words[0] === 'existing') return namesSecret(words.slice(1)) ? 'reference' : undefined;
  return namesSecret(words) ? 'secret' : undefined;
}

/** True when a key of `words` names a secret: its last word is a secret word, or a `key` qualified as secret (`apiKey`, not `publicKey`). */
function namesSecret(words: readonly string[]): boolean {
  const last = words[words.length - 1];
  if (last === undefined) return false;
  if (SECRET_LAST_WORD.test(last)) return true;
  return (last === 'key' || last === 'keys') && !words.includes('public') && words.slice(0, -1).some((w) => KEY_QUALIFIERS.has(w));
}

/** A key of the reference rule (`secretName`), also when it holds no secret word (`name` under `passwordSecret`). */
function isReferenceKey(key: string): boolean {
  const words = keyWords(key);
  return REFERENCE_LAST_WORDS.has(words[words.length - 1] ?? '') || words[0] === 'existing';
}

/** A Kubernetes SecretKeySelector-like mapping (`{name: db, key: password}`): it names a secret, it does not hold one. */
function isSecretSelector(node: unknown): boolean {
  if (!isMap(node) || node.items.length === 0) return false;
  return node.items.every((pair) => isScalar(pair.key) && ['name', 'key', 'optional', 'namespace'].includes(String(pair.key.value)));
}

/** True when a scalar under a secret key holds a value: a non-empty string that is not a placeholder, or a number. */
function holdsValue(value: unknown): boolean {
  if (typeof value === 'string') return value.trim() !== '' && !isPlaceholder(value.trim());
  return typeof value === 'number' || typeof value === 'bigint';
}

/** A path as a reader names a field: `git.repoURL`, `addressBooks.places[0]`, `values["a b"]`. */
export function fieldName(path: DocumentPath): string {
  let name = '';
  for (const segment of path) {
    if (typeof segment === 'number') name += `[${segment}]`;
    else if (/^[A-Za-z_$][A-Za-z0-9_$-]*$/.test(segment)) name += name === '' ? segment : `.${segment}`;
    else name += `[${JSON.stringify(segment)}]`;
  }
  return name === '' ? 'the document' : name;
}

/** The range of a scalar's content: without the quotes of a quoted scalar. */
function innerRange(node: Scalar): MaskRange | undefined {
  const range = node.range;
  if (!range) return undefined;
  const quoted = node.type === 'QUOTE_DOUBLE' || node.type === 'QUOTE_SINGLE';
  return quoted && range[1] - range[0] >= 2 ? [range[0] + 1, range[1] - 1] : [range[0], range[1]];
}

/** Index of the first span in `spans` (sorted by start) starting at or after `offset`. */
function firstAtOrAfter(spans: readonly SecretSpan[], offset: number): number {
  let low = 0;
  let high = spans.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if ((spans[middle] as SecretSpan).start < offset) low = middle + 1;
    else high = middle;
  }
  return low;
}

/** The URL of a value with its user information (and any other secret) masked, and without it, for the message and the hint. */
function urlArgs(value: string): { url: string; clean: string } {
  const url = maskSecrets(value);
  const clean = maskSecrets(value.replace(/(^|[^A-Za-z0-9+.-])([A-Za-z][A-Za-z0-9+.-]{0,30}:\/\/)[^\s/?#"'<>\\]{1,1024}@/g, '$1$2'));
  return { url, clean };
}

/**
 * The secrets of one input file: `parsed` is its document, or `undefined`
 * when it did not parse (the text is still scanned). `kind` selects the
 * suggestion of `input_secret` and the claim exemption.
 */
export function findSecrets(file: SourceFile, parsed: ParsedDocument | undefined, kind: InputKind): SecretFindings {
  const textSpans = findSecretSpans(file.text);
  const consumed = new Set<number>();
  const diagnostics: Diagnostic[] = [];
  const masks: MaskRange[] = textSpans.map((s) => [s.maskStart, s.maskEnd] as const);
  const values: string[] = [];
  const scanStrings = textSpans.length > 0 || file.text.includes('\\');
  // Most inputs (rows at fleet scale) hold no secret shape, no escape and no word of a secret key: nothing to walk.
  if (!scanStrings && !MAYBE_SECRET_KEY.test(file.text)) return { diagnostics: [], masks: [], values: [] };

  /** Text spans inside `[start, end)`, marked as accounted for. */
  const spansIn = (start: number, end: number): SecretSpan[] => {
    const found: SecretSpan[] = [];
    for (let i = firstAtOrAfter(textSpans, start); i < textSpans.length && (textSpans[i] as SecretSpan).start < end; i++) {
      consumed.add(i);
      found.push(textSpans[i] as SecretSpan);
    }
    return found;
  };

  const refuseValue = (node: Scalar, path: DocumentPath, asKey: boolean): void => {
    const value = typeof node.value === 'string' ? node.value : String(node.value);
    const range = node.range;
    const inText = range ? spansIn(range[0], range[1]) : [];
    const decoded = scanStrings ? findSecretSpans(value) : [];
    if (inText.length === 0 && decoded.length === 0) return;
    if (decoded.length > inText.length) {
      const inner = innerRange(node);
      if (inner) masks.push(inner);
    }
    for (const span of decoded) values.push(value.slice(span.maskStart, span.maskEnd));
    const kinds = [...new Set([...inText, ...decoded].map((s) => s.kind))];
    const first = inText[0];
    const where = first ? spanLocation(file, first.start, first.end, toPointer(path)) : spanLocation(file, range?.[0] ?? 0, range?.[1] ?? 0, toPointer(path));
    const field = asKey ? `the key ${fieldName(path)}` : fieldName(path);
    if (kinds.includes('url-credentials') && !asKey) diagnostics.push(diagnose(where, 'input_url_credentials', { field, ...urlArgs(value) }));
    else diagnostics.push(diagnose(where, 'input_secret_value', { field, what: kinds.map((k) => SECRET_KIND_NAMES[k]).join(' and ') }));
  };

  /** Masks every value under a secret key and says whether there was one; each node once, aliases followed to their anchors. */
  const holds = new Map<unknown, boolean>();
  const maskUnder = (node: unknown): boolean => {
    if (node === null || node === undefined) return false;
    const known = holds.get(node);
    if (known !== undefined) return known;
    holds.set(node, false);
    let found = false;
    if (isAlias(node)) found = parsed !== undefined && maskUnder(node.resolve(parsed.doc));
    else if (isScalar(node)) {
      if (holdsValue(node.value)) {
        const inner = innerRange(node);
        if (inner) {
          masks.push(inner);
          spansIn(inner[0], inner[1]);
        }
        values.push(String(node.value));
        found = true;
      }
    } else if (isSeq(node)) for (const item of node.items) found = maskUnder(item) || found;
    else if (isMap(node) && !isSecretSelector(node))
      for (const pair of node.items) if (!(isScalar(pair.key) && isReferenceKey(String(pair.key.value)))) found = maskUnder(pair.value) || found;
    holds.set(node, found);
    return found;
  };

  const walk = (node: unknown, path: DocumentPath): void => {
    if (isScalar(node)) {
      if (typeof node.value === 'string') refuseValue(node, path, false);
    } else if (isSeq(node)) node.items.forEach((item, index) => walk(item, [...path, index]));
    else if (isMap(node)) {
      const prefixes = kind === 'claim' && path.length === 1 && path[0] === 'paths';
      for (const pair of node.items) {
        if (!isScalar(pair.key)) continue;
        const key = String(pair.key.value);
        refuseValue(pair.key as Scalar, [...path, key], true);
        if (!prefixes && secretKeyKind(key) === 'secret' && maskUnder(pair.value)) {
          const suggestion =
            kind === 'row'
              ? `existingSecret: <name of a Kubernetes Secret>, with the value kept out of git`
              : `${key}Env: DIENE_${key.replace(/[^A-Za-z0-9]/g, '_').toUpperCase()}`;
          const keyRange = pair.key.range;
          const where = keyRange
            ? spanLocation(file, keyRange[0], keyRange[1], toPointer([...path, key]))
            : spanLocation(file, 0, 0, toPointer([...path, key]));
          diagnostics.push(diagnose(where, 'input_secret', { key, suggestion }));
          continue;
        }
        walk(pair.value, [...path, key]);
      }
    }
  };
  if (parsed) walk(parsed.doc.contents as Node | null, []);

  // What no value accounts for: a comment, or a file that did not parse.
  textSpans.forEach((span, index) => {
    if (consumed.has(index)) return;
    const field = parsed ? 'a comment' : 'this file';
    diagnostics.push(diagnose(spanLocation(file, span.start, span.end), 'input_secret_value', { field, what: SECRET_KIND_NAMES[span.kind] }));
  });
  return { diagnostics, masks, values };
}

/**
 * `text` with every secret shape masked, and every string of `values`: one of
 * 8 characters or more wherever it appears, a shorter one (4 to 7) only as a
 * word of its own (a password `app1` is masked, `app` inside `mapping` is
 * not looked for at all).
 */
function maskText(text: string, values: readonly string[]): string {
  let out = maskSecrets(text);
  for (const value of values) {
    if (value.length < 4 || !out.includes(value)) continue;
    if (value.length >= 8) out = out.split(value).join('*'.repeat([...value].length));
    else {
      const escaped = value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      out = out.replace(new RegExp(`(?<![A-Za-z0-9])${escaped}(?![A-Za-z0-9])`, 'g'), (found) => '*'.repeat([...found].length));
    }
  }
  return out;
}

/**
 * `diagnostics` with the secrets of `file` masked: in the source line of
 * each of its diagnostics (the ranges `masks`, so a caret still points at
 * the same column) and in every message and hint (the secret shapes and the
 * refused `values`). Diagnostics of other files pass unchanged.
 */
export function maskFileDiagnostics(diagnostics: readonly Diagnostic[], file: SourceFile, findings: Pick<SecretFindings, 'masks' | 'values'>): Diagnostic[] {
  if (findings.masks.length === 0 && findings.values.length === 0) return [...diagnostics];
  return diagnostics.map((d) => {
    if (d.file !== file.path) return d;
    const masked: Diagnostic = { ...d, message: maskText(d.message, findings.values), hint: maskText(d.hint, findings.values) };
    if (d.pointer !== null) masked.pointer = maskPointer(d.pointer, (segment) => maskText(segment, findings.values));
    if (d.sourceLine !== undefined && d.line !== null) {
      const start = file.lineStarts[d.line - 1] ?? 0;
      const line = lineText(file, d.line);
      const end = start + line.length;
      const local = findings.masks.filter(([s, e]) => s < end && e > start).map(([s, e]) => [s - start, e - start] as const);
      masked.sourceLine = maskText(maskRanges(line, local), findings.values);
    }
    return masked;
  });
}
