/**
 * The in-process runner (test/support/run-cli.ts `runCliInProcess`) against
 * the binary: for each command line below, a child `bin/diene.js` and an
 * in-process run of the same built `main` give the same exit code, the same
 * stdout and stderr bytes, and the same output tree. Tests that use the
 * in-process runner for a command's output and diagnostics rely on this.
 */
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readOutputTree } from '../../compiler/adapters/filesystem/output-tree.js';
import { overlayTexts, readFleetTexts, REFERENCE_FLEET, writeTempFleet } from '../support/fleet-fixture.js';
import { runCli, runCliInProcess } from '../support/run-cli.js';

const scratch = mkdtempSync(path.join(os.tmpdir(), 'diene-in-process-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** Two copies of one fleet at paths of the same length, so that messages naming them compare byte for byte once the name is replaced. */
function twoFleets(overlay: Record<string, string | null> = {}): [string, string] {
  const one = writeTempFleet(overlayTexts(readFleetTexts(), overlay));
  const two = `${one.dir.slice(0, -1)}${one.dir.endsWith('Z') ? 'Y' : 'Z'}`;
  cpSync(one.dir, two, { recursive: true });
  return [one.dir, two];
}

describe('an in-process run', () => {
  it.each([
    ['bare diene', []],
    ['--version', ['--version']],
    ['help of a command', ['help', 'apply', 'kube']],
    ['an unknown command', ['compil']],
    ['an unknown option, in JSON', ['validate', '--fleeet', 'x', '--format', 'json']],
    ['validate with warnings, text', ['validate', '--fleet', REFERENCE_FLEET]],
    ['validate --format sarif', ['validate', '--fleet', REFERENCE_FLEET, '--format', 'sarif']],
    ['render of a platform', ['render', '--platform', 'nitroso', '--fleet', REFERENCE_FLEET, '--now', '2026-11-21T00:00:00Z']],
    ['route', ['route', 'example.com', '/', '--fleet', REFERENCE_FLEET]],
    ['colour forced', ['validate', '--fleet', REFERENCE_FLEET, '--min-severity', 'warning'], { FORCE_COLOR: '1' }],
    ['a GitHub Actions run', ['validate', '--fleet', REFERENCE_FLEET], { GITHUB_ACTIONS: 'true' }],
  ] as [string, string[], Record<string, string>?][])('prints what the binary prints: %s', async (_, args, env = {}) => {
    const child = runCli(args, { env });
    const inside = await runCliInProcess(args, { env });
    expect(inside).toEqual(child);
  });

  it('compiles, refuses and checks like the binary, with the same output tree', async () => {
    const [a, b] = twoFleets();
    const same = (text: string, dir: string) => text.replaceAll(dir, '<fleet>');
    for (const args of [['compile'], ['compile'], ['compile', '--check'], ['compile', '--format', 'json', '--out', 'generated/../generated']]) {
      const child = runCli([...args, '--fleet', a, '--now', '2026-11-21T00:00:00Z'], { cwd: a });
      const inside = await runCliInProcess([...args, '--fleet', b, '--now', '2026-11-21T00:00:00Z'], { cwd: b });
      expect({ ...inside, stderr: same(inside.stderr, b) }, args.join(' ')).toEqual({ ...child, stderr: same(child.stderr, a) });
    }
    expect(await readOutputTree(path.join(b, 'generated'))).toEqual(await readOutputTree(path.join(a, 'generated')));
    const [c, d] = twoFleets({ 'registry/landscapes/pichu.yaml': 'name: pichu\n' });
    const child = runCli(['compile', '--format', 'json'], { cwd: c });
    const inside = await runCliInProcess(['compile', '--format', 'json'], { cwd: d });
    expect(child.exitCode).toBe(2);
    expect(inside).toEqual({ ...child, stderr: child.stderr.replaceAll(c, d) });
    for (const dir of [a, b, c, d]) rmSync(dir, { recursive: true, force: true });
  });

  it('leaves the cwd, the environment, the exit code and the streams as they were', async () => {
    const cwd = process.cwd();
    const env = { ...process.env };
    const write = process.stdout.write;
    const exitCode = process.exitCode;
    await runCliInProcess(['compil'], { cwd: scratch, env: { DIENE_TEST_ONLY: 'x' } });
    expect(process.cwd()).toBe(cwd);
    expect(process.env).toEqual(env);
    expect(process.stdout.write).toBe(write);
    expect(process.exitCode).toBe(exitCode);
  });
});
