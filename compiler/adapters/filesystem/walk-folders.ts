/**
 * Lists the entries of a fleet's input folders: the walk fast-glob made for
 * the reader (`<folder>/**\/*` and `<folder>/*`, `dot: false`,
 * `followSymbolicLinks: false`, every kind of entry), by hand. Measured on the
 * 3,767 entries render walks at the XL bench fleet: fast-glob took 52–67 ms
 * and 22 ms more to load; these synchronous `readdir` calls take 9–14 ms. A
 * test holds it to fast-glob's answers (test/adapters/walk-folders.test.ts).
 */
import { lstatSync, readdirSync, type Dirent } from 'node:fs';
import path from 'node:path';
import type { FolderScope } from '../../1-load/fleet-layout.js';

// In the layout module, so the library's declarations name no Node type (a consumer may have no @types/node).
export type { FolderScope } from '../../1-load/fleet-layout.js';

/** One entry: its path relative to the fleet's root (`/`-separated) and what it is, a link not followed. */
export interface WalkedEntry {
  path: string;
  dirent: Dirent;
}

/** Errors that mean the entry went away or is not a folder any more: nothing to list, as fast-glob treats them. */
const GONE = new Set(['ENOENT', 'ENOTDIR']);

function listed(absolute: string): Dirent[] {
  try {
    return readdirSync(absolute, { withFileTypes: true });
  } catch (error) {
    if (GONE.has((error as NodeJS.ErrnoException).code ?? '')) return [];
    throw error;
  }
}

/**
 * Every entry under the `scopes` of the fleet at `root`, in no set order.
 * Hidden names (a leading `.`) are skipped and never entered; a folder is
 * entered only when it is one (a link to a folder is listed, not followed);
 * a scope whose folder is missing, a file or a link lists nothing (the reader
 * reports a linked input folder itself).
 */
export function walkFolders(root: string, scopes: readonly FolderScope[]): WalkedEntry[] {
  const entries: WalkedEntry[] = [];
  const seen = new Set<string>();
  for (const scope of scopes) {
    const base = path.join(root, scope.folder);
    let isFolder: boolean;
    try {
      isFolder = lstatSync(base).isDirectory();
    } catch {
      isFolder = false;
    }
    if (!isFolder) continue;
    const pending = [scope.folder];
    while (pending.length > 0) {
      const folder = pending.pop() as string;
      for (const dirent of listed(path.join(root, folder))) {
        if (dirent.name.startsWith('.')) continue;
        const relative = `${folder}/${dirent.name}`;
        if (seen.has(relative)) continue;
        seen.add(relative);
        entries.push({ path: relative, dirent });
        if (scope.depth === 'all' && dirent.isDirectory()) pending.push(relative);
      }
    }
  }
  return entries;
}
