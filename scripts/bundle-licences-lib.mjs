// The licence notices of a bundle, made from its inputs: every package whose
// files esbuild put into the bundle (the metafile's `inputs`, read back to
// the folder under node_modules that holds each one) with its name, version,
// SPDX licence and the full text of its licence and notice files. The
// compiler's own code is named first, with package.json's licence.
// Same inputs, same bytes: packages sorted by name and version, line endings
// made LF, no date, no absolute path.
// A bundled package that ships no licence file stops the build: its notice
// cannot be carried, so the bundle cannot be shipped as it is.

import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** The files of a package's folder that carry its licence or notices (LICENSE, LICENCE.md, LICENSE-MIT.txt, COPYING, NOTICE). */
const LICENCE_FILE = /^(licen[cs]e|copying|notice)([-._].*)?$/i;

/**
 * The package folders (relative to `root`, `/`-separated) that a metafile's
 * inputs come from: `node_modules/yaml/dist/index.js` → `node_modules/yaml`,
 * `node_modules/a/node_modules/@s/b/x.js` → `node_modules/a/node_modules/@s/b`.
 * Inputs outside node_modules (the compiler's own dist/, esbuild's virtual modules) are not packages.
 * @param {{ inputs: Record<string, unknown> }} metafile esbuild's metafile
 * @returns {string[]} the folders, sorted, each once
 */
export function bundledPackageDirs(metafile) {
  const dirs = new Set();
  for (const input of Object.keys(metafile.inputs)) {
    const parts = input.split(/[\\/]/);
    const at = parts.lastIndexOf('node_modules');
    if (at < 0 || at + 1 >= parts.length) continue;
    const length = parts[at + 1].startsWith('@') ? 2 : 1;
    dirs.add(parts.slice(0, at + 1 + length).join('/'));
  }
  return [...dirs].sort();
}

const lf = (text) => `${text.replace(/\r\n?/g, '\n').replace(/\s+$/, '')}\n`;
const byNameThenVersion = (a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : a.version < b.version ? -1 : a.version > b.version ? 1 : 0);

/**
 * The notices text of a bundle.
 * @param {{ inputs: Record<string, unknown> }} metafile esbuild's metafile of the bundle
 * @param {string} root the folder esbuild resolved the metafile's paths against (the repository root)
 * @returns {string} the text, LF line endings, final newline
 * @throws {Error} when a bundled package has no licence file or no `license` in its package.json
 */
export function bundleLicences(metafile, root) {
  const own = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'));
  const packages = [];
  const seen = new Set();
  for (const dir of bundledPackageDirs(metafile)) {
    const manifest = JSON.parse(readFileSync(path.join(root, dir, 'package.json'), 'utf8'));
    const key = `${manifest.name}@${manifest.version}`;
    // The same release installed twice (nested node_modules) is one notice.
    if (seen.has(key)) continue;
    seen.add(key);
    const licence = typeof manifest.license === 'string' ? manifest.license : manifest.license?.type;
    if (!licence) throw new Error(`${dir}/package.json names no licence: the bundle cannot carry its notice`);
    const files = readdirSync(path.join(root, dir))
      .filter((name) => LICENCE_FILE.test(name))
      .sort();
    if (files.length === 0) throw new Error(`${dir} (${key}, ${licence}) ships no LICENSE, COPYING or NOTICE file: the bundle cannot carry its notice`);
    const texts = files.map((name) => ({ name, text: lf(readFileSync(path.join(root, dir, name), 'utf8')) }));
    packages.push({ name: manifest.name, version: manifest.version, licence, texts });
  }
  packages.sort(byNameThenVersion);

  const rule = '-'.repeat(78);
  const lines = [
    `Licences of the software in this bundle: ${own.name} ${own.version} and the ${packages.length} packages bundled with it.`,
    '',
    `${own.name} ${own.version}: ${own.license}`,
    '',
    'Bundled packages:',
    ...packages.map((p) => `  ${p.name} ${p.version}: ${p.licence}`),
    '',
  ];
  for (const p of packages) {
    for (const file of p.texts) lines.push(rule, `${p.name} ${p.version} (${p.licence}): ${file.name}`, rule, '', file.text);
  }
  return lf(lines.join('\n'));
}
