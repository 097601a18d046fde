/**
 * The `--check` review text (compiler/report/check-review.ts): summary first,
 * a diff cut at a line count with a pointer to the full diff, colour only
 * when asked, and the colour decision (TTY, NO_COLOR, TERM=dumb).
 */
import { createTwoFilesPatch } from 'diff';
import { describe, expect, it } from 'vitest';
import { outputChanges } from '../../compiler/plan/output-changes.js';
import { formatDiff, formatReview, formatSummary, useColour } from '../../compiler/report/check-review.js';

const ESC = '\u001b[';
const before = new Map([['kargo/a.yaml', '---\napiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: a\ndata:\n  x: "1"\n']]);
const after = new Map([
  ['kargo/a.yaml', '---\napiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: a\ndata:\n  x: "2"\n'],
  ['kargo/b.yaml', `---\napiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: b\ndata:\n${Array.from({ length: 50 }, (_, i) => `  k${i}: v\n`).join('')}`],
]);
const patch = [...new Set([...before.keys(), ...after.keys()])]
  .sort()
  .map((f) => createTwoFilesPatch(before.has(f) ? `a/${f}` : '/dev/null', `b/${f}`, before.get(f) ?? '', after.get(f) ?? ''))
  .join('');

describe('the --check review', () => {
  it('opens with the summary, files then objects', () => {
    const text = formatSummary(outputChanges(before, after), { colour: false });
    expect(text).toBe(
      [
        '2 generated files of 2 differ from what the inputs produce: 1 missing, 1 changed, 0 extra; objects: 1 added, 1 changed, 0 removed',
        '',
        'files:',
        '  changed  kargo/a.yaml  objects: 1 changed',
        '  missing  kargo/b.yaml  objects: 1 added',
        '',
        'objects:',
        '  changed  ConfigMap a  (kargo/a.yaml)',
        '  added    ConfigMap b  (kargo/b.yaml)',
        '',
      ].join('\n'),
    );
  });

  it('prints the whole diff under the cap, with no pointer', () => {
    expect(formatDiff(patch, { colour: false, diffLines: 1000, outDir: 'generated' })).toBe(patch);
  });

  it('cuts the diff at the cap and points to the full one, naming the files cut', () => {
    const text = formatDiff(patch, { colour: false, diffLines: 12, outDir: 'generated' });
    const lines = text.trimEnd().split('\n');
    expect(lines).toHaveLength(13);
    expect(lines.slice(0, 12).join('\n')).toBe(patch.split('\n').slice(0, 12).join('\n'));
    expect(lines[12]).toMatch(
      /^… \d+ more diff lines not shown \(files not shown in full: kargo\/b\.yaml\); for the full diff run `diene compile --check --diff-lines all`/,
    );
    expect(formatDiff(patch, { colour: false, diffLines: 12, outDir: 'generated', diffFile: 'stale.diff' })).toContain('; the full diff is in stale.diff\n');
  });

  it('colours only when asked', () => {
    const review = formatReview(outputChanges(before, after), patch, { colour: false, diffLines: 400, outDir: 'generated' });
    expect(review).not.toContain(ESC);
    const coloured = formatReview(outputChanges(before, after), patch, { colour: true, diffLines: 400, outDir: 'generated' });
    expect(coloured).toContain(`${ESC}32m+  k0: v${ESC}0m`);
    expect(coloured).toContain(`${ESC}31m-  x: "1"${ESC}0m`);
    expect(coloured.replace(/\u001b\[\d+m/g, '')).toBe(review);
  });

  it('decides colour from the TTY, NO_COLOR and TERM', () => {
    expect(useColour(true, {})).toBe(true);
    expect(useColour(false, {})).toBe(false);
    expect(useColour(undefined, {})).toBe(false);
    expect(useColour(true, { NO_COLOR: '1' })).toBe(false);
    expect(useColour(true, { NO_COLOR: '' })).toBe(true);
    expect(useColour(true, { TERM: 'dumb' })).toBe(false);
  });
});
