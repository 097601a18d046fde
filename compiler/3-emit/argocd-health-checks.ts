/**
 * Argo CD health checks for the dependency records (the
 * design's gap G3: dependencies before the app). An app chart declares the
 * records its service needs (a Database, a KeyValue store, a Cache, an object
 * Store, an Email sender); a controller provisions each and writes its
 * connection Secret. Argo CD has no health check for these kinds, so it counts
 * them Healthy at once, an Application goes Healthy before its database
 * exists, and Kargo's health gate (`argocd-update` waits for the Application's
 * health) promotes onwards. These Lua checks make each record Healthy only
 * once it is Ready and its Secret is written; Progressing before; Degraded
 * when it failed. The Application's health is the worst of its resources', so
 * the promotion waits for them.
 *
 * The design does not fix the records' API, so diene does (documented in
 * docs/operator-outputs.md): group `diene.atomi.cloud` (beside the Platform
 * record), version `v1alpha1` (a health key names no version, so a new
 * version keeps its check), and the status of Kubernetes API conventions:
 * `status.observedGeneration` and `status.conditions[]` of type `Ready`,
 * `SecretWritten` and `Stalled` (kstatus' name for "failed, and will not
 * succeed without a change"), each `{type, status: "True"|"False"|"Unknown",
 * reason, message, observedGeneration}`.
 *
 * Output: `argocd-cm/dependency-health.yaml`, a patch of Argo CD's `argocd-cm`
 * with one `resource.customizations.health.<group>_<Kind>` key per kind
 * (argo-cd v3.5.1 `util/settings/settings.go`, `convertToOverrideKey`). The
 * script is templates/dependency-health.lua.hbs; it uses only what Argo CD
 * gives a customization without `useOpenLibs`: the base and table libraries
 * and `os.time`/`os.date` (argo-cd v3.5.1 `util/lua/lua.go`, `runLua`).
 */
import type { FleetModel } from '../2-analyze/fleet-model.js';
import type { ConfigMap } from './kube-objects.js';
import { generatedComment } from './serialize.js';
import { compiledTemplate } from './templates-engine.js';

/** The API group of the dependency records (decided here; the design is silent). */
export const DEPENDENCY_GROUP = 'diene.atomi.cloud';
/** The five dependency records, sorted. */
export const DEPENDENCY_KINDS = ['Cache', 'Database', 'Email', 'KeyValue', 'Store'] as const;
export type DependencyKind = (typeof DEPENDENCY_KINDS)[number];
/** The condition types the checks read. */
export const DEPENDENCY_CONDITIONS = { ready: 'Ready', secretWritten: 'SecretWritten', stalled: 'Stalled' } as const;

/** Where the patch is written, under the output directory. */
export const ARGOCD_HEALTH_PATCH = 'argocd-cm/dependency-health.yaml';

/** The argocd-cm key of `kind`'s health check: `resource.customizations.health.diene.atomi.cloud_<Kind>`. */
export function healthKey(kind: DependencyKind): string {
  return `resource.customizations.health.${DEPENDENCY_GROUP}_${kind}`;
}

/** The Lua health script (the same for every kind: it names the record from `obj.kind`). */
export function dependencyHealthScript(command: string): string {
  const render = compiledTemplate('dependency-health.lua.hbs');
  return render({
    comment: generatedComment(command).replace(/^# /, '').trimEnd(),
    kinds: DEPENDENCY_KINDS.join(', '),
    group: DEPENDENCY_GROUP,
    ...DEPENDENCY_CONDITIONS,
  });
}

/** The patch of `argocd-cm` in fleet.yaml's Argo CD namespace: one health key per dependency kind. */
export function argocdHealthPatch(model: FleetModel, command: string): ConfigMap {
  const script = dependencyHealthScript(command);
  return {
    apiVersion: 'v1',
    kind: 'ConfigMap',
    metadata: { name: 'argocd-cm', namespace: model.settings.primordial.argocdNamespace, labels: { 'app.kubernetes.io/part-of': 'argocd' } },
    data: Object.fromEntries(DEPENDENCY_KINDS.map((kind) => [healthKey(kind), script])),
  };
}
