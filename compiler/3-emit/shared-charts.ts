/**
 * A platform's shared charts (platform.yaml `sharedCharts`): charts with no
 * image that its services share, released on their own (SPEC §3.1, §3.2;
 * docs/argocd.md "Shared charts").
 *
 * - One chart-only Kargo Warehouse per chart, `shared-<chart>`, subscribed to
 *   the chart alone (conventions.ts `sharedChartArtifact`): every strict
 *   semantic version it discovers is Freight.
 * - One Stage per landscape, `shared-<chart>-<landscape>`, following the
 *   platform's `stages:` exactly as a service's Stages do (first group direct,
 *   later groups from every stage of the group before, soak, verification,
 *   `gate: manual` in the ProjectConfig): git-clone → yaml-update `pin.chart`
 *   of the chart's row `platforms/<platform>/_shared/<chart>/<landscape>.yaml`
 *   → git-commit → git-push → argocd-update of the chart's Application on every
 *   built cluster of the landscape, its health pinned to the promoted version.
 * - One ApplicationSet, `<platform>-shared-<chart>` (argocd-applicationsets.ts), in the platform's argocd
 *   file: a matrix of the git files generator over the chart's rows and the
 *   cluster generator, so every cluster of a row's landscape runs the chart at
 *   the row's version, in the namespace `<platform>-shared-<chart>`, in the
 *   platform's AppProject. Values: the chart's defaults, then its
 *   `values.<landscape>.yaml` (`ignoreMissingValueFiles`).
 *
 * The safety settings (create-update, preserveResourcesOnDeletion,
 * missingkey=error, the empty-pin post-selector, the sync retry) are the
 * services' (argocd-applicationsets.ts).
 */
import type { PlatformOutline, RegistrySlice } from '../2-analyze/fleet-model.js';
import { platformLabels, repositoryPath, sharedChartArtifact, sharedChartNames, SYNC_WAVE, SYNC_WAVE_ANNOTATION } from '../2-analyze/conventions.js';
import { WAIT_RETRY, builtClusters, CHECKOUT, requestedSources } from './kargo-stages.js';
import { DISCOVERY_LIMIT } from './kargo-warehouses.js';
import type { KargoStage, KargoWarehouse, PromotionStep } from './kube-objects.js';
import { ROW_PIN_KEYS } from '../1-load/row-format.js';

function exprString(text: string): string {
  return `'${text.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;
}

/** The chart-only Warehouse of `chart`: Freight for each version discovered, no image, no criteria. */
export function emitSharedChartWarehouse(model: RegistrySlice, platform: PlatformOutline, chart: string): KargoWarehouse {
  const artifact = sharedChartArtifact(model.settings, platform.name, chart);
  return {
    apiVersion: 'kargo.akuity.io/v1alpha1',
    kind: 'Warehouse',
    metadata: {
      name: sharedChartNames.warehouse(chart),
      namespace: platform.name,
      labels: platformLabels(platform.name),
      annotations: { [SYNC_WAVE_ANNOTATION]: SYNC_WAVE.warehouse },
    },
    spec: {
      interval: '5m0s',
      freightCreationPolicy: 'Automatic',
      subscriptions: [{ chart: { repoURL: artifact.url, discoveryLimit: DISCOVERY_LIMIT } }],
    },
  };
}

/** The Stages of `chart`, in promotion order (group by group, then in `stages:` order). */
export function emitSharedChartStages(model: RegistrySlice, platform: PlatformOutline, chart: string): KargoStage[] {
  const artifact = sharedChartArtifact(model.settings, platform.name, chart);
  const version = `chartFrom(${exprString(artifact.url)}).Version`;
  const origin = { kind: 'Warehouse' as const, name: sharedChartNames.warehouse(chart) };
  const sources = [{ repoURL: artifact.source.repoURL, chart: artifact.source.chart, desiredRevision: `\${{ quote(${version}) }}` }];
  const stages: KargoStage[] = [];
  platform.stageGroups.forEach((group, groupIndex) => {
    const upstream = groupIndex === 0 ? [] : (platform.stageGroups[groupIndex - 1] ?? []).map((step) => sharedChartNames.stage(chart, step.landscape));
    for (const step of group) {
      const steps: PromotionStep[] = [
        { uses: 'git-clone', config: { repoURL: model.settings.git.repoURL, checkout: [{ branch: model.settings.git.branch, path: CHECKOUT }] } },
        {
          uses: 'yaml-update',
          as: 'pin',
          config: {
            path: `${CHECKOUT}/${repositoryPath(model.settings, `${sharedChartNames.rowFolder(platform.name, chart)}/${step.landscape}.yaml`)}`,
            updates: [{ key: ROW_PIN_KEYS.chart, value: `\${{ quote(${version}) }}` }],
          },
        },
        {
          uses: 'git-commit',
          config: { path: CHECKOUT, message: `promote ${platform.name} shared chart ${chart} to ${step.landscape}: chart \${{ ${version} }}` },
        },
        { uses: 'git-push', config: { path: CHECKOUT, targetBranch: model.settings.git.branch } },
      ];
      const clusters = builtClusters(model, step.landscape);
      if (clusters.length > 0) {
        steps.push({
          uses: 'argocd-update',
          as: 'apps',
          retry: WAIT_RETRY,
          config: {
            apps: clusters.map((cluster) => ({
              name: sharedChartNames.application(platform.name, chart, step.landscape, cluster.mark),
              namespace: model.settings.primordial.argocdNamespace,
              sources,
            })),
          },
        });
      }
      stages.push({
        apiVersion: 'kargo.akuity.io/v1alpha1',
        kind: 'Stage',
        metadata: {
          name: sharedChartNames.stage(chart, step.landscape),
          namespace: platform.name,
          labels: platformLabels(platform.name),
          annotations: { [SYNC_WAVE_ANNOTATION]: SYNC_WAVE.stage },
        },
        spec: {
          requestedFreight: [{ origin, sources: requestedSources(groupIndex, upstream, step.soak) }],
          promotionTemplate: { spec: { steps } },
          ...(step.verification.length > 0 ? { verification: { analysisTemplates: step.verification.map((name) => ({ name })) } } : {}),
        },
      });
    }
  });
  return stages;
}
