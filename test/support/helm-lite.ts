/**
 * Renders the Helm chart under chart/ without Helm: test/support/helm-lite/main.go
 * runs Go's text/template with sprig (the engine and function library Helm
 * uses) plus Helm's include/tpl/toYaml/required. Built once per run from
 * Debian's packages golang-go and golang-github-masterminds-sprig-dev
 * (GOPATH mode, no network); tests skip with the reason when they are absent.
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { REPO_ROOT } from './fleet-fixture.js';

const SOURCE = path.join(REPO_ROOT, 'test', 'support', 'helm-lite', 'main.go');
const GOPATH = '/usr/share/gocode';

/** Why the chart cannot be rendered here, or `undefined` when it can. */
export function helmLiteSkipReason(): string | undefined {
  if (spawnSync('go', ['version']).status !== 0) return 'go is not installed (Debian package golang-go)';
  if (!existsSync(path.join(GOPATH, 'src', 'github.com', 'Masterminds', 'sprig')))
    return 'sprig is not installed (Debian package golang-github-masterminds-sprig-dev)';
  if (!existsSync(path.join(GOPATH, 'src', 'gopkg.in', 'yaml.v3'))) return 'yaml.v3 is not installed (Debian package golang-gopkg-yaml.v3-dev)';
  return undefined;
}

let binary: string | undefined;

function build(): string {
  if (binary) return binary;
  const digest = createHash('sha256').update(readFileSync(SOURCE)).digest('hex').slice(0, 16);
  const dir = path.join(tmpdir(), `diene-helm-lite-${digest}`);
  const out = path.join(dir, 'helm-lite');
  if (!existsSync(out)) {
    mkdirSync(dir, { recursive: true });
    const run = spawnSync('go', ['build', '-o', out, SOURCE], {
      env: { ...process.env, GO111MODULE: 'off', GOPATH, GOCACHE: path.join(dir, 'cache'), GOFLAGS: '' },
      encoding: 'utf8',
      timeout: 300_000,
    });
    if (run.status !== 0) throw new Error(`building helm-lite failed: ${run.stderr}`);
  }
  binary = out;
  return out;
}

/** The result of rendering a chart: template path → text, or the template error. */
export type HelmRender = { ok: true; templates: Record<string, string> } | { ok: false; error: string };

/** Renders the chart at `chartDir` with `valueFiles` layered over its values.yaml. */
export function helmTemplate(chartDir: string, valueFiles: readonly string[] = [], options: { release?: string; namespace?: string } = {}): HelmRender {
  const args = [chartDir, ...valueFiles.flatMap((file) => ['--values', file])];
  if (options.release) args.push('--release', options.release);
  if (options.namespace) args.push('--namespace', options.namespace);
  const run = spawnSync(build(), args, { encoding: 'utf8', timeout: 60_000 });
  if (run.status !== 0) return { ok: false, error: run.stderr.trim() };
  return { ok: true, templates: JSON.parse(run.stdout) as Record<string, string> };
}
