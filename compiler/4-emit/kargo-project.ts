/**
 * Kargo Project and ProjectConfig of a platform (SPEC §3.2, §3.6; notes §4.1, §4.2).
 * The Project is cluster-scoped with no spec and is the first sync wave:
 * Kargo's webhook creates and labels its namespace, which ArgoCD must never
 * create. The ProjectConfig (name = namespace = platform) holds one promotion
 * policy per Stage: auto-promotion on, except behind `gate: manual`.
 */
import type { PlatformModel } from '../3-model/fleet-model.js';
import { platformLabels, stageName, SYNC_WAVE, SYNC_WAVE_ANNOTATION } from './conventions.js';
import type { KargoProject, KargoProjectConfig } from './kube-objects.js';

/** The Kargo Project named after the platform. */
export function emitKargoProject(platform: PlatformModel): KargoProject {
  return {
    apiVersion: 'kargo.akuity.io/v1alpha1',
    kind: 'Project',
    metadata: { name: platform.name, labels: platformLabels(platform.name), annotations: { [SYNC_WAVE_ANNOTATION]: SYNC_WAVE.project } },
  };
}

/** The ProjectConfig: policies sorted by Stage name. */
export function emitKargoProjectConfig(platform: PlatformModel): KargoProjectConfig {
  const policies = platform.services.flatMap((service) =>
    platform.stageGroups
      .flat()
      .map((step) => ({ stageSelector: { name: stageName(service.name, step.landscape) }, autoPromotionEnabled: step.gate !== 'manual' })),
  );
  policies.sort((a, b) => (a.stageSelector.name < b.stageSelector.name ? -1 : a.stageSelector.name > b.stageSelector.name ? 1 : 0));
  return {
    apiVersion: 'kargo.akuity.io/v1alpha1',
    kind: 'ProjectConfig',
    metadata: {
      name: platform.name,
      namespace: platform.name,
      labels: platformLabels(platform.name),
      annotations: { [SYNC_WAVE_ANNOTATION]: SYNC_WAVE.projectConfig },
    },
    spec: { promotionPolicies: policies },
  };
}
