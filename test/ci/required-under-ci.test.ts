/**
 * Under CI=true a test whose requirement is missing fails, naming it, instead
 * of skipping (test/support/required.ts). Proven on a real test file: the
 * zone-file test needs named-checkzone; it runs in a child vitest with a PATH
 * that has every program of this one except named-checkzone, once with
 * CI=true (the file fails and names the program and its Debian package) and
 * once without (its test is skipped, saying why).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const REPO = path.resolve(import.meta.dirname, '../..');
const TARGET = 'test/3-emit/dns-zone-file.test.ts';
const HIDDEN = 'named-checkzone';

/** A folder of links to every program on PATH but `hidden` (the first of each name, as PATH finds it). */
function pathWithout(hidden: string): string {
  const bin = mkdtempSync(path.join(tmpdir(), 'diene-path-'));
  const seen = new Set([hidden]);
  for (const dir of (process.env['PATH'] ?? '').split(path.delimiter)) {
    if (!dir || !existsSync(dir)) continue;
    for (const name of readdirSync(dir)) {
      if (seen.has(name)) continue;
      seen.add(name);
      symlinkSync(path.join(dir, name), path.join(bin, name));
    }
  }
  return bin;
}

const bin = pathWithout(HIDDEN);
afterAll(() => rmSync(bin, { recursive: true, force: true }));

function childVitest(ci: boolean): { status: number | null; output: string } {
  const env: NodeJS.ProcessEnv = { ...process.env, PATH: bin, FORCE_COLOR: '0', NO_COLOR: '1' };
  delete env['CI'];
  delete env['VITEST'];
  delete env['VITEST_WORKER_ID'];
  delete env['VITEST_POOL_ID'];
  if (ci) env['CI'] = 'true';
  const run = spawnSync(process.execPath, [path.join(REPO, 'node_modules/vitest/vitest.mjs'), 'run', TARGET, '--reporter', 'verbose'], {
    cwd: REPO,
    env,
    encoding: 'utf8',
    timeout: 180_000,
  });
  return { status: run.status, output: `${run.stdout}\n${run.stderr}` };
}

describe('a missing test requirement', () => {
  it('is hidden from the child: the folder on PATH has no named-checkzone but has sh', () => {
    expect(existsSync(path.join(bin, HIDDEN))).toBe(false);
    expect(existsSync(path.join(bin, 'sh'))).toBe(true);
  });

  it('fails the file under CI=true, naming the program and its package', () => {
    const run = childVitest(true);
    expect(run.status, run.output).not.toBe(0);
    expect(run.output).toContain('CI=true and a test requirement is missing: named-checkzone (Debian package bind9-utils)');
  });

  it('skips the test outside CI, saying why', () => {
    const run = childVitest(false);
    expect(run.status, run.output).toBe(0);
    expect(run.output).toMatch(/↓ .*skipped: named-checkzone not installed/);
  });
});
