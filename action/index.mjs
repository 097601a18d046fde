// The GitHub Action's entry (action.yml, `runs.using: node24`): the runner
// runs this file from the action's checkout, with no install step. It reads
// the inputs (INPUT_* variables), refuses one that holds a line break or
// another control character, runs diene (bin/diene.js, which runs the command
// line's bundle, bundle/diene.mjs: both committed) with the inputs as arguments, and writes the step's
// outputs to $GITHUB_OUTPUT. diene itself writes the annotations, the SARIF
// log and the job summary ($GITHUB_STEP_SUMMARY). The step's exit code is
// diene's: 0 fresh or valid, 1 stale, 2 invalid (or a refused input).
// Nothing but node: built-ins is imported, so nothing needs installing.

import { spawnSync } from 'node:child_process';
import { appendFileSync, closeSync, openSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const BIN = fileURLToPath(new URL('../bin/diene.js', import.meta.url));
const INVALID = 2;

/** An input as the runner passes it (`with:` or action.yml's default): INPUT_ and the name in upper case, spaces as `_`; surrounding white space dropped. */
function input(name) {
  return (process.env[`INPUT_${name.replace(/ /g, '_').toUpperCase()}`] ?? '').trim();
}

/** Appends `name=value` lines to $GITHUB_OUTPUT (values hold no line break: every input was checked). */
function setOutputs(outputs) {
  const file = process.env['GITHUB_OUTPUT'];
  if (!file) return;
  appendFileSync(
    file,
    Object.entries(outputs)
      .map(([name, value]) => `${name}=${value}\n`)
      .join(''),
  );
}

/** Refuses the step: a message, the error outputs, exit 2. */
function refuse(message) {
  process.stderr.write(`diene action: ${message}\n`);
  setOutputs({ 'exit-code': String(INVALID), result: 'error', 'sarif-file': '' });
  process.exitCode = INVALID;
}

function run() {
  const inputs = Object.fromEntries(['fleet', 'out', 'command', 'format', 'sarif-file', 'strict', 'diene'].map((name) => [name, input(name)]));
  for (const [name, value] of Object.entries(inputs)) {
    // A line break would start another output line or workflow command; no input needs a control character.
    if (/[\u0000-\u001f\u007f]/.test(value)) return refuse(`the ${name} input holds a line break or another control character`);
  }
  const { fleet, out, command, format, strict, diene } = inputs;
  const sarifFile = inputs['sarif-file'];
  if (command !== 'check' && command !== 'validate') return refuse('the command input must be check or validate');
  if (strict !== 'true' && strict !== 'false' && strict !== '') return refuse('the strict input must be true or false');
  if (format === 'sarif' && sarifFile === '') return refuse('the sarif-file input must name a file when format is sarif');

  // `--name=value`: a value that starts with `-` stays a value.
  const args = command === 'check' ? ['compile', '--check', `--fleet=${fleet || '.'}`] : ['validate', `--fleet=${fleet || '.'}`];
  if (command === 'check' && out !== '') args.push(`--out=${out}`);
  if (strict === 'true') args.push('--strict');
  args.push(`--format=${format || 'github'}`);
  // compile --check writes the SARIF log to --output; validate prints it on stdout, which goes to the file.
  if (format === 'sarif' && command === 'check') args.push(`--output=${sarifFile}`);

  // The diene input: a command split on spaces (npx --no-install diene, a pinned install); else this action's own bundle.
  const [program, ...prefix] = diene === '' ? [process.execPath, BIN] : diene.split(/ +/);
  const cwd = process.env['GITHUB_WORKSPACE'] || process.cwd();
  // The inputs reach diene as arguments only; the child gets the job's environment without them.
  const env = Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith('INPUT_')));
  const sarifOut = format === 'sarif' && command === 'validate' ? openSync(path.resolve(cwd, sarifFile), 'w') : undefined;
  let ran;
  try {
    ran = spawnSync(program, [...prefix, ...args], { cwd, env, stdio: ['ignore', sarifOut ?? 'inherit', 'inherit'] });
  } finally {
    if (sarifOut !== undefined) closeSync(sarifOut);
  }
  if (ran.error) {
    process.stderr.write(`diene action: could not run ${program}: ${ran.error.message}\n`);
    setOutputs({ 'exit-code': String(INVALID), result: 'error', 'sarif-file': '' });
    process.exitCode = INVALID;
    return;
  }
  const status = ran.status ?? INVALID;
  const result =
    { '0:check': 'fresh', '0:validate': 'valid', '1:check': 'stale', '2:check': 'invalid', '2:validate': 'invalid' }[`${status}:${command}`] ?? 'error';
  setOutputs({ 'exit-code': String(status), result, 'sarif-file': format === 'sarif' ? sarifFile : '' });
  process.exitCode = status;
}

run();
