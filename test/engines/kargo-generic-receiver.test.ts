/**
 * Issue 36 point 9: a registry without a Kargo receiver of its own (Harbor,
 * GitLab, Artifactory or any self-hosted registry, whose kind cannot be told
 * from its host name) is heard by Kargo v1.11's `generic` receiver, so its
 * pushes refresh the platform's Warehouses at once instead of at their next
 * 5-minute poll (SPEC §3.2: "One Warehouse per service, subscribed to the
 * image, the app chart and the primordial chart").
 *
 * The receiver is checked against the ProjectConfig CRD, then run through
 * Kargo's own selection as mirrored here from akuity/kargo v1.11.2:
 * - pkg/webhook/external/generic.go (getSecretValues: the Secret's `secret` key),
 * - pkg/webhook/external/generic_actions.go (handleAction: an empty
 *   whenExpression always matches; `Refresh` is the only action),
 * - pkg/webhook/external/list.go (listUniqueObjects, buildListOptionsForTarget:
 *   objects of the target kind in the receiver's project namespace only,
 *   narrowed by the label selector, whose values are expr templates evaluated
 *   to strings; a selector must name at least one criterion, CRD
 *   GenericWebhookTargetSelectionCriteria), then sorted by namespace and name
 *   and deduplicated.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { parseAllDocuments } from 'yaml';
import { compileFleet } from '../../compiler/index.js';
import { overlayTexts, readFleetTexts, TEST_NOW_SECONDS, toSourceFiles } from '../support/fleet-fixture.js';
import { crdValidators, upstreamSkipReason } from '../support/upstream-schemas.js';
import { skippedBecause, skipUnlessPresent } from '../support/required.js';

type Json = Record<string, any>;

const reference = readFleetTexts();
const missing = upstreamSkipReason();

function compileWith(artifacts: { image: string; appChart: string; primordialChart: string }) {
  const text = reference.get('registry/fleet.yaml') as string;
  const edited = text.replace(
    /^artifacts:[\s\S]*$/m,
    `artifacts:\n  image: ${artifacts.image}\n  appChart: ${artifacts.appChart}\n  primordialChart: ${artifacts.primordialChart}\n`,
  );
  expect(edited).not.toBe(text);
  const result = compileFleet(toSourceFiles(overlayTexts(reference, { 'registry/fleet.yaml': edited })), { nowSeconds: TEST_NOW_SECONDS });
  expect(result.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
  return result as typeof result & { outputs: Map<string, string> };
}

function kargoObjects(outputs: Map<string, string>): Json[] {
  return [...outputs].filter(([file]) => file.startsWith('kargo/')).flatMap(([, text]) => parseAllDocuments(text).map((d) => d.toJS() as Json));
}

/** Label selector semantics of metav1.LabelSelectorAsSelector for matchLabels and In/NotIn/Exists/DoesNotExist. */
function labelsMatch(selector: Json, labels: Record<string, string>): boolean {
  for (const [key, value] of Object.entries((selector['matchLabels'] ?? {}) as Record<string, string>)) if (labels[key] !== value) return false;
  for (const req of (selector['matchExpressions'] ?? []) as Json[]) {
    const has = Object.hasOwn(labels, req['key']);
    const values = (req['values'] ?? []) as string[];
    if (req['operator'] === 'In' && !(has && values.includes(labels[req['key']] as string))) return false;
    if (req['operator'] === 'NotIn' && has && values.includes(labels[req['key']] as string)) return false;
    if (req['operator'] === 'Exists' && !has) return false;
    if (req['operator'] === 'DoesNotExist' && has) return false;
  }
  return true;
}

/**
 * What a POST to the generic receiver of `project` refreshes (list.go listUniqueObjects): each action whose
 * whenExpression is empty, every target criterion's objects of its kind in the project namespace, then sorted and deduplicated.
 * Label values here are plain strings, which Kargo's EvaluateTemplate returns unchanged.
 */
function refreshedBy(receiver: Json, project: string, objects: Json[]): string[] {
  const refreshed: string[] = [];
  for (const action of receiver['actions'] as Json[]) {
    expect(action['action']).toBe('Refresh');
    expect(action['whenExpression'] ?? '').toBe('');
    for (const criteria of action['targetSelectionCriteria'] as Json[]) {
      expect(criteria['labelSelector'] ?? criteria['indexSelector'] ?? criteria['name']).toBeDefined();
      for (const object of objects) {
        if (object['kind'] !== criteria['kind'] || object['metadata']['namespace'] !== project) continue;
        if (criteria['name'] !== undefined && object['metadata']['name'] !== criteria['name']) continue;
        if (criteria['labelSelector'] !== undefined && !labelsMatch(criteria['labelSelector'], object['metadata']['labels'] ?? {})) continue;
        refreshed.push(`${object['metadata']['namespace']}/${object['metadata']['name']}`);
      }
    }
  }
  return [...new Set(refreshed)].sort();
}

describe.skipIf(skipUnlessPresent(missing))(`the generic receiver for a self-hosted registry ${skippedBecause(missing)}`, () => {
  // Compiling the upstream CRDs takes tens of seconds on a loaded machine: a hook's time, not a test's.
  let validate: ReturnType<typeof crdValidators> extends Map<string, infer V> ? V | undefined : never;
  beforeAll(() => {
    validate = crdValidators().get('kargo.akuity.io/v1alpha1/ProjectConfig');
  });

  it('everything on Harbor: each ProjectConfig has a generic receiver that refreshes exactly its own Warehouses, and no warning', () => {
    const { outputs, diagnostics } = compileWith({
      image: 'harbor.atomi.cloud/atomicloud/{platform}.{service}',
      appChart: 'oci://harbor.atomi.cloud/charts/{platform}.{service}',
      primordialChart: 'oci://harbor.atomi.cloud/charts/{platform}.{service}-primordial',
    });
    expect(diagnostics.filter((d) => d.file === 'registry/fleet.yaml')).toEqual([]);
    const objects = kargoObjects(outputs);
    expect(validate).toBeDefined();
    const warehouses = objects.filter((o) => o['kind'] === 'Warehouse');
    for (const config of objects.filter((o) => o['kind'] === 'ProjectConfig')) {
      expect(validate?.(config), JSON.stringify(validate?.errors)).toBe(true);
      const project = config['metadata']['name'] as string;
      const receivers = config['spec']['webhookReceivers'] as Json[];
      expect(receivers.map((r) => r['name'])).toEqual(['generic']);
      const generic = receivers[0]?.['generic'] as Json;
      expect(generic['secretRef']).toEqual({ name: 'kargo-webhook-generic' });
      const own = warehouses.filter((w) => w['metadata']['namespace'] === project).map((w) => `${project}/${w['metadata']['name']}`);
      expect(own.length).toBeGreaterThan(0);
      expect(refreshedBy(generic, project, objects)).toEqual(own.sort());
    }
  });

  it('images on Harbor, charts on GHCR: the github receiver and the generic one side by side', () => {
    const { outputs } = compileWith({
      image: 'harbor.atomi.cloud/atomicloud/{platform}.{service}',
      appChart: 'oci://ghcr.io/atomicloud/charts/{platform}.{service}',
      primordialChart: 'oci://ghcr.io/atomicloud/charts/{platform}.{service}-primordial',
    });
    const config = kargoObjects(outputs).find((o) => o['kind'] === 'ProjectConfig' && o['metadata']['name'] === 'nitroso') as Json;
    expect((config['spec']['webhookReceivers'] as Json[]).map((r) => r['name'])).toEqual(['generic', 'github']);
  });
});
