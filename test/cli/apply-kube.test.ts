/**
 * Contract test of `diene apply kube` (issue 7): the built CLI, with
 * `@kubernetes/client-node`, against test/support/kube-api-server.ts, a local
 * HTTP server on 127.0.0.1 that implements the Kubernetes API calls the
 * applier makes (discovery, list by label selector, server-side apply PATCH,
 * DELETE, dryRun=All). It checks the requests the applier sends and the state
 * they leave; it cannot check what a real API server's admission, schema
 * validation or field-level merge would do. The first apply runs bin/diene.js;
 * the others run the CLI's `main` in this process (runCliInProcess, held to the
 * binary's bytes by test/cli/in-process.test.ts), the client loaded once.
 */
import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { platformObjects } from '../../compiler/3-emit/emit-outputs.js';
import { MANAGED_KINDS } from '../../compiler/adapters/kube/capabilities.js';
import { analyzeFleet } from '../../compiler/index.js';
import { overlayTexts, readFleetTexts, REPO_ROOT, TEST_NOW_SECONDS, toSourceFiles, writeTempFleet } from '../support/fleet-fixture.js';
import { KubeApiDouble, kubeconfigFor } from '../support/kube-api-server.js';
import { runCliInProcess } from '../support/run-cli.js';

let server: KubeApiDouble;
const cleanups: (() => void | Promise<void>)[] = [];
beforeEach(async () => {
  server = new KubeApiDouble();
  await server.start();
  cleanups.push(() => server.stop());
});
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

function tempFleet(overlay: Record<string, string | null> = {}): string {
  const fleet = writeTempFleet(overlayTexts(readFleetTexts(), overlay));
  cleanups.push(fleet.cleanup);
  return fleet.dir;
}

/** Runs the CLI in this process (the API double answers from this process too). */
function diene(args: string[], kubeconfig: string): Promise<{ exitCode: number; stdout: string; stderr: string }> {
  return runCliInProcess([...args, '--now', '2026-11-21T00:00:00Z'], { env: { KUBECONFIG: kubeconfig, FORCE_COLOR: process.env['FORCE_COLOR'] ?? '' } });
}

/** Runs bin/diene.js asynchronously (the API double answers from this process, so the test must not block). */
function dieneBinary(args: string[], kubeconfig: string): Promise<{ exitCode: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [path.join(REPO_ROOT, 'bin', 'diene.js'), ...args, '--now', '2026-11-21T00:00:00Z'], {
      env: { ...process.env, KUBECONFIG: kubeconfig, GITHUB_ACTIONS: '' },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('close', (code) => resolve({ exitCode: code ?? -1, stdout, stderr }));
  });
}

function kubeconfig(dir: string, contexts: [string, string][] = [['lab', server.url]]): string {
  const file = path.join(dir, 'kubeconfig.yaml');
  writeFileSync(file, kubeconfigFor(contexts));
  return file;
}

function rendered(platform: string, overlay: Record<string, string | null> = {}): { kind: string; metadata: { name: string; namespace?: string } }[] {
  const analysis = analyzeFleet(toSourceFiles(overlayTexts(readFleetTexts(), overlay)), { nowSeconds: TEST_NOW_SECONDS });
  const model = analysis.model;
  const p = model?.platforms.find((x) => x.name === platform);
  if (!model || !p) throw new Error('reference fleet does not compile');
  return platformObjects(model, p) as { kind: string; metadata: { name: string; namespace?: string } }[];
}

/** The reference fleet without service zinc: its rows, and the claims that name its hosts. */
const WITHOUT_ZINC: Record<string, null> = Object.fromEntries(
  [...readFleetTexts().keys()].filter((f) => f.startsWith('platforms/nitroso/zinc/') || f.startsWith('claims/')).map((f) => [f, null]),
);

const storedNames = (): string[] => [...server.objects.keys()].sort();
const writes = () => server.requests.filter((r) => r.method === 'PATCH' || r.method === 'DELETE');

describe('diene apply kube (contract test against a local Kubernetes API double)', () => {
  it('lists every kind a render holds', () => {
    const kinds = new Set(rendered('nitroso').map((o) => `${(o as unknown as { apiVersion: string }).apiVersion} ${o.kind}`));
    expect([...kinds].every((k) => MANAGED_KINDS.some((m) => `${m.apiVersion} ${m.kind}` === k))).toBe(true);
  });

  it('server-side applies every rendered object as field manager diene, in sync-wave order, and a second run changes nothing', async () => {
    const dir = tempFleet();
    const config = kubeconfig(dir);
    const run = await dieneBinary(['apply', 'kube', '--platform', 'nitroso', '--fleet', dir], config);
    expect(run.exitCode, run.stderr).toBe(0);
    const objects = rendered('nitroso');
    const patches = server.requests.filter((r) => r.method === 'PATCH');
    expect(patches).toHaveLength(objects.length);
    for (const patch of patches) {
      expect(patch.contentType).toBe('application/apply-patch+yaml');
      expect(patch.query).toMatchObject({ fieldManager: 'diene', force: 'true' });
      expect(patch.query['dryRun']).toBeUndefined();
    }
    expect(patches.map((p) => (p.body as { metadata: { name: string } }).metadata.name)).toEqual(objects.map((o) => o.metadata.name));
    // the body is the rendered object, unknown fields and all
    expect(server.get('Stage', 'nitroso', 'tin-raichu')?.['spec']).toEqual(
      (objects.find((o) => o.metadata.name === 'tin-raichu') as unknown as { spec: unknown }).spec,
    );
    expect(run.stdout.split('\n').filter(Boolean)).toHaveLength(objects.length);
    expect(run.stdout).toMatch(/^apply created {4}kargo\.akuity\.io\/Stage nitroso\/tin-pichu$/m);
    expect(run.stderr).toContain(`applied ${objects.length} of ${objects.length} objects of nitroso to lab (${server.url}) (${objects.length} new), pruned 0`);

    const before = new Map([...server.objects].map(([k, v]) => [k, v['spec']]));
    server.requests.length = 0;
    const again = await diene(['apply', 'kube', '--platform', 'nitroso', '--fleet', dir], config);
    expect(again.exitCode, again.stderr).toBe(0);
    expect(again.stdout).not.toContain('created');
    expect(server.requests.filter((r) => r.method === 'DELETE')).toEqual([]);
    expect(new Map([...server.objects].map(([k, v]) => [k, v['spec']]))).toEqual(before);
  });

  it('prunes only objects labelled for the platform that the render no longer holds, Stages first', async () => {
    const dir = tempFleet();
    const config = kubeconfig(dir);
    expect((await diene(['apply', 'kube', '--platform', 'nitroso', '--fleet', dir], config)).exitCode).toBe(0);
    const labels = (platform: string) => ({ 'app.kubernetes.io/managed-by': 'diene', 'diene.atomi.cloud/platform': platform });
    server.seed({
      apiVersion: 'kargo.akuity.io/v1alpha1',
      kind: 'Stage',
      metadata: { name: 'lithium-pichu', namespace: 'aldehyde', labels: labels('aldehyde') },
    });
    server.seed({
      apiVersion: 'kargo.akuity.io/v1alpha1',
      kind: 'Stage',
      metadata: { name: 'handmade', namespace: 'nitroso', labels: { 'diene.atomi.cloud/platform': 'nitroso' } },
    });
    server.seed({ apiVersion: 'kargo.akuity.io/v1alpha1', kind: 'Warehouse', metadata: { name: 'copper', namespace: 'nitroso', labels: labels('nitroso') } });

    // zinc leaves the platform: its Warehouse, ApplicationSets and Stages go; so does the stray labelled Warehouse copper
    const { rmSync } = await import('node:fs');
    for (const file of Object.keys(WITHOUT_ZINC)) rmSync(path.join(dir, file), { recursive: true, force: true });
    server.requests.length = 0;
    const run = await diene(['apply', 'kube', '--platform', 'nitroso', '--fleet', dir], config);
    expect(run.exitCode, run.stderr).toBe(0);
    const deletes = server.requests.filter((r) => r.method === 'DELETE').map((r) => r.path);
    expect(deletes).toEqual([
      '/apis/kargo.akuity.io/v1alpha1/namespaces/nitroso/stages/zinc-ampharos',
      '/apis/kargo.akuity.io/v1alpha1/namespaces/nitroso/stages/zinc-pichu',
      '/apis/kargo.akuity.io/v1alpha1/namespaces/nitroso/stages/zinc-pikachu',
      '/apis/kargo.akuity.io/v1alpha1/namespaces/nitroso/stages/zinc-raichu',
      '/apis/argoproj.io/v1alpha1/namespaces/argocd/applicationsets/nitroso-zinc',
      '/apis/argoproj.io/v1alpha1/namespaces/argocd/applicationsets/nitroso-zinc-primordial',
      '/apis/kargo.akuity.io/v1alpha1/namespaces/nitroso/warehouses/copper',
      '/apis/kargo.akuity.io/v1alpha1/namespaces/nitroso/warehouses/zinc',
    ]);
    expect(server.get('Stage', 'aldehyde', 'lithium-pichu')).toBeDefined();
    expect(server.get('Stage', 'nitroso', 'handmade')).toBeDefined();
    expect(server.get('Stage', 'nitroso', 'tin-pichu')).toBeDefined();
    expect(server.get('Warehouse', 'nitroso', 'zinc')).toBeUndefined();
    expect(run.stdout).toMatch(/^prune pruned {5}kargo\.akuity\.io\/Warehouse nitroso\/zinc$/m);
    // the listing asked for both labels
    const lists = server.requests.filter((r) => r.method === 'GET' && r.query['labelSelector']);
    expect(new Set(lists.map((r) => r.query['labelSelector']))).toEqual(new Set(['app.kubernetes.io/managed-by=diene,diene.atomi.cloud/platform=nitroso']));
  });

  it('with --dry-run=server sends dryRun=All on every write and stores nothing', async () => {
    const dir = tempFleet();
    const run = await diene(['apply', 'kube', '--platform', 'mercury', '--fleet', dir, '--dry-run=server'], kubeconfig(dir));
    expect(run.exitCode, run.stderr).toBe(0);
    expect(writes().length).toBeGreaterThan(0);
    expect(writes().every((r) => r.query['dryRun'] === 'All')).toBe(true);
    expect(storedNames()).toEqual([]);
    expect(run.stderr).toContain('dry run (server): nothing stored');
  });

  it('talks to the cluster of --context, and refuses an unknown context before any request', async () => {
    const dir = tempFleet();
    const config = kubeconfig(dir, [
      ['dead', 'http://127.0.0.1:9'],
      ['lab', server.url],
    ]);
    const run = await diene(['apply', 'kube', '--platform', 'mercury', '--fleet', dir, '--context', 'lab'], config);
    expect(run.exitCode, run.stderr).toBe(0);
    expect(storedNames().length).toBe(rendered('mercury').length);
    expect(server.requests.every((r) => r.method !== 'PATCH' || r.query['fieldManager'] === 'diene')).toBe(true);
    server.requests.length = 0;
    const unknown = await diene(['apply', 'kube', '--platform', 'mercury', '--fleet', dir, '--context', 'prod'], config);
    expect(unknown.exitCode).toBe(2);
    expect(unknown.stderr).toContain('kube_context_unknown');
    expect(unknown.stderr).toContain('the kubeconfig has no context "prod"');
    expect(unknown.stderr).toContain('name one of its contexts with --context: dead, lab');
    expect(server.requests).toEqual([]);
  });

  it('exits 4 naming the object whose apply failed, applies the rest, and prunes nothing', async () => {
    const dir = tempFleet();
    const config = kubeconfig(dir);
    server.seed({
      apiVersion: 'kargo.akuity.io/v1alpha1',
      kind: 'Stage',
      metadata: { name: 'old-pichu', namespace: 'mercury', labels: { 'app.kubernetes.io/managed-by': 'diene', 'diene.atomi.cloud/platform': 'mercury' } },
    });
    server.failOn = (r) => r.method === 'PATCH' && r.path.endsWith('/warehouses/webhook');
    const run = await diene(['apply', 'kube', '--platform', 'mercury', '--fleet', dir], config);
    expect(run.exitCode).toBe(4);
    expect(run.stdout).toMatch(/^apply failed {5}kargo\.akuity\.io\/Warehouse mercury\/webhook: HTTP 500: injected failure$/m);
    expect(run.stdout).toMatch(/^prune skipped {4}kargo\.akuity\.io\/Stage mercury\/old-pichu: not pruned: an apply failed$/m);
    expect(server.get('Stage', 'mercury', 'old-pichu')).toBeDefined();
    expect(server.get('Stage', 'mercury', 'webhook-pichu')).toBeDefined();
    expect(server.requests.filter((r) => r.method === 'DELETE')).toEqual([]);
  });

  it('exits 2 and writes nothing when it cannot list, when the fleet is invalid, or for an unknown platform', async () => {
    const dir = tempFleet();
    const config = kubeconfig(dir);
    server.failOn = (r) => r.method === 'GET' && r.query['labelSelector'] !== undefined;
    const unreadable = await diene(['apply', 'kube', '--platform', 'mercury', '--fleet', dir], config);
    expect(unreadable.exitCode).toBe(2);
    expect(unreadable.stderr).toMatch(/kube_list_failed.*cannot list the objects of mercury on lab \(http:\/\/127\.0\.0\.1:\d+\): .*; nothing applied/);
    expect(writes()).toEqual([]);
    server.failOn = () => false;
    const invalid = await diene(
      ['apply', 'kube', '--platform', 'mercury', '--fleet', tempFleet({ 'registry/landscapes/pichu.yaml': 'name: pichu\n' })],
      config,
    );
    expect(invalid.exitCode).toBe(2);
    const unknown = await diene(['apply', 'kube', '--platform', 'cobalt', '--fleet', dir], config);
    expect(unknown.exitCode).toBe(2);
    expect(unknown.stderr).toContain('platform_not_found');
    const badDryRun = await diene(['apply', 'kube', '--platform', 'mercury', '--fleet', dir, '--dry-run=client'], config);
    expect(badDryRun.exitCode).toBe(2);
    expect(writes()).toEqual([]);
  });

  it('treats a kind the server does not serve as holding nothing to prune', async () => {
    await server.stop();
    server = new KubeApiDouble(new KubeApiDouble().kinds.filter((k) => k.kind !== 'Platform'));
    await server.start();
    const dir = tempFleet();
    const run = await diene(['apply', 'kube', '--platform', 'mercury', '--fleet', dir], kubeconfig(dir));
    expect(run.stderr).toMatch(/kube_kind_unserved.*does not serve diene\.atomi\.cloud\/v1alpha1 Platform/);
    expect(run.stderr).toMatch(/kube_object_failed.*cannot apply diene\.atomi\.cloud\/Platform mercury on lab/);
    expect(run.exitCode).toBe(4);
    expect(run.stdout).toMatch(/^apply failed {5}diene\.atomi\.cloud\/Platform mercury: /m);
  });
});
