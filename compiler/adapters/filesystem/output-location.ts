/**
 * Where `diene compile` may write (SPEC §2: the output folder may sit in the
 * fleet but never inside an input folder; never the fleet root, never
 * a file, never read-only). Checked on real paths, so a symbolic link cannot
 * smuggle the output into an input folder. What the directory may hold is the
 * manifest's business (compiler/adapters/filesystem/output-tree.ts).
 */
import type { ChoiceOf } from '../../diagnostics/catalog.js';
import type { Finding } from '../../diagnostics/diagnostic.js';
import { accessSync, constants, lstatSync, readlinkSync, realpathSync, statSync } from 'node:fs';
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

/** The most links followed while resolving a path whose link has no target yet, as the system's own limit for a path. */
const LINK_HOPS = 40;

/**
 * `target` (absolute) with every symbolic link resolved: the real path of its
 * nearest existing ancestor, joined with the part that does not exist yet.
 * A dangling or looping link is left as it is: `--out` through one is
 * refused (`output_location_not_directory`), a write fails cleanly.
 */
export function realOutputPath(target: string): string {
  const existing = nearestExisting(target);
  try {
    return path.join(realpathSync(existing), path.relative(existing, target));
  } catch {
    return target;
  }
}

/**
 * Where a write to `target` (absolute) lands: {@link realOutputPath}, but a
 * dangling link (its target missing, so a write through it creates the
 * target) is followed by reading it, again and again up to {@link LINK_HOPS}
 * links. A looping link is left as it is (the write then fails with ELOOP).
 * What the refusals of a file or folder inside the fleet judge by.
 */
function landingPath(target: string): string {
  let current = target;
  for (let hop = 0; hop <= LINK_HOPS; hop++) {
    const existing = nearestExisting(current);
    try {
      return path.join(realpathSync(existing), path.relative(existing, current));
    } catch {
      // The nearest existing entry is a link whose target is missing (or a loop): read it and go on from its target.
      let link: string;
      try {
        link = readlinkSync(existing);
      } catch {
        return current;
      }
      current = path.join(path.resolve(path.dirname(existing), link), path.relative(existing, current));
    }
  }
  return target;
}

/**
 * Whether the folder `dir` is there and refuses this process's writes. A
 * folder gone since it was listed (another compile's swap moved it) is no
 * refusal: the write makes its own.
 */
function refusesWrites(dir: string): boolean {
  try {
    accessSync(dir, constants.W_OK | constants.X_OK);
    return false;
  } catch (error) {
    return !['ENOENT', 'ENOTDIR'].includes((error as NodeJS.ErrnoException).code ?? '');
  }
}

/**
 * The first, in path order, of `folders` (relative to `dir`) that this
 * process cannot write, or `undefined`. Path order, not the order a walk
 * meets them: a warm run's look (cache/output-match.ts) names the same one.
 * A folder that is no longer there is not one of them.
 */
export function firstReadOnly(dir: string, folders: Iterable<string>): string | undefined {
  let first: string | undefined;
  for (const folder of folders) if ((first === undefined || folder < first) && refusesWrites(path.join(dir, folder))) first = folder;
  return first;
}

/** The findings {@link outputLocationProblem} returns. */
export type OutputLocationFinding = Finding<
  'output_location_fleet_root' | 'output_location_contains_fleet' | 'output_location_in_input' | 'output_location_read_only' | 'output_location_not_directory'
>;

/**
 * Why `outDir` may not be the output directory of the fleet at `root` (both
 * absolute; `outDir` as {@link realOutputPath} gives it), or `undefined`: the
 * fleet root, a folder containing the fleet, inside an input folder, not a
 * directory, below a file, or not writable. `command` is the one writing
 * there, whose hints suggest its own kind of folder.
 */
export function outputLocationProblem(root: string, outDir: string, command: 'compile' | 'atlas' = 'compile'): OutputLocationFinding | undefined {
  const readOnly = (place: ChoiceOf<'output_location_read_only', 'place'>, at: string): Finding<'output_location_read_only'> => ({
    code: 'output_location_read_only',
    args: { out: outDir, place, path: at },
  });
  const notDirectory = (at: string, what: string): Finding<'output_location_not_directory'> => ({
    code: 'output_location_not_directory',
    args: { out: outDir, path: at, what },
  });
  const realRoot = realOutputPath(root);
  if (outDir === realRoot) return { code: 'output_location_fleet_root', args: { out: outDir } };
  if (isInside(realRoot, outDir)) return { code: 'output_location_contains_fleet', args: { out: outDir, fleet: realRoot } };
  for (const folder of INPUT_FOLDERS) {
    const input = path.join(realRoot, folder);
    if (isInside(outDir, input) || isInside(outDir, realOutputPath(input)))
      return { code: 'output_location_in_input', args: { out: outDir, folder, example: command } };
  }
  const existing = nearestExisting(outDir);
  let info;
  try {
    info = statSync(existing);
  } catch {
    // Gone since it was found (another compile's swap moves the tree for an instant): no refusal; the write makes its own.
    return lstatSync(existing, { throwIfNoEntry: false }) === undefined ? undefined : notDirectory(existing, 'a broken symbolic link');
  }
  // A folder that is there and refuses writes: one gone meanwhile is none (refusesWrites).
  if (existing === outDir) {
    if (!info.isDirectory()) return notDirectory(outDir, 'a file, not a directory');
    if (refusesWrites(path.dirname(outDir))) return readOnly('parent', path.dirname(outDir));
    if (refusesWrites(outDir)) return readOnly('itself', outDir);
    return undefined;
  }
  if (!info.isDirectory()) return notDirectory(existing, 'a file, not a directory');
  if (refusesWrites(existing)) return readOnly('ancestor', existing);
  return undefined;
}

/**
 * Why the existing `outDir` cannot be replaced because a folder inside it is
 * read-only (the old tree could not be removed after the swap), or
 * `undefined`. `folders` are every folder of the tree below the top
 * (relative), as the look at it before the write found them
 * (output-tree.ts `inspectOutput`), so the tree is not walked again.
 */
export function readOnlyFolderProblem(outDir: string, folders: Iterable<string>): Finding<'output_location_read_only'> | undefined {
  const readOnly = firstReadOnly(outDir, folders);
  return readOnly === undefined ? undefined : { code: 'output_location_read_only', args: { out: outDir, place: 'inside', path: path.join(outDir, readOnly) } };
}

/** Where a file a user names for diene to write may not be: {@link outputFileProblem}'s answer. */
export type OutputFilePlace = { place: 'input'; folder: string } | { place: 'output'; out: string };

/**
 * Whether the file `file` (absolute) lies inside an input folder of one of the
 * fleets at `roots` or inside the output directory `outDir` (as
 * given or resolved), or `undefined`. Checked on real paths, as
 * for `--out`, so a symbolic link cannot reach an input. A file of a fleet
 * root that is no input folder (`check.diff` beside `registry/`) is allowed:
 * the loader reads only the input folders.
 */
export function outputFileProblem(file: string, roots: readonly string[], outDir: string | undefined): OutputFilePlace | undefined {
  const real = landingPath(file);
  for (const root of roots) {
    const realRoot = realOutputPath(root);
    for (const folder of INPUT_FOLDERS) {
      const input = path.join(realRoot, folder);
      if (isInside(real, input) || isInside(file, path.join(root, folder))) return { place: 'input', folder };
    }
  }
  if (outDir !== undefined && (isInside(real, realOutputPath(outDir)) || isInside(file, outDir))) return { place: 'output', out: outDir };
  return undefined;
}

/** Whether `file` is a file; a path the system cannot look at (a file on it, no access) is none. */
function isFile(file: string): boolean {
  try {
    return statSync(file).isFile();
  } catch {
    return false;
  }
}

/**
 * The fleet the path `target` (absolute) sits in: the nearest folder at or
 * above its real path that holds registry/fleet.yaml, or `undefined`. For the
 * commands that write folders without naming a fleet (`init`, `schemas --out`).
 */
export function enclosingFleet(target: string): string | undefined {
  let current = landingPath(target);
  for (;;) {
    if (isFile(path.join(current, 'registry', 'fleet.yaml'))) return current;
    const parent = path.dirname(current);
    if (parent === current) return undefined;
    current = parent;
  }
}
