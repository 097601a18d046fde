/**
 * GitHub annotations (compiler/diagnostics/format.ts): escaped like the
 * Actions toolkit escapes them, at most 10 per kind, the rest counted in a
 * notice.
 */
import { describe, expect, it } from 'vitest';
import { diagnose } from '../../compiler/diagnostics/diagnostic.js';
import { ANNOTATIONS_PER_LEVEL, formatAnnotations, formatGithub } from '../../compiler/diagnostics/format.js';

describe('GitHub annotations', () => {
  it('escape properties (%, CR, LF, colon, comma) and data (%, CR, LF)', () => {
    const text = formatAnnotations([{ level: 'error', file: 'a,b:c%.yaml', line: 3, col: 7, title: 't:1,2', message: '100% sure\nsecond line\r' }]);
    expect(text).toBe('::error file=a%2Cb%3Ac%25.yaml,line=3,col=7,title=t%3A1%2C2::100%25 sure%0Asecond line%0D\n');
  });

  it('print at most 10 per kind and a notice counting the rest of each kind', () => {
    const errors = Array.from({ length: 13 }, (_, i) => ({ level: 'error' as const, title: 'e', message: `error ${i}` }));
    const warnings = Array.from({ length: 11 }, (_, i) => ({ level: 'warning' as const, title: 'w', message: `warning ${i}` }));
    const lines = formatAnnotations([...errors, ...warnings])
      .trimEnd()
      .split('\n');
    expect(lines.filter((l) => l.startsWith('::error '))).toHaveLength(ANNOTATIONS_PER_LEVEL);
    expect(lines.filter((l) => l.startsWith('::warning '))).toHaveLength(ANNOTATIONS_PER_LEVEL);
    expect(lines.filter((l) => l.startsWith('::notice '))).toEqual([
      '::notice title=diene::3 more errors not shown as annotations (at most 10 per kind); the job log lists them all',
      '::notice title=diene::1 more warning not shown as annotations (at most 10 per kind); the job log lists them all',
    ]);
    expect(lines.at(-3)).toBe('::warning title=w::warning 9');
  });

  it('turn diagnostics into annotations with their place, code and hint', () => {
    const d = diagnose({ file: 'registry/clusters/raichu-opal.yaml', line: 4, column: 11, endColumn: 17 }, 'region_unknown', { region: 'NRT', known: 'SIN' });
    expect(formatGithub([d])).toMatch(
      /^::error file=registry\/clusters\/raichu-opal\.yaml,line=4,col=11,endLine=4,endColumn=17,title=region_unknown::.+ \(hint: .+\)\n$/,
    );
  });
});
