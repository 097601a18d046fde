/**
 * What `diene apply kube` can and cannot do against a Kubernetes API server,
 * as data with reasons (STYLE.md "Adapters declare capabilities"), and the
 * kinds it manages.
 */

/** A capability: whether the applier has it, and why (with the source). */
export interface Capability {
  can: boolean;
  why: string;
}

export const KUBE_CAPABILITIES = {
  serverSideApply: {
    can: true,
    why: 'PATCH with Content-Type application/apply-patch+yaml, fieldManager=diene and force=true (Kubernetes "Server-Side Apply", GA in 1.22): the server merges and records diene as the owner of the fields it sets, taking over fields another manager set',
  },
  serverDryRun: {
    can: true,
    why: 'every PATCH and DELETE takes dryRun=All (GA in 1.19): admission and validation run, nothing is stored',
  },
  pruneAnyKind: {
    can: false,
    why: 'the applier lists only the kinds a platform render holds (MANAGED_KINDS), by the labels diene sets; an object of another kind, or without both labels, is never seen and never deleted',
  },
  pruneAfterFailedApply: {
    can: false,
    why: 'when any apply fails nothing is pruned: a half-applied platform is not evidence that an object is no longer wanted',
  },
  pruneOnEmptyRender: {
    can: false,
    why: 'an empty render deletes nothing (compiler/plan/kube-apply-plan.ts)',
  },
} as const satisfies Record<string, Capability>;

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
