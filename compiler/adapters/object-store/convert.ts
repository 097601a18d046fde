/**
 * From the bytes a store holds to the planner's view of a remote book
 * (compiler/plan/books-publish.ts): its serial and digest as written in it.
 * The digest is taken as the book states it (it is what `apply books` wrote;
 * the planner compares it with the digest of the book it would write).
 */
import type { RemoteBook } from '../../plan/books-publish.js';
import type { StoredObject } from './adapter.js';

/** The planner's view of `object` (or of no object). Never throws: a body that is not a book is `not-a-book` with the reason. */
export function toRemoteBook(object: StoredObject | undefined): RemoteBook {
  if (object === undefined) return { state: 'absent' };
  let value: unknown;
  try {
    value = JSON.parse(object.body);
  } catch {
    return { state: 'not-a-book', etag: object.etag, reason: 'not JSON' };
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return { state: 'not-a-book', etag: object.etag, reason: 'not a JSON object' };
  const { serial, digest } = value as { serial?: unknown; digest?: unknown };
  if (typeof serial !== 'number' || !Number.isSafeInteger(serial) || serial < 0)
    return { state: 'not-a-book', etag: object.etag, reason: 'no whole-number serial' };
  if (typeof digest !== 'string' || !/^sha256:[0-9a-f]{64}$/.test(digest)) return { state: 'not-a-book', etag: object.etag, reason: 'no sha256 digest' };
  return { state: 'book', etag: object.etag, serial, digest };
}
