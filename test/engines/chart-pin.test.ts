/**
 * What a chart pin does in each engine, and what the compiler says of it:
 * no finding when Kargo discovers it; the warning row_version_not_semver when
 * it still deploys (Argo CD and Helm resolve it to a tag a chart can carry)
 * but no Freight ever carries it; the error row_chart_version_unresolvable
 * when it cannot deploy at all. The engines' answers come from their own
 * rules run on the real Masterminds/semver (test/support/chart-pin/main.go
 * mirrors Kargo v1.11.2 pkg/helm/chart/oci_selector.go, Argo CD v3.5.1
 * util/versions/tags.go MaxVersion and Helm v4.1.4 pkg/registry/tag.go
 * GetTagMatchingVersionOrConstraint), and what `helm package` itself accepts
 * as a chart version from the real Helm (test/support/helm.ts).
 *
 * The published tags: a chart repository of the tests' own (versions 0.9.0,
 * 1.2.0, 1.4.2, 1.10.0, as `helm push` tags them), plus the pin itself when
 * Helm accepts it as a chart's version: a team may have published the chart
 * under that very spelling.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { kargoRowFindings } from '../../compiler/1-load/kargo-row-shape.js';
import { parseYaml } from '../../compiler/1-load/parse-yaml.js';
import { sourceFile } from '../../compiler/1-load/source-file.js';
import { chartPinAnswers, chartPinMissing, type ChartPinAnswer } from '../support/chart-pin.js';
import { REPO_ROOT } from '../support/fleet-fixture.js';
import { loadHelm } from '../support/helm.js';
import { skippedBecause, skipUnlessPresent } from '../support/required.js';

const missing = chartPinMissing();
const helm = await loadHelm();
const helmMissing = typeof helm === 'string' ? helm : undefined;
afterAll(() => {
  if (typeof helm !== 'string') helm.cleanup();
});

const PUBLISHED = ['0.9.0', '1.2.0', '1.4.2', '1.10.0'];

/** The pattern schemas/row.schema.json gives pin.chart: what reaches the compiler's rule. */
const ROW_SCHEMA = JSON.parse(readFileSync(path.join(REPO_ROOT, 'schemas', 'row.schema.json'), 'utf8')) as {
  definitions: { pin: { properties: { chart: { pattern: string } } } };
};
const CHART_PATTERN = new RegExp(ROW_SCHEMA.definitions.pin.properties.chart.pattern);

/** Pins as people write them: strict, two-part, v-prefixed, typos, moving words, ranges. */
const PINS = [
  '1.4.2',
  '1.10.0-rc.1',
  '1.2.0+build.7',
  'v1.2',
  '1.2',
  'v1.4.2',
  '1',
  '01.4.2',
  '1.4.2.',
  '1.4.2.7',
  'V1.4.2',
  'latest',
  'stable',
  '.1.4',
  '1..4',
  '1.4.2_1',
  'release-1.4.2',
  '^1.2',
  '~1.4',
  '>=1.0.0 <2.0.0',
  '1.x',
  '1.4.X',
  'next',
  '*',
  '1.2 || 1.4',
];

type Verdict = 'none' | 'row_version_not_semver' | 'row_chart_version_unresolvable';

/** The compiler's finding on pin.chart of a row pinning `pin` (the image pinned strictly). */
function compilerVerdict(pin: string): Verdict {
  const { parsed } = parseYaml(sourceFile('platforms/larkspur/cart/eu.yaml', `pin:\n  chart: ${JSON.stringify(pin)}\n  image: "1.4.2"\n`));
  const found = kargoRowFindings(parsed!).filter((d) => d.pointer === '/pin/chart');
  expect(found.length).toBeLessThanOrEqual(1);
  return (found[0]?.code as Verdict | undefined) ?? 'none';
}

function tagsFor(pin: string, answer: Pick<ChartPinAnswer, 'helmChartVersion'>): string[] {
  return answer.helmChartVersion ? [...new Set([...PUBLISHED, pin.replace(/\+/g, '_')])] : PUBLISHED;
}

describe.skipIf(skipUnlessPresent(missing))(`a chart pin in Kargo, Argo CD and Helm${skippedBecause(missing)}`, () => {
  it('the compiler errs exactly where the row cannot deploy, warns where it deploys undiscovered, is silent where Kargo discovers it', () => {
    // First what Helm takes as a chart version (it decides which tags can exist), then the engines on those tags.
    const first = chartPinAnswers(PINS.map((pin) => ({ pin, tags: [] })));
    const answers = chartPinAnswers(PINS.map((pin, i) => ({ pin, tags: tagsFor(pin, first[i] as ChartPinAnswer) })));
    const table = PINS.map((pin, i) => {
      const a = answers[i] as ChartPinAnswer;
      const deploys = a.argocdOK && a.helmOK;
      const engines: Verdict = a.kargoDiscovers ? 'none' : deploys ? 'row_version_not_semver' : 'row_chart_version_unresolvable';
      return { pin, engines, compiler: compilerVerdict(pin), allowed: CHART_PATTERN.test(pin) };
    });
    // Every pin the row schema lets through is judged exactly as the engines judge it.
    for (const row of table.filter((r) => r.allowed)) expect(row.compiler, row.pin).toBe(row.engines);
    // The schema refuses the rest before this rule: a leading dot, and the ranges other than wildcards (a space, ^, ~, <, >, *, |).
    expect(table.filter((r) => !r.allowed).map((r) => [r.pin, r.engines])).toEqual([
      ['.1.4', 'row_chart_version_unresolvable'],
      ...['^1.2', '~1.4', '>=1.0.0 <2.0.0', '*', '1.2 || 1.4'].map((pin) => [pin, 'row_version_not_semver']),
    ]);
    // The spellings of the issue, by name.
    const of = (pin: string) => table.find((r) => r.pin === pin);
    expect(of('v1.2')).toMatchObject({ engines: 'row_version_not_semver', compiler: 'row_version_not_semver' });
    expect(of('1.4.2.')).toMatchObject({ engines: 'row_chart_version_unresolvable', compiler: 'row_chart_version_unresolvable' });
    expect(of('latest')).toMatchObject({ engines: 'row_chart_version_unresolvable', compiler: 'row_chart_version_unresolvable' });
    // A wildcard range deploys (the highest matching tag) and stays a warning.
    expect(of('1.x')).toMatchObject({ engines: 'row_version_not_semver', compiler: 'row_version_not_semver' });
    expect(answers[PINS.indexOf('1.x')]?.argocd).toBe('1.10.0');
  });

  it('an image pin stays a warning whatever its spelling: an image tag is any string a registry takes', () => {
    for (const image of ['1.4.2.', 'latest', 'V1.4.2', 'v1.2']) {
      const { parsed } = parseYaml(sourceFile('platforms/larkspur/cart/eu.yaml', `pin:\n  chart: "1.4.2"\n  image: ${JSON.stringify(image)}\n`));
      expect(
        kargoRowFindings(parsed!).map((d) => [d.code, d.severity]),
        image,
      ).toEqual([['row_version_not_semver', 'warning']]);
    }
  });

  it.skipIf(skipUnlessPresent(helmMissing))(
    `the real Helm packages a chart whose version is spelt as a pin exactly when the program says${skippedBecause(helmMissing)}`,
    () => {
      if (typeof helm === 'string') return;
      const dir = mkdtempSync(path.join(tmpdir(), 'diene-chart-pin-'));
      try {
        const chart = path.join(dir, 'cart');
        mkdirSync(path.join(chart, 'templates'), { recursive: true });
        writeFileSync(path.join(chart, 'Chart.yaml'), 'apiVersion: v2\nname: cart\nversion: 0.1.0\n');
        const sample = ['1.4.2', 'v1.2', '1.2', '1.4.2.', '1.4.2.7', 'V1.4.2', 'latest', '^1.2'];
        const said = chartPinAnswers(sample.map((pin) => ({ pin, tags: [] })));
        sample.forEach((pin, i) => {
          const run = helm.run(['package', chart, '--version', pin, '--destination', path.join(dir, `out-${i}`)]);
          expect(run.exitCode === 0, `${pin}: ${run.stderr}`).toBe(said[i]?.helmChartVersion);
        });
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  );
});
