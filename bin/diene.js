#!/usr/bin/env node
// Runs the command line: the bundle bundle/diene.mjs when it is current, else dist/'s modules (a checkout's `npm run build` makes both).
// Exit code 1 means "stale" (SPEC §5), so nothing unexpected may ever end in 1:
// a failure to load the CLI, an uncaught exception or an unhandled rejection exits 70.
import { spawn } from 'node:child_process';
import { accessSync, constants, statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const INTERNAL = 70;

// A reader that went away (`diene validate … 2>&1 | head -1`, a CI step that
// stops reading) makes the next write to stdout or stderr fail with EPIPE.
// Unhandled, that error became an uncaught exception whose report was written
// to the same closed stream, failing again, for ever, at 100 % CPU.
// Nothing more can be said on a closed stream, so the process ends at once
// with the exit code the command chose (every write happens after the command
// has decided it; before that, it ends as soon as the command has decided).
let streamClosed = false;
function onStreamError() {
  streamClosed = true;
  if (process.exitCode !== undefined) process.exit(process.exitCode);
}
process.stdout.on('error', onStreamError);
process.stderr.on('error', onStreamError);

function fail(error) {
  process.exitCode = INTERNAL;
  if (streamClosed) process.exit(INTERNAL);
  // One line, no control character (a message can quote input; see printable() in compiler/diagnostics/format.ts).
  const message = (error instanceof Error ? error.message : String(error))
    .split(/\r?\n/)[0]
    .replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g, '\ufffd');
  process.stderr.write(`diene: internal error: ${message}\n`);
  if (process.argv.includes('--debug') && error instanceof Error && error.stack) process.stderr.write(`${error.stack}\n`);
}
// The AWS SDK warns under Node < 22 that its releases after 2027-01 need Node 22. diene needs Node
// 22.12 (package.json engines), so a supported Node never prints it; on an older one npm has warned
// already, and the notice would repeat that in every applier's output. The program (not a library
// module) sets the SDK's documented switch, unless the caller did.
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
process.on('uncaughtException', fail);
process.on('unhandledRejection', fail);
// `npm run build` makes dist/'s modules with TypeScript, then bundles them into bundle/diene.mjs (one
// file, committed: a clean checkout and the package run it with no build). A bundle older than
// dist/cli.js (TypeScript ran alone since) would run old code: dist/'s modules run then, slower to
// load but current. The package's files all carry the same time, so there the bundle runs.
function bundleIsCurrent() {
  const bundle = fileURLToPath(new URL('../bundle/diene.mjs', import.meta.url));
  const modules = fileURLToPath(new URL('../dist/cli.js', import.meta.url));
  try {
    return statSync(bundle).mtimeMs >= statSync(modules).mtimeMs;
  } catch (error) {
    // The bundle alone (dist/'s modules left out) runs; a bundle that cannot be looked at does not.
    return error?.path === modules;
  }
}

// The commands that load the whole fleet run in a Node started with V8's young generation capped:
// its semi-spaces (`--max-semi-space-size`, in MiB) grow larger by default on Node 22 and later,
// which takes an XL compile over 512 MiB, and the flag acts only when Node starts (set later, V8
// ignores it). This process becomes that Node (process.execve: the same process, its exit code and
// signals its own); where Node has no execve (Windows, Node before 22.15) the capped Node is a
// child whose exit code and ending signal become this process's, the signals this process is sent
// are passed on, and an IPC channel, closed when this process ends however it ends, ends the child
// with it. Node's start is paid twice: render (the ArgoCD plugin's command, which reads one
// platform), help, version and the commands that never read a fleet run here. A cap the user set (a
// Node flag or NODE_OPTIONS) is kept, and a debugger stays on the process it was started with
// (performance.md, "The young generation").
const SEMI_SPACE_MIB = 16;
const CAPPED_CHILD = 'DIENE_YOUNG_GENERATION_CAPPED';
const SEMI_SPACE_FLAG = /^--max[-_]semi[-_]space[-_]size(=|$)/;
const IN_THIS_PROCESS = new Set(['render', 'help', 'version', 'completion', 'schemas', 'init']);
const FORWARDED = ['SIGINT', 'SIGTERM', 'SIGHUP', 'SIGQUIT', 'SIGUSR2', 'SIGBREAK'];

function isExecutable(file) {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

function needsCappedNode(args) {
  if (isCappedChild || args.length === 0 || IN_THIS_PROCESS.has(args[0])) return false;
  if (args.some((arg) => ['--help', '-h', '--version', '-V'].includes(arg))) return false;
  if (process.execArgv.some((flag) => SEMI_SPACE_FLAG.test(flag) || flag.startsWith('--inspect'))) return false;
  return !(process.env.NODE_OPTIONS ?? '').split(/\s+/).some((option) => SEMI_SPACE_FLAG.test(option));
}

/** Runs this script again in a capped Node; resolves false when that Node could not start (the command then runs here). */
function runInCappedNode(args) {
  const script = fileURLToPath(import.meta.url);
  const nodeArgs = [...process.execArgv, `--max-semi-space-size=${SEMI_SPACE_MIB}`, script, ...args];
  const env = { ...process.env, [CAPPED_CHILD]: '1' };
  // A failed execve aborts the process (nothing to catch), so the binary is looked at first: one
  // deleted or replaced since it started runs the command here (the child cannot start either).
  if (typeof process.execve === 'function' && isExecutable(process.execPath)) process.execve(process.execPath, [process.execPath, ...nodeArgs], env);
  const child = spawn(process.execPath, nodeArgs, { stdio: ['inherit', 'inherit', 'inherit', 'ipc'], env });
  const forward = (signal) => child.kill(signal);
  return new Promise((resolve) => {
    child.once('error', () => resolve(false));
    child.once('spawn', () => {
      for (const signal of FORWARDED) if (process.platform === 'win32' || signal !== 'SIGBREAK') process.on(signal, forward);
    });
    child.once('exit', (code, signal) => {
      for (const name of FORWARDED) process.removeListener(name, forward);
      if (signal) process.kill(process.pid, signal);
      else process.exitCode = code;
      resolve(true);
    });
  });
}

const isCappedChild = process.env[CAPPED_CHILD] === '1';
if (isCappedChild) {
  // Not passed on to what this process starts; the parent's end (its IPC channel closing) ends this one.
  delete process.env[CAPPED_CHILD];
  if (process.channel) {
    process.on('disconnect', () => process.kill(process.pid, 'SIGTERM'));
    process.channel.unref();
  }
}

try {
  const args = process.argv.slice(2);
  if (!(needsCappedNode(args) && (await runInCappedNode(args)))) await runHere(args);
} catch (error) {
  if (error?.code === 'ERR_MODULE_NOT_FOUND' && /[\\/](dist[\\/]cli\.js|bundle[\\/]diene\.mjs)\b/.test(String(error.message))) {
    error.message = `dist/ is not built in ${fileURLToPath(new URL('..', import.meta.url))}: run \`npm ci\` (or \`npm run build\`) there`;
  }
  fail(error);
}
if (streamClosed) process.exit(process.exitCode ?? INTERNAL);

async function runHere(args) {
  const { main } = await (bundleIsCurrent() ? import('../bundle/diene.mjs') : import('../dist/cli.js'));
  // The Node release is passed on, so the run can warn once, in its own output form, when it is older than package.json engines.
  await main(args, { node: process.versions.node });
}
