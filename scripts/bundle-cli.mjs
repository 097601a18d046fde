#!/usr/bin/env node
// The command line's bundle: dist/cli.js and what it imports, dependencies
// included, bundled by esbuild into one ES module file, bundle/diene.mjs,
// with bundle/LICENCES.txt, the licence notices of every package bundled
// (scripts/bundle-licences-lib.mjs). The file is committed: the GitHub
// Action (action.yml) runs it from a clean checkout, the pre-commit hooks
// from the clone pre-commit makes, and the package's bin (bin/diene.js) from
// the installed package, none of them with an install step
// (docs/development.md, "The command line's bundle").
// Left out, imported from node_modules by the commands that need them: the
// optional peer dependencies (compiler/adapters/package-missing.ts). Every
// import of them is a dynamic one, so the one file loads them only when a
// command needs them.
// Same sources and dependencies, same bytes, in any checkout (test/cli/cli-bundle.test.ts):
// paths are relative to the repository and node_modules is not followed
// through a symbolic link.
//
// Part of `npm run build`, after TypeScript: it bundles dist/.
//   node scripts/bundle-cli.mjs [--out DIR]    (default: bundle/)

import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { build } from 'esbuild';
import { bundleLicences } from './bundle-licences-lib.mjs';
import { bundledRequires, nodeBundle, REQUIRING_MODULES, ROOT, version } from './esbuild-options.mjs';

/** The packages the bundle imports from node_modules: package.json's optional peer dependencies. */
const EXTERNAL = ['@aws-sdk/*', '@google-cloud/*', 'cloudflare', '@kubernetes/client-node', 'isomorphic-git'];

const { values } = parseArgs({ options: { out: { type: 'string' } } });
const OUT_DIR = path.resolve(values.out ?? path.join(ROOT, 'bundle'));

rmSync(OUT_DIR, { recursive: true, force: true });
mkdirSync(OUT_DIR, { recursive: true });
const result = await build({
  ...nodeBundle,
  absWorkingDir: ROOT,
  preserveSymlinks: true,
  // dist/ is JavaScript already: no tsconfig.json found on the way (its `strict` adds "use strict" lines) changes the output.
  tsconfigRaw: {},
  entryPoints: [path.join(ROOT, 'dist', 'cli.js')],
  outfile: path.join(OUT_DIR, 'diene.mjs'),
  external: EXTERNAL,
  define: {
    // The version and the compiler's identity come from the bundle (compile-cache.ts, tool-version.ts),
    DIENE_BUNDLED_VERSION: JSON.stringify(version),
    // and package.json and schemas/ are one folder up (package-root.ts).
    DIENE_PACKAGE_ROOT: JSON.stringify('../'),
  },
  // Legal comments stay in the file; LICENCES.txt carries every bundled package's licence.
  legalComments: 'eof',
  plugins: [bundledRequires(new RegExp(`${REQUIRING_MODULES.validators.source}|${REQUIRING_MODULES.templates.source}`))],
});
writeFileSync(path.join(OUT_DIR, 'LICENCES.txt'), bundleLicences(result.metafile, ROOT));
