#!/usr/bin/env node
// npm's `prepare` script: npm runs it after `npm ci` or `npm install` in a
// checkout or an unpacked package. In a checkout with the dev dependencies it
// builds dist/ with TypeScript, then the command line's bundle (bundle/diene.mjs).
// The packed package ships dist/ and not the sources, and `npm ci --omit=dev`
// installs no TypeScript: then the dist/ that is there is used as it is, and
// only a missing dist/ (or bundle) is an error.

import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const CONFIG = path.join(ROOT, 'tsconfig.build.json');

function typescriptCompiler() {
  try {
    return createRequire(path.join(ROOT, 'package.json')).resolve('typescript/bin/tsc');
  } catch {
    return undefined;
  }
}

const tsc = typescriptCompiler();
const hasSources = existsSync(CONFIG) && existsSync(path.join(ROOT, 'compiler', 'api.ts'));
if (hasSources && tsc !== undefined) {
  const build = spawnSync(process.execPath, [tsc, '-p', CONFIG], { cwd: ROOT, stdio: 'inherit' });
  // The command line's bundle, made from dist/ (esbuild is a dev dependency too).
  const bundle = build.status === 0 ? spawnSync(process.execPath, [path.join(ROOT, 'scripts', 'bundle-cli.mjs')], { cwd: ROOT, stdio: 'inherit' }) : build;
  process.exitCode = bundle.status ?? 1;
} else {
  const missing = ['dist/cli.js', 'dist/api.js', 'bundle/diene.mjs'].filter((file) => !existsSync(path.join(ROOT, file)));
  if (missing.length === 0) {
    const why = hasSources ? 'TypeScript is not installed (dev dependencies omitted)' : 'the package ships it built';
    process.stdout.write(`prepare: dist/ is used as it is: ${why}\n`);
  } else {
    const what = missing.length === 3 ? 'dist/ is missing' : `the package lacks ${missing.join(', ')}`;
    const how = hasSources ? 'TypeScript is not installed; run `npm ci` with the dev dependencies' : 'the sources are not here';
    process.stderr.write(`prepare: ${what} and cannot be built: ${how}\n`);
    process.exitCode = 1;
  }
}
