/**
 * The command line's bundle (scripts/bundle-cli.mjs, bundle/diene.mjs): one
 * committed file, what bin/diene.js runs, and with it the GitHub Action and
 * the pre-commit hooks. The sources build it byte for byte (in any folder,
 * through a symbolic link to node_modules or not), and the committed file is
 * that build; a package holding only the bin, the bundle, package.json and
 * schemas/ (no module of dist/ beside it) runs every kind of command; it
 * finds package.json and schemas/ one folder up; the compile cache's key
 * covers the file; and the optional peer dependencies stay outside it,
 * imported only by the commands that need them.
 */
import { spawnSync } from 'node:child_process';
import { appendFileSync, cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFleetTexts, REPO_ROOT, writeTempFleet } from '../support/fleet-fixture.js';
import { readOutputTree } from '../../compiler/adapters/filesystem/output-tree.js';

const NOW = ['--now', '2026-11-21T00:00:00Z'];
/** How many files the reference fleet compiles to: its golden tree's size (every output kind adds files). */
const GOLDEN_FILES = (await readOutputTree(path.join(REPO_ROOT, 'golden', 'reference'))).size;
const BUNDLE = path.join(REPO_ROOT, 'bundle');
const pkg = JSON.parse(readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8')) as { version: string; peerDependencies: Record<string, string> };
const version = pkg.version;

let work: string;
let lonePackage: string;
let fleet: { dir: string; cleanup: () => void };

beforeAll(() => {
  work = mkdtempSync(path.join(tmpdir(), 'diene-cli-bundle-'));
  // The package as the bin sees it, with no dist/: the bundle alone.
  lonePackage = path.join(work, 'package');
  mkdirSync(lonePackage, { recursive: true });
  cpSync(path.join(REPO_ROOT, 'bin'), path.join(lonePackage, 'bin'), { recursive: true });
  cpSync(BUNDLE, path.join(lonePackage, 'bundle'), { recursive: true });
  cpSync(path.join(REPO_ROOT, 'schemas'), path.join(lonePackage, 'schemas'), { recursive: true });
  cpSync(path.join(REPO_ROOT, 'package.json'), path.join(lonePackage, 'package.json'));
  symlinkSync(path.join(REPO_ROOT, 'node_modules'), path.join(lonePackage, 'node_modules'), 'dir');
  fleet = writeTempFleet(readFleetTexts());
});

afterAll(() => {
  rmSync(work, { recursive: true, force: true });
  fleet.cleanup();
});

/** Runs `bin/diene.js …args` of the package at `root`. */
function binIn(root: string, args: readonly string[]): { exitCode: number; stdout: string; stderr: string } {
  const run = spawnSync(process.execPath, [path.join(root, 'bin', 'diene.js'), ...args], {
    cwd: work,
    env: { ...process.env, GITHUB_ACTIONS: '', FORCE_COLOR: '' },
    encoding: 'utf8',
    timeout: 60_000,
  });
  return { exitCode: run.status ?? -1, stdout: run.stdout, stderr: run.stderr };
}

const diene = (args: readonly string[]) => binIn(lonePackage, args);

/** The files of a bundle folder, name → bytes. */
function bundleFiles(dir: string): Record<string, string> {
  return Object.fromEntries(
    readdirSync(dir)
      .sort()
      .map((file) => [file, readFileSync(path.join(dir, file), 'latin1')]),
  );
}

describe("the command line's bundle", () => {
  it('is one file and its licences, which the sources build byte for byte again, from this checkout and from a copy reaching node_modules through a link', () => {
    expect(readdirSync(BUNDLE).sort()).toEqual(['LICENCES.txt', 'diene.mjs']);
    const again = path.join(work, 'again');
    const built = spawnSync(process.execPath, [path.join(REPO_ROOT, 'scripts', 'bundle-cli.mjs'), '--out', again], { cwd: work, encoding: 'utf8' });
    expect(built.status, built.stderr).toBe(0);
    expect(bundleFiles(again)).toEqual(bundleFiles(BUNDLE));
    // Another checkout (a git worktree, a CI clone) whose node_modules is a link: the same bytes.
    const copy = path.join(work, 'checkout-copy');
    for (const part of ['dist', 'scripts', 'package.json']) cpSync(path.join(REPO_ROOT, part), path.join(copy, part), { recursive: true });
    symlinkSync(path.join(REPO_ROOT, 'node_modules'), path.join(copy, 'node_modules'), 'dir');
    const elsewhere = spawnSync(process.execPath, [path.join(copy, 'scripts', 'bundle-cli.mjs')], { cwd: copy, encoding: 'utf8' });
    expect(elsewhere.status, elsewhere.stderr).toBe(0);
    expect(bundleFiles(path.join(copy, 'bundle'))).toEqual(bundleFiles(BUNDLE));
  }, 120_000);

  it('is committed as the sources build it: bundle/ holds no change git does not have (run `npm run build` and commit bundle/)', () => {
    const status = spawnSync('git', ['status', '--porcelain', '--untracked-files=all', '--', 'bundle'], { cwd: REPO_ROOT, encoding: 'utf8' });
    expect(status.status).toBe(0);
    expect(status.stdout).toBe('');
  });

  it('is what bin/diene.js runs: with no module of dist/ beside it, it validates, renders and prints the version and the schemas', () => {
    expect(diene(['--version']).stdout).toBe(`${version}\n`);
    const validate = diene(['validate', '--fleet', fleet.dir, ...NOW]);
    expect([validate.exitCode, validate.stderr.trim().split('\n').at(-1)]).toEqual([0, '0 errors, 6 warnings']);
    const render = diene(['render', '--platform', 'nitroso', '--fleet', fleet.dir, '--no-cache', ...NOW]);
    expect(render.exitCode).toBe(0);
    expect(render.stdout).toContain('kind: ApplicationSet');
    // package.json and schemas/ are found one folder up from the bundle (DIENE_PACKAGE_ROOT).
    const schemas = diene(['schemas', '--out', path.join(work, 'schemas')]);
    expect(schemas.exitCode).toBe(0);
    expect(readdirSync(path.join(work, 'schemas')).sort()).toEqual(readdirSync(path.join(REPO_ROOT, 'schemas')).sort());
  });

  it('keys the compile cache by the bundle: a bundle changed makes the next compile a cold one, and the one after replays it', () => {
    const cache = path.join(work, 'cache');
    const compile = () => diene(['compile', '--fleet', fleet.dir, '--out', path.join(work, 'out'), '--cache', cache, ...NOW]);
    expect(compile().exitCode).toBe(0);
    const warm = compile();
    expect([warm.exitCode, warm.stderr]).toEqual([0, expect.stringContaining('(from the cache')]);
    appendFileSync(path.join(lonePackage, 'bundle', 'diene.mjs'), '\n// another build\n');
    const changed = compile();
    expect([changed.exitCode, changed.stderr]).toEqual([
      0,
      expect.stringMatching(new RegExp(`up to date: the ${GOLDEN_FILES} files in .* already match the inputs`)),
    ]);
    expect(changed.stderr).not.toContain('from the cache');
    expect(compile().stderr).toContain('(from the cache');
  });

  it('leaves the optional peer dependencies out, each imported with a dynamic import() only (a static one would load it, or fail, on every run)', () => {
    const text = readFileSync(path.join(BUNDLE, 'diene.mjs'), 'utf8');
    for (const name of Object.keys(pkg.peerDependencies)) {
      const quoted = `"${name}`;
      expect(text, name).toContain(`import(${quoted}`);
      expect(text, name).not.toMatch(new RegExp(`^import .*from ${quoted.replace(/[/.]/g, '\\$&')}`, 'm'));
    }
    // Their code is not in it: no module of theirs was bundled.
    expect(text).not.toMatch(/node_modules\/(@aws-sdk|@google-cloud|cloudflare|@kubernetes|isomorphic-git)\//);
    // Every static import is a Node built-in.
    const statics = [...text.matchAll(/^import [^;]*? from "([^"]+)";$/gm)].map((m) => m[1] as string);
    expect(
      statics.filter(
        (name) =>
          !name.startsWith('node:') &&
          ![
            'stream',
            'fs',
            'path',
            'os',
            'crypto',
            'util',
            'events',
            'url',
            'zlib',
            'http',
            'https',
            'net',
            'tls',
            'buffer',
            'child_process',
            'assert',
            'module',
            'string_decoder',
          ].includes(name),
      ),
    ).toEqual([]);
  });
});

describe('bin/diene.js', () => {
  let checkout: string;
  beforeAll(() => {
    // A checkout's layout: dist/'s modules and the bundle beside them, the bundle's entry made to fail when it runs.
    checkout = path.join(work, 'checkout');
    for (const part of ['bin', 'bundle', 'dist', 'schemas', 'package.json']) cpSync(path.join(REPO_ROOT, part), path.join(checkout, part), { recursive: true });
    symlinkSync(path.join(REPO_ROOT, 'node_modules'), path.join(checkout, 'node_modules'), 'dir');
    writeFileSync(path.join(checkout, 'bundle', 'diene.mjs'), "export async function main() { throw new Error('the bundle ran'); }\n");
  });

  it("runs the bundle when it is as new as dist/cli.js or newer, and dist/'s modules when it is older (TypeScript ran alone since) or missing", () => {
    const bundle = path.join(checkout, 'bundle', 'diene.mjs');
    const modules = path.join(checkout, 'dist', 'cli.js');
    utimesSync(bundle, new Date('2026-11-20T00:00:00Z'), new Date('2026-11-20T00:00:00Z'));
    utimesSync(modules, new Date('2026-11-20T00:00:00Z'), new Date('2026-11-20T00:00:00Z'));
    expect(binIn(checkout, ['--version']).stderr).toBe('diene: internal error: the bundle ran\n');
    utimesSync(modules, new Date('2026-11-21T00:00:00Z'), new Date('2026-11-21T00:00:00Z'));
    expect(binIn(checkout, ['--version'])).toEqual({ exitCode: 0, stdout: `${version}\n`, stderr: '' });
    rmSync(path.join(checkout, 'bundle'), { recursive: true });
    const validate = binIn(checkout, ['validate', '--fleet', fleet.dir, ...NOW]);
    expect([validate.exitCode, validate.stderr.trim().split('\n').at(-1)]).toEqual([0, '0 errors, 6 warnings']);
  });

  it('says to build when neither dist/ nor the bundle is there, instead of naming a module Node could not find', () => {
    rmSync(path.join(checkout, 'dist'), { recursive: true, force: true });
    rmSync(path.join(checkout, 'bundle'), { recursive: true, force: true });
    const run = binIn(checkout, ['--version']);
    expect(run).toEqual({
      exitCode: 70,
      stdout: '',
      stderr: `diene: internal error: dist/ is not built in ${checkout}/: run \`npm ci\` (or \`npm run build\`) there\n`,
    });
  });
});
