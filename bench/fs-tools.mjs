/**
 * File helpers of the benchmarks: write a tree of files quickly (one mkdir per
 * folder, synchronous writes: the fastest way to lay down tens of thousands
 * of small files on one core), and fsync it the way `diene compile` does.
 */
import { existsSync, mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
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

/**
 * Writes `outputs` (relative path → bytes) into `outDir` the way `diene compile` does: a staging folder beside it, every file
 * and folder of it fsynced, the old tree renamed aside and the staging folder renamed into place, the parent folder fsynced,
 * then the old tree removed.
 */
export async function swapInto(outDir, outputs) {
  const out = path.resolve(outDir);
  const staging = `${path.dirname(out)}/.${path.basename(out)}.floor-staging`;
  rmSync(staging, { recursive: true, force: true });
  mkdirSync(staging, { recursive: true });
  writeFiles(staging, outputs);
  await syncTree(staging, outputs.keys());
  const previous = path.join(path.dirname(out), `.${path.basename(out)}.previous`);
  const hadPrevious = existsSync(out);
  if (hadPrevious) renameSync(out, previous);
  renameSync(staging, out);
  await syncTree(path.dirname(out), []);
  if (hadPrevious) rmSync(previous, { recursive: true, force: true });
}
