/**
 * Phase 4: the output tree. Maps each output path (relative to the output
 * directory, `/`-separated) to its bytes; the filesystem adapter writes it
 * all-or-nothing. Later output kinds (DNS, route_paths, books) add their
 * emitters here.
 */
import { dnsIntent } from '../2-analyze/dns-names.js';
import type { FleetModel } from '../2-analyze/fleet-model.js';
import { emitAddressBooks } from './address-books.js';
import { ARGOCD_HEALTH_PATCH, argocdHealthPatch } from './argocd-health-checks.js';
import { emitApplicationSets } from './argocd-applicationsets.js';
import { emitDnsZoneFiles } from './dns-zone-file.js';
import { emitDnsZonePlans } from './dns-zone-plans.js';
import { emitGatewayHosts } from './gateway-hosts.js';
import { emitPlatformRecord } from './platform-record.js';
import { withOutputManifest } from './output-manifest.js';
import { kargoObjects } from './platform-objects.js';
import { emitRoutePaths } from './route-paths.js';
import { toYamlStream } from './serialize.js';
import { emitSignInConfig } from './sign-in-config.js';

/** The command named in generated-file comments (SPEC §3.6: no paths, no arguments). */
export const COMPILE_COMMAND = 'diene compile';

export { kargoObjects, platformObjects } from './platform-objects.js';

/**
 * Every output file, sorted by path: `argocd/`, `kargo/` and `platforms/` per
 * platform, Argo CD's health checks (`argocd-cm/dependency-health.yaml`), the
 * address books and the sign-in configuration under `books/`, the zone plans
 * under `dns/`, the route tables under `route-paths/`, the host lists under
 * `gateways/`, and the manifest `.diene-manifest.json` listing all of them
 * with their digests.
 */
export function emitOutputs(model: FleetModel, options: { serial?: number } = {}): Map<string, string> {
  const outputs = new Map<string, string>();
  for (const [file, text] of emitAddressBooks(model, options.serial ?? 0)) outputs.set(file, text);
  for (const [file, text] of emitRoutePaths(model, COMPILE_COMMAND)) outputs.set(file, text);
  for (const [file, text] of emitGatewayHosts(model)) outputs.set(file, text);
  for (const [file, text] of emitSignInConfig(model)) outputs.set(file, text);
  outputs.set(ARGOCD_HEALTH_PATCH, toYamlStream([argocdHealthPatch(model, COMPILE_COMMAND)], COMPILE_COMMAND));
  const dns = dnsIntent(model);
  for (const [file, text] of [...emitDnsZonePlans(dns), ...emitDnsZoneFiles(dns, COMPILE_COMMAND)]) outputs.set(file, text);
  for (const platform of model.platforms) {
    outputs.set(`argocd/${platform.name}.yaml`, toYamlStream(emitApplicationSets(model, platform), COMPILE_COMMAND));
    outputs.set(`kargo/${platform.name}.yaml`, toYamlStream(kargoObjects(model, platform), COMPILE_COMMAND));
    outputs.set(`platforms/${platform.name}.yaml`, toYamlStream([emitPlatformRecord(platform)], COMPILE_COMMAND));
  }
  return withOutputManifest(outputs);
}
