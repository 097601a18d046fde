/**
 * The AppProject of a platform (SPEC §3.1, §6; Argo CD v3.5.1 `AppProject`):
 * every Application the platform's ApplicationSets generate names it, instead
 * of ArgoCD's `default`, which multi-team installs restrict. Everything in it
 * is derived from the fleet, so a platform's Applications may deploy what the
 * fleet says and nothing else:
 *
 * - `sourceRepos`: the repositories of its services' app and primordial charts
 *   and of its shared charts (Argo CD checks an OCI chart's repository, not its name);
 * - `destinations`: each service's namespace on any cluster (workload clusters
 *   are registered by T3 under servers diene does not know), each shared
 *   chart's namespace `<platform>-shared-<chart>` likewise, and each
 *   primordial namespace, one per landscape the platform lists, on Primordial;
 * - `clusterResourceWhitelist`: the Namespaces those are, by name, which
 *   `CreateNamespace=true` creates (Argo CD checks it like any other object);
 *   namespaced kinds are left open (no `namespaceResourceWhitelist`), since a
 *   chart's kinds are the chart's business.
 *
 * Named after the platform, in ArgoCD's namespace, one sync wave before the
 * ApplicationSets (an Application naming a missing project is refused).
 */
import type { RegistrySlice, PlatformOutline } from '../2-analyze/fleet-model.js';
import {
  platformLabels,
  primordialNamespace,
  serviceArtifacts,
  serviceNamespace,
  sharedChartArtifact,
  sharedChartNames,
  SYNC_WAVE,
  SYNC_WAVE_ANNOTATION,
} from '../2-analyze/conventions.js';
import type { AppProject } from './kube-objects.js';

/** The AppProject of `platform`, its lists sorted. */
export function emitAppProject(model: RegistrySlice, platform: PlatformOutline): AppProject {
  const repos = new Set<string>();
  const namespaces: { server: string; namespace: string }[] = [];
  for (const service of platform.services) {
    const artifacts = serviceArtifacts(model.settings, platform.name, service.name);
    repos.add(artifacts.appChart.repoURL);
    repos.add(artifacts.primordialChart.repoURL);
    namespaces.push({ server: '*', namespace: serviceNamespace(platform.name, service.name) });
    for (const landscape of platform.landscapes)
      namespaces.push({ server: model.settings.primordial.server, namespace: primordialNamespace(platform.name, service.name, landscape) });
  }
  for (const chart of platform.sharedCharts) {
    repos.add(sharedChartArtifact(model.settings, platform.name, chart).source.repoURL);
    namespaces.push({ server: '*', namespace: sharedChartNames.namespace(platform.name, chart) });
  }
  namespaces.sort((a, b) => (a.namespace < b.namespace ? -1 : a.namespace > b.namespace ? 1 : 0));
  return {
    apiVersion: 'argoproj.io/v1alpha1',
    kind: 'AppProject',
    metadata: {
      name: platform.name,
      namespace: model.settings.primordial.argocdNamespace,
      labels: platformLabels(platform.name),
      annotations: { [SYNC_WAVE_ANNOTATION]: SYNC_WAVE.appProject },
    },
    spec: {
      description: `diene platform ${platform.name}: its services' charts, namespaces and nothing else`,
      sourceRepos: [...repos].sort(),
      destinations: namespaces,
      clusterResourceWhitelist: [...new Set(namespaces.map((d) => d.namespace))].map((name) => ({ group: '', kind: 'Namespace', name })),
    },
  };
}
