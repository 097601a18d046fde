// The GitHub Action's entry (action.yml, `runs.using: node24`): the runner
// runs this file from the action's checkout, with no install step. It reads
// the inputs (INPUT_* variables) and refuses a wrong one before diene runs,
// in the action's terms (`with: fleet: …`), as an error annotation and a line
// in the job summary. It runs diene (bin/diene.js, which runs the command
// line's bundle, bundle/diene.mjs: both committed) with the inputs as
// arguments, and writes the step's outputs to $GITHUB_OUTPUT. diene itself
// writes the annotations, the SARIF log and the job summary
// ($GITHUB_STEP_SUMMARY). The step's exit code is diene's: 0 fresh or valid,
// 1 stale, 2 invalid (or a refused input: result error).
// Nothing but node: built-ins is imported, so nothing needs installing.

import { spawn } from 'node:child_process';
import { appendFileSync, closeSync, existsSync, openSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const BIN = fileURLToPath(new URL('../bin/diene.js', import.meta.url));
const INVALID = 2;
/** The values of the format input, as action.yml describes them. */
const FORMATS = ['github', 'sarif', 'text'];

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

/** Text as a workflow command's data (the toolkit's escapeData): `%`, CR and LF escaped, so a value cannot end the command. */
function commandData(text) {
  return text.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
}

/**
 * Text as literal Markdown for the job summary, as compiler/report/markdown-text.ts makes it (which this file cannot import):
 * HTML as entities, inline punctuation escaped, mentions, references and links broken by a zero-width space.
 */
function markdownText(text) {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/[\\`*_[\]!()~|#]/g, (c) => `\\${c}`)
    .replace(/@/g, '@\u200b')
    .replace(/#/g, '#\u200b')
    .replace(/:\/\//g, ':\u200b//')
    .replace(/\b(www)\./gi, '$1\u200b.')
    .replace(/\$/g, '&#36;');
}

/** Appends a section to the job summary ($GITHUB_STEP_SUMMARY), ending with a blank line as diene's own sections do. */
function appendSummary(markdown) {
  const file = process.env['GITHUB_STEP_SUMMARY'];
  if (file) appendFileSync(file, `${markdown}\n\n`);
}

/** Refuses the step for a wrong input: an error annotation and a summary line saying which `with:` input to fix, the error outputs, exit 2. */
function refuse(message) {
  process.stdout.write(`::error title=diene action::${commandData(message)}\n`);
  appendSummary(`### diene action: refused\n\n${markdownText(message)}`);
  setOutputs({ 'exit-code': String(INVALID), result: 'error', 'sarif-file': '' });
  process.exitCode = INVALID;
}

/** Why `fleet` (relative to the workspace `cwd`) is not a fleet's folder, in the action's terms; `undefined` when it is one. */
function fleetProblem(cwd, fleet) {
  const folder = path.resolve(cwd, fleet);
  const fix = 'name the folder holding registry/fleet.yaml, relative to the workspace (. for its root)';
  if (!statSync(folder, { throwIfNoEntry: false })?.isDirectory()) return `with: fleet: "${fleet}" is not a folder in the workspace: ${fix}`;
  if (existsSync(path.join(folder, 'registry', 'fleet.yaml'))) return undefined;
  // A fleet one folder down is the usual slip (the fleet in a folder of the repository, the input left at .).
  const below = readdirSync(folder, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && existsSync(path.join(folder, entry.name, 'registry', 'fleet.yaml')))
    .map((entry) => path.posix.join(fleet === '.' ? '' : fleet, entry.name))
    .sort();
  const seen = below.length > 0 ? `; ${below.join(', ')} ${below.length === 1 ? 'holds' : 'hold'} one (write fleet: ${below[0]})` : '';
  return `with: fleet: "${fleet}" holds no registry/fleet.yaml: ${fix}${seen}`;
}

/** How much of diene's stderr is kept: a refusal of the arguments is its first line. */
const STDERR_HEAD = 64 * 1024;

/**
 * When diene (exit 2) refused the arguments the inputs made rather than the fleet: why, in the action's terms; else `undefined`.
 * Its refusals print `diene: error CODE:` first: usage_… for an argument (a diene input naming a diene that lacks an option),
 * output_location_… for the out input (a folder inside the fleet's inputs, …).
 */
function argumentsRefused(stderr, out) {
  const code = /^diene: error ((?:usage|output_location)_[a-z_]+):/m.exec(stderr)?.[1];
  if (code === undefined) return undefined;
  if (code.startsWith('output_location_'))
    return `with: out: "${out}" is not a folder diene compares (${code}, the job log says why): name a folder outside the fleet's input folders, or leave it empty for generated/ in the fleet`;
  return `diene refused the arguments these inputs make (${code}, the job log says which): check each with: input against action.yml; with: diene: must name a diene that has them`;
}

async function run() {
  const inputs = Object.fromEntries(['fleet', 'out', 'command', 'format', 'sarif-file', 'strict', 'diene'].map((name) => [name, input(name)]));
  for (const [name, value] of Object.entries(inputs)) {
    // A line break would start another output line or workflow command; no input needs a control character. The value is not repeated.
    if (/[\u0000-\u001f\u007f]/.test(value))
      return refuse(`with: ${name}: holds a line break or another control character: no input of this action takes one, write the value on one line`);
  }
  const { out, command, strict, diene } = inputs;
  const fleet = inputs.fleet || '.';
  const format = inputs.format || 'github';
  const sarifFile = inputs['sarif-file'];
  const cwd = process.env['GITHUB_WORKSPACE'] || process.cwd();
  if (command !== 'check' && command !== 'validate') return refuse(`with: command: "${command}" is not a command of this action: write check or validate`);
  const notFleet = fleetProblem(cwd, fleet);
  if (notFleet !== undefined) return refuse(notFleet);
  if (!FORMATS.includes(format))
    return refuse(`with: format: "${format}" is not a format of this action: write ${FORMATS.slice(0, -1).join(', ')} or ${FORMATS.at(-1)}`);
  if (strict !== 'true' && strict !== 'false' && strict !== '') return refuse(`with: strict: "${strict}" is not a setting of strict: write true or false`);
  if (format === 'sarif' && sarifFile === '')
    return refuse('with: sarif-file: is empty: with format: sarif, name the file the SARIF log is written to (e.g. diene.sarif)');

  // `--name=value`: a value that starts with `-` stays a value.
  const args = command === 'check' ? ['compile', '--check', `--fleet=${fleet}`] : ['validate', `--fleet=${fleet}`];
  if (command === 'check' && out !== '') args.push(`--out=${out}`);
  if (strict === 'true') args.push('--strict');
  args.push(`--format=${format}`);
  // compile --check writes the SARIF log to --output; validate prints it on stdout, which goes to the file.
  if (format === 'sarif' && command === 'check') args.push(`--output=${sarifFile}`);

  // The diene input: a command split on spaces (npx --no-install diene, a pinned install); else this action's own bundle.
  const [program, ...prefix] = diene === '' ? [process.execPath, BIN] : diene.split(/ +/);
  // The inputs reach diene as arguments only; the child gets the job's environment without them.
  const env = Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith('INPUT_')));
  const sarifOut = format === 'sarif' && command === 'validate' ? openSync(path.resolve(cwd, sarifFile), 'w') : undefined;
  // diene's stderr is passed on as it comes; its start is kept to tell a refusal of the arguments from an invalid fleet.
  let head = '';
  const ran = await new Promise((resolve) => {
    const child = spawn(program, [...prefix, ...args], { cwd, env, stdio: ['ignore', sarifOut ?? 'inherit', 'pipe'] });
    child.stderr.on('data', (chunk) => {
      process.stderr.write(chunk);
      if (head.length < STDERR_HEAD) head += chunk.toString('utf8');
    });
    child.on('error', (error) => resolve({ error }));
    child.on('close', (status) => resolve({ status }));
  }).finally(() => {
    if (sarifOut !== undefined) closeSync(sarifOut);
  });
  if (ran.error) {
    process.stdout.write(`::error title=diene action::${commandData(`could not run ${program}: ${ran.error.message}`)}\n`);
    setOutputs({ 'exit-code': String(INVALID), result: 'error', 'sarif-file': '' });
    process.exitCode = INVALID;
    return;
  }
  const status = ran.status ?? INVALID;
  const refusal = status === INVALID ? argumentsRefused(head, out) : undefined;
  if (refusal !== undefined) return refuse(refusal);
  const result =
    { '0:check': 'fresh', '0:validate': 'valid', '1:check': 'stale', '2:check': 'invalid', '2:validate': 'invalid' }[`${status}:${command}`] ?? 'error';
  setOutputs({ 'exit-code': String(status), result, 'sarif-file': format === 'sarif' ? sarifFile : '' });
  process.exitCode = status;
}

await run();
