/**
 * Every emitted ArgoCD and Kargo object of the reference fleet validates
 * against the real upstream CRDs with unknown fields refused, every promotion
 * step's config against Kargo's closed step-config schemas, and every
 * Warehouse subscription against Kargo's subscription schemas (which the CRD
 * leaves open and Kargo checks only in its webhook or at run time).
 */
import { describe, expect, it } from 'vitest';
import { parseAllDocuments } from 'yaml';
import { compileFleet } from '../../compiler/index.js';
import { readFleetTexts, TEST_NOW_SECONDS, toSourceFiles } from '../support/fleet-fixture.js';
import { crdValidators, kargoRuntimeValidators, upstreamSkipReason } from '../support/upstream-schemas.js';
import { skippedBecause, skipUnlessPresent } from '../support/required.js';

const skipReason = upstreamSkipReason();

interface KubeObject {
  apiVersion: string;
  kind: string;
  metadata: { name: string };
  spec?: Record<string, unknown>;
}

function emittedObjects(): { file: string; object: KubeObject }[] {
  const result = compileFleet(toSourceFiles(readFleetTexts()), { nowSeconds: TEST_NOW_SECONDS });
  if (!result.outputs) throw new Error('the reference fleet must compile');
  return [...result.outputs]
    .filter(([file]) => file.startsWith('argocd/') || file.startsWith('kargo/'))
    .flatMap(([file, text]) => parseAllDocuments(text).map((doc) => ({ file, object: doc.toJS() as KubeObject })));
}

describe.skipIf(skipUnlessPresent(skipReason))(`upstream schemas${skippedBecause(skipReason)}`, () => {
  const objects = emittedObjects();

  it('emits AppProjects, ApplicationSets and every Kargo kind', () => {
    const kinds = new Set(objects.map((o) => o.object.kind));
    expect([...kinds].sort()).toEqual(['AppProject', 'ApplicationSet', 'Project', 'ProjectConfig', 'Stage', 'Warehouse']);
  });

  it('validates every object against its CRD with unknown fields refused', () => {
    const validators = crdValidators();
    const failures: string[] = [];
    for (const { file, object } of objects) {
      const [group, version] = object.apiVersion.split('/');
      const validate = validators.get(`${group}/${version}/${object.kind}`);
      if (!validate) {
        failures.push(`${file}: no CRD for ${object.apiVersion} ${object.kind}`);
        continue;
      }
      const label = `${file} ${object.kind}/${object.metadata.name}`;
      if (!validate(object)) failures.push(`${label}: ${JSON.stringify(validate.errors)}`);
    }
    expect(failures).toEqual([]);
  });

  it('refuses a field the CRD does not know (the check itself can fail)', () => {
    const validators = crdValidators();
    const appSet = objects.find((o) => o.object.kind === 'ApplicationSet')?.object as KubeObject;
    const polluted = structuredClone(appSet) as KubeObject & { spec: { template: { spec: { syncPolicy: Record<string, unknown> } } } };
    polluted.spec.template.spec.syncPolicy['preserveResourcesOnDeletion'] = true;
    expect(validators.get('argoproj.io/v1alpha1/ApplicationSet')?.(polluted)).toBe(false);
  });

  it("validates every promotion step's config against Kargo's closed step schema", () => {
    const { steps } = kargoRuntimeValidators();
    const failures: string[] = [];
    let checked = 0;
    for (const { object } of objects.filter((o) => o.object.kind === 'Stage')) {
      const template = (object.spec as { promotionTemplate: { spec: { steps: { uses: string; config: unknown }[] } } }).promotionTemplate.spec;
      for (const step of template.steps) {
        const validate = steps.get(step.uses);
        if (!validate) failures.push(`${object.metadata.name}: no schema for step ${step.uses}`);
        else if (!validate(step.config)) failures.push(`${object.metadata.name} ${step.uses}: ${JSON.stringify(validate.errors)}`);
        checked++;
      }
    }
    expect(failures).toEqual([]);
    expect(checked).toBeGreaterThan(0);
  });

  it('validates the webhook receivers of every ProjectConfig (issue 13 item 5), and refuses a misspelt receiver field', () => {
    const validate = crdValidators().get('kargo.akuity.io/v1alpha1/ProjectConfig');
    const configs = objects.filter((o) => o.object.kind === 'ProjectConfig').map((o) => o.object);
    expect(configs.length).toBe(3);
    for (const config of configs) {
      expect((config.spec as { webhookReceivers: unknown[] }).webhookReceivers).toEqual([
        { name: 'github', github: { secretRef: { name: 'kargo-webhook-github' } } },
      ]);
      expect(validate?.(config), JSON.stringify(validate?.errors)).toBe(true);
    }
    const polluted = structuredClone(configs[0]) as KubeObject & { spec: { webhookReceivers: Record<string, unknown>[] } };
    polluted.spec.webhookReceivers[0] = { name: 'github', github: { secretName: 'kargo-webhook-github' } };
    expect(validate?.(polluted)).toBe(false);
    polluted.spec.webhookReceivers[0] = { name: 'GitHub', github: { secretRef: { name: 'kargo-webhook-github' } } };
    expect(validate?.(polluted)).toBe(false);
  });

  it('refuses git-push with `branch` instead of `targetBranch` (the check itself can fail)', () => {
    const { steps } = kargoRuntimeValidators();
    expect(steps.get('git-push')?.({ path: './fleet', branch: 'main' })).toBe(false);
    expect(steps.get('git-push')?.({ path: './fleet', targetBranch: 'main' })).toBe(true);
  });

  it("validates every Warehouse subscription against Kargo's subscription schemas", () => {
    const { subscriptions } = kargoRuntimeValidators();
    const failures: string[] = [];
    for (const { object } of objects.filter((o) => o.object.kind === 'Warehouse')) {
      for (const subscription of (object.spec as { subscriptions: Record<string, unknown>[] }).subscriptions) {
        const [type, config] = Object.entries(subscription)[0] as [string, unknown];
        const validate = subscriptions.get(type);
        if (!validate) failures.push(`${object.metadata.name}: no schema for ${type}`);
        else if (!validate(config)) failures.push(`${object.metadata.name} ${type}: ${JSON.stringify(validate.errors)}`);
      }
    }
    expect(failures).toEqual([]);
  });
});
