/**
 * File helpers of the benchmarks: write a tree of files quickly (one mkdir per
 * folder, synchronous writes: the fastest way to lay down tens of thousands
 * of small files on one core), and fsync it the way `diene compile` does.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { open } from 'node:fs/promises';
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

/** fsyncs `root`, every file of `files` (relative paths) under it and every folder between, 16 at a time (as compiler/adapters/filesystem/output-tree.ts does). */
export async function syncTree(root, files) {
  const paths = new Set([root]);
  for (const relative of files) {
    const target = path.join(root, relative);
    paths.add(target);
    for (let dir = path.dirname(target); dir.length > root.length; dir = path.dirname(dir)) paths.add(dir);
  }
  const list = [...paths];
  let next = 0;
  const worker = async () => {
    while (next < list.length) {
      const handle = await open(list[next++], 'r');
      try {
        await handle.sync();
      } finally {
        await handle.close();
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(16, list.length) }, worker));
}
