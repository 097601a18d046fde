/**
 * The hostile-input corpus (issue 9): every folder under test/samples/hostile/
 * is one broken (or odd but valid) fleet with the diagnostics it must produce.
 * Each must end in exit 2 (or 0 where the input is valid), never with a
 * stack trace, an internal error (70), exit 1, a crash or a Node warning;
 * when an error is expected the output directory is untouched. A sample
 * whose subject is a resource bound (a large generated input, a FIFO, `bounded:
 * true`) or a uid (`runAs`) runs the real CLI in a child process bounded in
 * time (60 s) and memory (a 256 MB heap); the others run the CLI's `main` in
 * this process (test/support/run-cli.ts, held to the binary by
 * test/cli/in-process.test.ts), where the same checks apply to what it prints.
 *
 * sample.yaml: `description`; `base` (`reference`, the default: an overlay on
 * examples/reference, or `empty`); `files` (path → text, or null to delete);
 * `bytes` (path → base64); `make` (disk entries, see
 * test/support/make-entries.ts); `args` (default `[compile, --fleet,
 * '{fleet}']`); `runAs: nobody` (run the CLI as uid 65534 when the tests run as
 * root, so that a mode-000 file is really unreadable); `exitCode`; `expect`
 * (as in test/cases: every listed diagnostic must appear with these fields, no
 * unlisted error may appear); `absent` (strings, such as planted secrets, that
 * must appear nowhere in stdout or stderr); `bounded: true` (run in the bounded
 * child even without a generated input: an alias bomb).
 */
import { spawnSync } from 'node:child_process';
import { chmodSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { readOutputTree } from '../../compiler/adapters/filesystem/output-tree.js';
import type { Diagnostic } from '../../compiler/diagnostics/diagnostic.js';
import { overlayTexts, readFleetTexts, REPO_ROOT, writeTempFleet } from '../support/fleet-fixture.js';
import { boundedCli, expectNoCrash, jsonDiagnostics, NOBODY } from '../support/bounded-cli.js';
import { makeEntries, type MakeEntry } from '../support/make-entries.js';
import { skipUnlessPresent } from '../support/required.js';
import { runCliInProcess } from '../support/run-cli.js';

interface ExpectedDiagnostic {
  code: string;
  severity?: string;
  file?: string | null;
  line?: number | null;
  column?: number | null;
  message?: string;
}

interface HostileSample {
  description: string;
  base?: 'reference' | 'empty';
  files?: Record<string, string | null>;
  bytes?: Record<string, string>;
  make?: MakeEntry[];
  args?: string[];
  runAs?: 'nobody';
  bounded?: boolean;
  exitCode: 0 | 2;
  expect: ExpectedDiagnostic[];
  absent?: string[];
}

const SAMPLES_DIR = path.join(REPO_ROOT, 'test', 'samples', 'hostile');
const BIN = path.join(REPO_ROOT, 'bin', 'diene.js');

const names = readdirSync(SAMPLES_DIR, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)
  .sort();

function loadSample(name: string): HostileSample {
  return parse(readFileSync(path.join(SAMPLES_DIR, name, 'sample.yaml'), 'utf8'), { version: '1.2' }) as HostileSample;
}

function matches(actual: Diagnostic, wanted: ExpectedDiagnostic): boolean {
  if (actual.code !== wanted.code) return false;
  for (const key of ['severity', 'file', 'line', 'column'] as const) if (wanted[key] !== undefined && actual[key] !== wanted[key]) return false;
  return wanted.message === undefined || actual.message.includes(wanted.message);
}

/** The codes placed at an entry of the output tree, with no line or column. */
const WHOLE_ENTRY_CODES = new Set(['output_foreign_file', 'output_stale']);

const describeDiagnostic = (d: Diagnostic): string => `${d.file ?? '-'}:${d.line ?? '-'}:${d.column ?? '-'} ${d.severity} ${d.code}: ${d.message}`;

/** Why the CLI cannot run as nobody here (the repository must be readable by it), or undefined. */
function nobodySkipReason(): string | undefined {
  if (process.getuid?.() !== 0) return undefined; // not root: chmod 000 already stops this user
  const probe = spawnSync(process.execPath, ['-e', `require('fs').accessSync(${JSON.stringify(BIN)}, require('fs').constants.R_OK)`], {
    uid: NOBODY,
    gid: NOBODY,
  });
  return probe.status === 0 ? undefined : `running as root, and user nobody (uid ${NOBODY}) cannot read ${BIN}`;
}

const reference = readFleetTexts();

/**
 * Whether `sample` runs in the bounded child: its subject is the heap or time
 * bound (a large generated input, an alias bomb, a FIFO a read would block on
 * for ever) or a uid.
 */
function inChild(sample: HostileSample): boolean {
  return sample.bounded === true || sample.runAs !== undefined || (sample.make ?? []).some((entry) => 'generate' in entry || 'fifo' in entry);
}

describe('the hostile corpus', () => {
  it('has samples', () => {
    expect(names.length).toBeGreaterThan(20);
  });

  for (const name of names) {
    const sample = loadSample(name);
    const skip = sample.runAs === 'nobody' ? nobodySkipReason() : undefined;
    it.skipIf(skipUnlessPresent(skip))(
      `${name}: ${sample.description}${inChild(sample) ? ' (bounded child)' : ''}${skip ? ` (skipped: ${skip})` : ''}`,
      async () => {
        const base = sample.base === 'empty' ? new Map<string, string>() : reference;
        const fleet =
          sample.base === 'empty' && !sample.files && !sample.bytes
            ? { dir: mkdtempSync(path.join(tmpdir(), 'diene-fleet-')), cleanup: () => undefined }
            : writeTempFleet(
                overlayTexts(base, sample.files ?? {}),
                Object.fromEntries(Object.entries(sample.bytes ?? {}).map(([file, base64]) => [file, Buffer.from(base64, 'base64')])),
              );
        try {
          makeEntries(fleet.dir, sample.make);
          if (sample.runAs === 'nobody') {
            spawnSync('chmod', ['-R', 'a+rwX', fleet.dir]);
            for (const entry of sample.make ?? []) {
              if ('unreadable' in entry) chmodSync(path.join(fleet.dir, entry.path), 0o000);
              if ('directory' in entry && entry.mode !== undefined) chmodSync(path.join(fleet.dir, entry.path), entry.mode);
            }
          }
          const outDir = path.join(fleet.dir, 'generated');
          const before = await readOutputTree(outDir);
          const args = (sample.args ?? ['compile', '--fleet', '{fleet}']).map((a) => a.replaceAll('{fleet}', fleet.dir));
          const argv = [...args, '--format', 'json', '--now', '2026-11-21T00:00:00Z'];
          const run = inChild(sample)
            ? boundedCli(argv, { cwd: fleet.dir, asNobody: sample.runAs === 'nobody' })
            : { ...(await runCliInProcess(argv, { cwd: fleet.dir, env: { FORCE_COLOR: process.env['FORCE_COLOR'] ?? '' } })), signal: null, error: undefined };
          expectNoCrash(run);
          expect(run.exitCode, run.stderr.slice(0, 2000)).toBe(sample.exitCode);
          const diagnostics = jsonDiagnostics(run);
          const listing = diagnostics.map(describeDiagnostic).join('\n');
          for (const wanted of sample.expect)
            expect(
              diagnostics.some((d) => matches(d, wanted)),
              `expected ${JSON.stringify(wanted)}\ngot:\n${listing}`,
            ).toBe(true);
          const unexpected = diagnostics.filter((d) => d.severity === 'error' && !sample.expect.some((wanted) => matches(d, wanted)));
          expect(unexpected.map(describeDiagnostic), 'unexpected errors').toEqual([]);
          // An input is blamed at a position; an entry of the output tree (a file, a folder, a FIFO, a link) is blamed whole.
          for (const d of diagnostics)
            if (d.file !== null && !WHOLE_ENTRY_CODES.has(d.code)) expect(d.line !== null && d.column !== null, describeDiagnostic(d)).toBe(true);
          for (const text of sample.absent ?? []) expect(`${run.stdout}\n${run.stderr}`, `"${text}" was printed`).not.toContain(text);
          if (sample.exitCode === 2) expect(await readOutputTree(outDir)).toEqual(before);
        } finally {
          spawnSync('chmod', ['-R', 'u+rwX', fleet.dir]);
          rmSync(fleet.dir, { recursive: true, force: true });
          fleet.cleanup();
        }
      },
    );
  }
});
