/**
 * Argo CD resource health checks run as Argo CD runs them, under the real
 * Lua 5.1 interpreter (Debian package lua5.1; Argo CD embeds gopher-lua,
 * which implements Lua 5.1). test/support/argocd-health/harness.lua mirrors
 * argoproj/argo-cd v3.5.1 `util/lua/lua.go` (`runLuaWithResourceActionParameters`:
 * the libraries a customization gets, the globals `obj` and `actionParams`;
 * `decodeValue`: how the resource becomes Lua values); {@link argoHealth}
 * mirrors `ExecuteHealthLua` (how the returned value becomes a health status)
 * and `isValidHealthStatusCode`; {@link overrideKey} mirrors
 * `util/settings/settings.go` `appendResourceOverridesFromSplitKeys` and
 * `convertToOverrideKey` (how an argocd-cm key names a group and kind), and
 * {@link configMapKey} `util/lua/lua.go` `GetConfigMapKey`.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { REPO_ROOT } from './fleet-fixture.js';

/** The interpreter (Debian package lua5.1). */
export const LUA = '/usr/bin/lua5.1';
const HARNESS = path.join(REPO_ROOT, 'test', 'support', 'argocd-health', 'harness.lua');

/** What is missing to run health scripts here, or `undefined`. */
export function luaMissing(): string | undefined {
  if (!existsSync(LUA)) return `${LUA} (Debian package lua5.1)`;
  const run = spawnSync(LUA, ['-v'], { encoding: 'utf8' });
  if (run.status !== 0 || !/Lua 5\.1/.test(`${run.stdout}${run.stderr}`)) return `${LUA} is not Lua 5.1`;
  return undefined;
}

/** A health status as Argo CD's `health.HealthStatus` carries it. */
export interface HealthStatus {
  status: string;
  message: string;
}

/** What Argo CD makes of one run: a status, or the error it reports (the resource's health is then unknown). */
export type HealthOutcome = { ok: true; health: HealthStatus } | { ok: false; error: string };

/** argo-cd v3.5.1 `isValidHealthStatusCode`. */
export const VALID_HEALTH_STATUSES = ['Unknown', 'Progressing', 'Suspended', 'Healthy', 'Degraded', 'Missing'] as const;

/** A Lua string literal of `text` (UTF-8 bytes; anything but printable ASCII as a decimal escape). */
function luaString(text: string): string {
  let out = '"';
  for (const byte of Buffer.from(text, 'utf8')) {
    if (byte >= 0x20 && byte < 0x7f && byte !== 0x22 && byte !== 0x5c) out += String.fromCharCode(byte);
    else out += `\\${byte}`;
  }
  return `${out}"`;
}

/** The resource as a Lua table constructor, as `decodeValue` builds it: maps are tables keyed by string, lists are sequences, null is nil. */
export function luaLiteral(value: unknown): string {
  if (value === null || value === undefined) return 'nil';
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new Error(`no Lua literal for ${value}`);
    return Number.isInteger(value) ? value.toFixed(0) : JSON.stringify(value);
  }
  if (typeof value === 'string') return luaString(value);
  if (Array.isArray(value)) return `{${value.map(luaLiteral).join(', ')}}`;
  if (typeof value === 'object')
    return `{${Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== null && v !== undefined)
      .map(([k, v]) => `[${luaString(k)}] = ${luaLiteral(v)}`)
      .join(', ')}}`;
  throw new Error(`no Lua literal for a ${typeof value}`);
}

interface RawField {
  type: string;
  value: string;
}

interface RawRun {
  error?: string;
  type?: string;
  empty?: boolean;
  fields: Record<string, RawField>;
}

function parseRun(stdout: Buffer): RawRun {
  let at = 0;
  const line = (): string => {
    const end = stdout.indexOf(0x0a, at);
    if (end < 0) throw new Error(`harness output ended early: ${stdout.toString('utf8')}`);
    const text = stdout.subarray(at, end).toString('utf8');
    at = end + 1;
    return text;
  };
  const bytes = (n: number): string => {
    const text = stdout.subarray(at, at + n).toString('utf8');
    at += n;
    return text;
  };
  const first = line();
  const error = /^error (\d+)$/.exec(first);
  if (error) return { error: bytes(Number(error[1])), fields: {} };
  const type = /^type (\w+)$/.exec(first)?.[1];
  if (type === undefined) throw new Error(`unexpected harness output: ${first}`);
  if (type !== 'table') return { type, fields: {} };
  const empty = line() === 'empty true';
  const fields: Record<string, RawField> = {};
  for (let i = 0; i < 2; i++) {
    const match = /^field (\w+) (\w+) (\d+)$/.exec(line());
    if (!match) throw new Error('unexpected harness output');
    fields[match[1] as string] = { type: match[2] as string, value: bytes(Number(match[3])) };
    at += 1;
  }
  return { type, empty, fields };
}

/** Runs `script` with the global `obj` = `resource` and returns what Argo CD's ExecuteHealthLua returns. */
export function argoHealth(script: string, resource: unknown): HealthOutcome {
  const dir = mkdtempSync(path.join(tmpdir(), 'diene-lua-'));
  try {
    const scriptFile = path.join(dir, 'health.lua');
    const objectFile = path.join(dir, 'object.lua');
    writeFileSync(scriptFile, script);
    writeFileSync(objectFile, `return ${luaLiteral(resource)}\n`);
    const run = spawnSync(LUA, [HARNESS, scriptFile, objectFile], { timeout: 10_000 });
    if (run.error) throw run.error;
    if (run.status !== 0) throw new Error(`the harness failed: ${run.stderr.toString('utf8')}`);
    const raw = parseRun(run.stdout);
    if (raw.error !== undefined) return { ok: false, error: raw.error };
    if (raw.type === 'nil') return { ok: true, health: { status: '', message: '' } };
    if (raw.type !== 'table') return { ok: false, error: `expect table output from Lua script, not ${raw.type}` };
    // gopher-json encodes an empty table as [], which does not unmarshal into a HealthStatus: Argo CD returns an empty status
    if (raw.empty) return { ok: true, health: { status: '', message: '' } };
    for (const name of ['status', 'message'])
      if (!['string', 'nil'].includes(raw.fields[name]?.type ?? 'nil'))
        return { ok: false, error: `json: cannot unmarshal ${raw.fields[name]?.type} into Go struct field HealthStatus.${name} of type string` };
    const status = raw.fields['status']?.value ?? '';
    const message = raw.fields['message']?.value ?? '';
    if (!(VALID_HEALTH_STATUSES as readonly string[]).includes(status))
      return { ok: true, health: { status: 'Unknown', message: 'Lua returned an invalid health status' } };
    return { ok: true, health: { status, message } };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** argo-cd v3.5.1 settings.go: the resource override key an argocd-cm `resource.customizations.<type>.<group_kind>` key configures, and the type. Throws as Argo CD fails on a bad key. */
export function overrideKey(cmKey: string): { type: string; key: string } | undefined {
  if (!cmKey.startsWith('resource.customizations')) return undefined;
  const parts = cmKey.split('.');
  if (parts.length < 4) return undefined;
  const groupKind = parts.slice(3).join('.');
  const pieces = groupKind.split('_');
  let key: string;
  if (pieces.length === 2) key = `${pieces[0]}/${pieces[1]}`;
  else if (pieces.length === 1 && groupKind !== '') key = groupKind;
  else
    throw new Error(
      `group kind should be in format \`resource.customizations.<type>.<group_kind>\` or resource.customizations.<type>.<kind>\`, got group kind: '${groupKind}'`,
    );
  return { type: parts[2] as string, key: key === 'all' ? '*/*' : key };
}

/** argo-cd v3.5.1 lua.go `GetConfigMapKey`: the override key Argo CD looks up for an object's group and kind. */
export function configMapKey(apiVersion: string, kind: string): string {
  const group = apiVersion.includes('/') ? apiVersion.slice(0, apiVersion.indexOf('/')) : '';
  return group === '' ? kind : `${group}/${kind}`;
}
