/**
 * Test fixtures: the reference fleet as in-memory source files, overlays on
 * it, and temporary fleet directories on disk for CLI tests.
 */
import { mkdtempSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import fg from 'fast-glob';
import { afterAll, afterEach } from 'vitest';
import { sourceFile, type SourceFile } from '../../compiler/1-load/source-file.js';
import type { TreeReader } from '../../compiler/plan/claim-paths.js';

export const REPO_ROOT = path.resolve(import.meta.dirname, '..', '..');
export const REFERENCE_FLEET = path.join(REPO_ROOT, 'examples', 'reference');

/** Path → text of every input file of `root` (only the input folders of SPEC §2). */
export function readFleetTexts(root: string = REFERENCE_FLEET): Map<string, string> {
  const paths = fg.sync('{registry,state,platforms,claims,carbon}/**/*', { cwd: root, onlyFiles: true, dot: false }).sort();
  return new Map(paths.map((p) => [p, readFileSync(path.join(root, p), 'utf8')]));
}

/** A repository tree (plan/claim-paths.ts `TreeReader`) that holds exactly `texts` (path → text). */
export function textTreeReader(texts: ReadonlyMap<string, string>): TreeReader {
  return {
    readFile: async (file) => texts.get(file),
    listFolders: async (folder) =>
      [
        ...new Set(
          [...texts.keys()]
            .filter((f) => f.startsWith(`${folder}/`))
            .map((f) => f.slice(folder.length + 1).split('/'))
            .filter((parts) => parts.length > 1)
            .map((parts) => parts[0] as string),
        ),
      ].sort(),
  };
}

/** `base` with `overlay` applied: a string replaces or adds a file, `null` deletes it. */
export function overlayTexts(base: ReadonlyMap<string, string>, overlay: Record<string, string | null> = {}): Map<string, string> {
  const result = new Map(base);
  for (const [file, text] of Object.entries(overlay)) {
    if (text === null) result.delete(file);
    else result.set(file, text);
  }
  return result;
}

/** Source files from path → text, in the given order. */
export function toSourceFiles(texts: ReadonlyMap<string, string>): SourceFile[] {
  return [...texts].map(([file, text]) => sourceFile(file, text));
}

/** Writes `texts` (and `bytes`, raw) under a new temporary directory and returns it; `cleanup()` removes it. */
export function writeTempFleet(texts: ReadonlyMap<string, string>, bytes: Record<string, Uint8Array> = {}): { dir: string; cleanup: () => void } {
  const dir = mkdtempSync(path.join(tmpdir(), 'diene-fleet-'));
  for (const [file, text] of [...texts, ...Object.entries(bytes)]) {
    const target = path.join(dir, file);
    mkdirSync(path.dirname(target), { recursive: true });
    writeFileSync(target, text);
  }
  return { dir, cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}

/** A fixed clock for tests: 2026-11-21T00:00:00Z, one day after the reference fleet's override. */
export const TEST_NOW_SECONDS = Math.floor(Date.parse('2026-11-21T00:00:00Z') / 1000);

/**
 * Temporary fleets for one test file: the returned function writes the reference
 * fleet with `overlay` applied and returns its directory; every fleet is removed
 * after each test. Call once at the top of a test file.
 */
/**
 * A maker of temporary fleets holding exactly `files` (a `null` text leaves the path out), all removed once
 * the file's tests are done (fleets made at a describe's level outlive each test).
 */
export function useFleetsOfFiles(): (files: Readonly<Record<string, string | null>>) => string {
  const cleanups: (() => void)[] = [];
  afterAll(() => {
    for (const cleanup of cleanups.splice(0)) cleanup();
  });
  return (files) => {
    const fleet = writeTempFleet(new Map(Object.entries(files).filter((entry): entry is [string, string] => entry[1] !== null)));
    cleanups.push(fleet.cleanup);
    return fleet.dir;
  };
}

export function useTempFleets(): (overlay?: Record<string, string | null>) => string {
  const cleanups: (() => void)[] = [];
  afterEach(() => {
    for (const cleanup of cleanups.splice(0)) cleanup();
  });
  return (overlay = {}) => {
    const fleet = writeTempFleet(overlayTexts(readFleetTexts(), overlay));
    cleanups.push(fleet.cleanup);
    return fleet.dir;
  };
}
