/**
 * One Kargo Warehouse per service (SPEC §3.2; notes §4.3, §6 item 6): subscribed
 * to the image, the app chart and the primordial chart, and creating Freight
 * only when all three carry the same version (half a release moves nothing).
 * The criteria compare the newest discovered version of each subscription,
 * as Kargo evaluates them, so the three must be discovered the same way.
 * Kargo discovers OCI chart versions only as strict semver (akuity/kargo
 * v1.11.2 pkg/helm/chart/oci_selector.go, StrictNewVersion): a two-part `1.10`
 * chart is never seen. Image tags are read strictly too (`strictSemvers: true`),
 * so a stray `1.11` image tag cannot become the newest image and hold back
 * every release; a release is `MAJOR.MINOR.PATCH[-pre]` on all three.
 */
import type { RegistrySlice, PlatformOutline, ServiceOutline } from '../2-analyze/fleet-model.js';
import { platformLabels, serviceArtifacts, SYNC_WAVE, SYNC_WAVE_ANNOTATION } from '../2-analyze/conventions.js';
import type { KargoWarehouse } from './kube-objects.js';

/** How many versions a subscription discovers (Kargo's default is 20; allowed 1..100). */
export const DISCOVERY_LIMIT = 20;

function quoteExpr(text: string): string {
  return `'${text.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;
}

/** The Warehouse of `service`, named after it, in the platform's project namespace. */
export function emitKargoWarehouse(model: RegistrySlice, platform: PlatformOutline, service: ServiceOutline): KargoWarehouse {
  const artifacts = serviceArtifacts(model.settings, platform.name, service.name);
  const image = `imageFrom(${quoteExpr(artifacts.image)}).Tag`;
  const appChart = `chartFrom(${quoteExpr(artifacts.appChartUrl)}).Version`;
  const primordialChart = `chartFrom(${quoteExpr(artifacts.primordialChartUrl)}).Version`;
  return {
    apiVersion: 'kargo.akuity.io/v1alpha1',
    kind: 'Warehouse',
    metadata: {
      name: service.name,
      namespace: platform.name,
      labels: platformLabels(platform.name, service.name),
      annotations: { [SYNC_WAVE_ANNOTATION]: SYNC_WAVE.warehouse },
    },
    spec: {
      interval: '5m0s',
      freightCreationPolicy: 'Automatic',
      freightCreationCriteria: { expression: `${image} == ${appChart} && ${primordialChart} == ${appChart}` },
      subscriptions: [
        { image: { repoURL: artifacts.image, imageSelectionStrategy: 'SemVer', strictSemvers: true, discoveryLimit: DISCOVERY_LIMIT } },
        { chart: { repoURL: artifacts.appChartUrl, discoveryLimit: DISCOVERY_LIMIT } },
        { chart: { repoURL: artifacts.primordialChartUrl, discoveryLimit: DISCOVERY_LIMIT } },
      ],
    },
  };
}
