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
import { renderRoutePathsSql } from './route-paths-sql.js';
import { madeOutputs } from './output-plan.js';
import { toJson } from './serialize.js';

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

/** Output path → text of `route-paths/<landscape>.json` and `.sql` for every landscape; `command` names the generated-file comment of the SQL. */
export function emitRoutePaths(model: FleetModel, command: string): Map<string, string> {
  return madeOutputs(routePathFiles(model, command));
}

/** The plan of the `route-paths/` output files (each made when it is written). */
export function routePathFiles(model: FleetModel, command: string): Map<string, () => string> {
  const outputs = new Map<string, () => string>();
  for (const document of routePathDocuments(model)) {
    outputs.set(`route-paths/${document.landscape}.json`, () => toJson(document));
    outputs.set(`route-paths/${document.landscape}.sql`, () => renderRoutePathsSql(document.landscape, document.fingerprint, document.rows, command));
  }
  return outputs;
}
