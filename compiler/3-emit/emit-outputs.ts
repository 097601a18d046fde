/**
 * Phase 4: the output tree. Maps each output path (relative to the output
 * directory, `/`-separated) to its bytes, or to a function that makes them
 * (the plan the CLI streams to disk); the filesystem adapter writes it
 * all-or-nothing. Later output kinds (DNS, route_paths, books) add their
 * emitters here.
 */
import { dnsIntent } from '../2-analyze/dns-names.js';
import type { FleetModel } from '../2-analyze/fleet-model.js';
import { addressBookFiles } from './address-books.js';
import { ARGOCD_HEALTH_PATCH, argocdHealthPatch } from './argocd-health-checks.js';
import { emitApplicationSets } from './argocd-applicationsets.js';
import { emitDnsZoneFiles } from './dns-zone-file.js';
import { emitDnsZonePlans } from './dns-zone-plans.js';
import { gatewayHostFiles } from './gateway-hosts.js';
import { emitPlatformRecord } from './platform-record.js';
import { withOutputManifest } from './output-manifest.js';
import { madeOutputs, sortedPlan } from './output-plan.js';
import { kargoObjects } from './platform-objects.js';
import { routePathFiles } from './route-paths.js';
import { toYamlStream } from './serialize.js';
import { signInConfigFiles } from './sign-in-config.js';

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
  return withOutputManifest(madeOutputs(outputPlan(model, options)));
}

/**
 * The files of {@link emitOutputs} but its manifest, sorted by path, each
 * made only when asked: a writer holds one output at a time, never the tree.
 */
export function outputPlan(model: FleetModel, options: { serial?: number } = {}): Map<string, () => string> {
  const outputs = new Map<string, () => string>();
  const add = (files: ReadonlyMap<string, () => string>) => {
    for (const [file, make] of files) outputs.set(file, make);
  };
  add(addressBookFiles(model, options.serial ?? 0));
  add(routePathFiles(model, COMPILE_COMMAND));
  add(gatewayHostFiles(model));
  add(signInConfigFiles(model));
  outputs.set(ARGOCD_HEALTH_PATCH, () => toYamlStream([argocdHealthPatch(model, COMPILE_COMMAND)], COMPILE_COMMAND));
  // The zone plans and files are small: made at once, from the DNS intent they share.
  const dns = dnsIntent(model);
  for (const [file, text] of [...emitDnsZonePlans(dns), ...emitDnsZoneFiles(dns, COMPILE_COMMAND)]) outputs.set(file, () => text);
  for (const platform of model.platforms) {
    outputs.set(`argocd/${platform.name}.yaml`, () => toYamlStream(emitApplicationSets(model, platform), COMPILE_COMMAND));
    outputs.set(`kargo/${platform.name}.yaml`, () => toYamlStream(kargoObjects(model, platform), COMPILE_COMMAND));
    outputs.set(`platforms/${platform.name}.yaml`, () => toYamlStream([emitPlatformRecord(platform)], COMPILE_COMMAND));
  }
  return sortedPlan(outputs);
}
