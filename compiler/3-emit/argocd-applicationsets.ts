/**
 * ArgoCD output (SPEC §3.1): per service of a platform, two ApplicationSets
 * that read the service's row files at run time, so a Kargo promotion (a
 * commit to a row) needs no recompile:
 *
 * - `<platform>-<service>`: a matrix of the git files generator over
 *   `platforms/<platform>/<service>/*.yaml` and the cluster generator selecting
 *   cluster Secrets labelled `landscape=<row's landscape>`: the app chart on
 *   every cluster of the row's landscape, one Application per (row, cluster).
 * - `<platform>-<service>-primordial`: the git files generator alone: the
 *   primordial chart once per row, on Primordial.
 *
 * The row files are re-read every ROW_POLL_SECONDS (or at once on a git
 * webhook), the figure the Stages' retries are sized by (promotion-timing.ts).
 *
 * Safety (../shared/notes/argocd-kargo.md §1.2, §6): `applicationsSync:
 * create-update` so an empty or failing generator never deletes an
 * Application (removing a service is a Decommission, outside this tool);
 * `preserveResourcesOnDeletion: true`; `goTemplate` with `missingkey=error`, so
 * a malformed row is a reconcile error (which deletes nothing), never an empty
 * result. A row whose `pin.chart` is `""` is dropped by the git generator's
 * post-selector, so it renders no Application and no error.
 *
 * Every Application names the platform's own AppProject (argocd-app-project.ts).
 *
 * Values, last wins (SPEC §3.1): chart defaults, the chart's
 * `values.<landscape>.yaml` (`ignoreMissingValueFiles`), then the row's
 * `values` block, which Helm merges deeply. The pinned image goes in as the
 * Helm parameter `image.tag`.
 */
import type { RegistrySlice, PlatformOutline, ServiceOutline } from '../2-analyze/fleet-model.js';
import { sharedValue } from './block-yaml.js';
import { emitAppProject } from './argocd-app-project.js';
import type { AppProject, ApplicationSet, ApplicationSpec, ClustersGenerator, GitFilesGenerator, LabelSelector, ObjectMeta } from './kube-objects.js';
import { ROW_POLL_SECONDS } from './promotion-timing.js';
import {
  AUTHORIZED_STAGE_ANNOTATION,
  platformLabels,
  primordialNamespace,
  repositoryPath,
  serviceArtifacts,
  serviceNamespace,
  sharedChartArtifact,
  sharedChartNames,
  SYNC_WAVE,
  SYNC_WAVE_ANNOTATION,
} from '../2-analyze/conventions.js';
import { ROW_PIN_KEYS, rowFolder } from '../1-load/row-format.js';

/** Go-template expression of the row's landscape: the row file's name without `.yaml`. */
export const ROW_LANDSCAPE = '{{ trimSuffix ".yaml" .path.filename }}';
/**
 * Go-template expression of the cluster's mark: the cluster Secret's `mark` label. `index` on a
 * missing label yields "" (missingkey=error does not cover it), so sprig's `fail` turns a Secret
 * without the label into a reconcile error, which deletes nothing, instead of a name ending in `-`.
 * Helm's `required` does not exist in ArgoCD's goTemplate (SPEC §3.1): it would fail every render.
 */
export const CLUSTER_MARK = '{{ with index .metadata.labels "mark" }}{{ . }}{{ else }}{{ fail "the cluster Secret needs a mark label" }}{{ end }}';
/** The row's emergency values as YAML, or nothing; `hasKey` keeps `missingkey=error` quiet for rows without them. */
const ROW_VALUES = '{{ if hasKey . "values" }}{{ toYaml .values }}{{ end }}';

/** Sync retry for every Application: a new row's first promotion must not fail for good (SPEC §3.1). */
const SYNC_RETRY = { limit: 10, backoff: { duration: '10s', factor: 2, maxDuration: '5m' } };

// The parts every ApplicationSet repeats, built once and shared (only read; the YAML writer copies their text: block-yaml.ts sharedValue).
export const GO_TEMPLATE_OPTIONS: ApplicationSet['spec']['goTemplateOptions'] = sharedValue(['missingkey=error']);
export const APPLICATIONS_SYNC: ApplicationSet['spec']['syncPolicy'] = sharedValue({ applicationsSync: 'create-update', preserveResourcesOnDeletion: true });
const ROW_SELECTOR = sharedValue<LabelSelector>({ matchExpressions: [{ key: ROW_PIN_KEYS.chart, operator: 'NotIn', values: [''] }] });
export const CLUSTERS_GENERATOR: ClustersGenerator = sharedValue({ clusters: { selector: { matchLabels: { landscape: ROW_LANDSCAPE } } } });
const SYNC_POLICY: ApplicationSpec['syncPolicy'] = sharedValue({
  automated: { enabled: true, prune: true, selfHeal: true },
  retry: SYNC_RETRY,
  syncOptions: ['CreateNamespace=true', 'ServerSideApply=true'],
});
const VALUE_FILES = sharedValue([`values.${ROW_LANDSCAPE}.yaml`]);
const IMAGE_PARAMETERS = sharedValue([{ name: 'image.tag', value: `{{ .${ROW_PIN_KEYS.image} }}`, forceString: true }]);

function rowFilesGenerator(model: RegistrySlice, platform: string, service: string): GitFilesGenerator {
  return rowFilesGeneratorAt(model, rowFolder(platform, service));
}

/** The git files generator over the rows `<folder>/<landscape>.yaml` (`folder` from the fleet's root), rows with an empty `pin.chart` dropped. */
export function rowFilesGeneratorAt(model: RegistrySlice, fleetFolder: string): GitFilesGenerator {
  // Argo CD reads the patterns from the repository's root, where the fleet may be a subfolder.
  const folder = repositoryPath(model.settings, fleetFolder);
  return {
    git: {
      repoURL: model.settings.git.repoURL,
      revision: model.settings.git.branch,
      files: [
        { path: `${folder}/*.yaml` },
        // Argo CD lists files with `git ls-files`, where `*` also matches `/` and a leading dot:
        // without these, a file in a subfolder or a dotfile would deploy as a row the compiler ignores.
        { path: `${folder}/*/*`, exclude: true },
        { path: `${folder}/.*`, exclude: true },
      ],
      requeueAfterSeconds: ROW_POLL_SECONDS,
    },
    selector: ROW_SELECTOR,
  };
}

export function applicationSpec(
  platform: string,
  server: string,
  namespace: string,
  chart: { repoURL: string; chart: string },
  releaseName: string,
  withRowValues: boolean,
): ApplicationSpec {
  return {
    project: platform,
    destination: { server, namespace },
    source: {
      repoURL: chart.repoURL,
      chart: chart.chart,
      targetRevision: `{{ .${ROW_PIN_KEYS.chart} }}`,
      helm: {
        releaseName,
        valueFiles: VALUE_FILES,
        ignoreMissingValueFiles: true,
        ...(withRowValues ? { values: ROW_VALUES, parameters: IMAGE_PARAMETERS } : {}),
      },
    },
    syncPolicy: SYNC_POLICY,
  };
}

const APPLICATION_SET_ANNOTATIONS = sharedValue({ [SYNC_WAVE_ANNOTATION]: SYNC_WAVE.applicationSet });

export function applicationSetMeta(model: RegistrySlice, name: string, labels: Record<string, string>): ObjectMeta {
  return { name, namespace: model.settings.primordial.argocdNamespace, labels, annotations: APPLICATION_SET_ANNOTATIONS };
}

function templateMeta(name: string, labels: Record<string, string>, annotations: Record<string, string>): ObjectMeta {
  return { name, labels, annotations };
}

function serviceApplicationSets(model: RegistrySlice, platform: PlatformOutline, service: ServiceOutline): ApplicationSet[] {
  const artifacts = serviceArtifacts(model.settings, platform.name, service.name);
  const namespace = serviceNamespace(platform.name, service.name);
  // The two ApplicationSets of a service and their templates share its labels, template annotations and row generator.
  const labels = sharedValue(platformLabels(platform.name, service.name));
  const templateAnnotations = sharedValue({ [AUTHORIZED_STAGE_ANNOTATION]: `${platform.name}:${service.name}-${ROW_LANDSCAPE}` });
  const rows = sharedValue(rowFilesGenerator(model, platform.name, service.name));
  const app: ApplicationSet = {
    apiVersion: 'argoproj.io/v1alpha1',
    kind: 'ApplicationSet',
    metadata: applicationSetMeta(model, `${platform.name}-${service.name}`, labels),
    spec: {
      goTemplate: true,
      goTemplateOptions: GO_TEMPLATE_OPTIONS,
      generators: [
        {
          matrix: {
            generators: [rows, CLUSTERS_GENERATOR],
          },
        },
      ],
      syncPolicy: APPLICATIONS_SYNC,
      template: {
        metadata: templateMeta(`${platform.name}-${service.name}-${ROW_LANDSCAPE}-${CLUSTER_MARK}`, labels, templateAnnotations),
        spec: applicationSpec(platform.name, '{{ .server }}', namespace, artifacts.appChart, service.name, true),
      },
    },
  };
  const primordial: ApplicationSet = {
    apiVersion: 'argoproj.io/v1alpha1',
    kind: 'ApplicationSet',
    metadata: applicationSetMeta(model, `${platform.name}-${service.name}-primordial`, labels),
    spec: {
      goTemplate: true,
      goTemplateOptions: GO_TEMPLATE_OPTIONS,
      generators: [rows],
      syncPolicy: APPLICATIONS_SYNC,
      template: {
        metadata: templateMeta(`${platform.name}-${service.name}-${ROW_LANDSCAPE}-primordial`, labels, templateAnnotations),
        spec: applicationSpec(
          platform.name,
          model.settings.primordial.server,
          primordialNamespace(platform.name, service.name, ROW_LANDSCAPE),
          artifacts.primordialChart,
          `${service.name}-primordial`,
          false,
        ),
      },
    },
  };
  return [app, primordial];
}

/** The ApplicationSet of `chart`: its Application on every cluster of each row's landscape, at the row's version. */
export function emitSharedChartApplicationSet(model: RegistrySlice, platform: PlatformOutline, chart: string): ApplicationSet {
  const artifact = sharedChartArtifact(model.settings, platform.name, chart);
  const labels = platformLabels(platform.name);
  const annotations = { [AUTHORIZED_STAGE_ANNOTATION]: `${platform.name}:${sharedChartNames.stage(chart, ROW_LANDSCAPE)}` };
  return {
    apiVersion: 'argoproj.io/v1alpha1',
    kind: 'ApplicationSet',
    metadata: applicationSetMeta(model, sharedChartNames.applicationSet(platform.name, chart), labels),
    spec: {
      goTemplate: true,
      goTemplateOptions: GO_TEMPLATE_OPTIONS,
      generators: [{ matrix: { generators: [rowFilesGeneratorAt(model, sharedChartNames.rowFolder(platform.name, chart)), CLUSTERS_GENERATOR] } }],
      syncPolicy: APPLICATIONS_SYNC,
      template: {
        metadata: { name: sharedChartNames.application(platform.name, chart, ROW_LANDSCAPE, CLUSTER_MARK), labels, annotations },
        spec: applicationSpec(platform.name, '{{ .server }}', sharedChartNames.namespace(platform.name, chart), artifact.source, chart, false),
      },
    },
  };
}

/** The ApplicationSets of `platform`, services in name order, app before primordial, then its shared charts' in name order (shared-charts.ts). */
function emitApplicationSets(model: RegistrySlice, platform: PlatformOutline): ApplicationSet[] {
  return [
    ...platform.services.flatMap((service) => serviceApplicationSets(model, platform, service)),
    ...platform.sharedCharts.map((chart) => emitSharedChartApplicationSet(model, platform, chart)),
  ];
}

/** The ArgoCD objects of `platform` in sync-wave order: its AppProject (argocd-app-project.ts), then its ApplicationSets. */
export function argocdObjects(model: RegistrySlice, platform: PlatformOutline): (AppProject | ApplicationSet)[] {
  return [emitAppProject(model, platform), ...emitApplicationSets(model, platform)];
}
