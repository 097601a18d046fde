/**
 * `route-paths/<landscape>.json` and `.sql` (SPEC §3.4, §3.6): the
 * `route_paths` table of every registered landscape, even one without a row
 * (an empty table is how the last flip of a landscape is undone), with its
 * fingerprint. The JSON is `{landscape, fingerprint, rows: [{host, prefix,
 * target, account, app}]}`, rows sorted by host then prefix; the SQL loads
 * the same rows. The derivation and its gates live in 2-analyze/route-paths.ts.
 */
import type { FleetModel } from '../2-analyze/fleet-model.js';
import type { RoutePathRow } from '../2-analyze/route-paths.js';
import { fingerprintRoutePaths } from './route-paths-fingerprint.js';

/** The JSON document of one landscape's table. */
export interface RoutePathsDocument {
  landscape: string;
  /** `sha256:<hex>`, see route-paths-fingerprint.ts */
  fingerprint: string;
  rows: RoutePathRow[];
}

/** The documents of every landscape, sorted by landscape. */
export function routePathDocuments(model: FleetModel): RoutePathsDocument[] {
  const { tables } = model.routes.derivation;
  return [...tables.keys()].sort().map((landscape) => {
    const rows = tables.get(landscape) ?? [];
    return { landscape, fingerprint: fingerprintRoutePaths(rows), rows };
  });
}
