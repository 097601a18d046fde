/**
 * The Node release check (compiler/cli/node-release.ts, docs/cli.md "Node
 * release"): bin/diene.js passes the Node it runs on, and a release older
 * than package.json `engines.node` gets the warning `node_version_unsupported`
 * once per run, in the run's own output form, without changing its result.
 * The test run turns the check off (test/support/node-check.ts); these tests
 * remove that variable, and name the release the run plays in-process, so
 * they say the same on every Node the suite runs on.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { nodeReleaseWarnings } from '../../compiler/cli/node-release.js';
import type { Diagnostic } from '../../compiler/diagnostics/diagnostic.js';
import { isInstalled, nodeBinary, SUPPORTED_NODES } from '../../scripts/node-lines-lib.mjs';
import { REFERENCE_FLEET, REPO_ROOT } from '../support/fleet-fixture.js';
import { runCliInProcess } from '../support/run-cli.js';
import { skippedBecause, skipUnlessPresent } from '../support/required.js';

const ENGINES = (JSON.parse(readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8')) as { engines: { node: string } }).engines.node;
const CHECKED = { DIENE_SKIP_NODE_CHECK: '' };
const MESSAGE = 'diene runs on Node 20.19.0, older than the Node 22.12 it supports (package.json engines: node >=22.12)';

function codes(diagnostics: readonly Diagnostic[]): string[] {
  return diagnostics.map((d) => d.code);
}

describe('the Node release check', () => {
  it("compares with package.json's engines floor, part by part", () => {
    expect(ENGINES).toBe('>=22.12');
    for (const older of ['20.19.0', 'v20.19.0', '22.11.9', '22.0.0', '18.20.4'])
      expect(codes(nodeReleaseWarnings(older, {}, ENGINES)), older).toEqual(['node_version_unsupported']);
    for (const newer of ['22.12.0', '22.13.1', '24.21.0', '26.10.0', '100.0.0']) expect(nodeReleaseWarnings(newer, {}, ENGINES), newer).toEqual([]);
    // An engines range diene cannot read: nothing said (as with none, in the plugin image, which ships no package.json).
    expect(nodeReleaseWarnings('20.19.0', {}, '')).toEqual([]);
    expect(nodeReleaseWarnings('20.19.0', {}, '^22.12 || ^24')).toEqual([]);
  });

  it('says what runs, what is supported and how to get it', () => {
    const [warning] = nodeReleaseWarnings('20.19.0', {}, ENGINES);
    expect(warning?.severity).toBe('warning');
    expect(warning?.message).toBe(MESSAGE);
    expect(warning?.hint).toMatch(/^install Node 22\.12 or later /);
    expect(warning?.hint).toContain('DIENE_SKIP_NODE_CHECK=1');
  });

  it('is turned off by DIENE_SKIP_NODE_CHECK, unless empty or 0', () => {
    for (const value of ['1', 'true', 'yes']) expect(nodeReleaseWarnings('20.19.0', { DIENE_SKIP_NODE_CHECK: value }, ENGINES), value).toEqual([]);
    for (const value of ['', '0'])
      expect(codes(nodeReleaseWarnings('20.19.0', { DIENE_SKIP_NODE_CHECK: value }, ENGINES)), value).toEqual(['node_version_unsupported']);
  });
});

describe('a run on a Node older than engines', () => {
  it('warns once before the fleet warnings, and the result stands (text)', async () => {
    const plain = await runCliInProcess(['validate', '--fleet', REFERENCE_FLEET], { env: CHECKED });
    const old = await runCliInProcess(['validate', '--fleet', REFERENCE_FLEET], { env: CHECKED, node: '20.19.0' });
    expect(old.exitCode).toBe(plain.exitCode);
    expect(old.stdout).toBe(plain.stdout);
    expect(old.stderr.split(MESSAGE)).toHaveLength(2);
    expect(old.stderr).toMatch(/^diene: warning node_version_unsupported: /);
    const count = (stderr: string) => Number(/0 errors, (\d+) warnings?\n$/.exec(stderr)?.[1]);
    expect(count(old.stderr)).toBe(count(plain.stderr) + 1);
  });

  it('keeps a json form one document, and --strict does not count it', async () => {
    const json = await runCliInProcess(['validate', '--fleet', REFERENCE_FLEET, '--format', 'json'], { env: CHECKED, node: '20.19.0' });
    const diagnostics = JSON.parse(json.stdout) as Diagnostic[];
    expect(codes(diagnostics).filter((c) => c === 'node_version_unsupported')).toHaveLength(1);
    expect(json.stderr).toBe('');
    const strict = await runCliInProcess(['validate', '--fleet', REFERENCE_FLEET, '--strict', '--format', 'json'], { env: CHECKED, node: '22.12.0' });
    const strictOld = await runCliInProcess(['validate', '--fleet', REFERENCE_FLEET, '--strict', '--format', 'json'], { env: CHECKED, node: '20.19.0' });
    expect(strictOld.exitCode).toBe(strict.exitCode);
  });

  it('says it with a usage error too, and not when turned off', async () => {
    const usage = await runCliInProcess(['validate', '--fleeet', 'x'], { env: CHECKED, node: '20.19.0' });
    expect(usage.exitCode).toBe(2);
    expect(usage.stderr.split(MESSAGE)).toHaveLength(2);
    const off = await runCliInProcess(['validate', '--fleet', REFERENCE_FLEET], { env: { DIENE_SKIP_NODE_CHECK: '1' }, node: '20.19.0' });
    expect(off.stderr).not.toContain('node_version_unsupported');
  });
});

/** The version of the Node binary at `node`, or undefined when there is none. */
function versionOf(node: string): string | undefined {
  const run = spawnSync(node, ['-p', 'process.versions.node'], { encoding: 'utf8' });
  return run.status === 0 ? run.stdout.trim() : undefined;
}

function bin(node: string, args: readonly string[]) {
  const run = spawnSync(node, [path.join(REPO_ROOT, 'bin', 'diene.js'), ...args], {
    cwd: REPO_ROOT,
    env: { ...process.env, GITHUB_ACTIONS: '', FORCE_COLOR: '', ...CHECKED },
    encoding: 'utf8',
    timeout: 60_000,
  });
  return { exitCode: run.status, stdout: run.stdout, stderr: run.stderr };
}

describe('bin/diene.js', () => {
  const [floor] = SUPPORTED_NODES as [string];
  const missing = isInstalled(floor) ? undefined : `Node ${floor} (node scripts/node-lines.mjs install)`;
  it.skipIf(skipUnlessPresent(missing))(`says nothing on Node ${floor}, the engines floor${skippedBecause(missing)}`, () => {
    expect(bin(nodeBinary(floor), ['--version'])).toMatchObject({ exitCode: 0, stderr: '' });
  });

  // The machine's own Node (Debian's, /usr/bin/node) is older than the floor where the suite runs on another; any older Node on the way does.
  const old = [process.execPath, '/usr/bin/node'].find((node) => {
    const version = versionOf(node);
    return version !== undefined && nodeReleaseWarnings(version, {}, ENGINES).length > 0;
  });
  it.skipIf(old === undefined)('passes the Node it runs on: an older one is warned about once', () => {
    const node = old as string;
    const run = bin(node, ['validate', '--fleet', REFERENCE_FLEET, '--format', 'json']);
    const diagnostics = JSON.parse(run.stdout) as Diagnostic[];
    const warnings = diagnostics.filter((d) => d.code === 'node_version_unsupported');
    expect(warnings).toHaveLength(1);
    expect(warnings[0]?.message).toContain(`diene runs on Node ${versionOf(node)}, older than the Node 22.12 it supports`);
    const version = bin(node, ['--version']);
    expect(version.exitCode).toBe(0);
    expect(version.stderr.match(/warning node_version_unsupported/g)).toHaveLength(1);
  });
});
