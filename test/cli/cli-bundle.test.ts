/**
 * The command line's bundle (scripts/bundle-cli.mjs, dist/bundle/): what
 * bin/diene.js runs. A package holding only the bin, the bundle, package.json
 * and schemas/ (no module of dist/ beside it) runs every kind of command; it
 * finds package.json and schemas/ two folders up from a chunk; the compile
 * cache's key covers every chunk, so a bundle changed in any chunk never
 * replays the entries of the one before; and the appliers' packages stay
 * outside it, loaded from node_modules by the commands that need them.
 */
import { spawnSync } from 'node:child_process';
import { appendFileSync, cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFleetTexts, REPO_ROOT, writeTempFleet } from '../support/fleet-fixture.js';

const NOW = ['--now', '2026-11-21T00:00:00Z'];
const BUNDLE = path.join(REPO_ROOT, 'dist', 'bundle');
const version = (JSON.parse(readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8')) as { version: string }).version;

let work: string;
let lonePackage: string;
let fleet: { dir: string; cleanup: () => void };

beforeAll(() => {
  work = mkdtempSync(path.join(tmpdir(), 'diene-cli-bundle-'));
  // The package as the bin sees it, with dist/ holding nothing but the bundle.
  lonePackage = path.join(work, 'package');
  mkdirSync(path.join(lonePackage, 'dist'), { recursive: true });
  cpSync(path.join(REPO_ROOT, 'bin'), path.join(lonePackage, 'bin'), { recursive: true });
  cpSync(BUNDLE, path.join(lonePackage, 'dist', 'bundle'), { recursive: true });
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

describe("the command line's bundle", () => {
  it('is what bin/diene.js runs: with no module of dist/ beside it, it validates, renders and prints the version and the schemas', () => {
    expect(readdirSync(path.join(lonePackage, 'dist'))).toEqual(['bundle']);
    expect(diene(['--version']).stdout).toBe(`${version}\n`);
    const validate = diene(['validate', '--fleet', fleet.dir, ...NOW]);
    expect([validate.exitCode, validate.stderr.trim().split('\n').at(-1)]).toEqual([0, '0 errors, 6 warnings']);
    const render = diene(['render', '--platform', 'nitroso', '--fleet', fleet.dir, '--no-cache', ...NOW]);
    expect(render.exitCode).toBe(0);
    expect(render.stdout).toContain('kind: ApplicationSet');
    // package.json and schemas/ are found two folders up from a chunk (DIENE_PACKAGE_ROOT).
    const schemas = diene(['schemas', '--out', path.join(work, 'schemas')]);
    expect(schemas.exitCode).toBe(0);
    expect(readdirSync(path.join(work, 'schemas')).sort()).toEqual(readdirSync(path.join(REPO_ROOT, 'schemas')).sort());
  });

  it('keys the compile cache by every chunk: a chunk changed makes the next compile a cold one, and the one after replays it', () => {
    const cache = path.join(work, 'cache');
    const compile = () => diene(['compile', '--fleet', fleet.dir, '--out', path.join(work, 'out'), '--cache', cache, ...NOW]);
    expect(compile().exitCode).toBe(0);
    const warm = compile();
    expect([warm.exitCode, warm.stderr]).toEqual([0, expect.stringContaining('(from the cache')]);
    // A chunk other than the entry: the one the compile command's module went into.
    const chunks = readdirSync(path.join(lonePackage, 'dist', 'bundle')).filter((file) => file.endsWith('.js') && file !== 'cli.js');
    const compileChunk = chunks.find((file) => readFileSync(path.join(lonePackage, 'dist', 'bundle', file), 'utf8').includes('async function runCompile('));
    expect(compileChunk).toBeDefined();
    // Not the chunk that computes the key: a key made of its own file only would miss the change.
    expect(readFileSync(path.join(lonePackage, 'dist', 'bundle', compileChunk as string), 'utf8')).not.toContain('function compilerDigest');
    appendFileSync(path.join(lonePackage, 'dist', 'bundle', compileChunk as string), '\n// another build\n');
    const changed = compile();
    expect([changed.exitCode, changed.stderr]).toEqual([0, expect.stringMatching(/up to date: the 46 files in .* already match the inputs/)]);
    expect(changed.stderr).not.toContain('from the cache');
    expect(compile().stderr).toContain('(from the cache');
  });

  it("leaves the appliers' packages out: the cloud SDKs, the Kubernetes client and isomorphic-git are imported from node_modules", () => {
    const text = readdirSync(BUNDLE)
      .filter((file) => file.endsWith('.js'))
      .map((file) => readFileSync(path.join(BUNDLE, file), 'utf8'))
      .join('\n');
    for (const name of ['@aws-sdk/client-route-53', '@aws-sdk/client-s3', '@google-cloud/dns', 'cloudflare', '@kubernetes/client-node', 'isomorphic-git'])
      expect(text, name).toMatch(new RegExp(`(from |import\\()"${name.replace(/[/.]/g, '\\$&')}"`));
    // Their code is not in it: no module of theirs was bundled.
    expect(text).not.toMatch(/node_modules\/(@aws-sdk|@google-cloud|cloudflare|@kubernetes|isomorphic-git)\//);
  });
});

describe('bin/diene.js', () => {
  let checkout: string;
  beforeAll(() => {
    // A checkout's layout: dist/'s modules and the bundle beside them, the bundle's entry made to fail when it runs.
    checkout = path.join(work, 'checkout');
    for (const part of ['bin', 'dist', 'schemas', 'package.json']) cpSync(path.join(REPO_ROOT, part), path.join(checkout, part), { recursive: true });
    symlinkSync(path.join(REPO_ROOT, 'node_modules'), path.join(checkout, 'node_modules'), 'dir');
    writeFileSync(path.join(checkout, 'dist', 'bundle', 'cli.js'), "export async function main() { throw new Error('the bundle ran'); }\n");
  });

  it("runs the bundle when it is as new as dist/cli.js or newer, and dist/'s modules when it is older (TypeScript ran alone since) or missing", () => {
    const bundle = path.join(checkout, 'dist', 'bundle', 'cli.js');
    const modules = path.join(checkout, 'dist', 'cli.js');
    utimesSync(bundle, new Date('2026-11-20T00:00:00Z'), new Date('2026-11-20T00:00:00Z'));
    utimesSync(modules, new Date('2026-11-20T00:00:00Z'), new Date('2026-11-20T00:00:00Z'));
    expect(binIn(checkout, ['--version']).stderr).toBe('diene: internal error: the bundle ran\n');
    utimesSync(modules, new Date('2026-11-21T00:00:00Z'), new Date('2026-11-21T00:00:00Z'));
    expect(binIn(checkout, ['--version'])).toEqual({ exitCode: 0, stdout: `${version}\n`, stderr: '' });
    rmSync(path.join(checkout, 'dist', 'bundle'), { recursive: true });
    const validate = binIn(checkout, ['validate', '--fleet', fleet.dir, ...NOW]);
    expect([validate.exitCode, validate.stderr.trim().split('\n').at(-1)]).toEqual([0, '0 errors, 6 warnings']);
  });

  it('says to build when dist/ is not built, instead of naming a module Node could not find', () => {
    rmSync(path.join(checkout, 'dist'), { recursive: true, force: true });
    const run = binIn(checkout, ['--version']);
    expect(run).toEqual({
      exitCode: 70,
      stdout: '',
      stderr: `diene: internal error: dist/ is not built in ${checkout}/: run \`npm ci\` (or \`npm run build\`) there\n`,
    });
  });
});
