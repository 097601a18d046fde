import { describe, expect, it } from 'vitest';
import { closestName, editDistance } from '../../compiler/diagnostics/spelling.js';

describe('editDistance', () => {
  it.each([
    ['raichu', 'raichu', 0],
    ['riachu', 'raichu', 1], // two neighbouring letters swapped: one edit
    ['rachu', 'raichu', 1],
    ['ampharso', 'ampharos', 1],
    ['riachu', 'pichu', 2],
    ['', 'abc', 3],
    ['ca', 'abc', 3], // the optimal string alignment distance: a swapped pair is not edited again
  ])('%s → %s: %i', (a, b, distance) => {
    expect(editDistance(a, b)).toBe(distance);
    expect(editDistance(b, a)).toBe(distance);
  });
});

describe('editDistance with a limit', () => {
  it.each([
    ['compiel', 'compile', 1, 1],
    ['comple', 'compile', 2, 1],
    ['xompxetixn', 'completion', 2, 3], // three edits: past the limit of 2
    ['ab', 'abcdef', 1, 2], // lengths 4 apart: stopped at once
    ['kitten', 'sitting', 3, 3],
  ])('%s → %s within %i: %i', (a, b, limit, answer) => {
    expect(editDistance(a, b, limit)).toBe(answer);
    expect(editDistance(b, a, limit)).toBe(answer);
    // Within the limit it is the distance itself.
    if (answer <= limit) expect(editDistance(a, b)).toBe(answer);
    else expect(editDistance(a, b)).toBeGreaterThan(limit);
  });
});

describe('closestName', () => {
  const landscapes = ['ampharos', 'pichu', 'pikachu', 'raichu'];
  it('takes a swap of two letters as the likeliest typo', () => {
    expect(closestName('riachu', landscapes)).toBe('raichu');
    expect(closestName('pikahcu', landscapes)).toBe('pikachu');
  });
  it('names nothing when no name is close', () => {
    expect(closestName('zapdos', landscapes)).toBeUndefined();
  });
});
