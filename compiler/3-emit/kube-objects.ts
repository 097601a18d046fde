/**
 * Typed shapes of the Kubernetes objects the compiler emits, limited to the
 * fields it sets. Field names and meanings follow the upstream CRDs at Argo CD
 * v3.5.1 and Kargo v1.11.2 (`../shared/crds/`); the CRD tests check every
 * emitted object against them with unknown fields refused.
 */

export interface ObjectMeta {
  name: string;
  namespace?: string;
  labels?: Record<string, string>;
  annotations?: Record<string, string>;
}

export interface LabelSelector {
  matchLabels?: Record<string, string>;
  matchExpressions?: { key: string; operator: 'In' | 'NotIn' | 'Exists' | 'DoesNotExist'; values?: string[] }[];
}

/** argoproj.io/v1alpha1 Application spec, the part used in ApplicationSet templates. */
export interface ApplicationSpec {
  project: string;
  destination: { server: string; namespace: string };
  source: {
    repoURL: string;
    chart: string;
    targetRevision: string;
    helm: {
      releaseName: string;
      valueFiles: string[];
      ignoreMissingValueFiles: boolean;
      values?: string;
      parameters?: { name: string; value: string; forceString?: boolean }[];
    };
  };
  syncPolicy: {
    automated: { enabled: boolean; prune: boolean; selfHeal: boolean };
    retry: { limit: number; backoff: { duration: string; factor: number; maxDuration: string } };
    syncOptions: string[];
  };
}

export interface GitFilesGenerator {
  git: { repoURL: string; revision: string; files: { path: string; exclude?: true }[]; requeueAfterSeconds: number };
  selector?: LabelSelector;
}

export interface ClustersGenerator {
  clusters: { selector: LabelSelector };
}

export type ApplicationSetGenerator = GitFilesGenerator | { matrix: { generators: [GitFilesGenerator, ClustersGenerator] } };

/** argoproj.io/v1alpha1 ApplicationSet */
export interface ApplicationSet {
  apiVersion: 'argoproj.io/v1alpha1';
  kind: 'ApplicationSet';
  metadata: ObjectMeta;
  spec: {
    goTemplate: true;
    goTemplateOptions: ['missingkey=error'];
    generators: ApplicationSetGenerator[];
    syncPolicy: { applicationsSync: 'create-update'; preserveResourcesOnDeletion: true };
    template: { metadata: ObjectMeta; spec: ApplicationSpec };
  };
}

/** argoproj.io/v1alpha1 AppProject: what a platform's Applications may deploy, from where, to where. */
export interface AppProject {
  apiVersion: 'argoproj.io/v1alpha1';
  kind: 'AppProject';
  metadata: ObjectMeta;
  spec: {
    description: string;
    sourceRepos: string[];
    destinations: { server: string; namespace: string }[];
    clusterResourceWhitelist: { group: string; kind: string; name: string }[];
  };
}

/** kargo.akuity.io/v1alpha1 Project: cluster-scoped, no spec (Kargo v1.7+). */
export interface KargoProject {
  apiVersion: 'kargo.akuity.io/v1alpha1';
  kind: 'Project';
  metadata: ObjectMeta;
}

/** kargo.akuity.io/v1alpha1 ProjectConfig: name = namespace = project. */
export interface KargoProjectConfig {
  apiVersion: 'kargo.akuity.io/v1alpha1';
  kind: 'ProjectConfig';
  metadata: ObjectMeta;
  spec: {
    promotionPolicies: { stageSelector: { name: string }; autoPromotionEnabled: boolean }[];
    /** One entry per receiver kind; exactly one kind key per entry (Kargo v1.11.2 `WebhookReceiverConfig`). */
    webhookReceivers?: KargoWebhookReceiver[];
  };
}

/** A ProjectConfig webhook receiver: its name and one kind key naming the Secret in the project namespace. */
export type KargoWebhookReceiver = { name: string } & Partial<Record<'azure' | 'dockerhub' | 'github' | 'quay', { secretRef: { name: string } }>> & {
    generic?: { secretRef: { name: string }; actions: KargoGenericWebhookAction[] };
  };

/** A generic receiver's action (Kargo v1.11 GenericWebhookAction): `Refresh` the Warehouses its criteria select. */
export interface KargoGenericWebhookAction {
  action: 'Refresh';
  targetSelectionCriteria: { kind: 'Warehouse'; labelSelector: { matchLabels: Record<string, string> } }[];
}

export type WarehouseSubscription =
  | { image: { repoURL: string; imageSelectionStrategy: 'SemVer'; strictSemvers: boolean; discoveryLimit: number } }
  | { chart: { repoURL: string; discoveryLimit: number } };

/** kargo.akuity.io/v1alpha1 Warehouse */
export interface KargoWarehouse {
  apiVersion: 'kargo.akuity.io/v1alpha1';
  kind: 'Warehouse';
  metadata: ObjectMeta;
  spec: {
    interval: string;
    freightCreationPolicy: 'Automatic';
    /** Absent on a chart-only Warehouse (a shared chart's): every version is Freight. */
    freightCreationCriteria?: { expression: string };
    subscriptions: WarehouseSubscription[];
  };
}

export interface PromotionStep {
  uses: string;
  as?: string;
  retry?: { errorThreshold: number; timeout: string };
  config: Record<string, unknown>;
}

/** kargo.akuity.io/v1alpha1 Stage */
export interface KargoStage {
  apiVersion: 'kargo.akuity.io/v1alpha1';
  kind: 'Stage';
  metadata: ObjectMeta;
  spec: {
    requestedFreight: {
      origin: { kind: 'Warehouse'; name: string };
      sources: { direct?: boolean; stages?: string[]; requiredSoakTime?: string; availabilityStrategy?: 'All' };
    }[];
    promotionTemplate: { spec: { steps: PromotionStep[] } };
    verification?: { analysisTemplates: { name: string }[] };
  };
}

/** diene.atomi.cloud/v1alpha1 Platform: the record T3 reads (SPEC §3.6). */
export interface PlatformRecord {
  apiVersion: 'diene.atomi.cloud/v1alpha1';
  kind: 'Platform';
  metadata: ObjectMeta;
  spec: { landscapes: string[]; stages: unknown[]; services: Record<string, { modules: string[] }> };
}

/** v1 ConfigMap, as a patch of an existing one (the argocd-cm health customizations). */
export interface ConfigMap {
  apiVersion: 'v1';
  kind: 'ConfigMap';
  metadata: ObjectMeta;
  data: Record<string, string>;
}
