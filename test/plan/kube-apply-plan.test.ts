/**
 * The apply plan of `diene apply kube` (compiler/plan/kube-apply-plan.ts):
 * what is applied, what is pruned, and the cases where nothing may be pruned.
 */
import { describe, expect, it } from 'vitest';
import { MANAGED_KIND_ORDER } from '../../compiler/adapters/kube/capabilities.js';
import { describeKey, planKubeApply, type KubeObject } from '../../compiler/plan/kube-apply-plan.js';

const labels = (platform: string) => ({ 'app.kubernetes.io/managed-by': 'diene', 'diene.atomi.cloud/platform': platform });
const stage = (name: string, platform = 'nitroso', extra: Record<string, string> = labels(platform)): KubeObject => ({
  apiVersion: 'kargo.akuity.io/v1alpha1',
  kind: 'Stage',
  metadata: { name, namespace: platform, labels: extra },
});
const warehouse = (name: string): KubeObject => ({
  apiVersion: 'kargo.akuity.io/v1alpha1',
  kind: 'Warehouse',
  metadata: { name, namespace: 'nitroso', labels: labels('nitroso') },
});
const project: KubeObject = { apiVersion: 'kargo.akuity.io/v1alpha1', kind: 'Project', metadata: { name: 'nitroso', labels: labels('nitroso') } };

describe('planKubeApply', () => {
  it('applies every rendered object in render order, marking which already exist', () => {
    const plan = planKubeApply('nitroso', [project, warehouse('tin'), stage('tin-pichu')], [stage('tin-pichu')], MANAGED_KIND_ORDER);
    expect(plan.apply.map((c) => [describeKey(c.key), c.exists])).toEqual([
      ['kargo.akuity.io/Project nitroso', false],
      ['kargo.akuity.io/Warehouse nitroso/tin', false],
      ['kargo.akuity.io/Stage nitroso/tin-pichu', true],
    ]);
    expect(plan.prune).toEqual([]);
  });

  it('prunes labelled objects missing from the render, Stages before Warehouses before the Project', () => {
    const live = [project, warehouse('zinc'), stage('zinc-pichu'), stage('tin-pichu'), { ...project, metadata: { ...project.metadata, name: 'old' } }];
    const plan = planKubeApply('nitroso', [stage('tin-pichu')], live, MANAGED_KIND_ORDER);
    expect(plan.prune.map((c) => describeKey(c.key))).toEqual([
      'kargo.akuity.io/Stage nitroso/zinc-pichu',
      'kargo.akuity.io/Warehouse nitroso/zinc',
      'kargo.akuity.io/Project nitroso',
      'kargo.akuity.io/Project old',
    ]);
  });

  it('never prunes an object without both labels for this platform, whatever the listing returned', () => {
    const live = [
      stage('a', 'aldehyde'),
      stage('b', 'nitroso', { 'diene.atomi.cloud/platform': 'nitroso' }),
      stage('c', 'nitroso', { 'app.kubernetes.io/managed-by': 'diene' }),
    ];
    expect(planKubeApply('nitroso', [project], live, MANAGED_KIND_ORDER).prune).toEqual([]);
  });

  it('deletes nothing when the render is empty, and says why', () => {
    const plan = planKubeApply('nitroso', [], [project, stage('tin-pichu')], MANAGED_KIND_ORDER);
    expect(plan.apply).toEqual([]);
    expect(plan.prune).toEqual([]);
    expect(plan.pruneWithheld).toBe('the render of nitroso is empty: 2 labelled object(s) kept; an empty render never deletes anything');
  });

  it('tells a namespaced object from a cluster-scoped one of the same name', () => {
    const namespaced = { ...project, kind: 'Stage', metadata: { ...project.metadata, namespace: 'nitroso' } };
    expect(planKubeApply('nitroso', [project], [namespaced], MANAGED_KIND_ORDER).prune.map((c) => describeKey(c.key))).toEqual([
      'kargo.akuity.io/Stage nitroso/nitroso',
    ]);
  });
});
