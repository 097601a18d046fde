/**
 * `diene compile --check` as a pull request sees it (issue 7): the summary
 * before the diff on stdout, the diff cut at --diff-lines with a pointer,
 * --diff-file with the whole diff, GitHub annotations for stale files (at
 * most 10), and colour only on a terminal without NO_COLOR (run under a real
 * pseudo-terminal with util-linux `script`).
 */
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { overlayTexts, readFleetTexts, REPO_ROOT, writeTempFleet } from '../support/fleet-fixture.js';
import { runCli } from '../support/run-cli.js';
import { skipUnlessPresent } from '../support/required.js';

const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup();
});

/** A fleet whose generated/ is not diene's: nitroso's Platform record edited by hand, 12 files added by hand. */
function staleFleet(): string {
  const fleet = writeTempFleet(overlayTexts(readFleetTexts()));
  cleanups.push(fleet.cleanup);
  expect(runCli(['compile', '--fleet', fleet.dir]).exitCode).toBe(0);
  const record = path.join(fleet.dir, 'generated', 'platforms', 'nitroso.yaml');
  writeFileSync(record, readFileSync(record, 'utf8').replace('    - pikachu\n', '    - pikachu-edited\n'));
  for (let i = 0; i < 12; i++)
    writeFileSync(path.join(fleet.dir, 'generated', 'argocd', `retired${String(i).padStart(2, '0')}.yaml`), `---\nkind: ConfigMap\nmetadata:\n  name: r${i}\n`);
  return fleet.dir;
}

describe('compile --check in a pull request', () => {
  it('prints the summary before the diff, files and objects', () => {
    const dir = staleFleet();
    const run = runCli(['compile', '--fleet', dir, '--check']);
    expect(run.exitCode).toBe(1);
    // The edited file is a generated file that differs; the 12 added by hand are no generated files, and compile refuses all 13:
    // none is counted as removed or changed, nor are the added files' objects.
    expect(run.stdout.split('\n')[0]).toBe(
      `1 generated file of ${readdirSync(path.join(dir, 'generated'), { recursive: true, withFileTypes: true }).filter((e) => e.isFile()).length - 12} differs from what the inputs produce: ` +
        '0 missing, 0 changed, 0 extra, 1 edited by hand; objects: 0 added, 1 changed, 0 removed; 12 files diene did not write (added by hand); `diene compile` refuses what was added or edited by hand: restore or move them yourself',
    );
    expect(run.stdout).toMatch(/\n {2}edited {3}platforms\/nitroso\.yaml +objects: 1 changed\n/);
    expect(run.stdout).toMatch(/\n {2}foreign {2}argocd\/retired00\.yaml\n/);
    expect(run.stdout).toContain('\n  changed  diene.atomi.cloud/Platform nitroso  (platforms/nitroso.yaml)\n');
    expect(run.stdout).not.toContain('ConfigMap r0');
    expect(run.stdout.indexOf('objects:')).toBeLessThan(run.stdout.indexOf('--- a/'));
    expect(run.stdout).not.toContain('\u001b[');
  });

  it('cuts the diff at --diff-lines and points to the full diff, which --diff-file holds', () => {
    const dir = staleFleet();
    const full = runCli(['compile', '--fleet', dir, '--check', '--diff-lines', 'all']);
    const fullDiff = full.stdout.slice(full.stdout.indexOf('='.repeat(67)));
    const diffFile = path.join(dir, 'stale.diff');
    const cut = runCli(['compile', '--fleet', dir, '--check', '--diff-lines', '20', '--diff-file', diffFile]);
    expect(cut.exitCode).toBe(1);
    const shown = cut.stdout
      .slice(cut.stdout.indexOf('='.repeat(67)))
      .trimEnd()
      .split('\n');
    expect(shown).toHaveLength(21);
    expect(shown.slice(0, 20)).toEqual(fullDiff.split('\n').slice(0, 20));
    expect(shown[20]).toMatch(/^… \d+ more diff lines not shown \(files not shown in full: .*\); the full diff is in .*stale\.diff$/);
    expect(readFileSync(diffFile, 'utf8')).toBe(fullDiff);
    expect(runCli(['compile', '--fleet', dir, '--check', '--diff-lines', 'many']).exitCode).toBe(2);
  });

  it("annotates files not diene's for GitHub with the refusal compile would give, at most 10, the rest counted", () => {
    const dir = staleFleet();
    const run = runCli(['compile', '--fleet', '.', '--check'], { cwd: dir, env: { GITHUB_ACTIONS: 'true' } });
    expect(run.exitCode).toBe(1);
    const annotations = run.stderr.split('\n').filter((l) => l.startsWith('::'));
    expect(annotations.filter((l) => l.startsWith('::error '))).toHaveLength(10);
    expect(annotations).toContain(
      // Named from the working directory; the fleet is in no git repository, so the hint does not send the user to git.
      "::error file=generated/platforms/nitroso.yaml,title=output_foreign_file::generated/platforms/nitroso.yaml holds what diene did not write: its bytes differ from the digest the manifest (.diene-manifest.json) records for it: it was changed after diene wrote it (hint: if the edit is not wanted, delete generated/platforms/nitroso.yaml (or move it elsewhere to keep a copy) and compile again: diene writes it anew; to keep the edit, change the fleet's inputs instead; diene never deletes or replaces what it did not write, so the compile stops until then)",
    );
    expect(annotations.some((l) => l.startsWith('::error file=generated/argocd/retired00.yaml,title=output_foreign_file::'))).toBe(true);
    expect(annotations.join('\n')).not.toContain('output_stale');
    expect(annotations).toContain('::notice title=diene::3 more errors not shown as annotations (at most 10 per kind); the job log lists them all');
    expect(run.stderr).toContain('  edited  platforms/nitroso.yaml  (changed by hand after diene wrote it)');
    expect(run.stderr).toContain('  foreign argocd/retired00.yaml  (diene did not write it)');
    expect(run.stderr).toContain(
      "restore or move them yourself (a file marked edited below: delete it if its edit is not wanted, or change the fleet's inputs to keep it; a file marked foreign: move it out), then run `diene compile`",
    );
    expect(run.stderr).not.toContain('produce; run `diene compile`');
    expect(run.stderr).toContain('stale: 1 generated file of ');
    expect(run.stderr).toMatch(/ differs from what the inputs produce, and generated holds 12 files diene did not write; /);
  });

  const noScript = skipUnlessPresent(spawnSync('script', ['--version']).status !== 0 ? 'script (Debian package util-linux)' : undefined);
  it.skipIf(noScript)('colours on a terminal, and not with NO_COLOR (util-linux script gives it a pseudo-terminal)', () => {
    const dir = staleFleet();
    const command = `"${process.execPath}" "${path.join(REPO_ROOT, 'bin', 'diene.js')}" compile --fleet "${dir}" --check`;
    const tty = spawnSync('script', ['-qec', command, '/dev/null'], {
      encoding: 'utf8',
      env: { ...process.env, NO_COLOR: '', TERM: 'xterm', GITHUB_ACTIONS: '' },
    });
    expect(tty.stdout).toContain('\u001b[31medited  \u001b[0m');
    const plain = spawnSync('script', ['-qec', command, '/dev/null'], {
      encoding: 'utf8',
      env: { ...process.env, NO_COLOR: '1', TERM: 'xterm', GITHUB_ACTIONS: '' },
    });
    expect(plain.stdout).toContain('edited   platforms/nitroso.yaml');
    expect(plain.stdout).not.toContain('\u001b[');
  });
});
