/**
 * `diene init DIR` (a new fleet that compiles clean at once) and `diene
 * materialize` on a fleet whose rows do not exist yet: an empty row folder of
 * the sign-in service counts as that service.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import fg from 'fast-glob';
import type { Diagnostic } from '../../compiler/diagnostics/diagnostic.js';
import { REPO_ROOT } from '../support/fleet-fixture.js';
import { runCli, runCliInProcess } from '../support/run-cli.js';
// Command lines whose subject is the command's output, diagnostics and exit code run the CLI's
// `main` in this process (runCliInProcess, held to the binary's bytes by test/cli/in-process.test.ts);
// the first test that runs the CLI, and the helpers above the tests, run bin/diene.js.

const temps: string[] = [];
afterEach(() => {
  for (const dir of temps.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function tempDir(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'diene-init-'));
  temps.push(dir);
  return dir;
}

function jsonDiagnostics(stderr: string): Diagnostic[] {
  return JSON.parse(stderr.slice(stderr.indexOf('['), stderr.lastIndexOf(']') + 1) || '[]') as Diagnostic[];
}

const ROWS = [
  'platforms/signin/login/dev.yaml',
  'platforms/signin/login/staging.yaml',
  'platforms/storefront/cart/dev.yaml',
  'platforms/storefront/cart/staging.yaml',
];

describe('diene init', () => {
  it('writes a fleet that compiles with exit 0 and not one diagnostic', () => {
    const dir = path.join(tempDir(), 'fleet');
    const init = runCli(['init', dir]);
    expect(init.exitCode, init.stderr).toBe(0);
    expect(init.stderr).toContain(`next: diene compile --fleet ${dir}`);
    const compile = runCli(['compile', '--fleet', dir, '--format', 'json']);
    expect(compile.exitCode, compile.stderr).toBe(0);
    expect(jsonDiagnostics(compile.stderr)).toEqual([]);
    expect(runCli(['compile', '--fleet', dir]).stderr).not.toMatch(/warning/);
  });

  it('in a folder of a git work tree, writes that folder as git.path, and the fleet compiles there with no warning and rows found under it', () => {
    const repository = tempDir();
    execFileSync('git', ['init', '-q', repository]);
    const init = runCli(['init', 'fleets/prod'], { cwd: repository });
    expect(init.exitCode, init.stderr).toBe(0);
    const fleetYaml = readFileSync(path.join(repository, 'fleets/prod/registry/fleet.yaml'), 'utf8');
    expect(fleetYaml).toContain(
      "git: { repoURL: https://github.com/example/fleet.git, branch: main, path: fleets/prod } # this fleet's own repository, and the fleet's folder in it",
    );
    const compile = runCli(['compile', '--fleet', 'fleets/prod', '--format', 'json'], { cwd: repository });
    expect(compile.exitCode, compile.stderr).toBe(0);
    expect(jsonDiagnostics(compile.stderr)).toEqual([]);
    expect(readFileSync(path.join(repository, 'fleets/prod/generated/argocd/storefront.yaml'), 'utf8')).toContain(
      '- path: fleets/prod/platforms/storefront/cart/*.yaml',
    );
    // Outside any git work tree nothing says where the fleet will live: no git.path, and the comment names it.
    const alone = path.join(tempDir(), 'fleet');
    expect(runCli(['init', alone]).exitCode).toBe(0);
    expect(readFileSync(path.join(alone, 'registry/fleet.yaml'), 'utf8')).toMatch(/^git: \{ repoURL: \S+, branch: main \} # .*add path: <folder>/m);
  });

  it("prints a next command that a shell runs as printed when the folder's name has a space and a quote", async () => {
    const dir = path.join(tempDir(), "Bob's fleet");
    const init = await runCliInProcess(['init', dir]);
    expect(init.exitCode, init.stderr).toBe(0);
    const next = /^next: (.*)$/m.exec(init.stderr)?.[1];
    expect(next).toBe(`diene compile --fleet '${dir.replace(/'/g, "'\\''")}'`);
    // The shell's own reading of the printed command: its fourth word is the folder.
    const words = execFileSync('sh', ['-c', `printf '%s\\n' ${next}`], { encoding: 'utf8' }).split('\n');
    expect(words.slice(0, 4)).toEqual(['diene', 'compile', '--fleet', dir]);
  });

  it('writes one platform, one service, two landscapes with one cluster each, a DNS host and the sign-in platform, commented', async () => {
    const dir = tempDir();
    expect((await runCliInProcess(['init', dir])).exitCode).toBe(0);
    const files = fg.sync('**/*', { cwd: dir, ignore: ['schemas/**'] }).sort();
    expect(files).toEqual([
      'carbon/signin/platform.yaml',
      'carbon/storefront/platform.yaml',
      ...ROWS,
      'registry/accounts/digitalocean-main.yaml',
      'registry/clusters/dev-blue.yaml',
      'registry/clusters/staging-blue.yaml',
      'registry/fleet.yaml',
      'registry/landscapes/dev.yaml',
      'registry/landscapes/staging.yaml',
      'registry/regions.yaml',
      'state/clusters/dev-blue.yaml',
      'state/clusters/staging-blue.yaml',
    ]);
    // Every file people edit starts with a comment saying what it is; rows are block style (Kargo rewrites them line by line).
    for (const file of files.filter((f) => !f.startsWith('platforms/'))) expect(readFileSync(path.join(dir, file), 'utf8'), file).toMatch(/^# /);
    for (const row of ROWS)
      expect(readFileSync(path.join(dir, row), 'utf8')).toBe(
        '# yaml-language-server: $schema=../../../schemas/row.schema.json\npin:\n  chart: ""\n  image: ""\n',
      );
    expect(readFileSync(path.join(dir, 'registry/fleet.yaml'), 'utf8')).toContain('issuer: { module: api, service: login, platform: signin }');
  });

  it("opens every file with a modeline naming its schema in the fleet's schemas/, and writes the package's schemas there byte for byte", async () => {
    const dir = tempDir();
    expect((await runCliInProcess(['init', dir])).exitCode).toBe(0);
    const firstLines = Object.fromEntries(
      fg.sync('**/*.yaml', { cwd: dir, ignore: ['schemas/**'] }).map((f) => [f, readFileSync(path.join(dir, f), 'utf8').split('\n')[0]]),
    );
    expect(firstLines['registry/fleet.yaml']).toBe('# yaml-language-server: $schema=../schemas/fleet.schema.json');
    expect(firstLines['registry/clusters/dev-blue.yaml']).toBe('# yaml-language-server: $schema=../../schemas/cluster.schema.json');
    expect(firstLines['state/clusters/dev-blue.yaml']).toBe('# yaml-language-server: $schema=../../schemas/cluster-state.schema.json');
    expect(firstLines['carbon/signin/platform.yaml']).toBe('# yaml-language-server: $schema=../../schemas/platform.schema.json');
    // Every modeline names a file that exists, relative to the file it opens.
    for (const [file, line] of Object.entries(firstLines)) {
      const target = /\$schema=(.+)$/.exec(line as string)?.[1];
      expect(target, file).toBeDefined();
      expect(readFileSync(path.join(dir, path.dirname(file), target as string), 'utf8'), file).toMatch(
        /"\$schema": "http:\/\/json-schema.org\/draft-07\/schema#"/,
      );
    }
    const shipped = fg.sync('**/*.schema.json', { cwd: path.join(REPO_ROOT, 'schemas') }).sort();
    expect(fg.sync('**/*', { cwd: path.join(dir, 'schemas') }).sort()).toEqual(shipped);
    for (const file of shipped)
      expect(readFileSync(path.join(dir, 'schemas', file), 'utf8'), file).toBe(readFileSync(path.join(REPO_ROOT, 'schemas', file), 'utf8'));
  });

  it('refuses a directory that holds a file, exit 2 with init_directory_not_empty, and leaves it alone', async () => {
    const dir = tempDir();
    writeFileSync(path.join(dir, 'notes.txt'), 'mine\n');
    const run = await runCliInProcess(['init', dir, '--format', 'json']);
    expect(run.exitCode).toBe(2);
    expect(jsonDiagnostics(run.stderr).map((d) => d.code)).toEqual(['init_directory_not_empty']);
    expect(readdirSync(dir)).toEqual(['notes.txt']);
  });

  it('accepts an existing empty directory', async () => {
    const dir = tempDir();
    expect((await runCliInProcess(['init', dir])).exitCode).toBe(0);
    expect((await runCliInProcess(['compile', '--fleet', dir, '--check'])).exitCode).toBe(1);
  });
});

describe('diene materialize on a fleet without rows', () => {
  it('counts the empty row folders (the sign-in service among them) as services and writes every row', async () => {
    const dir = tempDir();
    expect((await runCliInProcess(['init', dir])).exitCode).toBe(0);
    for (const row of ROWS) rmSync(path.join(dir, row));
    expect(readdirSync(path.join(dir, 'platforms/signin/login'))).toEqual([]);
    const run = await runCliInProcess(['materialize', '--fleet', dir, '--format', 'json']);
    expect(run.exitCode, run.stderr).toBe(0);
    expect(jsonDiagnostics(run.stderr)).toEqual([]);
    for (const row of ROWS)
      expect(readFileSync(path.join(dir, row), 'utf8')).toBe(
        '# yaml-language-server: $schema=../../../schemas/row.schema.json\npin:\n  chart: ""\n  image: ""\n',
      );
    expect((await runCliInProcess(['compile', '--fleet', dir])).exitCode).toBe(0);
  });

  it('gives no "no row folder" warning for a service with facts in platform.yaml whose folder exists', async () => {
    const dir = tempDir();
    expect((await runCliInProcess(['init', dir])).exitCode).toBe(0);
    for (const row of ROWS) rmSync(path.join(dir, row));
    const platform = path.join(dir, 'carbon/signin/platform.yaml');
    writeFileSync(platform, `${readFileSync(platform, 'utf8')}services:\n  login: { modules: [api, admin] }\n`);
    const run = await runCliInProcess(['materialize', '--fleet', dir, '--format', 'json']);
    expect(run.exitCode, run.stderr).toBe(0);
    expect(jsonDiagnostics(run.stderr)).toEqual([]);
  });

  it('does not warn about the missing rows it writes (a service row and a shared chart row)', async () => {
    const dir = tempDir();
    expect((await runCliInProcess(['init', dir])).exitCode).toBe(0);
    rmSync(path.join(dir, 'platforms/storefront/cart/staging.yaml'));
    const platform = path.join(dir, 'carbon/storefront/platform.yaml');
    writeFileSync(platform, `${readFileSync(platform, 'utf8')}sharedCharts: [cache]\n`);
    // Before materialize, validate names both missing rows.
    const before = await runCliInProcess(['validate', '--fleet', dir, '--format', 'json']);
    expect(
      jsonDiagnostics(before.stdout)
        .map((d) => d.code)
        .sort(),
    ).toEqual(['row_missing', 'shared_row_missing', 'shared_row_missing']);
    const run = await runCliInProcess(['materialize', '--fleet', dir, '--format', 'json']);
    expect(run.exitCode, run.stderr).toBe(0);
    expect(jsonDiagnostics(run.stderr)).toEqual([]);
    expect(readFileSync(path.join(dir, 'platforms/storefront/cart/staging.yaml'), 'utf8')).toMatch(/^pin:\n {2}chart: ""\n {2}image: ""\n$/m);
    for (const landscape of ['dev', 'staging'])
      expect(readFileSync(path.join(dir, `platforms/storefront/_shared/cache/${landscape}.yaml`), 'utf8')).toMatch(/^pin:\n {2}chart: ""\n$/m);
    expect(jsonDiagnostics((await runCliInProcess(['validate', '--fleet', dir, '--format', 'json'])).stdout)).toEqual([]);
  });

  it('still says issuer_unknown when the sign-in service has no folder at all', async () => {
    const dir = tempDir();
    expect((await runCliInProcess(['init', dir])).exitCode).toBe(0);
    rmSync(path.join(dir, 'platforms/signin'), { recursive: true });
    mkdirSync(path.join(dir, 'platforms/signin'));
    const run = await runCliInProcess(['materialize', '--fleet', dir, '--format', 'json']);
    expect(run.exitCode).toBe(2);
    expect(jsonDiagnostics(run.stderr).map((d) => d.code)).toEqual(['issuer_unknown']);
  });
});
