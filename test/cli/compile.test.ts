/**
 * `diene compile` and `--check` end to end through the CLI (SPEC §5): exit
 * codes, the stale/missing/extra lists, the unified diff on stdout, and output
 * written all-or-nothing (a failed compile leaves the directory as it was).
 * The first test, the diff on stdout and the missing fleet run bin/diene.js;
 * the others run the CLI's `main` in this process (test/support/run-cli.ts,
 * held to the binary by test/cli/in-process.test.ts).
 */
import { existsSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readOutputTree } from '../../compiler/adapters/filesystem/output-tree.js';
import { REPO_ROOT, useTempFleets } from '../support/fleet-fixture.js';
import { runCli, runCliInProcess } from '../support/run-cli.js';
import { git } from '../support/git-fleet.js';

/** How many files the reference fleet compiles to: its golden tree's size (every output kind adds files). */
const GOLDEN_FILES = (await readOutputTree(path.join(REPO_ROOT, 'golden', 'reference'))).size;

const tempFleet = useTempFleets();

describe('diene compile', () => {
  it('writes argocd/, kargo/ and platforms/ and says so on stderr, nothing on stdout', () => {
    const dir = tempFleet();
    const run = runCli(['compile', '--fleet', dir]);
    expect(run.exitCode, run.stderr).toBe(0);
    expect(run.stdout).toBe('');
    expect(run.stderr).toContain(`wrote ${GOLDEN_FILES} files to`);
    for (const file of ['argocd/nitroso.yaml', 'kargo/aldehyde.yaml', 'platforms/mercury.yaml'])
      expect(existsSync(path.join(dir, 'generated', file))).toBe(true);
  });

  it('replaces the output tree whole: a file diene wrote that the inputs no longer produce is gone', async () => {
    const dir = tempFleet();
    expect((await runCliInProcess(['compile', '--fleet', dir])).exitCode).toBe(0);
    const out = path.join(dir, 'generated');
    for (const file of ['argocd/mercury.yaml', 'kargo/mercury.yaml', 'platforms/mercury.yaml', 'books/mercury/webhook/doc-c.json'])
      expect(existsSync(path.join(out, file))).toBe(true);
    // Platform mercury retired: its platform.yaml, its rows and its one claim go.
    for (const file of ['carbon/mercury/platform.yaml', 'claims/domains/api.webhook.mercury.ampharos.cluster.atomi.cloud.json']) rmSync(path.join(dir, file));
    rmSync(path.join(dir, 'platforms', 'mercury'), { recursive: true });
    // fleet.yaml stops naming it as the webhook intake (intake_unknown otherwise).
    const fleetYaml = path.join(dir, 'registry', 'fleet.yaml');
    writeFileSync(fleetYaml, readFileSync(fleetYaml, 'utf8').replace(/^intake: .*\n/m, ''));
    const run = await runCliInProcess(['compile', '--fleet', dir]);
    expect(run.exitCode, run.stderr).toBe(0);
    const tree = await readOutputTree(out);
    expect([...tree.keys()].filter((file) => file.includes('mercury'))).toEqual([]);
    expect(tree.size).toBe(GOLDEN_FILES - 5); // argocd/, kargo/, platforms/mercury.yaml, books/mercury/doc-b.json and …/webhook/doc-c.json
  });

  it('refuses (exit 2) to replace a tree holding a file diene did not write, and keeps it', async () => {
    const dir = tempFleet();
    expect((await runCliInProcess(['compile', '--fleet', dir])).exitCode).toBe(0);
    writeFileSync(path.join(dir, 'generated', 'argocd', 'retired.yaml'), 'my own\n');
    const before = await readOutputTree(path.join(dir, 'generated'));
    const run = await runCliInProcess(['compile', '--fleet', dir]);
    expect(run.exitCode).toBe(2);
    // Placed at the file; the text form and the message name it from the working directory when it lies inside it, else
    // by its absolute path (docs/diagnostics.md, "How a file is named"). The tests run from the checkout, which the
    // temporary fleet is never inside, wherever either lies: absolute.
    const retired = path.join(dir, 'generated', 'argocd', 'retired.yaml');
    const said = ': error output_foreign_file: ';
    const rest = ' holds what diene did not write: diene writes no such file, and the manifest (.diene-manifest.json) does not list it';
    expect(run.stderr.split('\n')).toContain(`${retired}${said}${retired}${rest}`);
    expect(run.stderr).not.toContain('../');
    // The json form names it from the fleet root, the message from the working directory.
    const json = await runCliInProcess(['compile', '--fleet', dir, '--format', 'json']);
    expect((JSON.parse(json.stderr) as { code: string; file: string }[]).find((d) => d.code === 'output_foreign_file')?.file).toBe(
      'generated/argocd/retired.yaml',
    );
    // Run from the fleet, or from the folder holding it, both are inside: relative.
    const inside = await runCliInProcess(['compile'], { cwd: dir });
    expect(inside.stderr.split('\n')).toContain(`generated/argocd/retired.yaml${said}generated/argocd/retired.yaml${rest}`);
    const above = await runCliInProcess(['compile', '--fleet', path.basename(dir)], { cwd: path.dirname(dir) });
    const fromAbove = path.join(path.basename(dir), 'generated', 'argocd', 'retired.yaml');
    expect(above.stderr.split('\n')).toContain(`${fromAbove}${said}${fromAbove}${rest}`);
    expect(await readOutputTree(path.join(dir, 'generated'))).toEqual(before);
  });

  it('a tree of its own whose manifest was deleted and one file edited: says the manifest was most likely deleted, not to check --out', async () => {
    const dir = tempFleet();
    expect((await runCliInProcess(['compile', '--fleet', dir])).exitCode).toBe(0);
    const out = path.join(dir, 'generated');
    const files = (await readOutputTree(out)).size;
    rmSync(path.join(out, '.diene-manifest.json'));
    writeFileSync(path.join(out, 'kargo', 'nitroso.yaml'), `${readFileSync(path.join(out, 'kargo', 'nitroso.yaml'), 'utf8')}# by hand\n`);
    const run = await runCliInProcess(['compile', '--fleet', dir]);
    expect(run.exitCode).toBe(2);
    expect(run.stderr).toContain(
      `the output directory ${out} is not one diene made: it has no manifest (.diene-manifest.json) and holds one entry diene did not write (kargo/nitroso.yaml)`,
    );
    // Every other file is an output byte for byte: the manifest and the edited file are the two not counted.
    expect(run.stderr).toContain(
      `hint: ${out} holds ${files - 2} of the files diene writes there, so its manifest was most likely deleted: restore it (git checkout -- ${path.join(out, '.diene-manifest.json')}, if git tracks it)`,
    );
    expect(run.stderr).not.toContain('check --out');
  });

  it('names an output edited by hand from the repository in a github annotation and from the working directory in its text; git restores it only when git has it', async () => {
    const dir = tempFleet();
    expect((await runCliInProcess(['compile', '--fleet', dir])).exitCode).toBe(0);
    const edited = path.join(dir, 'generated', 'argocd', 'nitroso.yaml');
    const written = readFileSync(edited, 'utf8');
    writeFileSync(edited, `${written}# mine\n`);
    const deleteAdvice =
      'if the edit is not wanted, delete generated/argocd/nitroso.yaml (or move it elsewhere to keep a copy) and compile again: diene writes it anew';
    const expectAdvice = async (git: boolean) => {
      const run = await runCliInProcess(['compile', '--format', 'github'], { cwd: dir });
      expect(run.exitCode, run.stderr).toBe(2);
      expect(run.stderr).toContain(
        '::error file=generated/argocd/nitroso.yaml,title=output_foreign_file::generated/argocd/nitroso.yaml holds what diene did not write: its bytes differ from the digest',
      );
      expect(run.stderr).not.toContain(dir);
      if (git)
        expect(run.stderr).toContain(
          'hint: if the edit is not wanted, restore the file (e.g. git checkout HEAD -- generated/argocd/nitroso.yaml) or delete it; after a git merge, take one side of the whole folder (git checkout --theirs -- generated)',
        );
      else {
        expect(run.stderr).toContain(`hint: ${deleteAdvice}`);
        expect(run.stderr).not.toContain('git checkout');
      }
      const check = await runCliInProcess(['compile', '--check'], { cwd: dir });
      expect(check.exitCode, check.stderr).toBe(1);
      expect(check.stderr).toContain(
        `(a file marked edited below: ${git ? '`git checkout HEAD -- <file>`' : 'delete it'} if its edit is not wanted, or change the fleet's inputs to keep it;`,
      );
    };
    // No repository at all.
    await expectAdvice(false);
    // A repository that ignores the output tree: git has nothing to give back.
    writeFileSync(path.join(dir, '.gitignore'), 'generated/\n');
    git(dir, 'init', '-q', '-b', 'main');
    git(dir, 'add', '-A');
    git(dir, 'commit', '-q', '-m', 'inputs only');
    expect(git(dir, 'ls-files', 'generated')).toBe('');
    await expectAdvice(false);
    // The output tree as diene wrote it, committed: git checkout HEAD restores the file, and the tree is fresh again.
    writeFileSync(edited, written);
    git(dir, 'add', '-f', 'generated');
    git(dir, 'commit', '-q', '-m', 'outputs');
    writeFileSync(edited, `${written}# mine\n`);
    await expectAdvice(true);
    git(dir, 'checkout', 'HEAD', '--', 'generated/argocd/nitroso.yaml');
    expect((await runCliInProcess(['compile', '--check'], { cwd: dir })).exitCode).toBe(0);
  });

  it('leaves the output directory exactly as it was when the compile fails', async () => {
    const dir = tempFleet();
    expect((await runCliInProcess(['compile', '--fleet', dir])).exitCode).toBe(0);
    const before = await readOutputTree(path.join(dir, 'generated'));
    writeFileSync(path.join(dir, 'registry', 'landscapes', 'pichu.yaml'), 'name: pichu\nregion: NRT\ntier: dev\n');
    const run = await runCliInProcess(['compile', '--fleet', dir]);
    expect(run.exitCode).toBe(2);
    expect(run.stderr).toContain('registry/landscapes/pichu.yaml:2:9: error region_unknown');
    expect(await readOutputTree(path.join(dir, 'generated'))).toEqual(before);
  });

  it('resolves --out against the working directory, like every other path argument', async () => {
    const dir = tempFleet();
    expect((await runCliInProcess(['compile', '--fleet', '.', '--out', 'build/deploy'], { cwd: dir })).exitCode).toBe(0);
    expect(existsSync(path.join(dir, 'build', 'deploy', 'argocd', 'nitroso.yaml'))).toBe(true);
  });

  it('restores the previous tree when a swap was interrupted between its two renames; --check only reads it', async () => {
    const dir = tempFleet();
    expect((await runCliInProcess(['compile', '--fleet', dir])).exitCode).toBe(0);
    const out = path.join(dir, 'generated');
    const previous = path.join(dir, '.generated.previous');
    const before = await readOutputTree(out);
    // simulate a kill after `generated` → `.generated.previous` and before the new tree moved in
    renameSync(out, previous);
    const check = await runCliInProcess(['compile', '--fleet', dir, '--check']);
    expect(check.exitCode, check.stderr).toBe(0);
    expect(check.stderr).toContain(`note: ${previous} is left from an interrupted compile; the next \`diene compile\` restores it`);
    expect(existsSync(out)).toBe(false);
    expect(await readOutputTree(previous)).toEqual(before);
    expect((await runCliInProcess(['compile', '--fleet', dir])).exitCode).toBe(0);
    expect(await readOutputTree(out)).toEqual(before);
    expect(existsSync(previous)).toBe(false);
  });
});

describe('diene compile --check', () => {
  it('exits 0 when the generated files are fresh', async () => {
    const dir = tempFleet();
    expect((await runCliInProcess(['compile', '--fleet', dir])).exitCode).toBe(0);
    const run = await runCliInProcess(['compile', '--fleet', dir, '--check']);
    expect(run.exitCode, run.stderr).toBe(0);
    expect(run.stdout).toBe('');
    expect(run.stderr).toContain(`fresh: ${GOLDEN_FILES} files`);
  });

  it('exits 1 with the unified diff on stdout and the stale, missing and extra files on stderr', () => {
    const dir = tempFleet();
    expect(runCli(['compile', '--fleet', dir]).exitCode).toBe(0);
    const out = path.join(dir, 'generated');
    const platformRecord = path.join(out, 'platforms', 'nitroso.yaml');
    writeFileSync(platformRecord, readFileSync(platformRecord, 'utf8').replace('- pichu\n', '- pichu-edited\n'));
    rmSync(path.join(out, 'kargo', 'mercury.yaml'));
    writeFileSync(path.join(out, 'argocd', 'cobalt.yaml'), 'stale: true\n');
    const run = runCli(['compile', '--fleet', dir, '--check']);
    expect(run.exitCode).toBe(1);
    expect(run.stderr).toContain('  edited  platforms/nitroso.yaml  (changed by hand after diene wrote it)');
    expect(run.stderr).toContain('  missing kargo/mercury.yaml');
    expect(run.stderr).toContain('  foreign argocd/cobalt.yaml  (diene did not write it)');
    expect(run.stdout).toContain('--- a/platforms/nitroso.yaml');
    expect(run.stdout).toContain('+++ b/platforms/nitroso.yaml');
    expect(run.stdout).toContain('-    - pichu-edited\n+    - pichu\n');
    expect(run.stdout).toContain('+++ b/kargo/mercury.yaml');
    expect(run.stdout).toContain('--- a/argocd/cobalt.yaml');
  });

  it('tells a file added by hand from one diene wrote and no longer produces: the first is for the user to move, not for compile', async () => {
    const dir = tempFleet();
    expect((await runCliInProcess(['compile', '--fleet', dir])).exitCode).toBe(0);
    // A platform removed from the inputs: the files diene wrote for it are extra, and compile removes them.
    rmSync(path.join(dir, 'platforms', 'mercury'), { recursive: true });
    for (const claim of readdirSync(path.join(dir, 'claims', 'domains')).filter((f) => f.includes('.mercury.')))
      rmSync(path.join(dir, 'claims', 'domains', claim));
    const ours = await runCliInProcess(['compile', '--fleet', dir, '--check']);
    expect(ours.exitCode, ours.stderr).toBe(1);
    // stdout and stderr count the same files: every stale, missing and extra line, the manifest among them.
    const listed = ours.stderr.split('\n').filter((l) => /^ {2}(changed|missing|extra) /.test(l));
    expect(listed).toContain('  changed .diene-manifest.json');
    const count = (word: string) => listed.filter((l) => l.startsWith(`  ${word} `)).length;
    expect(ours.stderr).toContain(
      `stale: ${listed.length} generated files of ${GOLDEN_FILES - count('extra')} differ from what the inputs produce; run \`diene compile --fleet ${dir}\` and commit the result\n`,
    );
    expect(ours.stderr).toMatch(/\n {2}extra {3}books\/mercury\//);
    expect(count('extra')).toBeGreaterThan(0);
    expect(ours.stdout.split('\n')[0]).toMatch(
      new RegExp(
        `^${listed.length} generated files of \\d+ differ from what the inputs produce: 0 missing, ${count('changed')} changed, ${count('extra')} extra; objects`,
      ),
    );
    expect(ours.stdout).toContain('\n  changed  .diene-manifest.json\n');
    expect(ours.stdout).not.toContain('diene did not write');
    // A stray file added by hand: --check gives compile's refusal, and compile does refuse it.
    // The temporary fleet is outside the working directory (the checkout): named by its absolute path.
    writeFileSync(path.join(dir, 'generated', 'dns', 'stray.json'), '{}\n');
    const github = await runCliInProcess(['compile', '--fleet', dir, '--check', '--format', 'github']);
    expect(github.exitCode).toBe(1);
    expect(github.stderr).toContain(
      `stale: ${listed.length} generated files of ${GOLDEN_FILES - count('extra')} differ from what the inputs produce, and ${path.join(dir, 'generated')} holds 1 file diene did not write; \`diene compile\` refuses to remove or overwrite what diene did not write: restore or move it yourself`,
    );
    expect(github.stderr).toContain('  foreign dns/stray.json  (diene did not write it)');
    expect(github.stderr).toMatch(
      /::error file=generated\/dns\/stray\.json,title=output_foreign_file::.*stray\.json holds what diene did not write: diene writes no such file/,
    );
    expect(github.stderr).not.toMatch(/stray\.json.*no longer produced/);
    const summary = (await runCliInProcess(['compile', '--fleet', dir, '--check'])).stdout;
    // The stray file is no generated file: the count of those that differ is the same as before it was added.
    expect(summary.split('\n')[0]).toMatch(
      new RegExp(
        `^${listed.length} generated files of \\d+ differ .*, ${count('extra')} extra; objects: .*; 1 file diene did not write \\(added by hand\\); \`diene compile\` refuses what was added or edited by hand: restore or move it yourself$`,
      ),
    );
    expect(summary).toMatch(/\n {2}foreign {2}dns\/stray\.json\n/);
    const refused = await runCliInProcess(['compile', '--fleet', dir]);
    expect(refused.exitCode).toBe(2);
    expect(refused.stderr).toContain('output_foreign_file');
    rmSync(path.join(dir, 'generated', 'dns', 'stray.json'));
    expect((await runCliInProcess(['compile', '--fleet', dir])).exitCode).toBe(0);
    expect((await runCliInProcess(['compile', '--fleet', dir, '--check'])).exitCode).toBe(0);
  });

  it('writes nothing, and counts every missing file the same on stdout and stderr, the manifest among them', async () => {
    const dir = tempFleet();
    const run = await runCliInProcess(['compile', '--fleet', dir, '--check']);
    expect(run.exitCode).toBe(1);
    expect(existsSync(path.join(dir, 'generated'))).toBe(false);
    const missing = run.stderr.split('\n').filter((l) => l.startsWith('  missing '));
    expect(missing).toHaveLength(GOLDEN_FILES);
    expect(missing).toContain('  missing .diene-manifest.json');
    expect(run.stderr).toContain(`stale: ${GOLDEN_FILES} generated files of ${GOLDEN_FILES} differ from what the inputs produce; run`);
    expect(run.stdout.split('\n')[0]).toMatch(
      new RegExp(`^${GOLDEN_FILES} generated files of ${GOLDEN_FILES} differ from what the inputs produce: ${GOLDEN_FILES} missing, 0 changed, 0 extra;`),
    );
    expect(run.stdout).toContain('\n  missing  .diene-manifest.json\n');
  });

  it('names an output deleted by hand missing in every form: the notes, the review, the finding, and the note of the compile that writes it back', async () => {
    const dir = tempFleet();
    expect((await runCliInProcess(['compile', '--fleet', dir])).exitCode).toBe(0);
    rmSync(path.join(dir, 'generated', 'argocd', 'nitroso.yaml'));
    const check = await runCliInProcess(['compile', '--fleet', dir, '--check', '--format', 'github']);
    expect(check.exitCode, check.stderr).toBe(1);
    expect(check.stderr).toContain('stale: 1 generated file of');
    expect(check.stderr).toContain('\n  missing argocd/nitroso.yaml\n');
    expect(check.stdout.split('\n')[0]).toMatch(/^1 generated file of \d+ differs from what the inputs produce: 1 missing, 0 changed, 0 extra;/);
    expect(check.stdout).toContain('\n  missing  argocd/nitroso.yaml  objects: ');
    expect(check.stderr).toContain(
      `::error file=generated/argocd/nitroso.yaml,title=output_stale::the generated file ${path.join(dir, 'generated', 'argocd', 'nitroso.yaml')} is missing: the inputs produce it, but it is not in the output directory`,
    );
    for (const word of ['created', 'changed', 'stale  ']) expect(`${check.stdout}\n${check.stderr}`).not.toMatch(new RegExp(`^ {2}${word} `, 'm'));
    const write = await runCliInProcess(['compile', '--fleet', dir]);
    expect(write.exitCode, write.stderr).toBe(0);
    expect(write.stderr).toContain(
      `wrote ${GOLDEN_FILES} files to ${path.join(dir, 'generated')} (1 new (not in the previous tree), ${GOLDEN_FILES - 2} unchanged and linked from the previous tree, and the manifest)`,
    );
    expect(write.stderr).not.toMatch(/\d+ changed/);
  });

  it('counts the outputs the inputs no longer make: a cluster removed drops its gateway file', async () => {
    const dir = tempFleet();
    expect((await runCliInProcess(['compile', '--fleet', dir])).exitCode).toBe(0);
    for (const folder of ['registry', 'state']) rmSync(path.join(dir, folder, 'clusters', 'ampharos-pearl.yaml'));
    const write = await runCliInProcess(['compile', '--fleet', dir, '--no-cache']);
    expect(write.exitCode, write.stderr).toBe(0);
    expect(write.stderr).toMatch(
      new RegExp(
        `wrote ${GOLDEN_FILES - 1} files to \\S+ \\(\\d+ changed, 1 removed \\(no longer made from the inputs\\), \\d+ unchanged and linked from the previous tree, and the manifest\\)`,
      ),
    );
    expect(existsSync(path.join(dir, 'generated', 'gateways', 'ampharos-pearl.json'))).toBe(false);
  });

  it("names the few outputs a change rewrote after the note: a claim edited, its landscape's two route tables", async () => {
    const dir = tempFleet();
    expect((await runCliInProcess(['compile', '--fleet', dir])).exitCode).toBe(0);
    const claim = path.join(dir, 'claims', 'domains', 'api.tin.nitroso.pikachu.cluster.atomi.cloud.json');
    writeFileSync(claim, readFileSync(claim, 'utf8').replace('"paulca"', '"paulcb"'));
    const write = await runCliInProcess(['compile', '--fleet', dir, '--no-cache']);
    expect(write.exitCode, write.stderr).toBe(0);
    expect(write.stderr).toContain(
      `wrote ${GOLDEN_FILES} files to ${path.join(dir, 'generated')} (2 changed, ${GOLDEN_FILES - 3} unchanged and linked from the previous tree, and the manifest): changed route-paths/pikachu.json, route-paths/pikachu.sql`,
    );
  });

  it('exits 2, not 1, on invalid input', async () => {
    const dir = tempFleet({ 'registry/landscapes/pichu.yaml': 'name: pichu\n' });
    expect((await runCliInProcess(['compile', '--fleet', dir, '--check'])).exitCode).toBe(2);
  });
});

describe('exit codes of faults', () => {
  it('exits 2 for a fleet directory that does not exist', () => {
    const run = runCli(['compile', '--fleet', '/nonexistent/fleet']);
    expect(run.exitCode).toBe(2);
    expect(run.stderr).toContain('error usage_fleet_not_directory: --fleet "/nonexistent/fleet" is not a directory: nothing is there');
  });
});
