/**
 * Inputs known by their stamps (compiler/incremental/input-stamps.ts): a
 * compile that uses the cache knows an input whose stamp is the recorded one
 * by its digest and reads it only when its text is asked for; a text that is
 * no longer the recorded one then stops the run (`file_changed_while_compiling`) with
 * nothing written. A stamp is kept only of a file that changed at least the
 * margin before the run began. The compiles run the CLI's `main` in this
 * process (test/support/run-cli.ts).
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { GENERATED_NOW, generateFleet } from '../../bench/fleet-generator.mjs';
import { KnownSourceFile, sourceFile, type SourceFile } from '../../compiler/1-load/source-file.js';
import { CompileCache } from '../../compiler/incremental/compile-cache.js';
import { InputChangedError, textDigest, type KnownInput } from '../../compiler/adapters/filesystem/known-inputs.js';
import { INPUT_STAMP_MARGIN_MS, inputStampsToKeep } from '../../compiler/incremental/input-stamps.js';
import { currentStamp } from '../../compiler/adapters/filesystem/file-stamp.js';
import { readOutputTree } from '../../compiler/adapters/filesystem/output-tree.js';
import { readFleetFiles } from '../../compiler/adapters/filesystem/read-fleet.js';
import type { Diagnostic } from '../../compiler/diagnostics/diagnostic.js';
import { writeTempFleet } from '../support/fleet-fixture.js';
import { runCliInProcess } from '../support/run-cli.js';

const work = mkdtempSync(path.join(tmpdir(), 'diene-input-stamps-'));
const cleanups: (() => void)[] = [];
afterAll(() => {
  rmSync(work, { recursive: true, force: true });
  for (const cleanup of cleanups) cleanup();
});

function fleetS(): string {
  const fleet = writeTempFleet(generateFleet('S'));
  cleanups.push(fleet.cleanup);
  return fleet.dir;
}

const sha256 = (text: string): string => createHash('sha256').update(text).digest('hex');
/** A time past the margin from now: every file written before now is settled by then. */
const later = (): number => Date.now() + INPUT_STAMP_MARGIN_MS + 1000;

/** The first row of `fleet` with a pinned image, relative to the fleet. */
function pinnedRow(fleet: string): string {
  return readdirSync(path.join(fleet, 'platforms'), { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.yaml'))
    .sort()
    .map((file) => `platforms/${file.split(path.sep).join('/')}`)
    .find((file) => /^ {2}image: "\d+\.\d+\.\d+"/m.test(readFileSync(path.join(fleet, file), 'utf8'))) as string;
}

function repin(fleet: string, row: string, patch: number): void {
  const file = path.join(fleet, row);
  writeFileSync(file, readFileSync(file, 'utf8').replace(/^( {2}image: "\d+\.\d+\.)\d+"/m, `$1${patch}"`));
}

describe('reading a fleet with known inputs', () => {
  it('a file whose stamp is the recorded one is known by its digest and read only when its text is asked for', async () => {
    const fleet = fleetS();
    const first = await readFleetFiles(fleet);
    const byPath = new Map(first.files.map((file) => [file.path, file]));
    const known = inputStampsToKeep(first.files, first.stamps, new Map(), later()) as Map<string, KnownInput>;
    expect(known.size).toBe(first.stamps.size);
    expect(known.size).toBeGreaterThan(30);
    const row = pinnedRow(fleet);
    repin(fleet, row, 917);
    const second = await readFleetFiles(fleet, { known });
    const changed = second.files.find((file) => file.path === row) as SourceFile;
    expect(changed).not.toBeInstanceOf(KnownSourceFile);
    expect(changed.text).toContain('.917"');
    const others = second.files.filter((file) => file.path !== row && first.stamps.has(file.path));
    expect(others.length).toBe(known.size - 1);
    for (const file of others) {
      expect(file).toBeInstanceOf(KnownSourceFile);
      expect(file.known?.digest).toBe(sha256((byPath.get(file.path) as SourceFile).text));
    }
    // Asked for, the text is read then, and is the file's.
    const fleetFile = others.find((file) => file.path === 'registry/fleet.yaml') as SourceFile;
    expect(fleetFile.text).toBe((byPath.get('registry/fleet.yaml') as SourceFile).text);
    expect(fleetFile.lineStarts).toEqual((byPath.get('registry/fleet.yaml') as SourceFile).lineStarts);
    expect(second.stamps.get(row)).toBe(currentStamp(path.join(fleet, row)));
  });

  it('a known file whose text is no longer the recorded one throws InputChangedError naming it when the text is asked for', async () => {
    const fleet = fleetS();
    const stamp = currentStamp(path.join(fleet, 'registry/fleet.yaml')) as string;
    const forged = new Map<string, KnownInput>([['registry/fleet.yaml', { stamp, text: { digest: sha256('other text'), units: 10, bytes: 10 } }]]);
    const read = await readFleetFiles(fleet, { known: forged });
    const file = read.files.find((each) => each.path === 'registry/fleet.yaml') as SourceFile;
    expect(file.known?.digest).toBe(sha256('other text'));
    expect(() => file.text).toThrow(InputChangedError);
    expect(() => file.text).toThrow(expect.objectContaining({ file: 'registry/fleet.yaml', how: 'changed' }));
  });
});

describe('what a run keeps of its inputs', () => {
  it('keeps a file only once it changed the margin before the run began, with the figures of its text without the BOM', () => {
    const dir = mkdtempSync(path.join(work, 'keep-'));
    const text = '\uFEFFname: caf\u00e9 \u{1F600}\n';
    writeFileSync(path.join(dir, 'a.yaml'), text);
    const stamp = currentStamp(path.join(dir, 'a.yaml')) as string;
    const file = sourceFile('registry/a.yaml', text);
    const stamps = new Map([['registry/a.yaml', stamp]]);
    expect(inputStampsToKeep([file], stamps, new Map(), Date.now())).toBeUndefined();
    const kept = inputStampsToKeep([file], stamps, new Map(), later());
    const body = text.slice(1);
    expect(kept).toEqual(new Map([['registry/a.yaml', { stamp, text: { digest: sha256(body), units: body.length, bytes: Buffer.byteLength(body) } }]]));
    expect(textDigest(file)).toBe(sha256(body));
    // Nothing new and nothing gone: the record in place stands.
    const known = new KnownSourceFile('registry/a.yaml', kept?.get('registry/a.yaml')?.text as KnownInput['text'], () => body);
    expect(inputStampsToKeep([known], stamps, kept as Map<string, KnownInput>, later())).toBeUndefined();
    // A recorded file that is gone: the record is written again without it.
    const withGone = new Map(kept);
    withGone.set('registry/gone.yaml', { stamp: '1:2:3:4', text: { digest: sha256(''), units: 0, bytes: 0 } });
    expect(inputStampsToKeep([known], stamps, withGone, later())).toEqual(kept);
  });
});

describe('compiles with known inputs', () => {
  afterEach(() => vi.useRealTimers());
  /** The diagnostics of a `--format json` run. */
  const diagnosticsOf = (stderr: string): Diagnostic[] => {
    const start = stderr.indexOf('[');
    return start === -1 ? [] : (JSON.parse(stderr.slice(start, stderr.lastIndexOf(']') + 1)) as Diagnostic[]);
  };
  const compile = (fleet: string, out: string, extra: string[]) =>
    runCliInProcess(['compile', '--fleet', fleet, '--out', out, '--now', GENERATED_NOW, '--format', 'json', ...extra]);
  const recordOf = (cache: string): string => path.join(cache, 'inputs', readdirSync(path.join(cache, 'inputs'))[0] as string);

  it('one row changed: the tree and --check verdict of a cold compile; a forged record stops the run naming the file, writing nothing', async () => {
    const fleet = fleetS();
    const cache = path.join(work, 'cache');
    const out = path.join(work, 'out');
    // Files written less than the margin ago are not kept: the first compile keeps none.
    expect((await compile(fleet, out, ['--cache', cache])).exitCode).toBe(0);
    expect(existsSync(path.join(cache, 'inputs'))).toBe(false);
    // The runs below happen, by the clock they read, a margin later: the fleet's files are as old as a user's.
    vi.useFakeTimers({ toFake: ['Date'], now: later() });
    expect((await compile(fleet, out, ['--cache', cache])).exitCode).toBe(0);
    const record = readFileSync(recordOf(cache), 'utf8');
    expect(record).toContain('"registry/fleet.yaml"');
    const kept = new CompileCache(cache).readInputStamps(fleet);
    expect(kept.get('registry/fleet.yaml')?.text.digest).toBe(sha256(readFileSync(path.join(fleet, 'registry/fleet.yaml'), 'utf8')));

    // Back to the real clock: the row changed below changed within the margin of every run that follows.
    vi.useRealTimers();
    const row = pinnedRow(fleet);
    repin(fleet, row, 918);
    const cold = path.join(work, 'cold');
    expect((await compile(fleet, cold, ['--no-cache'])).exitCode).toBe(0);
    const check = await compile(fleet, out, ['--check', '--cache', cache]);
    const coldCheck = await compile(fleet, out, ['--check', '--no-cache']);
    expect([check.exitCode, check.stdout, diagnosticsOf(check.stderr)]).toEqual([coldCheck.exitCode, coldCheck.stdout, diagnosticsOf(coldCheck.stderr)]);
    expect((await compile(fleet, out, ['--cache', cache])).exitCode).toBe(0);
    expect(await readOutputTree(out)).toEqual(await readOutputTree(cold));
    // The changed row changed within the margin: the record keeps its old stamp, which can never match again.
    expect(new CompileCache(cache).readInputStamps(fleet).get(row)?.stamp).toBe(kept.get(row)?.stamp);

    // A record that says another text under the file's very stamp: the row is looked up by that digest, misses, is read, and refused.
    const forged = new Map(kept);
    const victim = [...kept.keys()].find((file) => file.startsWith('platforms/') && file !== row) as string;
    forged.set(victim, { stamp: currentStamp(path.join(fleet, victim)) as string, text: { digest: sha256('not the row'), units: 11, bytes: 11 } });
    new CompileCache(cache).writeInputStamps(fleet, forged);
    repin(fleet, row, 919);
    const manifest = statSync(path.join(out, '.diene-manifest.json'), { bigint: true }).ino;
    const refused = await compile(fleet, out, ['--cache', cache]);
    expect(refused.exitCode).toBe(2);
    expect(diagnosticsOf(refused.stderr).map((d) => [d.code, d.file, d.line, d.column, d.message])).toEqual([
      [
        'file_changed_while_compiling',
        victim,
        1,
        1,
        'this file is not what the cache recorded of it: its text is not the one recorded with its stamp (inode, size, modification and change time); the file was written while diene compiled the fleet, or written without moving its times (through a memory mapping, on some network mounts), or the record is wrong; nothing was written',
      ],
    ]);
    expect(statSync(path.join(out, '.diene-manifest.json'), { bigint: true }).ino).toBe(manifest);
    // The record that lied is gone: run again, as the hint says, the compile reads every file and writes the cold tree.
    expect(readdirSync(path.join(cache, 'inputs'))).toEqual([]);
    expect((await compile(fleet, out, ['--cache', cache])).exitCode).toBe(0);
    expect((await compile(fleet, cold, ['--no-cache'])).exitCode).toBe(0);
    expect(await readOutputTree(out)).toEqual(await readOutputTree(cold));
  }, 60_000);
});
