#!/usr/bin/env node
// Runs the command line's bundle (`npm ci` builds dist/ and dist/bundle/ through the `prepare` script).
// Exit code 1 means "stale" (SPEC §5), so nothing unexpected may ever end in 1:
// a failure to load the CLI, an uncaught exception or an unhandled rejection exits 70.
const INTERNAL = 70;

// A reader that went away (`diene validate … 2>&1 | head -1`, a CI step that
// stops reading) makes the next write to stdout or stderr fail with EPIPE.
// Unhandled, that error became an uncaught exception whose report was written
// to the same closed stream, failing again, for ever, at 100 % CPU (issue 14).
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
// The AWS SDK warns under Node < 22 that its releases after 2027-01 need Node 22; diene supports
// Node 20.19 on purpose, so the notice is not actionable for its users. The program (not a library
// module) sets the SDK's documented switch, unless the caller did.
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
process.on('uncaughtException', fail);
process.on('unhandledRejection', fail);
try {
  const { main } = await import('../dist/bundle/cli.js');
  await main(process.argv.slice(2));
} catch (error) {
  fail(error);
}
if (streamClosed) process.exit(process.exitCode ?? INTERNAL);
