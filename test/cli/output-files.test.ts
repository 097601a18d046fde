/**
 * The files a user names for diene to write (`compile --check --diff-file`,
 * `compile --output`, `report --output`, `init DIR`, `schemas --out`): one
 * rule for all (docs/cli.md "Files diene writes where you say"). A path
 * inside the fleet's input folders or inside the output directory is refused
 * before anything runs (output_file_in_fleet); a file of the fleet root that
 * is no input is written. Missing folders above the file are made; a path
 * the system refuses (a folder there, a file where a folder belongs, a
 * read-only folder, /proc) is exit 2 with output_file_write_failed naming the
 * path and the system's reason, never exit 70 or a hang; a --check says its
 * verdict in that message. --diff-lines and --diff-file need --check, and a
 * fresh --check empties the --diff-file of an earlier stale run.
 */
import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { Diagnostic } from '../../compiler/diagnostics/diagnostic.js';
import { overlayTexts, readFleetTexts, REPO_ROOT, writeTempFleet } from '../support/fleet-fixture.js';
import { runCli } from '../support/run-cli.js';

const cleanups: (() => void)[] = [];
afterAll(() => {
  for (const cleanup of cleanups.splice(0)) cleanup();
});
const scratch = mkdtempSync(path.join(tmpdir(), 'diene-outfiles-'));
cleanups.push(() => rmSync(scratch, { recursive: true, force: true }));

/** A copy of the reference fleet with its output tree compiled (fresh). */
function freshFleet(): string {
  const fleet = writeTempFleet(overlayTexts(readFleetTexts()));
  cleanups.push(fleet.cleanup);
  expect(runCli(['compile', '--fleet', fleet.dir, '--no-cache']).exitCode).toBe(0);
  return fleet.dir;
}

/** `dir`'s output tree made stale: one generated file removed. */
function makeStale(dir: string): void {
  rmSync(path.join(dir, 'generated', 'platforms', 'nitroso.yaml'));
}

/** The diagnostics of a json array on stderr (the only document there under --format json). */
function diagnosticsOf(stderr: string): Diagnostic[] {
  return JSON.parse(stderr.slice(stderr.indexOf('['), stderr.lastIndexOf(']') + 1)) as Diagnostic[];
}

/** The first diagnostic of `code` in `run`'s stderr (json form). */
function finding(stderr: string, code: string): Diagnostic {
  const found = diagnosticsOf(stderr).find((d) => d.code === code);
  expect(found, stderr).toBeDefined();
  return found as Diagnostic;
}

/** `diene …args` as a child that is killed after 30 s (a hang shows as exit -1, not a stuck suite). */
function runBounded(args: readonly string[], user?: string): { exitCode: number; stderr: string } {
  const bin = path.join(REPO_ROOT, 'bin', 'diene.js');
  const [command, argv] = user === undefined ? [process.execPath, [bin, ...args]] : ['runuser', ['-u', user, '--', process.execPath, bin, ...args]];
  const result = spawnSync(command, argv, { cwd: tmpdir(), encoding: 'utf8', timeout: 30_000, env: { ...process.env, GITHUB_ACTIONS: '' } });
  return { exitCode: result.status ?? -1, stderr: result.stderr };
}

describe('a file named for diene to write inside the fleet', () => {
  const dir = freshFleet();
  makeStale(dir);
  const fleetYaml = readFileSync(path.join(dir, 'registry', 'fleet.yaml'), 'utf8');
  const landscape = readFileSync(path.join(dir, 'registry', 'landscapes', 'pikachu.yaml'), 'utf8');
  const platform = readFileSync(path.join(dir, 'carbon', 'nitroso', 'platform.yaml'), 'utf8');

  it('refuses --diff-file on an input, naming the option, the path and where to write instead; the input is untouched', () => {
    const run = runCli(['compile', '--check', '--fleet', '.', '--no-cache', '--diff-file', 'registry/fleet.yaml', '--format', 'json'], { cwd: dir });
    expect(run.exitCode).toBe(2);
    const refusal = finding(run.stderr, 'output_file_in_fleet');
    expect(refusal.message).toBe(
      "--diff-file registry/fleet.yaml lies inside the fleet's input folder registry/: diene reads every file there as input, and would replace one",
    );
    expect(refusal.hint).toContain('--diff-file check.diff');
    expect(readFileSync(path.join(dir, 'registry', 'fleet.yaml'), 'utf8')).toBe(fleetYaml);
    // Refused before the compile: no review, no verdict.
    expect(run.stdout).toBe('');
  });

  it('refuses a sarif --output on a landscape: the log goes to stderr with the refusal, and the landscape is untouched', () => {
    const run = runCli([
      'compile',
      '--check',
      '--fleet',
      dir,
      '--no-cache',
      '--format',
      'sarif',
      '--output',
      path.join(dir, 'registry', 'landscapes', 'pikachu.yaml'),
    ]);
    expect(run.exitCode).toBe(2);
    // One plain line for a person first, then the log, which stands alone on the rest of stderr.
    const [line, ...rest] = run.stderr.split('\n');
    expect(line).toBe(
      `diene: error output_file_in_fleet: --output ${path.join(dir, 'registry', 'landscapes', 'pikachu.yaml')} lies inside the fleet's input folder registry/: diene reads every file there as input, and would replace one (the sarif log follows on stderr)`,
    );
    const log = JSON.parse(rest.join('\n')) as { runs: { results: { ruleId: string }[] }[] };
    expect(log.runs[0]?.results.map((r) => r.ruleId)).toContain('output_file_in_fleet');
    expect(readFileSync(path.join(dir, 'registry', 'landscapes', 'pikachu.yaml'), 'utf8')).toBe(landscape);
  });

  it('refuses report --output on a platform record', () => {
    const run = runCli(['report', '--fleet', dir, '--output', path.join(dir, 'carbon', 'nitroso', 'platform.yaml'), '--format', 'json']);
    expect(run.exitCode).toBe(2);
    expect(finding(run.stderr, 'output_file_in_fleet').message).toContain('--output');
    expect(readFileSync(path.join(dir, 'carbon', 'nitroso', 'platform.yaml'), 'utf8')).toBe(platform);
  });

  it('refuses --diff-file inside the output directory, which a later compile would refuse as a foreign file', () => {
    const target = path.join(dir, 'generated', 'argocd', 'x.diff');
    const run = runCli(['compile', '--check', '--fleet', dir, '--no-cache', '--diff-file', target, '--format', 'json']);
    expect(run.exitCode).toBe(2);
    expect(finding(run.stderr, 'output_file_in_fleet').message).toContain(`lies inside the output directory`);
    expect(existsSync(target)).toBe(false);
  });

  it('refuses a path reaching an input folder through a symbolic link', () => {
    symlinkSync(path.join(dir, 'registry'), path.join(dir, 'reg-link'));
    const run = runCli(['compile', '--check', '--fleet', dir, '--no-cache', '--diff-file', path.join(dir, 'reg-link', 'fleet.yaml'), '--format', 'json']);
    expect(run.exitCode).toBe(2);
    expect(finding(run.stderr, 'output_file_in_fleet').code).toBe('output_file_in_fleet');
    expect(readFileSync(path.join(dir, 'registry', 'fleet.yaml'), 'utf8')).toBe(fleetYaml);
    rmSync(path.join(dir, 'reg-link'));
  });

  it('refuses a symbolic link whose missing target lies in an input folder or the output directory, for every file option', () => {
    // A dangling link: its target does not exist yet, so only reading the link finds where the write would land.
    const cases: [string[], string][] = [
      [['compile', '--fleet', dir, '--no-cache', '--format', 'json', '--output'], path.join(dir, 'registry', 'nonexist.yaml')],
      [['compile', '--fleet', dir, '--no-cache', '--format', 'json', '--output'], path.join(dir, 'generated', 'newfile.json')],
      [['compile', '--check', '--fleet', dir, '--no-cache', '--format', 'json', '--diff-file'], path.join(dir, 'registry', 'd3.yaml')],
      [['report', '--fleet', dir, '--format', 'json', '--output'], path.join(dir, 'registry', 'r.yaml')],
    ];
    for (const [args, target] of cases) {
      const link = path.join(scratch, `dangling-${path.basename(target)}`);
      // Two hops: a link to a link to the missing file.
      symlinkSync(target, `${link}.hop`);
      symlinkSync(`${link}.hop`, link);
      const run = runCli([...args, link]);
      expect(run.exitCode, run.stderr).toBe(2);
      expect(finding(run.stderr, 'output_file_in_fleet').message).toContain(target.includes('generated') ? 'the output directory' : 'input folder registry/');
      expect(existsSync(target)).toBe(false);
    }
  });

  it('refuses schemas --out, init and atlas --out inside an input folder or the output directory of the fleet they sit in', () => {
    const cases: [string[], string, string][] = [
      [['schemas', '--out', 'registry/sch'], 'registry/sch', "--out registry/sch lies inside the fleet's input folder registry/"],
      [['schemas', '--out', 'platforms'], 'platforms', "--out platforms lies inside the fleet's input folder platforms/"],
      [['schemas', '--out', 'generated/sch'], 'generated/sch', '--out generated/sch lies inside the output directory'],
      [['init', 'registry/newfleet'], 'registry/newfleet', "init registry/newfleet lies inside the fleet's input folder registry/"],
      [['init', 'generated/nf'], 'generated/nf', 'init generated/nf lies inside the output directory'],
      [['atlas', '--fleet', '.', '--out', 'generated/a', '--format', 'json'], 'generated/a', '--out generated/a lies inside the output directory'],
    ];
    for (const [args, made, message] of cases) {
      const run = runCli([...args, '--format', 'json'], { cwd: dir });
      expect(run.exitCode, run.stderr).toBe(2);
      expect(finding(run.stderr, 'output_file_in_fleet').message).toContain(message);
      expect(existsSync(path.join(dir, made)), made).toBe(made === 'platforms');
    }
    // The fleet's own schemas/ folder is where editors read them (docs/editor.md).
    expect(runCli(['schemas', '--out', 'schemas'], { cwd: dir }).exitCode).toBe(0);
    expect(runCli(['validate', '--fleet', dir, '--no-cache']).exitCode).toBe(0);
  });

  it('writes a file of the fleet root that is no input, and the next check is not disturbed by it', () => {
    const run = runCli(['compile', '--check', '--fleet', '.', '--no-cache', '--diff-file', 'check.diff'], { cwd: dir });
    expect(run.exitCode).toBe(1);
    expect(readFileSync(path.join(dir, 'check.diff'), 'utf8')).toContain('nitroso.yaml');
    expect(runCli(['compile', '--check', '--fleet', dir, '--no-cache']).exitCode).toBe(1);
    expect(runCli(['validate', '--fleet', dir, '--no-cache']).exitCode).toBe(0);
    rmSync(path.join(dir, 'check.diff'));
  });
});

describe('a file named for diene to write that the system refuses', () => {
  const dir = freshFleet();
  makeStale(dir);
  const afile = path.join(scratch, 'afile');
  writeFileSync(afile, 'x');

  it('makes the missing folders above a --diff-file and a report --output', () => {
    const diff = path.join(scratch, 'newdir', 'sub', 'd.diff');
    expect(runCli(['compile', '--check', '--fleet', dir, '--no-cache', '--diff-file', diff]).exitCode).toBe(1);
    expect(readFileSync(diff, 'utf8')).toContain('nitroso.yaml');
    const report = path.join(scratch, 'missing', 'dir', 'r.md');
    const run = runCli(['report', '--fleet', dir, '--output', report]);
    expect(run.exitCode, run.stderr).toBe(0);
    expect(readFileSync(report, 'utf8')).toContain('nitroso');
  });

  it('gives a --diff-file that is a folder exit 2, with the reason and the verdict, after the review', () => {
    const run = runCli(['compile', '--check', '--fleet', dir, '--no-cache', '--diff-file', scratch, '--format', 'json']);
    expect(run.exitCode).toBe(2);
    const failed = finding(run.stderr, 'output_file_write_failed');
    expect(failed.message).toBe(
      `cannot write --diff-file ${scratch}: EISDIR: a folder stands where a file belongs; the check itself found the output tree stale (exit 1 without this error)`,
    );
    // The verdict was computed and the review printed: only the diff file is missing.
    expect(run.stdout).toContain('nitroso.yaml');
    expect(diagnosticsOf(run.stderr).some((d) => d.code === 'output_stale')).toBe(true);
  });

  it('gives a sarif --output below a file exit 2 with ENOTDIR, the log on stderr instead', () => {
    const run = runCli(['compile', '--fleet', dir, '--no-cache', '--check', '--format', 'sarif', '--output', path.join(afile, 'x.sarif')]);
    expect(run.exitCode).toBe(2);
    const [line, ...rest] = run.stderr.split('\n');
    expect(line).toMatch(/^diene: error output_file_write_failed: cannot write --output .*x\.sarif: ENOTDIR: .*\(the sarif log follows on stderr\)$/);
    const log = JSON.parse(rest.join('\n')) as { runs: { results: { ruleId: string; message: { text: string } }[] }[] };
    const failed = log.runs[0]?.results.find((r) => r.ruleId === 'output_file_write_failed');
    expect(failed?.message.text).toContain(`cannot write --output ${path.join(afile, 'x.sarif')}: ENOTDIR: a file stands where a folder belongs on the path`);
  });

  it('gives report --output below a file exit 2 with ENOTDIR', () => {
    const run = runCli(['report', '--fleet', dir, '--output', path.join(afile, 'r.md'), '--format', 'json']);
    expect(run.exitCode).toBe(2);
    expect(finding(run.stderr, 'output_file_write_failed').message).toContain('ENOTDIR');
  });

  it('gives init below a file exit 2 with ENOTDIR, and init in /sys exit 2 with EPERM', () => {
    const below = runCli(['init', path.join(afile, 'f'), '--format', 'json']);
    expect(below.exitCode).toBe(2);
    expect(finding(below.stderr, 'output_write_failed').message).toBe(
      `cannot write the output directory ${path.join(afile, 'f')}: ENOTDIR: a file stands where a folder belongs on the path`,
    );
    if (process.platform !== 'linux') return;
    const sys = runCli(['init', '/sys/diene-fleet', '--format', 'json']);
    expect(sys.exitCode).toBe(2);
    expect(finding(sys.stderr, 'output_write_failed').message).toContain('/sys/diene-fleet');
  });

  // Root writes into a read-only folder: the case runs as `nobody` then, when that user can reach the CLI (the ENOTDIR case above holds for root too).
  const asRoot = process.getuid?.() === 0;
  const nobodyReaches = !asRoot || spawnSync('runuser', ['-u', 'nobody', '--', 'test', '-r', path.join(REPO_ROOT, 'bundle', 'diene.mjs')]).status === 0;
  it.runIf(nobodyReaches)('gives init into a read-only folder exit 2 with EACCES (as a user root does not override)', () => {
    const parent = path.join(scratch, 'ro');
    mkdirSync(parent);
    chmodSync(scratch, 0o755);
    chmodSync(parent, 0o555);
    const user = asRoot ? 'nobody' : undefined;
    const run = runBounded(['init', path.join(parent, 'fleet'), '--format', 'json'], user);
    expect(run.exitCode, run.stderr).toBe(2);
    expect(finding(run.stderr, 'output_write_failed').message).toBe(
      `cannot write the output directory ${path.join(parent, 'fleet')}: EACCES: permission denied`,
    );
    expect(statSync(parent).isDirectory()).toBe(true);
  });

  it.runIf(process.platform === 'linux')('ends init and schemas --out in /proc with exit 2 instead of spinning', () => {
    for (const args of [
      ['init', '/proc/diene-x'],
      ['init', '/proc/diene-x/y'],
      ['schemas', '--out', '/proc/diene-x'],
      ['compile', '--fleet', path.join(REPO_ROOT, 'examples', 'reference'), '--no-cache', '--out', '/proc/diene-x/y'],
    ]) {
      const run = runBounded([...args, '--format', 'json']);
      expect(run.exitCode, `${args.join(' ')}: ${run.stderr}`).toBe(2);
      expect(finding(run.stderr, 'output_write_failed').message).toContain('ENOENT');
    }
    // A cache folder there only costs speed (a warning), as any cache folder that cannot be written.
    const cached = runBounded(['compile', '--fleet', freshFleet(), '--check', '--cache', '/proc/diene-x/c', '--format', 'json']);
    expect(cached.exitCode, cached.stderr).toBe(0);
    expect(finding(cached.stderr, 'cache_not_kept').message).toContain('ENOENT');
  });
});

describe('the options of --check', () => {
  const dir = freshFleet();

  it('refuses a bad --diff-lines on a fresh tree as on a stale one', () => {
    const run = runCli(['compile', '--check', '--fleet', dir, '--no-cache', '--diff-lines', '-3', '--format', 'json']);
    expect(run.exitCode).toBe(2);
    expect(finding(run.stderr, 'usage_option_value_invalid').message).toContain('--diff-lines');
  });

  it('refuses --diff-lines and --diff-file without --check, as --base is', () => {
    for (const option of [
      ['--diff-lines', '5'],
      ['--diff-file', path.join(scratch, 'x.diff')],
    ]) {
      const run = runCli(['compile', '--fleet', dir, '--no-cache', ...option, '--format', 'json']);
      expect(run.exitCode, option.join(' ')).toBe(2);
      const missing = finding(run.stderr, 'usage_option_missing');
      expect(missing.message).toContain('--check');
      expect(missing.hint).toContain(option[0]);
    }
    expect(existsSync(path.join(scratch, 'x.diff'))).toBe(false);
  });

  it('refuses --diff-file - (stdout carries the review) and schemas --out -, writing no file named -', () => {
    const check = runCli(['compile', '--check', '--fleet', '.', '--no-cache', '--diff-file', '-', '--format', 'json'], { cwd: dir });
    expect(check.exitCode).toBe(2);
    expect(finding(check.stderr, 'usage_option_value_invalid').message).toContain('--diff-file "-"');
    expect(check.stdout).toBe('');
    const schemas = runCli(['schemas', '--out', '-', '--format', 'json'], { cwd: scratch });
    expect(schemas.exitCode).toBe(2);
    expect(finding(schemas.stderr, 'usage_option_value_invalid').message).toContain('--out "-"');
    expect(existsSync(path.join(dir, '-'))).toBe(false);
    expect(existsSync(path.join(scratch, '-'))).toBe(false);
  });

  it.runIf(process.platform === 'linux')('names the system code of a --diff-file the kernel refuses (EINVAL for a file of /proc)', () => {
    makeStale(dir);
    const run = runCli(['compile', '--check', '--fleet', dir, '--no-cache', '--diff-file', '/proc/self/status', '--format', 'json']);
    expect(run.exitCode).toBe(2);
    expect(finding(run.stderr, 'output_file_write_failed').message).toContain('/proc/self/status: EINVAL: ');
    expect(runCli(['compile', '--fleet', dir, '--no-cache']).exitCode).toBe(0);
  });

  it('empties the --diff-file of an earlier stale run when the tree is fresh', () => {
    const diff = path.join(scratch, 'ci', 'stale.diff');
    makeStale(dir);
    expect(runCli(['compile', '--check', '--fleet', dir, '--no-cache', '--diff-file', diff]).exitCode).toBe(1);
    expect(readFileSync(diff, 'utf8')).not.toBe('');
    expect(runCli(['compile', '--fleet', dir, '--no-cache']).exitCode).toBe(0);
    expect(runCli(['compile', '--check', '--fleet', dir, '--no-cache', '--diff-file', diff]).exitCode).toBe(0);
    expect(readFileSync(diff, 'utf8')).toBe('');
  });
});
