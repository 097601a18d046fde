// `diene compile --serial N` (SPEC §3.6): the compiled books carry N, else 0;
// nothing else in the output tree moves with it.

import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readOutputTree } from '../../compiler/adapters/filesystem/output-tree.js';
import { readFleetTexts, writeTempFleet } from '../support/fleet-fixture.js';
import { runCli } from '../support/run-cli.js';

const fleet = writeTempFleet(readFleetTexts());
afterAll(() => fleet.cleanup());

function serialOf(out: string, key: string): number {
  return (JSON.parse(readFileSync(path.join(fleet.dir, out, 'books', key), 'utf8')) as { serial: number }).serial;
}

describe('diene compile --serial', () => {
  it('stamps N into every book and 0 without it, changing no other file', async () => {
    expect(runCli(['compile', '--fleet', fleet.dir, '--out', path.join(fleet.dir, 'plain')]).exitCode).toBe(0);
    expect(runCli(['compile', '--fleet', fleet.dir, '--out', path.join(fleet.dir, 'stamped'), '--serial', '1796000000']).exitCode).toBe(0);
    expect([serialOf('plain', 'doc-a.json'), serialOf('stamped', 'doc-a.json'), serialOf('stamped', 'nitroso/tin/doc-c.json')]).toEqual([
      0, 1796000000, 1796000000,
    ]);
    const plain = await readOutputTree(path.join(fleet.dir, 'plain'));
    const stamped = await readOutputTree(path.join(fleet.dir, 'stamped'));
    const differing = [...plain.keys()].filter((file) => plain.get(file) !== stamped.get(file));
    // the books, and the manifest that records their digests
    expect(differing.filter((file) => !(file.startsWith('books/') && file !== 'books/issuers.json'))).toEqual(['.diene-manifest.json']);
    expect(differing).toHaveLength(9);
  });

  it('refuses a serial that is not a whole number of 0…2^53−1 (exit 2)', () => {
    for (const serial of ['-1', '1.5', 'now', '9007199254740992', '']) {
      const run = runCli(['compile', '--fleet', fleet.dir, '--out', path.join(fleet.dir, 'bad'), `--serial=${serial}`]);
      expect(run.exitCode, serial).toBe(2);
      expect(run.stderr, serial).toMatch(/usage_option_value_(invalid|missing)/);
    }
  });
});
