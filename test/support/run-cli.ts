/**
 * Runs the built CLI (`bin/diene.js`, compiled by `npm run build`, which
 * `npm test` runs first) as a child process, the way users and ArgoCD run it.
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { REPO_ROOT } from './fleet-fixture.js';

export interface CliRun {
  exitCode: number;
  stdout: string;
  stderr: string;
}

/** Runs `diene …args` in `cwd` with `env` added; waits for it (up to 120 s). */
export function runCli(args: readonly string[], options: { cwd?: string; env?: Record<string, string>; input?: string } = {}): CliRun {
  const result = spawnSync(process.execPath, [path.join(REPO_ROOT, 'bin', 'diene.js'), ...args], {
    cwd: options.cwd ?? REPO_ROOT,
    // FORCE_COLOR from the developer's shell would colour what tests read as plain text.
    env: { ...process.env, GITHUB_ACTIONS: '', FORCE_COLOR: '', ...options.env },
    encoding: 'utf8',
    input: options.input,
    timeout: 120_000,
    maxBuffer: 256 * 1024 * 1024,
  });
  return { exitCode: result.status ?? -1, stdout: result.stdout, stderr: result.stderr };
}
