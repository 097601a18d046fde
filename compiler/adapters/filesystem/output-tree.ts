/**
 * The output directory, written all-or-nothing (issue 2 §9): the new tree is
 * written into a temporary sibling directory, then swapped in with two
 * renames (current → `<out>.previous`, temporary → current) and the previous
 * tree removed. A run killed between the two renames leaves `<out>.previous`,
 * which the next run restores before doing anything else. A failed compile
 * never calls these functions, so the output directory stays as it was.
 */
import { mkdir, mkdtemp, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import fg from 'fast-glob';

function previousOf(outDir: string): string {
  return `${outDir}.previous`;
}

async function exists(target: string): Promise<boolean> {
  try {
    await stat(target);
    return true;
  } catch {
    return false;
  }
}

/** Restores `<out>.previous` when a swap was interrupted (the output directory is missing but its previous copy exists). */
export async function recoverInterruptedSwap(outDir: string): Promise<void> {
  if (!(await exists(outDir)) && (await exists(previousOf(outDir)))) await rename(previousOf(outDir), outDir);
  else if (await exists(previousOf(outDir))) await rm(previousOf(outDir), { recursive: true, force: true });
}

/** Every file under `outDir` (path relative to it → text), or an empty map when it does not exist. */
export async function readOutputTree(outDir: string): Promise<Map<string, string>> {
  if (!(await exists(outDir))) return new Map();
  const paths = (await fg('**/*', { cwd: outDir, dot: true, onlyFiles: true, followSymbolicLinks: false })).sort();
  const tree = new Map<string, string>();
  for (const relative of paths) tree.set(relative, await readFile(path.join(outDir, relative), 'utf8'));
  return tree;
}

/**
 * Replaces `outDir` with exactly `outputs` (relative path → text). Throws on any
 * filesystem error, after removing its temporary directory; the output
 * directory is then unchanged.
 */
export async function writeOutputTree(outDir: string, outputs: ReadonlyMap<string, string>): Promise<void> {
  const parent = path.dirname(outDir);
  await mkdir(parent, { recursive: true });
  await recoverInterruptedSwap(outDir);
  const staging = await mkdtemp(path.join(parent, `.${path.basename(outDir)}.staging-`));
  try {
    for (const [relative, text] of outputs) {
      const target = path.join(staging, relative);
      await mkdir(path.dirname(target), { recursive: true });
      await writeFile(target, text, 'utf8');
    }
    const hadPrevious = await exists(outDir);
    if (hadPrevious) await rename(outDir, previousOf(outDir));
    await rename(staging, outDir);
    if (hadPrevious) await rm(previousOf(outDir), { recursive: true, force: true });
  } catch (error) {
    await rm(staging, { recursive: true, force: true });
    throw error;
  }
}
