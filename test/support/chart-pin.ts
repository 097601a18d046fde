/**
 * What Kargo, Argo CD and Helm do with a chart pin, by their own calls to
 * github.com/Masterminds/semver/v3: the Go program in
 * test/support/chart-pin/main.go (which names the upstream files it
 * mirrors), built against Debian's copy of the library
 * (golang-github-masterminds-semver-dev), the one all three engines import.
 *
 * Build: once per run, into a throwaway module under the system temp folder
 * whose files are symbolic links (our main.go, the library's sources), with
 * `GOFLAGS=-mod=mod GOPROXY=off`: no module download. The binary is cached by
 * a digest of every input and the Go version.
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { REPO_ROOT } from './fleet-fixture.js';

/** Debian's Masterminds/semver v3 sources. */
const SEMVER = '/usr/share/gocode/src/github.com/Masterminds/semver';
const MAIN_GO = path.join(REPO_ROOT, 'test', 'support', 'chart-pin', 'main.go');

/** What is missing to run the program here, or `undefined` when nothing is (for test/support/required.ts). */
export function chartPinMissing(): string | undefined {
  if (spawnSync('go', ['version']).status !== 0) return 'go (Debian package golang-go)';
  if (!existsSync(path.join(SEMVER, 'version.go'))) return `${SEMVER} (Debian package golang-github-masterminds-semver-dev)`;
  return undefined;
}

/** One question: a chart pin, and the tags its OCI repository holds. */
export interface ChartPinRequest {
  pin: string;
  tags: readonly string[];
}

/** What each engine does with it (see main.go). */
export interface ChartPinAnswer {
  /** Kargo's chart subscription discovers a tag spelt so (a Freight can carry it). */
  kargoDiscovers: boolean;
  /** Helm accepts it as a chart's own version (so `helm push` can make a tag spelt so). */
  helmChartVersion: boolean;
  /** The revision Argo CD resolves the pin to, or its error. */
  argocd: string;
  argocdOK: boolean;
  /** The tag `helm pull --version <Argo CD's revision>` pulls, or its error. */
  helm: string;
  /** Helm resolved a tag the repository holds: the row deploys. */
  helmOK: boolean;
}

let binary: string | undefined;

function build(): string {
  if (binary) return binary;
  const sources = readdirSync(SEMVER)
    .filter((name) => name.endsWith('.go') && !name.endsWith('_test.go'))
    .sort();
  const hash = createHash('sha256').update(spawnSync('go', ['version'], { encoding: 'utf8' }).stdout);
  const inputs: [string, string][] = [
    ['main.go', MAIN_GO],
    ['semver/go.mod', path.join(SEMVER, 'go.mod')],
    ...sources.map((n): [string, string] => [`semver/${n}`, path.join(SEMVER, n)]),
  ];
  for (const [name, file] of inputs) hash.update(`\0${name}\0`).update(readFileSync(file));
  const dir = path.join(tmpdir(), `diene-chart-pin-${hash.digest('hex').slice(0, 16)}`);
  const out = path.join(dir, 'chart-pin');
  if (!existsSync(out)) {
    mkdirSync(dir, { recursive: true });
    // Built in a fresh folder and renamed into place, so test files building at once never see half a binary.
    const work = mkdtempSync(path.join(dir, 'build-'));
    try {
      for (const [name, file] of inputs) {
        mkdirSync(path.dirname(path.join(work, name)), { recursive: true });
        symlinkSync(file, path.join(work, name));
      }
      writeFileSync(
        path.join(work, 'go.mod'),
        'module diene.test/chart-pin\ngo 1.19\nrequire github.com/Masterminds/semver/v3 v3.2.0\nreplace github.com/Masterminds/semver/v3 => ./semver\n',
      );
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
      if (run.status !== 0) throw new Error(`building the chart-pin program failed: ${run.stderr}`);
      renameSync(path.join(work, 'bin'), out);
    } finally {
      rmSync(work, { recursive: true, force: true });
    }
  }
  binary = out;
  return out;
}

/** What the engines do with each request, in order, in one process. */
export function chartPinAnswers(requests: readonly ChartPinRequest[]): ChartPinAnswer[] {
  const run = spawnSync(build(), [], { input: JSON.stringify(requests), encoding: 'utf8', timeout: 120_000 });
  if (run.status !== 0) throw new Error(`the chart-pin program failed: ${run.stderr}`);
  return JSON.parse(run.stdout) as ChartPinAnswer[];
}
