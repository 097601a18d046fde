/**
 * The plugin image's build stage makes every file the final stage copies out
 * of it. chart/plugin/Dockerfile is read with dockerfile-ast and its build
 * stage is played without Docker (no daemon here): the files its COPY lines
 * name are copied into an empty folder standing for WORKDIR, its RUN lines
 * run there (`npm ci` stands as a link to the lockfile's node_modules the
 * tests run on), then each source of a `COPY --from=build` must exist in that
 * folder. The licence notices the image ships (LICENCES.txt,
 * scripts/bundle-licences-lib.mjs) name every package of the bundle's
 * metafile with its licence text, and are the same bytes whatever the order
 * of the metafile's inputs.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DockerfileParser, type Instruction } from 'dockerfile-ast';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bundledPackageDirs, bundleLicences, type BundleMetafile } from '../../scripts/bundle-licences-lib.mjs';
import { REPO_ROOT } from '../support/fleet-fixture.js';

const dockerfile = DockerfileParser.parse(readFileSync(path.join(REPO_ROOT, 'chart', 'plugin', 'Dockerfile'), 'utf8'));
const instructions = dockerfile.getInstructions();
const froms = instructions.map((i, at) => ({ i, at })).filter(({ i }) => i.getKeyword() === 'FROM');
const buildFrom = froms.find(({ i }) => /\bAS\s+build$/i.test(i.getArgumentsContent() ?? ''));
const buildStage: Instruction[] = buildFrom === undefined ? [] : instructions.slice(buildFrom.at + 1, froms.find(({ at }) => at > buildFrom.at)?.at);
const workdir = buildStage.find((i) => i.getKeyword() === 'WORKDIR')?.getArgumentsContent() ?? '/';

let context: string;
const played: { run: string; status: number | null; output: string }[] = [];

beforeAll(() => {
  context = mkdtempSync(path.join(tmpdir(), 'diene-image-build-'));
  for (const instruction of buildStage) {
    const keyword = instruction.getKeyword();
    const args = (instruction.getArgumentsContent() ?? '').split(/\s+/);
    if (keyword === 'COPY') {
      const target = args.at(-1) ?? '';
      for (const source of args.slice(0, -1)) {
        // Docker's COPY: a folder's contents go into the target; a file goes into a target ending in `/`.
        const from = path.join(REPO_ROOT, source);
        const into = target.endsWith('/') && !statSync(from).isDirectory() ? path.join(context, target, path.basename(source)) : path.join(context, target);
        mkdirSync(path.dirname(into), { recursive: true });
        cpSync(from, into, { recursive: true });
      }
    } else if (keyword === 'RUN') {
      const run = instruction.getArgumentsContent() ?? '';
      if (/^npm ci\b/.test(run)) {
        symlinkSync(path.join(REPO_ROOT, 'node_modules'), path.join(context, 'node_modules'), 'dir');
        continue;
      }
      const result = spawnSync('sh', ['-c', run], { cwd: context, encoding: 'utf8', env: { ...process.env, CI: process.env['CI'] ?? '' } });
      played.push({ run, status: result.status, output: `${result.stdout}${result.stderr}` });
    }
  }
}, 300_000);

afterAll(() => rmSync(context, { recursive: true, force: true }));

describe('the build stage of chart/plugin/Dockerfile', () => {
  it('exists, with a WORKDIR and a RUN that bundles the plugin', () => {
    expect(buildStage.length).toBeGreaterThan(0);
    expect(workdir).toBe('/src');
    expect(played.map((p) => p.run)).toContain('npm run bundle:plugin');
  });

  it('runs every RUN line to success from only the files it copies', () => {
    for (const { run, status, output } of played) expect(status, `${run}\n${output}`).toBe(0);
  });

  it('makes every file a later stage copies --from=build', () => {
    const copied = dockerfile
      .getCOPYs()
      .filter((c) => c.getFromFlag()?.getValue() === 'build')
      .flatMap((c) => (c.getArgumentsContent() ?? '').split(/\s+/).slice(0, -1));
    expect(copied).toEqual(['/src/dist/plugin/diene.mjs', '/src/dist/plugin/LICENCES.txt']);
    for (const source of copied) expect(existsSync(path.join(context, path.relative(workdir, source))), source).toBe(true);
  });
});

describe('the licence notices the image ships', () => {
  const metafile = (): BundleMetafile => JSON.parse(readFileSync(path.join(context, 'dist', 'plugin', 'meta.json'), 'utf8')) as BundleMetafile;
  const notices = (): string => readFileSync(path.join(context, 'dist', 'plugin', 'LICENCES.txt'), 'utf8');

  it('name every package bundled, with its version, licence and licence text', () => {
    const dirs = bundledPackageDirs(metafile());
    // The packages render loads: the YAML parser, the validators' runtime, the public suffix list, …
    // (The folders are as esbuild resolved them from the build folder: through the node_modules link here.)
    for (const name of ['yaml', 'ajv', 'tldts', 'ipaddr.js', 'canonicalize'])
      expect(
        dirs.some((dir) => dir.endsWith(`node_modules/${name}`)),
        name,
      ).toBe(true);
    const text = notices();
    const pkg = JSON.parse(readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8')) as { name: string; version: string; license: string };
    expect(text).toContain(`\n${pkg.name} ${pkg.version}: ${pkg.license}\n`);
    for (const dir of dirs) {
      const manifest = JSON.parse(readFileSync(path.join(context, dir, 'package.json'), 'utf8')) as { name: string; version: string; license: string };
      expect(text, dir).toContain(`\n  ${manifest.name} ${manifest.version}: ${manifest.license}\n`);
    }
    // yaml is ISC, canonicalize Apache-2.0: the texts themselves, not only their names.
    expect(text).toContain('Permission to use, copy, modify, and/or distribute this software for any');
    expect(text).toContain('Apache License');
    expect(text).not.toContain('\r');
  });

  it('are the same bytes whatever the order of the bundle inputs', () => {
    const meta = metafile();
    const reversed = { inputs: Object.fromEntries(Object.entries(meta.inputs).reverse()) };
    expect(bundleLicences(reversed, context)).toBe(notices());
    expect(bundleLicences(meta, context)).toBe(notices());
  });

  it('stop the build when a bundled package ships no licence file', () => {
    const root = mkdtempSync(path.join(tmpdir(), 'diene-licences-'));
    try {
      writeFileSync(path.join(root, 'package.json'), JSON.stringify({ name: 'diene-compiler', version: '0.0.0', license: 'Apache-2.0' }));
      mkdirSync(path.join(root, 'node_modules', '@acme', 'bare'), { recursive: true });
      writeFileSync(path.join(root, 'node_modules', '@acme', 'bare', 'package.json'), JSON.stringify({ name: '@acme/bare', version: '1.2.3', license: 'MIT' }));
      writeFileSync(path.join(root, 'node_modules', '@acme', 'bare', 'index.js'), 'export {};\n');
      expect(() => bundleLicences({ inputs: { 'node_modules/@acme/bare/index.js': {} } }, root)).toThrow(
        'node_modules/@acme/bare (@acme/bare@1.2.3, MIT) ships no LICENSE, COPYING or NOTICE file',
      );
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});
