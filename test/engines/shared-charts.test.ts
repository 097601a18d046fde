/**
 * Shared charts ship (issue 36 point 3; the seed's hole 12, "a chart-only
 * Warehouse"): a platform's `sharedCharts` get a Warehouse subscribed to the
 * chart alone, Stages that write its row landscape by landscape with Kargo's
 * yaml-update, and an ApplicationSet that deploys it on every cluster of each
 * landscape at the row's version.
 *
 * Proven with the engines' own code, on a fleet of the test's own
 * (test/support/shared-chart-fleet.ts):
 * - the ApplicationSets render through test/support/argocd-appset (Argo CD
 *   v3.5.1 applicationset/utils/utils.go's function map; git files, cluster
 *   and matrix generators, the post-selector), each Application valid against
 *   the upstream Application CRD;
 * - the Kargo objects validate against the upstream CRDs and step configs
 *   (../shared/crds/kargo);
 * - each Stage's yaml-update runs through Kargo v1.11.2's SetValuesInBytes
 *   (pkg/yaml/yaml.go, test/support/kargo-yaml-update) on the shared row, and
 *   the row it writes compiles and renders at the promoted version, while the
 *   other landscapes stay where they were. The Freight expression and quote()
 *   are evaluated as akuity/kargo v1.11.2 pkg/expressions/json_templates.go
 *   does (promotedValue).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { parse, parseAllDocuments } from 'yaml';
import type { FleetModel } from '../../compiler/2-analyze/fleet-model.js';
import { compileFleet } from '../../compiler/index.js';
import { applicationSetsOf, argocdHarnessMissing, clusterSecretsOf, clusterServer, renderApplicationSets, rowFilesOf } from '../support/argocd-appset.js';
import { overlayTexts, TEST_NOW_SECONDS, toSourceFiles } from '../support/fleet-fixture.js';
import { makeFleetMonorepo, withGitPath } from '../support/fleet-monorepo.js';
import { kargoYamlUpdateMissing, promotedValue, yamlUpdate } from '../support/kargo-yaml-update.js';
import { skippedBecause, skipUnlessPresent } from '../support/required.js';
import { SHARED_CHART, SHARED_PINS, sharedChartFleetTexts } from '../support/shared-chart-fleet.js';
import { crdValidators, kargoRuntimeValidators, upstreamSkipReason } from '../support/upstream-schemas.js';

type Json = Record<string, any>;

const missing = argocdHarnessMissing() ?? kargoYamlUpdateMissing() ?? upstreamSkipReason();
const CHART_URL = `oci://ghcr.io/atomicloud/charts/${SHARED_CHART}`;

function compile(texts: Map<string, string>): { model: FleetModel; outputs: Map<string, string> } {
  const result = compileFleet(toSourceFiles(texts), { nowSeconds: TEST_NOW_SECONDS });
  expect(result.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
  return { model: result.model as FleetModel, outputs: result.outputs as Map<string, string> };
}

function objectsOf(text: string | undefined): Json[] {
  return parseAllDocuments(text ?? '').map((doc) => doc.toJS() as Json);
}

/** Every Application of the shared chart Argo CD renders from `texts`, by name. */
function sharedApplications(texts: Map<string, string>): Map<string, Json> {
  const { model, outputs } = compile(texts);
  const outcomes = renderApplicationSets(applicationSetsOf(outputs), rowFilesOf(texts), clusterSecretsOf(model));
  for (const outcome of outcomes) {
    expect(outcome.error, outcome.name).toBeUndefined();
    expect(outcome.appErrors, outcome.name).toBeUndefined();
  }
  const shared = outcomes.find((o) => o.name === `nitroso-shared-${SHARED_CHART}`);
  expect(shared, 'the shared chart has its ApplicationSet').toBeDefined();
  return new Map((shared?.applications ?? []).map((a) => [a['metadata']['name'] as string, a]));
}

/** `${{ quote(chartFrom('<url>').Version) }}` for Freight carrying `version` of the chart, as Kargo evaluates it; anything else is a broken step. */
function evaluate(template: string, version: string): string {
  const match = /^\$\{\{ quote\(chartFrom\('([^']+)'\)\.Version\) \}\}$/.exec(template);
  if (!match) throw new Error(`expression not understood: ${template}`);
  expect(match[1]).toBe(CHART_URL);
  return promotedValue(version);
}

describe.skipIf(skipUnlessPresent(missing))(`shared charts: a chart-only Warehouse, its Stages and its ApplicationSet${skippedBecause(missing)}`, () => {
  let texts: Map<string, string>;
  let compiled: { model: FleetModel; outputs: Map<string, string> };
  let kargo: Json[];
  // Compiling the upstream CRDs takes tens of seconds on a loaded machine: a hook's time, not a test's.
  let validators: ReturnType<typeof crdValidators>;
  beforeAll(() => {
    validators = crdValidators();
    texts = sharedChartFleetTexts();
    compiled = compile(texts);
    kargo = objectsOf(compiled.outputs.get('kargo/nitroso.yaml'));
  });

  it('Argo CD renders the chart on every built cluster of each pinned landscape, at the row version, into its own namespace and project', () => {
    const applications = sharedApplications(texts);
    const expected = new Map<string, { server: string; chart: string; landscape: string }>();
    for (const [landscape, chart] of Object.entries(SHARED_PINS)) {
      if (chart === '') continue;
      for (const cluster of compiled.model.clusters.filter((c) => c.landscape === landscape && c.built))
        expected.set(`nitroso-shared-${SHARED_CHART}-${landscape}-${cluster.mark}`, { server: clusterServer(landscape, cluster.mark), chart, landscape });
    }
    expect([...applications.keys()].sort()).toEqual([...expected.keys()].sort());
    // pichu-topaz, pikachu-jade, ampharos-pearl + ampharos-onyx; raichu's pin is empty.
    expect(applications.size).toBe(4);
    const validate = validators.get('argoproj.io/v1alpha1/Application');
    if (!validate) throw new Error('the Application CRD is missing from ../shared/crds/argocd');
    for (const [name, app] of applications) {
      const want = expected.get(name) as { server: string; chart: string; landscape: string };
      expect(validate(app), `${name}: ${JSON.stringify(validate.errors)}`).toBe(true);
      expect(name.length).toBeLessThanOrEqual(63);
      expect(app['spec']['project']).toBe('nitroso');
      expect(app['spec']['destination']).toEqual({ server: want.server, namespace: `nitroso-shared-${SHARED_CHART}` });
      expect(app['spec']['source']).toMatchObject({ repoURL: 'ghcr.io/atomicloud/charts', chart: SHARED_CHART, targetRevision: want.chart });
      expect(app['spec']['source']['helm']['valueFiles']).toEqual([`values.${want.landscape}.yaml`]);
      expect(app['spec']['source']['helm']['parameters'], 'a shared chart has no image').toBeUndefined();
      expect(app['metadata']['annotations']['kargo.akuity.io/authorized-stage']).toBe(`nitroso:shared-${SHARED_CHART}-${want.landscape}`);
    }
  });

  it('in a fleet kept in a folder of its repository (git.path fleets/prod), the ApplicationSet finds the shared rows there and each Stage updates its row there', () => {
    const inFolder = overlayTexts(texts, { 'registry/fleet.yaml': withGitPath(texts.get('registry/fleet.yaml') as string, 'fleets/prod') });
    const { model, outputs } = compile(inFolder);
    const repository = makeFleetMonorepo(inFolder, 'fleets/prod');
    try {
      const tracked = repository.trackedFiles();
      const outcomes = renderApplicationSets(applicationSetsOf(outputs), tracked, clusterSecretsOf(model));
      const shared = outcomes.find((o) => o.name === `nitroso-shared-${SHARED_CHART}`);
      expect(shared?.error).toBeUndefined();
      expect(shared?.applications.map((a) => a['metadata']['name'] as string).sort()).toEqual([...sharedApplications(texts).keys()].sort());
      const stages = objectsOf(outputs.get('kargo/nitroso.yaml')).filter(
        (o) => o['kind'] === 'Stage' && (o['metadata']['name'] as string).startsWith('shared-'),
      );
      expect(stages.length).toBe(Object.keys(SHARED_PINS).length);
      for (const stage of stages) {
        const update = (stage['spec']['promotionTemplate']['spec']['steps'] as Json[]).find((step) => step['uses'] === 'yaml-update');
        const file = (update?.['config']['path'] as string).replace(/^\.\/fleet\//, '');
        expect(tracked.has(file), `${stage['metadata']['name']}: ${file}`).toBe(true);
        expect(file.startsWith('fleets/prod/platforms/nitroso/_shared/')).toBe(true);
      }
    } finally {
      repository.cleanup();
    }
  });

  it("the shared rows feed no service: the services' Applications, books, routes and DNS are the reference fleet's", () => {
    const reference = compile(
      overlayTexts(sharedChartFleetTexts(), Object.fromEntries([...texts.keys()].filter((f) => f.includes('/_shared/')).map((f) => [f, null]))),
    );
    for (const [file, text] of reference.outputs) {
      if (file.startsWith('argocd/nitroso') || file.startsWith('kargo/nitroso')) continue;
      expect(compiled.outputs.get(file), file).toBe(text);
    }
    expect(compiled.model.platforms.find((p) => p.name === 'nitroso')?.services.map((s) => s.name)).toEqual(['tin', 'zinc']);
  });

  it('the Warehouse subscribes to the chart alone; the Stages follow stages: and are valid against the upstream CRDs and step configs', () => {
    const { steps, subscriptions } = kargoRuntimeValidators();
    const warehouse = kargo.find((o) => o['kind'] === 'Warehouse' && o['metadata']['name'] === `shared-${SHARED_CHART}`) as Json;
    expect(warehouse['spec']['subscriptions']).toEqual([{ chart: { repoURL: CHART_URL, discoveryLimit: 20 } }]);
    expect(warehouse['spec']['freightCreationCriteria']).toBeUndefined();
    expect(validators.get('kargo.akuity.io/v1alpha1/Warehouse')?.(warehouse)).toBe(true);
    expect(subscriptions.get('chart')?.(warehouse['spec']['subscriptions'][0]['chart'])).toBe(true);

    const stages = kargo.filter((o) => o['kind'] === 'Stage' && (o['metadata']['name'] as string).startsWith('shared-'));
    expect(stages.map((s) => s['metadata']['name'])).toEqual(['pichu', 'pikachu', 'raichu', 'ampharos'].map((l) => `shared-${SHARED_CHART}-${l}`));
    const sources = stages.map((s) => s['spec']['requestedFreight'][0]);
    expect(sources.map((r) => r['origin'])).toEqual(stages.map(() => ({ kind: 'Warehouse', name: `shared-${SHARED_CHART}` })));
    expect(sources.map((r) => r['sources'])).toEqual([
      { direct: true },
      { stages: [`shared-${SHARED_CHART}-pichu`] },
      { stages: [`shared-${SHARED_CHART}-pikachu`] },
      { stages: [`shared-${SHARED_CHART}-pikachu`] },
    ]);
    const validateStage = validators.get('kargo.akuity.io/v1alpha1/Stage');
    for (const stage of stages) {
      expect(validateStage?.(stage), JSON.stringify(validateStage?.errors)).toBe(true);
      for (const step of stage['spec']['promotionTemplate']['spec']['steps'] as Json[]) {
        const validate = steps.get(step['uses']);
        expect(validate?.(step['config']), `${stage['metadata']['name']} ${step['uses']}: ${JSON.stringify(validate?.errors)}`).toBe(true);
      }
    }
    const projectConfig = kargo.find((o) => o['kind'] === 'ProjectConfig') as Json;
    expect(validators.get('kargo.akuity.io/v1alpha1/ProjectConfig')?.(projectConfig)).toBe(true);
    const policies = (projectConfig['spec']['promotionPolicies'] as Json[]).map((p) => p['stageSelector']['name']);
    for (const stage of stages) expect(policies).toContain(stage['metadata']['name']);
  });

  it("each Stage's yaml-update (Kargo's SetValuesInBytes) writes its own landscape's row; Argo CD then renders that landscape, and only it, at the new version", () => {
    const before = sharedApplications(texts);
    for (const landscape of ['pichu', 'raichu', 'ampharos']) {
      const stage = kargo.find((o) => o['kind'] === 'Stage' && o['metadata']['name'] === `shared-${SHARED_CHART}-${landscape}`) as Json;
      const stepList = stage['spec']['promotionTemplate']['spec']['steps'] as Json[];
      expect(stepList.map((s) => s['uses'])).toEqual(['git-clone', 'yaml-update', 'git-commit', 'git-push', 'argocd-update']);
      const update = (stepList.find((s) => s['uses'] === 'yaml-update') as Json)['config'];
      const file = (update['path'] as string).replace(/^\.\/fleet\//, '');
      expect(file).toBe(`platforms/nitroso/_shared/${SHARED_CHART}/${landscape}.yaml`);
      const version = '1.10.0';
      const result = yamlUpdate(
        texts.get(file) as string,
        (update['updates'] as Json[]).map((u) => ({ key: u['key'], value: evaluate(u['value'], version) })),
      );
      if ('error' in result) throw new Error(result.error);
      expect(parse(result.output)).toEqual({ pin: { chart: version } });
      const promoted = overlayTexts(texts, { [file]: result.output });
      const after = sharedApplications(promoted);
      // argocd-update names exactly the landscape's Applications and waits for the promoted version on each.
      const apps = (stepList.find((s) => s['uses'] === 'argocd-update') as Json)['config']['apps'] as Json[];
      const names = apps.map((a) => a['name'] as string);
      expect(names.length).toBeGreaterThan(0);
      for (const app of apps) {
        const rendered = after.get(app['name']) as Json;
        expect(rendered, app['name']).toBeDefined();
        const desired = (app['sources'] as Json[])[0] as Json;
        expect({ repoURL: desired['repoURL'], chart: desired['chart'] }).toEqual({
          repoURL: rendered['spec']['source']['repoURL'],
          chart: rendered['spec']['source']['chart'],
        });
        expect(rendered['spec']['source']['targetRevision']).toBe(evaluate(desired['desiredRevision'], version));
      }
      for (const [name, app] of after) {
        if (names.includes(name)) continue;
        expect(app['spec']['source']['targetRevision'], name).toBe(before.get(name)?.['spec']['source']['targetRevision']);
      }
    }
  });
});
