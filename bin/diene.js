#!/usr/bin/env node
// Runs the command line: the bundle bundle/diene.mjs when it is current, else dist/'s modules (a checkout's `npm run build` makes both).
// Exit code 1 means "stale" (SPEC §5), so nothing unexpected may ever end in 1:
// a failure to load the CLI, an uncaught exception or an unhandled rejection exits 70.
import { statSync } from 'node:fs';
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
try {
  const { main } = await (bundleIsCurrent() ? import('../bundle/diene.mjs') : import('../dist/cli.js'));
  // The Node release is passed on, so the run can warn once, in its own output form, when it is older than package.json engines.
  await main(process.argv.slice(2), { node: process.versions.node });
} catch (error) {
  if (error?.code === 'ERR_MODULE_NOT_FOUND' && /[\\/](dist[\\/]cli\.js|bundle[\\/]diene\.mjs)\b/.test(String(error.message))) {
    error.message = `dist/ is not built in ${fileURLToPath(new URL('..', import.meta.url))}: run \`npm ci\` (or \`npm run build\`) there`;
  }
  fail(error);
}
if (streamClosed) process.exit(process.exitCode ?? INTERNAL);
