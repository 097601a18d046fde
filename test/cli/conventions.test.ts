/**
 * The command line's conventions, through the real CLI (bin/diene.js):
 * did-you-mean for commands and options, command groups that list their
 * subcommands, usage errors from the catalog with the command's usage line
 * (never Node's parseArgs text), options before or after the command, help
 * for every command and option, -V, bare `diene`, --quiet and
 * --min-severity, colour on a terminal (NO_COLOR, FORCE_COLOR), shell
 * completion, and progress on a terminal only. The checks that go over every
 * command (its help three ways, a usage error, a wrong --format) run the
 * CLI's `main` in this process (test/support/run-cli.ts, held to the binary
 * by test/cli/in-process.test.ts); each test also runs the binary.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { COMMAND_HELPS } from '../../compiler/cli.js';
import { closest, formatChoices, optionsOf } from '../../compiler/cli/help.js';
import { closestName } from '../../compiler/diagnostics/spelling.js';
import type { Diagnostic } from '../../compiler/diagnostics/diagnostic.js';
import { REFERENCE_FLEET, REPO_ROOT, useTempFleets } from '../support/fleet-fixture.js';
import { skippedBecause, skipUnlessPresent } from '../support/required.js';
import { runCli, runCliInProcess, type CliRun } from '../support/run-cli.js';
import { generateFleet } from '../../bench/fleet-generator.mjs';

const BIN = path.join(REPO_ROOT, 'bin', 'diene.js');
const VERSION = (JSON.parse(readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8')) as { version: string }).version;
const scratch = mkdtempSync(path.join(os.tmpdir(), 'diene-conventions-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));
const tempFleet = useTempFleets();

/** Node's own parseArgs error texts, which must never reach a user. */
const NODE_PARSE_TEXT = /ERR_PARSE_ARGS|Unknown option '|argument is ambiguous|To specify an option argument starting with a dash|Unexpected argument '/;

/** The diagnostics of a usage error run (in-process) with `--format json`. */
async function usageJson(args: readonly string[]): Promise<{ run: CliRun; diagnostics: Diagnostic[] }> {
  const run = await runCliInProcess([...args, '--format', 'json']);
  return { run, diagnostics: JSON.parse(run.stdout.startsWith('[') ? run.stdout : run.stderr) as Diagnostic[] };
}

/** Runs diene on a pseudo-terminal (util-linux `script`): stdout and stderr both reach it, merged. */
function onTerminal(args: readonly string[], env: Record<string, string> = {}): CliRun {
  const command = [process.execPath, BIN, ...args].map((a) => `'${a.replace(/'/g, `'\\''`)}'`).join(' ');
  const result = spawnSync('script', ['-qec', command, '/dev/null'], {
    cwd: REPO_ROOT,
    env: { ...process.env, GITHUB_ACTIONS: '', FORCE_COLOR: '', NO_COLOR: '', TERM: 'xterm', ...env },
    encoding: 'utf8',
    input: '',
    timeout: 120_000,
  });
  return { exitCode: result.status ?? -1, stdout: result.stdout, stderr: result.stderr };
}

const ESC = '\u001b[';

describe('usage errors', () => {
  it('get a GitHub annotation under --format github and in a GitHub Actions job, as every diagnostic does', () => {
    const annotation = /^::error title=usage_option_unknown::diene compile has no option --bogus \(hint: usage: diene compile /m;
    const flagged = runCli(['compile', '--bogus', '--format', 'github']);
    expect(flagged.exitCode).toBe(2);
    expect(flagged.stderr).toContain('diene: error usage_option_unknown: diene compile has no option --bogus');
    expect(flagged.stderr).toMatch(annotation);
    const inJob = runCli(['compile', '--bogus'], { env: { GITHUB_ACTIONS: 'true' } });
    expect(inJob.stderr).toMatch(annotation);
    // Elsewhere in text form: no workflow command.
    expect(runCli(['compile', '--bogus']).stderr).not.toContain('::error');
  });

  it('suggest the nearest command: `diene compil` → did you mean `diene compile`', () => {
    const run = runCli(['compil']);
    expect(run.exitCode).toBe(2);
    expect(run.stdout).toBe('');
    expect(run.stderr).toContain('diene: error usage_command_unknown: unknown command "compil"');
    expect(run.stderr).toContain('hint: did you mean `diene compile`?');
    expect(runCli(['kube']).stderr).toContain('did you mean `diene apply kube`?');
    expect(runCli(['apply', 'kub']).stderr).toContain(
      'error usage_subcommand_unknown: diene apply has no subcommand "kub"\n  hint: did you mean `diene apply kube`?',
    );
    expect(runCli(['xyzzy']).stderr).not.toContain('did you mean');
  });

  it('take a swap of two neighbouring letters as one edit, as the catalog does: `diene compiel`, `--flete`', () => {
    expect(runCli(['compiel']).stderr).toContain('error usage_command_unknown: unknown command "compiel"\n  hint: did you mean `diene compile`?');
    expect(runCli(['apply', 'kbue']).stderr).toContain('hint: did you mean `diene apply kube`?');
    expect(runCli(['compile', '--flete', REFERENCE_FLEET]).stderr).toContain('has no option --flete\n  hint: did you mean --fleet?');
  });

  it("suggest by the catalog's rules (diagnostics/spelling.ts), then by a unique start", () => {
    const commands = COMMAND_HELPS.map((help) => help.name.split(' ')[0] as string);
    for (const word of ['comple', 'compiel', 'rendr', 'vaildate', 'simulaet', 'xyzzy', 'completoin', 'xompxetixn', 'co'])
      expect(closest(word, commands), word).toBe(closestName(word, commands));
    // Three edits are too many however long the word (the front end once allowed a third of its length).
    expect(closest('xompxetixn', ['completion'])).toBeUndefined();
    // Fewer edits win; a start that fits one command only is a suggestion too.
    expect(closest('rendr', ['render', 'report'])).toBe('render');
    expect(closest('mater', commands)).toBe('materialize');
  });

  it('suggest the nearest option: `--fleeet` → did you mean --fleet, with the usage line of the command', () => {
    const run = runCli(['compile', '--fleeet', REFERENCE_FLEET]);
    expect(run.exitCode).toBe(2);
    expect(run.stderr).toContain(
      'error usage_option_unknown: diene compile has no option --fleeet\n  hint: did you mean --fleet?\n\nusage: diene compile [--fleet DIR]',
    );
    // an option of another command says whose it is
    expect(runCli(['validate', '--platform', 'mercury']).stderr).toContain('--platform is an option of diene render and diene apply kube');
  });

  it('list the subcommands of a group named alone: apply, plan, claim, export', () => {
    for (const [group, subs] of [
      ['apply', ['books', 'dns', 'kube']],
      ['plan', ['dns']],
      ['claim', ['set-paths']],
      ['export', ['dns']],
    ] as const) {
      const run = runCli([group]);
      expect(run.exitCode, group).toBe(2);
      expect(run.stderr).toContain(`error usage_subcommand_missing: diene ${group} needs a subcommand: ${subs.join(', ').replace(/, ([^,]*)$/, ' or $1')}`);
      // The tail gives each subcommand's usage line, the first as `usage:`, the others as `   or:`.
      subs.forEach((sub, i) => {
        const usage = COMMAND_HELPS.find((h) => h.name === `${group} ${sub}`)?.usage as string;
        expect(run.stderr).toContain(`\n${i === 0 ? 'usage:' : '   or:'} ${usage}\n`);
      });
      const help = runCli([group, '--help']);
      expect(help.exitCode).toBe(0);
      for (const sub of subs) expect(help.stdout).toContain(`  diene ${group} ${sub}`);
    }
  });

  it('never show Node’s parseArgs text: an unknown flag, a bare --dry-run, a missing value, a flag with a value', () => {
    const cases: [string[], string][] = [
      [['compile', '--watch'], 'usage_option_unknown'],
      [['apply', 'kube', '--platform', 'mercury', '--dry-run', '--fleet', REFERENCE_FLEET], 'usage_option_value_missing'],
      [['apply', 'kube', '--dry-run', '--platform', 'mercury'], 'usage_option_value_missing'],
      [['compile', '--out'], 'usage_option_value_missing'],
      [['compile', '--out', '--check'], 'usage_option_value_missing'],
      [['compile', '--check=yes'], 'usage_option_value_unexpected'],
      [['validate', 'extra'], 'usage_argument_unexpected'],
      [['route'], 'usage_argument_missing'],
      [['compile', '-x'], 'usage_option_unknown'],
    ];
    for (const [args, code] of cases) {
      const run = runCli(args);
      expect(run.exitCode, args.join(' ')).toBe(2);
      expect(run.stderr, args.join(' ')).toContain(`error ${code}: `);
      expect(run.stderr, args.join(' ')).not.toMatch(NODE_PARSE_TEXT);
    }
    const dryRun = runCli(['apply', 'kube', '--platform', 'mercury', '--dry-run']);
    expect(dryRun.stderr).toContain('error usage_option_value_missing: --dry-run needs a value\n  hint: write --dry-run=server');
  });

  it('refuse an empty value as a missing one, before anything is read or written', () => {
    const fleet = tempFleet();
    for (const args of [
      ['compile', `--fleet=${fleet}`, '--out='],
      ['compile', '--fleet', fleet, '--out', ''],
      ['validate', '--fleet='],
      ['--fleet=', 'validate'],
      ['report', `--fleet=${fleet}`, '--base='],
      ['export', 'dns', `--fleet=${fleet}`, '--host='],
      ['apply', 'kube', '--platform=', `--fleet=${fleet}`],
    ]) {
      const run = runCli(args, { cwd: fleet });
      expect(run.exitCode, args.join(' ')).toBe(2);
      expect(run.stderr, args.join(' ')).toMatch(/^diene: error usage_option_value_missing: --[a-z-]+ needs a value\n/);
    }
    // nothing was compiled into the fleet root
    expect(runCli(['compile', `--fleet=${fleet}`, '--out='], { cwd: fleet }).stderr).toContain('--out needs a value');
    expect(readdirSync(fleet).sort()).not.toContain('argocd');
  });

  it('come from the catalog with the command’s usage line in the hint, in text and in JSON', async () => {
    for (const help of COMMAND_HELPS.filter((h) => h.name !== 'completion')) {
      const { run, diagnostics } = await usageJson([...help.name.split(' '), '--no-such-option']);
      expect(run.exitCode, help.name).toBe(2);
      expect(diagnostics).toHaveLength(1);
      expect(diagnostics[0]?.code).toBe('usage_option_unknown');
      expect(diagnostics[0]?.hint).toContain(`usage: ${help.usage}`);
      expect(diagnostics[0]?.hint).toContain(`\`diene help ${help.name}\``);
    }
    const text = runCli(['route', 'example.com', 'no-slash', '--fleet', REFERENCE_FLEET]);
    expect(text.stderr).toMatch(/\n\nusage: diene route .*\n`diene help route` describes every option\n$/);
    expect(text.stderr).toContain('error usage_option_value_invalid: PATH "no-slash" is not an origin-form request path');
    expect(text.stderr).toContain(`usage: ${COMMAND_HELPS.find((h) => h.name === 'route')?.usage}`);
  });
});

describe('the text form of a usage error', () => {
  /** A usage error's text: the diagnostic with its fix, then the usage line and the help, never a count of findings. */
  const tail = (usage: string, name: string) => `\n\nusage: ${usage}\n\`diene help ${name}\` describes every option\n`;

  it('ends with the usage line and `diene help <command>` instead of a count, for every command', async () => {
    for (const help of COMMAND_HELPS) {
      const run = await runCliInProcess([...help.name.split(' '), '--no-such-option']);
      expect(run.exitCode, help.name).toBe(2);
      expect(run.stderr, help.name).toMatch(new RegExp(`^diene: error usage_option_unknown: diene ${help.name} has no option --no-such-option\n`));
      expect(run.stderr.endsWith(tail(help.usage, help.name)), run.stderr).toBe(true);
      expect(run.stderr, help.name).not.toMatch(/\d+ errors?, \d+ warnings?/);
      // The usage line is said once, in the tail; the hint keeps the fix alone (none here: no option is near).
      expect(run.stderr.split(`usage: ${help.usage}`), help.name).toHaveLength(2);
      expect(run.stderr, help.name).not.toContain('hint:');
    }
  });

  it('keeps the fix in the hint: a missing option, a missing value, a bad value', async () => {
    const planDns = COMMAND_HELPS.find((h) => h.name === 'plan dns') as (typeof COMMAND_HELPS)[number];
    const missing = await runCliInProcess(['plan', 'dns', '--fleet', REFERENCE_FLEET]);
    expect(missing.stderr).toBe(
      'diene: error usage_option_missing: diene plan dns needs --live FILE|DIR or --assume-empty\n' +
        '  hint: give a live snapshot, or a folder laid out like dns/ (`diene export dns --out live` writes one); before a first rollout, when the hosts hold nothing yet, --assume-empty plans every record set as a create' +
        tail(planDns.usage, 'plan dns'),
    );
    const value = await runCliInProcess(['compile', '--format']);
    expect(value.stderr).toMatch(/^diene: error usage_option_value_missing: --format needs a value\n {2}hint: write --format FORM\n\nusage: diene compile /);
    const bad = await runCliInProcess(['validate', '--min-severity', 'loud', '--fleet', REFERENCE_FLEET]);
    expect(bad.stderr).toMatch(/\n {2}hint: write e\.g\. --min-severity warning\n\nusage: diene validate .*\n`diene help validate` describes every option\n$/);
  });

  it("names the subcommands of a group, and diene's own usage before a command is named", async () => {
    const plan = await runCliInProcess(['plan']);
    expect(plan.exitCode).toBe(2);
    expect(plan.stderr).toMatch(
      /^diene: error usage_subcommand_missing: diene plan needs a subcommand: dns\n {2}hint: run diene plan dns\n\nusage: diene plan dns --live /,
    );
    expect(plan.stderr).toMatch(/\n`diene help plan` describes each subcommand\n$/);
    const apply = await runCliInProcess(['apply', 'dnss']);
    expect(apply.stderr).toMatch(
      /\n\nusage: diene apply books .*\n {3}or: diene apply dns .*\n {3}or: diene apply kube .*\n`diene help apply` describes each subcommand\n$/,
    );
    const unknown = await runCliInProcess(['compil']);
    expect(unknown.stderr).toMatch(/\n\nusage: diene COMMAND \[ARGUMENTS\] \[OPTIONS\]\n`diene help` describes each command\n$/);
    expect(unknown.stderr).not.toMatch(/errors?, \d+ warnings?/);
  });

  it('keeps the usage line in the hint of the json form and of the GitHub annotation, which have no tail', async () => {
    const json = await runCliInProcess(['compile', '--bogus', '--format', 'json']);
    const [diagnostic] = JSON.parse(json.stderr) as { hint: string }[];
    expect(diagnostic?.hint).toMatch(/^usage: diene compile .*; `diene help compile` describes every option$/);
    const github = await runCliInProcess(['compile', '--bogus'], { env: { GITHUB_ACTIONS: 'true' } });
    expect(github.stderr).toMatch(/^::error title=usage_option_unknown::diene compile has no option --bogus \(hint: usage: diene compile /m);
  });
});

describe('apply kube without a kubeconfig', () => {
  it('says no kubeconfig was found, where it looked and how to point at one, and nothing of skipTLSVerify', () => {
    const home = path.join(scratch, 'home');
    const run = runCli(['apply', 'kube', '--platform', 'mercury', '--fleet', REFERENCE_FLEET, '--quiet'], {
      env: { KUBECONFIG: '', HOME: home, KUBERNETES_SERVICE_HOST: '' },
    });
    expect(run.exitCode).toBe(2);
    expect(run.stderr).toContain(
      `error kube_config_missing: no kubeconfig was found: looked at KUBECONFIG (not set); ${home}/.kube/config (no such file); the in-cluster service account (KUBERNETES_SERVICE_HOST not set)`,
    );
    expect(run.stderr).toContain('hint: point at one with KUBECONFIG=PATH');
    expect(run.stderr).not.toContain('skipTLSVerify');
    const named = runCli(['apply', 'kube', '--platform', 'mercury', '--fleet', REFERENCE_FLEET], { env: { KUBECONFIG: path.join(scratch, 'nope.yaml') } });
    expect(named.exitCode).toBe(2);
    expect(named.stderr).toContain(`looked at KUBECONFIG=${path.join(scratch, 'nope.yaml')} (no such file)`);
  });
});

describe('options before or after the command', () => {
  it('`diene --fleet X validate` is `diene validate --fleet X`', () => {
    const before = runCli(['--fleet', REFERENCE_FLEET, '--format', 'json', 'validate']);
    const after = runCli(['validate', '--fleet', REFERENCE_FLEET, '--format', 'json']);
    expect(before.exitCode).toBe(0);
    expect(before).toEqual(after);
    expect(JSON.parse(before.stdout).length).toBeGreaterThan(0);
    const split = runCli(['--fleet', REFERENCE_FLEET, 'plan', '--format', 'json', 'dns', '--live', path.join(scratch, 'none')]);
    expect(split.stderr).toContain('dns_live_not_snapshot');
    expect(split.stderr).toContain('--live');
  });
});

describe('help and version', () => {
  it('bare `diene` prints the help on stdout and exits 0', () => {
    const run = runCli([]);
    expect(run.exitCode).toBe(0);
    expect(run.stderr).toBe('');
    expect(run.stdout).toMatch(/^diene: fleet registry in/);
    for (const help of COMMAND_HELPS)
      expect(run.stdout).toMatch(new RegExp(`^  ${help.name} +${help.summary.slice(0, 20).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`, 'm'));
    expect(runCli(['--help'])).toEqual(run);
    expect(runCli(['help'])).toEqual(run);
    // help's own help is the main help (it was `unknown command "help"`)
    expect(runCli(['help', 'help'])).toEqual(run);
  });

  it('a command whose --format changes what it prints (its help says so) shows --format in its usage line', () => {
    const changesProduct = COMMAND_HELPS.filter((h) => h.formats !== undefined || (h.description ?? []).some((d) => d.includes('--format')));
    expect(changesProduct.map((h) => h.name)).toContain('report');
    for (const help of changesProduct) expect(help.usage, help.name).toContain(`--format ${formatChoices(help).join('|')}`);
  });

  it('`diene COMMAND --help` and `diene help COMMAND` describe every option with an example', async () => {
    expect(runCli(['compile', '--help'])).toEqual(await runCliInProcess(['compile', '--help']));
    for (const help of COMMAND_HELPS) {
      const words = help.name.split(' ');
      const flag = await runCliInProcess([...words, '--help']);
      const topic = await runCliInProcess(['help', ...words]);
      expect(flag.exitCode, help.name).toBe(0);
      expect(flag.stdout).toBe(topic.stdout);
      expect(flag.stdout).toContain(`Usage: ${help.usage}\n`);
      expect((await runCliInProcess([...words, '-h'])).stdout).toBe(flag.stdout);
      const lines = flag.stdout.split('\n');
      for (const option of optionsOf(help)) {
        if (help.readsFleet === false && (option.name === 'fleet' || option.name === 'now')) continue;
        const at = lines.findIndex((line) => new RegExp(`^  (-\\w, )?--${option.name}\\b`).test(line));
        expect(at, `${help.name} --${option.name}`).toBeGreaterThan(0);
        const example = lines.slice(at + 1).find((line) => line.startsWith('      e.g. '));
        expect(example, `${help.name} --${option.name}`).toContain(`--${option.name}`);
        expect(example).toContain(`diene ${help.name}`);
      }
      expect(flag.stdout.slice(flag.stdout.indexOf('Examples:'))).toContain(`diene ${help.name}`);
      expect(flag.stdout).toContain('Exit codes:\n');
    }
  });

  it('--help wins over a usage error in the same line', () => {
    const run = runCli(['route', '--help']);
    expect(run.exitCode).toBe(0);
    expect(run.stdout).toContain('Usage: diene route HOST [PATH]');
  });

  it('-V, --version and `diene version` print the version', () => {
    for (const args of [['-V'], ['--version'], ['version']]) {
      const run = runCli(args);
      expect(run.exitCode).toBe(0);
      expect(run.stdout).toBe(`${VERSION}\n`);
      expect(run.stderr).toBe('');
    }
  });
});

describe('--quiet and --min-severity', () => {
  it('--quiet prints errors only: no warnings and no summary of a successful run', () => {
    const loud = runCli(['compile', '--fleet', tempFleet()]);
    expect(loud.exitCode).toBe(0);
    expect(loud.stderr).toMatch(/warning \w+: /);
    expect(loud.stderr).toMatch(/^wrote \d+ files to /m);
    for (const quiet of [['--quiet'], ['-q'], ['--min-severity', 'error']]) {
      const run = runCli(['compile', '--fleet', tempFleet(), ...quiet]);
      expect(run.exitCode).toBe(0);
      expect(run.stderr, quiet.join(' ')).toBe('');
    }
    const json = runCli(['validate', '--fleet', REFERENCE_FLEET, '--format', 'json', '-q']);
    expect(json.stdout).toBe('[]\n');
  });

  it('--min-severity warning keeps the warnings and drops the summary lines', () => {
    const run = runCli(['compile', '--fleet', tempFleet(), '--min-severity', 'warning']);
    expect(run.exitCode).toBe(0);
    expect(run.stderr).toMatch(/warning \w+: /);
    expect(run.stderr).not.toMatch(/^wrote /m);
  });

  it('--quiet still prints every error, and the notes of a failed run', () => {
    const dir = tempFleet({ 'registry/landscapes/pichu.yaml': 'name: pichu\n' });
    const run = runCli(['validate', '--fleet', dir, '--quiet']);
    expect(run.exitCode).toBe(2);
    expect(run.stderr).toMatch(/error \w+: /);
    expect(run.stderr).not.toMatch(/warning \w+: /);
    expect(run.stderr).toMatch(/\d+ errors?, 0 warnings\n$/);
  });
});

describe('colour', () => {
  it('is off in a pipe, on with FORCE_COLOR, off with FORCE_COLOR=0', () => {
    const args = ['validate', '--fleet', REFERENCE_FLEET];
    expect(runCli(args).stderr).not.toContain(ESC);
    const forced = runCli(args, { env: { FORCE_COLOR: '1' } });
    expect(forced.stderr).toContain(`${ESC}1;33mwarning${ESC}0m`);
    expect(forced.stderr).toContain(`${ESC}36mhint:${ESC}0m`);
    expect(runCli(args, { env: { FORCE_COLOR: '0' } }).stderr).not.toContain(ESC);
    // the JSON form is never coloured
    expect(runCli([...args, '--format', 'json'], { env: { FORCE_COLOR: '1' } }).stdout).not.toContain(ESC);
  });

  it('is on on a terminal, and off there with NO_COLOR', () => {
    const args = ['validate', '--fleet', REFERENCE_FLEET];
    const tty = onTerminal(args);
    expect(tty.exitCode).toBe(0);
    expect(tty.stdout).toContain(`${ESC}1;33mwarning${ESC}0m`);
    const plain = onTerminal(args, { NO_COLOR: '1' });
    expect(plain.stdout).toContain(' warning ');
    expect(plain.stdout).not.toContain(ESC);
    expect(onTerminal(['compil']).stdout).toContain(`${ESC}1;31merror${ESC}0m`);
  });
});

describe('shell completion', () => {
  const bashScript = runCli(['completion', 'bash']).stdout;
  const scriptFile = path.join(scratch, 'diene.bash');
  writeFileSync(scriptFile, bashScript);

  /** What bash completes for the words of `line` (the last one being completed). */
  function complete(line: string): string[] {
    const words = line.split(' ');
    const program = `source ${scriptFile}; COMP_WORDS=(${words.map((w) => `'${w}'`).join(' ')}); COMP_CWORD=${words.length - 1}; _diene; printf '%s\\n' "\${COMPREPLY[@]}"`;
    const run = spawnSync('bash', ['--norc', '-c', program], { encoding: 'utf8', cwd: scratch });
    expect(run.status, run.stderr).toBe(0);
    return run.stdout.split('\n').filter(Boolean);
  }

  it('bash completes commands, subcommands, options and their values', () => {
    expect(complete('diene comp')).toEqual(['compile', 'completion']);
    expect(complete('diene apply ')).toEqual(['books', 'dns', 'kube']);
    expect(complete('diene compile --fl')).toEqual(['--fleet']);
    expect(complete('diene --fleet x compile --ch')).toEqual(['--check']);
    expect(complete('diene apply kube --dry')).toEqual(['--dry-run=server']);
    expect(complete('diene validate --format ')).toEqual(expect.arrayContaining(['text', 'json', 'github']));
    expect(complete('diene compile --min-severity w')).toEqual(['warning']);
    expect(complete('diene completion ')).toEqual(['bash', 'zsh', 'fish']);
    expect(complete('diene help apply ')).toEqual(['books', 'dns', 'kube']);
    expect(complete('diene route --q')).toEqual(['--quiet']);
    // every option of every command (completion completes its SHELL argument instead)
    for (const help of COMMAND_HELPS.filter((h) => h.name !== 'completion')) {
      const offered = complete(`diene ${help.name} -`);
      for (const option of optionsOf(help))
        expect(
          offered.some((w) => w.startsWith(`--${option.name}`)),
          `${help.name} --${option.name}`,
        ).toBe(true);
    }
  });

  it("offers each command's own --format forms: the ones its usage line, its help and its error name", async () => {
    const orList = (items: string[]): string => `${items.slice(0, -1).join(', ')} or ${items.at(-1) as string}`;
    for (const help of COMMAND_HELPS) {
      const forms = formatChoices(help);
      const name = help.name.split(' ');
      expect(complete(`diene ${help.name} --format `), help.name).toEqual(forms);
      const inUsage = /--format (\S+?)\]/.exec(help.usage)?.[1];
      if (inUsage !== undefined) expect(inUsage.split('|'), help.name).toEqual(forms);
      expect((await runCliInProcess(['help', ...name])).stdout, help.name).toContain(`\n  --format ${forms.join('|')}\n`);
      const wrong = await runCliInProcess([...name, ...(help.arguments ?? []).map(() => 'x'), '--format', 'nope']);
      expect(wrong.exitCode, help.name).toBe(2);
      expect(wrong.stderr, help.name).toContain(`--format "nope" is not ${orList(forms)}`);
    }
    // the commands whose forms differ from the default text, json and github say so in their usage line
    for (const help of COMMAND_HELPS.filter((h) => formatChoices(h).join() !== 'text,json,github')) expect(help.usage, help.name).toContain('--format ');
    expect(complete('diene route --format ')).toEqual(['text', 'json', 'github']);
    expect(complete('diene plan dns --format ')).toEqual(['text', 'json']);
    expect(complete('diene simulate --format ')).toEqual(['text', 'json', 'github', 'markdown']);
    expect(complete('diene --fleet x validate --format s')).toEqual(['sarif']);
    const wrong = runCli(['simulate', '--format', 'nope']);
    expect(wrong.exitCode).toBe(2);
    expect(wrong.stderr).toContain('--format "nope" is not text, json, github or markdown');
  });

  it('zsh and fish scripts name every command and option', () => {
    for (const shell of ['zsh', 'fish']) {
      const run = runCli(['completion', shell]);
      expect(run.exitCode).toBe(0);
      for (const help of COMMAND_HELPS) {
        for (const word of help.name.split(' ')) expect(run.stdout).toContain(word);
        for (const option of optionsOf(help)) expect(run.stdout).toContain(shell === 'fish' ? `-l ${option.name}` : `--${option.name}`);
      }
    }
    expect(runCli(['completion', 'zsh']).stdout).toMatch(/^#compdef diene\n/);
    const tcsh = runCli(['completion', 'tcsh']);
    expect(tcsh.exitCode).toBe(2);
    expect(tcsh.stderr).toContain('SHELL "tcsh" is not bash, zsh or fish');
  });

  for (const shell of ['zsh', 'fish'] as const) {
    const present = spawnSync(shell, ['--version']).status === 0;
    const missing = present ? undefined : `${shell} is not installed (Debian package ${shell})`;
    it.skipIf(skipUnlessPresent(missing))(
      `${shell} reads its script without a syntax error${shell === 'fish' ? ' and completes from it' : ''}${skippedBecause(missing)}`,
      () => {
        const file = path.join(scratch, `diene.${shell}`);
        writeFileSync(file, runCli(['completion', shell]).stdout);
        const run = spawnSync(shell, ['-n', file], { encoding: 'utf8' });
        expect(run.status, run.stderr).toBe(0);
        if (shell === 'fish') {
          // fish completes a command line itself: `complete -C`
          const words = (line: string): string[] =>
            spawnSync('fish', ['--no-config', '-c', `source ${file}; complete -C '${line}'`], { encoding: 'utf8' })
              .stdout.split('\n')
              .filter(Boolean)
              .map((entry) => entry.split('\t')[0] as string);
          expect(words('diene apply ')).toEqual(['books', 'dns', 'kube']);
          expect(words('diene compile --fl')).toEqual(['--fleet']);
          expect(words('diene validate --min-severity ')).toEqual(['error', 'info', 'warning']);
        }
      },
    );
  }
});

describe('progress', () => {
  it('shows a counter line on a terminal for a large fleet, erased at the end; never in a pipe or for a small fleet', () => {
    const fleet = path.join(scratch, 'fleet-m');
    for (const [file, text] of generateFleet('M')) {
      const target = path.join(fleet, file);
      mkdirSync(path.dirname(target), { recursive: true });
      writeFileSync(target, text);
    }
    const out = path.join(scratch, 'out-m');
    const tty = onTerminal(['compile', '--fleet', fleet, '--out', out]);
    expect(tty.exitCode, tty.stdout).toBe(0);
    expect(tty.stdout).toMatch(/\r\u001b\[Kdiene compile: read \d{4,} input files; compiling…/);
    expect(tty.stdout).toMatch(/\r\u001b\[Kdiene compile: compiled \d+ input files into \d+ outputs; writing /);
    // the last update is erased at once, before the diagnostics and the summary
    expect(tty.stdout).toMatch(/writing [^\r\n]*…\r\u001b\[K[^\r]/);
    expect(tty.stdout).toMatch(/^wrote \d+ files to /m);
    const piped = runCli(['compile', '--fleet', fleet, '--out', out]);
    expect(piped.exitCode).toBe(0);
    expect(piped.stderr).not.toContain('diene compile:');
    expect(piped.stderr).not.toContain('\r');
    const quiet = onTerminal(['compile', '--fleet', fleet, '--out', out, '--quiet']);
    expect(quiet.stdout).not.toContain('diene compile:');
    const small = onTerminal(['compile', '--fleet', tempFleet()]);
    expect(small.exitCode).toBe(0);
    expect(small.stdout).not.toContain('diene compile:');
  });
});
