/**
 * The composite GitHub Action (action.yml at the root), run the way a runner
 * runs it, without a runner: each step's `run:` script goes to
 * `bash --noprofile --norc -eo pipefail` (what `shell: bash` means), with the
 * `${{ … }}` expressions the action uses expanded (inputs, the action's path,
 * env, and the steps' outputs for the action's outputs) and any other
 * expression or step key refused, so an untested addition fails here; the
 * GITHUB_OUTPUT, GITHUB_ENV and GITHUB_STEP_SUMMARY files are read back as
 * the runner reads them. It runs against a copy of the bundled example fleet.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { readFleetTexts, REPO_ROOT, writeTempFleet } from '../support/fleet-fixture.js';
import { runCli } from '../support/run-cli.js';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const action = parse(readFileSync(path.join(REPO_ROOT, 'action.yml'), 'utf8')) as Json;
const NOW = ['--now', '2026-11-21T00:00:00Z'];
const STEP_KEYS = new Set(['name', 'id', 'shell', 'env', 'run']);

const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup();
});

/** The values of a GITHUB_OUTPUT or GITHUB_ENV file: `name=value` lines and `name<<DELIMITER` blocks. */
function readCommandFile(file: string): Record<string, string> {
  const lines = readFileSync(file, 'utf8').split('\n');
  const values: Record<string, string> = {};
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] as string;
    if (line === '') continue;
    const block = /^([^=<]+)<<(.+)$/.exec(line);
    if (block) {
      const end = lines.indexOf(block[2] as string, i + 1);
      if (end === -1) throw new Error(`unterminated ${block[1]}<<${block[2]} in ${file}`);
      values[block[1] as string] = lines.slice(i + 1, end).join('\n');
      i = end;
      continue;
    }
    const at = line.indexOf('=');
    if (at <= 0) throw new Error(`not a name=value line in ${file}: ${line}`);
    values[line.slice(0, at)] = line.slice(at + 1);
  }
  return values;
}

interface Context {
  inputs: Record<string, string>;
  env: Record<string, string>;
  steps: Record<string, Record<string, string>>;
}

/** `text` with each `${{ expression }}` the action may use replaced; any other expression throws. */
function expand(text: string, context: Context, allowSteps: boolean): string {
  return text.replace(/\$\{\{\s*(.*?)\s*\}\}/g, (_whole, expression: string) => {
    let m: RegExpExecArray | null;
    if ((m = /^inputs\.([A-Za-z0-9_-]+)$/.exec(expression))) {
      if (!((m[1] as string) in action.inputs)) throw new Error(`undeclared input in \${{ ${expression} }}`);
      return context.inputs[m[1] as string] as string;
    }
    if (expression === 'github.action_path') return REPO_ROOT;
    if ((m = /^env\.([A-Za-z_][A-Za-z0-9_]*)$/.exec(expression))) return context.env[m[1] as string] ?? '';
    if (allowSteps && (m = /^steps\.([A-Za-z0-9_-]+)\.outputs\.([A-Za-z0-9_-]+)$/.exec(expression)))
      return context.steps[m[1] as string]?.[m[2] as string] ?? '';
    throw new Error(`the test harness does not know the expression \${{ ${expression} }}`);
  });
}

interface ActionRun {
  exitCode: number;
  outputs: Record<string, string>;
  summary: string;
  log: string;
  /** The job's environment after the steps (with what they added through GITHUB_ENV). */
  env: Record<string, string>;
}

/** Runs action.yml's steps in `workspace` with `with` as inputs, as a runner would, and returns what the runner would see. */
function runAction(workspace: string, withInputs: Record<string, string>, extraEnv: Record<string, string> = {}): ActionRun {
  const unknown = Object.keys(withInputs).filter((name) => !(name in action.inputs));
  if (unknown.length) throw new Error(`inputs the action does not declare: ${unknown.join(', ')}`);
  const inputs = Object.fromEntries(
    Object.entries(action.inputs as Record<string, Json>).map(([name, spec]) => [name, withInputs[name] ?? String(spec.default ?? '')]),
  );
  const runner = mkdtempSync(path.join(tmpdir(), 'diene-runner-'));
  cleanups.push(() => rmSync(runner, { recursive: true, force: true }));
  const summary = path.join(runner, 'step-summary.md');
  writeFileSync(summary, '');
  const context: Context = {
    inputs,
    // A runner's environment: no diene on the PATH unless a test puts one there.
    env: {
      PATH: `${path.dirname(process.execPath)}:/usr/bin:/bin`,
      HOME: runner,
      GITHUB_ACTIONS: 'true',
      GITHUB_WORKSPACE: workspace,
      GITHUB_ACTION_PATH: REPO_ROOT,
      ...extraEnv,
    },
    steps: {},
  };
  let log = '';
  let exitCode = 0;
  for (const [index, step] of (action.runs.steps as Json[]).entries()) {
    const keys = Object.keys(step).filter((key) => !STEP_KEYS.has(key));
    if (keys.length) throw new Error(`step ${index} uses ${keys.join(', ')}, which the test harness does not run`);
    expect(step.shell).toBe('bash');
    const output = path.join(runner, `output-${index}`);
    const envFile = path.join(runner, `env-${index}`);
    writeFileSync(output, '');
    writeFileSync(envFile, '');
    const stepEnv = Object.fromEntries(
      Object.entries((step.env ?? {}) as Record<string, string>).map(([name, value]) => [name, expand(String(value), context, false)]),
    );
    const script = path.join(runner, `step-${index}.sh`);
    writeFileSync(script, expand(step.run as string, context, false));
    const run = spawnSync('bash', ['--noprofile', '--norc', '-eo', 'pipefail', script], {
      cwd: workspace,
      env: { ...context.env, ...stepEnv, GITHUB_OUTPUT: output, GITHUB_ENV: envFile, GITHUB_STEP_SUMMARY: summary },
      encoding: 'utf8',
      timeout: 120_000,
    });
    log += run.stdout + run.stderr;
    if (step.id) context.steps[step.id as string] = readCommandFile(output);
    Object.assign(context.env, readCommandFile(envFile));
    exitCode = run.status ?? -1;
    if (exitCode !== 0) break;
  }
  const outputs = Object.fromEntries(
    Object.entries(action.outputs as Record<string, Json>).map(([name, spec]) => [name, expand(String(spec.value), context, true)]),
  );
  return { exitCode, outputs, summary: readFileSync(summary, 'utf8'), log, env: context.env };
}

/** A workspace: a git repository holding a copy of the bundled example fleet (at its root, or in the folder `sub`), compiled. */
function workspace(sub = ''): string {
  const copy = writeTempFleet(new Map([...readFleetTexts()].map(([file, text]) => [path.posix.join(sub, file), text])));
  cleanups.push(copy.cleanup);
  expect(spawnSync('git', ['init', '-q'], { cwd: copy.dir }).status).toBe(0);
  expect(runCli(['compile', '--fleet', path.join(copy.dir, sub), ...NOW]).exitCode).toBe(0);
  return copy.dir;
}

describe('action.yml', () => {
  it('is a composite action whose steps use only what the harness runs, and every input it declares', () => {
    expect(action.runs.using).toBe('composite');
    const text = readFileSync(path.join(REPO_ROOT, 'action.yml'), 'utf8');
    const used = new Set([...text.matchAll(/\$\{\{\s*inputs\.([A-Za-z0-9_-]+)\s*\}\}/g)].map((m) => m[1]));
    expect([...used].sort()).toEqual(Object.keys(action.inputs).sort());
    // run scripts read inputs through env only: an input's text is never pasted into a script
    for (const step of action.runs.steps as Json[]) expect(step.run).not.toMatch(/\$\{\{/);
  });

  it('passes on a fresh fleet, building nothing when the action already holds a built diene; writes the outputs and the summary', () => {
    const dir = workspace();
    const run = runAction(dir, {});
    expect(run.exitCode, run.log).toBe(0);
    expect(run.outputs).toEqual({ 'exit-code': '0', result: 'fresh', 'sarif-file': '' });
    expect(run.summary).toMatch(/^### diene compile --check: passed\n\nfresh: the \d+ generated files match what the inputs produce\n/);
    expect(run.env['DIENE_CLI']).toBe(`node ${REPO_ROOT}/bin/diene.js`);
  });

  it('fails on a stale output with an annotation on the file and the outputs and summary saying so', () => {
    const dir = workspace();
    writeFileSync(path.join(dir, 'generated', 'platforms', 'nitroso.yaml'), 'stale: true\n');
    const run = runAction(dir, { diene: `${process.execPath} ${path.join(REPO_ROOT, 'bin', 'diene.js')}` });
    expect(run.exitCode).toBe(1);
    expect(run.outputs).toEqual({ 'exit-code': '1', result: 'stale', 'sarif-file': '' });
    // edited by hand: the refusal compile would give, not "run diene compile"
    expect(run.log).toContain('::error file=generated/platforms/nitroso.yaml,title=output_foreign_file::');
    expect(run.summary).toContain('### diene compile --check: failed');
    expect(run.summary).toContain('| error | `output_foreign_file` | `generated/platforms/nitroso.yaml` |');
  });

  it('with format sarif writes the log where sarif-file says, for check and for validate, and names it in the outputs', () => {
    const dir = workspace('fleet');
    const fleet = path.join(dir, 'fleet');
    writeFileSync(path.join(fleet, 'generated', 'kargo', 'extra.yaml'), 'extra: true\n');
    const check = runAction(dir, { fleet: 'fleet', format: 'sarif', 'sarif-file': 'check.sarif' });
    expect(check.exitCode).toBe(1);
    expect(check.outputs).toEqual({ 'exit-code': '1', result: 'stale', 'sarif-file': 'check.sarif' });
    const log = JSON.parse(readFileSync(path.join(dir, 'check.sarif'), 'utf8')) as Json;
    // a file added by hand: compile's refusal
    const stale = (log.runs[0].results as Json[]).filter((r) => r.ruleId === 'output_foreign_file');
    expect(stale.map((r) => r.locations[0].physicalLocation.artifactLocation.uri)).toEqual(['fleet/generated/kargo/extra.yaml']);
    expect(check.log).not.toMatch(/^::error/m); // SARIF replaces the annotations

    const validate = runAction(dir, { fleet: 'fleet', command: 'validate', format: 'sarif' });
    expect(validate.exitCode, validate.log).toBe(0);
    expect(validate.outputs).toEqual({ 'exit-code': '0', result: 'valid', 'sarif-file': 'diene.sarif' });
    const valid = JSON.parse(readFileSync(path.join(dir, 'diene.sarif'), 'utf8')) as Json;
    expect(
      (valid.runs[0].results as Json[]).every(
        (r) => r.level === 'warning' && String(r.locations[0].physicalLocation.artifactLocation.uri).startsWith('fleet/'),
      ),
    ).toBe(true);
    expect(validate.summary).toContain('### diene validate: passed');
  });

  it('with strict: true passes --strict, so a warning fails the step (exit 2, result invalid); other values are refused', () => {
    const dir = workspace();
    // The reference fleet's generated files are fresh; its warnings pass by default and fail under strict.
    const loose = runAction(dir, { command: 'validate', format: 'text' });
    expect(loose.exitCode, loose.log).toBe(0);
    const strict = runAction(dir, { command: 'validate', format: 'text', strict: 'true' });
    expect(strict.exitCode).toBe(2);
    expect(strict.outputs).toEqual({ 'exit-code': '2', result: 'invalid', 'sarif-file': '' });
    expect(strict.log).toMatch(/\n0 errors, \d+ warnings — failed: --strict treats warnings as errors\n/);
    expect(strict.summary).toContain('### diene validate: failed');
    const check = runAction(dir, { strict: 'true' });
    expect(check.exitCode).toBe(2);
    expect(check.outputs.result).toBe('invalid');
    expect(check.summary).toMatch(
      /### diene compile --check: failed\n\nfresh: the \d+ generated files match what the inputs produce, but --strict treats warnings as errors: \d+ warnings fail it\n/,
    );
    const wrong = runAction(dir, { strict: 'yes' });
    expect(wrong.exitCode).toBe(2);
    expect(wrong.outputs).toEqual({ 'exit-code': '2', result: 'error', 'sarif-file': '' });
    expect(wrong.log).toContain('the strict input must be true or false');
  });

  it('uses diene from the PATH when there is one, and refuses a command it does not know', () => {
    const dir = workspace();
    const bin = mkdtempSync(path.join(tmpdir(), 'diene-bin-'));
    cleanups.push(() => rmSync(bin, { recursive: true, force: true }));
    const marker = path.join(bin, 'ran');
    writeFileSync(
      path.join(bin, 'diene'),
      `#!/bin/sh\necho "$@" > '${marker}'\nexec '${process.execPath}' '${path.join(REPO_ROOT, 'bin', 'diene.js')}' "$@"\n`,
      { mode: 0o755 },
    );
    const run = runAction(dir, { command: 'validate', format: 'text' }, { PATH: `${bin}:${path.dirname(process.execPath)}:/usr/bin:/bin` });
    expect(run.exitCode, run.log).toBe(0);
    expect(run.env['DIENE_CLI']).toBe('diene');
    // the last call, after the probe that checked it runs compile
    expect(readFileSync(marker, 'utf8')).toBe('validate --fleet . --format text\n');
    expect(run.outputs.result).toBe('valid');

    const wrong = runAction(dir, { command: 'compile' });
    expect(wrong.exitCode).toBe(2);
    expect(wrong.outputs).toEqual({ 'exit-code': '2', result: 'error', 'sarif-file': '' });
    expect(wrong.log).toContain('the command input must be check or validate');
  });

  it("skips a render-only diene on the PATH (the plugin image's) for the action's own copy", () => {
    const dir = workspace();
    const bin = mkdtempSync(path.join(tmpdir(), 'diene-bin-'));
    cleanups.push(() => rmSync(bin, { recursive: true, force: true }));
    const calls = path.join(bin, 'calls');
    // answers every command but render as the plugin bundle's stubs do (test/cli/render-bundle.test.ts checks the real one)
    const stub = [
      '#!/bin/sh',
      `echo "$*" >> '${calls}'`,
      'case "$1" in render|--version|--help) exit 0 ;; esac',
      `echo '[{"severity":"error","code":"usage_command_not_in_image","message":"diene '"$1"' is not in the ArgoCD plugin image, which runs diene render only"}]' >&2`,
      'exit 2',
      '',
    ].join('\n');
    writeFileSync(path.join(bin, 'diene'), stub, { mode: 0o755 });
    const run = runAction(dir, { format: 'text' }, { PATH: `${bin}:${path.dirname(process.execPath)}:/usr/bin:/bin` });
    expect(run.exitCode, run.log).toBe(0);
    expect(run.env['DIENE_CLI']).toBe(`node ${REPO_ROOT}/bin/diene.js`);
    expect(run.outputs.result).toBe('fresh');
    expect(run.log).toContain("the diene on the PATH runs render only (the plugin image's)");
    // only the probe ran it: compile on an empty folder, nothing else
    expect(readFileSync(calls, 'utf8')).toMatch(/^compile --check --fleet \S+ --format json\n$/);
  });

  it('refuses an expression the harness does not know', () => {
    const context: Context = { inputs: {}, env: {}, steps: {} };
    expect(() => expand('${{ github.token }}', context, false)).toThrow('does not know');
    expect(() => expand('${{ steps.run.outputs.result }}', context, false)).toThrow('does not know');
    expect(() => expand('${{ inputs.nope }}', context, false)).toThrow('undeclared input');
  });
});
