/**
 * The compile cache through the CLI: a warm run gives the very bytes of a cold
 * one (output tree, diagnostics, exit code) on the benchmark fleets S and M,
 * unchanged and with one row changed; it neither analyses nor writes when the
 * output tree is already in place, and rewrites (or, with --check, reports) an
 * output edited by hand. A tampered, cut-short, foreign or misplaced entry and
 * a folder that is not a diene cache are ignored with a `cache_*`
 * warning and never trusted; two compiles sharing a cache both come out right.
 * The compiles run the CLI's `main` in this process (test/support/run-cli.ts,
 * held to the binary by test/cli/in-process.test.ts), except the two that
 * share a cache at the same time, which are two processes.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { GENERATED_NOW, generateFleet } from '../../bench/fleet-generator.mjs';
import { readOutputTree } from '../../compiler/adapters/filesystem/output-tree.js';
import { cacheKey, CompileCache, compilerFiles, cacheFolder, EntryProblem, entryText, parseEntry, sha256 } from '../../compiler/incremental/compile-cache.js';
import { ALWAYS, nowWindow } from '../../compiler/2-analyze/now-window.js';
import { sourceFile } from '../../compiler/1-load/source-file.js';
import type { Diagnostic } from '../../compiler/diagnostics/diagnostic.js';
import { REPO_ROOT, writeTempFleet } from '../support/fleet-fixture.js';
import { sealedRecord, userCacheKey } from '../support/cache-seals.js';
import { runCli, runCliInProcess, type CliRun } from '../support/run-cli.js';

const work = mkdtempSync(path.join(tmpdir(), 'diene-cache-test-'));
const fleets: (() => void)[] = [];
afterAll(() => {
  rmSync(work, { recursive: true, force: true });
  for (const cleanup of fleets) cleanup();
});
let made = 0;
const fresh = (name: string): string => path.join(work, `${name}-${made++}`);

function fleetOf(scale: 'S' | 'M'): string {
  const fleet = writeTempFleet(generateFleet(scale));
  fleets.push(fleet.cleanup);
  return fleet.dir;
}

/** A compile, in-process; its diagnostics as JSON on stderr unless `format` is `text` (which shows the notes: wrote, up to date). */
function compile(fleet: string, out: string, extra: string[], format: 'json' | 'text' = 'json'): Promise<CliRun> {
  return runCliInProcess(['compile', '--fleet', fleet, '--out', out, '--now', GENERATED_NOW, '--format', format, ...extra]);
}

/** The name of the first platform of `fleet` (the name of its first folder under platforms/). */
const firstPlatform = (fleet: string): string => readdirSync(path.join(fleet, 'platforms')).sort()[0] as string;

/** The inode of the output tree's manifest: a write swaps in a new tree, so a new inode. */
const manifestInode = (out: string): bigint => statSync(path.join(out, '.diene-manifest.json'), { bigint: true }).ino;

/** The diagnostics of a `--format json` run (stderr's array). */
function diagnosticsOf(run: CliRun): Diagnostic[] {
  const text = run.stderr;
  const start = text.indexOf('[');
  return start === -1 ? [] : (JSON.parse(text.slice(start, text.lastIndexOf(']') + 1)) as Diagnostic[]);
}

const codes = (run: CliRun): string[] => diagnosticsOf(run).map((d) => d.code);

/** The first row with a pinned image, in path order. */
function firstRow(fleet: string): string {
  const rows = readdirSync(path.join(fleet, 'platforms'), { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.yaml'))
    .sort()
    .map((file) => path.join(fleet, 'platforms', file))
    .filter((file) => /^ {2}image: "\d+\.\d+\.\d+"/m.test(readFileSync(file, 'utf8')));
  return rows[0] as string;
}

/** Moves the change time of every file of `fleet` to now (their bytes and modification times stay). */
function justChanged(fleet: string): void {
  for (const file of readdirSync(fleet, { recursive: true, encoding: 'utf8' })) {
    const info = statSync(path.join(fleet, file));
    if (info.isFile()) utimesSync(path.join(fleet, file), info.atime, info.mtime);
  }
}

/** Sets the patch version of the image pinned in {@link firstRow}. */
function changeOneRow(fleet: string, patch: number): void {
  const row = firstRow(fleet);
  writeFileSync(
    row,
    readFileSync(row, 'utf8').replace(/^( {2}image: ")(\d+)\.(\d+)\.(\d+)"/m, (_, head: string, a: string, b: string) => `${head}${a}.${b}.${patch}"`),
  );
}

describe.each(['S', 'M'] as const)('warm and cold compiles of the bench fleet %s', (scale) => {
  const fleet = fleetOf(scale);
  const cache = fresh(`cache-${scale}`);
  const warmOut = fresh(`warm-${scale}`);

  it('unchanged: the warm run writes nothing, says so, and its tree, diagnostics and --check equal a cold run', async () => {
    const coldOut = fresh('cold');
    const cold = await compile(fleet, coldOut, ['--no-cache']);
    expect(cold.exitCode, cold.stderr).toBe(0);
    expect(existsSync(cache)).toBe(false);
    const first = await compile(fleet, warmOut, ['--cache', cache], 'text');
    expect(first.exitCode, first.stderr).toBe(0);
    expect(first.stderr).toMatch(/wrote \d+ files/);
    const inode = manifestInode(warmOut);
    const warm = await compile(fleet, warmOut, ['--cache', cache], 'text');
    expect(warm.exitCode, warm.stderr).toBe(0);
    expect(warm.stderr).toMatch(/up to date: the \d+ files in .* already match the inputs \(from the cache; nothing written\)/);
    expect(manifestInode(warmOut)).toBe(inode);
    expect(diagnosticsOf(await compile(fleet, warmOut, ['--cache', cache]))).toEqual(diagnosticsOf(cold));
    expect(manifestInode(warmOut)).toBe(inode);
    expect(await readOutputTree(warmOut)).toEqual(await readOutputTree(coldOut));
    const check = await compile(fleet, warmOut, ['--check', '--cache', cache]);
    const coldCheck = await compile(fleet, warmOut, ['--check', '--no-cache']);
    expect([check.exitCode, check.stdout, check.stderr]).toEqual([coldCheck.exitCode, coldCheck.stdout, coldCheck.stderr]);
    expect(check.exitCode).toBe(0);
  });

  it.each([
    ['a pin changed (the outputs stay as they are)', (fleet: string) => changeOneRow(fleet, 901)],
    ['its service removed (the outputs change)', (fleet: string) => rmSync(path.dirname(firstRow(fleet)), { recursive: true })],
  ])('one row changed, %s: the cached run gives the tree and --check verdict of a cold run', async (name, change) => {
    change(fleet);
    const coldOut = fresh('cold-row');
    expect((await compile(fleet, coldOut, ['--no-cache'])).exitCode).toBe(0);
    const check = await compile(fleet, warmOut, ['--check', '--cache', cache], 'text');
    const coldCheck = await compile(fleet, warmOut, ['--check', '--no-cache'], 'text');
    expect([check.exitCode, check.stdout, check.stderr]).toEqual([coldCheck.exitCode, coldCheck.stdout, coldCheck.stderr]);
    const sameTree = (await readOutputTree(warmOut)).get('.diene-manifest.json') === (await readOutputTree(coldOut)).get('.diene-manifest.json');
    expect(sameTree).toBe(!name.includes('removed'));
    expect(check.exitCode).toBe(sameTree ? 0 : 1);
    const warm = await compile(fleet, warmOut, ['--cache', cache], 'text');
    expect(warm.exitCode, warm.stderr).toBe(0);
    expect(warm.stderr).toMatch(sameTree ? /up to date: .*nothing written\)/ : /wrote \d+ files/);
    expect(await readOutputTree(warmOut)).toEqual(await readOutputTree(coldOut));
  });
});

describe('a change that leaves the outputs as they are', () => {
  /** The modification time of the folder holding `out`: the lock and the staging folder of a write are made there. */
  const parentTime = (out: string): bigint => statSync(path.dirname(out), { bigint: true }).mtimeNs;

  it("a pin changed: the changed platform's outputs are made and found in place; nothing is written, not even the lock beside the tree", async () => {
    const fleet = fleetOf('S');
    const cache = fresh('cache-pin');
    const out = fresh('out-pin');
    expect((await compile(fleet, out, ['--cache', cache])).exitCode).toBe(0);
    const inode = manifestInode(out);
    changeOneRow(fleet, 902);
    const before = parentTime(out);
    const run = await compile(fleet, out, ['--cache', cache], 'text');
    expect(run.exitCode, run.stderr).toBe(0);
    // Not a cache hit (the pin is in the key): the analysis ran, and found the tree in place.
    expect(run.stderr).toMatch(
      /up to date: the \d+ files in .* already match the inputs \(compiled; no generated file changes: a row's pins and values are read from the row by Argo CD, never written into them; nothing written\)/,
    );
    expect(manifestInode(out)).toBe(inode);
    expect(parentTime(out)).toBe(before);
    const coldOut = fresh('cold-pin');
    expect((await compile(fleet, coldOut, ['--no-cache'])).exitCode).toBe(0);
    expect(await readOutputTree(out)).toEqual(await readOutputTree(coldOut));
    // The entry it kept answers the next run.
    expect((await compile(fleet, out, ['--cache', cache], 'text')).stderr).toMatch(/\(from the cache; nothing written\)/);
  });

  it.each([
    ['the lock', (out: string) => path.join(path.dirname(out), `.${path.basename(out)}.lock`)],
    ['the previous tree', (out: string) => path.join(path.dirname(out), `.${path.basename(out)}.previous`)],
  ])('a link that leads nowhere, where %s belongs: refused as a cold run refuses it, inputs changed or not', async (_, place) => {
    const fleet = fleetOf('S');
    const cache = fresh('cache-dangling');
    const out = fresh('out-dangling');
    expect((await compile(fleet, out, ['--cache', cache])).exitCode).toBe(0);
    symlinkSync(path.join(work, 'nowhere'), place(out));
    const cold = await compile(fleet, out, ['--no-cache']);
    expect(cold.exitCode).toBe(2);
    expect(codes(cold)).toContain('output_foreign_file');
    // A warm hit, then one row's pin changed (the outputs made before the write, no lock taken): the same refusal.
    expect(diagnosticsOf(await compile(fleet, out, ['--cache', cache]))).toEqual(diagnosticsOf(cold));
    changeOneRow(fleet, 904);
    const pinned = await compile(fleet, out, ['--cache', cache]);
    expect(pinned.exitCode).toBe(2);
    expect(diagnosticsOf(pinned)).toEqual(diagnosticsOf(await compile(fleet, out, ['--no-cache'])));
  });

  it('a file named like a staging folder beside the tree is left alone, and the tree in place is still up to date', async () => {
    const fleet = fleetOf('S');
    const cache = fresh('cache-staging-file');
    const out = fresh('out-staging-file');
    expect((await compile(fleet, out, ['--cache', cache])).exitCode).toBe(0);
    const stray = path.join(path.dirname(out), `.${path.basename(out)}.staging-1-000000000000`);
    writeFileSync(stray, 'not a folder\n');
    const inode = manifestInode(out);
    expect((await compile(fleet, out, ['--cache', cache], 'text')).stderr).toMatch(/up to date: .*\(from the cache; nothing written\)/);
    changeOneRow(fleet, 906);
    expect((await compile(fleet, out, ['--cache', cache], 'text')).stderr).toMatch(
      /up to date: .*\(compiled; no generated file changes: .*; nothing written\)/,
    );
    expect(manifestInode(out)).toBe(inode);
    expect(readFileSync(stray, 'utf8')).toBe('not a folder\n');
  });

  it('names files from the repository root (--path-prefix) however the run ends: cold, warm, or with the outputs found in place', async () => {
    const fleet = fleetOf('S');
    const cache = fresh('cache-prefix');
    const out = fresh('out-prefix');
    /** The files of the github form's annotations (the bench fleet's claims have warnings). */
    const annotated = async (extra: string[]): Promise<string[]> => {
      const run = await runCliInProcess([
        'compile',
        '--fleet',
        fleet,
        '--out',
        out,
        '--now',
        GENERATED_NOW,
        '--format',
        'github',
        '--path-prefix',
        'fleets/prod',
        ...extra,
      ]);
      expect(run.exitCode, run.stderr).toBe(0);
      return [...run.stderr.matchAll(/^::warning file=([^,]+),/gm)].map((match) => match[1] as string);
    };
    const cold = await annotated(['--no-cache']);
    expect(cold.length).toBeGreaterThan(0);
    expect(cold.every((file) => file.startsWith('fleets/prod/'))).toBe(true);
    expect(await annotated(['--cache', cache])).toEqual(cold);
    expect(await annotated(['--cache', cache])).toEqual(cold);
    changeOneRow(fleet, 905);
    expect(await annotated(['--cache', cache])).toEqual(cold);
  });

  it('a pin changed while an output was edited by hand: refused as a cold run refuses it, the edit kept', async () => {
    const fleet = fleetOf('S');
    const cache = fresh('cache-pin-edited');
    const out = fresh('out-pin-edited');
    expect((await compile(fleet, out, ['--cache', cache])).exitCode).toBe(0);
    const edited = path.join(out, 'books', 'sign-in-spare.json');
    writeFileSync(edited, `${readFileSync(edited, 'utf8')}\n`);
    const text = readFileSync(edited, 'utf8');
    changeOneRow(fleet, 903);
    const run = await compile(fleet, out, ['--cache', cache]);
    const cold = await compile(fleet, out, ['--no-cache']);
    expect(run.exitCode).toBe(2);
    expect(codes(run)).toContain('output_foreign_file');
    expect(diagnosticsOf(run)).toEqual(diagnosticsOf(cold));
    expect(readFileSync(edited, 'utf8')).toBe(text);
  });
});

describe('what the cache never trusts', () => {
  const fleet = fleetOf('S');

  /** A filled cache and an output tree in place; returns the cache folder and its one entry. */
  async function filled(): Promise<{ cache: string; out: string; entry: string }> {
    const cache = fresh('cache');
    const out = fresh('out');
    expect((await compile(fleet, out, ['--cache', cache])).exitCode).toBe(0);
    const entries = readdirSync(path.join(cache, 'entries'));
    expect(entries).toHaveLength(1);
    return { cache, out, entry: path.join(cache, 'entries', entries[0] as string) };
  }

  it('an output edited by hand: --check reports it edited, compile rewrites it once it is moved away', async () => {
    const { cache, out } = await filled();
    const expected = await readOutputTree(out);
    const file = path.join(out, 'platforms', 'mercury.yaml');
    writeFileSync(file, readFileSync(file, 'utf8').replace('mercury', 'mercurY'));
    const check = await compile(fleet, out, ['--check', '--cache', cache], 'text');
    expect(check.exitCode).toBe(1);
    expect(check.stderr).toContain('edited  platforms/mercury.yaml  (changed by hand after diene wrote it)');
    // diene refuses to replace a file edited after it wrote it; moved away, the compile puts the right one back.
    rmSync(file);
    const run = await compile(fleet, out, ['--cache', cache], 'text');
    expect(run.exitCode, run.stderr).toBe(0);
    expect(run.stderr).toMatch(/wrote \d+ files/);
    expect(await readOutputTree(out)).toEqual(expected);
    // An extra file is never taken for the tree either.
    writeFileSync(path.join(out, 'notes.txt'), 'mine\n');
    expect((await compile(fleet, out, ['--check', '--cache', cache], 'text')).stderr).toContain('foreign notes.txt  (diene did not write it)');
  });

  it.each([
    [
      'tampered (a listed digest changed)',
      (text: string) => text.replace(/"sha256:[0-9a-f]{64}"\]/, `"sha256:${'0'.repeat(64)}"]`),
      "its seal was not made with this user's cache key (the key changed, or the file was copied from another user or machine, restored from another job's cache, forged, or changed after it was written)",
    ],
    [
      'tampered (a diagnostic added: the body is longer than its head says)',
      (text: string) => text.replace('"diagnostics":[', '"diagnostics":[{"code":"x"},'),
      'its size is not the one its first line states',
    ],
    ['cut short', (text: string) => text.slice(0, text.length >> 1), 'it is cut short'],
    ['empty', () => '', 'it is cut short'],
    ['of another format', (text: string) => text.replace('"version":2', '"version":99'), 'it was written in another cache format than this diene reads'],
    [
      'sealed the way diene 1 did (a plain digest, which anyone can recompute)',
      (text: string) => {
        const body = text.slice(text.indexOf('\n') + 1, -1);
        return `${JSON.stringify({ format: 'diene-cache', version: 2, key: JSON.parse(text.slice(0, text.indexOf('\n'))).key, digest: `sha256:${sha256(body)}` })}\n${body}\n`;
      },
      "it carries no seal (diene seals everything it keeps with this user's cache key)",
    ],
    [
      'not written by diene',
      (text: string) => text.replace('"format":"diene-cache"', '"format":"notes"'),
      'its first line is not the head diene writes, so diene did not write it',
    ],
    ['not JSON', () => 'garbage\n{}\n', 'its first line is not JSON'],
  ])('an entry %s is ignored with a warning; the run compiles cold, right, and replaces it', async (_, damage, reason) => {
    const { cache, out, entry } = await filled();
    const expected = await readOutputTree(out);
    const original = readFileSync(entry, 'utf8');
    writeFileSync(entry, damage(original));
    rmSync(out, { recursive: true });
    const run = await compile(fleet, out, ['--cache', cache]);
    expect(run.exitCode, run.stderr).toBe(0);
    // Compiled cold, the tree written again, and the entry replaced by a whole one.
    expect(readFileSync(entry, 'utf8')).toBe(original);
    const warning = diagnosticsOf(run).find((d) => d.code === 'cache_entry_ignored');
    expect(warning?.severity).toBe('warning');
    expect(warning?.message).toBe(`ignored the cache entry ${entry}: ${reason}; the result was made anew without it`);
    expect(await readOutputTree(out)).toEqual(expected);
    // Replaced by a whole entry: the next run is warm and quiet.
    const written = manifestInode(out);
    const next = await compile(fleet, out, ['--cache', cache]);
    expect(manifestInode(out)).toBe(written);
    expect(codes(next)).not.toContain('cache_entry_ignored');
  });

  it('a folder inside the tree this user cannot write is refused by a warm run as by a cold one, naming the same folder: the first in path order', async () => {
    const { cache, out } = await filled();
    // The test runs as root, whom a folder's mode does not stop: a preloaded hook answers the access check of one folder
    // inside the tree as the kernel does for a user without write permission there (as the output_location_read_only case does).
    const hook = path.join(work, `read-only-books-${made++}.mjs`);
    writeFileSync(
      hook,
      [
        "import fs from 'node:fs';",
        "import { syncBuiltinESMExports } from 'node:module';",
        'const real = fs.accessSync;',
        `const readOnly = ${JSON.stringify(['route-paths', 'kargo', 'books'].map((folder) => path.join(out, folder)))};`,
        "fs.accessSync = (target, mode) => { if (readOnly.includes(String(target)) && (mode & fs.constants.W_OK) !== 0) throw Object.assign(new Error('EACCES'), { code: 'EACCES' }); return real(target, mode); };",
        'syncBuiltinESMExports();',
      ].join('\n'),
    );
    const run = (extra: string[]) =>
      runCli(['compile', '--fleet', fleet, '--out', out, '--now', GENERATED_NOW, '--format', 'json', ...extra], { env: { NODE_OPTIONS: `--import=${hook}` } });
    const warm = run(['--cache', cache]);
    const cold = run(['--no-cache']);
    const refusal = (stderr: string) =>
      (JSON.parse(stderr.slice(stderr.indexOf('['), stderr.lastIndexOf(']') + 1)) as Diagnostic[]).filter((d) => d.severity === 'error');
    expect(warm.exitCode).toBe(2);
    expect(cold.exitCode).toBe(2);
    expect(refusal(warm.stderr).map((d) => [d.code, d.message])).toEqual([
      [
        'output_location_read_only',
        `the output directory ${out} cannot be written: it holds the read-only folder ${path.join(out, 'books')}, whose files replacing the tree must remove`,
      ],
    ]);
    expect(refusal(warm.stderr)).toEqual(refusal(cold.stderr));
  });

  it('an entry moved under another key is foreign: ignored with a warning', async () => {
    const { cache, out, entry } = await filled();
    // The entry of another fleet, copied to this fleet's key.
    const files = [sourceFile('registry/fleet.yaml', 'x')];
    const key = path.basename(entry, '.json');
    writeFileSync(
      entry,
      entryText(cacheKey(files, 'compile', { serial: 0 }), { diagnostics: [], window: ALWAYS, outputs: [], manifest: 'sha256:0' }, userCacheKey()),
    );
    expect(parseEntry(readFileSync(entry, 'utf8'), key, userCacheKey())).toEqual(new EntryProblem('other_key'));
    const run = await compile(fleet, out, ['--cache', cache]);
    expect(run.exitCode).toBe(0);
    expect(diagnosticsOf(run).find((d) => d.code === 'cache_entry_ignored')?.message).toBe(
      `ignored the cache entry ${entry}: it names another key than its file name (copied or moved); the result was made anew without it`,
    );
  });

  it.each([
    ['scribbled over', () => 'scribbled over\n[]\n', 'its first line is not JSON'],
    ['sealed, but no list of stamps', (key: string) => sealedRecord('stamps', key, { stamps: 'none' }), 'its body is not a list of stamps'],
  ])(
    'damaged stamps of the output files (%s) are ignored with a warning saying the files were compared by content; still up to date, nothing written',
    async (_, damage, reason) => {
      const { cache, out } = await filled();
      const [name] = readdirSync(path.join(cache, 'stamps'));
      const stamps = path.join(cache, 'stamps', name as string);
      writeFileSync(stamps, damage(path.basename(stamps, '.json')));
      const inode = manifestInode(out);
      const run = await compile(fleet, out, ['--cache', cache]);
      expect(run.exitCode, run.stderr).toBe(0);
      expect(
        diagnosticsOf(run)
          .filter((d) => d.code === 'cache_entry_ignored')
          .map((d) => d.message),
      ).toEqual([`ignored the stamps of the output files ${stamps}: ${reason}; the output files were compared by their content instead`]);
      expect(manifestInode(out)).toBe(inode);
      // The text form says the same beside its note: the tree was found in place by content, nothing written.
      writeFileSync(stamps, damage(path.basename(stamps, '.json')));
      const text = await compile(fleet, out, ['--cache', cache], 'text');
      expect(text.stderr).toContain('the output files were compared by their content instead');
      expect(text.stderr).toMatch(/up to date: .*\(from the cache; nothing written\)/);
      // The stamps were written whole again: the next run is quiet.
      expect(diagnosticsOf(await compile(fleet, out, ['--cache', cache])).filter((d) => d.code.startsWith('cache_'))).toEqual([]);
    },
  );

  it('refuses a cache folder inside the output directory (every later compile would refuse it as a foreign folder), writing nothing', async () => {
    const out = fresh('out');
    const run = await compile(fleet, out, ['--cache', path.join(out, '.cache')]);
    expect(run.exitCode).toBe(2);
    expect(diagnosticsOf(run).map((d) => d.code)).toEqual(['usage_option_value_invalid']);
    expect(diagnosticsOf(run)[0]?.message).toContain('is not a folder outside the output directory');
    expect(existsSync(out)).toBe(false);
  });

  it('a folder that is not a diene cache is neither read nor written, with a warning', async () => {
    const folder = fresh('not-a-cache');
    mkdirSync(folder);
    writeFileSync(path.join(folder, 'thesis.tex'), 'mine\n');
    const out = fresh('out');
    const run = await compile(fleet, out, ['--cache', folder]);
    expect(run.exitCode, run.stderr).toBe(0);
    expect(diagnosticsOf(run).find((d) => d.code === 'cache_folder_foreign')?.message).toContain('not a diene cache');
    expect(readdirSync(folder)).toEqual(['thesis.tex']);
    const marker = fresh('other-version');
    mkdirSync(marker);
    writeFileSync(path.join(marker, 'diene-cache.json'), '{"format":"diene-cache","version":3}\n');
    expect(diagnosticsOf(await compile(fleet, out, ['--cache', marker])).find((d) => d.code === 'cache_folder_other_format')?.message).toContain('"version":3');
  });

  it('says what each command did without a folder it cannot use: compiled, checked, validated or rendered', async () => {
    const folder = fresh('not-a-cache');
    mkdirSync(folder);
    writeFileSync(path.join(folder, 'thesis.tex'), 'mine\n');
    const foreign = (did: string) =>
      `ignored the cache folder ${folder}: it is not empty and has no readable diene-cache.json, so it is not a diene cache; ${did} without it`;
    const warned = (run: CliRun, stream: 'stdout' | 'stderr' = 'stderr') =>
      diagnosticsOf({ ...run, stderr: run[stream] })
        .filter((d) => d.code.startsWith('cache_'))
        .map((d) => d.message);
    const out = fresh('out');
    expect(warned(await compile(fleet, out, ['--cache', folder]))).toEqual([foreign('compiled')]);
    expect(warned(await compile(fleet, out, ['--check', '--cache', folder]))).toEqual([foreign('checked')]);
    const validate = await runCliInProcess(['validate', '--fleet', fleet, '--now', GENERATED_NOW, '--format', 'json', '--cache', folder]);
    expect(warned(validate, 'stdout')).toEqual([foreign('validated')]);
    const render = await runCliInProcess([
      'render',
      '--platform',
      firstPlatform(fleet),
      '--fleet',
      fleet,
      '--now',
      GENERATED_NOW,
      '--format',
      'json',
      '--cache',
      folder,
    ]);
    expect(render.exitCode, render.stderr).toBe(0);
    expect(warned(render)).toEqual([foreign('rendered')]);
    expect(readdirSync(folder)).toEqual(['thesis.tex']);
  });

  it('a --cache that is a file is said to be a file, left alone, and the run goes on without a cache', async () => {
    const file = fresh('a-file');
    writeFileSync(file, 'notes\n');
    const run = await compile(fleet, fresh('out'), ['--cache', file]);
    expect(run.exitCode, run.stderr).toBe(0);
    expect(
      diagnosticsOf(run)
        .filter((d) => d.code.startsWith('cache_'))
        .map((d) => [d.code, d.severity, d.message, d.hint]),
    ).toEqual([
      [
        'cache_folder_is_file',
        'warning',
        `ignored the cache folder ${file}: it is a file, not a folder; compiled without it`,
        'give --cache a folder (diene makes one that does not exist yet) or run with --no-cache; diene leaves the file alone',
      ],
    ]);
    expect(readFileSync(file, 'utf8')).toBe('notes\n');
  });

  it('two compiles sharing one cache at the same time both come out right, and leave a whole entry', async () => {
    const m = fleetOf('M');
    const cache = fresh('shared');
    const outs = [fresh('a'), fresh('b')];
    const runs = await Promise.all(
      outs.map(
        (out) =>
          new Promise<number>((resolve, reject) => {
            const child = spawn(
              process.execPath,
              [path.join(REPO_ROOT, 'bin', 'diene.js'), 'compile', '--fleet', m, '--out', out, '--now', GENERATED_NOW, '--cache', cache],
              {
                stdio: 'ignore',
              },
            );
            child.on('error', reject);
            child.on('close', (code) => resolve(code ?? -1));
          }),
      ),
    );
    expect(runs).toEqual([0, 0]);
    const cold = fresh('cold');
    expect((await compile(m, cold, ['--no-cache'])).exitCode).toBe(0);
    const expected = await readOutputTree(cold);
    for (const out of outs) expect(await readOutputTree(out)).toEqual(expected);
    expect(readdirSync(path.join(cache, 'entries')).filter((name) => !name.endsWith('.json'))).toEqual([]);
    const warm = await compile(m, outs[0] as string, ['--cache', cache], 'text');
    expect(warm.stderr).toContain('up to date');
  });
});

describe('a cache folder that cannot be written', () => {
  const fleet = fleetOf('S');
  /** A folder below a regular file: no user can make it, root neither (root ignores permission bits, not the file standing there). */
  const unwritable = (): { file: string; cache: string } => {
    const file = fresh('a-file');
    writeFileSync(file, 'not a folder\n');
    return { file, cache: path.join(file, 'cache') };
  };
  const afterIt = 'or run with --no-cache (no cache, and no warning); the outputs and the exit code are the same either way';
  /** The warning of a cache folder `dir` that cannot be made or written because the file `file` stands where a folder belongs. */
  const inTheWay = (dir: string, file: string) =>
    `the cache folder ${dir} cannot be written: ${file} is a file where diene needs a folder, so what this run had to keep there is not kept, and a later run redoes that work`;
  const named = (run: CliRun) => diagnosticsOf(run).filter((d) => d.code.startsWith('cache_'));

  it('compile and compile --check give the outputs, diagnostics and exit code of --no-cache, and name the file on the way to the folder, once', async () => {
    const { file, cache } = unwritable();
    const coldOut = fresh('cold');
    const cold = await compile(fleet, coldOut, ['--no-cache']);
    expect(cold.exitCode, cold.stderr).toBe(0);
    const out = fresh('out');
    for (const run of [await compile(fleet, out, ['--cache', cache]), await compile(fleet, out, ['--cache', cache])]) {
      // The second run is as cold as the first: nothing was kept, so it writes the tree again.
      expect(run.exitCode, run.stderr).toBe(0);
      expect(named(run).map((d) => [d.code, d.severity, d.file, d.message, d.hint])).toEqual([
        [
          'cache_file_in_the_way',
          'warning',
          null,
          inTheWay(cache, file),
          `give a --cache DIR whose path is folders only (${file} is not one: diene leaves it alone), ${afterIt}`,
        ],
      ]);
      expect(diagnosticsOf(run).filter((d) => d.code !== 'cache_file_in_the_way')).toEqual(diagnosticsOf(cold));
      expect(await readOutputTree(out)).toEqual(await readOutputTree(coldOut));
    }
    const check = await compile(fleet, out, ['--check', '--cache', cache]);
    const coldCheck = await compile(fleet, out, ['--check', '--no-cache']);
    expect([check.exitCode, check.stdout]).toEqual([coldCheck.exitCode, coldCheck.stdout]);
    expect(named(check).map((d) => d.message)).toEqual([inTheWay(cache, file)]);
    expect(readFileSync(file, 'utf8')).toBe('not a folder\n');
    // --no-cache is the way to silence it.
    expect(codes(await compile(fleet, out, ['--no-cache']))).toEqual(codes(cold));
  });

  it('a write that fails only once the outputs are made (the records all answered) names the file standing in the folder, and how to clear it', async () => {
    const cache = fresh('late');
    expect((await compile(fleet, fresh('out'), ['--cache', cache])).exitCode).toBe(0);
    // The records stay usable; only the entries' folder is now a file.
    rmSync(path.join(cache, 'entries'), { recursive: true });
    writeFileSync(path.join(cache, 'entries'), '');
    const out = fresh('out');
    const run = await compile(fleet, out, ['--cache', cache]);
    expect(run.exitCode, run.stderr).toBe(0);
    const entries = path.join(cache, 'entries');
    expect(named(run).map((d) => [d.code, d.message, d.hint])).toEqual([
      [
        'cache_file_in_the_way',
        inTheWay(cache, entries),
        `remove the file ${entries} (no diene cache holds a file there: diene makes the folder in its place), or give another --cache DIR, ${afterIt}`,
      ],
    ]);
    const text = await compile(fleet, out, ['--cache', cache], 'text');
    expect(text.stderr.split('cache_file_in_the_way')).toHaveLength(2);
    // Removing the file, as the hint says, is the fix: the next run keeps its entry and says nothing.
    rmSync(entries);
    expect(named(await compile(fleet, out, ['--cache', cache]))).toEqual([]);
    expect(readdirSync(entries).filter((name) => name.endsWith('.json'))).toHaveLength(1);
  });

  it('says it once however many writes fail (entry, stamps, records), naming the first file in the way', () => {
    const folder = fresh('parts-are-files');
    mkdirSync(folder);
    writeFileSync(path.join(folder, 'diene-cache.json'), '{"format":"diene-cache","version":1}\n');
    // Each subfolder a write needs is a regular file.
    for (const part of ['entries', 'stamps', 'files']) writeFileSync(path.join(folder, part), '');
    const cache = new CompileCache(folder);
    const key = 'a'.repeat(64);
    cache.write(key, { diagnostics: [], window: ALWAYS });
    cache.writeStamps('/somewhere/out', new Map([['a.yaml', ['1', 'sha256:0']]]));
    cache.writePack('files/x.pack', ['head']);
    cache.writeRender(key, { diagnostics: [], window: ALWAYS, render: { exitCode: 0, withRead: true } }, 'kind: X\n');
    expect(cache.warnings.map((d) => [d.code, d.message])).toEqual([['cache_file_in_the_way', inTheWay(folder, path.join(folder, 'entries'))]]);
    // What is there is still read: a failed write never takes the folder out of use.
    expect(cache.readFirstLine('diene-cache.json')).toBe('{"format":"diene-cache","version":1}');
  });

  it('a write the system refuses for another reason names the path it refused and its error code', () => {
    // Every file of the fleet changed just now (its change time moved): no stamp is kept (input-stamps.ts), so the first write is the records' pack.
    justChanged(fleet);
    const cache = fresh('read-only');
    mkdirSync(cache);
    // Each write of the run fails as on a read-only file system (root may write anywhere else).
    const hook = path.join(fresh('hook'), 'read-only.mjs');
    mkdirSync(path.dirname(hook));
    writeFileSync(
      hook,
      [
        "import fs from 'node:fs';",
        "import { syncBuiltinESMExports } from 'node:module';",
        `const cache = ${JSON.stringify(cache)};`,
        'const refuse = (real) => (target, ...rest) => {',
        "  if (String(target).startsWith(cache)) throw Object.assign(new Error('read-only'), { code: 'EROFS', path: String(target) });",
        '  return real(target, ...rest);',
        '};',
        'fs.mkdirSync = refuse(fs.mkdirSync);',
        'fs.writeFileSync = refuse(fs.writeFileSync);',
        // Reads stay allowed, as on a read-only file system: only an open that may write is refused.
        'const realOpen = fs.openSync;',
        'fs.openSync = (target, flags = "r", ...rest) => {',
        "  const writes = typeof flags === 'string' ? /[wa+]/.test(flags) : (flags & (fs.constants.O_WRONLY | fs.constants.O_RDWR | fs.constants.O_CREAT)) !== 0;",
        '  return (writes ? refuse(realOpen) : realOpen)(target, flags, ...rest);',
        '};',
        'syncBuiltinESMExports();',
      ].join('\n'),
    );
    const out = fresh('out');
    const run = runCli(['compile', '--fleet', fleet, '--out', out, '--now', GENERATED_NOW, '--format', 'json', '--cache', cache], {
      env: { NODE_OPTIONS: `--import=${hook}` },
    });
    expect(run.exitCode, run.stderr).toBe(0);
    expect(named(run).map((d) => [d.code, d.message, d.hint])).toEqual([
      [
        'cache_not_kept',
        // The folder that could not be made (files) is made in the one that exists: that is the one to make writable.
        `the cache folder ${cache} cannot be written (${cache}: EROFS: the file system is read-only): what this run had to keep there is not kept, and a later run redoes that work`,
        `make ${cache} writable for this user, give a writable folder with --cache DIR, ${afterIt}`,
      ],
    ]);
  });
});

describe('--cache and --no-cache together', () => {
  it('are refused as a usage error by compile, compile --check and validate, before anything is read or written', async () => {
    const fleet = fleetOf('S');
    const cache = fresh('both');
    // Validate's diagnostics are its product, on stdout; compile's go to stderr.
    for (const [stream, args] of [
      ['stderr', ['compile', '--fleet', fleet, '--out', fresh('out')]],
      ['stderr', ['compile', '--check', '--fleet', fleet, '--out', fresh('out')]],
      ['stdout', ['validate', '--fleet', fleet]],
    ] as const) {
      const both = await runCliInProcess([...args, '--cache', cache, '--no-cache', '--format', 'json']);
      expect(both.exitCode, both.stderr).toBe(2);
      const run = { ...both, stderr: both[stream] };
      expect(diagnosticsOf(run).map((d) => [d.code, d.message])).toEqual([
        ['usage_option_conflict', '--cache DIR and --no-cache cannot both be given: the one names the cache folder to use, the other turns the cache off'],
      ]);
      expect(diagnosticsOf(run)[0]?.hint).toMatch(/^give one of them; usage: diene (compile|validate) /);
      expect(existsSync(cache)).toBe(false);
    }
  });
});

describe("the compiler's identity in the key", () => {
  it("covers every stage of the pipeline, not only the cache module's own folder", () => {
    // Run from source here: the code root is compiler/ (dist/ when built). A root one level too low (adapters/) once let a
    // compiler changed in its loader replay the entries of the one before.
    const { root, files } = compilerFiles();
    expect(path.basename(root)).toBe('compiler');
    for (const module of ['cli.ts', 'index.ts', '1-load/load-fleet.ts', '2-analyze/check-rows.ts', '3-emit/kargo-stages.ts', 'incremental/compile-cache.ts'])
      expect(files, module).toContain(module);
    expect(files.filter((file) => file.startsWith('plugin/') || file.endsWith('.d.ts'))).toEqual([]);
  });
});

describe('the clock and the cache', () => {
  it('a cached result is used only at instants where the override-age warnings say the same', () => {
    const rows = [{ data: { values: {}, valuesSince: '2026-11-20T00:00:00Z' } }];
    const since = Date.parse('2026-11-20T00:00:00Z') / 1000;
    const week = 7 * 86_400;
    // Neither warning from the override's date until it turns stale.
    expect(nowWindow(rows, since + 10)).toEqual({ from: since, until: since + week + 1 });
    // Dated in the future: the message names now to the second.
    expect(nowWindow(rows, since - 10)).toEqual({ from: since - 10, until: since - 9 });
    // Stale: the day count of the message moves every 24 hours.
    expect(nowWindow(rows, since + week + 5)).toEqual({ from: since + week + 1, until: since + 8 * 86_400 });
    expect(nowWindow(rows, since + 20 * 86_400 + 7)).toEqual({ from: since + 20 * 86_400, until: since + 21 * 86_400 });
    expect(nowWindow([{ data: { valuesSince: '2026-11-20T00:00:00Z' } }], 0)).toEqual(ALWAYS);
  });

  it('validate and compile with --now past the override age or before its date warn as a cold run does', async () => {
    const fleet = fleetOf('S');
    const cache = fresh('clock');
    for (const command of ['validate', 'compile']) {
      const args = (now: string, more: string[]) => [
        command,
        '--fleet',
        fleet,
        '--now',
        now,
        '--format',
        'json',
        ...(command === 'compile' ? ['--out', path.join(fleet, 'out')] : []),
        ...more,
      ];
      const found = (run: CliRun): Diagnostic[] => {
        const text = run.stdout.startsWith('[') ? run.stdout : run.stderr;
        return JSON.parse(text.slice(text.indexOf('['), text.lastIndexOf(']') + 1)) as Diagnostic[];
      };
      const before = await runCliInProcess(args('2026-11-21T00:00:00Z', ['--cache', cache]));
      // Before the override's date (2026-11-20T10:00:00Z): it is dated in the future, which the entry just written does not say.
      const early = await runCliInProcess(args('2026-11-01T00:00:00Z', ['--cache', cache]));
      expect(found(early).map((d) => d.code)).toContain('row_override_in_future');
      expect(found(early)).toEqual(found(await runCliInProcess(args('2026-11-01T00:00:00Z', ['--no-cache']))));
      const later = await runCliInProcess(args('2026-12-30T00:00:00Z', ['--cache', cache]));
      const laterCold = await runCliInProcess(args('2026-12-30T00:00:00Z', ['--no-cache']));
      expect(found(before).map((d) => d.code)).not.toContain('row_override_stale');
      expect(found(later).map((d) => d.code)).toContain('row_override_stale');
      expect(found(later)).toEqual(found(laterCold));
      expect(later.exitCode).toBe(laterCold.exitCode);
      // Again at that instant: from the cache, same answer.
      expect(found(await runCliInProcess(args('2026-12-30T00:00:00Z', ['--cache', cache])))).toEqual(found(laterCold));
    }
  });

  it("a missing valuesSince is hinted with the run's now, which neither the cache nor the records of single files replay at another instant", async () => {
    const fleet = fleetOf('S');
    const row = firstRow(fleet);
    writeFileSync(row, 'pin:\n  chart: "1.0.0"\n  image: "1.0.0"\nvalues:\n  replicas: 2\n');
    const cache = fresh('dated-hint');
    const hint = async (now: string): Promise<string | undefined> => {
      const run = await runCliInProcess(['validate', '--fleet', fleet, '--now', now, '--format', 'json', '--cache', cache]);
      expect(run.exitCode).toBe(2);
      const found = JSON.parse(run.stdout) as Diagnostic[];
      return found.find((d) => d.code === 'schema_required' && d.message.includes('"valuesSince"'))?.hint;
    };
    expect(await hint('2026-12-02T06:22:07Z')).toBe('add valuesSince: "2026-12-02T06:22:07Z" (see schemas/row.schema.json)');
    expect(await hint('2026-12-02T06:22:07Z')).toBe('add valuesSince: "2026-12-02T06:22:07Z" (see schemas/row.schema.json)');
    expect(await hint('2027-01-15T09:00:00Z')).toBe('add valuesSince: "2027-01-15T09:00:00Z" (see schemas/row.schema.json)');
  });
});

describe('where the cache lives', () => {
  it('$XDG_CACHE_HOME/diene (an absolute path), else ~/.cache/diene; never a node_modules folder of the fleet or the checkout', () => {
    const root = fresh('tree');
    mkdirSync(path.join(root, 'project', 'node_modules', '.cache', 'diene'), { recursive: true });
    expect(cacheFolder({}, false, { XDG_CACHE_HOME: '/var/cache/me' })).toBe('/var/cache/me/diene');
    expect(cacheFolder({}, false, { XDG_CACHE_HOME: 'relative/cache' })).toBe(path.join(homedir(), '.cache', 'diene'));
    expect(cacheFolder({}, false, {})).toBe(path.join(homedir(), '.cache', 'diene'));
    expect(cacheFolder({ cache: path.join(root, 'mine') }, false, {})).toBe(path.join(root, 'mine'));
    expect(cacheFolder({ 'no-cache': true }, false, {})).toBeUndefined();
  });

  it('compile --check and validate run cold in a CI job unless --cache names a folder; compile and render keep the default', () => {
    for (const ci of [{ CI: 'true' }, { CI: '1' }, { CI: 'woodpecker' }, { GITHUB_ACTIONS: 'true' }]) {
      expect(cacheFolder({}, true, { ...ci, XDG_CACHE_HOME: '/c' })).toBeUndefined();
      expect(cacheFolder({ cache: '/named' }, true, ci)).toBe('/named');
      expect(cacheFolder({}, false, { ...ci, XDG_CACHE_HOME: '/c' })).toBe('/c/diene');
    }
    for (const local of [{}, { CI: '' }, { CI: 'false' }, { CI: '0' }, { GITHUB_ACTIONS: 'false' }])
      expect(cacheFolder({}, true, { ...local, XDG_CACHE_HOME: '/c' })).toBe('/c/diene');
  });
});

describe('the record of what the outputs were made from (slices/)', () => {
  const out = '/somewhere/out';
  const keys = new Map<string, [string, string]>([
    ['argocd/nitroso.yaml', [`sha256:${'1'.repeat(64)}`, `sha256:${'2'.repeat(64)}`]],
    ['books/doc-a.json', [`sha256:${'3'.repeat(64)}`, `sha256:${'4'.repeat(64)}`]],
  ]);
  const recordOf = (dir: string): string => path.join(dir, 'slices', readdirSync(path.join(dir, 'slices'))[0] as string);

  it('reads back what was kept, for the same output directory only', () => {
    const dir = fresh('slices');
    new CompileCache(dir).writeSliceKeys(out, keys);
    const reading = new CompileCache(dir);
    expect(reading.readSliceKeys(out)).toEqual(keys);
    expect(reading.readSliceKeys('/somewhere/else')).toEqual(new Map());
    expect(reading.warnings).toEqual([]);
  });

  it('kept by another compiler: not used, and nothing to warn about (its emitters may make other bytes of the same slices)', () => {
    const dir = fresh('slices');
    new CompileCache(dir).writeSliceKeys(out, keys);
    const file = recordOf(dir);
    const body = JSON.parse(readFileSync(file, 'utf8').split('\n')[1] as string) as { compiler: string };
    writeFileSync(file, sealedRecord('slices', sha256(out), { ...body, compiler: 'f'.repeat(64) }));
    const reading = new CompileCache(dir);
    expect(reading.readSliceKeys(out)).toEqual(new Map());
    expect(reading.warnings).toEqual([]);
  });

  it.each([
    ['edited after it was written', (text: string) => text.replace('2222', '2223'), 'seal_mismatch'],
    ['of the wrong shape (sealed again with the key)', () => sealedRecord('slices', sha256(out), { compiler: 'x', outputs: [['a', 'b']] }), 'body_not_slices'],
  ])('%s: ignored with a warning, removed, and every output made anew', (_name, damage, problem) => {
    const dir = fresh('slices');
    new CompileCache(dir).writeSliceKeys(out, keys);
    const file = recordOf(dir);
    writeFileSync(file, damage(readFileSync(file, 'utf8')));
    const reading = new CompileCache(dir);
    expect(reading.readSliceKeys(out)).toEqual(new Map());
    expect(reading.warnings.map((w) => [w.code, w.message])).toEqual([
      [
        'cache_entry_ignored',
        expect.stringMatching(new RegExp(`^ignored the record of what the output files were made from .*: .*; every output file was made anew$`)),
      ],
    ]);
    expect(reading.warnings[0]?.message).toContain(
      problem === 'seal_mismatch' ? "its seal was not made with this user's cache key" : 'not a list of output files',
    );
    expect(existsSync(file)).toBe(false);
  });
});

describe('a folder where a record of an output directory belongs', () => {
  it.each(['slices', 'stamps'] as const)('%s: ignored with a warning, removed with what it holds, and the record kept again in its place', (part) => {
    const dir = fresh('records');
    mkdirSync(dir);
    writeFileSync(path.join(dir, 'diene-cache.json'), '{"format":"diene-cache","version":1}\n');
    const cache = new CompileCache(dir);
    const record = new Map<string, [string, string]>([['books/doc-a.json', [`sha256:${'1'.repeat(64)}`, `sha256:${'2'.repeat(64)}`]]]);
    if (part === 'slices') cache.writeSliceKeys('/somewhere/out', record);
    else cache.writeStamps('/somewhere/out', record);
    const file = path.join(dir, part, readdirSync(path.join(dir, part))[0] as string);
    rmSync(file);
    mkdirSync(path.join(file, 'inside'), { recursive: true });
    const reading = new CompileCache(dir);
    expect(part === 'slices' ? reading.readSliceKeys('/somewhere/out') : reading.readStamps('/somewhere/out')).toEqual(new Map());
    expect(reading.warnings.map((w) => [w.code, w.message])).toEqual([
      [
        'cache_entry_ignored',
        `ignored ${part === 'slices' ? 'the record of what the output files were made from' : 'the stamps of the output files'} ${file}: it cannot be read; ${part === 'slices' ? 'every output file was made anew' : 'the output files were compared by their content instead'}`,
      ],
    ]);
    expect(existsSync(file)).toBe(false);
    if (part === 'slices') reading.writeSliceKeys('/somewhere/out', record);
    else reading.writeStamps('/somewhere/out', record);
    expect(reading.warnings).toHaveLength(1);
    expect(part === 'slices' ? new CompileCache(dir).readSliceKeys('/somewhere/out') : new CompileCache(dir).readStamps('/somewhere/out')).toEqual(record);
  });
});

describe('the record of the last write into an output directory (written/)', () => {
  const out = '/somewhere/out';
  const record = { dirs: ['64769:1234:0'], files: [['argocd/nitroso.yaml', `sha256:${'5'.repeat(64)}`]] as [string, string][] };
  const recordOf = (dir: string): string => path.join(dir, 'written', readdirSync(path.join(dir, 'written'))[0] as string);

  it('reads back what was kept, for the same output directory only; none kept reads as none', () => {
    const dir = fresh('written');
    expect(new CompileCache(dir).readWritten(out)).toBeUndefined();
    new CompileCache(dir).writeWritten(out, record);
    const reading = new CompileCache(dir);
    expect(reading.readWritten(out)).toEqual(record);
    expect(reading.readWritten('/somewhere/else')).toBeUndefined();
    expect(reading.warnings).toEqual([]);
  });

  it('of the wrong shape (sealed again with the key): ignored with a warning, and the manifest alone decides', () => {
    const dir = fresh('written');
    new CompileCache(dir).writeWritten(out, record);
    writeFileSync(recordOf(dir), sealedRecord('written', sha256(out), [['argocd/nitroso.yaml', 'x']]));
    const reading = new CompileCache(dir);
    expect(reading.readWritten(out)).toBeUndefined();
    expect(reading.warnings.map((w) => w.message)).toEqual([
      expect.stringMatching(
        /^ignored the record of the tree last written into the output directory .*: its body is not a list of output files with their digests; the output directory's manifest alone said which files diene wrote there$/,
      ),
    ]);
  });
});
