/**
 * The pull request comment (compiler/report/pr-report.ts): what it says for a
 * change, for a fleet that does not compile, and that it always fits in one
 * GitHub comment, with every Mermaid block parsed by Mermaid.
 */
import { describe, expect, it } from 'vitest';
import { diagnose } from '../../compiler/diagnostics/diagnostic.js';
import { compileFleet } from '../../compiler/index.js';
import { outputChanges } from '../../compiler/plan/output-changes.js';
import { changedPlatforms, GITHUB_COMMENT_LIMIT, markdownText, renderReport } from '../../compiler/report/pr-report.js';
import { overlayTexts, readFleetTexts, TEST_NOW_SECONDS, toSourceFiles } from '../support/fleet-fixture.js';
import { parseMermaid } from '../support/mermaid-parse.js';

const compile = (overlay: Record<string, string | null> = {}) =>
  compileFleet(toSourceFiles(overlayTexts(readFleetTexts(), overlay)), { nowSeconds: TEST_NOW_SECONDS });
const base = compile();
const gatedNitroso =
  'name: nitroso\nlandscapes: [pichu, pikachu, raichu, ampharos]\nstages: [pichu, {landscape: pikachu, soak: 1h}, [{landscape: raichu, gate: manual}, ampharos]]\nvlandscapes: [mew]\nservices:\n  zinc: {modules: [api, web]}\n';
const head = compile({ 'carbon/nitroso/platform.yaml': gatedNitroso });

function mermaidBlocks(markdown: string): string[] {
  return [...markdown.matchAll(/```mermaid\n([\s\S]*?)```/g)].map((m) => m[1] ?? '');
}

describe('the pull request report', () => {
  it('summarises the change and draws the changed platform, which Mermaid parses', async () => {
    if (!base.outputs || !head.outputs || !head.model) throw new Error(JSON.stringify(head.diagnostics.filter((d) => d.severity === 'error')));
    const changes = outputChanges(base.outputs, head.outputs);
    expect(changedPlatforms(changes)).toEqual(['nitroso']);
    const text = renderReport({
      version: '0.1.0',
      diagnostics: head.diagnostics,
      changes,
      comparedWith: 'against the base branch',
      freshness: { fresh: false, differing: 2, total: head.outputs.size },
      platforms: head.model.platforms,
    });
    expect(text.startsWith('<!-- diene-report -->\n## diene: ')).toBe(true);
    expect(text).toContain('generated files are stale');
    expect(text).toContain('### Output changes against the base branch');
    expect(text).toContain('| changed | `kargo/nitroso.yaml` |');
    expect(text).toContain('- changed `kargo.akuity.io/Stage nitroso/tin-pikachu` in `kargo/nitroso.yaml`');
    expect(text).toContain('#### nitroso');
    const blocks = mermaidBlocks(text);
    expect(blocks).toHaveLength(1);
    expect(blocks[0]).toContain('s_pikachu -. "manual" .-> s_raichu');
    expect(blocks[0]).toContain('s_pichu -- "soak 1h" --> s_pikachu');
    for (const block of blocks) expect(await parseMermaid(block)).toBe('flowchart-v2');
    expect(text).toContain('<sub>diene 0.1.0 · `diene report`</sub>');
  });

  it('lists the errors of a fleet that does not compile, escaped for Markdown', () => {
    const broken = [
      diagnose({ file: 'registry/clusters/raichu-opal.yaml', line: 4, column: 11 }, 'region_unsupported', {
        provider: 'linode|<b>',
        region: 'SIN',
        cluster: 'raichu-opal',
        known: 'aws',
      }),
    ];
    const text = renderReport({ version: '0.1.0', diagnostics: broken, comparedWith: 'against the base branch', platforms: [] });
    expect(text).toContain('## diene: 1 error: the fleet does not compile');
    expect(text).toMatch(/\| `registry\/clusters\/raichu-opal\.yaml:4:11` \| `region_unsupported` \| .*linode\\\|&lt;b&gt;/);
    expect(text).not.toContain('```mermaid');
  });

  it('stays under the comment limit for a huge change, and says it was shortened', async () => {
    if (!head.model) throw new Error('no model');
    const before = new Map<string, string>();
    const after = new Map<string, string>();
    for (let i = 0; i < 3000; i++)
      after.set(
        `kargo/p${String(i).padStart(4, '0')}.yaml`,
        `---\napiVersion: kargo.akuity.io/v1alpha1\nkind: Stage\nmetadata:\n  name: s${i}\n  namespace: p\n`,
      );
    after.set('kargo/nitroso.yaml', 'x: 1\n');
    const errors = Array.from({ length: 5 }, () => diagnose({}, 'yaml_syntax', { reason: 'x'.repeat(50), fix: 'diene report' }));
    const text = renderReport({
      version: '0.1.0',
      diagnostics: errors.map((d) => ({ ...d, severity: 'warning' as const })),
      changes: outputChanges(before, after),
      comparedWith: 'against the base branch',
      platforms: head.model.platforms,
    });
    expect(text.length).toBeLessThanOrEqual(GITHUB_COMMENT_LIMIT);
    expect(text).toContain('more files not listed here');
    expect(text).toContain('shortened to fit one comment');
    for (const block of mermaidBlocks(text)) expect(await parseMermaid(block)).toBe('flowchart-v2');
    const tiny = renderReport(
      { version: '0.1.0', diagnostics: [], changes: outputChanges(before, after), comparedWith: 'x', platforms: [] },
      { maxChars: 300 },
    );
    expect(tiny.length).toBeLessThanOrEqual(300);
  });

  it('says so when nothing changes', () => {
    if (!base.outputs || !base.model) throw new Error('no model');
    const text = renderReport({
      version: '0.1.0',
      diagnostics: [],
      changes: outputChanges(base.outputs, base.outputs),
      comparedWith: 'against the base branch',
      platforms: base.model.platforms,
    });
    expect(text).toContain('## diene: no change to the generated files');
    expect(text).toContain('No generated file changes.');
  });

  it('escapes Markdown table text', () => {
    expect(markdownText('a|b <c> & d\ne')).toBe('a\\|b &lt;c&gt; &amp; d␤e');
  });
});
