/**
 * One release end to end, with real git and the engines' own code where the
 * project has it. A bare fleet repository holds the reference fleet, with
 * nitroso's stages made `[pichu, {pikachu, gate: manual}, [{raichu, soak: 30m}, ampharos]]`
 * (a manual gate, a soak, a parallel group). A version is published for
 * nitroso/tin and nitroso/zinc (zinc's raichu row is new: its pin is empty);
 * each compiled Stage's promotion steps then run in order the way Kargo runs
 * them: `git clone`, Kargo's own SetValuesInBytes through
 * test/support/kargo-yaml-update, `git commit`, `git push`, and argocd-update,
 * which finds its Applications by rendering the pushed tree's ApplicationSets
 * through test/support/argocd-appset (Argo CD's own function map) and checks
 * what Kargo checks. After each promotion the landscape's Applications carry
 * the new version and the others do not, and the pushed fleet still compiles.
 * Then nitroso lists a shared chart, whose chart-only Warehouse and Stages
 * release it through the same gates, writing its own rows only.
 *
 * Mirrored from akuity/kargo v1.11.2 (the files the test names per function):
 * Freight creation and discovery (pkg/helm/chart/oci_selector.go, pkg/controller/semver/parser.go),
 * which Stage may take which Freight (requestedFreight sources, availabilityStrategy,
 * requiredSoakTime; auto-promotion from the ProjectConfig), step expressions
 * (pkg/expressions/json_templates.go EvaluateTemplate, quote), argocd-update's
 * authorization, source matching and revision check
 * (pkg/promotion/runner/builtin/argocd_updater.go authorizeArgoCDAppUpdate,
 * buildDesiredSources, mustPerformUpdate).
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import semver from 'semver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse, parseAllDocuments } from 'yaml';
import type { FleetModel } from '../../compiler/2-analyze/fleet-model.js';
import { compileFleet } from '../../compiler/index.js';
import { applicationSetsOf, argocdHarnessMissing, clusterSecretsOf, renderApplicationSets, rowFilesOf } from '../support/argocd-appset.js';
import { TEST_NOW_SECONDS, toSourceFiles } from '../support/fleet-fixture.js';
import { git, hasGit, landCommit, makeGitFleet, type GitFleet } from '../support/git-fleet.js';
import { kargoYamlUpdateMissing, yamlUpdate } from '../support/kargo-yaml-update.js';
import { skippedBecause, skipUnlessPresent } from '../support/required.js';

type Json = Record<string, any>;

const missing = (hasGit() ? undefined : 'git (Debian package git)') ?? argocdHarnessMissing() ?? kargoYamlUpdateMissing();
const skip = skipUnlessPresent(missing);

const STAGES = 'stages: [pichu, { landscape: pikachu, gate: manual }, [{ landscape: raichu, soak: 30m }, ampharos]]';

/** The fleet's input files on `main` of the bare repository, read back with git. */
function fleetOnMain(bare: string): Map<string, string> {
  const files = git(bare, '--git-dir', bare, 'ls-tree', '-r', '--name-only', 'main').split('\n').filter(Boolean);
  return new Map(
    files
      .filter((f) => /^(registry|state|platforms|claims|carbon)\//.test(f))
      .map((f) => [f, git(bare, '--git-dir', bare, 'show', `main:${f}`)] as [string, string]),
  );
}

function compileTexts(texts: Map<string, string>): { model: FleetModel; outputs: Map<string, string> } {
  const result = compileFleet(toSourceFiles(texts), { nowSeconds: TEST_NOW_SECONDS });
  const errors = result.diagnostics.filter((d) => d.severity === 'error');
  if (errors.length > 0 || !result.model || !result.outputs) throw new Error(`the fleet on main does not compile: ${JSON.stringify(errors)}`);
  return { model: result.model, outputs: result.outputs };
}

function kargoObjects(outputs: Map<string, string>, platform: string): Json[] {
  return parseAllDocuments(outputs.get(`kargo/${platform}.yaml`) ?? '').map((doc) => (Array.isArray(doc) ? {} : doc.toJS()) as Json);
}

/** What the registry holds: image tags and chart versions per repository. */
class ArtifactRegistry {
  readonly tags = new Map<string, string[]>();
  publish(repository: string, version: string): void {
    this.tags.set(repository, [...(this.tags.get(repository) ?? []), version]);
  }
  /** The newest version a subscription discovers: charts by StrictNewVersion on the raw tag; images with strictSemvers after trimming a leading `v`. */
  newest(subscription: Json): string | undefined {
    const chart = subscription['chart'] !== undefined;
    const repository = (subscription['chart'] ?? subscription['image'])['repoURL'] as string;
    if (!chart) expect(subscription['image']['strictSemvers']).toBe(true);
    const discovered = (this.tags.get(repository) ?? []).filter((tag) => semver.valid(tag) !== null && (!chart || !tag.startsWith('v')));
    return discovered.sort(semver.rcompare)[0];
  }
}

/** The Freight a Warehouse creates now, or `undefined` when its criteria hold back (half a release). */
function discoverFreight(warehouse: Json, registry: ArtifactRegistry): Json | undefined {
  const newest = new Map<string, string | undefined>();
  for (const subscription of warehouse['spec']['subscriptions'] as Json[]) {
    const repository = (subscription['chart'] ?? subscription['image'])['repoURL'] as string;
    newest.set(repository, registry.newest(subscription));
  }
  if ([...newest.values()].some((v) => v === undefined)) return undefined;
  // A chart-only Warehouse (a shared chart's) has no criteria: Kargo makes Freight of the newest version.
  const criteria = warehouse['spec']['freightCreationCriteria']?.['expression'] as string | undefined;
  if (criteria === undefined) return { artifacts: newest, name: [...newest.values()].join('/') };
  const holds = criteria.split(' && ').every((clause) => {
    const sides = clause.split(' == ').map((side) => artifactReference(side.trim(), newest));
    expect(sides.length, clause).toBe(2);
    return sides[0] === sides[1];
  });
  return holds ? { artifacts: newest, name: [...newest.values()].join('/') } : undefined;
}

/** `chartFrom('<url>').Version` or `imageFrom('<url>').Tag`: the Freight's version of that artifact; anything else is a broken step. */
function artifactReference(expression: string, artifacts: Map<string, string | undefined>): string {
  const match = /^(chartFrom|imageFrom)\('([^'\\]+)'\)\.(Version|Tag)$/.exec(expression);
  if (!match || (match[1] === 'chartFrom') !== (match[3] === 'Version')) throw new Error(`expression not understood: ${expression}`);
  const version = artifacts.get(match[2] as string);
  if (version === undefined) throw new Error(`the Freight carries no ${match[2]}`);
  return version;
}

/** EvaluateTemplate: `${{ … }}` replaced; a result wholly in quotes is unquoted and stays a string, else numbers and booleans are parsed. */
function evaluate(template: string, artifacts: Map<string, string | undefined>): unknown {
  if (!template.includes('${{')) return template;
  const result = template.replace(/\$\{\{\s*(.*?)\s*\}\}/g, (_, expression: string) => {
    const quoted = /^quote\((.*)\)$/.exec(expression);
    // quoteFunc is fmt.Sprintf("%q", …); JSON.stringify quotes printable ASCII the same way.
    return quoted ? JSON.stringify(artifactReference(quoted[1] as string, artifacts)) : artifactReference(expression, artifacts);
  });
  if (result.length > 1 && result.startsWith('"') && result.endsWith('"')) return result.slice(1, -1);
  if (result.trim() !== '' && !Number.isNaN(Number(result))) return Number(result);
  if (result === 'true' || result === 'false') return result === 'true';
  return result;
}

interface StageState {
  freight?: Json;
  verifiedAt?: number;
  /** Freight name → when it was verified here. */
  verified: Map<string, number>;
}

describe.skipIf(skip)(`one release end to end with real git, Kargo's yaml-update and Argo CD's templates${skippedBecause(missing)}`, () => {
  let fleet: GitFleet;
  let work: string;
  let clock = 0;
  const registry = new ArtifactRegistry();
  const stages = new Map<string, StageState>();

  beforeAll(() => {
    fleet = makeGitFleet();
    work = mkdtempSync(path.join(tmpdir(), 'diene-release-'));
    const platformFile = 'carbon/nitroso/platform.yaml';
    const text = git(fleet.bare, '--git-dir', fleet.bare, 'show', `main:${platformFile}`).replace(/^stages: .*$/m, STAGES);
    landCommit(fleet.bare, platformFile, text, 'nitroso: a manual gate on pikachu, a soak before raichu');
  });
  afterAll(() => {
    fleet?.cleanup();
    if (work) rmSync(work, { recursive: true, force: true });
  });

  /** Argo CD's view of main now: every Application the ApplicationSets give, by name. */
  function applicationsOnMain(): Map<string, Json> {
    const texts = fleetOnMain(fleet.bare);
    const { model, outputs } = compileTexts(texts);
    const outcomes = renderApplicationSets(applicationSetsOf(outputs), rowFilesOf(texts), clusterSecretsOf(model));
    for (const outcome of outcomes) expect(outcome.error, outcome.name).toBeUndefined();
    return new Map(outcomes.flatMap((o) => o.applications).map((a) => [a['metadata']['name'] as string, a]));
  }

  /** Runs one Stage's promotion steps for `freight`, as Kargo's local orchestrator does. */
  function promote(stage: Json, freight: Json): void {
    const project = stage['metadata']['namespace'] as string;
    const dir = mkdtempSync(path.join(work, 'promotion-'));
    for (const step of stage['spec']['promotionTemplate']['spec']['steps'] as Json[]) {
      const config = step['config'];
      switch (step['uses']) {
        case 'git-clone':
          for (const checkout of config['checkout'] as Json[]) git(dir, 'clone', '-q', '--branch', checkout['branch'], fleet.bare, checkout['path']);
          break;
        case 'yaml-update': {
          const file = path.join(dir, config['path']);
          const updates = (config['updates'] as Json[]).map((u) => ({ key: u['key'] as string, value: evaluate(u['value'], freight['artifacts']) }));
          const result = yamlUpdate(readFileSync(file, 'utf8'), updates);
          if ('error' in result) throw new Error(`yaml-update failed on ${config['path']}: ${result.error}`);
          writeFileSync(file, result.output);
          break;
        }
        case 'git-commit':
          git(path.join(dir, config['path']), 'add', '-A');
          git(path.join(dir, config['path']), 'commit', '-q', '-m', String(evaluate(config['message'], freight['artifacts'])));
          break;
        case 'git-push':
          git(path.join(dir, config['path']), 'push', '-q', 'origin', `HEAD:${config['targetBranch']}`);
          break;
        case 'argocd-update': {
          const applications = applicationsOnMain();
          for (const update of config['apps'] as Json[]) {
            const app = applications.get(update['name']);
            if (!app) throw new Error(`argocd-update: unable to find Argo CD Application "${update['name']}"`);
            expect(app['metadata']['namespace']).toBe(update['namespace']);
            const authorized = (app['metadata']['annotations']['kargo.akuity.io/authorized-stage'] as string).split(',');
            expect(authorized, 'authorizeArgoCDAppUpdate').toContain(`${project}:${stage['metadata']['name']}`);
            const source = app['spec']['source'];
            for (const sourceUpdate of update['sources'] as Json[]) {
              expect({ repoURL: sourceUpdate['repoURL'], chart: sourceUpdate['chart'] }, 'buildDesiredSources: the update matches the source').toEqual({
                repoURL: source['repoURL'],
                chart: source['chart'],
              });
              // mustPerformUpdate: Argo CD syncs targetRevision; the step waits until that equals desiredRevision.
              expect(source['targetRevision'], `${update['name']} synced to the promoted chart`).toBe(
                evaluate(sourceUpdate['desiredRevision'], freight['artifacts']),
              );
            }
          }
          break;
        }
        default:
          throw new Error(`step ${step['uses']} is not run by this test`);
      }
    }
    rmSync(dir, { recursive: true, force: true });
  }

  /** The Freight `stage` may take now, newest first, as its requestedFreight sources say. */
  function available(stage: Json, freights: Json[]): Json | undefined {
    const request = (stage['spec']['requestedFreight'] as Json[])[0] as Json;
    const sources = request['sources'];
    if (sources['direct']) return freights.at(-1);
    const upstream = (sources['stages'] as string[]).map((name) => stages.get(name));
    const soak = [...String(sources['requiredSoakTime'] ?? '').matchAll(/(\d+)(h|m|s)/g)].reduce(
      (sum, [, n, unit]) => sum + Number(n) * (unit === 'h' ? 3600 : unit === 'm' ? 60 : 1),
      0,
    );
    const ready = (freight: Json, state: StageState | undefined): boolean => {
      const at = state?.verified.get(freight['name']);
      return at !== undefined && clock - at >= soak;
    };
    const candidates = freights.filter((f) =>
      sources['availabilityStrategy'] === 'All' ? upstream.every((s) => ready(f, s)) : upstream.some((s) => ready(f, s)),
    );
    return candidates.at(-1);
  }

  /** One controller pass: every auto-promoting Stage takes the newest Freight available to it. */
  function reconcile(objects: Json[], freights: Json[], approve: ReadonlySet<string> = new Set()): string[] {
    const projectConfig = objects.find((o) => o['kind'] === 'ProjectConfig') as Json;
    const auto = new Map(
      (projectConfig['spec']['promotionPolicies'] as Json[]).map((p) => [p['stageSelector']['name'] as string, p['autoPromotionEnabled'] as boolean]),
    );
    // Decide on the state at the start of the pass, then promote: a Stage verified in this pass feeds the next one.
    const decisions: [Json, Json, StageState][] = [];
    for (const stage of objects.filter((o) => o['kind'] === 'Stage')) {
      const name = stage['metadata']['name'] as string;
      const state: StageState = stages.get(name) ?? { verified: new Map() };
      stages.set(name, state);
      const freight = available(stage, freights);
      if (!freight || state.freight?.['name'] === freight['name']) continue;
      if (!auto.get(name) && !approve.has(name)) continue;
      decisions.push([stage, freight, state]);
    }
    for (const [stage, freight, state] of decisions) {
      promote(stage, freight);
      state.freight = freight;
      state.verified.set(freight['name'], clock);
    }
    return decisions.map(([stage]) => stage['metadata']['name'] as string);
  }

  function publishRelease(
    service: string,
    version: string,
    parts: ('image' | 'appChart' | 'primordialChart')[] = ['image', 'appChart', 'primordialChart'],
  ): void {
    const repositories = {
      image: `ghcr.io/atomicloud/nitroso.${service}`,
      appChart: `oci://ghcr.io/atomicloud/charts/nitroso.${service}`,
      primordialChart: `oci://ghcr.io/atomicloud/charts/nitroso.${service}-primordial`,
    };
    for (const part of parts) registry.publish(repositories[part], version);
  }

  function pins(applications: Map<string, Json>, prefix: string): Record<string, string> {
    return Object.fromEntries(
      [...applications]
        .filter(([name]) => name.startsWith(prefix))
        .map(([name, app]) => [
          name,
          `${app['spec']['source']['targetRevision']}${app['spec']['source']['helm']['parameters'] ? ` image ${app['spec']['source']['helm']['parameters'][0]['value']}` : ''}`,
        ]),
    );
  }

  it('releases nitroso 2.0.0 stage by stage: auto, manual gate, soak, parallel fan-out; a half release moves nothing', () => {
    const objects = kargoObjects(compileTexts(fleetOnMain(fleet.bare)).outputs, 'nitroso');
    const warehouse = (service: string): Json => objects.find((o) => o['kind'] === 'Warehouse' && o['metadata']['name'] === service) as Json;
    const freights: Record<string, Json[]> = { tin: [], zinc: [] };
    const discover = (service: string): void => {
      const freight = discoverFreight(warehouse(service), registry);
      if (freight && !freights[service]?.some((f) => f['name'] === freight['name'])) freights[service]?.push(freight);
    };
    const run = (approve: string[] = []): string[] => {
      const forService = (service: string): Json[] =>
        objects.filter((o) => o['kind'] === 'ProjectConfig' || o['metadata']?.['labels']?.['diene.atomi.cloud/service'] === service);
      return [
        ...reconcile(forService('tin'), freights['tin'] ?? [], new Set(approve)),
        ...reconcile(forService('zinc'), freights['zinc'] ?? [], new Set(approve)),
      ];
    };

    // Half a release: the image and the app chart, no primordial chart. No Freight, nothing moves.
    publishRelease('tin', '2.0.0', ['image', 'appChart']);
    discover('tin');
    expect(freights['tin']).toEqual([]);
    expect(run()).toEqual([]);

    // The rest of it, and zinc's whole 2.0.0 (its raichu row is new: an empty pin until now).
    publishRelease('tin', '2.0.0', ['primordialChart']);
    publishRelease('zinc', '2.0.0');
    discover('tin');
    discover('zinc');
    expect(freights['tin']?.map((f) => f['name'])).toEqual(['2.0.0/2.0.0/2.0.0']);
    const before = applicationsOnMain();
    expect(before.has('nitroso-zinc-raichu-opal')).toBe(false);

    // pichu promotes itself; pikachu waits at its manual gate.
    expect(run()).toEqual(['tin-pichu', 'zinc-pichu']);
    let apps = applicationsOnMain();
    expect(pins(apps, 'nitroso-tin-pichu-')).toEqual({ 'nitroso-tin-pichu-primordial': '2.0.0', 'nitroso-tin-pichu-topaz': '2.0.0 image 2.0.0' });
    expect(pins(apps, 'nitroso-tin-pikachu-')).toEqual(pins(before, 'nitroso-tin-pikachu-'));
    expect(run()).toEqual([]);

    // A human approves pikachu; raichu soaks 30 minutes, ampharos does not wait.
    expect(run(['tin-pikachu', 'zinc-pikachu'])).toEqual(['tin-pikachu', 'zinc-pikachu']);
    apps = applicationsOnMain();
    expect(pins(apps, 'nitroso-tin-pikachu-')).toEqual({ 'nitroso-tin-pikachu-jade': '2.0.0 image 2.0.0', 'nitroso-tin-pikachu-primordial': '2.0.0' });
    expect(run()).toEqual(['tin-ampharos', 'zinc-ampharos']);
    expect(pins(applicationsOnMain(), 'nitroso-tin-raichu-')).toEqual(pins(before, 'nitroso-tin-raichu-'));
    clock += 29 * 60;
    expect(run()).toEqual([]);
    clock += 60;
    expect(run()).toEqual(['tin-raichu', 'zinc-raichu']);

    apps = applicationsOnMain();
    for (const landscape of ['pichu', 'pikachu', 'raichu', 'ampharos'])
      for (const [name, pin] of Object.entries(pins(apps, `nitroso-tin-${landscape}-`))) expect(pin, name).toMatch(/^2\.0\.0( image 2\.0\.0)?$/);
    // zinc's new raichu row: its Applications exist now, on both raichu clusters, at 2.0.0.
    expect(pins(apps, 'nitroso-zinc-raichu-')).toEqual({
      'nitroso-zinc-raichu-opal': '2.0.0 image 2.0.0',
      'nitroso-zinc-raichu-primordial': '2.0.0',
      'nitroso-zinc-raichu-ruby': '2.0.0 image 2.0.0',
    });
    // Other platforms never moved.
    expect(pins(apps, 'aldehyde-')).toEqual(pins(before, 'aldehyde-'));
  });

  it('each promotion changed exactly its one row file, and the rows read back as the versions, kept as strings', () => {
    const log = git(fleet.bare, '--git-dir', fleet.bare, 'log', '--format=%x00%s', '--name-only', 'main');
    const commits = log.split('\0').filter((c) => c.startsWith('promote '));
    expect(commits.length).toBe(8);
    for (const commit of commits) {
      const [subject, ...files] = commit.split('\n').filter(Boolean);
      const match = /^promote nitroso\/(\w+) to (\w+): chart 2\.0\.0, image 2\.0\.0$/.exec(subject as string);
      expect(match, subject).not.toBeNull();
      expect(files).toEqual([`platforms/nitroso/${match?.[1]}/${match?.[2]}.yaml`]);
    }
    const row = git(fleet.bare, '--git-dir', fleet.bare, 'show', 'main:platforms/nitroso/zinc/raichu.yaml');
    expect(parse(row)).toEqual({ pin: { chart: '2.0.0', image: '2.0.0' } });
  });

  it('a version such as 1.10.0 and a pre-release travel through yaml-update as strings', () => {
    const dir = path.join(work, 'quoting');
    mkdirSync(dir, { recursive: true });
    for (const version of ['1.10.0', '0.10.0', '2.0.0-rc.1']) {
      const value = evaluate("${{ quote(chartFrom('oci://r/c').Version) }}", new Map([['oci://r/c', version]]));
      expect(value).toBe(version);
      const result = yamlUpdate('pin:\n  chart: ""\n  image: ""\n', [{ key: 'pin.chart', value }]);
      expect('output' in result && parse(result.output)).toEqual({ pin: { chart: version, image: '' } });
    }
  });

  it("a shared chart (issue 36 point 3, the seed's chart-only Warehouse) is released by its own Warehouse and Stages through the same gates, writing only its rows", () => {
    const platformFile = 'carbon/nitroso/platform.yaml';
    const platform = git(fleet.bare, '--git-dir', fleet.bare, 'show', `main:${platformFile}`).replace(
      /^vlandscapes: \[mew\]$/m,
      'vlandscapes: [mew]\nsharedCharts: [nitroso-common]',
    );
    expect(platform).toContain('sharedCharts');
    landCommit(fleet.bare, platformFile, platform, 'nitroso: the shared chart nitroso-common');
    for (const landscape of ['pichu', 'pikachu', 'raichu', 'ampharos'])
      landCommit(fleet.bare, `platforms/nitroso/_shared/nitroso-common/${landscape}.yaml`, 'pin:\n  chart: ""\n', `nitroso-common: empty row in ${landscape}`);
    const objects = kargoObjects(compileTexts(fleetOnMain(fleet.bare)).outputs, 'nitroso');
    const shared = objects.filter((o) => o['kind'] === 'ProjectConfig' || String(o['metadata']?.['name']).startsWith('shared-nitroso-common'));
    const warehouse = shared.find((o) => o['kind'] === 'Warehouse') as Json;
    const before = applicationsOnMain();
    const commitsBefore = git(fleet.bare, '--git-dir', fleet.bare, 'rev-list', '--count', 'main');
    expect(
      [...before.keys()].some((name) => name.startsWith('nitroso-shared-')),
      'empty rows deploy nothing',
    ).toBe(false);

    registry.publish('oci://ghcr.io/atomicloud/charts/nitroso-common', '1.1.0');
    const freight = discoverFreight(warehouse, registry) as Json;
    expect(freight['name']).toBe('1.1.0');
    const run = (approve: string[] = []): string[] => reconcile(shared, [freight], new Set(approve));

    expect(run()).toEqual(['shared-nitroso-common-pichu']);
    expect(pins(applicationsOnMain(), 'nitroso-shared-')).toEqual({ 'nitroso-shared-nitroso-common-pichu-topaz': '1.1.0' });
    expect(run(), 'pikachu waits at its manual gate').toEqual([]);
    expect(run(['shared-nitroso-common-pikachu'])).toEqual(['shared-nitroso-common-pikachu']);
    expect(run()).toEqual(['shared-nitroso-common-ampharos']);
    clock += 30 * 60;
    expect(run()).toEqual(['shared-nitroso-common-raichu']);

    const apps = applicationsOnMain();
    expect(pins(apps, 'nitroso-shared-')).toEqual({
      'nitroso-shared-nitroso-common-ampharos-onyx': '1.1.0',
      'nitroso-shared-nitroso-common-ampharos-pearl': '1.1.0',
      'nitroso-shared-nitroso-common-pichu-topaz': '1.1.0',
      'nitroso-shared-nitroso-common-pikachu-jade': '1.1.0',
      'nitroso-shared-nitroso-common-raichu-opal': '1.1.0',
      'nitroso-shared-nitroso-common-raichu-ruby': '1.1.0',
    });
    // The services' Applications never moved.
    expect(pins(apps, 'nitroso-tin-')).toEqual(pins(before, 'nitroso-tin-'));
    expect(pins(apps, 'nitroso-zinc-')).toEqual(pins(before, 'nitroso-zinc-'));
    // Four promotions, each changing its own landscape's shared row alone.
    const log = git(
      fleet.bare,
      '--git-dir',
      fleet.bare,
      'log',
      '--format=%x00%s',
      '--name-only',
      `-${Number(git(fleet.bare, '--git-dir', fleet.bare, 'rev-list', '--count', 'main')) - Number(commitsBefore)}`,
      'main',
    );
    const commits = log.split('\0').filter(Boolean);
    expect(commits.length).toBe(4);
    for (const commit of commits) {
      const [subject, ...files] = commit.split('\n').filter(Boolean);
      const match = /^promote nitroso shared chart nitroso-common to (\w+): chart 1\.1\.0$/.exec(subject as string);
      expect(match, subject).not.toBeNull();
      expect(files).toEqual([`platforms/nitroso/_shared/nitroso-common/${match?.[1]}.yaml`]);
    }
    expect(parse(git(fleet.bare, '--git-dir', fleet.bare, 'show', 'main:platforms/nitroso/_shared/nitroso-common/raichu.yaml'))).toEqual({
      pin: { chart: '1.1.0' },
    });
  });
});
