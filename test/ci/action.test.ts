/**
 * The GitHub Action (action.yml at the root): a JavaScript action whose entry,
 * action/index.mjs, and the command line's bundle it runs, bundle/diene.mjs,
 * are committed. Each test runs the entry the way a runner does, without a
 * runner: `node` (Node 24, what `runs.using: node24` names) on the entry of a
 * clean checkout (the files a commit of this tree holds: no node_modules, no
 * dist/, nothing installed), the working directory the workspace, each input
 * as an INPUT_<NAME> variable (action.yml's default when `with:` leaves it
 * out), and the GITHUB_OUTPUT, GITHUB_ENV and GITHUB_STEP_SUMMARY files read
 * back as the runner reads them. The fleet is a copy of the bundled example.
 */
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { isInstalled, nodeBinary } from '../../scripts/node-lines-lib.mjs';
import { readFleetTexts, REPO_ROOT, writeTempFleet } from '../support/fleet-fixture.js';
import { runCli } from '../support/run-cli.js';
import { skippedBecause, skipUnlessPresent } from '../support/required.js';

type Json = Record<string, any>;

const action = parse(readFileSync(path.join(REPO_ROOT, 'action.yml'), 'utf8')) as Json;
const NOW = ['--now', '2026-11-21T00:00:00Z'];
const RUNNER_NODE = '24.21.0';

/** The Node the runner runs a node24 action with: this one when it is a 24, else the supported-lines cache's (scripts/node-lines-lib.mjs). */
const runnerNode = Number(process.versions.node.split('.')[0]) === 24 ? process.execPath : isInstalled(RUNNER_NODE) ? nodeBinary(RUNNER_NODE) : undefined;
const missing = runnerNode === undefined ? `Node ${RUNNER_NODE} (run \`node scripts/node-lines.mjs install\`, or the tests on Node 24)` : undefined;
const skip = skipUnlessPresent(missing);

const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup();
});

let checkout = '';
beforeAll(() => {
  // A clean checkout: what a commit of this tree holds (tracked files, and new ones not ignored), nothing built or installed.
  checkout = mkdtempSync(path.join(tmpdir(), 'diene-action-checkout-'));
  const listed = spawnSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], {
    cwd: REPO_ROOT,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  expect(listed.status).toBe(0);
  for (const file of listed.stdout.split('\0').filter(Boolean)) {
    const from = path.join(REPO_ROOT, file);
    if (!existsSync(from)) continue; // deleted in the work tree, not yet committed
    mkdirSync(path.dirname(path.join(checkout, file)), { recursive: true });
    copyFileSync(from, path.join(checkout, file));
  }
});
afterAll(() => {
  if (checkout) rmSync(checkout, { recursive: true, force: true });
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

interface ActionRun {
  exitCode: number;
  outputs: Record<string, string>;
  /** GITHUB_OUTPUT's text as written. */
  outputText: string;
  summary: string;
  log: string;
  /** What the step added to the job's environment through GITHUB_ENV. */
  env: Record<string, string>;
}

/** Runs the action's entry in `workspace` with `with` as inputs, as a runner would, and returns what the runner would see. */
function runAction(workspace: string, withInputs: Record<string, string>, extraEnv: Record<string, string> = {}): ActionRun {
  const unknown = Object.keys(withInputs).filter((name) => !(name in action.inputs));
  if (unknown.length) throw new Error(`inputs the action does not declare: ${unknown.join(', ')}`);
  const runner = mkdtempSync(path.join(tmpdir(), 'diene-runner-'));
  cleanups.push(() => rmSync(runner, { recursive: true, force: true }));
  const files = { GITHUB_OUTPUT: 'output', GITHUB_ENV: 'env', GITHUB_STEP_SUMMARY: 'step-summary.md' };
  for (const name of Object.values(files)) writeFileSync(path.join(runner, name), '');
  // The runner's INPUT_ variables: the name upper-cased, spaces as `_` (a hyphen stays), every declared input set.
  const inputs = Object.fromEntries(
    Object.entries(action.inputs as Record<string, Json>).map(([name, spec]) => [
      `INPUT_${name.replace(/ /g, '_').toUpperCase()}`,
      withInputs[name] ?? String(spec.default ?? ''),
    ]),
  );
  const run = spawnSync(runnerNode as string, [path.join(checkout, action.runs.main as string)], {
    cwd: workspace,
    env: {
      // A runner's environment: no diene on the PATH, no npm_* variables.
      PATH: '/usr/bin:/bin',
      HOME: runner,
      GITHUB_ACTIONS: 'true',
      GITHUB_WORKSPACE: workspace,
      GITHUB_ACTION_PATH: checkout,
      ...Object.fromEntries(Object.entries(files).map(([name, file]) => [name, path.join(runner, file)])),
      ...inputs,
      ...extraEnv,
    },
    encoding: 'utf8',
    timeout: 120_000,
  });
  const outputFile = path.join(runner, files.GITHUB_OUTPUT);
  return {
    exitCode: run.status ?? -1,
    outputs: readCommandFile(outputFile),
    outputText: readFileSync(outputFile, 'utf8'),
    summary: readFileSync(path.join(runner, files.GITHUB_STEP_SUMMARY), 'utf8'),
    log: run.stdout + run.stderr,
    env: readCommandFile(path.join(runner, files.GITHUB_ENV)),
  };
}

/** A workspace: a git repository holding a copy of the bundled example fleet (at its root, or in the folder `sub`), compiled. */
function workspace(sub = ''): string {
  const copy = writeTempFleet(new Map([...readFleetTexts()].map(([file, text]) => [path.posix.join(sub, file), text])));
  cleanups.push(copy.cleanup);
  expect(spawnSync('git', ['init', '-q'], { cwd: copy.dir }).status).toBe(0);
  expect(runCli(['compile', '--fleet', path.join(copy.dir, sub), ...NOW]).exitCode).toBe(0);
  return copy.dir;
}

describe.skipIf(skip)(`action.yml${skippedBecause(missing)}`, () => {
  it('is a node24 JavaScript action whose committed entry runs from a clean checkout with nothing installed', () => {
    expect(action.runs).toEqual({ using: 'node24', main: 'action/index.mjs' });
    expect(existsSync(path.join(checkout, 'action', 'index.mjs'))).toBe(true);
    expect(existsSync(path.join(checkout, 'bundle', 'diene.mjs'))).toBe(true);
    for (const absent of ['node_modules', 'dist']) expect(existsSync(path.join(checkout, absent)), absent).toBe(false);
    // a JavaScript action's outputs are what the step writes, never expressions
    for (const spec of Object.values(action.outputs as Record<string, Json>)) expect(Object.keys(spec)).toEqual(['description']);
  });

  it('passes on a fresh fleet; writes the outputs and the summary, and nothing to the job environment', () => {
    const dir = workspace();
    const run = runAction(dir, {});
    expect(run.exitCode, run.log).toBe(0);
    expect(run.outputs).toEqual({ 'exit-code': '0', result: 'fresh', 'sarif-file': '' });
    expect(run.summary).toMatch(/^### diene compile --check: passed\n\nfresh: the \d+ generated files match what the inputs produce\n/);
    expect(run.env).toEqual({});
  });

  it('fails on a stale output with an annotation on the file and the outputs and summary saying so', () => {
    const dir = workspace();
    writeFileSync(path.join(dir, 'generated', 'platforms', 'nitroso.yaml'), 'stale: true\n');
    const run = runAction(dir, {});
    expect(run.exitCode).toBe(1);
    expect(run.outputs).toEqual({ 'exit-code': '1', result: 'stale', 'sarif-file': '' });
    // edited by hand: the refusal compile would give, not "run diene compile"
    expect(run.log).toContain('::error file=generated/platforms/nitroso.yaml,title=output_foreign_file::');
    expect(run.summary).toContain('### diene compile --check: failed');
    expect(run.summary).toContain('| error | `output_foreign_file` | `generated/platforms/nitroso.yaml` |');
  });

  it('on a stale fleet in a subfolder, the summary suggests the command that fixes it from the workspace, --fleet included, as code', () => {
    const dir = workspace('fleet');
    rmSync(path.join(dir, 'fleet', 'generated', 'platforms', 'nitroso.yaml'));
    const run = runAction(dir, { fleet: 'fleet' });
    expect(run.exitCode, run.log).toBe(1);
    expect(run.outputs).toEqual({ 'exit-code': '1', result: 'stale', 'sarif-file': '' });
    expect(run.summary).toMatch(
      /^### diene compile --check: failed\n\nstale: 1 generated file of \d+ differs from what the inputs produce; run `diene compile --fleet fleet` and commit the result\n/,
    );
    // each missing file's hint says the same command, as code in the table
    expect(run.summary).toContain(
      '| error | `output_stale` | `fleet/generated/platforms/nitroso.yaml` | the generated file fleet/generated/platforms/nitroso.yaml is missing: the inputs produce it, but it is not in the output directory<br>hint: run `diene compile --fleet fleet` and commit the result: the generated files must be what the inputs produce |',
    );
    expect(run.log).toContain('(hint: run `diene compile --fleet fleet` and commit the result');
    // the command it suggests is the one that makes the check pass
    expect(runCli(['compile', '--fleet', 'fleet', ...NOW], { cwd: dir }).exitCode).toBe(0);
    expect(runAction(dir, { fleet: 'fleet' }).outputs.result).toBe('fresh');

    // a folder a shell would split is quoted; the fleet at the root needs no --fleet
    const spaced = workspace('my fleet');
    rmSync(path.join(spaced, 'my fleet', 'generated', 'platforms', 'nitroso.yaml'));
    expect(runAction(spaced, { fleet: 'my fleet' }).summary).toContain("; run `diene compile --fleet 'my fleet'` and commit the result\n");
    const root = workspace();
    rmSync(path.join(root, 'generated', 'platforms', 'nitroso.yaml'));
    expect(runAction(root, {}).summary).toContain('; run `diene compile` and commit the result\n');
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
    expect(valid.runs[0].results.length).toBeGreaterThan(0);
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
  });

  it('refuses a wrong input before running diene: result error, an error annotation and a summary line naming the with: input, the value received and the accepted values', () => {
    const dir = workspace('fleet');
    const cases: [Record<string, string>, string][] = [
      [{ command: 'Check' }, 'with: command: "Check" is not a command of this action: write check or validate'],
      [
        { fleet: 'nope' },
        'with: fleet: "nope" is not a folder in the workspace: name the folder holding registry/fleet.yaml, relative to the workspace (. for its root)',
      ],
      [
        { fleet: 'fleet/registry/fleet.yaml' },
        'with: fleet: "fleet/registry/fleet.yaml" is not a folder in the workspace: name the folder holding registry/fleet.yaml, relative to the workspace (. for its root)',
      ],
      [
        {},
        'with: fleet: "." holds no registry/fleet.yaml: name the folder holding registry/fleet.yaml, relative to the workspace (. for its root); fleet holds one (write fleet: fleet)',
      ],
      [{ fleet: 'fleet', format: 'annotations' }, 'with: format: "annotations" is not a format of this action: write github, sarif or text'],
      [{ fleet: 'fleet', format: 'json' }, 'with: format: "json" is not a format of this action: write github, sarif or text'],
      [{ fleet: 'fleet', strict: 'yes' }, 'with: strict: "yes" is not a setting of strict: write true or false'],
    ];
    for (const [inputs, message] of cases) {
      const run = runAction(dir, inputs);
      expect(run.exitCode, message).toBe(2);
      expect(run.outputs, message).toEqual({ 'exit-code': '2', result: 'error', 'sarif-file': '' });
      expect(run.log, message).toBe(`::error title=diene action::${message}\n`);
      // diene did not run: no "--fleet" or "--format" advice in a command line's terms
      expect(run.log).not.toContain('--');
      expect(run.summary, message).toBe(`### diene action: refused\n\n${message.replace(/\(/g, '\\(').replace(/\)/g, '\\)')}\n\n`);
    }
    // the summary shows the value as the characters it holds, never as Markdown or HTML
    const marked = runAction(dir, { fleet: 'fleet', format: '<b>*x*</b>' });
    expect(marked.summary).toBe(
      '### diene action: refused\n\nwith: format: "&lt;b&gt;\\*x\\*&lt;/b&gt;" is not a format of this action: write github, sarif or text\n\n',
    );
    // a workflow command's data escapes %, so a value cannot spell a line break in the annotation
    expect(runAction(dir, { command: '%0A::warning::x' }).log).toBe(
      '::error title=diene action::with: command: "%250A::warning::x" is not a command of this action: write check or validate\n',
    );
  });

  it('refuses any input holding a line break or another control character: no output, variable or command of its own reaches the runner', () => {
    const dir = workspace();
    for (const name of Object.keys(action.inputs as Json)) {
      const run = runAction(dir, { [name]: `x\nINJECTED=1\n::error::injected` });
      expect(run.exitCode, name).toBe(2);
      expect(run.outputText, name).toBe('exit-code=2\nresult=error\nsarif-file=\n');
      expect(run.env, name).toEqual({});
      const message = `with: ${name}: holds a line break or another control character: no input of this action takes one, write the value on one line`;
      expect(run.log, name).toBe(`::error title=diene action::${message}\n`);
      expect(run.summary, name).toBe(`### diene action: refused\n\n${message}\n\n`);
    }
    expect(runAction(dir, { fleet: '.\r' }).exitCode).toBe(0); // trailing white space is trimmed, as the toolkit's getInput does
    expect(runAction(dir, { out: 'generated\u0007' }).log).toContain('with: out: holds a line break or another control character');
  });

  it('passes the inputs to diene as arguments, each value in its option (a value starting with - stays a value), and runs the diene input when given', () => {
    const dir = workspace();
    const bin = mkdtempSync(path.join(tmpdir(), 'diene-bin-'));
    cleanups.push(() => rmSync(bin, { recursive: true, force: true }));
    const calls = path.join(bin, 'calls');
    // a diene of the fleet repository's own: records its arguments and environment, then runs the bundle
    writeFileSync(
      path.join(bin, 'my-diene'),
      `#!/bin/sh\nprintf '%s\\n' "$@" > '${calls}'\nenv | grep '^INPUT_' >> '${calls}'\nexec '${runnerNode}' '${path.join(checkout, 'bin', 'diene.js')}' "$@"\n`,
      { mode: 0o755 },
    );
    const run = runAction(dir, { command: 'validate', format: 'text', diene: path.join(bin, 'my-diene') });
    expect(run.exitCode, run.log).toBe(0);
    expect(run.outputs.result).toBe('valid');
    expect(readFileSync(calls, 'utf8')).toBe('validate\n--fleet=.\n--format=text\n');

    const dashedDir = workspace('--help');
    const dashed = runAction(dashedDir, { fleet: '--help', out: '-x', diene: path.join(bin, 'my-diene') });
    expect(readFileSync(calls, 'utf8')).toBe('compile\n--check\n--fleet=--help\n--out=-x\n--format=github\n');
    // an out folder that does not exist yet: every generated file is missing from it
    expect(dashed.exitCode, dashed.log).toBe(1);
    expect(dashed.outputs.result).toBe('stale');
  });

  it('reports diene refusing the arguments the inputs make as a refused input (result error), not as an invalid fleet', () => {
    const dir = workspace('fleet');
    // out inside the fleet's inputs: diene refuses the folder before it reads anything
    const inside = runAction(dir, { fleet: 'fleet', out: 'fleet/registry' });
    expect(inside.exitCode).toBe(2);
    expect(inside.outputs).toEqual({ 'exit-code': '2', result: 'error', 'sarif-file': '' });
    expect(inside.log).toContain('diene: error output_location_in_input:');
    const message =
      'with: out: "fleet/registry" is not a folder diene compares (output_location_in_input, the job log says why): name a folder outside the fleet\'s input folders, or leave it empty for generated/ in the fleet';
    expect(inside.log).toContain(`::error title=diene action::${message}\n`);
    expect(inside.summary).toContain(
      '### diene action: refused\n\nwith: out: "fleet/registry" is not a folder diene compares \\(output\\_location\\_in\\_input,',
    );

    // a diene input naming a diene that lacks an option the action passes
    const bin = mkdtempSync(path.join(tmpdir(), 'diene-bin-'));
    cleanups.push(() => rmSync(bin, { recursive: true, force: true }));
    writeFileSync(path.join(bin, 'old-diene'), `#!/bin/sh\nexec '${runnerNode}' '${path.join(checkout, 'bin', 'diene.js')}' "$@" --no-such-option\n`, {
      mode: 0o755,
    });
    const old = runAction(dir, { fleet: 'fleet', diene: path.join(bin, 'old-diene') });
    expect(old.exitCode).toBe(2);
    expect(old.outputs.result).toBe('error');
    expect(old.log).toContain('::error title=diene action::diene refused the arguments these inputs make (usage_option_unknown, the job log says which)');

    // an invalid fleet stays invalid
    writeFileSync(path.join(dir, 'fleet', 'registry', 'fleet.yaml'), 'not: [a fleet\n');
    const invalid = runAction(dir, { fleet: 'fleet' });
    expect(invalid.exitCode).toBe(2);
    expect(invalid.outputs.result).toBe('invalid');
    expect(invalid.log).not.toContain('diene action');
  });
});
