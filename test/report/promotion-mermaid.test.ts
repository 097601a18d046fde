/**
 * Promotion pipelines as Mermaid flowcharts (compiler/report/promotion-mermaid.ts),
 * each parsed by Mermaid itself (mermaid 11 with a jsdom window; see
 * test/support/mermaid-parse.ts).
 */
import { describe, expect, it } from 'vitest';
import type { PlatformModel } from '../../compiler/2-analyze/fleet-model.js';
import { promotionFlowchart } from '../../compiler/report/promotion-mermaid.js';
import { analyzeFleet } from '../../compiler/index.js';
import { readFleetTexts, TEST_NOW_SECONDS, toSourceFiles } from '../support/fleet-fixture.js';
import { parseMermaid } from '../support/mermaid-parse.js';

const reference = analyzeFleet(toSourceFiles(readFleetTexts()), { nowSeconds: TEST_NOW_SECONDS }).model;

const gated: PlatformModel = {
  name: 'cobalt',
  landscapes: ['end', 'pikachu', 'raichu', 'ampharos', 'mew'],
  stageGroups: [
    [{ landscape: 'end', gate: 'auto', verification: [] }],
    [{ landscape: 'pikachu', gate: 'auto', soak: '30m', verification: ['smoke', 'load"test'] }],
    [
      { landscape: 'raichu', gate: 'manual', soak: '2h30m', verification: [] },
      { landscape: 'ampharos', gate: 'auto', verification: [] },
    ],
    [{ landscape: 'mew', gate: 'manual', verification: [] }],
  ],
  rawStages: [],
  vlandscapes: [],
  sharedCharts: [],
  services: [
    { name: 'tin', modules: ['api'], rows: [] },
    { name: 'zinc', modules: ['api'], rows: [] },
  ],
};

describe('promotion flowcharts', () => {
  it('draw stages, a parallel group, manual gates, soak times and verification', () => {
    expect(promotionFlowchart(gated)).toBe(
      [
        'flowchart LR',
        '  warehouse[("Warehouses: tin, zinc")]',
        '  s_end["end"]',
        '  s_pikachu["pikachu<br/>verify: smoke, load#quot;test"]',
        '  subgraph g3["parallel: raichu, ampharos"]',
        '    direction TB',
        '    s_raichu["raichu<br/>manual gate"]',
        '    s_ampharos["ampharos"]',
        '  end',
        '  s_mew["mew<br/>manual gate"]',
        '  warehouse --> s_end',
        '  s_end -- "soak 30m" --> s_pikachu',
        '  s_pikachu -. "manual, soak 2h30m" .-> s_raichu',
        '  s_pikachu --> s_ampharos',
        '  s_raichu -. "manual" .-> s_mew',
        '  s_ampharos -. "manual" .-> s_mew',
        '  classDef manual stroke-dasharray: 5 5',
        '  class s_raichu,s_mew manual',
        '',
      ].join('\n'),
    );
  });

  it('parse with Mermaid, for the gated example and every platform of the reference fleet', async () => {
    expect(await parseMermaid(promotionFlowchart(gated))).toBe('flowchart-v2');
    for (const platform of reference?.platforms ?? []) expect(await parseMermaid(promotionFlowchart(platform)), platform.name).toBe('flowchart-v2');
    expect(reference?.platforms.length).toBeGreaterThan(0);
  });

  it('are checked by a parser that does refuse a broken chart', async () => {
    await expect(parseMermaid(promotionFlowchart(gated).replace('  end\n', ''))).rejects.toThrow();
  });
});
