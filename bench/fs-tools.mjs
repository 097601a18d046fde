/**
 * File helpers of the benchmarks: write a tree of files quickly (one mkdir per
 * folder, synchronous writes: the fastest way to lay down tens of thousands
 * of small files on one core).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** Writes `files` (relative `/`-separated path → text or bytes) under `root`, creating folders as needed. */
export function writeFiles(root, files) {
  const made = new Set();
  for (const [relative, content] of files) {
    const target = path.join(root, relative);
    const dir = path.dirname(target);
    if (!made.has(dir)) {
      mkdirSync(dir, { recursive: true });
      made.add(dir);
    }
    writeFileSync(target, content);
  }
}
