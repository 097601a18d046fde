// The command line caps V8's young generation for the commands that load the
// whole fleet (issue 39, point 4: the XL peak RSS under 512 MiB on Node 24,
// whose default young generation is larger). The flag acts only when Node
// starts, so bin/diene.js starts Node again with `--max-semi-space-size` and
// runs the command there. What is tested is the mechanism (the XL peak itself
// is measured by the bench): which process runs the command and with which
// flags, that the exit code, the bytes written and the signals pass through
// unchanged, that a user's own setting is kept and not doubled, and that the
// second process ends when the first is killed.
//
// Every process Node starts here loads a small module first (NODE_OPTIONS
// `--import`) that records its pid, parent pid and flags into a folder.

import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { overlayTexts, readFleetTexts, REFERENCE_FLEET, REPO_ROOT, writeTempFleet } from '../support/fleet-fixture.js';

const BIN = path.join(REPO_ROOT, 'bin', 'diene.js');
const FLAG = '--max-semi-space-size=16';
const NOW = ['--now', '2026-01-01T00:00:00Z'];

const scratch = mkdtempSync(path.join(tmpdir(), 'diene-young-generation-'));
const RECORDER = path.join(scratch, 'record-process.mjs');
// RECORD_STALL keeps the process that runs the command alive (a long compile);
// RECORD_THROW throws there once the command is done, outside any command code (an internal fault).
writeFileSync(
  RECORDER,
  `import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { getHeapStatistics } from 'node:v8';
const record = (extra) => writeFileSync(path.join(process.env.RECORD_DIR, process.pid + '.json'),
  JSON.stringify({ pid: process.pid, ppid: process.ppid, execArgv: process.execArgv, ...extra }));
record({});
process.on('exit', (code) => record({ exitCode: code, heapUsed: getHeapStatistics().used_heap_size }));
const capped = process.execArgv.some((flag) => flag.startsWith('--max-semi-space-size'));
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

/** Runs bin/diene.js with `nodeFlags` before it and `nodeOptions` in NODE_OPTIONS. */
function diene(args: string[], { nodeFlags = [] as string[], nodeOptions = '', extra = {} as Record<string, string> } = {}): Run {
  const dir = recordDir();
  const run = spawnSync(process.execPath, [...nodeFlags, BIN, ...args], { cwd: scratch, env: environment(dir, nodeOptions, extra), timeout: 60_000 });
  return { status: run.status, signal: run.signal, stdout: run.stdout, stderr: run.stderr, processes: readRecords(dir) };
}
/** The same command run in one process with the cap the command line sets: what it printed and its exit code before the cap existed. */
const inOneProcess = (args: string[], extra: Record<string, string> = {}) => diene(args, { nodeOptions: FLAG, extra });

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

describe('which process runs a command', () => {
  it('a compile runs in a second Node started with the cap, a child of the first', () => {
    const run = diene(['compile', '--check', '--fleet', REFERENCE_FLEET, '--out', out, '--no-cache', ...NOW]);
    expect(run.status, run.stderr.toString()).toBe(0);
    expect(run.processes).toHaveLength(2);
    const [first, second] = [...run.processes].sort((a, b) => a.execArgv.length - b.execArgv.length) as [ProcessRecord, ProcessRecord];
    expect(first.execArgv).toEqual([]);
    expect(second.execArgv).toEqual([FLAG]);
    expect(second.ppid).toBe(first.pid);
    // The fleet was loaded and compiled in the second; the first only waited.
    expect(second.heapUsed).toBeGreaterThan(2 * (first.heapUsed ?? Infinity));
    expect([first.exitCode, second.exitCode]).toEqual([0, 0]);
  });

  it.each([
    ['validate', ['validate', '--fleet', REFERENCE_FLEET]],
    ['report', ['report', '--fleet', REFERENCE_FLEET, ...NOW]],
    ['simulate', ['simulate', '--all-single', '--fleet', REFERENCE_FLEET]],
  ])('%s (the whole fleet loaded) runs with the cap', (_name, args) => {
    const run = diene(args);
    expect(run.processes.map((p) => p.execArgv)).toEqual(expect.arrayContaining([[], [FLAG]]));
    expect(run.processes).toHaveLength(2);
  });

  it.each([
    ['render (one platform read: the ArgoCD plugin, started on every sync)', ['render', '--platform', 'nitroso', '--fleet', REFERENCE_FLEET, '--no-cache']],
    ['--version', ['--version']],
    ['--help', ['compile', '--help']],
    ['help', ['help', 'compile']],
    ['completion', ['completion', 'bash']],
  ])('%s runs in the first process', (_name, args) => {
    const run = diene(args);
    expect(run.status).toBe(0);
    expect(run.processes).toHaveLength(1);
    expect(run.processes[0]?.execArgv).toEqual([]);
  });

  it("keeps the user's own Node flags, the cap added once", () => {
    const run = diene(['validate', '--fleet', REFERENCE_FLEET], { nodeFlags: ['--no-deprecation'] });
    expect(run.status).toBe(0);
    expect(run.processes.map((p) => p.execArgv).sort()).toEqual([['--no-deprecation'], ['--no-deprecation', FLAG]]);
  });

  it.each([
    ['NODE_OPTIONS', { nodeOptions: '--max-semi-space-size=4' }, []],
    ['NODE_OPTIONS, underscores', { nodeOptions: '--max_semi_space_size=4' }, []],
    ['a Node flag', { nodeFlags: ['--max-semi-space-size=4'] }, ['--max-semi-space-size=4']],
  ] as const)("a cap the user set (%s) is the one used: one process, nothing added", (_name, how, execArgv) => {
    const run = diene(['validate', '--fleet', REFERENCE_FLEET], { nodeFlags: [...(how.nodeFlags ?? [])], nodeOptions: 'nodeOptions' in how ? how.nodeOptions : '' });
    expect(run.status).toBe(0);
    expect(run.processes).toHaveLength(1);
    expect(run.processes[0]?.execArgv).toEqual(execArgv);
  });
});

describe('what passes through unchanged', () => {
  it.each([
    ['0: compile --check of a current tree', ['compile', '--check', '--fleet', REFERENCE_FLEET, '--out', out, '--no-cache', ...NOW], 0],
    ['1: compile --check of a stale tree', ['compile', '--check', '--fleet', REFERENCE_FLEET, '--out', staleOut, '--no-cache', ...NOW], 1],
    ['2: validate of an invalid fleet', ['validate', '--fleet', broken.dir], 2],
    ['2: validate of an invalid fleet, JSON', ['validate', '--fleet', broken.dir, '--format', 'json'], 2],
    ['0: report', ['report', '--fleet', REFERENCE_FLEET, ...NOW], 0],
    ['2: a usage error', ['compile', '--no-such-option'], 2],
  ])('exit %s, stdout and stderr bytes', (_name, args, code) => {
    const capped = diene(args);
    const before = inOneProcess(args);
    expect(capped.processes).toHaveLength(2);
    expect(before.processes).toHaveLength(1);
    expect(capped.status).toBe(code);
    expect(before.status).toBe(code);
    expect(capped.stdout.equals(before.stdout)).toBe(true);
    expect(capped.stderr.toString()).toBe(before.stderr.toString());
  });

  it('a compile writes the same output tree', () => {
    const trees = ['capped', 'before'].map((name) => path.join(scratch, `tree-${name}`));
    const args = (dir: string) => ['compile', '--fleet', REFERENCE_FLEET, '--out', dir, '--no-cache', ...NOW];
    expect(diene(args(trees[0] as string)).status).toBe(0);
    expect(inOneProcess(args(trees[1] as string)).status).toBe(0);
    const listing = (dir: string) => readdirSync(dir, { recursive: true, encoding: 'utf8' }).sort();
    expect(listing(trees[0] as string).length).toBeGreaterThan(50);
    expect(listing(trees[0] as string)).toEqual(listing(trees[1] as string));
    const diff = spawnSync('diff', ['-r', trees[0] as string, trees[1] as string], { encoding: 'utf8' });
    expect(diff.stdout).toBe('');
    expect(diff.status).toBe(0);
  });

  it('70: an internal fault where the command runs', () => {
    const run = diene(['validate', '--fleet', REFERENCE_FLEET], { extra: { RECORD_THROW: '1' } });
    expect(run.status).toBe(70);
    expect(run.stderr.toString()).toMatch(/\ndiene: internal error: thrown where the command runs\n$/);
    expect(run.processes).toHaveLength(2);
  });
});

describe('signals', () => {
  /** Starts a validate whose second process stays alive, and waits until that process has started. */
  async function stalled(): Promise<{ parent: ReturnType<typeof spawn>; child: ProcessRecord; ended: Promise<{ code: number | null; signal: NodeJS.Signals | null }> }> {
    const dir = recordDir();
    const parent = spawn(process.execPath, [BIN, 'validate', '--fleet', REFERENCE_FLEET], { cwd: scratch, env: environment(dir, '', { RECORD_STALL: '1' }), stdio: 'ignore' });
    const ended = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => parent.on('exit', (code, signal) => resolve({ code, signal })));
    for (let waited = 0; waited < 20_000; waited += 50) {
      const child = existsSync(dir) ? readRecords(dir).find((record) => record.ppid === parent.pid) : undefined;
      if (child) return { parent, child, ended };
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    parent.kill('SIGKILL');
    throw new Error('no second process started');
  }

  it.each(['SIGTERM', 'SIGINT', 'SIGHUP'] as const)('%s to the first process ends the second and then the first, by that signal', async (signal) => {
    const { parent, child, ended } = await stalled();
    expect(alive(child.pid)).toBe(true);
    parent.kill(signal);
    expect(await ended).toEqual({ code: null, signal });
    expect(alive(child.pid)).toBe(false);
  });

  it('the second process ends when the first is killed (SIGKILL, nothing forwarded)', async () => {
    const { parent, child, ended } = await stalled();
    parent.kill('SIGKILL');
    expect((await ended).signal).toBe('SIGKILL');
    for (let waited = 0; waited < 5000 && alive(child.pid); waited += 50) await new Promise((resolve) => setTimeout(resolve, 50));
    expect(alive(child.pid)).toBe(false);
  });
});
