/**
 * Issue 13 item 4: the Argo CD health checks of the five dependency records,
 * as compiled into argocd-cm/dependency-health.yaml, run the way Argo CD v3.5.1
 * runs a resource customization, under the real Lua 5.1 interpreter, against
 * a resource in each state.
 *
 * Mirrors argoproj/argo-cd v3.5.1:
 * - util/lua/health_test.go (TestLuaHealthScript): each case is an input
 *   object and the expected {status, message}, as resource_customizations/
 *   <group>/<Kind>/health_test.yaml lists them;
 * - util/lua/lua.go (runLuaWithResourceActionParameters, decodeValue,
 *   ExecuteHealthLua, isValidHealthStatusCode, GetConfigMapKey) and
 *   util/lua/oslib_safe.go: in test/support/argocd-health/harness.lua and
 *   test/support/argocd-health.ts;
 * - util/settings/settings.go (appendResourceOverridesFromSplitKeys,
 *   convertToOverrideKey): how the argocd-cm keys reach those scripts;
 * - manifests/base/config/argocd-cm.yaml: the stock argocd-cm the patch is
 *   applied to, with the real kubectl, as docs/operator-outputs.md tells the operator.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parse, parseAllDocuments } from 'yaml';
import { DEPENDENCY_KINDS, healthKey, type DependencyKind } from '../../compiler/3-emit/argocd-health-checks.js';
import { compileFleet } from '../../compiler/index.js';
import { argoHealth, configMapKey, luaMissing, overrideKey, type HealthOutcome } from '../support/argocd-health.js';
import { readFleetTexts, TEST_NOW_SECONDS, toSourceFiles } from '../support/fleet-fixture.js';
import { loadKubectl } from '../support/kubectl.js';
import { skippedBecause, skipUnlessPresent } from '../support/required.js';

const missing = luaMissing();

const compiled = compileFleet(toSourceFiles(readFleetTexts()), { nowSeconds: TEST_NOW_SECONDS }).outputs as Map<string, string>;
const patchText = compiled.get('argocd-cm/dependency-health.yaml') as string;
const patch = parseAllDocuments(patchText).map(
  (d) => d.toJS() as { apiVersion: string; kind: string; metadata: Record<string, unknown>; data: Record<string, string> },
);

/** Each record's name and a plausible spec (health reads neither). */
const RECORDS: Record<DependencyKind, { name: string; spec: Record<string, unknown> }> = {
  Cache: { name: 'pages', spec: { engine: 'redis', memory: '256Mi' } },
  Database: { name: 'main', spec: { engine: 'postgres', version: '16' } },
  Email: { name: 'notifications', spec: { domain: 'tin.nitroso.raichu.cluster.atomi.cloud' } },
  KeyValue: { name: 'sessions', spec: { engine: 'valkey' } },
  Store: { name: 'uploads', spec: { bucket: 'nitroso-tin-uploads' } },
};

type Condition = { type: string; status: 'True' | 'False' | 'Unknown'; reason?: string; message?: string; observedGeneration?: number };

function record(
  kind: DependencyKind,
  status?: { observedGeneration?: number; conditions?: Condition[] },
  generation: number | undefined = 2,
): Record<string, unknown> {
  const { name, spec } = RECORDS[kind];
  return {
    apiVersion: 'diene.atomi.cloud/v1alpha1',
    kind,
    metadata: { name, namespace: 'nitroso-tin', ...(generation !== undefined ? { generation } : {}), uid: '8d0c1b5e-5a8f-4a53-9b47-2f0d0c6f1e11' },
    spec: { secretName: `tin-${name}`, ...spec },
    ...(status !== undefined ? { status } : {}),
  };
}

const ready = (status: Condition['status'], extra: Partial<Condition> = {}): Condition => ({
  type: 'Ready',
  status,
  reason: status === 'True' ? 'Provisioned' : 'Provisioning',
  observedGeneration: 2,
  ...extra,
});
const written = (status: Condition['status'], extra: Partial<Condition> = {}): Condition => ({
  type: 'SecretWritten',
  status,
  reason: status === 'True' ? 'Written' : 'Pending',
  observedGeneration: 2,
  ...extra,
});
const stalled = (status: Condition['status'], extra: Partial<Condition> = {}): Condition => ({ type: 'Stalled', status, observedGeneration: 2, ...extra });

/** Every state a record goes through, and the health Argo CD must show (`what` is "<Kind> <name>"). */
const STATES: { state: string; object: (kind: DependencyKind) => Record<string, unknown>; expected: (what: string) => HealthOutcome }[] = [
  {
    state: 'just created: no status yet',
    object: (kind) => record(kind),
    expected: (what) => ({ ok: true, health: { status: 'Progressing', message: `waiting for the controller to report on ${what}` } }),
  },
  {
    state: 'seen, no condition yet',
    object: (kind) => record(kind, { observedGeneration: 2 }),
    expected: (what) => ({ ok: true, health: { status: 'Progressing', message: `waiting for ${what} to be ready` } }),
  },
  {
    state: "provisioning: Ready False with the controller's message",
    object: (kind) => record(kind, { observedGeneration: 2, conditions: [ready('False', { message: 'creating the instance' })] }),
    expected: () => ({ ok: true, health: { status: 'Progressing', message: 'creating the instance' } }),
  },
  {
    state: 'provisioning: Ready Unknown, no message',
    object: (kind) => record(kind, { observedGeneration: 2, conditions: [ready('Unknown', { reason: undefined })] }),
    expected: (what) => ({ ok: true, health: { status: 'Progressing', message: `waiting for ${what} to be ready` } }),
  },
  {
    state: 'ready, its secret not reported yet',
    object: (kind) => record(kind, { observedGeneration: 2, conditions: [ready('True')] }),
    expected: (what) => ({ ok: true, health: { status: 'Progressing', message: `${what} is ready; waiting for its secret to be written` } }),
  },
  {
    state: 'ready, its secret not written yet',
    object: (kind) => record(kind, { observedGeneration: 2, conditions: [ready('True'), written('False', { message: 'waiting for the credentials' })] }),
    expected: () => ({ ok: true, health: { status: 'Progressing', message: 'waiting for the credentials' } }),
  },
  {
    state: 'the secret written before the record is ready',
    object: (kind) => record(kind, { observedGeneration: 2, conditions: [written('True'), ready('False')] }),
    expected: (what) => ({ ok: true, health: { status: 'Progressing', message: `waiting for ${what} to be ready` } }),
  },
  {
    state: 'ready and its secret written',
    object: (kind) => record(kind, { observedGeneration: 2, conditions: [ready('True', { message: 'ready' }), written('True')] }),
    expected: (what) => ({ ok: true, health: { status: 'Healthy', message: `${what} is ready and its secret is written` } }),
  },
  {
    state: 'ready and written, Stalled False',
    object: (kind) => record(kind, { observedGeneration: 2, conditions: [stalled('False'), ready('True'), written('True')] }),
    expected: (what) => ({ ok: true, health: { status: 'Healthy', message: `${what} is ready and its secret is written` } }),
  },
  {
    state: 'ready and written, a record without a generation',
    object: (kind) =>
      record(kind, { conditions: [ready('True', { observedGeneration: undefined }), written('True', { observedGeneration: undefined })] }, undefined),
    expected: (what) => ({ ok: true, health: { status: 'Healthy', message: `${what} is ready and its secret is written` } }),
  },
  {
    state: 'ready and written for generation 1, the spec changed since (generation 2)',
    object: (kind) =>
      record(kind, { observedGeneration: 1, conditions: [ready('True', { observedGeneration: 1 }), written('True', { observedGeneration: 1 })] }),
    expected: (what) => ({ ok: true, health: { status: 'Progressing', message: `waiting for the controller to act on generation 2 of ${what}` } }),
  },
  {
    state: 'status of generation 2, but its conditions still of generation 1',
    object: (kind) =>
      record(kind, { observedGeneration: 2, conditions: [ready('True', { observedGeneration: 1 }), written('True', { observedGeneration: 1 })] }),
    expected: (what) => ({ ok: true, health: { status: 'Progressing', message: `waiting for ${what} to be ready` } }),
  },
  {
    state: "failed: Stalled True with the controller's message",
    object: (kind) =>
      record(kind, {
        observedGeneration: 2,
        conditions: [ready('False'), stalled('True', { reason: 'QuotaExceeded', message: 'the account has no quota left' })],
      }),
    expected: () => ({ ok: true, health: { status: 'Degraded', message: 'the account has no quota left' } }),
  },
  {
    state: 'failed: Stalled True, no message',
    object: (kind) => record(kind, { observedGeneration: 2, conditions: [stalled('True', { reason: 'SecretWriteFailed' })] }),
    expected: (what) => ({ ok: true, health: { status: 'Degraded', message: `${what} failed (SecretWriteFailed)` } }),
  },
  {
    state: 'failed although Ready and the secret say True (a rotation failed)',
    object: (kind) => record(kind, { observedGeneration: 2, conditions: [ready('True'), written('True'), stalled('True', { reason: 'RotationFailed' })] }),
    expected: (what) => ({ ok: true, health: { status: 'Degraded', message: `${what} failed (RotationFailed)` } }),
  },
];

describe.skipIf(skipUnlessPresent(missing))(`Argo CD health checks of the dependency records, in Lua 5.1${skippedBecause(missing)}`, () => {
  it("patches argocd-cm in fleet.yaml's Argo CD namespace with one health key per kind", () => {
    expect(patch).toHaveLength(1);
    const [configMap] = patch;
    expect(configMap?.apiVersion).toBe('v1');
    expect(configMap?.kind).toBe('ConfigMap');
    expect(configMap?.metadata).toEqual({ name: 'argocd-cm', namespace: 'argocd', labels: { 'app.kubernetes.io/part-of': 'argocd' } });
    expect(Object.keys(configMap?.data ?? {})).toEqual([
      'resource.customizations.health.diene.atomi.cloud_Cache',
      'resource.customizations.health.diene.atomi.cloud_Database',
      'resource.customizations.health.diene.atomi.cloud_Email',
      'resource.customizations.health.diene.atomi.cloud_KeyValue',
      'resource.customizations.health.diene.atomi.cloud_Store',
    ]);
  });

  it.each(DEPENDENCY_KINDS)('Argo CD looks up the %s key for a diene.atomi.cloud record of any version', (kind) => {
    for (const apiVersion of ['diene.atomi.cloud/v1alpha1', 'diene.atomi.cloud/v1'])
      expect(overrideKey(healthKey(kind))).toEqual({ type: 'health', key: configMapKey(apiVersion, kind) });
    expect(configMapKey('diene.atomi.cloud/v1alpha1', kind)).toBe(`diene.atomi.cloud/${kind}`);
  });

  describe.each(DEPENDENCY_KINDS)('%s', (kind) => {
    const script = patch[0]?.data[healthKey(kind)] as string;
    const what = `${kind} ${RECORDS[kind].name}`;
    it.each(STATES.map((s) => [s.state, s] as const))('%s', (_state, { object, expected }) => {
      expect(argoHealth(script, object(kind))).toEqual(expected(what));
    });
  });

  it('every state is covered for every kind: Healthy, Progressing and Degraded each occur', () => {
    const seen = new Set<string>();
    for (const kind of DEPENDENCY_KINDS)
      for (const { object } of STATES) {
        const outcome = argoHealth(patch[0]?.data[healthKey(kind)] as string, object(kind));
        if (outcome.ok) seen.add(outcome.health.status);
      }
    expect([...seen].sort()).toEqual(['Degraded', 'Healthy', 'Progressing']);
  });
});

describe.skipIf(skipUnlessPresent(missing))(`the harness is as strict as Argo CD without useOpenLibs${skippedBecause(missing)}`, () => {
  const ok = (status: string, message: string): HealthOutcome => ({ ok: true, health: { status, message } });

  it('reads the object as decodeValue builds it: maps as tables, lists as sequences, numbers as numbers', () => {
    const script =
      'return { status = "Healthy", message = obj.kind .. " " .. #obj.status.conditions .. " " .. obj.status.conditions[2].type .. " " .. (obj.metadata.generation + 1) .. " " .. tostring(obj.spec.absent) }';
    const object = {
      kind: 'Database',
      metadata: { generation: 2 },
      spec: { absent: null },
      status: { conditions: [{ type: 'Ready' }, { type: 'SecretWritten' }] },
    };
    expect(argoHealth(script, object)).toEqual(ok('Healthy', 'Database 2 SecretWritten 3 nil'));
    expect(argoHealth('return { status = "Healthy", message = obj.metadata.name }', { metadata: { name: 'ünïcode "quoted" \\ back\nslash' } })).toEqual(
      ok('Healthy', 'ünïcode "quoted" \\ back\nslash'),
    );
  });

  it('has no string, math, io or debug library, and strings have no methods', () => {
    for (const script of [
      'return { status = string.format("%s", "Healthy") }',
      'return { status = ("Healthy"):lower() }',
      'return { status = tostring(math.max(1, 2)) }',
      'io.write("x")',
      'debug.traceback()',
    ]) {
      const outcome = argoHealth(script, {});
      expect(outcome.ok, script).toBe(false);
    }
  });

  it('has the base and table libraries and the safe os (time and date, also through require)', () => {
    expect(
      argoHealth(
        'local t = {} table.insert(t, "Healthy") return { status = t[1], message = type(os.time()) .. type(require("os").date) .. tostring(os.exit) }',
        {},
      ),
    ).toEqual(ok('Healthy', 'numberfunctionnil'));
  });

  it('turns what is returned into a health status as ExecuteHealthLua does', () => {
    expect(argoHealth('return { status = "Fine" }', {})).toEqual(ok('Unknown', 'Lua returned an invalid health status'));
    expect(argoHealth('return nil', {})).toEqual(ok('', ''));
    expect(argoHealth('local x = 1', {})).toEqual(ok('', ''));
    expect(argoHealth('return {}', {})).toEqual(ok('', ''));
    expect(argoHealth('return 3', {})).toEqual({ ok: false, error: 'expect table output from Lua script, not number' });
    expect(argoHealth('return { status = 1 }', {}).ok).toBe(false);
    expect(argoHealth('return { status = "Progressing" }', {})).toEqual(ok('Progressing', ''));
    expect(argoHealth('error("broken")', {}).ok).toBe(false);
    expect(argoHealth('return {', {}).ok).toBe(false);
    expect(argoHealth('return obj.status.conditions[1]', {}).ok).toBe(false);
  });
});

/** The head of argo-cd v3.5.1 manifests/base/config/argocd-cm.yaml, in the namespace an install puts it in. */
const STOCK_ARGOCD_CM = `apiVersion: v1
kind: ConfigMap
metadata:
  name: argocd-cm
  namespace: argocd
  labels:
    app.kubernetes.io/name: argocd-cm
    app.kubernetes.io/part-of: argocd
data:
  resource.customizations.ignoreResourceUpdates.all: |
    jsonPointers:
      - /status
`;

const kubectl = await loadKubectl();
const kubectlMissing = typeof kubectl === 'string' ? kubectl : undefined;

describe.skipIf(skipUnlessPresent(kubectlMissing))(`installing the patch with kubectl patch${skippedBecause(kubectlMissing)}`, () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'diene-argocd-cm-'));
  afterAll(() => {
    rmSync(dir, { recursive: true, force: true });
    if (typeof kubectl !== 'string') kubectl.cleanup();
  });

  it.each([['strategic'], ['merge']])('adds the five scripts to a stock argocd-cm and keeps what it had (--type %s)', (type) => {
    if (typeof kubectl === 'string') throw new Error(kubectl);
    writeFileSync(path.join(dir, 'argocd-cm.yaml'), STOCK_ARGOCD_CM);
    writeFileSync(path.join(dir, 'dependency-health.yaml'), patchText);
    const run = kubectl.run([
      'patch',
      '--local',
      '-f',
      path.join(dir, 'argocd-cm.yaml'),
      '--type',
      type,
      '--patch-file',
      path.join(dir, 'dependency-health.yaml'),
      '-o',
      'yaml',
    ]);
    expect(run.exitCode, run.stderr).toBe(0);
    const patched = parse(run.stdout) as { metadata: { name: string; namespace: string; labels: Record<string, string> }; data: Record<string, string> };
    expect([patched.metadata.name, patched.metadata.namespace]).toEqual(['argocd-cm', 'argocd']);
    expect(patched.metadata.labels).toEqual({ 'app.kubernetes.io/name': 'argocd-cm', 'app.kubernetes.io/part-of': 'argocd' });
    expect(patched.data['resource.customizations.ignoreResourceUpdates.all']).toBe('jsonPointers:\n  - /status\n');
    for (const kind of DEPENDENCY_KINDS) expect(patched.data[healthKey(kind)]).toBe(patch[0]?.data[healthKey(kind)]);
  });
});
