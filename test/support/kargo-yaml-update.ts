/**
 * Kargo's `yaml-update` promotion step, run with Kargo's own code: the Go
 * program in test/support/kargo-yaml-update/main.go calls `SetValuesInBytes`
 * from Kargo v1.11.2's pkg/yaml/yaml.go (with quote.go and
 * pkg/sjson/split_key.go), read in place from ../shared/upstream (see its
 * PROVENANCE.md). Nothing upstream is copied into the project.
 *
 * Build: once per run, into a throwaway module under the system temp folder
 * whose files are symbolic links: the upstream files at their own import path
 * (github.com/akuity/kargo/pkg/…), and Debian's gopkg.in/yaml.v3 sources
 * (golang-gopkg-yaml.v3-dev) beside a go.mod naming them go.yaml.in/yaml/v3,
 * the path Kargo imports. `GOFLAGS=-mod=mod GOPROXY=off`: no module download.
 * The binary is cached by a digest of every input (our main.go, the upstream
 * files, the yaml.v3 sources, the Go version).
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { REPO_ROOT } from './fleet-fixture.js';

/** The upstream Kargo tree, resolved from the repository root (never copied). */
export const KARGO_UPSTREAM = path.resolve(REPO_ROOT, '..', 'shared', 'upstream', 'kargo-v1.11.2');
/** The upstream files the program is built from, relative to {@link KARGO_UPSTREAM}. */
const UPSTREAM_FILES = ['pkg/yaml/yaml.go', 'pkg/yaml/quote.go', 'pkg/sjson/split_key.go'];
/** Debian's yaml.v3 sources (golang-gopkg-yaml.v3-dev): the same library Kargo imports as go.yaml.in/yaml/v3. */
const YAML_V3 = '/usr/share/gocode/src/gopkg.in/yaml.v3';
const MAIN_GO = path.join(REPO_ROOT, 'test', 'support', 'kargo-yaml-update', 'main.go');

/** What is missing to run Kargo's yaml-update here, or `undefined` when nothing is (for test/support/required.ts). */
export function kargoYamlUpdateMissing(): string | undefined {
  for (const file of UPSTREAM_FILES) if (!existsSync(path.join(KARGO_UPSTREAM, file))) return `the upstream Kargo source ${path.join(KARGO_UPSTREAM, file)}`;
  if (spawnSync('go', ['version']).status !== 0) return 'go (Debian package golang-go)';
  if (!existsSync(path.join(YAML_V3, 'yaml.go'))) return `${YAML_V3} (Debian package golang-gopkg-yaml.v3-dev)`;
  return undefined;
}

/** One update of a yaml-update step: a dot-separated key and the value Kargo hands the function. */
export interface YamlUpdate {
  key: string;
  value: unknown;
}

/** One call of the function: a file's text and its updates. */
export interface YamlUpdateRequest {
  content: string;
  updates: readonly YamlUpdate[];
}

/** What the function returns: the new text, or its error (the step then errors and nothing is committed). */
export type YamlUpdateResult = { output: string } | { error: string };

function yamlV3Sources(): string[] {
  return readdirSync(YAML_V3)
    .filter((name) => name.endsWith('.go') && !name.endsWith('_test.go'))
    .sort();
}

let binary: string | undefined;

function link(target: string, at: string): void {
  mkdirSync(path.dirname(at), { recursive: true });
  symlinkSync(target, at);
}

function build(): string {
  if (binary) return binary;
  const goVersion = spawnSync('go', ['version'], { encoding: 'utf8' }).stdout;
  const hash = createHash('sha256').update(goVersion);
  const inputs: [string, string][] = [
    ['main.go', MAIN_GO],
    ...UPSTREAM_FILES.map((file): [string, string] => [`kargo/${file}`, path.join(KARGO_UPSTREAM, file)]),
    ...yamlV3Sources().map((name): [string, string] => [`yaml-v3/${name}`, path.join(YAML_V3, name)]),
  ];
  for (const [name, file] of inputs) hash.update(`\0${name}\0`).update(readFileSync(file));
  const dir = path.join(tmpdir(), `diene-kargo-yaml-update-${hash.digest('hex').slice(0, 16)}`);
  const out = path.join(dir, 'kargo-yaml-update');
  if (!existsSync(out)) {
    mkdirSync(dir, { recursive: true });
    // Built in a fresh folder and renamed into place, so test files building at once never see half a binary.
    const work = mkdtempSync(path.join(dir, 'build-'));
    try {
      for (const [name, file] of inputs) link(file, path.join(work, name));
      writeFileSync(
        path.join(work, 'go.mod'),
        [
          'module diene.test/kargo-yaml-update',
          'go 1.19',
          'require (',
          '\tgithub.com/akuity/kargo v1.11.2',
          '\tgo.yaml.in/yaml/v3 v3.0.4',
          ')',
          'replace github.com/akuity/kargo => ./kargo',
          'replace go.yaml.in/yaml/v3 => ./yaml-v3',
          '',
        ].join('\n'),
      );
      writeFileSync(path.join(work, 'kargo', 'go.mod'), 'module github.com/akuity/kargo\ngo 1.19\nrequire go.yaml.in/yaml/v3 v3.0.4\n');
      writeFileSync(path.join(work, 'yaml-v3', 'go.mod'), 'module go.yaml.in/yaml/v3\ngo 1.19\n');
      const run = spawnSync('go', ['build', '-o', path.join(work, 'bin'), '.'], {
        cwd: work,
        env: {
          ...process.env,
          GO111MODULE: 'on',
          GOFLAGS: '-mod=mod',
          GOPROXY: 'off',
          GOWORK: 'off',
          GOCACHE: path.join(dir, 'cache'),
          GOPATH: path.join(dir, 'gopath'),
        },
        encoding: 'utf8',
        timeout: 300_000,
      });
      if (run.status !== 0) throw new Error(`building Kargo's yaml-update failed: ${run.stderr}`);
      renameSync(path.join(work, 'bin'), out);
    } finally {
      rmSync(work, { recursive: true, force: true });
    }
  }
  binary = out;
  return out;
}

/** Runs Kargo's `SetValuesInBytes` on every request, in one process; results in request order. */
export function yamlUpdateBatch(requests: readonly YamlUpdateRequest[]): YamlUpdateResult[] {
  const run = spawnSync(build(), [], { input: JSON.stringify(requests), encoding: 'utf8', timeout: 120_000, maxBuffer: 1 << 30 });
  if (run.status !== 0) throw new Error(`Kargo's yaml-update program failed: ${run.stderr}`);
  return JSON.parse(run.stdout) as YamlUpdateResult[];
}

/** Runs Kargo's `SetValuesInBytes` on one file's text: `{output}` with the new text, or `{error}`. */
export function yamlUpdate(content: string, updates: readonly YamlUpdate[]): YamlUpdateResult {
  return yamlUpdateBatch([{ content, updates }])[0] as YamlUpdateResult;
}

/**
 * The value Kargo hands `SetValuesInBytes` for a step value written
 * `${{ quote(<version>) }}`, as the compiler writes pin.chart and pin.image.
 * Mirrors akuity/kargo v1.11.2 pkg/expressions/json_templates.go: `quoteFunc`
 * formats a string with Go's `%q`, then `EvaluateTemplate` sees a result
 * enclosed in quotes, strips them and returns a string without parsing it as
 * a number or boolean. For printable ASCII `%q` escapes only `"` and `\`;
 * other text is outside what this mirrors and throws.
 */
export function promotedValue(version: string): string {
  if (!/^[\x20-\x7e]*$/.test(version)) throw new Error(`promotedValue mirrors Go's %q for printable ASCII only, not ${JSON.stringify(version)}`);
  return version.replace(/["\\]/g, (c) => `\\${c}`);
}
