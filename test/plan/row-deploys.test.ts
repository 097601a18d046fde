/**
 * What a change of the rows deploys (compiler/plan/row-deploys.ts): the
 * reference fleet against itself with rows edited, added and removed, each
 * compared through the real analysis.
 */
import { describe, expect, it } from 'vitest';
import type { PlatformModel } from '../../compiler/2-analyze/fleet-model.js';
import { analyzeFleet } from '../../compiler/index.js';
import { rowDeploys } from '../../compiler/plan/row-deploys.js';
import { overlayTexts, readFleetTexts, TEST_NOW_SECONDS, toSourceFiles } from '../support/fleet-fixture.js';

const reference = readFleetTexts();

function platformsOf(overlay: Record<string, string | null> = {}): PlatformModel[] {
  const { model, diagnostics } = analyzeFleet(toSourceFiles(overlayTexts(reference, overlay)), { nowSeconds: TEST_NOW_SECONDS });
  expect(diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
  return (model as { platforms: PlatformModel[] }).platforms;
}

const base = platformsOf();
const row = (chart: string, image: string, extra = ''): string => `pin:\n  chart: "${chart}"\n  image: "${image}"\n${extra}`;

describe('the rows that change what deploys', () => {
  it('none when the rows are the same (a comment or key order changes nothing)', () => {
    const ampharos = reference.get('platforms/mercury/webhook/ampharos.yaml') as string;
    expect(rowDeploys(base, platformsOf({ 'platforms/mercury/webhook/ampharos.yaml': `# reviewed\n${ampharos}` }))).toEqual([]);
  });

  it('a pin bumped: its row, with each pin before and after', () => {
    const head = platformsOf({ 'platforms/nitroso/tin/raichu.yaml': row('9.9.9', '1.4.1') });
    expect(rowDeploys(base, head)).toEqual([{ path: 'platforms/nitroso/tin/raichu.yaml', status: 'changed', chart: ['1.4.1', '9.9.9'] }]);
  });

  it('emergency values changed, added and removed', () => {
    const head = platformsOf({
      'platforms/mercury/webhook/ampharos.yaml': row('0.8.3', '0.8.3', 'values:\n  replicas: 5\nvaluesSince: 2026-11-20T10:00:00Z\n'),
      'platforms/nitroso/tin/raichu.yaml': row('1.4.1', '1.4.1', 'values:\n  replicas: 2\nvaluesSince: 2026-11-20T10:00:00Z\n'),
    });
    expect(rowDeploys(base, head)).toEqual([
      { path: 'platforms/mercury/webhook/ampharos.yaml', status: 'changed', values: 'changed' },
      { path: 'platforms/nitroso/tin/raichu.yaml', status: 'changed', values: 'added' },
    ]);
    expect(rowDeploys(head, base)).toEqual([
      { path: 'platforms/mercury/webhook/ampharos.yaml', status: 'changed', values: 'changed' },
      { path: 'platforms/nitroso/tin/raichu.yaml', status: 'changed', values: 'removed' },
    ]);
  });

  it('a row removed: its pins go to nothing; added: from nothing; added with nothing pinned: deploys nothing, not listed', () => {
    const head = platformsOf({ 'platforms/nitroso/tin/raichu.yaml': null });
    expect(rowDeploys(base, head)).toEqual([{ path: 'platforms/nitroso/tin/raichu.yaml', status: 'removed', chart: ['1.4.1', ''], image: ['1.4.1', ''] }]);
    expect(rowDeploys(head, base)).toEqual([{ path: 'platforms/nitroso/tin/raichu.yaml', status: 'added', chart: ['', '1.4.1'], image: ['', '1.4.1'] }]);
    expect(rowDeploys(head, platformsOf({ 'platforms/nitroso/tin/raichu.yaml': row('', '') }))).toEqual([]);
  });
});
