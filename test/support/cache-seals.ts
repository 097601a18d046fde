/**
 * Seals made with the test user's own cache key (test/support/cache-home.ts):
 * for tests that change what a cache holds and seal it again, as only the
 * user who owns the key can, to reach the checks behind the seal.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { cacheKeyFile, loadCacheKey } from '../../compiler/incremental/cache-trust.js';
import { packSeal, recordText } from '../../compiler/incremental/compile-cache.js';

/** The key of the user running the tests (made if none is there yet). */
export function userCacheKey(): Uint8Array {
  const key = loadCacheKey(cacheKeyFile());
  if (!(key instanceof Uint8Array)) throw new Error(`the test user's cache key cannot be used: ${JSON.stringify(key)}`);
  return key;
}

/** The lines of the pack at `relative` in `cacheDir` without its seal line (the head first). */
export function packLines(cacheDir: string, relative: string): string[] {
  const lines = readFileSync(path.join(cacheDir, relative), 'utf8').split('\n');
  // The last piece is empty (a whole pack ends with a line feed), the one before it the seal.
  return lines.slice(0, -2);
}

/** Writes `lines` as the pack at `relative` in `cacheDir`, sealed with the user's key as diene seals one. */
export function writeSealedPack(cacheDir: string, relative: string, lines: readonly string[], key: Uint8Array = userCacheKey()): void {
  const body = lines.map((line) => `${line}\n`).join('');
  const seal = packSeal(key, relative);
  seal.update(Buffer.from(body, 'utf8'));
  writeFileSync(path.join(cacheDir, relative), `${body}seal ${seal.seal()}\n`);
}

/** The text of a record of `part` (stamps, slices, inputs) of the folder whose path's digest is `key`, sealed with the user's key. */
export function sealedRecord(part: 'stamps' | 'slices' | 'inputs' | 'written', key: string, body: unknown): string {
  return recordText(part, key, body, userCacheKey());
}
