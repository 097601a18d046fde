/**
 * The kinds `diene apply kube` manages, in apply order, and the field manager
 * of its server-side applies.
 */

/** A kind diene applies: its apiVersion and kind. */
export interface ManagedKind {
  apiVersion: string;
  kind: string;
}

/**
 * Every kind `diene render` prints for a platform, in apply (sync-wave)
 * order: Platform record and Kargo Project, ProjectConfig, Warehouses and
 * AppProject, ApplicationSets, Stages (SPEC §3.1). Pruning lists exactly these kinds and
 * deletes in the reverse order. A test fails when a render holds a kind
 * missing here.
 */
export const MANAGED_KINDS: readonly ManagedKind[] = [
  { apiVersion: 'diene.atomi.cloud/v1alpha1', kind: 'Platform' },
  { apiVersion: 'kargo.akuity.io/v1alpha1', kind: 'Project' },
  { apiVersion: 'kargo.akuity.io/v1alpha1', kind: 'ProjectConfig' },
  { apiVersion: 'kargo.akuity.io/v1alpha1', kind: 'Warehouse' },
  { apiVersion: 'argoproj.io/v1alpha1', kind: 'AppProject' },
  { apiVersion: 'argoproj.io/v1alpha1', kind: 'ApplicationSet' },
  { apiVersion: 'kargo.akuity.io/v1alpha1', kind: 'Stage' },
];

/** `group/Kind` of each managed kind, in apply order (the planner's `kindOrder`). */
export const MANAGED_KIND_ORDER: readonly string[] = MANAGED_KINDS.map((k) => `${k.apiVersion.split('/')[0]}/${k.kind}`);

/** The field manager name of every apply. */
export const FIELD_MANAGER = 'diene';
