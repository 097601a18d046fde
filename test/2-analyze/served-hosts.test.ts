// The names a landscape's clusters serve, derived once per model and landscape:
// the gateway host lists and the sign-in redirect URIs read the same names.

import { describe, expect, it } from 'vitest';
import type { FleetModel } from '../../compiler/2-analyze/fleet-model.js';
import { clusterServedNames, landscapeServedNames, servedNames } from '../../compiler/2-analyze/served-hosts.js';
import { compileFleet } from '../../compiler/index.js';
import { readFleetTexts, TEST_NOW_SECONDS, toSourceFiles } from '../support/fleet-fixture.js';

const model = compileFleet(toSourceFiles(readFleetTexts()), { nowSeconds: TEST_NOW_SECONDS }).model as FleetModel;

describe('served names', () => {
  it('of a landscape: every cluster mark, derived once per model', () => {
    const raichu = model.landscapes.find((l) => l.name === 'raichu')!;
    const names = landscapeServedNames(model, 'raichu');
    expect(names).toBe(landscapeServedNames(model, 'raichu'));
    expect(names).toEqual(
      servedNames(
        model,
        'raichu',
        raichu.clusters.map((c) => c.mark),
      ),
    );
    expect(new Set(names.filter((n) => n.scope === 'ops').map((n) => n.via))).toEqual(new Set(raichu.clusters.map((c) => `${c.mark}.raichu`)));
  });

  it('of a cluster: the same names as served by that cluster alone, for every cluster', () => {
    expect(model.clusters.length).toBeGreaterThan(1);
    for (const cluster of model.clusters)
      expect(clusterServedNames(model, cluster), cluster.name).toEqual(servedNames(model, cluster.landscape, [cluster.mark]));
  });
});
