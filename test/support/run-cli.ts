/**
 * Runs the built CLI (`bin/diene.js`, compiled by `npm run build`, which
 * `npm test` runs first) as a child process, the way users and ArgoCD run it.
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type * as Cli from '../../compiler/cli.js';
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

type CliModule = typeof Cli;
let built: Promise<CliModule> | undefined;

/** The command line's bundle, `bundle/diene.mjs`: the module bin/diene.js loads, so an in-process run is the binary's code. */
function builtCli(): Promise<CliModule> {
  built ??= import(pathToFileURL(path.join(REPO_ROOT, 'bundle', 'diene.mjs')).href) as Promise<CliModule>;
  return built;
}

/** Appends what a stream's `write` is handed (a string, or bytes in `encoding`) to `sink`; calls back like a stream. */
function collector(sink: { text: string }): typeof process.stdout.write {
  return ((chunk: string | Uint8Array, encoding?: BufferEncoding | ((error?: Error | null) => void), callback?: (error?: Error | null) => void) => {
    sink.text += typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString(typeof encoding === 'string' ? encoding : 'utf8');
    const done = typeof encoding === 'function' ? encoding : callback;
    if (done) queueMicrotask(() => done(null));
    return true;
  }) as typeof process.stdout.write;
}

/** Sets `name` on `target` as an own property for a while; returns the undo. */
function shadow(target: object, name: string, value: unknown): () => void {
  const own = Object.getOwnPropertyDescriptor(target, name);
  Object.defineProperty(target, name, { value, configurable: true, writable: true });
  return () => {
    if (own) Object.defineProperty(target, name, own);
    else delete (target as Record<string, unknown>)[name];
  };
}

let inProcessBusy = false;

/**
 * Runs `diene …args` inside this process: the `main` of the bundle
 * (`bundle/diene.mjs`) that bin/diene.js calls, with the same environment {@link runCli} gives a
 * child (`GITHUB_ACTIONS` and `FORCE_COLOR` empty, then `env`), `cwd` as the
 * working directory, and stdout and stderr collected as the pipes of a child
 * (not terminals); `node` is the Node release bin/diene.js would pass (none:
 * no release check). For tests whose subject is a command's output, diagnostics
 * and exit code, not the process: start-up, signals, closed pipes, terminals,
 * uids and resource limits need {@link runCli}. test/cli/in-process.test.ts
 * holds the two to the same bytes. The process's cwd, environment, exit code
 * and streams are restored afterwards; runs may not overlap.
 */
export async function runCliInProcess(args: readonly string[], options: { cwd?: string; env?: Record<string, string>; node?: string } = {}): Promise<CliRun> {
  if (inProcessBusy) throw new Error('runCliInProcess: runs in one process may not overlap');
  inProcessBusy = true;
  const { main } = await builtCli();
  const out = { text: '' };
  const err = { text: '' };
  const undo: (() => void)[] = [];
  const cwd = process.cwd();
  const exitCode = process.exitCode;
  // A warning Node emits during the run is printed on stderr, as a child prints it (once per process, though: Node emits some warnings only once).
  const onWarning = (warning: Error) => (err.text += `(node:${process.pid}) ${warning.name}: ${warning.message}\n`);
  process.on('warning', onWarning);
  try {
    // bin/diene.js sets this one unless the caller did.
    const env: Record<string, string> = {
      AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: process.env['AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED'] ?? 'true',
      GITHUB_ACTIONS: '',
      FORCE_COLOR: '',
      ...options.env,
    };
    for (const [name, value] of Object.entries(env)) {
      const before = process.env[name];
      process.env[name] = value;
      undo.push(() => {
        if (before === undefined) delete process.env[name];
        else process.env[name] = before;
      });
    }
    undo.push(shadow(process.stdout, 'write', collector(out)), shadow(process.stderr, 'write', collector(err)));
    undo.push(shadow(process.stdout, 'isTTY', undefined), shadow(process.stderr, 'isTTY', undefined));
    process.chdir(options.cwd ?? REPO_ROOT);
    process.exitCode = undefined;
    // bin/diene.js passes the Node release it runs on; a test names the release it plays.
    await main(args, options.node === undefined ? {} : { node: options.node });
    await new Promise((resolve) => setImmediate(resolve));
    return { exitCode: Number(process.exitCode ?? 0), stdout: out.text, stderr: err.text };
  } finally {
    process.off('warning', onWarning);
    process.exitCode = exitCode;
    process.chdir(cwd);
    for (const step of undo.reverse()) step();
    inProcessBusy = false;
  }
}
