/**
 * One Kargo Stage per (service, landscape), following `stages:` (SPEC §3.2,
 * §3.6; notes §4.4, §4.6–4.8).
 *
 * Freight: the first group takes it straight from the Warehouse; a later
 * group's stages take it from every stage of the group before, with
 * `availabilityStrategy: All` when that group was parallel (fan-in: verified in
 * every member). `soak` is `requiredSoakTime` on those sources; `verification`
 * names AnalysisTemplates.
 *
 * Promotion steps: git-clone the fleet → yaml-update `pin.chart` and
 * `pin.image` in this one row file (its path in the checkout: the whole
 * repository, so under fleet.yaml `git.path` when the fleet is a subfolder) (as quoted strings, so `1.10` stays
 * `"1.10"`) → git-commit → git-push → argocd-update the primordial Application
 * → argocd-update the app Applications of every built cluster of the landscape.
 * Each Application's health check is pinned to the promoted chart version
 * (`desiredRevision`, quoted so `1.10` is never read as 1.1), so a Stage never
 * turns Healthy on the old version; both
 * argocd-update steps retry, since a new row's Applications appear only once
 * the ApplicationSet has read the pushed row.
 */
import type { ClusterModel } from '../2-analyze/cluster-models.js';
import type { RegistrySlice, PlatformOutline, ServiceOutline } from '../2-analyze/fleet-model.js';
import {
  appApplicationName,
  platformLabels,
  primordialApplicationName,
  repositoryPath,
  serviceArtifacts,
  stageName,
  SYNC_WAVE,
  SYNC_WAVE_ANNOTATION,
} from '../2-analyze/conventions.js';
import { sharedValue } from './block-yaml.js';
import type { KargoStage, PromotionStep } from './kube-objects.js';
import { WAIT_ERROR_THRESHOLD, WAIT_TIMEOUT } from './promotion-timing.js';
import { ROW_PIN_KEYS, rowPath } from '../1-load/row-format.js';

/** Where the fleet repo is checked out inside the promotion's work directory. */
export const CHECKOUT = './fleet';

/** Retry of the steps that wait on Argo CD: long enough for a new row's Applications to appear (promotion-timing.ts). */
export const WAIT_RETRY = sharedValue({ errorThreshold: WAIT_ERROR_THRESHOLD, timeout: WAIT_TIMEOUT } as const);

function exprString(text: string): string {
  return `'${text.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;
}

/** Per model, its built clusters by landscape, in model order (every Stage of the landscape lists them). */
const builtByModel = new WeakMap<RegistrySlice, Map<string, ClusterModel[]>>();

export function builtClusters(model: RegistrySlice, landscape: string): readonly ClusterModel[] {
  let byLandscape = builtByModel.get(model);
  if (byLandscape === undefined) {
    byLandscape = new Map();
    for (const cluster of model.clusters) {
      if (!cluster.built) continue;
      const list = byLandscape.get(cluster.landscape);
      if (list === undefined) byLandscape.set(cluster.landscape, [cluster]);
      else list.push(cluster);
    }
    builtByModel.set(model, byLandscape);
  }
  return byLandscape.get(landscape) ?? [];
}

/**
 * What every Stage of one service shares: its artifacts' expressions, and the
 * steps and lists that do not depend on the landscape, built once and
 * referenced by every Stage (the emitted objects are only read, never changed).
 */
interface ServiceSteps {
  chartVersion: string;
  imageTag: string;
  gitClone: PromotionStep;
  gitPush: PromotionStep;
  primordialSources: object[];
  appSources: object[];
  labels: Record<string, string>;
  annotations: Record<string, string>;
  origin: { kind: 'Warehouse'; name: string };
}

function serviceSteps(model: RegistrySlice, platform: PlatformOutline, service: ServiceOutline): ServiceSteps {
  const artifacts = serviceArtifacts(model.settings, platform.name, service.name);
  const chartVersion = `chartFrom(${exprString(artifacts.appChartUrl)}).Version`;
  const primordialVersion = `chartFrom(${exprString(artifacts.primordialChartUrl)}).Version`;
  return {
    chartVersion,
    imageTag: `imageFrom(${exprString(artifacts.image)}).Tag`,
    gitClone: sharedValue({
      uses: 'git-clone',
      config: { repoURL: model.settings.git.repoURL, checkout: [{ branch: model.settings.git.branch, path: CHECKOUT }] },
    }),
    gitPush: sharedValue({ uses: 'git-push', config: { path: CHECKOUT, targetBranch: model.settings.git.branch } }),
    primordialSources: sharedValue([
      { repoURL: artifacts.primordialChart.repoURL, chart: artifacts.primordialChart.chart, desiredRevision: `\${{ quote(${primordialVersion}) }}` },
    ]),
    appSources: sharedValue([{ repoURL: artifacts.appChart.repoURL, chart: artifacts.appChart.chart, desiredRevision: `\${{ quote(${chartVersion}) }}` }]),
    labels: sharedValue(platformLabels(platform.name, service.name)),
    annotations: sharedValue({ [SYNC_WAVE_ANNOTATION]: SYNC_WAVE.stage }),
    origin: sharedValue({ kind: 'Warehouse', name: service.name }),
  };
}

function promotionSteps(model: RegistrySlice, platform: PlatformOutline, service: ServiceOutline, shared: ServiceSteps, landscape: string): PromotionStep[] {
  const { chartVersion, imageTag } = shared;
  const row = rowPath(platform.name, service.name, landscape);
  const namespace = model.settings.primordial.argocdNamespace;
  const clusters = builtClusters(model, landscape);
  const steps: PromotionStep[] = [
    shared.gitClone,
    {
      uses: 'yaml-update',
      as: 'pin',
      config: {
        path: `${CHECKOUT}/${repositoryPath(model.settings, row)}`,
        updates: [
          { key: ROW_PIN_KEYS.chart, value: `\${{ quote(${chartVersion}) }}` },
          { key: ROW_PIN_KEYS.image, value: `\${{ quote(${imageTag}) }}` },
        ],
      },
    },
    {
      uses: 'git-commit',
      config: { path: CHECKOUT, message: `promote ${platform.name}/${service.name} to ${landscape}: chart \${{ ${chartVersion} }}, image \${{ ${imageTag} }}` },
    },
    shared.gitPush,
    {
      uses: 'argocd-update',
      as: 'primordial',
      retry: WAIT_RETRY,
      config: { apps: [{ name: primordialApplicationName(platform.name, service.name, landscape), namespace, sources: shared.primordialSources }] },
    },
  ];
  if (clusters.length > 0) {
    steps.push({
      uses: 'argocd-update',
      as: 'apps',
      retry: WAIT_RETRY,
      config: {
        apps: clusters.map((cluster) => ({
          name: appApplicationName(platform.name, service.name, landscape, cluster.mark),
          namespace,
          sources: shared.appSources,
        })),
      },
    });
  }
  return steps;
}

/** Where a Stage of group `groupIndex` takes its Freight: the Warehouse for the first group, else every stage of `upstream` (all of them when several), after `soak`. */
export function requestedSources(groupIndex: number, upstream: string[], soak: string | undefined): KargoStage['spec']['requestedFreight'][number]['sources'] {
  return groupIndex === 0
    ? { direct: true }
    : {
        stages: upstream,
        ...(upstream.length > 1 ? { availabilityStrategy: 'All' as const } : {}),
        ...(soak !== undefined ? { requiredSoakTime: soak } : {}),
      };
}

/** The Stages of `service`, in promotion order (group by group, then in `stages:` order). */
export function emitKargoStages(model: RegistrySlice, platform: PlatformOutline, service: ServiceOutline): KargoStage[] {
  const stages: KargoStage[] = [];
  const shared = serviceSteps(model, platform, service);
  platform.stageGroups.forEach((group, groupIndex) => {
    const upstream = sharedValue(groupIndex === 0 ? [] : (platform.stageGroups[groupIndex - 1] ?? []).map((step) => stageName(service.name, step.landscape)));
    for (const step of group) {
      const sources = requestedSources(groupIndex, upstream, step.soak);
      stages.push({
        apiVersion: 'kargo.akuity.io/v1alpha1',
        kind: 'Stage',
        metadata: {
          name: stageName(service.name, step.landscape),
          namespace: platform.name,
          labels: shared.labels,
          annotations: shared.annotations,
        },
        spec: {
          requestedFreight: [{ origin: shared.origin, sources }],
          promotionTemplate: { spec: { steps: promotionSteps(model, platform, service, shared, step.landscape) } },
          ...(step.verification.length > 0 ? { verification: { analysisTemplates: step.verification.map((name) => ({ name })) } } : {}),
        },
      });
    }
  });
  return stages;
}
