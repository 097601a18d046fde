// The promotion order of a platform: normalized once per `stages:` list, so the
// platform check and the model read the same groups.

import { describe, expect, it } from 'vitest';
import { normalizeStages, type RawStageEntry } from '../../compiler/2-analyze/stage-graph.js';

describe('normalizeStages', () => {
  const stages: RawStageEntry[] = ['pichu', ['pikachu', { landscape: 'raichu', gate: 'manual', soak: '30m', verification: ['smoke'] }]];

  it('gives the groups in promotion order, each step with its position', () => {
    expect(normalizeStages(stages)).toEqual([
      [{ landscape: 'pichu', gate: 'auto', verification: [], path: [0], landscapePath: [0] }],
      [
        { landscape: 'pikachu', gate: 'auto', verification: [], path: [1, 0], landscapePath: [1, 0] },
        { landscape: 'raichu', gate: 'manual', soak: '30m', verification: ['smoke'], path: [1, 1], landscapePath: [1, 1, 'landscape'] },
      ],
    ]);
  });

  it('derives them once per list: the same list gives the same object, an equal list its own', () => {
    expect(normalizeStages(stages)).toBe(normalizeStages(stages));
    expect(normalizeStages(structuredClone(stages))).not.toBe(normalizeStages(stages));
    expect(normalizeStages(structuredClone(stages))).toEqual(normalizeStages(stages));
  });
});
