#!/usr/bin/env node
// The plugin image's program: `diene render` (and the CLI front end around it:
// argument parsing, help, the version) bundled by esbuild into one ESM file,
// dist/plugin/diene.mjs, with only the modules render loads. The other
// commands are left out: each is replaced by a stub that answers with the
// catalog's `command_not_in_image` diagnostic, so the appliers' cloud SDKs,
// the Kubernetes client and isomorphic-git are never in the file.
// Writes dist/plugin/meta.json (esbuild's metafile: every input and its bytes)
// and dist/plugin/LICENCES.txt, the licence notices of every package bundled
// (scripts/bundle-licences-lib.mjs): the image ships both files of dist/plugin/
// that chart/plugin/Dockerfile copies, diene.mjs and LICENCES.txt.
//
// Run after `npm run build` (it bundles dist/, the code `bin/diene.js` runs):
//   npm run bundle:plugin

import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';
import { bundleLicences } from './bundle-licences-lib.mjs';
import { bundledRequires, nodeBundle, REQUIRING_MODULES, ROOT, version } from './esbuild-options.mjs';

const OUT_DIR = path.join(ROOT, 'dist', 'plugin');
/** The commands the plugin image runs; every other command module becomes a stub. */
const KEPT_COMMANDS = new Set(['render']);

/** `apply-dns` → `applyDns`. */
const camel = (name) => name.replace(/-([a-z])/g, (_m, c) => c.toUpperCase());

/**
 * The command modules `dist/cli.js` imports on demand (`./cli/<name>.js`):
 * kept ones are bundled, the others resolve to a stub with the same export.
 */
const commandStubs = {
  name: 'command-stubs',
  setup(b) {
    b.onResolve({ filter: /^\.\/cli\/[a-z-]+\.js$/ }, (args) => {
      if (args.kind !== 'dynamic-import' || path.basename(args.importer) !== 'cli.js') return undefined;
      const name = path.basename(args.path, '.js');
      if (KEPT_COMMANDS.has(name)) return undefined;
      return { path: name, namespace: 'command-stub', pluginData: { resolveDir: path.dirname(args.importer) } };
    });
    b.onLoad({ filter: /.*/, namespace: 'command-stub' }, (args) => {
      const name = args.path;
      const contents = [
        `import { ${camel(name)}Help as help } from './cli/${name}.help.js';`,
        "import { notInImageCommand } from './cli/not-in-image.js';",
        `export const ${camel(name)}Command = notInImageCommand(help);`,
      ].join('\n');
      return { contents, loader: 'js', resolveDir: args.pluginData.resolveDir };
    });
  },
};

/** bin/diene.js runs the command line's bundle; the plugin image is made from the modules of dist/ instead. */
const cliModules = {
  name: 'cli-modules',
  setup(b) {
    b.onResolve({ filter: /^\.\.\/bundle\/diene\.mjs$/ }, () => ({ path: path.join(ROOT, 'dist', 'cli.js') }));
  },
};

mkdirSync(OUT_DIR, { recursive: true });
const result = await build({
  ...nodeBundle,
  entryPoints: [path.join(ROOT, 'bin', 'diene.js')],
  outfile: path.join(OUT_DIR, 'diene.mjs'),
  // The version render prints in its stamp line: package.json is not in the image.
  define: { DIENE_BUNDLED_VERSION: JSON.stringify(version) },
  // Render renders no template: Handlebars' runtime stays out of the image.
  plugins: [cliModules, commandStubs, bundledRequires(REQUIRING_MODULES.validators)],
  // Legal comments stay in the file itself: a linked .LEGAL.txt exists only when some input has one.
  legalComments: 'eof',
});
writeFileSync(path.join(OUT_DIR, 'meta.json'), `${JSON.stringify(result.metafile, null, 2)}\n`);
writeFileSync(path.join(OUT_DIR, 'LICENCES.txt'), bundleLicences(result.metafile, ROOT));
const bytes = Object.values(result.metafile.outputs).reduce((sum, output) => sum + output.bytes, 0);
process.stdout.write(`dist/plugin/diene.mjs: ${bytes} bytes from ${Object.keys(result.metafile.inputs).length} inputs\n`);
