/**
 * Reads what the bucket holds under each book key, before planning (the
 * publisher reads first, then decides; SPEC §3.6). A few requests run at a
 * time; the first failure other than "no such key" stops the reading and is
 * returned with its key, so nothing is planned from a partial view.
 */
import type { RemoteBook } from '../../plan/books-publish.js';
import { describeStoreError, type ObjectStore } from './adapter.js';
import { toRemoteBook } from './convert.js';

/** How many reads run at once. */
export const READ_CONCURRENCY = 16;

/** Every key's remote state, or the first read failure (key and a one-line reason). */
export async function observeBooks(
  store: ObjectStore,
  keys: readonly string[],
): Promise<{ remote: Map<string, RemoteBook> } | { failure: { key: string; reason: string } }> {
  const remote = new Map<string, RemoteBook>();
  let failure: { key: string; reason: string } | undefined;
  let next = 0;
  const worker = async (): Promise<void> => {
    while (failure === undefined && next < keys.length) {
      const key = keys[next++] as string;
      try {
        remote.set(key, toRemoteBook(await store.get(key)));
      } catch (error) {
        failure ??= { key, reason: describeStoreError(error) };
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(READ_CONCURRENCY, keys.length) }, worker));
  return failure ? { failure } : { remote };
}
