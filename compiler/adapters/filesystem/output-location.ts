/**
 * Where `diene compile` may write (SPEC §2: the output folder may sit in the
 * fleet but never inside an input folder; never the fleet root, never
 * a file, never read-only). Checked on real paths, so a symbolic link cannot
 * smuggle the output into an input folder. What the directory may hold is the
 * manifest's business (compiler/adapters/filesystem/output-tree.ts).
 */
import type { Finding } from '../../diagnostics/diagnostic.js';
import { accessSync, constants, lstatSync, readdirSync, realpathSync, statSync } from 'node:fs';
import path from 'node:path';
import { INPUT_FOLDERS } from '../../1-load/fleet-layout.js';

function isInside(child: string, parent: string): boolean {
  const relative = path.relative(parent, child);
  return relative === '' || (relative !== '..' && !relative.startsWith(`..${path.sep}`) && !path.isAbsolute(relative));
}

/** The nearest existing ancestor of `target` (or `target` itself). */
function nearestExisting(target: string): string {
  let current = target;
  for (;;) {
    try {
      lstatSync(current);
      return current;
    } catch {
      const parent = path.dirname(current);
      if (parent === current) return current;
      current = parent;
    }
  }
}

/**
 * `target` (absolute) with every symbolic link resolved: the real path of its
 * nearest existing ancestor, joined with the part that does not exist yet.
 * A dangling or looping link is left as it is (the write then fails cleanly).
 */
export function realOutputPath(target: string): string {
  const existing = nearestExisting(target);
  try {
    return path.join(realpathSync(existing), path.relative(existing, target));
  } catch {
    return target;
  }
}

function writable(dir: string): boolean {
  try {
    accessSync(dir, constants.W_OK | constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** The first folder under `dir` (itself included, relative to it) that this process cannot write, or `undefined`. */
function readOnlyFolder(dir: string): string | undefined {
  const pending = [''];
  while (pending.length > 0) {
    const relative = pending.pop() as string;
    const absolute = path.join(dir, relative);
    if (!writable(absolute)) return relative;
    for (const entry of readdirSync(absolute, { withFileTypes: true })) if (entry.isDirectory()) pending.push(path.join(relative, entry.name));
  }
  return undefined;
}

/**
 * Why `outDir` may not be the output directory of the fleet at `root` (both
 * absolute; `outDir` as {@link realOutputPath} gives it), or `undefined`: the
 * fleet root, a folder containing the fleet, inside an input folder, not a
 * directory, below a file, or not writable.
 */
export function outputLocationProblem(root: string, outDir: string): Finding<'output_location_invalid' | 'output_location_not_directory'> | undefined {
  const invalid = (reason: string): Finding<'output_location_invalid'> => ({ code: 'output_location_invalid', args: { out: outDir, reason } });
  const notDirectory = (at: string, what: string): Finding<'output_location_not_directory'> => ({
    code: 'output_location_not_directory',
    args: { out: outDir, path: at, what },
  });
  const realRoot = realOutputPath(root);
  if (outDir === realRoot) return invalid('is the fleet root');
  if (isInside(realRoot, outDir)) return invalid('contains the fleet');
  for (const folder of INPUT_FOLDERS) {
    const input = path.join(realRoot, folder);
    if (isInside(outDir, input) || isInside(outDir, realOutputPath(input))) return invalid(`lies inside the input folder ${folder}/`);
  }
  const existing = nearestExisting(outDir);
  let info;
  try {
    info = statSync(existing);
  } catch {
    return notDirectory(existing, 'a broken symbolic link');
  }
  if (existing === outDir) {
    if (!info.isDirectory()) return notDirectory(outDir, 'a file, not a directory');
    if (!writable(path.dirname(outDir))) return invalid(`cannot be replaced: its parent folder ${path.dirname(outDir)} is read-only`);
    if (!writable(outDir)) return invalid('is read-only');
    return undefined;
  }
  if (!info.isDirectory()) return notDirectory(existing, 'a file, not a directory');
  if (!writable(existing)) return invalid(`cannot be created: ${existing} is read-only`);
  return undefined;
}

/**
 * Why the existing `outDir` cannot be replaced because a folder inside it is
 * read-only (the old tree could not be removed after the swap), or
 * `undefined`. Walks every folder: call it once the directory is known to
 * hold only diene's tree.
 */
export function readOnlyFolderProblem(outDir: string): string | undefined {
  try {
    const readOnly = readOnlyFolder(outDir);
    return readOnly === undefined || readOnly === '' ? undefined : `holds the read-only folder ${readOnly.split(path.sep).join('/')}/`;
  } catch {
    return undefined; // cannot be listed: the write fails cleanly (output_write_failed)
  }
}
