/**
 * Names, labels, sync waves and artifact addresses shared by the deploy
 * emitters (SPEC §3.1, §3.2, §3.6). One source of truth: the Stage name, the
 * Application names and the authorized-stage annotation are all derived here.
 */
import type { Fleet } from '../types/generated/fleet.js';

/**
 * The fleet's folder in its repository, from the repository's root: fleet.yaml
 * `git.path`, '' for the root (no `git.path`, or `.`).
 */
export function fleetFolder(settings: Fleet): string {
  const folder = settings.git.path;
  return folder === undefined || folder === '.' ? '' : folder;
}

/**
 * `file`, a path from the fleet's root, as a path from the repository's root,
 * where ArgoCD's git generators and Kargo's checkout see it: under the fleet's
 * folder (fleet.yaml `git.path`), or as it is for a fleet at the root.
 */
export function repositoryPath(settings: Fleet, file: string): string {
  const folder = fleetFolder(settings);
  return folder === '' ? file : `${folder}/${file}`;
}

/** Sync waves (SPEC §3.1): the Kargo Project first, then ProjectConfig, Warehouses and the AppProject, then ApplicationSets, then Stages. */
export const SYNC_WAVE = { project: '0', platformRecord: '0', projectConfig: '1', warehouse: '1', appProject: '1', applicationSet: '2', stage: '3' } as const;

export const SYNC_WAVE_ANNOTATION = 'argocd.argoproj.io/sync-wave';
export const AUTHORIZED_STAGE_ANNOTATION = 'kargo.akuity.io/authorized-stage';
export const PLATFORM_LABEL = 'diene.atomi.cloud/platform';
const SERVICE_LABEL = 'diene.atomi.cloud/service';
export const MANAGED_BY_LABEL = 'app.kubernetes.io/managed-by';

/** Labels every emitted object of `platform` carries (the Kubernetes applier prunes only by these). */
export function platformLabels(platform: string, service?: string): Record<string, string> {
  return { [MANAGED_BY_LABEL]: 'diene', [PLATFORM_LABEL]: platform, ...(service !== undefined ? { [SERVICE_LABEL]: service } : {}) };
}

/** Kargo Stage name (SPEC §3.6): `<service>-<landscape>`, at most 16 + 1 + 12 = 29 characters. */
export function stageName(service: string, landscape: string): string {
  return `${service}-${landscape}`;
}

/**
 * Application name of the app chart on one cluster (SPEC §3.6):
 * `<platform>-<service>-<landscape>-<mark>`. SPEC §2's length limits keep it
 * within 16+16+12+10+3 = 57 characters, under Kubernetes' 63, so no cut is needed.
 */
export function appApplicationName(platform: string, service: string, landscape: string, mark: string): string {
  return `${platform}-${service}-${landscape}-${mark}`;
}

/** Application name of the primordial chart: `<platform>-<service>-<landscape>-primordial` (mark `primordial` is reserved for it). */
export function primordialApplicationName(platform: string, service: string, landscape: string): string {
  return `${platform}-${service}-${landscape}-primordial`;
}

/** Namespace the app chart deploys into on a workload cluster: `<platform>-<service>` (each cluster serves one landscape). */
export function serviceNamespace(platform: string, service: string): string {
  return `${platform}-${service}`;
}

/**
 * Namespace the primordial chart deploys into on Primordial: `<platform>-<service>-<landscape>`.
 * Primordial holds one release per landscape of a service at once, at different versions,
 * so each needs a namespace of its own (at most 16+16+12+2 = 46 characters).
 * `landscape` may be a Go-template expression that yields the landscape.
 */
export function primordialNamespace(platform: string, service: string, landscape: string): string {
  return `${platform}-${service}-${landscape}`;
}

/** Where a service's three artifacts live, in the forms each consumer wants. */
export interface ServiceArtifacts {
  /** Image repository without scheme or tag (Kargo image subscription `repoURL`). */
  image: string;
  /** `oci://…` URL of the app chart (Kargo chart subscription `repoURL`). */
  appChartUrl: string;
  /** `oci://…` URL of the primordial chart. */
  primordialChartUrl: string;
  /** Argo CD Helm OCI source: registry path without scheme, and the chart name (its last segment). */
  appChart: { repoURL: string; chart: string };
  primordialChart: { repoURL: string; chart: string };
}

function substitute(template: string, platform: string, service: string): string {
  return template.replace(/\{platform\}/g, platform).replace(/\{service\}/g, service);
}

function argoHelmSource(ociUrl: string): { repoURL: string; chart: string } {
  const withoutScheme = ociUrl.replace(/^oci:\/\//, '');
  const cut = withoutScheme.lastIndexOf('/');
  return { repoURL: withoutScheme.slice(0, cut), chart: withoutScheme.slice(cut + 1) };
}

/** The artifacts of `platform`/`service` from fleet.yaml `artifacts` (`{platform}`, `{service}` substituted). */
export function serviceArtifacts(settings: Fleet, platform: string, service: string): ServiceArtifacts {
  const appChartUrl = substitute(settings.artifacts.appChart, platform, service);
  const primordialChartUrl = substitute(settings.artifacts.primordialChart, platform, service);
  return {
    image: substitute(settings.artifacts.image, platform, service),
    appChartUrl,
    primordialChartUrl,
    appChart: argoHelmSource(appChartUrl),
    primordialChart: argoHelmSource(primordialChartUrl),
  };
}

/**
 * The names of a shared chart's objects (SPEC §3.1, §3.2): each carries the fixed word `shared`, so no
 * service's Warehouse (`<service>`), Stage (`<service>-<landscape>`) or Application (four parts) can
 * take one. With a chart of at most 15 characters the Application stays within 63.
 */
export const sharedChartNames = {
  warehouse: (chart: string): string => `shared-${chart}`,
  stage: (chart: string, landscape: string): string => `shared-${chart}-${landscape}`,
  applicationSet: (platform: string, chart: string): string => `${platform}-shared-${chart}`,
  application: (platform: string, chart: string, landscape: string, mark: string): string => `${platform}-shared-${chart}-${landscape}-${mark}`,
  /** The namespace it deploys into on every cluster of a landscape. */
  namespace: (platform: string, chart: string): string => `${platform}-shared-${chart}`,
  /** Its row: the version Kargo writes and Argo CD deploys. `landscape` may be a Go-template expression. */
  rowFolder: (platform: string, chart: string): string => `platforms/${platform}/_shared/${chart}`,
};

/**
 * Where a shared chart lives: the folder of the platform's app charts (fleet.yaml `artifacts.appChart`
 * with `{platform}` substituted, its last segment dropped) under the chart's own name; a `{service}`
 * in that folder stands for the chart. `oci://ghcr.io/atomicloud/charts/{platform}.{service}` puts
 * nitroso's `nitroso-common` at `oci://ghcr.io/atomicloud/charts/nitroso-common`.
 */
export function sharedChartArtifact(settings: Fleet, platform: string, chart: string): { url: string; source: { repoURL: string; chart: string } } {
  const template = settings.artifacts.appChart;
  const folder = template.slice(0, template.lastIndexOf('/'));
  const url = `${substitute(folder, platform, chart)}/${chart}`;
  return { url, source: argoHelmSource(url) };
}
