// What the two bundles of dist/ share (scripts/bundle-cli.mjs, the command
// line's; scripts/bundle-plugin.mjs, the plugin image's): esbuild's options
// for Node and ES modules, and the plugin that bundles what some modules of
// dist/ `require`.

import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = fileURLToPath(new URL('..', import.meta.url));

const pkg = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8'));

export const version = pkg.version;

/** The oldest Node the package supports, from package.json `engines.node` (`>=22.12` → `22.12`): what the bundles target. */
export const oldestNode = (() => {
  const floor = /^>=(\d+\.\d+)$/.exec(pkg.engines.node)?.[1];
  if (floor === undefined) throw new Error(`package.json engines.node is ${pkg.engines.node}, not >=MAJOR.MINOR: update scripts/esbuild-options.mjs`);
  return floor;
})();

/** dist/'s modules that `require` through `createRequire(import.meta.url)`: the generated validators (Ajv's runtime helpers) and the templates (Handlebars' runtime). */
export const REQUIRING_MODULES = {
  validators: /[\\/]dist[\\/]types[\\/]generated[\\/]validators\.js$/,
  templates: /[\\/]dist[\\/]3-emit[\\/]templates-engine\.js$/,
};

/**
 * Bundles what the modules matching `filter` `require`: with their
 * `createRequire` binding removed, esbuild sees plain `require` calls, puts
 * the required code in the bundle and runs it where the call is (so a lazy
 * require stays lazy).
 */
export function bundledRequires(filter) {
  return {
    name: 'bundled-requires',
    setup(b) {
      b.onLoad({ filter }, (args) => {
        const source = readFileSync(args.path, 'utf8');
        const binding = 'const require = createRequire(import.meta.url);';
        if (!source.includes(binding)) throw new Error(`${args.path} no longer makes require with createRequire: update scripts/esbuild-options.mjs`);
        return { contents: source.replace(binding, ''), loader: 'js' };
      });
    },
  };
}

/**
 * esbuild's options for an ES module bundle run by Node: add entry points, output and plugins.
 * @type {import('esbuild').BuildOptions}
 */
export const nodeBundle = {
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: `node${oldestNode}`,
  // ES module builds first: a UMD build (jsonc-parser's `main`) requires its own files at run time,
  // which a bundle does not have.
  mainFields: ['module', 'main'],
  // CommonJS dependencies (yaml's, ajv's) call require() for Node built-ins.
  banner: { js: "import { createRequire as __dieneCreateRequire } from 'node:module'; const require = __dieneCreateRequire(import.meta.url);" },
  legalComments: 'linked',
  metafile: true,
  logLevel: 'warning',
};
