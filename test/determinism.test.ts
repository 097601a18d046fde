/**
 * Determinism: the same inputs give the same bytes whatever the file order,
 * time zone, locale or clock (SPEC §3). The shuffled runs are in-process; the
 * time-zone and locale run is the real CLI in a child process.
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readOutputTree } from '../compiler/adapters/filesystem/output-tree.js';
import { compileFleet } from '../compiler/index.js';
import { readFleetTexts, TEST_NOW_SECONDS, toSourceFiles, writeTempFleet } from './support/fleet-fixture.js';
import { runCli } from './support/run-cli.js';

/** A deterministic shuffle (mulberry32), so a failure can be replayed from its seed. */
function shuffled<T>(items: readonly T[], seed: number): T[] {
  let state = seed >>> 0;
  const random = (): number => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j] as T, out[i] as T];
  }
  return out;
}

describe('determinism', () => {
  const texts = readFleetTexts();
  const files = toSourceFiles(texts);
  const baseline = compileFleet(files, { nowSeconds: TEST_NOW_SECONDS }).outputs as Map<string, string>;

  it('gives the same bytes for any input file order and any clock', () => {
    for (const seed of [1, 2, 3, 42, 2026]) {
      const outputs = compileFleet(shuffled(files, seed), { nowSeconds: TEST_NOW_SECONDS + seed * 86_400 * 30 }).outputs;
      expect(outputs, `seed ${seed}`).toEqual(baseline);
      expect([...(outputs as Map<string, string>).keys()]).toEqual([...baseline.keys()]);
    }
  });

  it('gives the same bytes in another time zone and locale (CLI)', async () => {
    const fleet = writeTempFleet(texts);
    try {
      const run = runCli(['compile', '--fleet', fleet.dir], { env: { TZ: 'Pacific/Chatham', LANG: 'tr_TR.UTF-8', LC_ALL: 'tr_TR.UTF-8' } });
      expect(run.exitCode, run.stderr).toBe(0);
      expect(await readOutputTree(path.join(fleet.dir, 'generated'))).toEqual(baseline);
    } finally {
      fleet.cleanup();
    }
  });
});
