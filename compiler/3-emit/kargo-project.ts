/**
 * Kargo Project and ProjectConfig of a platform (SPEC §3.2, §3.6; notes §4.1, §4.2).
 * The Project is cluster-scoped with no spec and is the first sync wave:
 * Kargo's webhook creates and labels its namespace, which ArgoCD must never
 * create. The ProjectConfig (name = namespace = platform) holds one promotion
 * policy per Stage (its services' and its shared charts'): auto-promotion on, except behind `gate: manual`, and one
 * webhook receiver per registry kind of fleet.yaml `artifacts` (`generic` for a registry without its own)
 * (2-analyze/release-webhooks.ts), so a push refreshes the Warehouses
 * at once instead of at their next 5-minute poll. Each receiver reads its
 * shared secret from a Secret the operator creates in the project namespace
 * (`kargo-webhook-<kind>`, key `secret`); diene never writes a secret.
 */
import type { RegistrySlice, PlatformOutline } from '../2-analyze/fleet-model.js';
import { receiverName, receiverSecretName, releaseReceivers } from '../2-analyze/release-webhooks.js';
import { PLATFORM_LABEL, platformLabels, sharedChartNames, stageName, SYNC_WAVE, SYNC_WAVE_ANNOTATION } from '../2-analyze/conventions.js';
import type { KargoProject, KargoProjectConfig, KargoWebhookReceiver } from './kube-objects.js';

/** The Kargo Project named after the platform. */
export function emitKargoProject(platform: PlatformOutline): KargoProject {
  return {
    apiVersion: 'kargo.akuity.io/v1alpha1',
    kind: 'Project',
    metadata: { name: platform.name, labels: platformLabels(platform.name), annotations: { [SYNC_WAVE_ANNOTATION]: SYNC_WAVE.project } },
  };
}

/**
 * The webhook receivers of a platform's ProjectConfig, sorted by kind, one per registry kind of fleet.yaml `artifacts`.
 * The `generic` receiver (Kargo v1.11.2 pkg/webhook/external/generic.go, list.go) cannot read a registry's payload
 * without knowing its kind, so it refreshes every Warehouse of the project (selected by the platform label; Kargo
 * limits a project receiver to its own namespace) on any POST: a refresh is one discovery run, as the poll does.
 */
export function webhookReceivers(model: RegistrySlice, platform: string): KargoWebhookReceiver[] {
  return releaseReceivers(model.settings.artifacts).map((kind) => {
    const secretRef = { name: receiverSecretName(kind) };
    if (kind !== 'generic') return { name: receiverName(kind), [kind]: { secretRef } };
    const targets = [{ kind: 'Warehouse' as const, labelSelector: { matchLabels: { [PLATFORM_LABEL]: platform } } }];
    return { name: receiverName(kind), generic: { secretRef, actions: [{ action: 'Refresh' as const, targetSelectionCriteria: targets }] } };
  });
}

/** The ProjectConfig: policies sorted by Stage name, then the webhook receivers. */
export function emitKargoProjectConfig(model: RegistrySlice, platform: PlatformOutline): KargoProjectConfig {
  const stageNames = [
    ...platform.services.map((service) => (landscape: string) => stageName(service.name, landscape)),
    ...platform.sharedCharts.map((chart) => (landscape: string) => sharedChartNames.stage(chart, landscape)),
  ];
  const policies = stageNames.flatMap((nameOf) =>
    platform.stageGroups.flat().map((step) => ({ stageSelector: { name: nameOf(step.landscape) }, autoPromotionEnabled: step.gate !== 'manual' })),
  );
  policies.sort((a, b) => (a.stageSelector.name < b.stageSelector.name ? -1 : a.stageSelector.name > b.stageSelector.name ? 1 : 0));
  const receivers = webhookReceivers(model, platform.name);
  return {
    apiVersion: 'kargo.akuity.io/v1alpha1',
    kind: 'ProjectConfig',
    metadata: {
      name: platform.name,
      namespace: platform.name,
      labels: platformLabels(platform.name),
      annotations: { [SYNC_WAVE_ANNOTATION]: SYNC_WAVE.projectConfig },
    },
    spec: { promotionPolicies: policies, ...(receivers.length > 0 ? { webhookReceivers: receivers } : {}) },
  };
}
