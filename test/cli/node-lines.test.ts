/**
 * The command line's bundle on every supported Node line: one release of each
 * (scripts/node-lines-lib.mjs `SUPPORTED_NODES`, the oldest being package.json's
 * `engines.node` floor, the one the bundles target) runs `bin/diene.js` of a
 * package holding only the bin, the bundle, package.json and schemas/, for
 * `--version` and a compile of the reference fleet. Exit code, stdout, stderr
 * and every output file equal the run on the Node of the test suite byte for
 * byte. The binaries come from the npm registry (`node scripts/node-lines.mjs
 * install`, which .ci/run calls); outside CI a missing one skips its line.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isInstalled, nodeBinary, SUPPORTED_NODES } from '../../scripts/node-lines-lib.mjs';
import { REFERENCE_FLEET, REPO_ROOT } from '../support/fleet-fixture.js';
import { skippedBecause, skipUnlessPresent } from '../support/required.js';

const NOW = ['--now', '2026-11-21T00:00:00Z'];
const pkg = JSON.parse(readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8')) as { version: string; engines: { node: string } };

/** What one run of the bin gives: exit code, both streams, and for a compile every output file (relative path → bytes, base64). */
interface Run {
  exitCode: number | null;
  stdout: string;
  stderr: string;
  files?: Record<string, string>;
}

let work = '';
let lonePackage = '';

beforeAll(() => {
  work = mkdtempSync(path.join(tmpdir(), 'diene-node-lines-'));
  lonePackage = path.join(work, 'package');
  mkdirSync(lonePackage, { recursive: true });
  cpSync(path.join(REPO_ROOT, 'bin'), path.join(lonePackage, 'bin'), { recursive: true });
  cpSync(path.join(REPO_ROOT, 'bundle'), path.join(lonePackage, 'bundle'), { recursive: true });
  cpSync(path.join(REPO_ROOT, 'schemas'), path.join(lonePackage, 'schemas'), { recursive: true });
  cpSync(path.join(REPO_ROOT, 'package.json'), path.join(lonePackage, 'package.json'));
});

afterAll(() => {
  if (work) rmSync(work, { recursive: true, force: true });
});

/** Every file below `root`, relative, `/`-separated, with its bytes in base64. */
function filesIn(root: string): Record<string, string> {
  const found: Record<string, string> = {};
  for (const entry of readdirSync(root, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const absolute = path.join(entry.parentPath, entry.name);
    found[path.relative(root, absolute).split(path.sep).join('/')] = readFileSync(absolute).toString('base64');
  }
  return found;
}

/** Runs the lone package's bin with `node`, in a folder of its own holding a copy of the reference fleet, with its own cache and state homes. */
function runs(node: string, name: string): { version: Run; compile: Run } {
  const dir = path.join(work, name);
  cpSync(REFERENCE_FLEET, path.join(dir, 'fleet'), { recursive: true, filter: (source) => path.basename(source) !== 'generated' });
  const env = { ...process.env, GITHUB_ACTIONS: '', FORCE_COLOR: '', XDG_CACHE_HOME: path.join(dir, 'cache'), XDG_STATE_HOME: path.join(dir, 'state') };
  const bin = (args: readonly string[]): Run => {
    const run = spawnSync(node, [path.join(lonePackage, 'bin', 'diene.js'), ...args], { cwd: dir, env, encoding: 'utf8', timeout: 60_000 });
    return { exitCode: run.status, stdout: run.stdout, stderr: run.stderr };
  };
  const version = bin(['--version']);
  const compile = bin(['compile', '--fleet', 'fleet', '--out', 'out', ...NOW]);
  return { version, compile: { ...compile, files: filesIn(path.join(dir, 'out')) } };
}

describe('the supported Node lines', () => {
  it("start at package.json's engines floor, one release per line", () => {
    const [oldest] = SUPPORTED_NODES;
    expect(pkg.engines.node).toBe(`>=${(oldest as string).split('.').slice(0, 2).join('.')}`);
    expect(new Set(SUPPORTED_NODES.map((version) => version.split('.')[0])).size).toBe(SUPPORTED_NODES.length);
  });
});

describe("the command line's bundle on each supported Node line", () => {
  let expected: { version: Run; compile: Run };
  beforeAll(() => {
    expected = runs(process.execPath, 'reference');
  }, 120_000);

  it('on the Node of the test suite: prints the version and compiles the reference fleet', () => {
    expect(expected.version).toEqual({ exitCode: 0, stdout: `${pkg.version}\n`, stderr: '' });
    expect(expected.compile.exitCode).toBe(0);
    expect(expected.compile.stderr).toContain('0 errors, 6 warnings');
    expect(Object.keys(expected.compile.files ?? {})).toContain('.diene-manifest.json');
  });

  for (const version of SUPPORTED_NODES) {
    const missing = isInstalled(version) ? undefined : `Node ${version} (node scripts/node-lines.mjs install)`;
    it.skipIf(skipUnlessPresent(missing))(
      `Node ${version} gives the same bytes${skippedBecause(missing)}`,
      () => {
        const got = runs(nodeBinary(version), `node-${version}`);
        expect(got.version).toEqual(expected.version);
        expect(got.compile).toEqual(expected.compile);
      },
      120_000,
    );
  }
});
