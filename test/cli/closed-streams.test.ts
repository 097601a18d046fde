// A reader that goes away (issue 14): `diene validate … 2>&1 | head -1` never
// exited, spinning at 100 % CPU (the EPIPE error was reported on the stream
// that had just failed, failing again). Every command, run with its output
// merged into a pipe read up to the first line, with stdout closed, with
// stderr closed, and with both closed, must end with the exit code it ends
// with when read in full, within a second of the reader leaving or of its last
// write to the stream still open. (With both streams closed from the start
// there is nothing to time from: the run must end within twice the time it
// takes when read in full, plus a second, measured in the same test; before
// the fix it never ended.)

import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { overlayTexts, readFleetTexts, REFERENCE_FLEET, REPO_ROOT, writeTempFleet } from '../support/fleet-fixture.js';

const BIN = path.join(REPO_ROOT, 'bin', 'diene.js');
/** How long a run may take once nobody reads it (SPEC-less: issue 14, "within a second"). */
const AFTER_READER_LEFT_MS = 1000;
/** A run that has not ended by then is killed and fails the test. */
const KILL_AFTER_MS = 30_000;

const TIN = 'api.tin.nitroso.pikachu.cluster.atomi.cloud';
const scratch = mkdtempSync(path.join(tmpdir(), 'diene-closed-streams-'));
const broken = writeTempFleet(
  overlayTexts(readFleetTexts(), {
    'registry/clusters/raichu-opal.yaml': 'landscape: raichu\nmark: BAD\nprovider: digitalocean\naccount: digitalocean-main\ntraffic: true\n',
  }),
);
afterAll(() => {
  rmSync(scratch, { recursive: true, force: true });
  broken.cleanup();
});

/** One invocation per command of `diene --help` (and the help and version themselves), each writing to stdout, stderr or both. */
const INVOCATIONS: Record<string, string[]> = {
  init: ['init', REFERENCE_FLEET], // refused (not empty) on every run, so each run ends the same way
  compile: ['compile', '--fleet', REFERENCE_FLEET, '--check', '--out', path.join(scratch, 'never-written')],
  validate: ['validate', '--fleet', broken.dir],
  render: ['render', '--platform', 'nitroso', '--fleet', REFERENCE_FLEET],
  materialize: ['materialize', '--fleet', broken.dir],
  'plan dns': ['plan', 'dns', '--live', path.join(REFERENCE_FLEET, 'no-such-live-state'), '--fleet', REFERENCE_FLEET],
  route: ['route', TIN, '/paulca/x', '--fleet', REFERENCE_FLEET],
  'apply books': ['apply', 'books', '--fleet', REFERENCE_FLEET],
  'apply dns': ['apply', 'dns', '--bogus'],
  'export dns': ['export', 'dns', '--bogus'],
  'claim set-paths': ['claim', 'set-paths', TIN, '--file', path.join(scratch, 'missing.json'), '--repo', scratch],
  'apply kube': ['apply', 'kube', '--fleet', REFERENCE_FLEET],
  report: ['report', '--fleet', REFERENCE_FLEET],
  simulate: ['simulate', '--all-single', '--fleet', REFERENCE_FLEET],
  atlas: ['atlas', '--fleet', REFERENCE_FLEET], // refused (no --out) on every run, so each run ends the same way
  schemas: ['schemas', '--out', path.join(scratch, 'schemas')],
  completion: ['completion', 'bash'],
  '--help': ['--help'],
  '--version': ['--version'],
};

type Reader = 'all' | 'merged-first-line' | 'stdout-closed' | 'stderr-closed' | 'both-closed';

interface Outcome {
  exitCode: number | null;
  signal: NodeJS.Signals | null;
  /** Milliseconds from the spawn to the exit. */
  took: number;
  /** Milliseconds from the reader leaving, or from the last output on a stream still open if that came later, to the exit. */
  afterReaderLeft: number;
  /** True when a stream still open received output. */
  heard: boolean;
  stdout: string;
  stderr: string;
}

/** Runs `diene …args` with `reader` on its output, killed after {@link KILL_AFTER_MS}. */
function run(args: readonly string[], reader: Reader): Promise<Outcome> {
  return new Promise((resolve) => {
    const started = performance.now();
    let left = reader === 'all' || reader === 'merged-first-line' ? undefined : started;
    // `2>&1 | head -1`: one pipe for both streams, as a shell makes it.
    const child =
      reader === 'merged-first-line'
        ? spawn('/bin/sh', ['-c', 'exec "$0" "$@" 2>&1', process.execPath, BIN, ...args], {
            stdio: ['ignore', 'pipe', 'ignore'],
            env: { ...process.env, GITHUB_ACTIONS: '' },
          })
        : spawn(process.execPath, [BIN, ...args], { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, GITHUB_ACTIONS: '' } });
    let stdout = '';
    let stderr = '';
    let lastOutput: number | undefined;
    if (reader === 'stdout-closed' || reader === 'both-closed') child.stdout?.destroy();
    if (reader === 'stderr-closed' || reader === 'both-closed') child.stderr?.destroy();
    child.stdout?.on('data', (chunk: Buffer) => {
      stdout += chunk.toString('utf8');
      lastOutput = performance.now();
      if (reader === 'merged-first-line' && left === undefined && stdout.includes('\n')) {
        stdout = stdout.slice(0, stdout.indexOf('\n') + 1);
        left = performance.now();
        child.stdout?.destroy();
      }
    });
    child.stderr?.on('data', (chunk: Buffer) => {
      stderr += chunk.toString('utf8');
      lastOutput = performance.now();
    });
    const killer = setTimeout(() => child.kill('SIGKILL'), KILL_AFTER_MS);
    child.on('exit', (exitCode, signal) => {
      clearTimeout(killer);
      const ended = performance.now();
      resolve({
        exitCode,
        signal,
        took: ended - started,
        afterReaderLeft: ended - Math.max(left ?? ended, lastOutput ?? 0),
        heard: lastOutput !== undefined,
        stdout,
        stderr,
      });
    });
  });
}

describe('a reader that goes away', () => {
  it('is tried on every command', async () => {
    const help = await run(['--help'], 'all');
    const lines = help.stdout.split('\n');
    const commandLines = lines.slice(lines.indexOf('Commands:') + 1, lines.indexOf('', lines.indexOf('Commands:')));
    const listed = commandLines.map((line) => line.trim().split(/\s{2,}/)[0]);
    expect(listed.length).toBeGreaterThan(10);
    expect(Object.keys(INVOCATIONS).filter((name) => !name.startsWith('--'))).toEqual(listed);
  });

  for (const [name, args] of Object.entries(INVOCATIONS)) {
    it(`ends ${name} at once with its exit code`, async () => {
      const full = await run(args, 'all');
      expect(full.signal).toBeNull();
      expect(full.stdout + full.stderr, 'the command says something').not.toBe('');
      expect(full.stderr).not.toContain('internal error');

      const merged = await run(args, 'merged-first-line');
      expect(merged.signal, 'killed: it never ended').toBeNull();
      expect(merged.exitCode).toBe(full.exitCode);
      expect(merged.stdout).toBe(`${(full.stdout || full.stderr).split('\n')[0]}\n`);
      expect(merged.afterReaderLeft).toBeLessThan(AFTER_READER_LEFT_MS);

      for (const reader of ['stdout-closed', 'stderr-closed', 'both-closed'] as const) {
        const closed = await run(args, reader);
        expect(closed.signal, `${reader}: killed, it never ended`).toBeNull();
        expect(closed.exitCode, reader).toBe(full.exitCode);
        if (closed.heard)
          expect(closed.afterReaderLeft, `${reader}: ended ${Math.round(closed.afterReaderLeft)} ms after its last output`).toBeLessThan(AFTER_READER_LEFT_MS);
        else
          expect(closed.took, `${reader}: ${Math.round(closed.took)} ms, read in full ${Math.round(full.took)} ms`).toBeLessThan(
            2 * full.took + AFTER_READER_LEFT_MS,
          );
        // What the open stream carries is unchanged.
        if (reader === 'stdout-closed') expect(closed.stderr).toBe(full.stderr);
        if (reader === 'stderr-closed') expect(closed.stdout).toBe(full.stdout);
      }
    });
  }
});
