/**
 * Issue 36 point 10: every platform gets an AppProject of its own instead of
 * ArgoCD's `default`, which most multi-team installs restrict (SPEC §3.1:
 * "the app chart to every cluster of the row's landscape, primordial chart once
 * to Primordial"; SPEC §3.6 names). Its source repositories, destinations and
 * cluster-scoped kinds are derived from the fleet, and every Application the
 * platform's ApplicationSets render (through test/support/argocd-appset, Argo
 * CD's own template functions) must be permitted by it, while another
 * platform's charts and namespaces are not.
 *
 * The permission checks are mirrored from argoproj/argo-cd v3.5.1:
 * - pkg/apis/application/v1alpha1/app_project_types.go: IsSourcePermitted,
 *   IsDestinationPermitted / isDestinationMatched, IsGroupKindNamePermitted,
 *   globMatch, isDenyPattern;
 * - pkg/apis/application/v1alpha1/types.go: isResourceInList, isNamedResourceInList
 *   (filepath.Match on group, kind and name);
 * - util/git/git.go NormalizeGitURL (lower case, trimmed, `.git` dropped);
 * - util/glob/glob.go Match (gobwas/glob with the given separators).
 * controller/sync.go checks each synced object with IsGroupKindNamePermitted,
 * the Namespace that `CreateNamespace=true` creates included; util/argo/argo.go
 * checks the source and the destination when the Application is created.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { parseAllDocuments } from 'yaml';
import type { FleetModel } from '../../compiler/2-analyze/fleet-model.js';
import { compileFleet } from '../../compiler/index.js';
import { applicationSetsOf, argocdHarnessMissing, clusterSecretsOf, renderApplicationSets, rowFilesOf } from '../support/argocd-appset.js';
import { readFleetTexts, TEST_NOW_SECONDS, toSourceFiles } from '../support/fleet-fixture.js';
import { SHARED_CHART, sharedChartFleetTexts } from '../support/shared-chart-fleet.js';
import { skippedBecause, skipUnlessPresent } from '../support/required.js';
import { crdValidators, upstreamSkipReason } from '../support/upstream-schemas.js';

type Json = Record<string, any>;

const missing = argocdHarnessMissing() ?? upstreamSkipReason();

/** util/git/git.go NormalizeGitURL for the URLs a fleet holds (no SSH form: the test refuses one rather than guess). */
function normalizeGitURL(repo: string): string {
  const lower = repo.trim().toLowerCase();
  if (/^[\w-]+@|^ssh:\/\//.test(lower)) throw new Error(`SSH URL not mirrored: ${repo}`);
  return lower.endsWith('.git') ? lower.slice(0, -4) : lower;
}

/** gobwas/glob Match: `*` any run of characters other than the separators, `?` one such character; other syntax is not mirrored. */
function gobwasMatch(pattern: string, value: string, separators: string[] = []): boolean {
  if (/[[\]{}\\]/.test(pattern)) throw new Error(`glob syntax not mirrored: ${pattern}`);
  const not = separators.length > 0 ? `[^${separators.map((s) => `\\${s}`).join('')}]` : '[\\s\\S]';
  const body = pattern
    .split('')
    .map((c) => (c === '*' ? `${not}*` : c === '?' ? not : c.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')))
    .join('');
  return new RegExp(`^${body}$`).test(value);
}

/** app_project_types.go globMatch. */
function globMatch(pattern: string, value: string, allowNegation: boolean, separators: string[] = []): boolean {
  if (allowNegation && pattern.startsWith('!')) return !gobwasMatch(pattern.slice(1), value, separators);
  if (pattern === '*') return true;
  return gobwasMatch(pattern, value, separators);
}

/** Go's filepath.Match for patterns of literals and `*` (no `/` in group, kind or namespace names). */
function filepathMatch(pattern: string, value: string): boolean {
  return gobwasMatch(pattern, value, ['/']);
}

/** app_project_types.go IsSourcePermitted. */
function isSourcePermitted(project: Json, repoURL: string): boolean {
  const source = normalizeGitURL(repoURL);
  let any = false;
  for (const repo of (project['spec']['sourceRepos'] ?? []) as string[]) {
    const normalized = repo.startsWith('!') ? `!${normalizeGitURL(repo.slice(1))}` : normalizeGitURL(repo);
    const matched = globMatch(normalized, source, true, ['/']);
    if (matched) any = true;
    else if (normalized.startsWith('!')) return false;
  }
  return any;
}

/** app_project_types.go isDestinationMatched (permitOnlyProjectScopedClusters is never set by diene). */
function isDestinationPermitted(project: Json, cluster: { name: string; server: string }, namespace: string): boolean {
  expect(project['spec']['permitOnlyProjectScopedClusters']).toBeUndefined();
  let any = false;
  for (const item of (project['spec']['destinations'] ?? []) as Json[]) {
    const nameMatched = cluster.name !== '' && globMatch(item['name'] ?? '', cluster.name, true);
    const serverMatched = cluster.server !== '' && globMatch(item['server'] ?? '', cluster.server, true);
    const namespaceMatched = globMatch(item['namespace'] ?? '', namespace, true);
    if ((serverMatched || nameMatched) && namespaceMatched) any = true;
    else if (
      (!nameMatched && String(item['name'] ?? '').startsWith('!')) ||
      (!serverMatched && String(item['server'] ?? '').startsWith('!') && namespaceMatched)
    )
      return false;
    else if (!namespaceMatched && String(item['namespace'] ?? '').startsWith('!') && serverMatched) return false;
  }
  return any;
}

/** app_project_types.go IsGroupKindNamePermitted with types.go isResourceInList / isNamedResourceInList. */
function isGroupKindNamePermitted(project: Json, group: string, kind: string, name: string, namespaced: boolean): boolean {
  const spec = project['spec'] as Json;
  const inList = (list: Json[], named: boolean) =>
    list.some(
      (item) => filepathMatch(item['kind'], kind) && filepathMatch(item['group'], group) && (!named || !item['name'] || filepathMatch(item['name'], name)),
    );
  if (namespaced) {
    const white = spec['namespaceResourceWhitelist'] as Json[] | undefined;
    const black = (spec['namespaceResourceBlacklist'] ?? []) as Json[];
    return (white === undefined || (white.length > 0 && inList(white, false))) && !(black.length > 0 && inList(black, false));
  }
  const white = (spec['clusterResourceWhitelist'] ?? []) as Json[];
  const black = (spec['clusterResourceBlacklist'] ?? []) as Json[];
  return white.length > 0 && inList(white, true) && !(black.length > 0 && inList(black, true));
}

function compileReference(texts: Map<string, string> = readFleetTexts()): { model: FleetModel; outputs: Map<string, string>; texts: Map<string, string> } {
  const result = compileFleet(toSourceFiles(texts), { nowSeconds: TEST_NOW_SECONDS });
  expect(result.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
  return { model: result.model as FleetModel, outputs: result.outputs as Map<string, string>, texts };
}

function appProjectsOf(outputs: Map<string, string>): Map<string, Json> {
  const projects = new Map<string, Json>();
  for (const [file, text] of outputs) {
    if (!file.startsWith('argocd/')) continue;
    for (const doc of parseAllDocuments(text)) {
      const object = doc.toJS() as Json;
      if (object['kind'] === 'AppProject') projects.set(object['metadata']['name'], { ...object, file });
    }
  }
  return projects;
}

describe.skipIf(skipUnlessPresent(missing))(`one AppProject per platform, checked with Argo CD's project rules ${skippedBecause(missing)}`, () => {
  // Compiling the upstream CRDs takes tens of seconds on a loaded machine: a hook's time, not a test's.
  let validate: ReturnType<typeof crdValidators> extends Map<string, infer V> ? V | undefined : never;
  beforeAll(() => {
    validate = crdValidators().get('argoproj.io/v1alpha1/AppProject');
  });

  it('each platform file holds its AppProject, valid against the upstream CRD, in the argocd namespace, before the ApplicationSets', () => {
    const { outputs, model } = compileReference();
    const projects = appProjectsOf(outputs);
    expect([...projects.keys()].sort()).toEqual(model.platforms.map((p) => p.name).sort());
    expect(validate).toBeDefined();
    for (const [name, project] of projects) {
      const { file, ...object } = project;
      expect(file).toBe(`argocd/${name}.yaml`);
      expect(validate?.(object), JSON.stringify(validate?.errors)).toBe(true);
      expect(object['metadata']['namespace']).toBe(model.settings.primordial.argocdNamespace);
      const waves = parseAllDocuments(outputs.get(file) as string).map((d) =>
        Number((d.toJS() as Json)['metadata']['annotations']['argocd.argoproj.io/sync-wave']),
      );
      expect(waves[0]).toBeLessThan(Math.min(...waves.slice(1)));
    }
  });

  it("every rendered Application names its platform's project, which permits its chart, its destination, its namespace's creation and namespaced kinds", () => {
    checkApplicationsPermitted(readFleetTexts());
  });

  it("a shared chart's Applications (issue 36 point 3) are permitted by their platform's project: its repository, its namespace on every cluster", () => {
    const applications = checkApplicationsPermitted(sharedChartFleetTexts());
    expect(applications.filter((a) => a['spec']['destination']['namespace'] === `nitroso-shared-${SHARED_CHART}`).length).toBe(4);
  });

  function checkApplicationsPermitted(fleetTexts: Map<string, string>): Json[] {
    const { outputs, model, texts } = compileReference(fleetTexts);
    const projects = appProjectsOf(outputs);
    const clusters = clusterSecretsOf(model);
    const outcomes = renderApplicationSets(applicationSetsOf(outputs), rowFilesOf(texts), clusters);
    const applications = outcomes.flatMap((o) => {
      expect(o.error).toBeUndefined();
      return o.applications;
    });
    expect(applications.length).toBeGreaterThan(0);
    const inCluster = { name: 'in-cluster', server: model.settings.primordial.server };
    // The sources are exactly the chart repositories the platform's Applications use (Argo CD checks the
    // repoURL only: OCI charts of every platform may share one, the chart name is not part of the check).
    for (const [platform, project] of projects) {
      const used = new Set(applications.filter((a) => a['spec']['project'] === platform).map((a) => a['spec']['source']['repoURL'] as string));
      expect(used.size).toBeGreaterThan(0);
      expect(project['spec']['sourceRepos']).toEqual([...used].sort());
    }
    for (const app of applications) {
      const platform = app['metadata']['labels']['diene.atomi.cloud/platform'] as string;
      expect(app['spec']['project']).toBe(platform);
      const project = projects.get(platform) as Json;
      const { server, namespace } = app['spec']['destination'] as { server: string; namespace: string };
      const cluster = server === inCluster.server ? inCluster : (clusters.find((c) => c.server === server) as { name: string; server: string });
      expect(cluster, server).toBeDefined();
      expect(isSourcePermitted(project, app['spec']['source']['repoURL']), app['metadata']['name']).toBe(true);
      expect(isDestinationPermitted(project, cluster, namespace), app['metadata']['name']).toBe(true);
      expect(isGroupKindNamePermitted(project, '', 'Namespace', namespace, false), namespace).toBe(true);
      expect(isGroupKindNamePermitted(project, 'apps', 'Deployment', 'api', true)).toBe(true);
      // Another platform's project lets none of it through.
      for (const [other, otherProject] of projects) {
        if (other === platform) continue;
        expect(isDestinationPermitted(otherProject, cluster, namespace)).toBe(false);
        expect(isGroupKindNamePermitted(otherProject, '', 'Namespace', namespace, false)).toBe(false);
      }
    }
    return applications;
  }

  it("a platform's project refuses what its Applications never deploy: argocd's namespace, another repository, cluster-wide kinds", () => {
    const { outputs, model } = compileReference();
    const nitroso = appProjectsOf(outputs).get('nitroso') as Json;
    const inCluster = { name: 'in-cluster', server: model.settings.primordial.server };
    expect(isDestinationPermitted(nitroso, inCluster, model.settings.primordial.argocdNamespace)).toBe(false);
    expect(isDestinationPermitted(nitroso, inCluster, 'aldehyde-lithium-raichu')).toBe(false);
    expect(isSourcePermitted(nitroso, 'ghcr.io/atomicloud/charts')).toBe(true);
    expect(isSourcePermitted(nitroso, 'ghcr.io/someone-else/charts')).toBe(false);
    expect(isSourcePermitted(nitroso, model.settings.git.repoURL)).toBe(false);
    expect(isGroupKindNamePermitted(nitroso, 'rbac.authorization.k8s.io', 'ClusterRole', 'admin', false)).toBe(false);
    expect(isGroupKindNamePermitted(nitroso, '', 'Namespace', 'kube-system', false)).toBe(false);
  });
});
