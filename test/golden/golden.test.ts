/**
 * Golden trees (STYLE.md "Tests"): golden/<example>/ is the exact output tree of
 * examples/<example>, compared first as a set of paths (missing and extra
 * files fail), then byte for byte. A mismatch writes golden/_actual/<example>/
 * (git-ignored) for `diff -r`. Goldens change only with UPDATE_GOLDEN=1, which
 * rewrites the folder whole; a commit that changes goldens says why.
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readOutputTree } from '../../compiler/adapters/filesystem/output-tree.js';
import { compileFleet } from '../../compiler/index.js';
import { readFleetTexts, REPO_ROOT, TEST_NOW_SECONDS, toSourceFiles } from '../support/fleet-fixture.js';

const EXAMPLES = ['reference'];

function writeTree(dir: string, tree: ReadonlyMap<string, string>): void {
  rmSync(dir, { recursive: true, force: true });
  for (const [file, text] of tree) {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    writeFileSync(path.join(dir, file), text);
  }
}

describe('golden output trees', () => {
  for (const example of EXAMPLES) {
    it(`golden/${example} is what examples/${example} compiles to`, async () => {
      const result = compileFleet(toSourceFiles(readFleetTexts(path.join(REPO_ROOT, 'examples', example))), { nowSeconds: TEST_NOW_SECONDS });
      expect(result.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
      const actual = result.outputs as Map<string, string>;
      const goldenDir = path.join(REPO_ROOT, 'golden', example);
      const actualDir = path.join(REPO_ROOT, 'golden', '_actual', example);
      if (process.env['UPDATE_GOLDEN'] === '1') {
        writeTree(goldenDir, actual);
        rmSync(actualDir, { recursive: true, force: true });
        return;
      }
      const golden = await readOutputTree(goldenDir);
      const same = golden.size === actual.size && [...actual].every(([file, text]) => golden.get(file) === text);
      if (!same) writeTree(actualDir, actual);
      else rmSync(actualDir, { recursive: true, force: true });
      expect([...actual.keys()].sort(), `paths differ; see diff -r golden/${example} golden/_actual/${example}`).toEqual([...golden.keys()].sort());
      for (const [file, text] of actual) expect(text, `${file} differs; see diff -r golden/${example} golden/_actual/${example}, or UPDATE_GOLDEN=1`).toBe(golden.get(file));
    });
  }
});
