/**
 * Every compiled ApplicationSet, run through Argo CD v3.5.1's template
 * rendering (test/support/argocd-appset: the upstream utils.go function map,
 * the git files, cluster and matrix generators and the post-selector), must
 * give exactly the Applications the fleet says: one per ready row and built
 * cluster of its landscape, one primordial per ready row, none for an empty
 * pin, each valid against the upstream Application CRD, names unique,
 * DNS-1123 labels of at most 63 characters, no template error anywhere.
 *
 * Fleets: the reference (S), the benchmark M fleet, a fleet at the longest
 * names SPEC §2 allows, and fuzzed reference fleets that still compile clean.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { GENERATED_NOW, generateFleet } from '../../bench/fleet-generator.mjs';
import type { FleetModel } from '../../compiler/2-analyze/fleet-model.js';
import { compileFleet } from '../../compiler/index.js';
import {
  applicationSetsOf,
  argocdHarnessMissing,
  clusterSecretsOf,
  clusterServer,
  renderApplicationSets,
  rowFilesOf,
  type ClusterSecret,
} from '../support/argocd-appset.js';
import { overlayTexts, readFleetTexts, TEST_NOW_SECONDS, toSourceFiles } from '../support/fleet-fixture.js';
import { makeFleetMonorepo, withGitPath } from '../support/fleet-monorepo.js';
import { applyMutations, mutationArb } from '../support/fuzz-fleet.js';
import { skippedBecause, skipUnlessPresent } from '../support/required.js';
import { crdValidators, upstreamSkipReason } from '../support/upstream-schemas.js';

type Json = Record<string, any>;

const missing = argocdHarnessMissing() ?? upstreamSkipReason();
const skip = skipUnlessPresent(missing);

const DNS_1123_LABEL = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?$/;

interface Compiled {
  texts: Map<string, string>;
  model: FleetModel;
  applicationSets: Json[];
}

function compile(texts: Map<string, string>, nowSeconds = TEST_NOW_SECONDS): Compiled {
  const result = compileFleet(toSourceFiles(texts), { nowSeconds });
  expect(result.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
  return { texts, model: result.model as FleetModel, applicationSets: applicationSetsOf(result.outputs as Map<string, string>) };
}

/** What one ready row deploys, read from the fleet's own files (not from the compiler's output). */
interface ExpectedApplication {
  name: string;
  server: string;
  chart: string;
  image?: string;
  landscape: string;
  platform: string;
  service: string;
  values?: unknown;
}

function expectedApplications({ texts, model }: Compiled): ExpectedApplication[] {
  const expected: ExpectedApplication[] = [];
  for (const [file, text] of texts) {
    const match = /^platforms\/([a-z0-9]+)\/([a-z0-9]+)\/([a-z0-9]+)\.yaml$/.exec(file);
    if (!match) continue;
    const [, platform = '', service = '', landscape = ''] = match;
    const row = parse(text) as { pin: { chart: string; image: string }; values?: unknown };
    if (row.pin.chart === '') continue;
    const base = { chart: row.pin.chart, landscape, platform, service };
    expected.push({ ...base, name: `${platform}-${service}-${landscape}-primordial`, server: model.settings.primordial.server });
    for (const cluster of model.clusters.filter((c) => c.landscape === landscape && c.built)) {
      expected.push({
        ...base,
        name: `${platform}-${service}-${landscape}-${cluster.mark}`,
        server: clusterServer(landscape, cluster.mark),
        image: row.pin.image,
        ...(row.values !== undefined ? { values: row.values } : {}),
      });
    }
  }
  return expected.sort((a, b) => (a.name < b.name ? -1 : 1));
}

/** Renders the fleet's ApplicationSets over `repository` (path from the repository root → text; default: the fleet at the root). */
function checkFleet(compiled: Compiled, clusters: ClusterSecret[] = clusterSecretsOf(compiled.model), repository = rowFilesOf(compiled.texts)): Json[] {
  const outcomes = renderApplicationSets(compiled.applicationSets, repository, clusters);
  expect(outcomes.map((o) => o.name)).toEqual(compiled.applicationSets.map((set) => set['metadata']['name']));
  for (const outcome of outcomes) {
    expect(outcome.error, outcome.name).toBeUndefined();
    expect(outcome.appErrors, outcome.name).toBeUndefined();
  }
  const applications = outcomes.flatMap((o) => o.applications);
  const validate = crdValidators().get('argoproj.io/v1alpha1/Application');
  if (!validate) throw new Error('the Application CRD is missing from ../shared/crds/argocd');
  for (const application of applications) {
    expect(validate(application), `${application['metadata']['name']}: ${JSON.stringify(validate.errors)}`).toBe(true);
    expect(application['metadata']['name']).toMatch(DNS_1123_LABEL);
    expect(application['metadata']['name'].length).toBeLessThanOrEqual(63);
    expect(application['metadata']['namespace']).toBe(compiled.model.settings.primordial.argocdNamespace);
    expect(application['metadata']['finalizers'], 'preserveResourcesOnDeletion keeps the resources finalizer off').toBeUndefined();
  }
  const names = applications.map((a) => a['metadata']['name'] as string);
  expect(new Set(names).size, 'Application names are unique across the fleet').toBe(names.length);

  const expected = expectedApplications(compiled);
  const byName = new Map(applications.map((a) => [a['metadata']['name'] as string, a]));
  expect([...byName.keys()].sort()).toEqual(expected.map((e) => e.name));
  for (const want of expected) {
    const app = byName.get(want.name) as Json;
    const source = app['spec']['source'];
    expect(app['spec']['destination']['server'], want.name).toBe(want.server);
    expect(source['targetRevision'], want.name).toBe(want.chart);
    expect(source['helm']['valueFiles'], want.name).toEqual([`values.${want.landscape}.yaml`]);
    expect(app['metadata']['annotations']['kargo.akuity.io/authorized-stage'], want.name).toBe(`${want.platform}:${want.service}-${want.landscape}`);
    if (want.image !== undefined) {
      expect(source['helm']['parameters'], want.name).toEqual([{ name: 'image.tag', value: want.image, forceString: true }]);
      if (want.values === undefined) expect(source['helm']['values'], want.name).toBe('');
      else expect(parse(source['helm']['values'] as string), want.name).toEqual(want.values);
    }
  }
  return applications;
}

describe.skipIf(skip)(`ApplicationSets rendered as Argo CD v3.5.1 renders them${skippedBecause(missing)}`, () => {
  it('the reference fleet (the benchmark S fleet): 8 ApplicationSets render to the Applications its rows and built clusters give', () => {
    const applications = checkFleet(compile(readFleetTexts()));
    // nitroso/tin is ready on all four landscapes: pichu-topaz, pikachu-jade, raichu-opal + raichu-ruby, ampharos-pearl + ampharos-onyx.
    expect(applications.map((a) => a['metadata']['name']).filter((n: string) => n.startsWith('nitroso-tin-'))).toEqual([
      'nitroso-tin-ampharos-onyx',
      'nitroso-tin-ampharos-pearl',
      'nitroso-tin-pichu-topaz',
      'nitroso-tin-pikachu-jade',
      'nitroso-tin-raichu-opal',
      'nitroso-tin-raichu-ruby',
      'nitroso-tin-ampharos-primordial',
      'nitroso-tin-pichu-primordial',
      'nitroso-tin-pikachu-primordial',
      'nitroso-tin-raichu-primordial',
    ]);
  });

  it('the benchmark M fleet renders with no template error and the expected count', () => {
    const compiled = compile(generateFleet('M'), Math.floor(Date.parse(GENERATED_NOW) / 1000));
    const applications = checkFleet(compiled);
    expect(applications.length).toBe(expectedApplications(compiled).length);
    expect(applications.length).toBeGreaterThan(100);
  });

  it('names at the longest SPEC §2 allows (platform 16, service 16, landscape 12, mark 10) stay within 63 characters', () => {
    const rename = (text: string): string =>
      text
        .replace(/\bnitroso\b/g, 'nitrosonitrosoab')
        .replace(/\btin\b/g, 'tintintintintinx')
        .replace(/\bpichu\b/g, 'pichupichupi')
        .replace(/\btopaz\b/g, 'topaztopaz');
    const texts = new Map([...readFleetTexts()].map(([file, text]) => [rename(file), rename(text)]));
    const applications = checkFleet(compile(texts));
    expect(applications.map((a) => a['metadata']['name'])).toContain('nitrosonitrosoab-tintintintintinx-pichupichupi-topaztopaz');
  });

  it('a row with an empty pin renders no Application and no error; its pinned siblings still do', () => {
    const texts = overlayTexts(readFleetTexts(), { 'platforms/nitroso/tin/pichu.yaml': 'pin:\n  chart: ""\n  image: ""\n' });
    const applications = checkFleet(compile(texts));
    expect(applications.some((a) => (a['metadata']['name'] as string).startsWith('nitroso-tin-pichu-'))).toBe(false);
    expect(applications.some((a) => a['metadata']['name'] === 'nitroso-tin-pikachu-jade')).toBe(true);
  });

  it('a fleet in a subfolder of its repository (git.path fleets/prod): the generators find its rows where git ls-files lists them, and no row outside it', () => {
    const reference = readFleetTexts();
    const texts = overlayTexts(reference, { 'registry/fleet.yaml': withGitPath(reference.get('registry/fleet.yaml') as string, 'fleets/prod') });
    const compiled = compile(texts);
    const repository = makeFleetMonorepo(texts, 'fleets/prod');
    try {
      const tracked = repository.trackedFiles();
      expect(tracked.has('fleets/prod/platforms/nitroso/tin/pichu.yaml')).toBe(true);
      // The same Applications as the fleet at the root of its own repository; the decoy rows (root, sibling fleet) add none.
      const applications = checkFleet(compiled, clusterSecretsOf(compiled.model), tracked);
      expect(applications.length).toBe(34);
      expect(applications.some((a) => a['spec']['source']['targetRevision'] === '9.9.9')).toBe(false);
      // Compiled for the root (no git.path), the same ApplicationSets find nothing in this repository but the root's decoy row.
      const atRoot = compile(reference);
      const outcomes = renderApplicationSets(atRoot.applicationSets, tracked, clusterSecretsOf(atRoot.model));
      expect(outcomes.flatMap((o) => o.applications).every((a) => a['spec']['source']['targetRevision'] === '9.9.9')).toBe(true);
    } finally {
      repository.cleanup();
    }
  });

  it('fuzzed reference fleets that compile clean render as their rows say (seeded)', () => {
    const reference = readFleetTexts();
    const samples = fc.sample(fc.array(mutationArb, { minLength: 1, maxLength: 3 }), { numRuns: 150, seed: 1212 });
    let clean = 0;
    for (const mutations of samples) {
      const texts = applyMutations(reference, mutations);
      const result = compileFleet(toSourceFiles(texts), { nowSeconds: TEST_NOW_SECONDS });
      if (!result.model) continue;
      clean += 1;
      checkFleet({ texts, model: result.model, applicationSets: applicationSetsOf(result.outputs as Map<string, string>) });
    }
    expect(clean, 'some fuzzed fleets must compile clean for this test to mean anything').toBeGreaterThan(10);
  });

  // Files the compiler does not read as rows, which Argo CD's `git ls-files` pattern would also match.
  const STRAY_FILES: [string, string][] = [
    ['platforms/nitroso/tin/old/pikachu.yaml', 'pin:\n  chart: "0.9.0"\n  image: "0.9.0"\n'],
    ['platforms/nitroso/tin/old/notes.yaml', 'pin:\n  chart: "0.1.0"\n  image: "0.1.0"\n'],
    ['platforms/nitroso/tin/.pikachu.yaml', 'pin:\n  chart: "0.8.0"\n  image: "0.8.0"\n'],
    ['platforms/nitroso/tin/a/b/raichu.yaml', 'pin:\n  chart: "0.7.0"\n  image: "0.7.0"\n'],
  ];

  for (const newGitFileGlobbing of [false, true]) {
    it(`files in a row folder's subfolders and dotfiles deploy nothing (${newGitFileGlobbing ? 'new doublestar globbing' : "Argo CD's default git ls-files pathspec"})`, () => {
      const compiled = compile(readFleetTexts());
      const tree = new Map([...rowFilesOf(compiled.texts), ...STRAY_FILES]);
      const expected = renderApplicationSets(compiled.applicationSets, rowFilesOf(compiled.texts), clusterSecretsOf(compiled.model), { newGitFileGlobbing });
      const outcomes = renderApplicationSets(compiled.applicationSets, tree, clusterSecretsOf(compiled.model), { newGitFileGlobbing });
      expect(outcomes).toEqual(expected);
      for (const outcome of outcomes) expect(outcome.error, outcome.name).toBeUndefined();
      expect(outcomes.flatMap((o) => o.applications).length).toBe(34);
    });
  }

  it('without the excludes, git ls-files would read them: a phantom primordial Application and a failed matrix', () => {
    const compiled = compile(readFleetTexts());
    const tree = new Map([...rowFilesOf(compiled.texts), ...STRAY_FILES]);
    const sets = compiled.applicationSets
      .filter((s) => (s['metadata']['name'] as string).startsWith('nitroso-tin'))
      .map((s) => {
        const set = structuredClone(s) as Json;
        const generator = set['spec']['generators'][0];
        const git = (generator['matrix'] ? generator['matrix']['generators'][0] : generator)['git'];
        git['files'] = (git['files'] as Json[]).filter((f) => !f['exclude']);
        return set;
      });
    const [app, primordial] = renderApplicationSets(sets, tree, clusterSecretsOf(compiled.model));
    expect(primordial?.applications.map((a) => a['metadata']['name'])).toContain('nitroso-tin-notes-primordial');
    expect(app?.error).toMatch(/\.pikachu/);
  });

  it('a cluster Secret without the mark label fails the whole ApplicationSet loudly, naming the label', () => {
    const compiled = compile(readFleetTexts());
    const clusters = clusterSecretsOf(compiled.model).map((c) => (c.name === 'raichu-ruby' ? { ...c, labels: { landscape: 'raichu' } } : c));
    const outcomes = renderApplicationSets(compiled.applicationSets, rowFilesOf(compiled.texts), clusters);
    const tin = outcomes.find((o) => o.name === 'nitroso-tin');
    expect(tin?.error).toContain('the cluster Secret needs a mark label');
    expect(tin?.applications).toEqual([]);
    expect(outcomes.find((o) => o.name === 'nitroso-tin-primordial')?.error).toBeUndefined();
  });

  it('Helm-only functions do not exist there: the former `required` template fails to parse and creates nothing', () => {
    const compiled = compile(readFleetTexts());
    const set = structuredClone(compiled.applicationSets.find((s) => s['metadata']['name'] === 'nitroso-tin')) as Json;
    set['spec']['template']['metadata']['name'] =
      'nitroso-tin-{{ trimSuffix ".yaml" .path.filename }}-{{ required "the cluster Secret needs a mark label" (index .metadata.labels "mark") }}';
    const [outcome] = renderApplicationSets([set], rowFilesOf(compiled.texts), clusterSecretsOf(compiled.model));
    expect(outcome?.error).toContain('function "required" not defined');
    expect(outcome?.applications).toEqual([]);
    for (const helmOnly of ['include "x" .', 'tpl "x" .', 'lookup "v1" "Secret" "" ""', 'env "HOME"', 'expandenv "$HOME"', 'getHostByName "x"']) {
      set['spec']['template']['metadata']['name'] = `x-{{ ${helmOnly} }}`;
      expect(renderApplicationSets([set], rowFilesOf(compiled.texts), clusterSecretsOf(compiled.model))[0]?.error, helmOnly).toMatch(/not defined/);
    }
  });
});
