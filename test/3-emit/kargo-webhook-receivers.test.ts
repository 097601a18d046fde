// Issue 13 item 5: every ProjectConfig carries the webhook receivers that
// hear a release the moment it is pushed, chosen from the registry host of
// fleet.yaml `artifacts` (Kargo v1.11.2 pkg/webhook/external/); a registry
// without a receiver of its own gets the generic one (issue 36 point 9; its
// selection is run in test/engines/kargo-generic-receiver.test.ts).

import { describe, expect, it } from 'vitest';
import { parseAllDocuments } from 'yaml';
import { registryHost, receiverFor, releaseReceivers } from '../../compiler/2-analyze/release-webhooks.js';
import { compileFleet } from '../../compiler/index.js';
import { overlayTexts, readFleetTexts, TEST_NOW_SECONDS, toSourceFiles } from '../support/fleet-fixture.js';

const reference = readFleetTexts();

function compileWithArtifacts(artifacts?: { image: string; appChart: string; primordialChart: string }) {
  let overlay: Record<string, string> = {};
  if (artifacts) {
    const text = reference.get('registry/fleet.yaml') as string;
    const edited = text.replace(
      /^artifacts:[\s\S]*$/m,
      `artifacts:\n  image: ${artifacts.image}\n  appChart: ${artifacts.appChart}\n  primordialChart: ${artifacts.primordialChart}\n`,
    );
    expect(edited).not.toBe(text);
    overlay = { 'registry/fleet.yaml': edited };
  }
  const result = compileFleet(toSourceFiles(overlayTexts(reference, overlay)), { nowSeconds: TEST_NOW_SECONDS });
  expect(result.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
  return result as typeof result & { outputs: Map<string, string> };
}

function projectConfig(outputs: Map<string, string>, platform: string): { spec: Record<string, unknown> } {
  const docs = parseAllDocuments(outputs.get(`kargo/${platform}.yaml`) as string).map((d) => d.toJS() as { kind: string; spec: Record<string, unknown> });
  return docs.find((d) => d.kind === 'ProjectConfig') as { spec: Record<string, unknown> };
}

describe('registry hosts and their receivers', () => {
  it.each([
    ['ghcr.io/atomicloud/{platform}.{service}', 'ghcr.io', 'github'],
    ['oci://ghcr.io/atomicloud/charts/{platform}.{service}', 'ghcr.io', 'github'],
    ['GHCR.io/AtomiCloud/x', 'ghcr.io', 'github'],
    ['atomicloud/{platform}.{service}', 'docker.io', 'dockerhub'],
    ['nginx', 'docker.io', 'dockerhub'],
    ['docker.io/atomicloud/x', 'docker.io', 'dockerhub'],
    ['oci://registry-1.docker.io/atomicloud/x', 'registry-1.docker.io', 'dockerhub'],
    ['quay.io/atomicloud/x', 'quay.io', 'quay'],
    ['atomi.azurecr.io/x', 'atomi.azurecr.io', 'azure'],
    ['oci://atomi.azurecr.io/charts/x', 'atomi.azurecr.io', 'azure'],
    ['harbor.atomi.cloud:8443/atomicloud/x', 'harbor.atomi.cloud', 'generic'],
    ['localhost/x', 'localhost', 'generic'],
    ['registry.gitlab.com/atomi/x', 'registry.gitlab.com', 'generic'],
    ['azurecr.io.evil.test/x', 'azurecr.io.evil.test', 'generic'],
  ])('%s is on %s, heard by %s', (artifact, host, receiver) => {
    expect(registryHost(artifact)).toBe(host);
    expect(receiverFor(host)).toBe(receiver);
  });

  it('one receiver per kind, sorted, whatever the number of artifacts on it', () => {
    expect(releaseReceivers({ image: 'quay.io/a/b', appChart: 'oci://ghcr.io/a/c', primordialChart: 'oci://ghcr.io/a/d' })).toEqual(['github', 'quay']);
    expect(releaseReceivers({ image: 'h.example/a/b', appChart: 'oci://h.example/a/c', primordialChart: 'oci://h.example/a/d' })).toEqual(['generic']);
  });
});

describe('the ProjectConfig of every platform', () => {
  it('the reference fleet (all on ghcr.io): one github receiver, its Secret kargo-webhook-github', () => {
    const { outputs, diagnostics } = compileWithArtifacts();
    expect(diagnostics.filter((d) => d.file === 'registry/fleet.yaml')).toEqual([]);
    for (const platform of ['aldehyde', 'mercury', 'nitroso'])
      expect(projectConfig(outputs, platform).spec['webhookReceivers']).toEqual([{ name: 'github', github: { secretRef: { name: 'kargo-webhook-github' } } }]);
  });

  it('images on Docker Hub and charts on Quay: both receivers', () => {
    const { outputs } = compileWithArtifacts({
      image: 'atomicloud/{platform}.{service}',
      appChart: 'oci://quay.io/atomicloud/{platform}.{service}',
      primordialChart: 'oci://quay.io/atomicloud/{platform}.{service}-primordial',
    });
    expect(projectConfig(outputs, 'nitroso').spec['webhookReceivers']).toEqual([
      { name: 'dockerhub', dockerhub: { secretRef: { name: 'kargo-webhook-dockerhub' } } },
      { name: 'quay', quay: { secretRef: { name: 'kargo-webhook-quay' } } },
    ]);
  });

  it('everything on a self-hosted registry: the generic receiver alone, and no warning', () => {
    const { outputs, diagnostics } = compileWithArtifacts({
      image: 'harbor.atomi.cloud/a/{platform}.{service}',
      appChart: 'oci://harbor.atomi.cloud/charts/{platform}.{service}',
      primordialChart: 'oci://harbor.atomi.cloud/charts/{platform}.{service}-primordial',
    });
    expect(projectConfig(outputs, 'nitroso').spec['webhookReceivers']).toEqual([
      {
        name: 'generic',
        generic: {
          secretRef: { name: 'kargo-webhook-generic' },
          actions: [
            {
              action: 'Refresh',
              targetSelectionCriteria: [{ kind: 'Warehouse', labelSelector: { matchLabels: { 'diene.atomi.cloud/platform': 'nitroso' } } }],
            },
          ],
        },
      },
    ]);
    expect(diagnostics.filter((d) => d.severity === 'warning' && d.file === 'registry/fleet.yaml')).toEqual([]);
  });
});
