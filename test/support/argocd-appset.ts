/**
 * Argo CD's ApplicationSet controller, as far as diene's ApplicationSets reach
 * it: test/support/argocd-appset/main.go renders templates with Go's
 * text/template and the function map read from the upstream
 * ../shared/upstream/argo-cd-v3.5.1/applicationset/utils/utils.go (in place),
 * fed with the parameters of the git files, cluster and matrix generators.
 * Built once per run from Debian's golang-go, golang-github-masterminds-sprig-dev,
 * golang-k8s-sigs-yaml-dev and golang-gopkg-yaml.v2-dev (GOPATH mode, no network).
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseAllDocuments } from 'yaml';
import type { FleetModel } from '../../compiler/2-analyze/fleet-model.js';
import { REPO_ROOT } from './fleet-fixture.js';

const SOURCE = path.join(REPO_ROOT, 'test', 'support', 'argocd-appset', 'main.go');
const GOPATH = '/usr/share/gocode';
/** The upstream file whose function map the harness applies, read in place. */
export const ARGOCD_UTILS_GO = path.resolve(REPO_ROOT, '..', 'shared', 'upstream', 'argo-cd-v3.5.1', 'applicationset', 'utils', 'utils.go');

/** What is missing to run the harness here, or `undefined` when nothing is. */
export function argocdHarnessMissing(): string | undefined {
  if (!existsSync(ARGOCD_UTILS_GO)) return `the upstream ArgoCD source at ${ARGOCD_UTILS_GO}`;
  if (spawnSync('go', ['version']).status !== 0) return 'go (Debian package golang-go)';
  const packages: [string, string][] = [
    ['github.com/Masterminds/sprig', 'golang-github-masterminds-sprig-dev'],
    ['sigs.k8s.io/yaml', 'golang-k8s-sigs-yaml-dev'],
    ['gopkg.in/yaml.v2', 'golang-gopkg-yaml.v2-dev'],
    ['github.com/imdario/mergo', 'golang-github-imdario-mergo-dev'],
  ];
  for (const [source, pkg] of packages) if (!existsSync(path.join(GOPATH, 'src', source))) return `${source} (Debian package ${pkg})`;
  return undefined;
}

let binary: string | undefined;

function build(): string {
  if (binary) return binary;
  const digest = createHash('sha256').update(readFileSync(SOURCE)).digest('hex').slice(0, 16);
  const dir = path.join(tmpdir(), `diene-argocd-appset-${digest}`);
  const out = path.join(dir, 'argocd-appset');
  if (!existsSync(out)) {
    mkdirSync(dir, { recursive: true });
    const run = spawnSync('go', ['build', '-o', out, SOURCE], {
      env: { ...process.env, GO111MODULE: 'off', GOPATH, GOCACHE: path.join(dir, 'cache'), GOFLAGS: '' },
      encoding: 'utf8',
      timeout: 300_000,
    });
    if (run.status !== 0) throw new Error(`building the ApplicationSet harness failed: ${run.stderr}`);
  }
  binary = out;
  return out;
}

/** A cluster Secret as Argo CD holds it: `name` and `server` from its data, labels and annotations from its metadata. */
export interface ClusterSecret {
  name: string;
  server: string;
  labels: Record<string, string>;
  annotations?: Record<string, string>;
}

type Json = Record<string, any>;

/** What the controller makes of one ApplicationSet: its Applications, or the error it reports (and then creates none). */
export interface ApplicationSetOutcome {
  name: string;
  applications: Json[];
  /** The reconcile error (condition ErrorOccurred): the controller changes no Application. */
  error?: string;
  /** Applications the controller refuses one by one (duplicate name, unknown destination). */
  appErrors?: Record<string, string>;
}

/**
 * Renders `applicationSets` against a repository tree (`files`: path → content at the generator's
 * revision) and the cluster Secrets. File patterns match as Argo CD's default `git ls-files`
 * pathspec, or as its opt-in doublestar glob with `newGitFileGlobbing`.
 */
export function renderApplicationSets(
  applicationSets: readonly Json[],
  files: ReadonlyMap<string, string>,
  clusters: readonly ClusterSecret[],
  options: { newGitFileGlobbing?: boolean } = {},
): ApplicationSetOutcome[] {
  const input = JSON.stringify({
    utilsGo: ARGOCD_UTILS_GO,
    newGitFileGlobbing: options.newGitFileGlobbing ?? false,
    files: Object.fromEntries(files),
    clusters,
    applicationSets,
  });
  const run = spawnSync(build(), [], { input, encoding: 'utf8', timeout: 120_000, maxBuffer: 1 << 30 });
  if (run.status !== 0) throw new Error(`the ApplicationSet harness failed: ${run.stderr}`);
  return (JSON.parse(run.stdout) as { results: ApplicationSetOutcome[] }).results;
}

/** The API server address the tests give a cluster's Secret. */
export function clusterServer(landscape: string, mark: string): string {
  return `https://${mark}.${landscape}.clusters.test:6443`;
}

/** The cluster Secrets of a fleet: one per built cluster (T3 registers a cluster once it is built), labelled landscape and mark. */
export function clusterSecretsOf(model: FleetModel): ClusterSecret[] {
  return model.clusters
    .filter((cluster) => cluster.built)
    .map((cluster) => ({
      name: cluster.name,
      server: clusterServer(cluster.landscape, cluster.mark),
      labels: { landscape: cluster.landscape, mark: cluster.mark },
    }));
}

/** The ApplicationSets of a compiled output tree (every `argocd/*.yaml` stream), in file order. */
export function applicationSetsOf(outputs: ReadonlyMap<string, string>): Json[] {
  const sets: Json[] = [];
  for (const [file, text] of [...outputs].sort(([a], [b]) => (a < b ? -1 : 1))) {
    if (!file.startsWith('argocd/')) continue;
    for (const doc of parseAllDocuments(text)) {
      const object = (Array.isArray(doc) ? undefined : doc.toJS()) as Json | null | undefined;
      if (object?.['kind'] === 'ApplicationSet') sets.push(object);
    }
  }
  return sets;
}

/** The row files of a fleet, the part of the fleet repo the git files generators read. */
export function rowFilesOf(texts: ReadonlyMap<string, string>): Map<string, string> {
  return new Map([...texts].filter(([file]) => file.startsWith('platforms/')));
}
