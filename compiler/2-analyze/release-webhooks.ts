/**
 * Which Kargo webhook receiver hears a release: a
 * Warehouse polls its subscriptions every 5 minutes, but a receiver in the
 * project's ProjectConfig refreshes it the moment a registry reports a push,
 * so a published version becomes Freight at once.
 *
 * The receiver follows from the registry host of fleet.yaml `artifacts`
 * (Kargo v1.11.2 `pkg/webhook/external/`): GHCR reports pushes of images and
 * OCI charts as GitHub `package` events (`github.go`, docs `ghcr.md`), so
 * `ghcr.io` is heard by the `github` receiver; Docker Hub, Quay and Azure
 * Container Registry have receivers of their own. Any other host (Harbor,
 * Artifactory, GitLab or any self-hosted registry, which run under names of
 * their owners' choosing, so their kind cannot be told from the host) is heard
 * by Kargo's `generic` receiver (`generic.go`), which refreshes every
 * Warehouse of the project on any POST (3-emit/kargo-project.ts).
 * Pure; used by the ProjectConfig (3-emit).
 */
import type { Fleet } from '../types/generated/fleet.js';

/** The receiver kinds diene emits, as the ProjectConfig field names them (Kargo v1.11.2 `WebhookReceiverConfig`). */
export type ReceiverKind = 'azure' | 'dockerhub' | 'generic' | 'github' | 'quay';

/** The fleet.yaml `artifacts` keys, in the order they are reported. */
export const ARTIFACT_KEYS = ['image', 'appChart', 'primordialChart'] as const;
export type ArtifactKey = (typeof ARTIFACT_KEYS)[number];

const DOCKER_HUB_HOSTS = new Set(['docker.io', 'index.docker.io', 'registry-1.docker.io']);

/**
 * The registry host of an artifact template: for `oci://…` the first path
 * segment; for an image reference the Docker rule (the first segment is a
 * host only when it holds a `.` or a `:` or is `localhost`; otherwise the
 * image lives on Docker Hub, `docker.io`). Lower case.
 */
export function registryHost(artifact: string): string {
  const oci = artifact.startsWith('oci://');
  const rest = oci ? artifact.slice('oci://'.length) : artifact;
  const first = rest.split('/')[0] ?? '';
  if (oci || (rest.includes('/') && (first.includes('.') || first.includes(':') || first === 'localhost'))) return first.replace(/:\d+$/, '').toLowerCase();
  return 'docker.io';
}

/** The receiver that hears pushes to `host`: a dedicated one where the host names its kind, else `generic`. */
export function receiverFor(host: string): ReceiverKind {
  if (host === 'ghcr.io') return 'github';
  if (DOCKER_HUB_HOSTS.has(host)) return 'dockerhub';
  if (host === 'quay.io') return 'quay';
  if (host.endsWith('.azurecr.io')) return 'azure';
  return 'generic';
}

/** One artifact template, its registry host and its receiver. */
export interface ArtifactRegistry {
  key: ArtifactKey;
  host: string;
  receiver: ReceiverKind;
}

/** Every artifact of fleet.yaml with its registry and receiver, in {@link ARTIFACT_KEYS} order. */
export function artifactRegistries(artifacts: Fleet['artifacts']): ArtifactRegistry[] {
  return ARTIFACT_KEYS.map((key) => {
    const host = registryHost(artifacts[key]);
    return { key, host, receiver: receiverFor(host) };
  });
}

/** The distinct receivers the artifacts need, sorted by kind. */
export function releaseReceivers(artifacts: Fleet['artifacts']): ReceiverKind[] {
  return [...new Set(artifactRegistries(artifacts).map((artifact) => artifact.receiver))].sort();
}

/** The name of a receiver in the ProjectConfig: its kind (one per kind per project). */
export function receiverName(kind: ReceiverKind): string {
  return kind;
}

/** The Secret (in the project namespace) a receiver reads its shared secret from: `kargo-webhook-<kind>`. Never written by diene. */
export function receiverSecretName(kind: ReceiverKind): string {
  return `kargo-webhook-${kind}`;
}
