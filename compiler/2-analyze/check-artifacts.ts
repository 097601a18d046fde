/**
 * Rules on fleet.yaml `artifacts` (releases land in
 * seconds). `kargo_webhook_registry_unknown` warns, once per artifact, when
 * its registry has no Kargo webhook receiver diene can emit (see
 * 2-analyze/release-webhooks.ts): that artifact's pushes reach a Warehouse
 * only at its next poll. Returns findings; never throws.
 */
import { at } from '../1-load/load-fleet.js';
import { artifactRegistries } from './release-webhooks.js';
import { diagnose, type Diagnostic } from '../diagnostics/diagnostic.js';
import type { FleetIndex } from './fleet-index.js';

/** Runs every artifacts rule over `index`. */
export function checkArtifacts(index: FleetIndex): Diagnostic[] {
  const fleet = index.fleet.fleet;
  if (!fleet) return [];
  return artifactRegistries(fleet.data.artifacts)
    .filter((artifact) => artifact.receiver === undefined)
    .map((artifact) => diagnose(at(fleet, ['artifacts', artifact.key]), 'kargo_webhook_registry_unknown', { key: artifact.key, host: artifact.host }));
}
