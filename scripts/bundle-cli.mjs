#!/usr/bin/env node
// The command line's bundle: dist/cli.js and what it imports, dependencies
// included, bundled by esbuild into dist/bundle/ (an entry, cli.js, and
// chunks the commands load on demand). bin/diene.js runs it. Loading a
// few files instead of some 400 modules (the compiler's and yaml's, Ajv's,
// handlebars') halves the CPU of a short run (docs/performance.md, "The
// command line's bundle"). The library (dist/api.js) stays unbundled.
// Left out, loaded from node_modules by the commands that need them: the
// cloud SDKs (optional dependencies, absent from a lean install), the
// Kubernetes client and isomorphic-git (large, and only for appliers).
//
// Part of `npm run build`, after TypeScript: it bundles dist/.

import { rmSync } from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';
import { bundledRequires, nodeBundle, REQUIRING_MODULES, ROOT, version } from './esbuild-options.mjs';

const OUT_DIR = path.join(ROOT, 'dist', 'bundle');

rmSync(OUT_DIR, { recursive: true, force: true });
await build({
  ...nodeBundle,
  entryPoints: [path.join(ROOT, 'dist', 'cli.js')],
  outdir: OUT_DIR,
  splitting: true,
  chunkNames: 'chunk-[hash]',
  external: ['@aws-sdk/*', '@google-cloud/*', 'cloudflare', '@kubernetes/client-node', 'isomorphic-git'],
  define: {
    // The version and the compiler's identity come from the bundle (compile-cache.ts, tool-version.ts),
    DIENE_BUNDLED_VERSION: JSON.stringify(version),
    // and package.json and schemas/ are two folders up from a chunk (package-root.ts).
    DIENE_PACKAGE_ROOT: JSON.stringify('../../'),
  },
  metafile: false,
  // Linked maps (not shipped: the package holds dist/**/*.js): `--enable-source-maps` shows a stack in compiler/'s sources.
  sourcemap: 'linked',
  plugins: [bundledRequires(new RegExp(`${REQUIRING_MODULES.validators.source}|${REQUIRING_MODULES.templates.source}`))],
});
