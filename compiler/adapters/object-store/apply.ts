/**
 * Writes a publish plan (compiler/plan/books-publish.ts) to the store.
 *
 * Each write is conditional on what was read when planning: `If-Match` with
 * the ETag read for an update, `If-None-Match: *` for a create, so a newer
 * publisher's book written in between is never overwritten on stores that
 * honour conditions (S3, R2). Just before each write the ETag is read again
 * (some S3-compatible servers, s3rver and older MinIO, ignore the conditions). A failed condition
 * stops the run: nothing more is written, and the key is reported as raced.
 *
 * Order: the plan's upload order (Doc C, then Doc B, then Doc A); writes of
 * one group run a few at a time, and a group starts only when the one before
 * has been written whole. Every book is written with `Content-Type:
 * application/json` and `Cache-Control: max-age=60` (clients see a new book
 * within a minute).
 */
import type { BookChange, LocalBook } from '../../plan/books-publish.js';
import { describeStoreError, PreconditionFailed, type ObjectStore } from './adapter.js';

/** The headers of every book upload. */
export const BOOK_CONTENT_TYPE = 'application/json';
export const BOOK_CACHE_CONTROL = 'max-age=60';

/** How many writes of one group run at once. */
export const WRITE_CONCURRENCY = 8;

/** What a write run did: keys written, the key whose condition failed (if any), and keys that failed otherwise with why. */
export interface ApplyResult {
  written: string[];
  raced?: string;
  failed: { key: string; reason: string }[];
}

function expectedEtag(change: BookChange): string | undefined {
  return change.before.state === 'absent' ? undefined : change.before.etag;
}

/** Writes every create and update of `changes` (already in upload order) with the bytes of `books`. */
export async function applyBookChanges(store: ObjectStore, changes: readonly BookChange[], books: ReadonlyMap<string, LocalBook>): Promise<ApplyResult> {
  const result: ApplyResult = { written: [], failed: [] };
  const pending = changes.filter((change) => change.verb !== 'keep');
  // Writes of one group run concurrently, so several may meet a race; the first in key order is reported, whatever the timing.
  const raced: string[] = [];
  const groups: BookChange[][] = [];
  for (const change of pending) {
    const depth = change.key.split('/').length;
    const last = groups[groups.length - 1];
    if (last && (last[0] as BookChange).key.split('/').length === depth) last.push(change);
    else groups.push([change]);
  }

  const writeOne = async (change: BookChange): Promise<void> => {
    const book = books.get(change.key);
    if (!book) throw new Error(`no bytes for ${change.key}`);
    const expected = expectedEtag(change);
    try {
      const current = await store.etag(change.key);
      if (current !== expected) throw new PreconditionFailed(change.key);
      await store.put(change.key, book.bytes, {
        contentType: BOOK_CONTENT_TYPE,
        cacheControl: BOOK_CACHE_CONTROL,
        ...(expected === undefined ? { ifNoneMatch: '*' as const } : { ifMatch: expected }),
      });
      result.written.push(change.key);
    } catch (error) {
      if (error instanceof PreconditionFailed) raced.push(change.key);
      else result.failed.push({ key: change.key, reason: describeStoreError(error) });
    }
  };

  for (const group of groups) {
    let next = 0;
    const worker = async (): Promise<void> => {
      while (raced.length === 0 && next < group.length) await writeOne(group[next++] as BookChange);
    };
    await Promise.all(Array.from({ length: Math.min(WRITE_CONCURRENCY, group.length) }, worker));
    if (raced.length > 0 || result.failed.length > 0) break;
  }
  if (raced.length > 0) result.raced = [...raced].sort()[0];
  result.written.sort();
  result.failed.sort((a, b) => (a.key < b.key ? -1 : 1));
  return result;
}
