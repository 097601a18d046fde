#!/usr/bin/env node
// Runs the compiled CLI (`npm ci` builds dist/ through the `prepare` script).
// Exit code 1 means "stale" (SPEC §5), so nothing unexpected may ever end in 1:
// a failure to load the CLI, an uncaught exception or an unhandled rejection exits 70.
const INTERNAL = 70;
function fail(error) {
  const message = error instanceof Error ? error.message : String(error);
  process.stderr.write(`diene: internal error: ${message.split('\n')[0]}\n`);
  if (process.argv.includes('--debug') && error instanceof Error && error.stack) process.stderr.write(`${error.stack}\n`);
  process.exitCode = INTERNAL;
}
process.on('uncaughtException', fail);
process.on('unhandledRejection', fail);
try {
  const { main } = await import('../dist/cli.js');
  await main(process.argv.slice(2));
} catch (error) {
  fail(error);
}
