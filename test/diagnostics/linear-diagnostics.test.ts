/**
 * Diagnostics cost the same whatever the length of their line: a
 * one-line claim with thousands of bad prefixes took minutes and printed
 * nothing, because every finding counted code points from the line's start,
 * searched its mapping key by key, and printed (after escaping) the whole
 * line. Not a timed test: the work at 4n findings is compared with the work at
 * n in the same run, and a quadratic cost would make it 16 times, not 4.
 */
import { describe, expect, it } from 'vitest';
import { positionOf, sourceFile, spanLocation } from '../../compiler/1-load/source-file.js';
import { SOURCE_WINDOW } from '../../compiler/diagnostics/diagnostic.js';
import { formatText, formatTextReport } from '../../compiler/diagnostics/format.js';
import { compileFleet, inputValidators } from '../../compiler/index.js';
import { overlayTexts, readFleetTexts, TEST_NOW_SECONDS, toSourceFiles } from '../support/fleet-fixture.js';

const TIN = 'api.tin.nitroso.pikachu.cluster.atomi.cloud';
const ZINC = 'api.zinc.nitroso.pikachu.cluster.atomi.cloud';
const reference = readFleetTexts();
const validators = inputValidators();

/** TIN's claim on one line, with `n` prefixes that hold a "/" (each one finding). */
function oneLineClaim(n: number): string {
  const paths: Record<string, string> = {};
  for (let i = 0; i < n; i++) paths[`bad/${i}`] = ZINC;
  return JSON.stringify({ account: 'nitroso', app: 'tin', paths });
}

function validateAndPrint(n: number): { diagnostics: ReturnType<typeof compileFleet>['diagnostics']; text: string; ms: number } {
  const files = toSourceFiles(overlayTexts(reference, { [`claims/domains/${TIN}.json`]: oneLineClaim(n) }));
  // CPU time of this process, not wall time: other work on the machine stretches the wall clock, not this.
  const started = process.cpuUsage();
  const { diagnostics } = compileFleet(files, { nowSeconds: TEST_NOW_SECONDS, validators });
  const text = formatTextReport(diagnostics);
  const used = process.cpuUsage(started);
  return { diagnostics, text, ms: (used.user + used.system) / 1000 };
}

/** The fastest of three runs: the least disturbed by other work on the machine. */
function fastest(n: number): number {
  return Math.min(...[0, 1, 2].map(() => validateAndPrint(n).ms));
}

describe('findings on one long line', () => {
  it('are all reported, each with a window of the line and the caret under its prefix', () => {
    const { diagnostics, text } = validateAndPrint(3000);
    const prefixes = diagnostics.filter((d) => d.code === 'claim_prefix_has_slash');
    expect(prefixes).toHaveLength(3000);
    expect(text).toMatch(/\n3000 errors, \d+ warnings?\n$/);
    for (const d of prefixes) {
      expect(d.line).toBe(1);
      expect(d.sourceLine?.length).toBeLessThanOrEqual(SOURCE_WINDOW);
      // The caret stands under the key itself: "bad/<i>" with its quotes.
      const [, shown, carets] = formatText(d).split('\n') as [string, string, string];
      const at = carets.indexOf('^');
      const under = [...shown].slice(at, at + carets.trim().length).join('');
      expect(under).toBe(JSON.stringify(d.message.match(/prefix "([^"]+)"/)?.[1]));
    }
    const middle = prefixes.find((d) => d.message.includes('"bad/999"'))!;
    expect(middle.column).toBe(1 + oneLineClaim(3000).indexOf('"bad/999"'));
    expect(middle.sourceWindow?.more).toBe(true);
    expect(prefixes.at(-1)?.sourceWindow?.more).toBe(false);
  });

  it('cost linear time: 4 times the findings take less than 8 times as long (quadratic: 16)', () => {
    fastest(500); // warm the code paths up
    const small = fastest(1000);
    const large = fastest(4000);
    expect(large / small, `${Math.round(small)} ms for 1,000 findings, ${Math.round(large)} ms for 4,000`).toBeLessThan(8);
  });
});

describe('positions', () => {
  /** Code-point column by walking the line, the obvious way. */
  function naiveColumn(text: string, offset: number): { line: number; column: number } {
    const before = text.slice(0, offset);
    const lineStart = before.lastIndexOf('\n') + 1;
    return { line: before.split('\n').length, column: [...text.slice(lineStart, offset)].length + 1 };
  }

  it('agree with counting code points from the line start, around pairs, lone surrogates, CR and BOM', () => {
    const pieces = ['a', '🦕', '\n', '\r\n', '\ud800', '\udc00', 'é', ' ', '𝔘𝔫'];
    let seed = 7;
    const random = (): number => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    for (let round = 0; round < 200; round++) {
      const text = Array.from({ length: 40 }, () => pieces[Math.floor(random() * pieces.length)]).join('');
      const file = sourceFile('x.json', text);
      for (let offset = 0; offset <= file.text.length; offset++) {
        // An offset inside a surrogate pair is never blamed; positionOf still answers as the walk does.
        expect(positionOf(file, offset), JSON.stringify({ text, offset })).toEqual(naiveColumn(file.text, offset));
      }
    }
  });

  it('keep a window of a long line that never splits a surrogate pair, with the column of its first character', () => {
    const line = `${'🦕'.repeat(300)}x${'🦕'.repeat(300)}`;
    const file = sourceFile('x.yaml', `first\n${line}\n`);
    const at = file.text.indexOf('x', 6);
    const where = spanLocation(file, at, at + 1);
    expect([where.line, where.column, where.endColumn]).toEqual([2, 301, 302]);
    expect(where.sourceLine?.length).toBeLessThanOrEqual(SOURCE_WINDOW);
    expect(where.sourceLine).not.toMatch(/^[\udc00-\udfff]|[\ud800-\udbff]$/);
    const window = where.sourceWindow!;
    expect(
      [...line]
        .slice(window.column - 1)
        .join('')
        .startsWith(where.sourceLine!),
    ).toBe(true);
    expect(window.more).toBe(true);
    const [, shown, carets] = formatText({
      ...where,
      severity: 'error',
      code: 'yaml_syntax',
      file: 'x.yaml',
      line: 2,
      column: 301,
      endLine: 2,
      endColumn: 302,
      pointer: null,
      message: 'm',
      hint: 'h',
      related: [],
    } as never).split('\n') as [string, string, string];
    expect([...shown][carets.indexOf('^')]).toBe('x');
    expect(shown.startsWith('  …🦕')).toBe(true);
    expect(shown.endsWith('🦕…')).toBe(true);
  });

  it('keep a short line whole', () => {
    const file = sourceFile('x.yaml', 'a: 1\r\nb: 2\r\n');
    const where = spanLocation(file, 9, 10);
    expect(where.sourceLine).toBe('b: 2');
    expect(where.sourceWindow).toBeUndefined();
  });
});
