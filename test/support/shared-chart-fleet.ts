/**
 * A fleet of the tests' own with a shared chart: the reference fleet, with
 * nitroso listing `sharedCharts: [nitroso-common]` and a row for it in each of
 * its landscapes (pichu and pikachu pinned, raichu's pin empty, ampharos
 * pinned with a pre-release).
 */
import { overlayTexts, readFleetTexts } from './fleet-fixture.js';

export const SHARED_CHART = 'nitroso-common';

/** The shared chart's row of `landscape` with `chart` pinned, in block style (what Kargo's yaml-update can update). */
export function sharedRow(chart: string): string {
  return `pin:\n  chart: "${chart}"\n`;
}

/** The pins of the fixture's shared-chart rows, by landscape. */
export const SHARED_PINS: Readonly<Record<string, string>> = { pichu: '1.4.0', pikachu: '1.3.2', raichu: '', ampharos: '1.5.0-rc.1' };

/** The fleet's texts (path → content). */
export function sharedChartFleetTexts(): Map<string, string> {
  const reference = readFleetTexts();
  const platform = (reference.get('carbon/nitroso/platform.yaml') as string).replace(
    /^vlandscapes: \[mew\]$/m,
    `vlandscapes: [mew]\nsharedCharts: [${SHARED_CHART}]`,
  );
  if (!platform.includes('sharedCharts')) throw new Error('the reference nitroso platform.yaml changed: the fixture cannot add its shared chart');
  const rows = Object.fromEntries(
    Object.entries(SHARED_PINS).map(([landscape, chart]) => [`platforms/nitroso/_shared/${SHARED_CHART}/${landscape}.yaml`, sharedRow(chart)]),
  );
  return overlayTexts(reference, { 'carbon/nitroso/platform.yaml': platform, ...rows });
}
