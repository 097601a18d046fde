/**
 * The sample cases of the diagnostics catalog (STYLE.md "Diagnostics"): every
 * folder under test/cases/ is one broken (or warned-about) fleet, written as
 * an overlay on examples/reference, with the diagnostics it must produce.
 * A case passes when every expected diagnostic appears with exactly the given
 * fields, no unexpected error appears, and, when an error is expected, no
 * output is produced (in-process) or the output directory is untouched (CLI).
 * A case with `args` runs the command line's `main` in this process
 * (test/support/run-cli.ts, held to the binary by test/cli/in-process.test.ts);
 * the first case of each command, by name, runs bin/diene.js as a child, so
 * every command's cases are also seen through the binary, and so does every
 * case that needs the process's start (NODE_OPTIONS).
 * The catalog test fails on a code without a case and a case naming a code
 * outside the catalog.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { catalog } from '../compiler/diagnostics/catalog.js';
import type { Diagnostic } from '../compiler/diagnostics/diagnostic.js';
import { compileFleet } from '../compiler/index.js';
import { overlayTexts, readFleetTexts, TEST_NOW_SECONDS, toSourceFiles, writeTempFleet } from './support/fleet-fixture.js';
import { readOutputTree } from '../compiler/adapters/filesystem/output-tree.js';
import { runCli, runCliInProcess } from './support/run-cli.js';
import { formatJson } from '../compiler/diagnostics/format.js';
import { diagnosticsSchemaValidator } from './support/diagnostics-schema.js';
import { makeEntries, type MakeEntry } from './support/make-entries.js';
import { startCaseServer, type CaseServerSpec } from './support/case-servers.js';
import { spawn, spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { startGitHttpServer } from './support/git-http-server.js';

interface ExpectedDiagnostic {
  code: string;
  severity?: string;
  file?: string | null;
  line?: number | null;
  column?: number | null;
  message?: string;
  /** Text the hint must contain (the edit to make). */
  hint?: string;
}

interface SampleCase {
  description: string;
  files?: Record<string, string | null>;
  /** The base revision, as an overlay on examples/reference: compared for permanent identifiers (in-process with the label `base`; on the command line as `{base}`). */
  base?: Record<string, string | null>;
  now?: string;
  args?: string[];
  /** Files written as raw bytes (base64), for inputs that are not valid text. */
  bytes?: Record<string, string>;
  /** Disk entries a text cannot express (symbolic links, FIFOs, generated large files), made after the files; see test/support/make-entries.ts. */
  make?: MakeEntry[];
  exitCode?: number;
  /** A scripted DNS host the CLI talks to (test/support/case-servers.ts); `{server}` in files and args is its address. */
  server?: CaseServerSpec;
  /**
   * The fleet folder as a git repository (for `diene claim set-paths`): every
   * file committed on main, then `after` written over the working tree, then
   * the `make` entries made; with `serve`, a bare clone served over smart HTTP
   * as `{git}`, whose pre-receive hook refuses every push with that message.
   */
  git?: { after?: Record<string, string>; serve?: { refusePush: string } };
  /** The Node release the CLI is told it runs on, as bin/diene.js passes process.versions.node (the case runs in-process). */
  node?: string;
  /** Environment variables of the CLI run (`{fleet}` is replaced by the fleet's folder, `{cache}` by the case's cache folder). */
  env?: Record<string, string>;
  /**
   * Files of the case's own cache folder, `{cache}` in args: a folder named
   * `cache` outside the fleet (a cache inside it is refused), made only when
   * the case gives files or `cacheMake` entries for it.
   */
  cache?: Record<string, string>;
  /** Disk entries of the cache folder (see `make`), made after its files; `.` is the folder itself. */
  cacheMake?: MakeEntry[];
  /** A smaller input budget than the CLI's (in-process cases only), to show the total limits without megabytes of input. */
  budget?: { bytes: number; values: number };
  expect: ExpectedDiagnostic[];
}

const CASES_DIR = path.join(import.meta.dirname, 'cases');
const caseNames = readdirSync(CASES_DIR, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)
  .sort();

function loadCase(name: string): SampleCase {
  return parse(readFileSync(path.join(CASES_DIR, name, 'case.yaml'), 'utf8'), { version: '1.2' }) as SampleCase;
}

function matches(actual: Diagnostic, wanted: ExpectedDiagnostic): boolean {
  if (actual.code !== wanted.code) return false;
  for (const key of ['severity', 'file', 'line', 'column'] as const) {
    if (wanted[key] !== undefined && actual[key] !== wanted[key]) return false;
  }
  if (wanted.message !== undefined && !actual.message.includes(wanted.message)) return false;
  if (wanted.hint !== undefined && !actual.hint.includes(wanted.hint)) return false;
  return true;
}

function describeDiagnostic(d: Diagnostic): string {
  return `${d.file ?? '-'}:${d.line ?? '-'}:${d.column ?? '-'} ${d.severity} ${d.code}: ${d.message} (hint: ${d.hint})`;
}

const validDiagnosticsJson = diagnosticsSchemaValidator();

function checkDiagnostics(diagnostics: Diagnostic[], sample: SampleCase): void {
  // What --format json prints for this case holds to its published schema (schemas/output/diagnostics-v1.schema.json).
  expect(validDiagnosticsJson(JSON.parse(formatJson(diagnostics))), JSON.stringify(validDiagnosticsJson.errors)).toBe(true);
  const listing = diagnostics.map(describeDiagnostic).join('\n');
  for (const wanted of sample.expect) {
    expect(
      diagnostics.some((d) => matches(d, wanted)),
      `expected ${JSON.stringify(wanted)}\ngot:\n${listing}`,
    ).toBe(true);
  }
  const unexpected = diagnostics.filter((d) => d.severity === 'error' && !sample.expect.some((wanted) => matches(d, wanted)));
  expect(unexpected.map(describeDiagnostic), 'unexpected errors').toEqual([]);
}

const reference = readFleetTexts();

function runCliAsync(args: readonly string[], cwd: string, env: Record<string, string>): Promise<{ exitCode: number; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [path.join(import.meta.dirname, '..', 'bin', 'diene.js'), ...args], {
      cwd,
      env: { ...process.env, GITHUB_ACTIONS: '', ...env },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    child.on('error', reject);
    child.on('close', (code) => resolve({ exitCode: code ?? -1, stdout, stderr }));
  });
}

const CASE_GIT = ['-c', 'user.name=case', '-c', 'user.email=case@example.test', '-c', 'commit.gpgsign=false'];

function gitIn(cwd: string, ...args: string[]): void {
  const run = spawnSync('git', [...CASE_GIT, ...args], {
    cwd,
    encoding: 'utf8',
    env: { ...process.env, GIT_AUTHOR_DATE: '2026-11-20T00:00:00Z', GIT_COMMITTER_DATE: '2026-11-20T00:00:00Z' },
  });
  if (run.status !== 0) throw new Error(`git ${args.join(' ')} failed: ${run.error?.message ?? run.stderr}`);
}

/** Makes `dir` a repository per `spec` ({@link SampleCase.git}); the served remote, if any. */
async function gitRepository(dir: string, spec: NonNullable<SampleCase['git']>): Promise<{ url: string; close: () => Promise<void> } | undefined> {
  gitIn(dir, 'init', '-q', '-b', 'main');
  gitIn(dir, 'add', '-A');
  gitIn(dir, 'commit', '-q', '-m', 'the case fleet');
  for (const [file, text] of Object.entries(spec.after ?? {})) writeFileSync(path.join(dir, file), text);
  if (!spec.serve) return undefined;
  const root = mkdtempSync(path.join(tmpdir(), 'diene-case-remote-'));
  gitIn(root, 'clone', '-q', '--bare', dir, 'fleet.git');
  const hook = path.join(root, 'fleet.git', 'hooks', 'pre-receive');
  writeFileSync(hook, `#!/bin/sh\necho ${JSON.stringify(spec.serve.refusePush)} >&2\nexit 1\n`);
  chmodSync(hook, 0o755);
  const server = await startGitHttpServer(root);
  return {
    url: `${server.url}/fleet.git`,
    close: async () => {
      await server.close();
      rmSync(root, { recursive: true, force: true });
    },
  };
}

/** The command a case runs: its first word, and the second for a group (`apply kube`). */
function commandOf(args: readonly string[]): string {
  const words = args.filter((a) => !a.startsWith('-') && !a.includes('{'));
  return ['apply', 'plan', 'claim', 'export'].includes(words[0] ?? '') ? words.slice(0, 2).join(' ') : (words[0] ?? '');
}

/**
 * The cases that run through the binary: the first (by name) of each command,
 * and every case that sets NODE_OPTIONS (a module loaded at the process's
 * start, which an in-process run does not have). The others run in-process.
 */
const throughBinary = new Set<string>();
{
  const seen = new Set<string>();
  for (const name of caseNames) {
    const sample = loadCase(name);
    if (!sample.args) continue;
    // A case that plays a Node release runs in-process: the binary passes the release it runs on.
    if (sample.node !== undefined) continue;
    if (!seen.has(commandOf(sample.args)) || sample.env?.['NODE_OPTIONS'] !== undefined) throughBinary.add(name);
    seen.add(commandOf(sample.args));
  }
}

describe('sample cases', () => {
  it('run the first case of each command through the binary', () => {
    expect(throughBinary.size).toBeGreaterThanOrEqual(10);
  });

  for (const name of caseNames) {
    const sample = loadCase(name);
    const expectsError = sample.expect.some((d) => (d.severity ?? catalog[d.code as keyof typeof catalog]?.severity) === 'error');
    // A refused change against the base leaves a valid fleet: it compiles, the CLI refuses the change.
    const expectsInputError = sample.expect.some(
      (d) =>
        (d.severity ?? catalog[d.code as keyof typeof catalog]?.severity) === 'error' &&
        !d.code.startsWith('permanent_') &&
        d.code !== 'cluster_removed_with_traffic',
    );
    it(`${name}: ${sample.description}${throughBinary.has(name) ? ' (bin/diene.js)' : ''}`, async () => {
      const texts = overlayTexts(reference, sample.files ?? {});
      const nowSeconds = sample.now ? Math.floor(Date.parse(sample.now) / 1000) : TEST_NOW_SECONDS;
      if (!sample.args) {
        const base = sample.base ? { base: { files: toSourceFiles(overlayTexts(reference, sample.base)), label: 'base' } } : {};
        const result = compileFleet(toSourceFiles(texts), { nowSeconds, ...(sample.budget ? { budget: sample.budget } : {}), ...base });
        checkDiagnostics([...result.diagnostics, ...(result.permanence ?? [])], sample);
        expect(result.outputs === undefined).toBe(expectsInputError);
        return;
      }
      const server = sample.server ? await startCaseServer(sample.server) : undefined;
      if (server) for (const [file, text] of texts) texts.set(file, text.replaceAll('{server}', server.address));
      const fleet = writeTempFleet(
        texts,
        Object.fromEntries(Object.entries(sample.bytes ?? {}).map(([file, base64]) => [file, Buffer.from(base64, 'base64')])),
      );
      const remote = sample.git ? await gitRepository(fleet.dir, sample.git) : undefined;
      makeEntries(fleet.dir, sample.make);
      const cacheRoot = mkdtempSync(path.join(tmpdir(), 'diene-case-cache-'));
      const cacheDir = path.join(cacheRoot, 'cache');
      for (const [file, text] of Object.entries(sample.cache ?? {})) {
        mkdirSync(path.dirname(path.join(cacheDir, file)), { recursive: true });
        writeFileSync(path.join(cacheDir, file), text);
      }
      makeEntries(cacheDir, sample.cacheMake);
      const baseFleet = sample.base ? writeTempFleet(overlayTexts(reference, sample.base)) : undefined;
      try {
        const args = sample.args.map((a) =>
          a
            .replaceAll('{fleet}', fleet.dir)
            .replaceAll('{cache}', cacheDir)
            .replaceAll('{server}', server?.address ?? '{server}')
            .replaceAll('{base}', baseFleet?.dir ?? '{base}')
            .replaceAll('{git}', remote?.url ?? '{git}'),
        );
        const outDir = path.join(fleet.dir, 'generated');
        const before = await readOutputTree(outDir);
        const env = Object.fromEntries(
          Object.entries(sample.env ?? {}).map(([name, value]) => [name, value.replaceAll('{fleet}', fleet.dir).replaceAll('{cache}', cacheDir)]),
        );
        const argv = [...args, '--format', 'json', ...(sample.now ? ['--now', sample.now] : ['--now', '2026-11-21T00:00:00Z'])];
        // With a server (or git remote) in this process, the CLI runs without blocking the event loop that answers it.
        const run = !throughBinary.has(name)
          ? await runCliInProcess(argv, { cwd: fleet.dir, env, ...(sample.node !== undefined ? { node: sample.node } : {}) })
          : server || remote
            ? await runCliAsync(argv, fleet.dir, env)
            : runCli(argv, { cwd: fleet.dir, env });
        const stream = run.stdout.startsWith('[') ? run.stdout : run.stderr;
        const diagnostics = JSON.parse(stream.slice(stream.indexOf('['), stream.lastIndexOf(']') + 1) || '[]') as Diagnostic[];
        expect(validDiagnosticsJson(diagnostics), JSON.stringify(validDiagnosticsJson.errors)).toBe(true);
        checkDiagnostics(diagnostics, sample);
        if (sample.exitCode !== undefined) expect(run.exitCode).toBe(sample.exitCode);
        if (expectsError) expect(await readOutputTree(outDir)).toEqual(before);
      } finally {
        fleet.cleanup();
        rmSync(cacheRoot, { recursive: true, force: true });
        await server?.close();
        await remote?.close();
        baseFleet?.cleanup();
      }
    });
  }
});

describe('the diagnostics catalog', () => {
  const codes = Object.keys(catalog);
  const covered = new Set(caseNames.flatMap((name) => loadCase(name).expect.map((d) => d.code)));

  it('is sorted by code', () => {
    expect(codes).toEqual([...codes].sort());
  });

  it('has a sample case for every code', () => {
    expect(codes.filter((code) => !covered.has(code))).toEqual([]);
  });

  it('names only catalog codes in sample cases', () => {
    expect([...covered].filter((code) => !codes.includes(code))).toEqual([]);
  });

  it('has a case.yaml in every case folder', () => {
    expect(caseNames.filter((name) => !existsSync(path.join(CASES_DIR, name, 'case.yaml')))).toEqual([]);
  });

  it('has codes in snake_case', () => {
    expect(codes.filter((code) => !/^[a-z][a-z0-9]*(_[a-z0-9]+)+$/.test(code))).toEqual([]);
  });
});
