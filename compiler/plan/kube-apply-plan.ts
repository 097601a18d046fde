/**
 * `diene apply kube` as data (STYLE.md "Plans and appliers"): the rendered
 * objects of one platform against the live objects carrying that platform's
 * labels → what to apply (server-side, in render order) and what to prune
 * (in reverse order). Pure.
 *
 * Pruning rules: an object is pruned only when it carries BOTH
 * `app.kubernetes.io/managed-by: diene` and `diene.atomi.cloud/platform:
 * <platform>` and the render has no object of the same group, kind,
 * namespace and name. Nothing is ever pruned when the render is empty (an
 * empty render is a fault upstream, never "delete everything"), nor when any
 * apply failed (a half-applied platform is not a reason to delete).
 */
import { MANAGED_BY_LABEL, PLATFORM_LABEL } from '../2-analyze/conventions.js';

/** The identity of a Kubernetes object: API group (empty for core), kind, namespace (empty when cluster-scoped), name. */
export interface ObjectKey {
  group: string;
  kind: string;
  namespace: string;
  name: string;
}

/** The fields of a Kubernetes object the planner reads. */
export interface KubeObject {
  apiVersion: string;
  kind: string;
  metadata: { name: string; namespace?: string; labels?: Record<string, string> };
}

/** One planned change. */
export type KubeChange = { verb: 'apply'; key: ObjectKey; object: KubeObject; exists: boolean } | { verb: 'prune'; key: ObjectKey; object: KubeObject };

export interface KubeApplyPlan {
  /** Server-side applies, in the render's (sync-wave) order. */
  apply: Extract<KubeChange, { verb: 'apply' }>[];
  /** Deletions, in reverse sync-wave order of their kinds (Stages before Warehouses before the Project). */
  prune: Extract<KubeChange, { verb: 'prune' }>[];
  /** Why nothing is pruned although labelled objects are missing from the render, when that is the case. */
  pruneWithheld?: string;
}

/** The API group of `apiVersion` (`kargo.akuity.io/v1alpha1` → `kargo.akuity.io`, `v1` → ``). */
export function apiGroup(apiVersion: string): string {
  const slash = apiVersion.indexOf('/');
  return slash === -1 ? '' : apiVersion.slice(0, slash);
}

/** The {@link ObjectKey} of `object`; a cluster-scoped object has namespace ``. */
export function objectKey(object: KubeObject): ObjectKey {
  return { group: apiGroup(object.apiVersion), kind: object.kind, namespace: object.metadata.namespace ?? '', name: object.metadata.name };
}

/** `group/Kind namespace/name` (or `Kind name` for the core group, cluster-scoped objects without `namespace/`), for messages. */
export function describeKey(key: ObjectKey): string {
  return `${key.group ? `${key.group}/` : ''}${key.kind} ${key.namespace ? `${key.namespace}/` : ''}${key.name}`;
}

function keyString(key: ObjectKey): string {
  return `${key.group}\0${key.kind}\0${key.namespace}\0${key.name}`;
}

/** The label selector that lists the objects diene applied for `platform` (both labels must match). */
export function platformSelector(platform: string): string {
  return `${MANAGED_BY_LABEL}=diene,${PLATFORM_LABEL}=${platform}`;
}

/** True when `object` carries both of diene's labels for `platform`. */
export function labelledFor(object: KubeObject, platform: string): boolean {
  const labels = object.metadata.labels ?? {};
  return labels[MANAGED_BY_LABEL] === 'diene' && labels[PLATFORM_LABEL] === platform;
}

/**
 * Plans the apply of `rendered` (the platform's objects in render order) over
 * `live` (objects listed with {@link platformSelector}, in any order).
 * `kindOrder` lists `group/Kind` in apply order and sets the prune order (its
 * reverse); kinds not in it are pruned last. Live objects not labelled for
 * `platform` are ignored even if the listing returned them.
 */
export function planKubeApply(platform: string, rendered: readonly KubeObject[], live: readonly KubeObject[], kindOrder: readonly string[]): KubeApplyPlan {
  const liveKeys = new Set(live.filter((o) => labelledFor(o, platform)).map((o) => keyString(objectKey(o))));
  const apply = rendered.map((object) => ({ verb: 'apply' as const, key: objectKey(object), object, exists: liveKeys.has(keyString(objectKey(object))) }));
  const wanted = new Set(apply.map((change) => keyString(change.key)));
  const orphans = live.filter((o) => labelledFor(o, platform) && !wanted.has(keyString(objectKey(o))));
  const rank = (key: ObjectKey): number => {
    const at = kindOrder.indexOf(`${key.group}/${key.kind}`);
    return at === -1 ? -1 : at;
  };
  const prune = orphans
    .map((object) => ({ verb: 'prune' as const, key: objectKey(object), object }))
    .sort((a, b) => rank(b.key) - rank(a.key) || (keyString(a.key) < keyString(b.key) ? -1 : keyString(a.key) > keyString(b.key) ? 1 : 0));
  if (rendered.length === 0 && prune.length > 0)
    return {
      apply,
      prune: [],
      pruneWithheld: `the render of ${platform} is empty: ${prune.length} labelled object(s) kept; an empty render never deletes anything`,
    };
  return { apply, prune };
}
