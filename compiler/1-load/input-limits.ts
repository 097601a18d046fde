/**
 * Limits that keep hostile input from crashing or stalling the compiler
 * (never crash, never hang). Design note: the YAML composer, Ajv and
 * every walk over a parsed value recurse once per nesting level, and the
 * stack runs out somewhere under a thousand levels of YAML; so nesting is
 * measured with explicit stacks (no recursion) before anything recursive
 * sees the input, and refused past {@link NESTING_LIMIT}. Pure: text and
 * values in, offsets and paths out.
 */
import { Lexer, Parser, type CST } from 'yaml';
import { TOTAL_SIZE_LIMIT } from './input-sizes.js';

// The byte limits live apart: the reader needs them without the YAML lexer.
export { FILE_SIZE_LIMIT } from './input-sizes.js';

/**
 * The deepest nesting of lists and mappings an input may have. Real inputs
 * nest a few levels (a row's `values` override rarely more than ten); the
 * YAML composer overflows the stack under a thousand.
 */
export const NESTING_LIMIT = 100;

/**
 * The most values (scalars, aliases and flow collections) one input file may
 * hold. Parsing keeps about a kilobyte per value (positions, tokens, nodes),
 * so 4 MB of "1," (two million values) took 2 GB and 18 s, and ran out of a
 * 256 MB heap; the largest real input, a claim at the 10,000-prefix cap of
 * SPEC §3.4, holds about 20,000.
 */
export const VALUE_LIMIT = 100_000;

/**
 * The most values (as {@link VALUE_LIMIT} counts them) all input files of one
 * fleet may hold together. The XL fleet of SPEC §7 holds about 517,000 and
 * compiles in about 1 GB; the budget leaves it twice over, and keeps a
 * hostile fleet of files at the per-file limit (each about 50 MB to parse and
 * keep) near half a gigabyte.
 */
export const TOTAL_VALUE_LIMIT = 1_000_000;

/** The input budget of one fleet (the defaults are {@link TOTAL_SIZE_LIMIT} and {@link TOTAL_VALUE_LIMIT}; tests pass smaller ones). */
export interface InputBudget {
  /** Bytes of UTF-8 text, all files together. */
  bytes: number;
  /** Values, all files together. */
  values: number;
}

/** The default {@link InputBudget}. */
export const INPUT_BUDGET: Readonly<InputBudget> = Object.freeze({ bytes: TOTAL_SIZE_LIMIT, values: TOTAL_VALUE_LIMIT });

const COLLECTIONS = new Set(['block-map', 'block-seq', 'flow-collection']);

/** True for a lexeme that starts a value: a plain or block scalar's text (after the lexer's U+001F marker), a quoted scalar, an alias, a flow collection. */
function startsValue(lexeme: string): boolean {
  const first = lexeme.charCodeAt(0);
  return first === 0x1f || first === 0x22 || first === 0x27 || first === 0x2a || first === 0x5b || first === 0x7b;
}

/**
 * The YAML token stream of `text` and how many values it holds, or the
 * offset where it first breaks a limit: a list or mapping nested deeper than
 * `limits.depth` (`tooDeep`), or the value past `limits.values` (`tooMany`). Drives the yaml library's lexer
 * and parser by hand and watches the parser's stack of open collections and
 * the values it has met, so it stops at the first excess: a megabyte of `[`
 * costs a moment, where parsing it whole took a gigabyte of memory.
 */
export function tokensWithinLimits(
  text: string,
  limits: { depth: number; values: number } = { depth: NESTING_LIMIT, values: VALUE_LIMIT },
): { tokens: CST.Token[]; values: number } | { tooDeep: number } | { tooMany: number } {
  const parser = new Parser();
  const tokens: CST.Token[] = [];
  let values = 0;
  for (const lexeme of new Lexer().lex(text)) {
    if (startsValue(lexeme) && ++values > limits.values) return { tooMany: parser.offset };
    for (const token of parser.next(lexeme)) tokens.push(token);
    if (parser.stack.length > limits.depth) {
      const open = parser.stack.filter((token) => COLLECTIONS.has(token.type));
      if (open.length > limits.depth) return { tooDeep: (open[limits.depth] as CST.Token).offset };
    }
  }
  for (const token of parser.end()) tokens.push(token);
  return { tokens, values };
}

/**
 * The offset of the first `[` or `{` of a JSON `text` nested deeper than
 * `limit` (strings skipped), or `undefined`. A linear scan; it does not
 * check the syntax (JSON.parse does).
 */
export function tooDeepJsonOffset(text: string, limit: number = NESTING_LIMIT): number | undefined {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c)
        i++; // backslash: skip the escaped character
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b || c === 0x7b) {
      if (++depth > limit) return i;
    } else if (c === 0x5d || c === 0x7d) depth--;
  }
  return undefined;
}

/**
 * The path to the first list or mapping of `value` nested deeper than
 * `limit` (aliases can nest a value deeper than its text does), or
 * `undefined`. Iterative; shared subtrees are walked once per reference, so
 * callers cap alias expansion first.
 */
export function tooDeepValuePath(value: unknown, limit: number = NESTING_LIMIT): (string | number)[] | undefined {
  const stack: [unknown, (string | number)[]][] = [[value, []]];
  while (stack.length > 0) {
    const [current, path] = stack.pop() as [unknown, (string | number)[]];
    if (current === null || typeof current !== 'object') continue;
    if (path.length + 1 > limit) return path;
    const entries: [string | number, unknown][] = Array.isArray(current) ? current.map((item, index) => [index, item]) : Object.entries(current);
    for (let i = entries.length - 1; i >= 0; i--) {
      const [key, inner] = entries[i] as [string | number, unknown];
      if (inner !== null && typeof inner === 'object') stack.push([inner, [...path, key]]);
    }
  }
  return undefined;
}

/**
 * Characters YAML 1.2 does not allow in a stream (§5.1 `c-printable`): C0
 * controls other than tab, line feed and carriage return, DEL, C1 controls
 * other than NEL, and the noncharacters U+FFFE and U+FFFF.
 */
const NOT_PRINTABLE = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u0084\u0086-\u009F\uFFFE\uFFFF]/;

/** The offset and `U+XXXX` name of the first character of `text` that YAML does not allow, or `undefined`. */
export function firstControlCharacter(text: string): { offset: number; name: string } | undefined {
  const match = NOT_PRINTABLE.exec(text);
  if (!match) return undefined;
  const code = (match[0] as string).charCodeAt(0);
  return { offset: match.index, name: `U+${code.toString(16).toUpperCase().padStart(4, '0')}` };
}

/** The UTF-8 length of `text` in bytes (lone surrogates count 3, as TextEncoder writes U+FFFD). */
export function utf8Length(text: string): number {
  let bytes = 0;
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    if (unit < 0x80) bytes += 1;
    else if (unit < 0x800) bytes += 2;
    else if (unit >= 0xd800 && unit <= 0xdbff && i + 1 < text.length && (text.charCodeAt(i + 1) & 0xfc00) === 0xdc00) {
      bytes += 4;
      i++;
    } else bytes += 3;
  }
  return bytes;
}
