/**
 * Hostile input that reaches the CLI by other doors than the fleet (issue 9):
 * files named on the command line that are FIFOs (they hung for ever), and
 * values that carry terminal escape sequences into diagnostics (they were
 * printed raw, so a YAML value could retitle or recolour the reader's
 * terminal or a CI log).
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { printable } from '../../compiler/diagnostics/format.js';
import { boundedCli, expectNoCrash } from '../support/bounded-cli.js';
import { overlayTexts, readFleetTexts, writeTempFleet } from '../support/fleet-fixture.js';

const scratch = mkdtempSync(path.join(tmpdir(), 'diene-cli-inputs-'));
const fifo = path.join(scratch, 'input.fifo');
execFileSync('mkfifo', [fifo]);
const fleet = writeTempFleet(readFleetTexts());

afterAll(() => {
  rmSync(scratch, { recursive: true, force: true });
  fleet.cleanup();
});

describe('a FIFO named on the command line', () => {
  it('as plan dns --health is refused at once (it hung for ever)', () => {
    const out = path.join(scratch, 'generated');
    expect(boundedCli(['compile', '--fleet', fleet.dir, '--out', out], { cwd: fleet.dir }).exitCode).toBe(0);
    const run = boundedCli(['plan', 'dns', '--fleet', fleet.dir, '--live', out, '--health', fifo, '--format', 'json'], { cwd: scratch });
    expectNoCrash(run);
    expect(run.exitCode).toBe(2);
    expect(run.stderr).toContain('it is a FIFO (named pipe), not a regular file');
  });

  it('as claim set-paths --file is refused at once (it hung for ever)', () => {
    const run = boundedCli(['claim', 'set-paths', 'api.tin.nitroso.pikachu.cluster.atomi.cloud', '--file', fifo, '--repo', fleet.dir], { cwd: scratch });
    expectNoCrash(run);
    expect(run.exitCode).toBe(2);
    expect(run.stderr).toContain('it is a FIFO (named pipe), not a regular file');
  });
});

describe('terminal escape sequences in input values', () => {
  const hostile = writeTempFleet(
    overlayTexts(readFleetTexts(), {
      'registry/clusters/raichu-opal.yaml':
        'landscape: raichu\nmark: "\\e]0;pwned\\a\\e[31mred\\u202e"\nprovider: digitalocean\naccount: digitalocean-main\ntraffic: true\n',
    }),
  );
  afterAll(() => hostile.cleanup());

  for (const format of ['text', 'github']) {
    it(`never reach the terminal raw (--format ${format})`, () => {
      const run = boundedCli(['validate', '--fleet', hostile.dir, '--format', format], { cwd: hostile.dir });
      expectNoCrash(run);
      expect(run.exitCode).toBe(2);
      expect(run.stderr).toContain('name_invalid');
      expect(run.stderr).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202e]/);
      expect(run.stderr).toContain('␛]0;pwned␇␛[31mred');
    });
  }

  it('are shown one visible character each, so the caret stays under its column', () => {
    expect(printable('a\u001bb\u0007c\u007fd\u0085e\u202ef\tg')).toBe('a␛b␇c␡d\ufffde\ufffdf g');
    expect(printable('one\ntwo')).toBe('one\ntwo');
    expect(printable('one\ntwo', 'line')).toBe('one␤two');
    expect(printable('over\rwrite')).toBe('over␍write');
    expect(printable('a\r\nb', 'annotation')).toBe('a\r\nb');
    expect([...printable('x\u0000y')].length).toBe(3);
  });
});

it('writes nothing for a request file that is too large', () => {
  const big = path.join(scratch, 'big.json');
  writeFileSync(big, `{"paths": {"a": "${'x'.repeat(5 * 1024 * 1024)}"}}`);
  const run = boundedCli(['claim', 'set-paths', 'api.tin.nitroso.pikachu.cluster.atomi.cloud', '--file', big, '--repo', fleet.dir], { cwd: scratch });
  expectNoCrash(run);
  expect(run.exitCode).toBe(2);
  expect(run.stderr).toContain('more than 4194304');
});
