#!/usr/bin/env node
// What each image would hold, measured without Docker: the plugin image's
// bundle (scripts/bundle-plugin.mjs) against the node_modules that
// `npm ci --omit=dev` installs (the plugin image before the bundle), and the
// appliers' install (`--omit=dev` with and without `--omit=optional`).
// Sizes are the bytes of the files (not disk blocks) of every package the
// lockfile installs under that option, read from the installed node_modules.
//   npm run bench:plugin-image

import { spawnSync } from 'node:child_process';
import { existsSync, lstatSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

/** Bytes of the files under `dir`, not descending into nested node_modules (they are lockfile entries of their own). */
function bytesOf(dir) {
  let total = 0;
  let files = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name === 'node_modules') continue;
      const inner = bytesOf(full);
      total += inner.bytes;
      files += inner.files;
    } else if (entry.isFile()) {
      total += statSync(full).size;
      files++;
    } else if (entry.isSymbolicLink()) total += lstatSync(full).size;
  }
  return { bytes: total, files };
}

/** The packages `npm ci` installs with `omit` (a set of 'dev' and 'optional'), their bytes and files. */
function install(omit) {
  const lock = JSON.parse(readFileSync(path.join(ROOT, 'package-lock.json'), 'utf8'));
  let bytes = 0;
  let files = 0;
  let packages = 0;
  const missing = [];
  const byTop = new Map();
  for (const [key, entry] of Object.entries(lock.packages)) {
    if (!key.startsWith('node_modules/')) continue;
    if (omit.has('dev') && entry.dev) continue;
    if (omit.has('optional') && (entry.optional || entry.devOptional)) continue;
    const dir = path.join(ROOT, key);
    if (!existsSync(dir)) {
      // Another platform's binary package (npm installs only the matching one).
      missing.push(key);
      continue;
    }
    const size = bytesOf(dir);
    bytes += size.bytes;
    files += size.files;
    packages++;
    const top = /^node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(key)?.[1] ?? key;
    const scope = top.startsWith('@') ? top.split('/')[0] : top;
    byTop.set(scope, (byTop.get(scope) ?? 0) + size.bytes);
  }
  return { bytes, files, packages, missing, byTop };
}

const mb = (bytes) => `${(bytes / 1e6).toFixed(1)} MB`;

if (!existsSync(path.join(ROOT, 'dist', 'plugin', 'meta.json'))) {
  const built = spawnSync(process.execPath, [path.join(ROOT, 'scripts', 'bundle-plugin.mjs')], { cwd: ROOT, stdio: 'inherit' });
  if (built.status !== 0) process.exit(built.status ?? 1);
}
const meta = JSON.parse(readFileSync(path.join(ROOT, 'dist', 'plugin', 'meta.json'), 'utf8'));
// The two files the image copies: the bundle (esbuild's outputs) and its licence notices.
const bundleBytes = Object.values(meta.outputs).reduce((sum, o) => sum + o.bytes, 0) + statSync(path.join(ROOT, 'dist', 'plugin', 'LICENCES.txt')).size;
const inputs = Object.entries(meta.inputs);
const loadedFromModules = inputs.filter(([file]) => file.includes('node_modules/')).reduce((sum, [, i]) => sum + i.bytes, 0);
const production = install(new Set(['dev']));
const withoutOptional = install(new Set(['dev', 'optional']));

const rows = [
  ['plugin image: dist/plugin/diene.mjs + LICENCES.txt', mb(bundleBytes), '2 files'],
  ['  of which read from node_modules (esbuild inputs)', mb(loadedFromModules), `${inputs.filter(([f]) => f.includes('node_modules/')).length} files`],
  ['npm ci --omit=dev (the old plugin image, the appliers)', mb(production.bytes), `${production.packages} packages, ${production.files} files`],
  ['npm ci --omit=dev --omit=optional (no cloud SDK)', mb(withoutOptional.bytes), `${withoutOptional.packages} packages, ${withoutOptional.files} files`],
];
for (const [what, size, count] of rows) process.stdout.write(`${what.padEnd(58)} ${size.padStart(9)}  ${count}\n`);
process.stdout.write('\nlargest production dependencies (--omit=dev):\n');
for (const [name, bytes] of [...production.byTop].sort((a, b) => b[1] - a[1]).slice(0, 8))
  process.stdout.write(`  ${name.padEnd(30)} ${mb(bytes).padStart(9)}\n`);
