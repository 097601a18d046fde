/**
 * Runs the built CLI the way a user or a CI job does, bounded in wall time
 * and V8 heap, and checks what no run may ever do (issue 9): time out, crash,
 * print a stack trace, a fatal V8 error, an internal error or a Node warning.
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { expect } from 'vitest';
import type { Diagnostic } from '../../compiler/diagnostics/diagnostic.js';
import { REPO_ROOT } from './fleet-fixture.js';

const BIN = path.join(REPO_ROOT, 'bin', 'diene.js');
/** The uid and gid of user nobody, for runs that must not be root. */
export const NOBODY = 65534;
/** Bounds of one run: wall time and V8 heap. */
export const TIME_LIMIT_MS = 60_000;
export const HEAP_LIMIT_MB = 256;

/** Runs `diene …args` in `cwd` with a {@link TIME_LIMIT_MS} time limit (then SIGKILL) and a {@link HEAP_LIMIT_MB} heap; as user nobody when asked and running as root. */
export function boundedCli(args: readonly string[], options: { cwd: string; asNobody?: boolean }) {
  const asNobody = options.asNobody === true && process.getuid?.() === 0;
  const run = spawnSync(process.execPath, [`--max-old-space-size=${HEAP_LIMIT_MB}`, BIN, ...args], {
    cwd: options.cwd,
    env: { ...process.env, GITHUB_ACTIONS: '' },
    encoding: 'utf8',
    timeout: TIME_LIMIT_MS,
    killSignal: 'SIGKILL',
    maxBuffer: 64 * 1024 * 1024,
    ...(asNobody ? { uid: NOBODY, gid: NOBODY } : {}),
  });
  return { exitCode: run.status, signal: run.signal, stdout: run.stdout ?? '', stderr: run.stderr ?? '', error: run.error };
}

/** Asserts the things no run may ever do: time out, crash, print a stack, a fatal V8 error, an internal error or a Node warning, or exit other than `exitCodes` (default 0 or 2). */
export function expectNoCrash(run: ReturnType<typeof boundedCli>, exitCodes: readonly number[] = [0, 2]): void {
  expect(run.error, 'the run did not finish within its time limit').toBeUndefined();
  expect(run.signal, `killed by ${run.signal}`).toBeNull();
  expect(exitCodes, `exit ${run.exitCode}\n${run.stderr.slice(0, 2000)}`).toContain(run.exitCode);
  expect(run.stderr).not.toMatch(/internal error|FATAL ERROR|Maximum call stack|\(node:\d+\)|^\s+at .+:\d+:\d+\)?$/m);
}

/** The diagnostics array of a `--format json` run (stdout for validate, stderr otherwise). */
export function jsonDiagnostics(run: { stdout: string; stderr: string }): Diagnostic[] {
  const stream = run.stdout.trimStart().startsWith('[') ? run.stdout : run.stderr;
  const start = stream.indexOf('[');
  return start === -1 ? [] : (JSON.parse(stream.slice(start, stream.lastIndexOf(']') + 1)) as Diagnostic[]);
}
