/**
 * chart/: the Config Management Plugin, the repo-server sidecar, the plugin
 * image's Dockerfile and the helm-wrapper chart `diene-platform` (SPEC §6,
 * ../shared/notes/argocd-kargo.md §2). Every file is parsed and the fields
 * ArgoCD requires are checked. The chart goes through the real Helm 4.1.4
 * (test/support/helm.ts): `helm lint --strict`, `helm template` (which also
 * applies values.schema.json) and the install notes. Each rendered
 * Application is validated against the upstream Application CRD with unknown
 * fields refused, then "synced" by running `diene render` exactly as the
 * sidecar would for it, at the revision it names.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Ajv } from 'ajv';
import { DockerfileParser } from 'dockerfile-ast';
import { afterAll, describe, expect, it } from 'vitest';
import { parse, parseAllDocuments } from 'yaml';
import { RENDER_BYTES_KEPT } from '../../compiler/incremental/compile-cache.js';
import { PLUGIN_PARAMETERS } from '../../compiler/cli/plugin-parameters.js';
import { overlayTexts, readFleetTexts, REFERENCE_FLEET, REPO_ROOT, writeTempFleet } from '../support/fleet-fixture.js';
import { argocdHarnessMissing, renderApplicationSets } from '../support/argocd-appset.js';
import { git, hasGit, landCommit, makeGitFleet } from '../support/git-fleet.js';
import { HELM_PACKAGE, HELM_VERSION, helmTemplate, loadHelm, type Helm, type HelmTemplate } from '../support/helm.js';
import { skippedBecause, skipUnlessPresent } from '../support/required.js';
import { runCli, type CliRun } from '../support/run-cli.js';
import { crdValidators, upstreamSkipReason } from '../support/upstream-schemas.js';

const CHART = path.join(REPO_ROOT, 'chart');
const CHART_DIR = path.join(CHART, 'diene-platform');
const read = (file: string): string => readFileSync(path.join(CHART, file), 'utf8');
const version = (JSON.parse(readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8')) as { version: string }).version;

type Json = Record<string, any>;

/** The example fleet's git block: the repository and the branch its rows are written to (SPEC §2). */
const REFERENCE_GIT = (parse(readFileSync(path.join(REFERENCE_FLEET, 'registry', 'fleet.yaml'), 'utf8')) as { git: { repoURL: string; branch: string } }).git;

const found = await loadHelm();
const helmMissing = typeof found === 'string' ? found : undefined;
const noCrds = upstreamSkipReason();
const noGit = hasGit() ? undefined : 'git is not installed (Debian package git)';
const appsetMissing = argocdHarnessMissing() ?? upstreamSkipReason();

const scratch = mkdtempSync(path.join(tmpdir(), 'diene-chart-'));
afterAll(() => {
  rmSync(scratch, { recursive: true, force: true });
  if (typeof found !== 'string') found.cleanup();
});

function valuesFile(name: string, text: string): string {
  const file = path.join(scratch, name);
  writeFileSync(file, text);
  return file;
}

/** Seconds of a Go duration such as `120s`, `2m`, `1m30s`. */
function seconds(duration: string): number {
  const parts = [...duration.matchAll(/(\d+)(h|m|s)/g)];
  expect(parts.map((p) => p[0]).join('')).toBe(duration);
  return parts.reduce((sum, [, n, unit]) => sum + Number(n) * (unit === 'h' ? 3600 : unit === 'm' ? 60 : 1), 0);
}

describe('the ConfigManagementPlugin (chart/plugin/plugin.yaml)', () => {
  const plugin = parse(read('plugin/plugin.yaml')) as Json;

  it('has the kind, name and generate command the cmp-server requires, and only fields it knows', () => {
    expect(plugin.apiVersion).toBe('argoproj.io/v1alpha1');
    expect(plugin.kind).toBe('ConfigManagementPlugin');
    expect(plugin.metadata.name).toMatch(/^[a-z0-9-]+$/);
    expect(
      Object.keys(plugin.spec).every((k) => ['version', 'init', 'generate', 'discover', 'parameters', 'preserveFileMode', 'provideGitCreds'].includes(k)),
    ).toBe(true);
    expect(plugin.spec.generate.command).toEqual(['diene', 'render']);
    expect(plugin.spec.generate.args).toBeUndefined();
  });

  it('has no discover block, so only an Application that names it uses it', () => {
    expect(plugin.spec.discover).toBeUndefined();
  });

  it('announces exactly the parameters diene render accepts, with the defaults it applies', () => {
    const announced = (plugin.spec.parameters.static as Json[]).map((p) => ({ name: p.name, collectionType: p.collectionType, default: p.string }));
    expect(announced).toEqual(PLUGIN_PARAMETERS.map((p) => ({ name: p.name, collectionType: p.collectionType, default: p.default })));
    for (const p of plugin.spec.parameters.static as Json[]) expect(Object.keys(p).sort()).toEqual(['collectionType', 'name', 'string', 'title', 'tooltip']);
  });

  it('is named by the chart as <metadata.name>-<spec.version>', () => {
    const values = parse(readFileSync(path.join(CHART_DIR, 'values.yaml'), 'utf8')) as Json;
    expect(values.plugin.name).toBe(`${plugin.metadata.name}-${plugin.spec.version}`);
  });
});

describe('the repo-server sidecar (chart/plugin/repo-server-patch.yaml, argo-cd-values.yaml)', () => {
  const patch = parse(read('plugin/repo-server-patch.yaml')) as Json;
  const helmValues = parse(read('plugin/argo-cd-values.yaml')) as Json;
  const patchContainer = patch.spec.template.spec.containers[0] as Json;
  const valuesContainer = helmValues.repoServer.extraContainers[0] as Json;

  it('patches the upstream argocd-repo-server Deployment', () => {
    expect([patch.apiVersion, patch.kind, patch.metadata.name, patch.metadata.namespace]).toEqual(['apps/v1', 'Deployment', 'argocd-repo-server', 'argocd']);
    expect(patch.spec.template.spec.containers).toHaveLength(1);
  });

  it.each([
    ['the kustomize patch', patchContainer, () => patch.spec.template.spec.volumes as Json[]],
    ['the argo-cd chart values', valuesContainer, () => helmValues.repoServer.volumes as Json[]],
  ])('%s: runs argocd-cmp-server as UID 999 with var-files, plugins and its own /tmp', (_what, container, volumes) => {
    expect(container.command).toEqual(['/var/run/argocd/argocd-cmp-server']);
    expect(container.securityContext.runAsUser).toBe(999);
    expect(container.securityContext.runAsNonRoot).toBe(true);
    const mounts = Object.fromEntries((container.volumeMounts as Json[]).map((m) => [m.mountPath, m.name]));
    expect(mounts['/var/run/argocd']).toBe('var-files');
    expect(mounts['/home/argocd/cmp-server/plugins']).toBe('plugins');
    const tmp = volumes().find((v) => v.name === mounts['/tmp']);
    expect(tmp?.emptyDir).toEqual({});
    expect(container.image).toBe(`ghcr.io/atomicloud/diene-cmp:${version}`);
  });

  it.each([
    ['the kustomize patch', patchContainer, () => patch.spec.template.spec.volumes as Json[]],
    ['the argo-cd chart values', valuesContainer, () => helmValues.repoServer.volumes as Json[]],
  ])('%s: gives render a writable cache folder that outlives each render, larger than what diene keeps in it', (_what, container, volumes) => {
    const home = (container.env as Json[]).find((e) => e.name === 'XDG_CACHE_HOME')?.value as string;
    expect(path.isAbsolute(home)).toBe(true);
    // On its own volume: the root file system is read-only, and /tmp is the cmp-server's.
    expect(container.securityContext.readOnlyRootFilesystem).toBe(true);
    const mount = (container.volumeMounts as Json[]).find((m) => m.mountPath === home);
    expect(mount?.readOnly).toBeUndefined();
    const volume = volumes().find((v) => v.name === mount?.name);
    expect(Object.keys(volume ?? {}).sort()).toEqual(['emptyDir', 'name']);
    expect(quantityBytes(volume?.emptyDir.sizeLimit as string)).toBeGreaterThan(RENDER_BYTES_KEPT);
    expect(mount?.name).not.toBe((container.volumeMounts as Json[]).find((m) => m.mountPath === '/tmp')?.name);
  });

  it.each([
    ['the kustomize patch', patchContainer, () => patch.spec.template.spec.volumes as Json[]],
    ['the argo-cd chart values', valuesContainer, () => helmValues.repoServer.volumes as Json[]],
  ])('%s: keeps the key that seals the cache on a writable volume of its own, outside the cache folder', (_what, container, volumes) => {
    const env = (name: string) => (container.env as Json[]).find((e) => e.name === name)?.value as string;
    const state = env('XDG_STATE_HOME');
    expect(path.isAbsolute(state)).toBe(true);
    // diene refuses a key inside the cache folder's tree only when a fleet supplies it; outside it, the cache's own pruning never meets it.
    expect(path.relative(env('XDG_CACHE_HOME'), state).startsWith('..')).toBe(true);
    const mounts = container.volumeMounts as Json[];
    const mount = mounts.find((m) => m.mountPath === state);
    expect(mount?.readOnly).toBeUndefined();
    expect(mount?.name).not.toBe(mounts.find((m) => m.mountPath === env('XDG_CACHE_HOME'))?.name);
    expect(mount?.name).not.toBe(mounts.find((m) => m.mountPath === '/tmp')?.name);
    expect(volumes().find((v) => v.name === mount?.name)?.emptyDir).toEqual({ medium: 'Memory', sizeLimit: '1Mi' });
  });

  it('sets ARGOCD_EXEC_TIMEOUT below the repo-server RPC deadlines', () => {
    const timeout = (patchContainer.env as Json[]).find((e) => e.name === 'ARGOCD_EXEC_TIMEOUT')?.value as string;
    expect(seconds(timeout)).toBeGreaterThan(90);
    for (const key of ['controller.repo.server.timeout.seconds', 'server.repo.server.timeout.seconds'])
      expect(Number(helmValues.configs.params[key])).toBeGreaterThan(seconds(timeout));
  });

  it('defines the same container both ways', () => {
    expect(valuesContainer).toEqual(patchContainer);
    expect(helmValues.repoServer.volumes).toEqual(patch.spec.template.spec.volumes);
  });
});

describe('the plugin image (chart/plugin/Dockerfile)', () => {
  const dockerfile = DockerfileParser.parse(read('plugin/Dockerfile'));
  // An ARG re-declared without a value in a later stage (to use the global one there) keeps the global value.
  const args = Object.fromEntries(
    dockerfile
      .getARGs()
      .filter((a) => a.getProperty()?.getValue() != null)
      .map((a) => [a.getProperty()?.getName(), a.getProperty()?.getValue()]),
  );
  const ignore = read('plugin/Dockerfile.dockerignore')
    .split('\n')
    .filter((l) => l.startsWith('!'))
    .map((l) => l.slice(1).replace(/\/$/, ''));

  it('builds on a Node LTS slim image pinned by digest in every stage', () => {
    const froms = dockerfile.getFROMs();
    expect(froms.length).toBeGreaterThan(0);
    for (const from of froms) {
      const image = (from.getImage() ?? '').replace(/^\$\{(\w+)\}$/, (_m, name: string) => String(args[name]));
      // Node 26 became the Active LTS line on 2026-10-28 (Node 20 reached its end of life on 2026-04-30).
      expect(image).toMatch(/^node:26(\.[\d.]+)?-[a-z]+-slim@sha256:[0-9a-f]{64}$/);
    }
  });

  it('carries the OCI labels, with the version of package.json', () => {
    const labels = new Map(
      dockerfile
        .getInstructions()
        .filter((i) => i.getKeyword() === 'LABEL')
        .flatMap((i) => (i as unknown as { getProperties(): { getName(): string; getValue(): string | null }[] }).getProperties())
        .map((p) => [p.getName(), (p.getValue() ?? '').replace(/^"|"$/g, '')]),
    );
    for (const key of ['title', 'description', 'source', 'licenses', 'version', 'revision', 'base.name'])
      expect(labels.get(`org.opencontainers.image.${key}`), key).toBeTruthy();
    expect(labels.get('org.opencontainers.image.version')).toBe('${VERSION}');
    expect(args['VERSION']).toBe(version);
    expect(labels.get('org.opencontainers.image.licenses')).toBe(JSON.parse(readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8')).license);
  });

  it('ships only the bundle in the final stage: no npm install, no node_modules', () => {
    const stages = dockerfile.getInstructions();
    const lastFrom = stages.map((i) => i.getKeyword()).lastIndexOf('FROM');
    const final = stages.slice(lastFrom);
    const runs = final.filter((i) => i.getKeyword() === 'RUN').map((i) => i.getArgumentsContent() ?? '');
    expect(runs.some((r) => /\bnpm\b/.test(r))).toBe(false);
    const fromBuild = dockerfile
      .getCOPYs()
      .filter((c) => c.getFromFlag())
      .map((c) => c.getArgumentsContent() ?? '');
    expect(fromBuild).toEqual(['/src/dist/plugin/diene.mjs /src/dist/plugin/LICENCES.txt /opt/diene/']);
    expect(stages.slice(0, lastFrom).some((i) => i.getKeyword() === 'RUN' && (i.getArgumentsContent() ?? '').includes('npm run bundle:plugin'))).toBe(true);
  });

  it('runs as UID 999 with the plugin config where the cmp-server reads it and diene on the PATH', () => {
    const users = dockerfile.getInstructions().filter((i) => i.getKeyword() === 'USER');
    expect(users.at(-1)?.getArgumentsContent()).toBe('999');
    const copies = dockerfile.getCOPYs().map((c) => c.getArgumentsContent() ?? '');
    expect(copies).toContain('chart/plugin/plugin.yaml /home/argocd/cmp-server/config/plugin.yaml');
    const runs = dockerfile
      .getInstructions()
      .filter((i) => i.getKeyword() === 'RUN')
      .map((i) => i.getArgumentsContent() ?? '');
    expect(runs.some((r) => r.includes('ln -s /opt/diene/diene.mjs /usr/local/bin/diene'))).toBe(true);
  });

  it('copies only files that exist in the repository and that the build context keeps', () => {
    for (const copy of dockerfile.getCOPYs().filter((c) => !c.getFromFlag())) {
      const sources = (copy.getArgumentsContent() ?? '').split(/\s+/).slice(0, -1);
      for (const source of sources) {
        expect(existsSync(path.join(REPO_ROOT, source)), source).toBe(true);
        expect(
          ignore.some((kept) => source.replace(/\/$/, '') === kept),
          `${source} is excluded by Dockerfile.dockerignore`,
        ).toBe(true);
      }
    }
  });
});

describe('the diene-platform chart', () => {
  const chartYaml = parse(readFileSync(path.join(CHART_DIR, 'Chart.yaml'), 'utf8')) as Json;
  const defaults = parse(readFileSync(path.join(CHART_DIR, 'values.yaml'), 'utf8')) as Json;
  const schema = JSON.parse(readFileSync(path.join(CHART_DIR, 'values.schema.json'), 'utf8')) as Json;
  const validateValues = new Ajv({ allErrors: true, strict: false }).compile(schema);

  it('is a Helm v2 chart named diene-platform', () => {
    expect([chartYaml.apiVersion, chartYaml.name, chartYaml.type]).toEqual(['v2', 'diene-platform', 'application']);
    expect(chartYaml.version).toMatch(/^\d+\.\d+\.\d+$/);
  });

  it('ships default values that its values.schema.json accepts, once the fleet repo is given', () => {
    expect(
      validateValues({ ...defaults, fleet: { ...defaults.fleet, repoURL: 'https://github.com/AtomiCloud/fleet.git' } }),
      JSON.stringify(validateValues.errors),
    ).toBe(true);
    expect(validateValues({ ...defaults, platforms: [{ name: 'abc' }] })).toBe(false);
    expect(validateValues({ ...defaults, platforms: [{ name: 'nitroso', colour: 'red' }] })).toBe(false);
  });

  it("reads the fleet by default at the reference fleet's git.branch, the branch the rows are written to (SPEC §6)", () => {
    expect(defaults.fleet.targetRevision).toBe(REFERENCE_GIT.branch);
  });

  describe.skipIf(skipUnlessPresent(helmMissing))(`rendered by the real Helm ${HELM_VERSION}${skippedBecause(helmMissing)}`, () => {
    const fleetValues = 'fleet: {repoURL: https://github.com/AtomiCloud/fleet.git}\n';
    const threePlatforms = 'discover: false\nplatforms: [{name: nitroso}, {name: aldehyde, project: identity}, {name: mercury}]\n';
    const installValues = `${fleetValues}${threePlatforms}`;
    const helm = (): Helm => {
      if (typeof found === 'string') throw new Error(found);
      return found;
    };

    function template(values: string, extraArgs: readonly string[] = []): HelmTemplate {
      return helmTemplate(helm(), CHART_DIR, [valuesFile(`v-${Math.abs(hash(values))}.yaml`, values)], { release: 'diene', namespace: 'argocd', extraArgs });
    }

    function applications(values: string): Json[] {
      const result = template(values);
      if (!result.ok) throw new Error(result.error);
      const sources = Object.keys(result.manifests);
      expect(sources.every((source) => source === 'diene-platform/templates/applications.yaml')).toBe(true);
      return parseAllDocuments(result.manifests['diene-platform/templates/applications.yaml'] ?? '')
        .map((d) => {
          expect(d.errors).toEqual([]);
          return d.toJS() as Json | null;
        })
        .filter((o): o is Json => o !== null);
    }

    function renderError(values: string, extraArgs: readonly string[] = []): string {
      const result = template(values, extraArgs);
      expect(result.ok).toBe(false);
      return result.ok ? '' : result.error;
    }

    it(`is Helm ${HELM_VERSION}, extracted from ${HELM_PACKAGE} outside the repository`, () => {
      const run = helm().run(['version', '--template', '{{.Version}}']);
      expect(run.exitCode, run.stderr).toBe(0);
      expect(run.stdout).toBe(HELM_VERSION);
      expect(path.relative(REPO_ROOT, helm().binary).startsWith('..')).toBe(true);
    });

    it('passes helm lint --strict with its default values and with install values', () => {
      const lintDefaults = helm().run(['lint', '--strict', CHART_DIR]);
      expect(lintDefaults.exitCode, lintDefaults.stdout + lintDefaults.stderr).toBe(0);
      expect(lintDefaults.stdout).toContain('1 chart(s) linted, 0 chart(s) failed');
      // With a fleet and platforms every template renders in full, so lint has
      // nothing to warn about (not even Helm's "missing required values" log).
      const lintInstall = helm().run(['lint', '--strict', CHART_DIR, '--values', valuesFile('lint.yaml', installValues)]);
      expect(lintInstall.exitCode, lintInstall.stdout + lintInstall.stderr).toBe(0);
      expect(lintInstall.stdout).not.toMatch(/\[(WARNING|ERROR)\]/);
      expect(lintInstall.stderr).toBe('');
    });

    it('fails helm lint --strict on values its values.schema.json refuses', () => {
      const run = helm().run([
        'lint',
        '--strict',
        CHART_DIR,
        '--values',
        valuesFile('lint-bad.yaml', `${fleetValues}platforms: [{name: nitroso, colour: red}]\n`),
      ]);
      expect(run.exitCode).toBe(1);
      expect(run.stdout).toContain('[ERROR]');
      expect(run.stdout).toContain('colour');
    });

    it.skipIf(skipUnlessPresent(noCrds))(
      `stamps out one Application per platform, each valid against the Application CRD with unknown fields refused${skippedBecause(noCrds)}`,
      () => {
        const apps = applications(installValues);
        expect(apps.map((a) => a.metadata.name)).toEqual(['diene-platform-nitroso', 'diene-platform-aldehyde', 'diene-platform-mercury']);
        const validate = crdValidators().get('argoproj.io/v1alpha1/Application');
        if (!validate) throw new Error('no Application CRD');
        for (const app of apps) expect(validate(app), JSON.stringify(validate.errors)).toBe(true);
        expect(apps.map((a) => a.spec.project)).toEqual(['default', 'identity', 'default']);
      },
    );

    it("gives each Application a single source: the fleet at the rows' branch through the named plugin (SPEC §6)", () => {
      const [app] = applications(`${fleetValues}discover: false\nplatforms: [{name: nitroso}]\n`);
      expect(app?.spec.sources).toBeUndefined();
      expect(app?.spec.source).toEqual({
        repoURL: 'https://github.com/AtomiCloud/fleet.git',
        targetRevision: 'main',
        path: '.',
        plugin: { name: 'diene-v1', env: [{ name: 'PLATFORM', value: 'nitroso' }] },
      });
      expect(app?.metadata.namespace).toBe('argocd');
      expect(app?.metadata.name.length).toBeLessThanOrEqual(63);
      expect(Object.keys(app?.spec.destination).sort()).toEqual(['namespace', 'server']);
      expect(app?.spec.syncPolicy.automated).toEqual({ enabled: true, prune: true, selfHeal: true, allowEmpty: false });
      expect(app?.metadata.finalizers).toBeUndefined();
    });

    it('points every platform Application at the fleet.yaml git.branch it is given', () => {
      // A branch other than the default, so the value is proven to come through.
      const branch = 'fleet-rows';
      const apps = applications(
        `fleet: {repoURL: https://github.com/AtomiCloud/fleet.git, targetRevision: ${branch}}\ndiscover: false\nplatforms: [{name: nitroso}, {name: mercury}]\n`,
      );
      expect(apps.map((a) => a.spec.source.targetRevision)).toEqual([branch, branch]);
      const reference = applications(`fleet: {repoURL: ${REFERENCE_GIT.repoURL}, targetRevision: ${REFERENCE_GIT.branch}}\n${threePlatforms}`);
      expect(reference.map((a) => [a.spec.source.repoURL, a.spec.source.targetRevision])).toEqual(
        Array.from({ length: 3 }, () => [REFERENCE_GIT.repoURL, REFERENCE_GIT.branch]),
      );
    });

    it('prints install notes naming the fleet, its branch and every Application', () => {
      const run = helm().run(['install', 'diene', CHART_DIR, '--namespace', 'argocd', '--dry-run=client', '--values', valuesFile('notes.yaml', installValues)]);
      expect(run.exitCode, run.stderr).toBe(0);
      const notes = run.stdout.slice(run.stdout.indexOf('NOTES:\n') + 'NOTES:\n'.length);
      expect(notes.split('\n').slice(0, 4)).toEqual([
        '3 platform Application(s) render from https://github.com/AtomiCloud/fleet.git at main with the plugin diene-v1:',
        '  diene-platform-nitroso',
        '  diene-platform-aldehyde',
        '  diene-platform-mercury',
      ]);
    });

    it('passes fleet.directory as the plugin parameter "fleet" only when it is set', () => {
      const [app] = applications(`fleet: {repoURL: https://git.example/fleet.git, directory: fleets/prod}\ndiscover: false\nplatforms: [{name: nitroso}]\n`);
      expect(app?.spec.source.plugin.parameters).toEqual([{ name: 'fleet', string: 'fleets/prod' }]);
    });

    it('refuses to render without the fleet repo, with a bad platform name, or with a platform listed twice', () => {
      expect(renderError('discover: false\nplatforms: [{name: nitroso}]\n')).toContain('fleet.repoURL is required');
      // Helm checks values.schema.json before any template runs …
      expect(renderError(`${fleetValues}discover: false\nplatforms: [{name: Nitro-so}]\n`)).toContain("at '/platforms/0/name'");
      expect(renderError(`${fleetValues}discover: false\nplatforms: [{name: abc}]\n`)).toMatch(/at '\/platforms\/0\/name': minLength: got 3, want 5/);
      // … and the templates guard the same rule for an install that skips the schema.
      expect(renderError(`${fleetValues}discover: false\nplatforms: [{name: Nitro-so}]\n`, ['--skip-schema-validation'])).toContain(
        'platform name "Nitro-so" must match',
      );
      expect(renderError(`${fleetValues}discover: false\nplatforms: [{name: abc}]\n`, ['--skip-schema-validation'])).toContain('5 to 16 characters');
      expect(renderError(`${fleetValues}discover: false\nplatforms: [{name: nitroso}, {name: nitroso}]\n`)).toContain('platform "nitroso" is listed twice');
    });

    it('fails loudly on an empty hand-written platform list, and on a hand list beside discovery', () => {
      // Issue 36 point 10 (SPEC §6: "stamps out one such Application per platform"): `platforms: []` rendered nothing without a word.
      expect(renderError(`${fleetValues}discover: false\nplatforms: []\n`)).toContain('platforms is empty while discover is false');
      expect(renderError(`${fleetValues}platforms: [{name: nitroso}]\n`)).toContain('platforms lists platforms by hand while discover is true');
    });

    it.skipIf(skipUnlessPresent(appsetMissing))(
      `by default discovers the platforms: an ApplicationSet over carbon/* whose Applications, as Argo CD's git directory generator makes them, are the hand-listed ones${skippedBecause(appsetMissing)}`,
      () => {
        // Issue 36 point 10: a new carbon/<platform>/ compiled but never deployed while the list was kept by hand.
        const [set, ...rest] = applications(fleetValues);
        expect(rest).toEqual([]);
        expect(set?.kind).toBe('ApplicationSet');
        expect(set?.spec.generators).toEqual([
          { git: { repoURL: 'https://github.com/AtomiCloud/fleet.git', revision: 'main', directories: [{ path: 'carbon/*' }] } },
        ]);
        const fleet = readFleetTexts();
        const withNewPlatform = overlayTexts(fleet, { 'carbon/cobalt/platform.yaml': 'name: cobalt\n', 'carbon/.hidden/platform.yaml': 'name: hidden\n' });
        const [outcome] = renderApplicationSets([set as Json], withNewPlatform, []);
        expect(outcome?.error).toBeUndefined();
        const discovered = (outcome?.applications ?? []) as Json[];
        expect(discovered.map((a) => a.metadata.name).sort()).toEqual(['aldehyde', 'cobalt', 'mercury', 'nitroso'].map((p) => `diene-platform-${p}`));
        const validate = crdValidators().get('argoproj.io/v1alpha1/Application');
        if (!validate) throw new Error('no Application CRD');
        const listed = applications(`${fleetValues}discover: false\nplatforms: [{name: nitroso}, {name: aldehyde}, {name: mercury}]\n`);
        for (const app of discovered) {
          expect(validate(app), JSON.stringify(validate.errors)).toBe(true);
          const same = listed.find((l) => l.metadata.name === app.metadata.name);
          if (same) expect(app.spec).toEqual(same.spec);
        }
        expect(discovered.find((a) => a.metadata.name === 'diene-platform-cobalt')?.spec.source.plugin.env).toEqual([{ name: 'PLATFORM', value: 'cobalt' }]);
        // Under fleet.path and fleet.directory the pattern follows, and a fleet without platforms finds none (it does not compile: issuer_unknown).
        const [nested] = applications(`fleet: {repoURL: https://git.example/fleet.git, path: ops, directory: fleet}\n`);
        expect(nested?.spec.generators[0].git.directories).toEqual([{ path: 'ops/fleet/carbon/*' }]);
        const [empty] = renderApplicationSets([set as Json], new Map([['registry/fleet.yaml', 'example: true\n']]), []);
        expect(empty?.applications).toEqual([]);
      },
    );

    it('yields Applications whose plugin run, as the sidecar does it, prints the platform objects', () => {
      const [app] = applications(`fleet: {repoURL: https://git.example/fleet.git, directory: fleet}\ndiscover: false\nplatforms: [{name: mercury}]\n`);
      const fleet = writeTempFleet(new Map([...overlayTexts(readFleetTexts())].map(([file, text]) => [`fleet/${file}`, text])));
      try {
        const run = sidecarRender(app as Json, path.join(fleet.dir, app?.spec.source.path as string));
        expect(run.exitCode, run.stderr).toBe(0);
        const kinds = parseAllDocuments(run.stdout).map((d) => (d.toJS() as Json).kind as string);
        expect(kinds.slice(0, 3)).toEqual(['Platform', 'Project', 'ProjectConfig']);
        expect(kinds).toContain('ApplicationSet');
        expect(kinds).toContain('Stage');
      } finally {
        fleet.cleanup();
      }
    });

    it("renders from the sidecar's cache volume the second time, though each request gets a new source folder", () => {
      const [app] = applications(`fleet: {repoURL: https://git.example/fleet.git, directory: fleet}\ndiscover: false\nplatforms: [{name: mercury}]\n`);
      const container = (parse(read('plugin/repo-server-patch.yaml')) as Json).spec.template.spec.containers[0] as Json;
      const cacheHome = (container.env as Json[]).find((e) => e.name === 'XDG_CACHE_HOME')?.value as string;
      // The volume's stand-in, empty as an emptyDir starts.
      const volume = mkdtempSync(path.join(scratch, 'cache-volume-'));
      // The cmp-server extracts every request into a new temporary folder (argo-cd cmpserver/plugin).
      const requests = [0, 1].map(() => writeTempFleet(new Map([...overlayTexts(readFleetTexts())].map(([file, text]) => [`fleet/${file}`, text]))));
      try {
        const state = mkdtempSync(path.join(scratch, 'state-volume-'));
        const runs = requests.map((request) =>
          sidecarRender(app as Json, path.join(request.dir, app?.spec.source.path as string), { XDG_CACHE_HOME: volume, XDG_STATE_HOME: state }),
        );
        const entries = path.join(volume, 'diene', 'entries');
        expect(cacheHome).toBe('/home/argocd/.cache');
        expect(runs.map((run) => run.exitCode)).toEqual([0, 0]);
        expect(runs[1]?.stdout).toBe(runs[0]?.stdout);
        expect(runs[1]?.stderr).toBe(runs[0]?.stderr);
        // One render entry for both requests: the second was answered from it.
        expect(readdirSync(entries).filter((name) => name.endsWith('.stdout'))).toHaveLength(1);
        expect(readFileSync(path.join(entries, readdirSync(entries).find((name) => name.endsWith('.stdout')) as string), 'utf8')).toBe(runs[0]?.stdout);
      } finally {
        for (const request of requests) request.cleanup();
      }
    });

    it.skipIf(skipUnlessPresent(noGit))(
      `yields Applications that see a service as soon as its rows land on the rows' branch, with no other branch moved${skippedBecause(noGit)}`,
      () => {
        // The old arrangement: a second branch cut from the seed commit, which
        // nobody moves when a new service's rows land on main.
        const repo = makeGitFleet();
        try {
          git(repo.bare, '--git-dir', repo.bare, 'branch', 'machinery-stable', 'main');
          for (const landscape of ['pichu', 'pikachu', 'raichu', 'ampharos'])
            landCommit(repo.bare, `platforms/mercury/neon/${landscape}.yaml`, 'pin:\n  chart: ""\n  image: ""\n', `neon: empty row for ${landscape}`);
          const [app] = applications(`fleet: {repoURL: ${REFERENCE_GIT.repoURL}}\ndiscover: false\nplatforms: [{name: mercury}]\n`);
          expect(app?.spec.source.targetRevision).toBe(REFERENCE_GIT.branch);
          const warehouses = (revision: string): string[] => {
            // The repo-server checks out the Application's targetRevision and
            // runs the plugin in the source path (argo-cd reposerver/repository).
            const checkout = path.join(repo.root, `checkout-${revision}`);
            git(repo.root, 'clone', '-q', '--branch', revision, repo.bare, checkout);
            const run = sidecarRender(app as Json, path.join(checkout, app?.spec.source.path as string));
            expect(run.exitCode, run.stderr).toBe(0);
            return parseAllDocuments(run.stdout)
              .map((d) => d.toJS() as Json)
              .filter((o) => o.kind === 'Warehouse')
              .map((o) => o.metadata.name as string)
              .sort();
          };
          expect(warehouses(app?.spec.source.targetRevision as string)).toEqual(['neon', 'webhook']);
          expect(warehouses('machinery-stable')).toEqual(['webhook']);
        } finally {
          repo.cleanup();
        }
      },
    );
  });
});

/** Runs `diene render` for `app` in `sourceDir` with the env and parameters the sidecar gives it (and `sidecar`, the container's own). */
function sidecarRender(app: Json, sourceDir: string, sidecar: Record<string, string> = {}): CliRun {
  const plugin = app.spec.source.plugin as Json;
  const env = Object.fromEntries((plugin.env as Json[]).map((e) => [`ARGOCD_ENV_${e.name}`, e.value as string]));
  return runCli(['render', '--now', '2026-11-21T00:00:00Z'], {
    cwd: sourceDir,
    env: { ...sidecar, ...env, ...(plugin.parameters ? { ARGOCD_APP_PARAMETERS: JSON.stringify(plugin.parameters) } : {}) },
  });
}

/** Bytes of a Kubernetes quantity with a binary suffix (`1Gi`). */
function quantityBytes(quantity: string): number {
  const match = /^(\d+)(Ki|Mi|Gi|Ti)$/.exec(quantity);
  if (!match) throw new Error(`not a binary quantity: ${quantity}`);
  return Number(match[1]) * 1024 ** (['Ki', 'Mi', 'Gi', 'Ti'].indexOf(match[2] as string) + 1);
}

function hash(text: string): number {
  let h = 0;
  for (let i = 0; i < text.length; i++) h = (Math.imul(h, 31) + text.charCodeAt(i)) | 0;
  return h;
}
