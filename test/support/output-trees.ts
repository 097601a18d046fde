/**
 * Helpers of the output-directory tests (issues 9 and 14): trees compared
 * whole, the litter a run may leave beside its output, and a snapshot of a
 * folder precise enough to show any rename, rewrite, removal or mode change.
 */
import { createHash } from 'node:crypto';
import { lstatSync, readdirSync, readFileSync, readlinkSync } from 'node:fs';
import path from 'node:path';
import type { Diagnostic } from '../../compiler/diagnostics/diagnostic.js';
import { readOutputTree } from '../../compiler/adapters/filesystem/output-tree.js';
import { jsonDiagnostics } from './bounded-cli.js';
import { overlayTexts, readFleetTexts, writeTempFleet } from './fleet-fixture.js';

/** An output tree: relative path → text. */
export type Tree = Map<string, string>;

/** True when both trees hold the same paths with the same texts. */
export function sameTree(a: Tree, b: Tree): boolean {
  return a.size === b.size && [...a].every(([file, text]) => b.get(file) === text);
}

/** Hidden siblings a run leaves beside `out` while it works: its lock, staging folders and the previous tree. */
export function litter(out: string): string[] {
  const base = path.basename(out);
  return readdirSync(path.dirname(out)).filter((name) => name.startsWith(`.${base}.`));
}

/**
 * Every entry below `dir` (relative path → kind, bytes' digest or link target,
 * mode, inode, change and modification times). Equal snapshots mean nothing
 * was written, renamed, removed, re-created or chmodded; reading leaves them
 * equal (access times are left out).
 */
export function snapshot(dir: string): Record<string, string> {
  const found: Record<string, string> = {};
  const walk = (absolute: string, relative: string): void => {
    const info = lstatSync(absolute);
    const stamp = `mode ${(info.mode & 0o7777).toString(8)} ino ${info.ino} ctime ${info.ctimeMs} mtime ${info.mtimeMs}`;
    if (info.isSymbolicLink()) found[relative] = `link → ${readlinkSync(absolute)}, ${stamp}`;
    else if (info.isFile()) found[relative] = `file ${createHash('sha256').update(readFileSync(absolute)).digest('hex')}, ${stamp}`;
    else if (info.isDirectory()) {
      found[relative] = `folder, ${stamp}`;
      for (const name of readdirSync(absolute)) walk(path.join(absolute, name), relative === '' ? name : `${relative}/${name}`);
    } else found[relative] = `special, ${stamp}`;
  };
  walk(dir, '');
  return found;
}

/** `code: message` of every error of a `--format json` run. */
export function errorLines(run: { stdout: string; stderr: string }): string[] {
  return jsonDiagnostics(run)
    .filter((d: Diagnostic) => d.severity === 'error')
    .map((d) => `${d.code}: ${d.message}`);
}

/** A temporary folder and how to remove it. */
export interface TempFolder {
  dir: string;
  cleanup: () => void;
}

/** Fleet A (the bundled example), fleet B (every record set's TTL 120 instead of 60), a work folder, and each fleet's output tree. */
export interface TtlFleets {
  fleetA: TempFolder;
  fleetB: TempFolder;
  work: TempFolder;
  trees: Record<'A' | 'B', Tree>;
}

/**
 * The two fleets the output-tree tests compile into one folder in turn: their
 * trees differ in every file that names a record set's TTL and share the
 * rest. `compile` writes a fleet's tree into `out` (each test file runs it its
 * own way); the trees are read from `<work>/tree-A` and `<work>/tree-B`.
 */
export async function ttlFleets(compile: (fleet: string, out: string) => Promise<{ exitCode: number | null; stderr: string }>): Promise<TtlFleets> {
  const reference = readFleetTexts();
  const fleetYaml = reference.get('registry/fleet.yaml') as string;
  const fleetA = writeTempFleet(reference);
  const fleetB = writeTempFleet(overlayTexts(reference, { 'registry/fleet.yaml': fleetYaml.replace(/ttl: 60\b/, 'ttl: 120') }));
  const work = writeTempFleet(new Map());
  const trees: Record<'A' | 'B', Tree> = { A: new Map(), B: new Map() };
  for (const [name, fleet] of [
    ['A', fleetA],
    ['B', fleetB],
  ] as const) {
    const out = path.join(work.dir, `tree-${name}`);
    const run = await compile(fleet.dir, out);
    if (run.exitCode !== 0) throw new Error(`the fixture fleet ${name} did not compile (exit ${run.exitCode}): ${run.stderr}`);
    trees[name] = await readOutputTree(out);
  }
  return { fleetA, fleetB, work, trees };
}
