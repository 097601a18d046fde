// The command line caps V8's young generation for the commands that load the
// whole fleet (issue 39, point 4: the XL peak RSS under 512 MiB on Node 24,
// whose default young generation is larger). The flag acts only when Node
// starts, so bin/diene.js starts Node again with `--max-semi-space-size` and
// runs the command there: the same process replaced (process.execve), or
// where Node has no execve (before 22.15, Windows) a child. What is tested is
// the mechanism, both ways, each on a Node that takes it (the XL peak itself
// is measured by the bench): which process runs the command and with which
// flags, that the exit code, the bytes written and the signals pass through
// unchanged, that a user's own setting is kept and not doubled, and that a
// child ends when the first process is killed.
//
// Every Node started here loads a small module first (NODE_OPTIONS
// `--import`) that records its pid, parent pid and flags into a folder.

import { spawn, spawnSync } from 'node:child_process';
import { chmodSync, copyFileSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isInstalled, nodeBinary, SUPPORTED_NODES } from '../../scripts/node-lines-lib.mjs';
import { overlayTexts, readFleetTexts, REFERENCE_FLEET, REPO_ROOT, writeTempFleet } from '../support/fleet-fixture.js';
import { skipUnlessPresent } from '../support/required.js';

const BIN = path.join(REPO_ROOT, 'bin', 'diene.js');

/** One Node for each way the capped Node is started: the test's own and the supported lines, the first of each way. */
type Way = 'execve' | 'child';
const ways = new Map<Way, string>();
for (const node of [process.execPath, ...SUPPORTED_NODES.filter(isInstalled).map(nodeBinary)]) {
  const execve = spawnSync(node, ['-p', 'typeof process.execve'], { encoding: 'utf8' }).stdout.trim() === 'function';
  if (!ways.has(execve ? 'execve' : 'child')) ways.set(execve ? 'execve' : 'child', node);
}
const missing = (['execve', 'child'] as const).filter((way) => !ways.has(way));
skipUnlessPresent(missing.length > 0 ? `a Node that starts the capped Node as ${missing.join(' and ')} (node scripts/node-lines.mjs install)` : undefined);
const FLAG = '--max-semi-space-size=16';
const NOW = ['--now', '2026-01-01T00:00:00Z'];

const scratch = mkdtempSync(path.join(tmpdir(), 'diene-young-generation-'));
const RECORDER = path.join(scratch, 'record-process.mjs');
// RECORD_STALL keeps the process that runs the command alive (a long compile);
// RECORD_UNLINK_NODE deletes the Node binary the first Node runs (a copy);
// RECORD_THROW throws there once the command is done, outside any command code (an internal fault).
writeFileSync(
  RECORDER,
  `import { unlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { getHeapStatistics } from 'node:v8';
const capped = process.execArgv.some((flag) => flag.startsWith('--max-semi-space-size'));
const record = (extra) => writeFileSync(path.join(process.env.RECORD_DIR, process.pid + (capped ? '-capped' : '') + '.json'),
  JSON.stringify({ pid: process.pid, ppid: process.ppid, execArgv: process.execArgv, ...extra }));
record({});
process.on('exit', (code) => record({ exitCode: code, heapUsed: getHeapStatistics().used_heap_size }));
if (process.env.RECORD_UNLINK_NODE && !capped) unlinkSync(process.execPath);
if (process.env.RECORD_STALL && capped) setInterval(() => {}, 1000);
if (process.env.RECORD_THROW && capped) process.once('beforeExit', () => { throw new Error('thrown where the command runs'); });
`,
);

interface ProcessRecord {
  pid: number;
  ppid: number;
  execArgv: string[];
  exitCode?: number;
  heapUsed?: number;
}
interface Run {
  status: number | null;
  signal: NodeJS.Signals | null;
  stdout: Buffer;
  stderr: Buffer;
  processes: ProcessRecord[];
}

let runs = 0;
function recordDir(): string {
  const dir = path.join(scratch, `records-${runs++}`);
  mkdirSync(dir);
  return dir;
}
function readRecords(dir: string): ProcessRecord[] {
  return readdirSync(dir)
    .filter((name) => name.endsWith('.json'))
    .map((name) => JSON.parse(readFileSync(path.join(dir, name), 'utf8')) as ProcessRecord);
}
function environment(dir: string, nodeOptions: string, extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  return { ...process.env, NODE_OPTIONS: `${nodeOptions} --import=${pathToFileURL(RECORDER).href}`.trim(), RECORD_DIR: dir, ...extra };
}

/** Runs bin/diene.js on `node` with `nodeFlags` before it and `nodeOptions` in NODE_OPTIONS. */
function diene(node: string, args: string[], { nodeFlags = [] as string[], nodeOptions = '', extra = {} as Record<string, string> } = {}): Run {
  const dir = recordDir();
  const run = spawnSync(node, [...nodeFlags, BIN, ...args], { cwd: scratch, env: environment(dir, nodeOptions, extra), timeout: 60_000 });
  return { status: run.status, signal: run.signal, stdout: run.stdout, stderr: run.stderr, processes: readRecords(dir) };
}
/** The same command run in one process with the cap the command line sets: what it printed and its exit code before the cap existed. */
const inOneProcess = (node: string, args: string[]) => diene(node, args, { nodeOptions: FLAG });

/** The records of the first Node and of the capped one. */
function firstAndCapped(run: Run): [ProcessRecord, ProcessRecord] {
  expect(run.processes).toHaveLength(2);
  const first = run.processes.find((p) => !p.execArgv.includes(FLAG));
  const capped = run.processes.find((p) => p.execArgv.includes(FLAG));
  if (!first || !capped) throw new Error(`no first and capped Node in ${JSON.stringify(run.processes)}`);
  return [first, capped];
}

function alive(pid: number): boolean {
  try {
    // A zombie (ended, its parent gone, not yet reaped) has ended.
    return !/^\d+ \(.*\) Z/.test(readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return false;
  }
}

const out = path.join(scratch, 'out');
const staleOut = path.join(scratch, 'stale');
const broken = writeTempFleet(
  overlayTexts(readFleetTexts(), {
    'registry/clusters/raichu-opal.yaml': 'landscape: raichu\nmark: BAD\nprovider: digitalocean\naccount: digitalocean-main\ntraffic: true\n',
  }),
);
beforeAll(() => {
  for (const dir of [out, staleOut]) {
    const made = spawnSync(process.execPath, [BIN, 'compile', '--fleet', REFERENCE_FLEET, '--out', dir, '--no-cache', ...NOW], { encoding: 'utf8' });
    expect(made.status, made.stderr).toBe(0);
  }
  const manifest = readdirSync(staleOut, { recursive: true, encoding: 'utf8' }).find((name) => name.endsWith('.yaml'));
  if (manifest === undefined) throw new Error('the compile wrote no YAML file');
  writeFileSync(path.join(staleOut, manifest), '# edited by hand\n');
});
afterAll(() => {
  rmSync(scratch, { recursive: true, force: true });
  broken.cleanup();
});

describe.each([...ways])('the capped Node as %s', (way, node) => {
  it('a compile runs in a Node started with the cap: this process replaced, or its child', () => {
    const run = diene(node, ['compile', '--check', '--fleet', REFERENCE_FLEET, '--out', out, '--no-cache', ...NOW]);
    expect(run.status, run.stderr.toString()).toBe(0);
    const [first, capped] = firstAndCapped(run);
    expect(first.execArgv).toEqual([]);
    expect(capped.execArgv).toEqual([FLAG]);
    expect(capped.exitCode).toBe(0);
    if (way === 'execve') {
      expect(capped.pid).toBe(first.pid);
      expect(first.exitCode).toBeUndefined(); // replaced, never exited
    } else {
      expect(capped.ppid).toBe(first.pid);
      expect(first.exitCode).toBe(0);
      // The fleet was loaded and compiled in the child; the first only waited.
      expect(capped.heapUsed).toBeGreaterThan(2 * (first.heapUsed ?? Infinity));
    }
  });

  it.each([
    ['validate', ['validate', '--fleet', REFERENCE_FLEET]],
    ['report', ['report', '--fleet', REFERENCE_FLEET, ...NOW]],
    ['simulate', ['simulate', '--all-single', '--fleet', REFERENCE_FLEET]],
  ])('%s (the whole fleet loaded) runs with the cap', (_name, args) => {
    const [first, capped] = firstAndCapped(diene(node, args));
    expect([first.execArgv, capped.execArgv]).toEqual([[], [FLAG]]);
  });

  it.each([
    ['render (one platform read: the ArgoCD plugin, started on every sync)', ['render', '--platform', 'nitroso', '--fleet', REFERENCE_FLEET, '--no-cache']],
    ['--version', ['--version']],
    ['--help', ['compile', '--help']],
    ['help', ['help', 'compile']],
    ['completion', ['completion', 'bash']],
  ])('%s runs in the first Node', (_name, args) => {
    const run = diene(node, args);
    expect(run.status).toBe(0);
    expect(run.processes).toHaveLength(1);
    expect(run.processes[0]?.execArgv).toEqual([]);
  });

  it("keeps the user's own Node flags, the cap added once", () => {
    const run = diene(node, ['validate', '--fleet', REFERENCE_FLEET], { nodeFlags: ['--no-deprecation'] });
    expect(run.status).toBe(0);
    expect(firstAndCapped(run).map((p) => p.execArgv)).toEqual([['--no-deprecation'], ['--no-deprecation', FLAG]]);
  });

  it.each([
    ['NODE_OPTIONS', { nodeOptions: '--max-semi-space-size=4' }, []],
    ['NODE_OPTIONS, underscores', { nodeOptions: '--max_semi_space_size=4' }, []],
    ['a Node flag', { nodeFlags: ['--max-semi-space-size=4'] }, ['--max-semi-space-size=4']],
  ] as const)('a cap the user set (%s) is the one used: one Node, nothing added', (_name, how, execArgv) => {
    const run = diene(node, ['validate', '--fleet', REFERENCE_FLEET], {
      nodeFlags: [...('nodeFlags' in how ? how.nodeFlags : [])],
      nodeOptions: 'nodeOptions' in how ? how.nodeOptions : '',
    });
    expect(run.status).toBe(0);
    expect(run.processes).toHaveLength(1);
    expect(run.processes[0]?.execArgv).toEqual(execArgv);
  });

  it.each([
    ['0: compile --check of a current tree', ['compile', '--check', '--fleet', REFERENCE_FLEET, '--out', out, '--no-cache', ...NOW], 0],
    ['1: compile --check of a stale tree', ['compile', '--check', '--fleet', REFERENCE_FLEET, '--out', staleOut, '--no-cache', ...NOW], 1],
    ['2: validate of an invalid fleet, JSON', ['validate', '--fleet', broken.dir, '--format', 'json'], 2],
    ['0: report', ['report', '--fleet', REFERENCE_FLEET, ...NOW], 0],
    ['2: a usage error', ['compile', '--no-such-option'], 2],
  ])('exit %s, stdout and stderr bytes as in one Node', (_name, args, code) => {
    const capped = diene(node, args);
    const before = inOneProcess(node, args);
    expect(capped.processes).toHaveLength(2);
    expect(before.processes).toHaveLength(1);
    expect(capped.status).toBe(code);
    expect(before.status).toBe(code);
    expect(capped.stdout.equals(before.stdout)).toBe(true);
    expect(capped.stderr.toString()).toBe(before.stderr.toString());
  });

  it('a compile writes the same output tree as in one Node', () => {
    const trees = ['capped', 'before'].map((name) => path.join(scratch, `tree-${way}-${name}`)) as [string, string];
    const args = (dir: string) => ['compile', '--fleet', REFERENCE_FLEET, '--out', dir, '--no-cache', ...NOW];
    expect(diene(node, args(trees[0])).status).toBe(0);
    expect(inOneProcess(node, args(trees[1])).status).toBe(0);
    expect(readdirSync(trees[0], { recursive: true }).length).toBeGreaterThan(50);
    const diff = spawnSync('diff', ['-r', ...trees], { encoding: 'utf8' });
    expect(diff.stdout).toBe('');
    expect(diff.status).toBe(0);
  });

  it('a Node binary gone since the first Node started (an upgrade): the command runs in the first Node', () => {
    const copy = path.join(scratch, `node-${way}`);
    copyFileSync(node, copy);
    chmodSync(copy, 0o755);
    const run = diene(copy, ['validate', '--fleet', REFERENCE_FLEET, '--format', 'json'], { extra: { RECORD_UNLINK_NODE: '1' } });
    expect(run.status, run.stderr.toString()).toBe(0);
    expect(run.processes).toHaveLength(1);
    expect(run.processes[0]?.exitCode).toBe(0);
    expect(run.stdout.equals(inOneProcess(node, ['validate', '--fleet', REFERENCE_FLEET, '--format', 'json']).stdout)).toBe(true);
  });

  it('70: an internal fault where the command runs', () => {
    const run = diene(node, ['validate', '--fleet', REFERENCE_FLEET], { extra: { RECORD_THROW: '1' } });
    expect(run.status).toBe(70);
    expect(run.stderr.toString()).toMatch(/\ndiene: internal error: thrown where the command runs\n$/);
    expect(firstAndCapped(run)[1].exitCode).toBe(70);
  });

  /** Starts a validate whose capped Node stays alive, and waits until that Node has started. */
  async function stalled(): Promise<{
    first: ReturnType<typeof spawn>;
    capped: ProcessRecord;
    ended: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  }> {
    const dir = recordDir();
    const first = spawn(node, [BIN, 'validate', '--fleet', REFERENCE_FLEET], {
      cwd: scratch,
      env: environment(dir, '', { RECORD_STALL: '1' }),
      stdio: 'ignore',
    });
    const ended = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
      first.on('exit', (code, signal) => resolve({ code, signal })),
    );
    for (let waited = 0; waited < 20_000; waited += 50) {
      const capped = readRecords(dir).find((record) => record.execArgv.includes(FLAG) && (record.ppid === first.pid || record.pid === first.pid));
      if (capped) return { first, capped, ended };
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    first.kill('SIGKILL');
    throw new Error('no capped Node started');
  }

  it.each(['SIGTERM', 'SIGINT', 'SIGHUP'] as const)('%s to the first Node ends the capped one, and the first by that signal', async (signal) => {
    const { first, capped, ended } = await stalled();
    expect(alive(capped.pid)).toBe(true);
    first.kill(signal);
    expect(await ended).toEqual({ code: null, signal });
    expect(alive(capped.pid)).toBe(false);
  });

  it('the capped Node ends when the first is killed (SIGKILL, nothing passed on)', async () => {
    const { first, capped, ended } = await stalled();
    first.kill('SIGKILL');
    expect((await ended).signal).toBe('SIGKILL');
    for (let waited = 0; waited < 5000 && alive(capped.pid); waited += 50) await new Promise((resolve) => setTimeout(resolve, 50));
    expect(alive(capped.pid)).toBe(false);
  });
});
