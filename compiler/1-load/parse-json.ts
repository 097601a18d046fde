/**
 * JSON loading with positions, for claims (SPEC §2 `claims/domains/<host>.json`)
 * and the DNS snapshots `plan dns --live` reads.
 * The text must be strict JSON (RFC 8259: no comments, no trailing commas).
 * `JSON.parse` judges it (native, the fast path for the valid files that make
 * up nearly every run); a refused text is read again by jsonc-parser, VS Code's
 * JSON parser, for the place and kind of its first error (offset and code, no
 * message text to pick apart). Positions and duplicate-key detection for a
 * valid text come from reading it through the YAML node model, of which JSON
 * is a subset.
 */
import { printParseErrorCode, visit } from 'jsonc-parser';
import { diagnose } from '../diagnostics/diagnostic.js';
import type { Document } from 'yaml';
import { NESTING_LIMIT, tooDeepJsonOffset, VALUE_LIMIT } from './input-limits.js';
import { lazyDocument, parseYaml, type DocumentRemade, type ParseOptions, type ParseResult } from './parse-yaml.js';
import { spanLocation, type SourceFile } from './source-file.js';

/** What each of jsonc-parser's error codes means, in the words of a `json_syntax` reason. */
const REASONS: Readonly<Record<ReturnType<typeof printParseErrorCode>, string>> = {
  InvalidSymbol: 'unexpected text',
  InvalidNumberFormat: 'a malformed number',
  PropertyNameExpected: 'a property name in double quotes expected',
  ValueExpected: 'a value expected',
  ColonExpected: 'a colon expected after the property name',
  CommaExpected: 'a comma expected',
  CloseBraceExpected: 'a closing brace expected',
  CloseBracketExpected: 'a closing bracket expected',
  EndOfFileExpected: 'text after the end of the value',
  InvalidCommentToken: 'a comment',
  UnexpectedEndOfComment: 'a comment without its end',
  UnexpectedEndOfString: 'a string without its closing quote',
  UnexpectedEndOfNumber: 'a number cut short',
  InvalidUnicode: 'a malformed \\u escape',
  InvalidEscapeCharacter: 'an invalid escape sequence',
  InvalidCharacter: 'a control character inside a string (write it as a \\u escape)',
  '<unknown ParseErrorCode>': 'not JSON',
};

/** `unexpected "NaN"`, or the code point of a character that does not show (`unexpected character U+00A0`). */
function unexpected(token: string): string {
  const first = token.codePointAt(0) ?? 0;
  if (first < 0x21 || first > 0x7e) return `unexpected character U+${first.toString(16).toUpperCase().padStart(4, '0')}`;
  return `unexpected ${JSON.stringify(token.length > 20 ? `${token.slice(0, 20)}…` : token)}`;
}

const STRICT = { disallowComments: true, allowTrailingComma: false, allowEmptyContent: false } as const;

/** The first error of `text` as strict JSON: its span and a reason, or `undefined` when jsonc-parser finds none. */
export function firstJsonError(text: string): { start: number; end: number; reason: string } | undefined {
  let first: { start: number; end: number; reason: string } | undefined;
  visit(
    text,
    {
      onError(code, offset, length) {
        if (first !== undefined) return;
        let reason = REASONS[printParseErrorCode(code)];
        const token = text.slice(offset, offset + Math.max(length, 1));
        // A trailing comma is blamed on the comma (the one to delete), not on the bracket after it, which may be lines below.
        const closing = (code === 3 /* PropertyNameExpected */ && token === '}') || (code === 4 /* ValueExpected */ && token === ']');
        const comma = closing ? /,\s*$/.exec(text.slice(0, offset))?.index : undefined;
        if (token === '}' && comma !== undefined) {
          first = { start: comma, end: comma + 1, reason: 'a trailing comma before the closing brace' };
          return;
        }
        if (token === ']' && comma !== undefined) {
          first = { start: comma, end: comma + 1, reason: 'a trailing comma before the closing bracket' };
          return;
        }
        if (code === 4 && offset >= text.length) reason = 'the text ends where a value is expected';
        else if (code === 1 /* InvalidSymbol */) reason = unexpected(token);
        first = { start: offset, end: offset + Math.max(length, 1), reason };
      },
    },
    STRICT,
  );
  return first;
}

/**
 * Parses `file` as strict JSON with positions; returns the document or the
 * reasons it is refused, and the values it holds (`valueBudget` as for
 * {@link parseYaml}). `documentRemade` is told when the positioned document
 * of a claim read by the fast path is made (see {@link lazyDocument}).
 */
export function parseJson(file: SourceFile, options: Pick<ParseOptions, 'valueBudget'> & { documentRemade?: DocumentRemade } = {}): ParseResult {
  // Before anything recursive reads it: JSON.parse copes with any depth, the YAML composer does not.
  const tooDeep = tooDeepJsonOffset(file.text);
  if (tooDeep !== undefined) return { diagnostics: [diagnose(spanLocation(file, tooDeep, tooDeep + 1), 'input_too_deep', { limit: NESTING_LIMIT })] };
  let value: unknown;
  try {
    value = JSON.parse(file.text);
  } catch {
    const error = firstJsonError(file.text) ?? { start: 0, end: 1, reason: 'not JSON' };
    return { diagnostics: [diagnose(spanLocation(file, error.start, error.end), 'json_syntax', { reason: error.reason })] };
  }
  const budget = options.valueBudget;
  const quick = plainJson(file, value, budget ? Math.max(0, Math.min(VALUE_LIMIT, budget.left)) : VALUE_LIMIT, options.documentRemade);
  if (quick) return quick;
  return positionedJson(file, budget ? { valueBudget: budget } : {});
}

/** The document of `file` read through the YAML node model, with every position, and its findings. */
function positionedJson(file: SourceFile, options: Pick<ParseOptions, 'valueBudget'>): ParseResult {
  const result = parseYaml(file, { ...options, json: true });
  return { ...result, diagnostics: result.diagnostics.filter((d) => d.code !== 'yaml_ambiguous_boolean') };
}

/** The positioned document of a claim `file` that loaded without error, made again (see {@link lazyDocument}). */
export function jsonDocumentAgain(file: SourceFile): Document.Parsed {
  const full = positionedJson(file, {});
  if (!full.parsed) throw new Error(`${file.path}: the YAML reader refused a claim JSON.parse read`);
  return full.parsed.doc;
}

/** Printable ASCII and line feeds only: no escape (no backslash), no tab, nothing the YAML reader could take differently. */
const PLAIN_ASCII_TEXT = /^[\x20-\x5b\x5d-\x7e\n]*$/;

/** The longest key this fast path takes (YAML refuses implicit keys past 1,024 characters). */
const PLAIN_KEY_LIMIT = 1000;

/** How many values (as the YAML reader counts them: every scalar, key or not, and every collection) `value` holds, or `undefined` past `limit` or for a key the fast path leaves to the YAML reader. */
function plainValues(value: unknown, limit: number): number | undefined {
  let count = 0;
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const current = stack.pop();
    count++;
    if (current !== null && typeof current === 'object') {
      if (Array.isArray(current)) for (const item of current) stack.push(item);
      else
        for (const key of Object.keys(current)) {
          if (key.length > PLAIN_KEY_LIMIT || key === '__proto__') return undefined;
          count++;
          stack.push((current as Record<string, unknown>)[key]);
        }
    }
    if (count > limit) return undefined;
  }
  return count;
}

/**
 * The fast path for a claim written the usual way (`JSON.stringify(value,
 * null, 2)`, as `diene claim set-paths` writes it: printable ASCII, no
 * escapes, no duplicate key, since a duplicate would not survive the round
 * trip): its value is JSON.parse's, and the positioned document (which only
 * a diagnostic's location or a secret's walk reads) is made from the text
 * the first time it is asked for. Any other text, or one past the value
 * budget, goes through the YAML node model at once (`undefined`).
 */
function plainJson(file: SourceFile, value: unknown, valueLimit: number, remade: DocumentRemade | undefined): ParseResult | undefined {
  const text = file.text;
  if (!PLAIN_ASCII_TEXT.test(text)) return undefined;
  const canonical = JSON.stringify(value, null, 2);
  if (text !== canonical && !(text.length === canonical.length + 1 && text.endsWith('\n') && text.startsWith(canonical))) return undefined;
  const values = plainValues(value, valueLimit);
  if (values === undefined) return undefined;
  const parsed = lazyDocument(file, value, () => jsonDocumentAgain(file), remade);
  return { parsed, diagnostics: [], values };
}
