/**
 * A write costs what changed: a file whose bytes stay the same is hard-linked
 * from the old tree into the new one (the same inode, the same bytes, and
 * once the old tree is gone, no second name through which it could change),
 * and a compile trusts the stamps (inode, size, modification and change
 * time) that the last write recorded in the cache instead of reading and
 * hashing the old tree again. What must still hold: a file edited in place by
 * hand, even with its size and modification time put back, is found (its
 * change time moved); a link that fails is written instead; a write killed
 * while it links leaves the old tree whole, and the next compile repairs it.
 * The compiles run the CLI's `main` in this process; the killed write is a
 * child process running the built output-tree module.
 */
import { spawnSync } from 'node:child_process';
import { chmodSync, lstatSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fileDigest, MANIFEST_FILE } from '../../compiler/3-emit/output-manifest.js';
import { plannedListing } from '../../compiler/3-emit/output-plan.js';
import { shownPath } from '../../compiler/cli/command.js';
import { CompileCache } from '../../compiler/incremental/compile-cache.js';
import { currentStamp, stampFields } from '../../compiler/adapters/filesystem/file-stamp.js';
import { inspectTree } from '../../compiler/adapters/filesystem/output-ownership.js';
import { compareOutputTree, inspectOutput, readCurrentOutput, readOutputTree, writeOutputTree } from '../../compiler/adapters/filesystem/output-tree.js';
import { REPO_ROOT } from '../support/fleet-fixture.js';
import { errorLines, litter, sameTree, type Tree, ttlFleets } from '../support/output-trees.js';
import { runCliInProcess } from '../support/run-cli.js';

let fleetA: { dir: string; cleanup: () => void };
let fleetB: { dir: string; cleanup: () => void };
let work: { dir: string; cleanup: () => void };
const trees: Record<'A' | 'B', Tree> = { A: new Map(), B: new Map() };

async function compile(fleet: string, out: string, cache?: string, extra: string[] = []): Promise<{ exitCode: number; stdout: string; stderr: string }> {
  const args = [
    'compile',
    '--fleet',
    fleet,
    '--out',
    out,
    '--format',
    'json',
    '--now',
    '2026-11-21T00:00:00Z',
    ...(cache ? ['--cache', cache] : ['--no-cache']),
    ...extra,
  ];
  return runCliInProcess(args, { cwd: fleet, env: { FORCE_COLOR: process.env['FORCE_COLOR'] ?? '' } });
}

function site(): { dir: string; out: string; cache: string } {
  const dir = mkdtempSync(path.join(work.dir, 'site-'));
  return { dir, out: path.join(dir, 'generated'), cache: path.join(dir, 'cache') };
}

/** The plan that makes `tree` (its manifest left out), as the pipeline hands it to the writer. */
function planOf(tree: Tree): Map<string, () => string> {
  return new Map([...tree].filter(([file]) => file !== MANIFEST_FILE).map(([file, text]) => [file, () => text]));
}

/** The files A and B have in common with the same bytes, and those that differ. */
function common(): { same: string[]; changed: string[] } {
  const same: string[] = [];
  const changed: string[] = [];
  for (const [file, text] of trees.B) if (file !== MANIFEST_FILE && trees.A.has(file)) (trees.A.get(file) === text ? same : changed).push(file);
  return { same, changed };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

beforeAll(async () => {
  // B differs from A in the files that name the TTL of record sets; the rest of the tree stays.
  const made = await ttlFleets(compile);
  ({ fleetA, fleetB, work } = made);
  Object.assign(trees, made.trees);
  const { same, changed } = common();
  expect(same.length).toBeGreaterThan(5);
  expect(changed.length).toBeGreaterThan(0);
});

afterAll(() => {
  for (const fleet of [fleetA, fleetB, work]) fleet?.cleanup();
});

describe('a compile over an existing tree', () => {
  it('links an output whose digest is known (the same slices as last time) without making it, while its old file has that digest; makes the others', async () => {
    const { out } = site();
    expect((await compile(fleetA.dir, out)).exitCode).toBe(0);
    const { same, changed } = common();
    const made: string[] = [];
    // A known digest stands for the text: an output known and unchanged on disk must not be made at all.
    const plan = new Map(
      [...trees.B]
        .filter(([file]) => file !== MANIFEST_FILE)
        .map(([file, text]) => [
          file,
          () => {
            made.push(file);
            return text;
          },
        ]),
    );
    // Known: every unchanged file, and one changed file (its old file on disk has another digest, so it is made and written).
    const knownChanged = changed[0] as string;
    const known = new Map([...same, knownChanged].map((file) => [file, fileDigest(trees.B.get(file) as string)]));
    const look = await inspectOutput(out, plannedListing(plan, known));
    expect(look.error).toBeUndefined();
    const before = new Map([...trees.A.keys()].map((file) => [file, lstatSync(path.join(out, file)).ino]));
    const written = await writeOutputTree(out, plan, { trusted: look.trusted, known });
    expect(made.sort()).toEqual([...trees.B.keys()].filter((file) => file !== MANIFEST_FILE && !same.includes(file)).sort());
    expect(made).toContain(knownChanged);
    // The outputs of fleet B that fleet A's tree does not hold are missing from it (as --check names them).
    const missing = [...trees.B.keys()].filter((file) => !trees.A.has(file)).length;
    expect(written.counts).toEqual({
      written: plan.size + 1 - same.length,
      linked: same.length,
      fellBack: 0,
      made: plan.size - same.length,
      missing,
      removed: 0,
    });
    expect(sameTree(await readOutputTree(out), trees.B)).toBe(true);
    for (const file of same) expect(lstatSync(path.join(out, file)).ino, `${file} is the old file, linked`).toBe(before.get(file));
    // --check, with the stamps of the unchanged files recorded: the known ones are neither made nor read, and the tree is fresh.
    made.length = 0;
    const recorded = new Map(same.map((file) => [file, [currentStamp(path.join(out, file)) as string, known.get(file) as string] as const]));
    const compared = await compareOutputTree(out, plan, { recorded, known });
    expect(compared.wanted).toEqual(new Map());
    expect(compared.listing).toEqual(new Map([...plan.keys()].map((file) => [file, fileDigest(trees.B.get(file) as string)])));
    expect(made.sort()).toEqual([...plan.keys()].filter((file) => !same.includes(file)).sort());
    // A known digest the file on disk does not have (its recorded digest is another): that output is made and compared.
    made.length = 0;
    const recheck = await compareOutputTree(out, plan, { recorded, known: new Map([[same[0] as string, fileDigest('another text')]]) });
    expect(recheck.wanted).toEqual(new Map());
    expect(made).toContain(same[0]);
  });

  it('links each unchanged file from the old tree (same inode, same bytes, one name once the old tree is gone) and writes the changed ones', async () => {
    const { out } = site();
    expect((await compile(fleetA.dir, out)).exitCode).toBe(0);
    const before = new Map([...trees.A.keys()].map((file) => [file, lstatSync(path.join(out, file)).ino]));
    const run = await compile(fleetB.dir, out);
    expect(run.exitCode, run.stderr).toBe(0);
    expect(sameTree(await readOutputTree(out), trees.B)).toBe(true);
    const { same, changed } = common();
    for (const file of same) {
      const info = lstatSync(path.join(out, file));
      expect(info.ino, `${file} is the old file, linked`).toBe(before.get(file));
      expect(info.nlink, `${file} has no second name left`).toBe(1);
      expect(readFileSync(path.join(out, file), 'utf8')).toBe(trees.B.get(file));
    }
    for (const file of changed) expect(lstatSync(path.join(out, file)).ino, `${file} is written anew`).not.toBe(before.get(file));
    expect(litter(out)).toEqual([]);
    // Back to A, in the text format: the note says how many outputs changed and how many were linked.
    const back = ['compile', '--fleet', fleetA.dir, '--out', out, '--no-cache', '--now', '2026-11-21T00:00:00Z'];
    const text = await runCliInProcess(back, { cwd: fleetA.dir });
    expect(text.exitCode, text.stderr).toBe(0);
    const outputs = trees.A.size - 1;
    // The output directory lies outside the working directory (the fleet): named by its absolute path (docs/diagnostics.md).
    const changedNote = `wrote ${trees.A.size} files to ${out} (${outputs - same.length} changed, ${same.length} unchanged and linked from the previous tree, and the manifest)`;
    expect(text.stderr).toContain(changedNote);
    // A few changed outputs are named after the note.
    const changedFiles = [...trees.A.keys()].filter((file) => file !== '.diene-manifest.json' && !same.includes(file)).sort();
    if (changedFiles.length <= 5) expect(text.stderr).toContain(`${changedNote}: changed ${changedFiles.join(', ')}`);
    else expect(text.stderr).not.toContain(`${changedNote}: changed`);
    // Again, nothing changed: without the cache the same files replace the tree, every output linked.
    const again = await runCliInProcess(back, { cwd: fleetA.dir });
    expect(again.stderr).toContain(
      `the ${trees.A.size} files in ${out} are what the inputs produce: nothing changed (without a cache the tree is rewritten: ${outputs} files hard-linked to themselves and the manifest anew; with --cache an unchanged tree is left alone)`,
    );
  });

  it('writes a file whose link fails (another filesystem: EXDEV) instead, and says how many', async () => {
    const { out } = site();
    expect((await compile(fleetA.dir, out)).exitCode).toBe(0);
    const plan = planOf(trees.B);
    const look = await inspectOutput(out, plannedListing(plan));
    expect(look.error).toBeUndefined();
    const before = new Map([...trees.A.keys()].map((file) => [file, lstatSync(path.join(out, file)).ino]));
    const tried: string[] = [];
    const written = await writeOutputTree(out, plan, {
      trusted: look.trusted,
      link: (existing) => {
        tried.push(path.relative(out, existing));
        throw Object.assign(new Error('EXDEV: cross-device link not permitted'), { code: 'EXDEV' });
      },
    });
    const { same } = common();
    expect(tried.sort()).toEqual([...same].sort());
    // Every output made once, and the unchanged ones again when their link failed.
    const missing = [...trees.B.keys()].filter((file) => !trees.A.has(file)).length;
    expect(written.counts).toEqual({ written: plan.size + 1, linked: 0, fellBack: same.length, made: plan.size + same.length, missing, removed: 0 });
    expect(sameTree(await readOutputTree(out), trees.B)).toBe(true);
    for (const file of same) expect(lstatSync(path.join(out, file)).ino).not.toBe(before.get(file));
    expect(litter(out)).toEqual([]);
  });

  it('writes an unchanged file whose old file changed after it was looked at, never linking the changed bytes', async () => {
    const { out } = site();
    expect((await compile(fleetA.dir, out)).exitCode).toBe(0);
    const plan = planOf(trees.B);
    const look = await inspectOutput(out, plannedListing(plan));
    const [victim] = common().same;
    const file = path.join(out, victim as string);
    const text = readFileSync(file, 'utf8');
    // Edited in place between the look and the link, bytes put back: the stamp moved, so the old file is not trusted.
    writeFileSync(file, text.replace(/.$/s, 'X'));
    writeFileSync(file, text);
    const written = await writeOutputTree(out, plan, { trusted: look.trusted });
    expect(written.counts.fellBack).toBe(1);
    expect(written.counts.linked).toBe(common().same.length - 1);
    expect(sameTree(await readOutputTree(out), trees.B)).toBe(true);
  });

  it('writes an unchanged file whose mode was changed by hand (chmod), so the new tree has the modes a write gives', async () => {
    const { out } = site();
    expect((await compile(fleetA.dir, out)).exitCode).toBe(0);
    const [chmodded, other] = common().same as [string, string];
    const mode = lstatSync(path.join(out, other)).mode & 0o7777;
    chmodSync(path.join(out, chmodded), 0o755);
    const inode = lstatSync(path.join(out, chmodded)).ino;
    const run = await compile(fleetB.dir, out);
    expect(run.exitCode, run.stderr).toBe(0);
    expect(lstatSync(path.join(out, chmodded)).mode & 0o7777).toBe(mode);
    expect(lstatSync(path.join(out, chmodded)).ino).not.toBe(inode);
    expect(sameTree(await readOutputTree(out), trees.B)).toBe(true);
  });
});

describe('a file chmodded by hand in a tree that is otherwise up to date', () => {
  it('is stale for --check (with the cache or without) and rewritten by a compile with the cache, as without it', async () => {
    const { out, cache } = site();
    expect((await compile(fleetA.dir, out, cache)).exitCode).toBe(0);
    const [chmodded, other] = common().same as [string, string];
    const written = lstatSync(path.join(out, other)).mode & 0o7777;
    expect(written & 0o111).toBe(0);
    // Warm first: the cache answers an unchanged fleet whose tree matches.
    const text = ['--format', 'text'];
    expect((await compile(fleetA.dir, out, cache, text)).stderr).toContain('nothing written');
    chmodSync(path.join(out, chmodded), 0o755);
    const shown = (written & 0o7777).toString(8);
    for (const withCache of [cache, undefined]) {
      const check = await compile(fleetA.dir, out, withCache, ['--check', ...text]);
      expect(check.exitCode, check.stderr).toBe(1);
      expect(check.stderr).toContain(`  changed ${chmodded}  (mode 755; a write gives ${shown})`);
      expect(check.stdout).toMatch(new RegExp(`1 generated file of \\d+ differs from what the inputs produce: 0 missing, 1 changed, 0 extra`));
      expect(check.stdout.split('\n')).toContainEqual(expect.stringMatching(new RegExp(`^--- a/${chmodded}\\s+mode 755$`)));
      const github = await compile(fleetA.dir, out, withCache, ['--check', '--format', 'github']);
      expect(`${github.stdout}${github.stderr}`).toContain(`has mode 755, not the ${shown} a write gives`);
    }
    const run = await compile(fleetA.dir, out, cache, text);
    expect(run.exitCode, run.stderr).toBe(0);
    expect(run.stderr).toMatch(/wrote \d+ files/);
    expect(lstatSync(path.join(out, chmodded)).mode & 0o7777).toBe(written);
    expect(sameTree(await readOutputTree(out), trees.A)).toBe(true);
    for (const withCache of [cache, undefined]) expect((await compile(fleetA.dir, out, withCache, ['--check'])).exitCode).toBe(0);
  });

  it('and a manifest chmodded by hand are rewritten too: a write never gives an execute bit', async () => {
    const { out, cache } = site();
    expect((await compile(fleetA.dir, out, cache)).exitCode).toBe(0);
    const written = lstatSync(path.join(out, MANIFEST_FILE)).mode & 0o7777;
    for (const file of [...trees.A.keys()]) chmodSync(path.join(out, file), written | 0o111);
    expect((await compile(fleetA.dir, out, cache, ['--check'])).exitCode).toBe(1);
    const run = await compile(fleetA.dir, out, cache);
    expect(run.exitCode, run.stderr).toBe(0);
    for (const file of [...trees.A.keys()]) expect(lstatSync(path.join(out, file)).mode & 0o7777, file).toBe(written);
  });
});

describe('the stamps the last write recorded', () => {
  it('spare reading a file whose stamp is the one recorded (its recorded digest is judged), and not one whose stamp moved', async () => {
    const { out } = site();
    expect((await compile(fleetA.dir, out)).exitCode).toBe(0);
    const [file] = common().same;
    const stamp = currentStamp(path.join(out, file as string)) as string;
    const wrong = `sha256:${'1'.repeat(64)}`;
    // The recorded digest is what is judged when the stamp is the same: a wrong one makes the (intact) file "changed".
    const trustedWrong = inspectTree(out, { checkContent: true, trusted: new Map([[file as string, [stamp, wrong]]]) });
    expect(trustedWrong.foreign).toEqual([{ path: file, reason: 'changed' }]);
    // The same record under a stamp that moved is not trusted: the file is read, and is diene's.
    const moved = inspectTree(out, { checkContent: true, trusted: new Map([[file as string, [`${stamp}0`, wrong]]]) });
    expect(moved.foreign).toEqual([]);
    expect(moved.stamps.get(file as string)).toEqual([stamp, fileDigest(trees.A.get(file as string) as string)]);
  });

  it('catch a file edited in place with its size and modification time put back (the change time moved), and a copy (a new inode)', async () => {
    const { out, cache } = site();
    expect((await compile(fleetA.dir, out, cache)).exitCode).toBe(0);
    // A stamp is recorded of files whose bytes changed at least 2 s before the swap: the linked files of the next write.
    await sleep(2100);
    expect((await compile(fleetB.dir, out, cache)).exitCode).toBe(0);
    const recorded = new CompileCache(cache).readStamps(out);
    const { same } = common();
    const [edited, copied] = same as [string, string];
    for (const file of same) expect(recorded.get(file), file).toEqual([currentStamp(path.join(out, file)), fileDigest(trees.B.get(file) as string)]);
    const target = path.join(out, edited);
    const before = stampFields(currentStamp(target) as string);
    const text = readFileSync(target, 'utf8');
    const keep = path.join(path.dirname(out), 'mtime-ref');
    writeFileSync(keep, '');
    expect(spawnSync('touch', ['-m', '-r', target, keep]).status).toBe(0);
    writeFileSync(target, text.replace(/.$/s, 'X'));
    // touch -r copies the modification time to the nanosecond (utimensat), as `cp -p` or an editor keeping it would.
    expect(spawnSync('touch', ['-m', '-r', keep, target]).status).toBe(0);
    const after = stampFields(currentStamp(target) as string);
    expect({ ino: after.ino, size: after.size, mtimeNs: after.mtimeNs }).toEqual({ ino: before.ino, size: before.size, mtimeNs: before.mtimeNs });
    expect(after.ctimeNs).not.toBe(before.ctimeNs);
    // A copy put in place of another file: its bytes are diene's, its inode is new, so it is read (and is diene's).
    const copy = path.join(out, `${copied}.tmp`);
    writeFileSync(copy, readFileSync(path.join(out, copied)));
    spawnSync('mv', [copy, path.join(out, copied)]);
    const run = await compile(fleetA.dir, out, cache);
    expect(run.exitCode, run.stderr).toBe(2);
    expect(errorLines(run)).toEqual([
      `output_foreign_file: ${shownPath(target, fleetA.dir)} holds what diene did not write: its bytes differ from the digest the manifest (${MANIFEST_FILE}) records for it: it was changed after diene wrote it`,
    ]);
    expect(readFileSync(target, 'utf8')).toBe(text.replace(/.$/s, 'X'));
    // Put back (a `touch` alone moves the stamp too: the file is read again and is diene's), the compile goes through.
    writeFileSync(target, text);
    const again = await compile(fleetA.dir, out, cache);
    expect(again.exitCode, again.stderr).toBe(0);
    expect(sameTree(await readOutputTree(out), trees.A)).toBe(true);
  });
});

describe('a write killed while it links the unchanged files', () => {
  it('leaves the old tree whole (its files unchanged, whatever their new names), and the next compile repairs and writes the new one', async () => {
    const { out } = site();
    expect((await compile(fleetA.dir, out)).exitCode).toBe(0);
    const planFile = path.join(path.dirname(out), 'plan.json');
    writeFileSync(planFile, JSON.stringify([...trees.B].filter(([file]) => file !== MANIFEST_FILE)));
    // A child writes B over A and kills itself with SIGKILL after its third link: the staging folder holds written files and links.
    const script = `
      import { readFileSync } from 'node:fs';
      import { linkSync } from 'node:fs';
      const { inspectOutput, writeOutputTree } = await import(${JSON.stringify(path.join(REPO_ROOT, 'dist/adapters/filesystem/output-tree.js'))});
      const { plannedListing } = await import(${JSON.stringify(path.join(REPO_ROOT, 'dist/3-emit/output-plan.js'))});
      const plan = new Map(JSON.parse(readFileSync(${JSON.stringify(planFile)}, 'utf8')).map(([f, t]) => [f, () => t]));
      const look = await inspectOutput(${JSON.stringify(out)}, plannedListing(plan));
      let links = 0;
      await writeOutputTree(${JSON.stringify(out)}, plan, { trusted: look.trusted, link: (a, b) => { linkSync(a, b); if (++links === 3) process.kill(process.pid, 'SIGKILL'); } });
    `;
    const child = spawnSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8', timeout: 60_000 });
    expect(child.signal, child.stderr).toBe('SIGKILL');
    expect(litter(out).some((name) => name.includes('.staging-'))).toBe(true);
    expect(sameTree(await readCurrentOutput(out), trees.A)).toBe(true);
    const run = await compile(fleetB.dir, out);
    expect(run.exitCode, run.stderr).toBe(0);
    expect(sameTree(await readOutputTree(out), trees.B)).toBe(true);
    expect(litter(out)).toEqual([]);
    for (const file of common().same) expect(lstatSync(path.join(out, file)).nlink).toBe(1);
  });
});
