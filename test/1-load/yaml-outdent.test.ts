/**
 * The commonest YAML mistake, a key moved left of its siblings, is blamed on
 * the line that moved (the line the `yaml` library itself names), and the
 * hint's edit, applied, gives back the file as it was meant. Texts of the
 * tests' own: a fleet.yaml shaped like `diene init`'s (a list of DNS hosts,
 * each a mapping opened by `- name:`), unlike the bundled example's.
 */
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { parseYaml } from '../../compiler/1-load/parse-yaml.js';
import { sourceFile } from '../../compiler/1-load/source-file.js';

const MEANT = [
  'dns:',
  '  base: cluster.larkspur.io # every service name ends in it',
  '  ttl: 300',
  '  hosts: # two providers',
  '    - name: edge',
  '      provider: cloudflare',
  '      nameservers:',
  '        cluster.larkspur.io: [ana.ns.cloudflare.com, bob.ns.cloudflare.com]',
  '    - name: lab',
  '      provider: powerdns',
  '      nameservers:',
  '        cluster.larkspur.io: [ns1.larkspur.test]',
  'git: { repoURL: https://git.larkspur.test/fleet.git, branch: trunk }',
  '',
].join('\n');

/** MEANT with line `line` (1-based) moved to start at `column` (1-based). */
function moved(line: number, column: number): string {
  const lines = MEANT.split('\n');
  lines[line - 1] = `${' '.repeat(column - 1)}${(lines[line - 1] as string).trimStart()}`;
  return lines.join('\n');
}

/** The one yaml_syntax finding of `text`, with the line and column its hint says to move the key to. */
function finding(text: string): { line: number | null; column: number | null; message: string; hint: string; to: number } {
  const { diagnostics } = parseYaml(sourceFile('registry/fleet.yaml', text));
  expect(diagnostics.map((d) => d.code)).toEqual(['yaml_syntax']);
  const [d] = diagnostics as [(typeof diagnostics)[number]];
  const to = /to column (\d+)/.exec(d.hint);
  expect(to, d.hint).not.toBeNull();
  return { line: d.line, column: d.column, message: d.message, hint: d.hint, to: Number(to?.[1]) };
}

describe('an outdented key', () => {
  const cases: [string, number, number, string, number][] = [
    // [what, line moved, to column, key, its siblings' column]
    ['a key of a top-level mapping, one column left, before a list', 4, 2, 'hosts', 3],
    ['a key of a list item, one column left', 6, 6, 'provider', 7],
    ['a key of a list item, under the dash', 6, 5, 'provider', 7],
    ['the second key of the second list item, under the dash', 11, 5, 'nameservers', 7],
    ['a key of a list item with a nested mapping, one column left', 7, 6, 'nameservers', 7],
  ];
  for (const [what, line, column, key, siblings] of cases)
    it(`${what}: blamed on line ${line}, and the hint's edit restores the file`, () => {
      const found = finding(moved(line, column));
      expect([found.line, found.column]).toEqual([line, column]);
      expect(found.message).toContain(`\`${key}:\` on line ${line} starts at column ${column}`);
      expect(found.to).toBe(siblings);
      // The edit the hint names, applied to the line it blames, gives back the meant document.
      const fixed = moved(line, found.to);
      expect(parse(fixed)).toEqual(parse(MEANT));
    });
});
