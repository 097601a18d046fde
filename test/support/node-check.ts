/**
 * The Node release check off for the test run (vitest.config.ts `globalSetup`):
 * the tests run on whichever Node is first on PATH, and every diene they start,
 * in-process or as a child, must print the same bytes on each. The check itself
 * is tested with the variable removed (test/cli/node-release.test.ts).
 */
export default function setup(): void {
  process.env['DIENE_SKIP_NODE_CHECK'] = '1';
}
