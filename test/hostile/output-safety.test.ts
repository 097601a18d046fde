/**
 * Output safety against the real CLI (issue 9): a compile killed with SIGKILL
 * at a random moment leaves the previous output intact (in a loop), compiles
 * racing into one directory leave one complete tree, a write that fails half
 * way leaves the old tree and no litter, and what a killed run leaves behind
 * (a missing output with its `.previous`, a stale lock, staging folders) is
 * repaired by the next run. Output trees are compared whole, so "one complete
 * result, never a mix" is checked file by file.
 *
 * Issue 14: the siblings diene keeps beside the output directory (previous
 * tree, lock, staging folders) are never a way to lose what diene did not
 * write; a file that lands in the output directory while a compile waits for
 * the lock is found under the lock; `--check` touches nothing; the new tree is
 * fsynced before the swap (an unchanged file written long ago is linked instead) and its parent after (seen with strace). The
 * hostile layouts of the directory itself are in output-ownership.test.ts.
 *
 * The runs that are killed, race, hit a file-size limit, wait on a lock held
 * by another process or are traced are child processes of bin/diene.js, and
 * so is the run that times the kill loop; the compiles that set a tree up or
 * repair one run the CLI's `main` in this process (runCliInProcess, held to
 * the binary's bytes by test/cli/in-process.test.ts).
 */
import { spawn, spawnSync } from 'node:child_process';
import {
  chmodSync,
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  truncateSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lockOf, NEXT_MANIFEST_FILE, provisionalManifest, readCurrentOutput, readOutputTree } from '../../compiler/adapters/filesystem/output-tree.js';
import { MANIFEST_FILE } from '../../compiler/3-emit/output-manifest.js';
import { shownPath } from '../../compiler/cli/command.js';
import { REPO_ROOT } from '../support/fleet-fixture.js';
import { boundedCli, expectNoCrash, jsonDiagnostics } from '../support/bounded-cli.js';
import { runCliInProcess } from '../support/run-cli.js';
import { skippedBecause, skipUnlessPresent } from '../support/required.js';
import { errorLines, litter, sameTree, snapshot, type Tree, ttlFleets } from '../support/output-trees.js';

const BIN = path.join(REPO_ROOT, 'bin', 'diene.js');
/** Kill iterations against the real CLI; `KILL_LOOP_RUNS` raises it for a longer local run (it changes no output). */
const KILL_RUNS = Number(process.env['KILL_LOOP_RUNS'] ?? 24);

/** The name of the tree `tree` is among `known`, or `mix`. */
function which(tree: Tree, known: Record<string, Tree>): string {
  return Object.entries(known).find(([, t]) => sameTree(t, tree))?.[0] ?? 'mix';
}

let fleetA: { dir: string; cleanup: () => void };
let fleetB: { dir: string; cleanup: () => void };
let work: { dir: string; cleanup: () => void };
const trees: Record<string, Tree> = {};

/** A compile in this process, or in the bounded child with `child`. */
async function compile(fleet: string, out: string, child = false): Promise<ReturnType<typeof boundedCli>> {
  const args = ['compile', '--fleet', fleet, '--out', out, '--format', 'json', '--now', '2026-11-21T00:00:00Z'];
  if (child) return boundedCli(args, { cwd: fleet });
  return { ...(await runCliInProcess(args, { cwd: fleet, env: { FORCE_COLOR: process.env['FORCE_COLOR'] ?? '' } })), signal: null, error: undefined };
}

beforeAll(async () => {
  // B differs from A in most output files: every record set's TTL changes.
  const made = await ttlFleets(compile);
  ({ fleetA, fleetB, work } = made);
  Object.assign(trees, made.trees);
  expect(sameTree(trees['A'] as Tree, trees['B'] as Tree)).toBe(false);
});

afterAll(() => {
  for (const fleet of [fleetA, fleetB, work]) fleet?.cleanup();
});

describe('a compile killed with SIGKILL', () => {
  it(`leaves the previous output whole, at ${KILL_RUNS} random moments, and the next run cleans up`, async () => {
    const out = path.join(work.dir, 'killed');
    expect((await compile(fleetA.dir, out)).exitCode).toBe(0);
    const started = Date.now();
    expect((await compile(fleetB.dir, out, true)).exitCode).toBe(0);
    const duration = Date.now() - started;
    let current = 'B';
    const seen = { A: 0, B: 0, interrupted: 0 };
    for (let i = 0; i < KILL_RUNS; i++) {
      const target = current === 'A' ? 'B' : 'A';
      const child = spawn(process.execPath, [BIN, 'compile', '--fleet', (target === 'A' ? fleetA : fleetB).dir, '--out', out], { stdio: 'ignore' });
      const exited = new Promise((resolve) => child.on('exit', resolve));
      // Most of a run is start-up and compiling; aim the kill across the whole run, its end (the write) included.
      await new Promise((resolve) => setTimeout(resolve, Math.floor(duration * (0.2 + Math.random()))));
      child.kill('SIGKILL');
      await exited;
      if (!existsSync(out)) seen.interrupted++;
      const tree = await readCurrentOutput(out);
      const now = which(tree, { A: trees['A'] as Tree, B: trees['B'] as Tree });
      expect(now, `after kill ${i + 1}: the output is neither the old nor the new tree`).not.toBe('mix');
      seen[now as 'A' | 'B']++;
      current = now;
    }
    const final = await compile((current === 'A' ? fleetB : fleetA).dir, out);
    expectNoCrash(final);
    expect(final.exitCode, final.stderr).toBe(0);
    expect(which(await readOutputTree(out), { A: trees['A'] as Tree, B: trees['B'] as Tree })).toBe(current === 'A' ? 'B' : 'A');
    expect(litter(out)).toEqual([]);
    console.log(`kill loop: ${KILL_RUNS} kills across a ${duration} ms run; tree after each kill: ${JSON.stringify(seen)}`);
  }, 240_000); // a CPU-bound loop of real compiles: well under a minute idle, past the 60 s default on a loaded machine
});

describe('compiles racing into one directory', () => {
  it('each finish cleanly and leave one complete tree, never a mix', async () => {
    const out = path.join(work.dir, 'raced');
    const runs = Array.from({ length: 6 }, (_, i) => {
      const child = spawn(process.execPath, [BIN, 'compile', '--fleet', (i % 2 === 0 ? fleetA : fleetB).dir, '--out', out, '--format', 'json'], {
        stdio: ['ignore', 'ignore', 'pipe'],
      });
      let stderr = '';
      child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
      return new Promise<{ code: number | null; stderr: string }>((resolve) => child.on('exit', (code) => resolve({ code, stderr })));
    });
    const results = await Promise.all(runs);
    for (const result of results) {
      expect(result.stderr).not.toMatch(/internal error/);
      expect(result.code, result.stderr).toBe(0);
    }
    expect(which(await readOutputTree(out), { A: trees['A'] as Tree, B: trees['B'] as Tree })).not.toBe('mix');
    expect(litter(out)).toEqual([]);
  });
});

describe('a write that fails half way', () => {
  it('is output_write_failed (exit 2), with the old tree intact and no staging folder or lock left', async () => {
    const out = path.join(work.dir, 'full-disk');
    expect((await compile(fleetA.dir, out)).exitCode).toBe(0);
    // RLIMIT_FSIZE stops every write past 2 KiB with EFBIG (Node ignores SIGXFSZ), even for root: a disk that fills mid-write.
    const run = spawnSync(
      'sh',
      ['-c', 'ulimit -f 4 && exec "$0" "$@"', process.execPath, BIN, 'compile', '--fleet', fleetB.dir, '--out', out, '--format', 'json'],
      {
        encoding: 'utf8',
        timeout: 60_000,
      },
    );
    expect(run.status, run.stderr).toBe(2);
    const diagnostics = jsonDiagnostics(run).filter((d) => d.severity === 'error');
    expect(diagnostics.map((d) => d.code)).toEqual(['output_write_failed']);
    expect(diagnostics[0]?.message).toContain('EFBIG: a file would grow past the size limit');
    expect(sameTree(await readOutputTree(out), trees['A'] as Tree)).toBe(true);
    expect(litter(out)).toEqual([]);
  });
});

describe('what a killed run leaves behind', () => {
  it('is repaired by the next compile: the tree is restored from .previous, a dead lock and staging folders removed', async () => {
    const out = path.join(work.dir, 'leftovers');
    expect((await compile(fleetA.dir, out)).exitCode).toBe(0);
    renameSync(out, path.join(work.dir, '.leftovers.previous')); // killed between the two renames
    const dead = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' }).stdout;
    writeFileSync(path.join(work.dir, '.leftovers.lock'), `${dead}\n`); // its lock, its process gone
    // an earlier run killed while writing its staging folder: the manifest first, then files, the last one cut short
    const staging = path.join(work.dir, '.leftovers.staging-123-abc');
    mkdirSync(path.join(staging, 'argocd'), { recursive: true });
    writeFileSync(path.join(staging, MANIFEST_FILE), (trees['B'] as Tree).get(MANIFEST_FILE) as string);
    writeFileSync(path.join(staging, 'argocd', 'aldehyde.yaml'), 'half written');
    expect(sameTree(await readCurrentOutput(out), trees['A'] as Tree)).toBe(true);
    const run = await compile(fleetB.dir, out);
    expect(run.exitCode, run.stderr).toBe(0);
    expect(sameTree(await readOutputTree(out), trees['B'] as Tree)).toBe(true);
    expect(litter(out)).toEqual([]);
  });

  it('is repaired when the run was killed while streaming its files: the provisional manifest lists every path, the final one under its temporary name', async () => {
    const out = path.join(work.dir, 'streamed');
    expect((await compile(fleetA.dir, out)).exitCode).toBe(0);
    const staging = path.join(work.dir, '.streamed.staging-456-def');
    const files = [...(trees['B'] as Tree).keys()].filter((file) => file !== MANIFEST_FILE);
    mkdirSync(staging);
    writeFileSync(path.join(staging, MANIFEST_FILE), provisionalManifest(files));
    // Half of the files written, the last one cut short, and the final manifest not yet renamed into place.
    const written = files.slice(0, Math.ceil(files.length / 2));
    for (const file of written) {
      mkdirSync(path.dirname(path.join(staging, file)), { recursive: true });
      writeFileSync(path.join(staging, file), file === written.at(-1) ? 'cut sh' : ((trees['B'] as Tree).get(file) as string));
    }
    writeFileSync(path.join(staging, NEXT_MANIFEST_FILE), '{"digest": "sha256:');
    const run = await compile(fleetB.dir, out);
    expect(run.exitCode, run.stderr).toBe(0);
    expect(run.stderr).not.toContain('kept');
    expect(sameTree(await readOutputTree(out), trees['B'] as Tree)).toBe(true);
    expect(litter(out)).toEqual([]);
  });

  it('waits for a live writer to let go of the lock, then writes', async () => {
    const out = path.join(work.dir, 'waiting');
    const holder = spawn('sleep', ['30'], { stdio: 'ignore' });
    try {
      writeFileSync(path.join(work.dir, '.waiting.lock'), `${holder.pid}\n`);
      setTimeout(() => holder.kill('SIGKILL'), 1500);
      // Asynchronously, so that this process reaps the killed holder (a zombie still counts as a live process).
      const child = spawn(process.execPath, [BIN, 'compile', '--fleet', fleetA.dir, '--out', out], { stdio: 'ignore' });
      const code = await new Promise((resolve) => child.on('exit', resolve));
      expect(code).toBe(0);
      expect(sameTree(await readOutputTree(out), trees['A'] as Tree)).toBe(true);
    } finally {
      holder.kill('SIGKILL');
    }
  });
});

describe('compile --check over a hostile output tree', () => {
  it('does not read a 3 GB file planted there (it filled 4 GB and ended in an internal error): extra, exit 1', async () => {
    const out = path.join(work.dir, 'planted');
    expect((await compile(fleetA.dir, out)).exitCode).toBe(0);
    const planted = path.join(out, 'argocd', 'huge.yaml');
    writeFileSync(planted, '');
    truncateSync(planted, 3 * 1024 ** 3); // sparse: no disk used
    const run = boundedCli(['compile', '--fleet', fleetA.dir, '--out', out, '--check'], { cwd: fleetA.dir });
    expectNoCrash(run, [1]); // exit 1: --check's "stale"
    expect(run.exitCode, run.stderr).toBe(1);
    expect(run.stderr).toContain('argocd/huge.yaml');
  });
});

describe('the output directory', () => {
  it("keeps the mode of the directory it replaces, and a new one gets the umask's (never mkdtemp's 0700)", async () => {
    const out = path.join(work.dir, 'modes');
    expect((await compile(fleetA.dir, out)).exitCode).toBe(0);
    const probe = path.join(work.dir, 'probe');
    mkdirSync(probe);
    expect(statSync(out).mode & 0o777).toBe(statSync(probe).mode & 0o777);
    chmodSync(out, 0o750);
    expect((await compile(fleetB.dir, out)).exitCode).toBe(0);
    expect(statSync(out).mode & 0o777).toBe(0o750);
  });
});

/** A new folder holding nothing but what the test puts there, and `out` (`generated`) inside it. */
function site(): { dir: string; out: string } {
  const dir = mkdtempSync(path.join(work.dir, 'site-'));
  return { dir, out: path.join(dir, 'generated') };
}

const deadPid = (): string => spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' }).stdout;

describe('the siblings of the output directory', () => {
  it('a visible <out>.previous (a backup of yours, or one an older diene left) is never read, renamed or deleted', async () => {
    const { dir, out } = site();
    expect((await compile(fleetA.dir, out)).exitCode).toBe(0);
    cpSync(out, `${out}.previous`, { recursive: true }); // cp -r generated generated.previous
    writeFileSync(path.join(`${out}.previous`, 'argocd', 'notes.txt'), 'mine\n');
    const before = snapshot(`${out}.previous`);
    expect((await compile(fleetB.dir, out)).exitCode).toBe(0);
    rmSync(out, { recursive: true });
    const check = boundedCli(['compile', '--fleet', fleetB.dir, '--out', out, '--check'], { cwd: dir });
    expect(check.exitCode, check.stderr).toBe(1); // it reads nothing in place of the missing tree
    expect(check.stderr).toContain(`  missing ${MANIFEST_FILE}`);
    expect((await compile(fleetB.dir, out)).exitCode).toBe(0);
    expect(sameTree(await readOutputTree(out), trees['B'] as Tree)).toBe(true);
    expect(snapshot(`${out}.previous`)).toEqual(before);
    expect(litter(out)).toEqual([]);
  });

  it('a hidden .<out>.previous holding what diene did not write stops the compile, and stays whole, even with <out> missing', async () => {
    const { dir, out } = site();
    expect((await compile(fleetA.dir, out)).exitCode).toBe(0);
    const previous = path.join(dir, '.generated.previous');
    mkdirSync(path.join(previous, 'argocd'), { recursive: true });
    writeFileSync(path.join(previous, 'argocd', 'mine.yaml'), 'keep me\n');
    const where = `(in ${shownPath(previous, fleetB.dir)}, where diene keeps the previous tree while it swaps in a new one)`;
    const expected = [
      `output_foreign_file: ${shownPath(previous, fleetB.dir)}/argocd/mine.yaml holds what diene did not write: diene writes no such file, and the manifest (${MANIFEST_FILE}) does not list it ${where}`,
    ];
    for (const removeOut of [false, true]) {
      if (removeOut) rmSync(out, { recursive: true });
      const before = snapshot(dir);
      const run = await compile(fleetB.dir, out);
      expectNoCrash(run);
      expect(run.exitCode, run.stderr).toBe(2);
      expect(errorLines(run)).toEqual(expected);
      expect(jsonDiagnostics(run).find((d) => d.severity === 'error')?.hint).toBe(
        `move ${shownPath(previous, fleetB.dir)} away (or delete it yourself): it is not diene's to remove; diene never deletes or replaces what it did not write, so the compile stops until then`,
      );
      expect(snapshot(dir)).toEqual(before);
    }
  });

  it("a lock file that is not diene's (text, a folder) is never taken over or removed", async () => {
    const { dir, out } = site();
    expect((await compile(fleetA.dir, out)).exitCode).toBe(0);
    const lock = path.join(dir, '.generated.lock');
    for (const make of [() => writeFileSync(lock, 'do not delete: deploy freeze until Monday\n'), () => mkdirSync(lock)]) {
      rmSync(lock, { recursive: true, force: true });
      make();
      const before = snapshot(dir);
      const run = await compile(fleetB.dir, out);
      expectNoCrash(run);
      expect(run.exitCode, run.stderr).toBe(2);
      expect(errorLines(run)).toEqual([
        `output_foreign_file: ${shownPath(lock, fleetB.dir)} holds what diene did not write: it stands where diene keeps its lock, and is not a lock diene made (a file holding a writer's process id; never a link or a folder)`,
      ]);
      expect(snapshot(dir)).toEqual(before);
    }
  });

  it("a killed run's staging folder loses only what its manifest lists; anything else stays, and is said", async () => {
    const { dir, out } = site();
    expect((await compile(fleetA.dir, out)).exitCode).toBe(0);
    const staging = path.join(dir, '.generated.staging-999-0123456789ab');
    mkdirSync(path.join(staging, 'argocd'), { recursive: true });
    writeFileSync(path.join(staging, MANIFEST_FILE), (trees['A'] as Tree).get(MANIFEST_FILE) as string);
    writeFileSync(path.join(staging, 'argocd', 'aldehyde.yaml'), 'cut sh');
    writeFileSync(path.join(staging, 'notes.txt'), 'mine\n');
    const run = boundedCli(['compile', '--fleet', fleetB.dir, '--out', out], { cwd: dir });
    expect(run.exitCode, run.stderr).toBe(0);
    expect(run.stderr).toContain(`kept ${staging}: a killed compile's staging folder, holding notes.txt which diene did not write`);
    expect(sameTree(await readOutputTree(out), trees['B'] as Tree)).toBe(true);
    expect(readdirSync(staging).sort()).toEqual([MANIFEST_FILE, 'notes.txt']);
    expect(readFileSync(path.join(staging, 'notes.txt'), 'utf8')).toBe('mine\n');
  });
});

describe('a file that lands in the output directory while a compile waits for the lock', () => {
  it('is found under the lock, just before the swap: exit 2, the tree and the file as they were, no litter', async () => {
    const { out } = site();
    expect((await compile(fleetA.dir, out)).exitCode).toBe(0);
    const holder = spawn('sleep', ['30'], { stdio: 'ignore' });
    try {
      writeFileSync(lockOf(out), `${holder.pid}\n`);
      const child = spawn(process.execPath, [BIN, 'compile', '--fleet', fleetB.dir, '--out', out, '--format', 'json'], { stdio: ['ignore', 'ignore', 'pipe'] });
      let stderr = '';
      child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
      const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
      // The compile takes about a second here, then finds the tree clean and waits for the lock (up to 10 s).
      await new Promise((resolve) => setTimeout(resolve, 4000));
      writeFileSync(path.join(out, 'platforms', 'late.yaml'), 'late\n');
      holder.kill('SIGKILL');
      expect(await exited, stderr).toBe(2);
      expect(errorLines({ stdout: '', stderr })).toEqual([
        `output_foreign_file: ${shownPath(out)}/platforms/late.yaml holds what diene did not write: diene writes no such file, and the manifest (${MANIFEST_FILE}) does not list it`,
      ]);
      const tree = await readOutputTree(out);
      expect(tree.get('platforms/late.yaml')).toBe('late\n');
      tree.delete('platforms/late.yaml');
      expect(sameTree(tree, trees['A'] as Tree)).toBe(true);
      expect(litter(out)).toEqual([]);
    } finally {
      holder.kill('SIGKILL');
    }
  });
});

describe('compile --check', () => {
  it("touches nothing: no lock, no rename, no repair; a killed run's leftovers are reported, and the next compile repairs them", async () => {
    const { dir, out } = site();
    expect((await compile(fleetA.dir, out)).exitCode).toBe(0);
    const previous = path.join(dir, '.generated.previous');
    renameSync(out, previous); // killed between the two renames
    writeFileSync(lockOf(out), `${deadPid()}\n`);
    const staging = path.join(dir, '.generated.staging-999-0123456789ab');
    mkdirSync(staging);
    writeFileSync(path.join(staging, MANIFEST_FILE), (trees['A'] as Tree).get(MANIFEST_FILE) as string);
    mkdirSync(`${out}.previous`);
    writeFileSync(path.join(`${out}.previous`, 'backup.txt'), 'mine\n');
    const before = snapshot(dir);
    const text = boundedCli(['compile', '--fleet', fleetA.dir, '--out', out, '--check'], { cwd: dir });
    expect(text.exitCode, text.stderr).toBe(0); // the tree in .previous is what the inputs produce
    expect(text.stderr).toContain(
      `note: ${previous} is left from an interrupted compile; the next \`diene compile\` restores it if everything in it is diene's`,
    );
    expect(text.stderr).toContain(`note: ${staging} is a staging folder left by a killed compile; the next \`diene compile\` removes what it wrote there`);
    expect(text.stderr).toContain(`note: ${lockOf(out)} is the lock of a compile that is gone; the next \`diene compile\` takes it over`);
    const stale = boundedCli(['compile', '--fleet', fleetB.dir, '--out', out, '--check', '--format', 'json'], { cwd: dir });
    expect(stale.exitCode, stale.stderr).toBe(1);
    expect(snapshot(dir)).toEqual(before);
    expect((await compile(fleetA.dir, out)).exitCode).toBe(0);
    expect(sameTree(await readOutputTree(out), trees['A'] as Tree)).toBe(true);
    expect(litter(out)).toEqual([]);
    expect(readFileSync(path.join(`${out}.previous`, 'backup.txt'), 'utf8')).toBe('mine\n');
  });

  it('leaves no lock while another compile holds one, and does not wait for it', async () => {
    const { dir, out } = site();
    expect((await compile(fleetA.dir, out)).exitCode).toBe(0);
    writeFileSync(lockOf(out), '1\n'); // pid 1 always lives
    const before = snapshot(dir);
    const started = Date.now();
    const run = boundedCli(['compile', '--fleet', fleetA.dir, '--out', out, '--check'], { cwd: dir });
    expect(run.exitCode, run.stderr).toBe(0);
    expect(Date.now() - started).toBeLessThan(8000); // a writer would wait 10 s, then give up
    expect(snapshot(dir)).toEqual(before);
  });
});

const STRACE_MISSING = spawnSync('strace', ['-V']).status === 0 ? undefined : 'strace is not installed';

describe('durability', () => {
  it.skipIf(skipUnlessPresent(STRACE_MISSING))(
    `fsyncs every written file and every folder of the new tree before the swap, links the unchanged files written long ago without an fsync, and fsyncs the parent folder after it (strace)${skippedBecause(STRACE_MISSING)}`,
    async () => {
      const { dir, out } = site();
      expect((await compile(fleetA.dir, out)).exitCode).toBe(0);
      // Written two minutes ago, long written back to disk: an unchanged file is then linked and not fsynced again.
      const long = new Date(Date.now() - 120_000);
      for (const file of (trees['A'] as Tree).keys()) utimesSync(path.join(out, file), long, long);
      const log = path.join(work.dir, `strace-${path.basename(dir)}.log`);
      const traced = ['-f', '-y', '-qq', '-e', 'trace=fsync,fdatasync,rename,renameat,renameat2,link,linkat', '-o', log];
      const run = spawnSync('strace', [...traced, process.execPath, BIN, 'compile', '--fleet', fleetB.dir, '--out', out], {
        encoding: 'utf8',
        timeout: 120_000,
      });
      expect(run.status, run.stderr).toBe(0);
      const events = readFileSync(log, 'utf8').split('\n');
      const synced = new Map<string, number>(); // path → line of its first fsync
      const linked = new Set<string>(); // the staging paths made by link(2)
      let swap = -1;
      let staging = '';
      events.forEach((line, index) => {
        const link = /\blink(?:at)?\((?:[^,]*, )?"([^"]*)", (?:[^,]*, )?"([^"]*)"/.exec(line);
        if (link && / = 0$/.test(line)) linked.add(link[2] as string);
        const sync = /\bf(?:data)?sync\(\d+<([^>]*)>/.exec(line);
        if (sync && !synced.has(sync[1] as string)) synced.set(sync[1] as string, index);
        const rename = /\brename(?:at2?)?\((?:[^,]*, )?"([^"]*)", (?:[^,]*, )?"([^"]*)"/.exec(line);
        if (rename && rename[2] === out && rename[1]?.includes('.generated.staging-')) [swap, staging] = [index, rename[1]];
      });
      expect(swap, 'the rename of the staging folder onto the output directory').toBeGreaterThan(-1);
      const files = [...(trees['B'] as Tree).keys()];
      const unchanged = files.filter((file) => file !== MANIFEST_FILE && trees['A']?.get(file) === trees['B']?.get(file));
      expect(unchanged.length).toBeGreaterThan(0);
      expect([...linked].map((p) => path.relative(staging, p)).sort(), 'the unchanged files are linked, the others not').toEqual(unchanged.sort());
      const written = files.filter((file) => !unchanged.includes(file));
      const above = (file: string): string[] => file.split('/').flatMap((_, i, parts) => (i === 0 ? [] : [parts.slice(0, i).join('/')]));
      const folders = new Set(['', ...files.flatMap(above)]);
      const unsynced = [...written, ...folders].map((p) => (p === '' ? staging : path.join(staging, p))).filter((p) => !((synced.get(p) ?? Infinity) < swap));
      expect(unsynced, 'fsynced before the swap').toEqual([]);
      expect(
        unchanged.filter((file) => synced.has(path.join(staging, file))),
        'linked files written long ago are not fsynced',
      ).toEqual([]);
      expect(
        events.some((line, index) => index > swap && /\bf(?:data)?sync\(\d+</.test(line) && line.includes(`<${dir}>`)),
        'the parent fsynced after the swap',
      ).toBe(true);
    },
  );
});
