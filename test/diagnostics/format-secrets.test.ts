/**
 * Printing never shows a secret (issue 14): text, JSON and GitHub forms and
 * the pull request report mask every secret shape in messages, hints,
 * pointers, notes and source lines, whatever file the diagnostic is about (a
 * live DNS state or a paths file is not scanned by the loader), and carets
 * stay under the same columns.
 */
import { describe, expect, it } from 'vitest';
import { diagnose } from '../../compiler/diagnostics/diagnostic.js';
import { formatGithub, formatJson, formatTextReport } from '../../compiler/diagnostics/format.js';
import { renderReport } from '../../compiler/report/pr-report.js';

const TOKEN = 'ghp_16C7e42F292c6912E7710c838347Ae178B4a';
const SECRET = '16C7e42F292c6912E7710c838347Ae178B4a';

function leaky() {
  const line = `      "value": "https://bot:${TOKEN}@example.com",`;
  const column = line.indexOf('"https') + 1;
  const d = diagnose(
    { file: 'live/cluster.atomi.cloud/route53.json', line: 7, column, endLine: 7, endColumn: column + 10, pointer: `/records/${TOKEN}`, sourceLine: line },
    'dns_live_duplicate',
    { what: `x.${TOKEN} A`, first: `live/a.json, record ${TOKEN}` },
    [{ file: 'live/a.json', line: 1, column: 1, message: `first at ${TOKEN}` }],
  );
  return { d, line, column };
}

describe('printed diagnostics', () => {
  it('mask secrets in every form, keeping the caret under the same column', () => {
    const { d, line, column } = leaky();
    const text = formatTextReport([d]);
    for (const printed of [text, formatJson([d]), formatGithub([d])]) {
      expect(printed).not.toContain(SECRET);
      expect(printed).not.toContain('bot:');
    }
    const [, shown, caret] = text.split('\n');
    expect(shown).toBe(`  ${line.replace(`bot:${TOKEN}`, '*'.repeat(`bot:${TOKEN}`.length))}`);
    expect(caret?.indexOf('^')).toBe(column + 1);
    expect(text).toContain(`ghp_${'*'.repeat(36)}`);
  });

  it('leave text without secrets byte for byte as it was', () => {
    const d = diagnose({ file: 'registry/regions.yaml', line: 2, column: 3, sourceLine: '  SIN: {providers: [aws]}' }, 'region_unknown', {
      region: 'NRT',
      known: 'SIN',
    });
    expect(formatTextReport([d])).toContain('  SIN: {providers: [aws]}\n    ^');
  });
});

describe('the pull request report', () => {
  it('masks secrets wherever they come from: diagnostics and notes', () => {
    const { d } = leaky();
    const text = renderReport({
      version: '0.1.0',
      diagnostics: [d],
      comparedWith: 'against the base branch',
      platforms: [],
      note: `base read from https://u:${TOKEN}@git`,
    });
    expect(text).toContain('dns_live_duplicate');
    expect(text).not.toContain(SECRET);
  });
});
