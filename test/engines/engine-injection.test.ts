/**
 * Injection into what the engines evaluate (issue 14), proven against the
 * engines' own rules: each hostile fleet.yaml value is first put past the
 * compiler's checks (into the model of the clean reference fleet, then
 * emitted, which is exactly what the compiler wrote before the checks), to
 * show what ArgoCD or Kargo would do with it; then the same value in
 * fleet.yaml is refused with `input_engine_syntax` at its line and column,
 * and nothing is written.
 *
 * - ArgoCD: the ApplicationSets run through test/support/argocd-appset (Go's
 *   text/template with ArgoCD v3.5.1's own function map, read from the
 *   upstream utils.go), so the action is really executed.
 * - Kargo: Kargo evaluates every string of a step's config as a template of
 *   expr-lang expressions between `${{ }}` or `${% %}`, finding the end by a
 *   plain search (akuity/kargo v1.11 pkg/expressions/json_templates.go,
 *   `nextExpression`). `kargoExpressions` (test/support/engine-strings.ts) is that scan, line for line:
 *   it tells which text Kargo would hand to expr-lang, without running
 *   expr-lang (not packaged for this machine). What the expression could do
 *   is Kargo's business: promotion expressions can read the project's Secrets
 *   (`secret('name')`), so a branch that is an expression pushes to a branch
 *   named after a secret.
 */
import { describe, expect, it } from 'vitest';
import type { FleetModel } from '../../compiler/2-analyze/fleet-model.js';
import { emitOutputs } from '../../compiler/3-emit/emit-outputs.js';
import type { Diagnostic } from '../../compiler/diagnostics/diagnostic.js';
import { compileFleet } from '../../compiler/index.js';
import type { Fleet } from '../../compiler/types/generated/fleet.js';
import { argocdActions, foreignEngineSyntax, kargoExpressions, objectsUnder, OWN_KARGO_EXPRESSION, stringsIn } from '../support/engine-strings.js';
import { applicationSetsOf, argocdHarnessMissing, clusterSecretsOf, renderApplicationSets, rowFilesOf } from '../support/argocd-appset.js';
import { overlayTexts, readFleetTexts, TEST_NOW_SECONDS, toSourceFiles } from '../support/fleet-fixture.js';
import { skippedBecause, skipUnlessPresent } from '../support/required.js';

type Json = Record<string, any>;

const reference = readFleetTexts();
const FLEET_YAML = 'registry/fleet.yaml';

function cleanModel(): FleetModel {
  const result = compileFleet(toSourceFiles(reference), { nowSeconds: TEST_NOW_SECONDS });
  expect(result.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
  return result.model as FleetModel;
}

/** The outputs the compiler wrote before issue 14: the reference fleet with one settings value replaced, emitted with no check in between. */
function emitBypassingChecks(change: (settings: Fleet) => void): Map<string, string> {
  const model = cleanModel();
  const settings = structuredClone(model.settings);
  change(settings);
  return emitOutputs({ ...model, settings }, { serial: 0 });
}

/** The reference fleet with one line of fleet.yaml replaced, compiled: its error diagnostics, and whether it wrote anything. */
function compileWith(line: string, replacement: string): { errors: Diagnostic[]; outputs: Map<string, string> | undefined } {
  const text = reference.get(FLEET_YAML) as string;
  expect(text).toContain(line);
  const result = compileFleet(toSourceFiles(overlayTexts(reference, { [FLEET_YAML]: text.replace(line, replacement) })), { nowSeconds: TEST_NOW_SECONDS });
  return { errors: result.diagnostics.filter((d) => d.severity === 'error'), outputs: result.outputs };
}

const place = (d: Diagnostic): string => `${d.file}:${d.line}:${d.column} ${d.code}`;

/** The promotion steps of Stage `name` of `platform`. */
function stageSteps(outputs: Map<string, string>, platform: string, name: string): Json[] {
  const stage = objectsUnder(outputs, 'kargo/')
    .filter((o) => o['kind'] === 'Stage')
    .find((s) => s['metadata']['namespace'] === platform && s['metadata']['name'] === name);
  return stage?.['spec']['promotionTemplate']['spec']['steps'] as Json[];
}

describe('Kargo expressions in step configs', () => {
  it("the reference fleet: every expression Kargo finds in a step config is one of diene's freight lookups, on the service's own artifacts", () => {
    const model = cleanModel();
    const outputs = emitOutputs(model, { serial: 0 });
    const stages = objectsUnder(outputs, 'kargo/').filter((o) => o['kind'] === 'Stage');
    expect(stages.length).toBeGreaterThan(10);
    let count = 0;
    for (const stage of stages) {
      const service = stage['spec']['requestedFreight'][0]['origin']['name'] as string;
      const platform = stage['metadata']['namespace'] as string;
      const own = [
        `ghcr.io/atomicloud/${platform}.${service}`,
        `oci://ghcr.io/atomicloud/charts/${platform}.${service}`,
        `oci://ghcr.io/atomicloud/charts/${platform}.${service}-primordial`,
      ];
      for (const text of stringsIn(stage['spec']['promotionTemplate'])) {
        for (const expression of kargoExpressions(text)) {
          const match = OWN_KARGO_EXPRESSION.exec(expression);
          expect(match, `${stage['metadata']['name']}: ${expression}`).not.toBeNull();
          expect(own).toContain(match?.[3] ?? match?.[4]);
          count++;
        }
      }
    }
    expect(count).toBeGreaterThan(stages.length * 5);
    // The oracle the fuzzer uses (test/hostile/fuzz.test.ts) passes the reference fleet.
    expect(foreignEngineSyntax(outputs, argocdActions(outputs))).toBeUndefined();
  });

  it('a Kargo expression as git.branch would have run in the git-clone and git-push steps; the compiler now refuses it', () => {
    const payload = "main-${{secret('fleet-git').password}}";
    const outputs = emitBypassingChecks((settings) => {
      settings.git.branch = payload;
    });
    const steps = stageSteps(outputs, 'nitroso', 'tin-raichu');
    const clone = steps.find((s) => s['uses'] === 'git-clone') as Json;
    const push = steps.find((s) => s['uses'] === 'git-push') as Json;
    expect(kargoExpressions(clone['config']['checkout'][0]['branch'])).toEqual(["secret('fleet-git').password"]);
    expect(kargoExpressions(push['config']['targetBranch'])).toEqual(["secret('fleet-git').password"]);
    expect(foreignEngineSyntax(outputs, argocdActions(emitOutputs(cleanModel(), { serial: 0 })))).toBe(
      `an ApplicationSet string with a foreign template action: "${payload}"`,
    );

    const { errors, outputs: written } = compileWith('branch: main }', `branch: "${payload}" }`);
    expect(errors.map(place)).toEqual(['registry/fleet.yaml:33:66 input_engine_syntax']);
    expect(errors[0]?.message).toBe(`git.branch holds "\${{", which opens a Kargo expression: "${payload}"`);
    expect(written).toBeUndefined();
  });

  it('"}}" in an artifact would have cut the chartFrom(…) expression short; the compiler now refuses it', () => {
    const outputs = emitBypassingChecks((settings) => {
      settings.artifacts.appChart = 'oci://ghcr.io/atomicloud/charts/{platform}}}{service}';
    });
    const steps = stageSteps(outputs, 'nitroso', 'tin-raichu');
    const apps = steps.find((s) => s['as'] === 'apps') as Json;
    const desired = apps['config']['apps'][0]['sources'][0]['desiredRevision'] as string;
    expect(kargoExpressions(desired)).toEqual([" quote(chartFrom('oci://ghcr.io/atomicloud/charts/nitroso"]);
    expect(foreignEngineSyntax(outputs, argocdActions(emitOutputs(cleanModel(), { serial: 0 })))).toMatch(
      /^an ApplicationSet string with a foreign template action/,
    );

    const { errors, outputs: written } = compileWith(
      'appChart: oci://ghcr.io/atomicloud/charts/{platform}.{service}',
      'appChart: oci://ghcr.io/atomicloud/charts/{platform}}}{service}',
    );
    expect(errors.map(place)).toEqual(['registry/fleet.yaml:36:13 input_engine_syntax']);
    expect(errors[0]?.message).toContain('artifacts.appChart holds "}}", which closes an ArgoCD Go-template action and a Kargo expression');
    expect(written).toBeUndefined();
  });
});

const missing = argocdHarnessMissing();
const skip = skipUnlessPresent(missing);

describe.skipIf(skip)(`ArgoCD ApplicationSet templates, rendered as Argo CD v3.5.1 renders them${skippedBecause(missing)}`, () => {
  const payload = 'oci://ghcr.io/atomicloud/charts/{{.name|upper}}';

  it('a Go-template action in artifacts.appChart would have been executed by ArgoCD', () => {
    const model = cleanModel();
    const outputs = emitBypassingChecks((settings) => {
      settings.artifacts.appChart = payload;
    });
    const outcomes = renderApplicationSets(applicationSetsOf(outputs), rowFilesOf(reference), clusterSecretsOf(model));
    const tin = outcomes.find((o) => o.name === 'nitroso-tin');
    expect(tin?.error).toBeUndefined();
    const opal = tin?.applications.find((a) => a['metadata']['name'] === 'nitroso-tin-raichu-opal');
    // The chart is whatever the action computed from the cluster Secret ArgoCD matched: the input ran as code.
    expect(opal?.['spec']['source']).toMatchObject({ repoURL: 'ghcr.io/atomicloud/charts', chart: 'RAICHU-OPAL' });
    expect(foreignEngineSyntax(outputs, argocdActions(emitOutputs(model, { serial: 0 })))).toBe(
      'an ApplicationSet string with a foreign template action: "{{.name|upper}}"',
    );

    const clean = renderApplicationSets(applicationSetsOf(emitOutputs(model, { serial: 0 })), rowFilesOf(reference), clusterSecretsOf(model));
    const cleanOpal = clean.find((o) => o.name === 'nitroso-tin')?.applications.find((a) => a['metadata']['name'] === 'nitroso-tin-raichu-opal');
    expect(cleanOpal?.['spec']['source']).toMatchObject({ repoURL: 'ghcr.io/atomicloud/charts', chart: 'nitroso.tin' });
  });

  it('the compiler now refuses it, naming the line, the column and the engine, and writes nothing', () => {
    const { errors, outputs } = compileWith('appChart: oci://ghcr.io/atomicloud/charts/{platform}.{service}', `appChart: ${payload}`);
    expect(errors.map(place)).toEqual(['registry/fleet.yaml:36:13 input_engine_syntax']);
    expect(errors[0]?.message).toBe(`artifacts.appChart holds "{{", which opens an ArgoCD Go-template action: "${payload}"`);
    expect(errors[0]?.hint).toContain("is copied into ArgoCD's ApplicationSet template");
    expect(outputs).toBeUndefined();
  });
});
