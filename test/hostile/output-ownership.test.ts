/**
 * The output tree never loses what diene did not write (issue 14), against the
 * real CLI: hostile layouts of the output directory (a file nested below the
 * top, a folder, a FIFO, a file edited by hand, symbolic links in and out of
 * the tree, a manifest that lies, one edited by hand, a read-only file, a
 * hand-made folder as the first `--out`, a tree from a diene before the
 * manifest, a git merge that left the tree conflicted, a manifest re-sealed
 * by hand to adopt a file). Each stops the compile with exit 2 and a diagnostic naming the
 * entry, and a snapshot of the whole folder around the output directory shows
 * that not one byte, name or mode changed. The compiles run the CLI's `main`
 * in this process (runCliInProcess, held to the binary's bytes by
 * test/cli/in-process.test.ts), with the checks of a bounded child on what
 * they print; the one with a FIFO in the tree runs the bounded child, whose
 * time limit ends a compile that would block on it.
 */
import { spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fileDigest, manifestText, MANIFEST_FILE, parseOutputManifest } from '../../compiler/3-emit/output-manifest.js';
import { readOutputTree } from '../../compiler/adapters/filesystem/output-tree.js';
import { shownPath } from '../../compiler/cli/command.js';
import { boundedCli, expectNoCrash } from '../support/bounded-cli.js';
import { runCliInProcess } from '../support/run-cli.js';
import { errorLines, litter, sameTree, snapshot, type Tree, ttlFleets } from '../support/output-trees.js';

let fleetA: { dir: string; cleanup: () => void };
let fleetB: { dir: string; cleanup: () => void };
let work: { dir: string; cleanup: () => void };
const trees: Record<'A' | 'B', Tree> = { A: new Map(), B: new Map() };

/** A compile in this process, or in the bounded child with `child`. */
async function compile(fleet: string, out: string, child = false): Promise<ReturnType<typeof boundedCli>> {
  const args = ['compile', '--fleet', fleet, '--out', out, '--format', 'json', '--now', '2026-11-21T00:00:00Z'];
  if (child) return boundedCli(args, { cwd: fleet });
  return { ...(await runCliInProcess(args, { cwd: fleet, env: { FORCE_COLOR: process.env['FORCE_COLOR'] ?? '' } })), signal: null, error: undefined };
}

/** A new folder holding nothing but what the test puts there, and `out` inside it. */
function site(name = 'generated'): { dir: string; out: string } {
  const dir = mkdtempSync(path.join(work.dir, 'site-'));
  return { dir, out: path.join(dir, name) };
}

/** Compiles fleet A into `out`, expecting success. */
async function compiled(out: string): Promise<void> {
  const run = await compile(fleetA.dir, out);
  expect(run.exitCode, run.stderr).toBe(0);
}

/** `target` as the refused compiles name it: from their working directory, fleet B (or absolute, when shorter). */
const shown = (target: string) => shownPath(target, fleetB.dir);

const UNLISTED = `holds what diene did not write: diene writes no such file, and the manifest (${MANIFEST_FILE}) does not list it`;
const CHANGED = `holds what diene did not write: its bytes differ from the digest the manifest (${MANIFEST_FILE}) records for it: it was changed after diene wrote it`;
const FOLDER = 'holds what diene did not write: it is a folder in which diene writes no file';
const LINK = 'holds what diene did not write: it is a symbolic link, and diene writes only regular files (the link is not followed)';

/** Runs `compile` of fleet B into `out` (in the bounded child with `child`) and expects a refusal (exit 2) with exactly `errors`, and the folder `around` unchanged. */
async function expectRefused(around: string, out: string, errors: string[], child = false): Promise<void> {
  const before = snapshot(around);
  const run = await compile(fleetB.dir, out, child);
  expectNoCrash(run);
  expect(run.exitCode, run.stderr).toBe(2);
  expect(errorLines(run)).toEqual(errors);
  expect(snapshot(around)).toEqual(before);
}

beforeAll(async () => {
  const made = await ttlFleets(compile);
  ({ fleetA, fleetB, work } = made);
  Object.assign(trees, made.trees);
});

afterAll(() => {
  for (const fleet of [fleetA, fleetB, work]) fleet?.cleanup();
});

describe('an entry diene did not write, at any depth of the output directory', () => {
  it('stops the compile (exit 2), one diagnostic per entry, and every byte stays; moved out, the compile goes through', async () => {
    const { dir, out } = site();
    await compiled(out);
    const nitroso = path.join(out, 'kargo', 'nitroso.yaml');
    writeFileSync(path.join(out, 'argocd', 'mine.yaml'), 'my own\n');
    mkdirSync(path.join(out, 'dns', 'cluster.atomi.cloud', 'notes'));
    writeFileSync(path.join(out, 'dns', 'cluster.atomi.cloud', 'notes', 'todo.txt'), 'a b c\n');
    writeFileSync(nitroso, `${readFileSync(nitroso, 'utf8')}# my note\n`);
    expect(spawnSync('mkfifo', [path.join(out, 'books', 'pipe')]).status).toBe(0); // never opened: it would block
    await expectRefused(
      dir,
      out,
      [
        `output_foreign_file: ${shown(out)}/argocd/mine.yaml ${UNLISTED}`,
        `output_foreign_file: ${shown(out)}/books/pipe holds what diene did not write: it is a FIFO, socket or device, and diene writes only regular files`,
        `output_foreign_file: ${shown(out)}/dns/cluster.atomi.cloud/notes/ ${FOLDER}`,
        `output_foreign_file: ${shown(out)}/kargo/nitroso.yaml ${CHANGED}`,
      ],
      true,
    );
    expect(readFileSync(path.join(out, 'dns', 'cluster.atomi.cloud', 'notes', 'todo.txt'), 'utf8')).toBe('a b c\n');
    for (const entry of ['argocd/mine.yaml', 'dns/cluster.atomi.cloud/notes', 'books/pipe', 'kargo/nitroso.yaml'])
      rmSync(path.join(out, entry), { recursive: true });
    const run = await compile(fleetB.dir, out);
    expect(run.exitCode, run.stderr).toBe(0);
    expect(sameTree(await readOutputTree(out), trees.B)).toBe(true);
    expect(litter(out)).toEqual([]);
  });

  it('an empty folder is refused by compile and reported the same by --check (foreign, exit 1), with the cache or without', async () => {
    const { dir, out } = site();
    await compiled(out);
    mkdirSync(path.join(out, 'extra'));
    mkdirSync(path.join(out, 'books', 'empty', 'deeper'), { recursive: true });
    await expectRefused(dir, out, [`output_foreign_file: ${shown(out)}/books/empty/ ${FOLDER}`, `output_foreign_file: ${shown(out)}/extra/ ${FOLDER}`]);
    for (const cache of [[], ['--no-cache']]) {
      const check = boundedCli(['compile', '--fleet', fleetA.dir, '--out', out, '--check', ...cache], { cwd: fleetA.dir });
      expectNoCrash(check, [1]);
      expect(check.stderr).toContain('  foreign books/empty/  (diene did not write it)');
      expect(check.stderr).toContain('  foreign extra/  (diene did not write it)');
      expect(check.stderr).not.toContain('deeper');
    }
  });

  it('names at most 20 entries, the last counting the rest, and never walks a folder diene does not own', async () => {
    const { dir, out } = site();
    await compiled(out);
    for (let i = 0; i < 30; i++) writeFileSync(path.join(out, 'books', `copy-${String(i).padStart(2, '0')}.json`), '{}\n');
    mkdirSync(path.join(out, 'books', 'zz', 'deep'), { recursive: true });
    writeFileSync(path.join(out, 'books', 'zz', 'deep', 'x.json'), '{}\n');
    const errors = [...Array.from({ length: 20 }, (_, i) => `output_foreign_file: ${shown(out)}/books/copy-${String(i).padStart(2, '0')}.json ${UNLISTED}`)];
    errors[19] += '; and 11 more entries diene did not write, not named here'; // 10 copies and the folder zz/, one entry
    await expectRefused(dir, out, errors);
  });
});

describe('symbolic links inside the output directory', () => {
  it('are refused and never followed: the links, their targets and the tree stay; --check prints no byte of a target', async () => {
    const { dir, out } = site();
    await compiled(out);
    const secret = path.join(dir, 'secret.txt');
    writeFileSync(secret, 'token=hunter2\n');
    const elsewhere = path.join(dir, 'elsewhere');
    mkdirSync(elsewhere);
    writeFileSync(path.join(elsewhere, 'doc-c.json'), '{"mine": "keep"}\n');
    rmSync(path.join(out, 'argocd', 'aldehyde.yaml'));
    symlinkSync(secret, path.join(out, 'argocd', 'aldehyde.yaml')); // at a path diene writes, to a file outside
    rmSync(path.join(out, 'books', 'nitroso', 'tin'), { recursive: true });
    symlinkSync(elsewhere, path.join(out, 'books', 'nitroso', 'tin')); // a folder diene writes, now a link to one outside
    symlinkSync('/', path.join(out, 'root'));
    await expectRefused(dir, out, [
      `output_foreign_file: ${shown(out)}/argocd/aldehyde.yaml ${LINK}`,
      `output_foreign_file: ${shown(out)}/books/nitroso/tin ${LINK}`,
      `output_foreign_file: ${shown(out)}/root ${LINK}`,
    ]);
    const before = snapshot(dir);
    const check = boundedCli(['compile', '--fleet', fleetA.dir, '--out', out, '--check', '--diff-lines', 'all'], { cwd: fleetA.dir });
    expectNoCrash(check, [1]);
    // links are not diene's: --check marks them as compile's refusal does, not as files compile would fix
    expect(check.stderr).toContain('  foreign argocd/aldehyde.yaml  (diene did not write it)');
    expect(check.stderr).toContain('  missing books/nitroso/tin/doc-c.json');
    expect(check.stderr).toContain('  foreign books/nitroso/tin  (diene did not write it)');
    expect(check.stderr).toContain('  foreign root  (diene did not write it)');
    expect(`${check.stdout}${check.stderr}`).not.toMatch(/hunter2|"mine"/);
    expect(snapshot(dir)).toEqual(before);
  });
});

describe('the manifest', () => {
  function listing(out: string): Map<string, string> {
    const parsed = parseOutputManifest(readFileSync(path.join(out, MANIFEST_FILE), 'utf8'));
    if ('problem' in parsed) throw new Error(parsed.problem);
    return parsed.files;
  }

  it('that lies (a hand-made file listed with a made-up digest, the manifest re-sealed) does not hand the file to diene', async () => {
    const { dir, out } = site();
    await compiled(out);
    writeFileSync(path.join(out, 'notes.txt'), 'my notes\n');
    writeFileSync(path.join(out, MANIFEST_FILE), manifestText(listing(out).set('notes.txt', `sha256:${'0'.repeat(64)}`)));
    await expectRefused(dir, out, [`output_foreign_file: ${shown(out)}/notes.txt ${CHANGED}`]);
  });

  it('that names a path outside the tree is not trusted, and nothing outside is touched', async () => {
    const { dir, out } = site();
    await compiled(out);
    writeFileSync(path.join(dir, 'outside.txt'), 'mine\n');
    writeFileSync(path.join(out, MANIFEST_FILE), manifestText(listing(out).set('../outside.txt', `sha256:${'1'.repeat(64)}`)));
    await expectRefused(dir, out, [
      `output_manifest_invalid: the output manifest ${out}/${MANIFEST_FILE} lists "../outside.txt", which is not a path inside the output directory, so it cannot show which files diene wrote`,
    ]);
  });

  it('edited by hand stops the compile; restored, the compile goes through', async () => {
    const { dir, out } = site();
    await compiled(out);
    const text = readFileSync(path.join(out, MANIFEST_FILE), 'utf8');
    // "untrack" a file by deleting its line: still JSON, no longer what diene wrote
    writeFileSync(path.join(out, MANIFEST_FILE), text.replace(/^ {4}"argocd\/aldehyde\.yaml": .*\n/m, ''));
    await expectRefused(dir, out, [
      `output_manifest_invalid: the output manifest ${out}/${MANIFEST_FILE} was edited by hand: it is not the text diene writes for its own listing (its digest or its layout differs), so it cannot show which files diene wrote`,
    ]);
    writeFileSync(path.join(out, MANIFEST_FILE), text);
    expect((await compile(fleetB.dir, out)).exitCode).toBe(0);
    expect(sameTree(await readOutputTree(out), trees.B)).toBe(true);
  });

  it('replaced by a symbolic link is not followed', async () => {
    const { dir, out } = site();
    await compiled(out);
    writeFileSync(path.join(dir, 'real-manifest.json'), readFileSync(path.join(out, MANIFEST_FILE)));
    rmSync(path.join(out, MANIFEST_FILE));
    symlinkSync(path.join(dir, 'real-manifest.json'), path.join(out, MANIFEST_FILE));
    await expectRefused(dir, out, [
      `output_manifest_invalid: the output manifest ${out}/${MANIFEST_FILE} is a symbolic link, not a file diene wrote, so it cannot show which files diene wrote`,
    ]);
  });
});

describe('a manifest re-sealed by hand (its digest recomputed)', () => {
  const UNVOUCHED = `holds what diene did not write: the manifest (${MANIFEST_FILE}) lists it with its bytes' digest, but the last compile into this directory did not write it (its record in the user's state folder) and git keeps no copy of these bytes: a manifest edited and re-sealed by hand may have adopted it`;

  /** A compile of `fleet` into `out` with the cache folder `cache` (`undefined`: --no-cache), and the user's state home `state` (the run's own when not given). */
  async function compileWith(fleet: string, out: string, cache: string | undefined, state?: string): Promise<Awaited<ReturnType<typeof runCliInProcess>>> {
    const args = ['compile', '--fleet', fleet, '--out', out, '--format', 'json', '--now', '2026-11-21T00:00:00Z'];
    const env = { FORCE_COLOR: process.env['FORCE_COLOR'] ?? '', ...(state ? { XDG_STATE_HOME: state } : {}) };
    return runCliInProcess([...args, ...(cache ? ['--cache', cache] : ['--no-cache'])], { cwd: fleet, env });
  }

  /** The manifest of `out` re-sealed with `file` listed at the digest of its bytes, as a hand (or a script) would. */
  function reseal(out: string, file: string): void {
    const parsed = parseOutputManifest(readFileSync(path.join(out, MANIFEST_FILE), 'utf8'));
    if ('problem' in parsed) throw new Error(parsed.problem);
    writeFileSync(path.join(out, MANIFEST_FILE), manifestText(parsed.files.set(file, fileDigest(readFileSync(path.join(out, file))))));
  }

  /** The files of trees A and B with other bytes (the DNS answers whose TTL differs). */
  const differing = (): string[] => [...trees.A.keys()].filter((file) => file !== MANIFEST_FILE && trees.A.get(file) !== trees.B.get(file));

  it('that adopts a hand-written file: the compile that would delete it refuses, and every byte stays', async () => {
    const { dir, out } = site();
    const cache = mkdtempSync(path.join(work.dir, 'cache-'));
    expect((await compileWith(fleetA.dir, out, cache)).exitCode).toBe(0);
    writeFileSync(path.join(out, 'notes.txt'), 'my only copy\n');
    reseal(out, 'notes.txt');
    const before = snapshot(dir);
    const run = await compileWith(fleetB.dir, out, cache);
    expect(run.exitCode, run.stderr).toBe(2);
    expect(errorLines(run)).toEqual([`output_foreign_file: ${shown(out)}/notes.txt ${UNVOUCHED}`]);
    expect(snapshot(dir)).toEqual(before);
    // --check names it as compile would: a file diene did not write, not an extra output.
    const check = await runCliInProcess(['compile', '--check', '--fleet', fleetB.dir, '--out', out, '--cache', cache], { cwd: fleetB.dir });
    expect(check.exitCode, check.stderr).toBe(1);
    expect(check.stderr).toContain('  foreign notes.txt  (diene did not write it)');
    // Moved out, the compile goes through.
    rmSync(path.join(out, 'notes.txt'));
    expect((await compileWith(fleetB.dir, out, cache)).exitCode).toBe(0);
    expect(sameTree(await readOutputTree(out), trees.B)).toBe(true);
  });

  it('over a file edited by hand: the edit is neither replaced nor removed, re-sealed or not', async () => {
    const { dir, out } = site();
    const cache = mkdtempSync(path.join(work.dir, 'cache-'));
    expect((await compileWith(fleetA.dir, out, cache)).exitCode).toBe(0);
    const [edited] = differing();
    const file = path.join(out, edited as string);
    writeFileSync(file, `${readFileSync(file, 'utf8')}{"by": "hand"}\n`);
    const before = snapshot(dir);
    const plain = await compileWith(fleetB.dir, out, cache);
    expect(plain.exitCode).toBe(2);
    expect(errorLines(plain)).toEqual([`output_foreign_file: ${shown(out)}/${edited} ${CHANGED}`]);
    reseal(out, edited as string);
    const resealed = snapshot(dir);
    const run = await compileWith(fleetB.dir, out, cache);
    expect(run.exitCode).toBe(2);
    expect(errorLines(run)).toEqual([`output_foreign_file: ${shown(out)}/${edited} ${UNVOUCHED}`]);
    expect(snapshot(dir)).toEqual(resealed);
    expect(resealed[`generated/${edited}`]).toBe(before[`generated/${edited}`]);
  });

  it("a tree that git brought (another clone's compile): diene's when git keeps its bytes, refused until then", async () => {
    const { dir, out } = site();
    const cache = mkdtempSync(path.join(work.dir, 'cache-'));
    const git = (...args: string[]): string => {
      const run = spawnSync('git', ['-c', 'user.name=me', '-c', 'user.email=me@example.com', ...args], { cwd: dir, encoding: 'utf8' });
      return `${run.status} ${run.stdout}${run.stderr}`;
    };
    expect(git('init', '-q', '-b', 'main')).toMatch(/^0 /);
    // This clone compiled fleet B (the cache records that tree); then tree A, compiled elsewhere, arrives file by file (a pull).
    expect((await compileWith(fleetB.dir, out, cache)).exitCode).toBe(0);
    expect(spawnSync('cp', ['-R', `${path.join(work.dir, 'tree-A')}/.`, out]).status).toBe(0);
    expect(sameTree(await readOutputTree(out), trees.A)).toBe(true);
    const files = differing();
    const before = snapshot(dir);
    const refused = await compileWith(fleetB.dir, out, cache);
    expect(refused.exitCode).toBe(2);
    expect(errorLines(refused).sort()).toEqual(
      files
        .slice(0, 20)
        .map((file) => `output_foreign_file: ${shown(out)}/${file} ${UNVOUCHED}`)
        .sort(),
    );
    expect(snapshot(dir)).toEqual(before);
    // Committed, git keeps every byte of it: replacing the files loses nothing, and the compile goes through.
    git('add', 'generated');
    expect(git('commit', '-qm', 'tree A')).toMatch(/^0 /);
    const run = await compileWith(fleetB.dir, out, cache);
    expect(run.exitCode, run.stderr).toBe(0);
    expect(sameTree(await readOutputTree(out), trees.B)).toBe(true);
  });

  it('after another writer swapped its tree in (a compile by a user with another state folder), the record is not applied to it', async () => {
    const { out } = site();
    const [mine, theirs] = [mkdtempSync(path.join(work.dir, 'cache-')), mkdtempSync(path.join(work.dir, 'cache-'))];
    expect((await compileWith(fleetA.dir, out, mine)).exitCode).toBe(0);
    expect((await compileWith(fleetB.dir, out, theirs, mkdtempSync(path.join(work.dir, 'state-')))).exitCode).toBe(0);
    // `mine` recorded tree A in a folder that is gone: tree B's files are judged by the manifest, as without a record.
    const run = await compileWith(fleetA.dir, out, mine);
    expect(run.exitCode, run.stderr).toBe(0);
    expect(sameTree(await readOutputTree(out), trees.A)).toBe(true);
  });

  it('with --no-cache the record still decides: a compile refuses, deletes and exits the same with or without a cache', async () => {
    const { dir, out } = site();
    expect((await compileWith(fleetA.dir, out, undefined)).exitCode).toBe(0);
    writeFileSync(path.join(out, 'notes.txt'), 'my only copy\n');
    reseal(out, 'notes.txt');
    const before = snapshot(dir);
    const cold = await compileWith(fleetB.dir, out, undefined);
    const warm = await compileWith(fleetB.dir, out, mkdtempSync(path.join(work.dir, 'cache-')));
    expect([cold.exitCode, errorLines(cold)]).toEqual([2, [`output_foreign_file: ${shown(out)}/notes.txt ${UNVOUCHED}`]]);
    expect([warm.exitCode, errorLines(warm)]).toEqual([cold.exitCode, errorLines(cold)]);
    expect(snapshot(dir)).toEqual(before);
  });

  it('with no record of the last write (another user, a fresh clone in CI), the manifest alone decides: the limit docs/outputs.md states', async () => {
    const { out } = site();
    const state = mkdtempSync(path.join(work.dir, 'state-'));
    expect((await compileWith(fleetA.dir, out, undefined, state)).exitCode).toBe(0);
    writeFileSync(path.join(out, 'notes.txt'), 'adopted\n');
    reseal(out, 'notes.txt');
    expect((await compileWith(fleetB.dir, out, undefined, mkdtempSync(path.join(work.dir, 'state-')))).exitCode).toBe(0);
    expect(sameTree(await readOutputTree(out), trees.B)).toBe(true);
  });
});

describe('a read-only file', () => {
  it("of diene's own is replaced; one diene did not write stops the compile and keeps its bytes and mode", async () => {
    const { dir, out } = site();
    await compiled(out);
    chmodSync(path.join(out, 'argocd', 'nitroso.yaml'), 0o444);
    expect((await compile(fleetB.dir, out)).exitCode).toBe(0);
    expect(sameTree(await readOutputTree(out), trees.B)).toBe(true);
    writeFileSync(path.join(out, 'platforms', 'pinned.yaml'), 'mine\n');
    chmodSync(path.join(out, 'platforms', 'pinned.yaml'), 0o444);
    await expectRefused(dir, out, [`output_foreign_file: ${shown(out)}/platforms/pinned.yaml ${UNLISTED}`]);
    expect(statSync(path.join(out, 'platforms', 'pinned.yaml')).mode & 0o777).toBe(0o444);
  });
});

describe('the first compile into an existing folder', () => {
  it('a hand-made folder (a wrong --out): refused once as a folder diene did not make, nothing written in it or beside it', async () => {
    const { dir, out } = site('deploy');
    mkdirSync(path.join(out, 'config'), { recursive: true });
    writeFileSync(path.join(out, 'README.md'), '# deploy\n');
    writeFileSync(path.join(out, 'config', 'app.yaml'), 'replicas: 2\n');
    for (const name of ['a', 'b', 'c']) writeFileSync(path.join(out, `${name}.schema.json`), '{}\n');
    const refusal = `output_location_unmanaged: the output directory ${out} is not one diene made: it has no manifest (${MANIFEST_FILE}) and holds 5 entries diene did not write (README.md, a.schema.json, b.schema.json, and 2 more)`;
    await expectRefused(dir, out, [refusal]);
    // --check says what compile would: the same one refusal (exit 2), not a diff of every file created beside them.
    const before = snapshot(dir);
    const args = ['compile', '--check', '--fleet', fleetB.dir, '--out', out, '--format', 'json', '--now', '2026-11-21T00:00:00Z'];
    const check = await runCliInProcess(args, { cwd: fleetB.dir });
    expect(check.exitCode, check.stderr).toBe(2);
    expect(errorLines(check)).toEqual([refusal]);
    expect(check.stdout).not.toContain('created');
    expect(snapshot(dir)).toEqual(before);
  });

  it('an empty folder is filled', async () => {
    const { out } = site();
    mkdirSync(out);
    await compiled(out);
    expect(sameTree(await readOutputTree(out), trees.A)).toBe(true);
  });
});

describe('a tree written by a diene before the manifest', () => {
  it('is taken over when its bytes are what diene writes now; else the folder is refused once, and deleting the tree is the way on', async () => {
    const { dir, out } = site();
    await compiled(out);
    rmSync(path.join(out, MANIFEST_FILE)); // as an older diene left it
    await compiled(out);
    expect(sameTree(await readOutputTree(out), trees.A)).toBe(true); // the manifest is written
    rmSync(path.join(out, MANIFEST_FILE));
    const differing = [...trees.A.keys()].filter((file) => file !== MANIFEST_FILE && trees.A.get(file) !== trees.B.get(file));
    expect(differing.length).toBeGreaterThan(3);
    const shown = differing.slice(0, 3).join(', ');
    await expectRefused(dir, out, [
      `output_location_unmanaged: the output directory ${out} is not one diene made: it has no manifest (${MANIFEST_FILE}) and holds ${differing.length} entries diene did not write (${shown}, and ${differing.length - 3} more)`,
    ]);
    rmSync(out, { recursive: true });
    expect((await compile(fleetB.dir, out)).exitCode).toBe(0);
    expect(sameTree(await readOutputTree(out), trees.B)).toBe(true);
  });
});

describe('a git merge of two branches that each compiled', () => {
  it('is named a merge conflict, and the recipe of docs/outputs.md (one side of the whole folder, compile, git add) resolves it', async () => {
    const { dir, out } = site();
    const git = (...args: string[]): string => {
      const run = spawnSync('git', ['-c', 'user.name=me', '-c', 'user.email=me@example.com', ...args], { cwd: dir, encoding: 'utf8' });
      return `${run.status} ${run.stdout}${run.stderr}`;
    };
    expect(git('init', '-q', '-b', 'main')).toMatch(/^0 /);
    writeFileSync(path.join(dir, 'README.md'), 'fleet\n');
    git('add', 'README.md');
    git('commit', '-qm', 'base');
    git('checkout', '-qb', 'other');
    await compiled(out); // fleet A on one branch
    git('add', 'generated');
    git('commit', '-qm', 'A');
    git('checkout', '-q', 'main');
    expect((await compile(fleetB.dir, out)).exitCode).toBe(0); // fleet B on the other
    git('add', 'generated');
    git('commit', '-qm', 'B');
    expect(git('merge', '-q', 'other')).toMatch(/^1 /);
    expect(git('status', '--short', '--', `generated/${MANIFEST_FILE}`)).toBe(`0 AA generated/${MANIFEST_FILE}\n`);
    // What the old hint advised fails on an unmerged path.
    expect(git('checkout', '--', `generated/${MANIFEST_FILE}`)).toContain('is unmerged');

    const refused = await compile(fleetB.dir, out);
    expect(refused.exitCode).toBe(2);
    const diagnostics = JSON.parse(refused.stdout.startsWith('[') ? refused.stdout : refused.stderr) as {
      code: string;
      severity: string;
      message: string;
      hint: string;
    }[];
    const errors = diagnostics.filter((d) => d.severity === 'error');
    expect(errors.map((d) => d.code)).toEqual(['output_manifest_invalid']);
    const [finding] = errors;
    expect(finding?.message).toContain('holds git merge conflict markers');
    expect(finding?.hint).toContain(`take one side of the whole folder (git checkout --theirs -- ${out}`);

    expect(git('checkout', '--theirs', '--', out)).toMatch(/^0 /);
    expect((await compile(fleetB.dir, out)).exitCode).toBe(0);
    expect(git('add', out)).toMatch(/^0 /);
    expect(git('diff', '--name-only', '--diff-filter=U')).toBe('0 ');
    expect(sameTree(await readOutputTree(out), trees.B)).toBe(true);
  });
});
