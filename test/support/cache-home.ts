/**
 * The test run's own cache and state homes (vitest.config.ts `globalSetup`):
 * every diene the tests start, in-process or as a child, keeps its default
 * cache and its cache key there, never in the developer's ~/.cache and
 * ~/.local/state, and the run removes them when it ends.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

export default function setup(): () => void {
  const home = mkdtempSync(path.join(tmpdir(), 'diene-test-home-'));
  process.env['XDG_CACHE_HOME'] = path.join(home, 'cache');
  process.env['XDG_STATE_HOME'] = path.join(home, 'state');
  return () => rmSync(home, { recursive: true, force: true });
}
