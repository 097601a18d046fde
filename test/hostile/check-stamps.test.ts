/**
 * `diene compile --check` when the cache does not answer (an input changed)
 * compares every output with its file on disk; a file whose stamp (inode,
 * size, modification and change time) is still the one the last write or
 * warm look recorded, with the recorded digest the wanted text's, is known
 * without reading it. What must hold: the verdict, the diff and the exit code
 * are those of a check that reads every file (`--no-cache`, which keeps no
 * stamps); a file edited in place with its size and modification time put
 * back, or chmodded, is still found; a missing or damaged record of stamps
 * means every file is read. Which files a check opens is seen with strace.
 */
import { spawnSync } from 'node:child_process';
import { chmodSync, cpSync, lstatSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fileDigest, MANIFEST_FILE, manifestText } from '../../compiler/3-emit/output-manifest.js';
import { CompileCache } from '../../compiler/incremental/compile-cache.js';
import { currentStamp, stampFields } from '../../compiler/adapters/filesystem/file-stamp.js';
import { compareOutputTree, previousOf, readOutputTree } from '../../compiler/adapters/filesystem/output-tree.js';
import { overlayTexts, readFleetTexts, REPO_ROOT, writeTempFleet } from '../support/fleet-fixture.js';
import { sameTree, type TempFolder, type Tree, ttlFleets } from '../support/output-trees.js';
import { skippedBecause, skipUnlessPresent } from '../support/required.js';
import { runCliInProcess } from '../support/run-cli.js';

const BIN = path.join(REPO_ROOT, 'bin', 'diene.js');
const STRACE_MISSING = spawnSync('strace', ['-V']).status === 0 ? undefined : 'strace is not installed';
const NOW = ['--now', '2026-11-21T00:00:00Z'];

let fleetA: TempFolder;
let fleetB: TempFolder;
/** Fleet A with a comment added to an input: the cache's key changes, the outputs do not. */
let fleetC: TempFolder;
let work: TempFolder;
const trees: Record<'A' | 'B', Tree> = { A: new Map(), B: new Map() };

function compileArgs(fleet: string, out: string, cache: string | undefined, extra: string[]): string[] {
  return ['compile', '--fleet', fleet, '--out', out, ...NOW, ...(cache ? ['--cache', cache] : ['--no-cache']), ...extra];
}

async function compile(fleet: string, out: string, cache?: string, extra: string[] = []): Promise<{ exitCode: number; stdout: string; stderr: string }> {
  return runCliInProcess(compileArgs(fleet, out, cache, extra), { cwd: fleet, env: { FORCE_COLOR: '' } });
}

/** A copy of `cache`, so that a check's cache entry never answers the next check. */
function copyOf(cache: string): string {
  const copy = mkdtempSync(path.join(work.dir, 'cache-copy-'));
  rmSync(copy, { recursive: true });
  cpSync(cache, copy, { recursive: true });
  return copy;
}

/**
 * An output tree of fleet A in `out` whose every file's stamp the cache
 * `cache` recorded: written, then looked at by a warm run once its change
 * times are older than the 2 s a stamp needs.
 */
async function stampedSite(): Promise<{ out: string; cache: string }> {
  const dir = mkdtempSync(path.join(work.dir, 'site-'));
  const [out, cache] = [path.join(dir, 'generated'), path.join(dir, 'cache')];
  expect((await compile(fleetA.dir, out, cache)).exitCode).toBe(0);
  await new Promise((resolve) => setTimeout(resolve, 2100));
  expect((await compile(fleetA.dir, out, cache, ['--format', 'text'])).stderr).toContain('nothing written');
  const recorded = new CompileCache(cache).readStamps(out);
  expect([...recorded.keys()].sort()).toEqual([...trees.A.keys()].filter((file) => file !== MANIFEST_FILE).sort());
  return { out, cache };
}

/** A `--check --format text` of `fleet` against `out` under strace: its result and the output files it opened (relative, sorted). */
function tracedCheck(fleet: string, out: string, cache: string | undefined): { status: number | null; stdout: string; stderr: string; opened: string[] } {
  const log = path.join(work.dir, `strace-${path.basename(path.dirname(out))}-${Date.now()}.log`);
  const run = spawnSync(
    'strace',
    ['-f', '-qq', '-e', 'trace=open,openat,openat2', '-o', log, process.execPath, BIN, ...compileArgs(fleet, out, cache, ['--check', '--format', 'text'])],
    { cwd: fleet, encoding: 'utf8', timeout: 120_000, env: { ...process.env, FORCE_COLOR: '' } },
  );
  const opened = new Set<string>();
  for (const line of readFileSync(log, 'utf8').split('\n')) {
    const open = /\bopen(?:at2?)?\((?:[^,]*, )?"([^"]*)", ([^,)]*)/.exec(line);
    if (!open || open[2]?.includes('O_DIRECTORY') || / = -1 /.test(line)) continue;
    const relative = path.relative(out, open[1] as string);
    if (!relative.startsWith('..') && !path.isAbsolute(relative) && relative !== '') opened.add(relative);
  }
  return { status: run.status, stdout: run.stdout, stderr: run.stderr, opened: [...opened].sort() };
}

/** What a check that reads every file says (no cache, so no stamps): the verdict the stamps must not change. */
async function readingCheck(fleet: string, out: string): Promise<{ exitCode: number; stdout: string; stderr: string }> {
  return compile(fleet, out, undefined, ['--check', '--format', 'text']);
}

/** Edits `file` in place keeping its size and modification time (to the nanosecond): only its change time moves. */
function sneakyEdit(file: string): void {
  const before = stampFields(currentStamp(file) as string);
  const text = readFileSync(file, 'utf8');
  const keep = `${file}.mtime-ref`;
  const ref = path.join(work.dir, `mtime-ref-${Date.now()}`);
  writeFileSync(ref, '');
  expect(spawnSync('touch', ['-m', '-r', file, ref]).status).toBe(0);
  writeFileSync(file, text.replace(/.$/s, 'X'));
  // touch -r copies the modification time with utimensat, as `cp -p` or an editor keeping it would.
  expect(spawnSync('touch', ['-m', '-r', ref, file]).status).toBe(0);
  const after = stampFields(currentStamp(file) as string);
  expect({ ino: after.ino, size: after.size, mtimeNs: after.mtimeNs }).toEqual({ ino: before.ino, size: before.size, mtimeNs: before.mtimeNs });
  expect(after.ctimeNs, `${keep}: the change time moved`).not.toBe(before.ctimeNs);
}

beforeAll(async () => {
  const made = await ttlFleets((fleet, out) => compile(fleet, out));
  ({ fleetA, fleetB, work } = made);
  Object.assign(trees, made.trees);
  const reference = readFleetTexts();
  fleetC = writeTempFleet(
    overlayTexts(reference, { 'registry/fleet.yaml': `${reference.get('registry/fleet.yaml') as string}# a comment: the key changes, the outputs do not\n` }),
  );
  const out = path.join(work.dir, 'tree-C');
  expect((await compile(fleetC.dir, out)).exitCode).toBe(0);
  expect(sameTree(await readOutputTree(out), trees.A), 'fleet C makes the tree of fleet A').toBe(true);
}, 120_000);

afterAll(() => {
  for (const folder of [fleetA, fleetB, fleetC, work]) folder?.cleanup();
});

const outputs = (tree: Tree): string[] => [...tree.keys()].filter((file) => file !== MANIFEST_FILE).sort();

describe('--check with the stamps the last write recorded', () => {
  it.skipIf(skipUnlessPresent(STRACE_MISSING))(
    `reports an unchanged tree fresh without opening a file whose stamp is the recorded one, as a check reading every file does${skippedBecause(STRACE_MISSING)}`,
    async () => {
      const { out, cache } = await stampedSite();
      const traced = tracedCheck(fleetC.dir, out, copyOf(cache));
      expect(traced.status, traced.stderr).toBe(0);
      expect(traced.stderr).toContain(`fresh: ${trees.A.size} files in`);
      expect(traced.stderr).not.toContain('from the cache');
      expect(traced.opened, 'only the manifest, which no stamp covers').toEqual([MANIFEST_FILE]);
      // The same check without the cache reads every file, and says the same.
      const reading = tracedCheck(fleetC.dir, out, undefined);
      expect(reading.status).toBe(0);
      expect(reading.opened).toEqual([...trees.A.keys()].sort());
      expect(reading.stdout).toBe(traced.stdout);
      expect(reading.stderr).toBe(traced.stderr);
    },
  );

  it.skipIf(skipUnlessPresent(STRACE_MISSING))(
    `reads only the files whose wanted bytes differ from the recorded ones when the tree is stale, and reports it as a check reading every file does${skippedBecause(STRACE_MISSING)}`,
    async () => {
      const { out, cache } = await stampedSite();
      const changed = outputs(trees.B).filter((file) => trees.A.get(file) !== trees.B.get(file));
      expect(changed.length).toBeGreaterThan(0);
      const traced = tracedCheck(fleetB.dir, out, copyOf(cache));
      expect(traced.status, traced.stderr).toBe(1);
      expect(traced.opened).toEqual([MANIFEST_FILE, ...changed].sort());
      const reading = await readingCheck(fleetB.dir, out);
      expect(reading.exitCode).toBe(1);
      expect(traced.stdout).toBe(reading.stdout);
      expect(traced.stderr).toBe(reading.stderr);
      expect(traced.stderr).toContain(`stale: ${changed.length + 1} generated files of ${trees.B.size} differ from what the inputs produce`);
    },
  );

  it.skipIf(skipUnlessPresent(STRACE_MISSING))(
    `finds a file edited in place with its size and modification time put back (its change time moved): read, and reported as edited${skippedBecause(STRACE_MISSING)}`,
    async () => {
      const { out, cache } = await stampedSite();
      const [edited] = outputs(trees.A);
      sneakyEdit(path.join(out, edited as string));
      const traced = tracedCheck(fleetC.dir, out, copyOf(cache));
      expect(traced.status, traced.stderr).toBe(1);
      expect(traced.opened).toEqual([MANIFEST_FILE, edited].sort());
      expect(traced.stderr).toContain(`  edited  ${edited}  (changed by hand after diene wrote it)`);
      expect(traced.stderr).toContain(`stale: 1 generated file of ${trees.A.size} differs from what the inputs produce`);
      const reading = await readingCheck(fleetC.dir, out);
      expect(traced.stdout).toBe(reading.stdout);
      expect(traced.stderr).toBe(reading.stderr);
    },
  );

  it('finds a file chmodded by hand (its change time moved) stale, with its mode, as a check reading every file does', async () => {
    const { out, cache } = await stampedSite();
    const [chmodded, other] = outputs(trees.A) as [string, string];
    const written = lstatSync(path.join(out, other)).mode & 0o7777;
    chmodSync(path.join(out, chmodded), 0o755);
    const check = await compile(fleetC.dir, out, copyOf(cache), ['--check', '--format', 'text']);
    expect(check.exitCode, check.stderr).toBe(1);
    expect(check.stderr).toContain(`  changed ${chmodded}  (mode 755; a write gives ${written.toString(8)})`);
    const reading = await readingCheck(fleetC.dir, out);
    expect(check.stdout).toBe(reading.stdout);
    expect(check.stderr).toBe(reading.stderr);
  });

  it.skipIf(skipUnlessPresent(STRACE_MISSING))(
    `reads every file when the record of stamps is missing or damaged, and finds a same-size edit there too${skippedBecause(STRACE_MISSING)}`,
    async () => {
      const { out, cache } = await stampedSite();
      const stampsFolder = path.join(cache, 'stamps');
      const [record] = readdirSync(stampsFolder);
      const missing = copyOf(cache);
      rmSync(path.join(missing, 'stamps'), { recursive: true });
      const damaged = copyOf(cache);
      const text = readFileSync(path.join(stampsFolder, record as string), 'utf8');
      writeFileSync(path.join(damaged, 'stamps', record as string), text.replace(/"sha256:[0-9a-f]/, '"sha256:X'));
      for (const [name, folder] of [
        ['missing', missing],
        ['damaged', damaged],
      ] as const) {
        const traced = tracedCheck(fleetC.dir, out, copyOf(folder));
        expect(traced.status, `${name}: ${traced.stderr}`).toBe(0);
        expect(traced.opened, name).toEqual([...trees.A.keys()].sort());
        expect(traced.stderr).toContain(`fresh: ${trees.A.size} files in`);
      }
      const [edited] = outputs(trees.A);
      sneakyEdit(path.join(out, edited as string));
      const reading = await readingCheck(fleetC.dir, out);
      expect(reading.stderr).toContain(`  edited  ${edited}  (changed by hand after diene wrote it)`);
      for (const [name, folder] of [
        ['missing', missing],
        ['damaged', damaged],
      ] as const) {
        const check = await compile(fleetC.dir, out, copyOf(folder), ['--check', '--format', 'text']);
        expect(check.exitCode).toBe(1);
        expect(check.stdout).toBe(reading.stdout);
        // A damaged record is said (as compile says it), then the check reads as one without stamps does.
        const said = name === 'damaged' ? /^diene: warning cache_entry_ignored: ignored the stamps of the output files .*\n  hint: .*\n\n/ : /^/;
        expect(check.stderr.replace(said, '').replace(/\d+ warnings/, 'N warnings')).toBe(reading.stderr.replace(/\d+ warnings/, 'N warnings'));
        if (name === 'damaged') expect(check.stderr).toMatch(/the output files were compared by their content instead/);
      }
    },
  );
});

describe('compareOutputTree with recorded stamps', () => {
  /** A folder holding `a.yaml` with `bytes`, and its stamp. */
  function folderWith(bytes: string | Buffer): { out: string; stamp: string } {
    const out = path.join(mkdtempSync(path.join(work.dir, 'compare-')), 'out');
    mkdirSync(out);
    writeFileSync(path.join(out, 'a.yaml'), bytes);
    return { out, stamp: currentStamp(path.join(out, 'a.yaml')) as string };
  }
  const planOf = (text: string) => new Map([['a.yaml', () => text]]);

  it('judges a file whose stamp is the recorded one by the recorded digest (not read), and reads one whose stamp moved', async () => {
    // The record says the file holds the wanted text while it does not: only a file left unread compares equal.
    const { out, stamp } = folderWith('old: 1\n');
    const recorded = new Map([['a.yaml', [stamp, fileDigest('new: 1\n')] as const]]);
    const trusted = await compareOutputTree(out, planOf('new: 1\n'), { recorded });
    expect(trusted.wanted.has('a.yaml')).toBe(false);
    const moved = await compareOutputTree(out, planOf('new: 1\n'), { recorded: new Map([['a.yaml', [`${stamp}0`, fileDigest('new: 1\n')] as const]]) });
    expect(moved.wanted.get('a.yaml')).toBe('new: 1\n');
    expect(moved.onDisk.get('a.yaml')).toBe('old: 1\n');
    // A recorded digest that is not the wanted text's: read, and the diff has the bytes on disk.
    const other = await compareOutputTree(out, planOf('other: 1\n'), { recorded });
    expect(other.onDisk.get('a.yaml')).toBe('old: 1\n');
  });

  it('compares again when another compile swaps its tree in during the comparison: the tree in place, not a mix of two', async () => {
    // The tree in place lacks b.yaml; while a.yaml is made, "another compile" swaps in a complete tree (a.yaml, b.yaml, manifest).
    const { out } = folderWith('old: 1\n');
    const wanted = new Map([
      ['a.yaml', 'a: 2\n'],
      ['b.yaml', 'b: 2\n'],
    ]);
    const next = `${out}.next`;
    mkdirSync(next);
    for (const [file, text] of wanted) writeFileSync(path.join(next, file), text);
    writeFileSync(path.join(next, MANIFEST_FILE), manifestText(new Map([...wanted].map(([file, text]) => [file, fileDigest(text)]))));
    let madeA = 0;
    const plan = new Map([
      [
        'a.yaml',
        () => {
          if (madeA++ === 0) {
            renameSync(out, `${out}.gone`);
            renameSync(next, out);
          }
          return wanted.get('a.yaml') as string;
        },
      ],
      ['b.yaml', () => wanted.get('b.yaml') as string],
    ]);
    const compared = await compareOutputTree(out, plan);
    expect(madeA).toBe(2);
    expect([...compared.wanted.keys()]).toEqual([]);
    expect([...compared.onDisk.keys()]).toEqual([]);
  });

  it('compares again when the tree in place went away and came back (same inode) during the comparison: not missing files', async () => {
    // A fresh tree; while a.yaml is made a compile moves it to `.<out>.previous`, and while b.yaml is made it puts it back (a
    // failed swap's rollback, or the next compile restoring a killed one's): the folder has its inode again, but a.yaml was not there.
    const { out } = folderWith('a: 2\n');
    const wanted = new Map([
      ['a.yaml', 'a: 2\n'],
      ['b.yaml', 'b: 2\n'],
    ]);
    writeFileSync(path.join(out, 'b.yaml'), 'b: 2\n');
    writeFileSync(path.join(out, MANIFEST_FILE), manifestText(new Map([...wanted].map(([file, text]) => [file, fileDigest(text)]))));
    const inode = lstatSync(out).ino;
    // The folder's last change a few clock ticks before the comparison (as a tree in place is), so that the moves show.
    await new Promise((resolve) => setTimeout(resolve, 50));
    const made = { a: 0, b: 0 };
    const plan = new Map([
      [
        'a.yaml',
        () => {
          if (made.a++ === 0) renameSync(out, previousOf(out));
          return wanted.get('a.yaml') as string;
        },
      ],
      [
        'b.yaml',
        () => {
          if (made.b++ === 0) renameSync(previousOf(out), out);
          return wanted.get('b.yaml') as string;
        },
      ],
    ]);
    const compared = await compareOutputTree(out, plan);
    expect(lstatSync(out).ino).toBe(inode);
    expect(made).toEqual({ a: 2, b: 2 });
    expect([...compared.wanted.keys()]).toEqual([]);
    expect([...compared.onDisk.keys()]).toEqual([]);
  });

  it('reads a file when the wanted text holds a lone surrogate (its UTF-8 digest is that of U+FFFD, which reads back as another text)', async () => {
    const wanted = 'a: x\ud800\n';
    const { out, stamp } = folderWith(Buffer.from(wanted, 'utf8'));
    const recorded = new Map([['a.yaml', [stamp, fileDigest(wanted)] as const]]);
    const compared = await compareOutputTree(out, planOf(wanted), { recorded });
    expect(compared.wanted.get('a.yaml')).toBe(wanted);
    expect(compared.onDisk.get('a.yaml')).toBe('a: x\ufffd\n');
    expect(compared).toEqual(await compareOutputTree(out, planOf(wanted)));
  });
});

describe('compareOutputTree byte for byte', () => {
  function folderWith(bytes: Buffer): string {
    const out = path.join(mkdtempSync(path.join(work.dir, 'bytes-')), 'out');
    mkdirSync(out);
    writeFileSync(path.join(out, 'a.yaml'), bytes);
    return out;
  }
  const planOf = (text: string) => new Map([['a.yaml', () => text]]);

  it('finds a file whose bytes are not UTF-8 stale even where they decode to the wanted text (a write would change them)', async () => {
    // 0xFF decodes to U+FFFD: as text the file equals the wanted one; as bytes (EF BF BD wanted) it does not.
    const wanted = 'a: x\ufffd\n';
    const out = folderWith(Buffer.from([0x61, 0x3a, 0x20, 0x78, 0xff, 0x0a]));
    const compared = await compareOutputTree(out, planOf(wanted));
    expect(compared.wanted.get('a.yaml')).toBe(wanted);
    expect(compared.onDisk.get('a.yaml')).toBe(wanted);
    // The manifest is not there: only it is missing.
    expect([...(await compareOutputTree(folderWith(Buffer.from(wanted, 'utf8')), planOf(wanted))).wanted.keys()]).toEqual([MANIFEST_FILE]);
  });

  it('finds a file of the same size with one byte changed, a longer one and a shorter one stale, with the text on disk for the diff', async () => {
    const wanted = 'image: "1.2.3"\n';
    for (const onDisk of ['image: "1.2.4"\n', `${wanted}extra: 1\n`, 'image: "1.2\n', 'image: "1.2.3"\r\n', '']) {
      const compared = await compareOutputTree(folderWith(Buffer.from(onDisk, 'utf8')), planOf(wanted));
      expect(compared.wanted.get('a.yaml')).toBe(wanted);
      expect(compared.onDisk.get('a.yaml')).toBe(onDisk);
    }
    // Many outputs of growing and shrinking sizes, each read into the one buffer in turn: none takes another's bytes.
    const out = path.join(mkdtempSync(path.join(work.dir, 'bytes-')), 'out');
    mkdirSync(out);
    const texts = new Map<string, string>();
    for (let i = 0; i < 40; i++) {
      const text = `${'ab€'.repeat((i * 7919) % 300_000)}\n`;
      texts.set(`f${i}.yaml`, text);
      writeFileSync(path.join(out, `f${i}.yaml`), i % 5 === 3 ? text.replace(/b(?=[^b]*$)/, 'c') : text);
    }
    const compared = await compareOutputTree(out, new Map([...texts].map(([file, text]) => [file, () => text])));
    const stale = [...texts.keys()].filter((_, i) => i % 5 === 3 && texts.get(`f${i}.yaml`)?.includes('b'));
    expect([...compared.wanted.keys()].filter((file) => file !== MANIFEST_FILE).sort()).toEqual(stale.sort());
    for (const file of stale) expect(compared.onDisk.get(file)).toBe(readFileSync(path.join(out, file), 'utf8'));
  });
});
