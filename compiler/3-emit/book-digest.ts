/**
 * The content digest of an address book (SPEC §3.6): `sha256:<hex>` of the
 * book without its `serial` and `digest`, in RFC 8785 canonical JSON (the
 * `canonicalize` package). The serial is left out so that a book whose
 * content did not change keeps its digest when the serial moves; that is how
 * `diene apply books` uploads only books that changed.
 */
import { createHash } from 'node:crypto';
import canonicalizeModule from 'canonicalize';

// `canonicalize` is CommonJS (`module.exports = serialize`); under NodeNext its
// declared default export arrives as either the function or a namespace with it.
const canonicalizeJson = ((canonicalizeModule as unknown as { default?: unknown }).default ?? canonicalizeModule) as (input: unknown) => string | undefined;

/** RFC 8785 canonical JSON of `value`. Throws on a value with no JSON form (a bug). */
export function canonicalJsonText(value: unknown): string {
  const text = canonicalizeJson(value);
  if (text === undefined) throw new Error('canonical JSON: the value has no JSON form');
  return text;
}

/** `sha256:<lower-case hex>` of `book` without the keys `serial` and `digest`. */
export function bookDigest(book: Readonly<Record<string, unknown>>): string {
  const content = Object.fromEntries(Object.entries(book).filter(([key]) => key !== 'serial' && key !== 'digest'));
  return `sha256:${createHash('sha256').update(canonicalJsonText(content), 'utf8').digest('hex')}`;
}

/** `content` with its serial and digest added: `{serial, digest, ...content}`. */
export function sealBook<T extends Record<string, unknown>>(content: T, serial: number): T & { serial: number; digest: string } {
  return { ...content, serial, digest: bookDigest(content) };
}
