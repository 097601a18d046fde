/**
 * Finding the fleet: a run from the wrong folder, or a --fleet that is not a
 * folder, says where the fleet is when one is near (an enclosing folder, or
 * one a level or two below), as a path from the working directory.
 */
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { readFleetTexts, writeTempFleet } from '../support/fleet-fixture.js';
import { runCliInProcess, type CliRun } from '../support/run-cli.js';

const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup();
});

/** A fresh folder holding the reference fleet as `my-fleet/` (nothing else near it). */
function workspace(): { dir: string; fleet: string } {
  const dir = mkdtempSync(path.join(tmpdir(), 'diene-workspace-'));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  const written = writeTempFleet(readFleetTexts());
  cleanups.push(written.cleanup);
  const fleet = path.join(dir, 'my-fleet');
  cpSync(written.dir, fleet, { recursive: true });
  return { dir, fleet };
}

/** The `--format json` diagnostics of a run (stderr's array). */
function diagnostics(run: CliRun): { code: string; message: string; hint: string }[] {
  const text = run.stdout.startsWith('[') ? run.stdout : run.stderr;
  return JSON.parse(text.slice(text.indexOf('['), text.lastIndexOf(']') + 1)) as { code: string; message: string; hint: string }[];
}

describe('a run outside the fleet root', () => {
  it('from a folder of the fleet: one error, whose hint names the fleet root above as a path from here', async () => {
    const { fleet } = workspace();
    const run = await runCliInProcess(['compile', '--format', 'json'], { cwd: path.join(fleet, 'platforms') });
    expect(run.exitCode).toBe(2);
    const found = diagnostics(run);
    expect(found.map((d) => d.code)).toEqual(['fleet_file_missing']);
    expect(found[0]?.message).toBe(`registry/fleet.yaml is missing in ${path.join(fleet, 'platforms')}`);
    expect(found[0]?.hint).toBe('the fleet root looks like ../ (registry/fleet.yaml is there): run from there or pass --fleet ..');
  });

  it('two levels down, and in the text form', async () => {
    const { fleet } = workspace();
    const run = await runCliInProcess(['validate'], { cwd: path.join(fleet, 'platforms', 'nitroso') });
    expect(run.exitCode).toBe(2);
    expect(run.stderr).toContain('hint: the fleet root looks like ../../ (registry/fleet.yaml is there): run from there or pass --fleet ../..\n');
    expect(run.stderr).toContain('1 error, 0 warnings');
  });

  it('from the folder above the fleet: the hint names the fleet below', async () => {
    const { dir } = workspace();
    const run = await runCliInProcess(['validate', '--format', 'json'], { cwd: dir });
    expect(diagnostics(run).map((d) => d.hint)).toEqual([
      'the fleet root looks like my-fleet/ (registry/fleet.yaml is there): run from there or pass --fleet my-fleet',
    ]);
  });

  it('with --fleet naming a folder of the fleet: the same hint, from the working directory', async () => {
    const { dir } = workspace();
    const run = await runCliInProcess(['validate', '--fleet', 'my-fleet/registry', '--format', 'json'], { cwd: dir });
    expect(diagnostics(run).map((d) => d.hint)).toEqual([
      'the fleet root looks like my-fleet/ (registry/fleet.yaml is there): run from there or pass --fleet my-fleet',
    ]);
  });

  it('with no fleet near: says what a fleet holds', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'diene-nowhere-'));
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    mkdirSync(path.join(dir, 'docs'));
    const run = await runCliInProcess(['validate', '--format', 'json'], { cwd: dir });
    expect(diagnostics(run).map((d) => d.hint)).toEqual([
      'run from the fleet root or pass --fleet DIR; a fleet holds registry/fleet.yaml and registry/regions.yaml',
    ]);
  });
});

describe('--fleet naming no folder', () => {
  it('a file of the fleet: says it is a file and names the fleet root holding it', async () => {
    const { dir } = workspace();
    const run = await runCliInProcess(['compile', '--fleet', 'my-fleet/registry/fleet.yaml', '--format', 'json'], { cwd: dir });
    expect(run.exitCode).toBe(2);
    const [found] = diagnostics(run);
    expect(found?.code).toBe('usage_fleet_not_directory');
    expect(found?.message).toBe('--fleet "my-fleet/registry/fleet.yaml" is not a directory: it is a file');
    expect(found?.hint).toMatch(/^the fleet root looks like my-fleet\/ \(registry\/fleet\.yaml is there\): pass --fleet my-fleet; usage: diene compile /);
  });

  it('a misspelt folder: says nothing is there and names the fleet beside it', async () => {
    const { dir } = workspace();
    const run = await runCliInProcess(['validate', '--fleet', 'my-flet', '--format', 'json'], { cwd: dir });
    const [found] = diagnostics(run);
    expect(found?.message).toBe('--fleet "my-flet" is not a directory: nothing is there');
    expect(found?.hint).toMatch(/^the fleet root looks like my-fleet\/ \(registry\/fleet\.yaml is there\): pass --fleet my-fleet; /);
  });

  it('with no fleet near: never suggests the value that failed, nor a folder that is not there', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'diene-nowhere-'));
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    writeFileSync(path.join(dir, 'notes.txt'), 'not a fleet\n');
    for (const value of ['examples/reference', 'notes.txt']) {
      const [found] = diagnostics(await runCliInProcess(['validate', '--fleet', value, '--format', 'json'], { cwd: dir }));
      expect(found?.code).toBe('usage_fleet_not_directory');
      expect(found?.hint).toMatch(/^name the fleet root, the folder holding registry\/fleet\.yaml, with --fleet DIR, or run from it without --fleet; usage: /);
      expect(found?.hint).not.toContain('examples/reference');
    }
  });
});

describe('--fleet naming no folder, beside other fleets', () => {
  /** `workspace()` with a second fleet `b1/` beside `my-fleet/`, and `myf/` a copy of it. */
  function fleets(): { dir: string } {
    const { dir, fleet } = workspace();
    cpSync(fleet, path.join(dir, 'b1'), { recursive: true });
    cpSync(fleet, path.join(dir, 'myf'), { recursive: true });
    return { dir };
  }

  it('a typo of one of them: names the one it is a close spelling of, not the first in name order', async () => {
    const { dir } = fleets();
    const [found] = diagnostics(await runCliInProcess(['compile', '--fleet', 'myff', '--format', 'json'], { cwd: dir }));
    expect(found?.code).toBe('usage_fleet_not_directory');
    expect(found?.hint).toMatch(/^the fleet root looks like myf\/ \(registry\/fleet\.yaml is there\): pass --fleet myf; /);
  });

  it('a name close to none of them: suggests no fleet', async () => {
    const { dir } = fleets();
    const [found] = diagnostics(await runCliInProcess(['validate', '--fleet', 'production', '--format', 'json'], { cwd: dir }));
    expect(found?.hint).toMatch(/^name the fleet root, the folder holding registry\/fleet\.yaml, with --fleet DIR, or run from it without --fleet; usage: /);
  });

  it('a missing folder of the file-system root: suggests none of the fleets left in the temporary folder', async () => {
    workspace();
    const [found] = diagnostics(await runCliInProcess(['validate', '--fleet', '/nonexistent-diene-fleet', '--format', 'json'], { cwd: tmpdir() }));
    expect(found?.code).toBe('usage_fleet_not_directory');
    expect(found?.hint).not.toContain('looks like');
  });

  it('the temporary folder itself: suggests none of the fleets left in it', async () => {
    workspace();
    const found = diagnostics(await runCliInProcess(['validate', '--fleet', tmpdir(), '--format', 'json'], { cwd: tmpdir() }));
    expect(found.find((d) => d.code === 'fleet_file_missing')?.hint).toBe(
      'run from the fleet root or pass --fleet DIR; a fleet holds registry/fleet.yaml and registry/regions.yaml',
    );
  });
});

describe('files in the text form, run from outside the fleet root', () => {
  const broken = (fleet: string) => writeFileSync(path.join(fleet, 'registry', 'landscapes', 'raichu.yaml'), 'name: raichu\nregion: XXX\ntier: prod\n');

  it('names them from the working directory, so they open from there; the json form names them from the fleet root', async () => {
    const { dir, fleet } = workspace();
    broken(fleet);
    const text = await runCliInProcess(['validate', '--fleet', 'my-fleet'], { cwd: dir });
    expect(text.exitCode).toBe(2);
    expect(text.stderr).toMatch(/^my-fleet\/registry\/landscapes\/raichu\.yaml:2:9: error /m);
    expect(text.stderr).not.toMatch(/^registry\//m);
    const json = await runCliInProcess(['validate', '--fleet', 'my-fleet', '--format', 'json'], { cwd: dir });
    expect((JSON.parse(json.stdout) as { file: string | null }[]).map((d) => d.file)).toContain('registry/landscapes/raichu.yaml');
    // From inside the fleet, below its root: a climb.
    const below = await runCliInProcess(['validate', '--fleet', '..'], { cwd: path.join(fleet, 'platforms') });
    expect(below.stderr).toMatch(/^\.\.\/registry\/landscapes\/raichu\.yaml:2:9: error /m);
  });

  it('from the fleet root: as before, from the root', async () => {
    const { fleet } = workspace();
    broken(fleet);
    expect((await runCliInProcess(['validate'], { cwd: fleet })).stderr).toMatch(/^registry\/landscapes\/raichu\.yaml:2:9: error /m);
  });

  it('an explicit --path-prefix wins: the text form names files from the repository root it gives', async () => {
    const { dir, fleet } = workspace();
    broken(fleet);
    const run = await runCliInProcess(['validate', '--fleet', 'my-fleet', '--path-prefix', 'fleets/prod'], { cwd: dir });
    expect(run.stderr).toMatch(/^fleets\/prod\/registry\/landscapes\/raichu\.yaml:2:9: error /m);
  });

  it('a --base that is not a fleet is named from the working directory in the text form, by its absolute path from the fleet root', async () => {
    const { dir } = workspace();
    const run = await runCliInProcess(['compile', '--check', '--fleet', 'my-fleet', '--base', 'base-checkout'], { cwd: dir });
    expect(run.exitCode).toBe(2);
    expect(run.stderr).toMatch(/^base-checkout: error base_missing: /m);
    const json = await runCliInProcess(['compile', '--check', '--fleet', 'my-fleet', '--base', 'base-checkout', '--format', 'json'], { cwd: dir });
    // Outside the fleet root: absolute, never a climb (docs/diagnostics.md, "How a file is named").
    expect((JSON.parse(json.stderr) as { file: string | null }[]).map((d) => d.file)).toEqual([path.join(dir, 'base-checkout')]);
  });
});
