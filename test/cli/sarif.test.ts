/**
 * `--format sarif` (validate, compile, compile --check) for GitHub code
 * scanning: each log is validated against the SARIF 2.1.0 JSON schema that
 * Microsoft's SARIF SDK ships in its multitool's npm package (never a copy),
 * with ajv; the rules come from the diagnostics catalog; the locations are
 * paths from the repository root (the git work tree holding the fleet, or
 * --path-prefix), as in the github form; the same inputs give the same bytes.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { afterEach, describe, expect, it } from 'vitest';
import { catalog } from '../../compiler/diagnostics/catalog.js';
import { DIAGNOSTICS_REFERENCE_URL, FINGERPRINT_KEY, ruleText } from '../../compiler/diagnostics/sarif.js';
import { shownPath } from '../../compiler/cli/command.js';
import type { Diagnostic } from '../../compiler/diagnostics/diagnostic.js';
import { overlayTexts, readFleetTexts, REPO_ROOT, writeTempFleet } from '../support/fleet-fixture.js';
import { skippedBecause, skipUnlessPresent } from '../support/required.js';
import { runCli, runCliInProcess } from '../support/run-cli.js';
// Command lines whose subject is the command's output, diagnostics and exit code run the CLI's
// `main` in this process (runCliInProcess, held to the binary's bytes by test/cli/in-process.test.ts);
// the first test that runs the CLI, and the helpers above the tests, run bin/diene.js.

type Json = Record<string, any>;

const NOW = ['--now', '2026-11-21T00:00:00Z'];
const FLEET = 'fleets/prod';

/** The schema file of the multitool's package for this platform (its optional dependency), or undefined. */
function schemaPath(): string | undefined {
  try {
    const require = createRequire(import.meta.url);
    const file = path.join(path.dirname(require.resolve(`@microsoft/sarif-multitool-${process.platform}/package.json`)), 'sarif-2.1.0.json');
    return existsSync(file) ? file : undefined;
  } catch {
    return undefined;
  }
}

const schemaFile = schemaPath();
const missing = schemaFile === undefined ? `the SARIF 2.1.0 schema of @microsoft/sarif-multitool-${process.platform} (npm ci)` : undefined;
const skip = skipUnlessPresent(missing);

// ajv-formats is CommonJS: under NodeNext its default import is module.exports.
const addFormats = (addFormatsModule as unknown as { default: typeof addFormatsModule.default }).default;

function validator(): (log: unknown) => string[] {
  const schema = JSON.parse(readFileSync(schemaFile as string, 'utf8')) as Json;
  // The schema's own language pattern is not a valid Unicode-mode expression; ajv then reads patterns as plain RegExps.
  const ajv = new Ajv2020({ allErrors: true, strict: false, unicodeRegExp: false });
  addFormats(ajv);
  const validate = ajv.compile(schema);
  return (log) => (validate(log) ? [] : (validate.errors ?? []).map((e) => `${e.instancePath} ${e.message}`));
}

const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup();
});

/** A git repository holding the reference fleet (with `overlay`) in fleets/prod; returns the repository's folder. */
function repository(overlay: Record<string, string | null> = {}): string {
  const texts = new Map([...overlayTexts(readFleetTexts(), overlay)].map(([file, text]) => [`${FLEET}/${file}`, text]));
  const repo = writeTempFleet(texts);
  cleanups.push(repo.cleanup);
  expect(spawnSync('git', ['init', '-q'], { cwd: repo.dir }).status).toBe(0);
  return repo.dir;
}

function results(log: Json): Json[] {
  return log.runs[0].results as Json[];
}

describe.skipIf(skip)(`--format sarif${skippedBecause(missing)}`, () => {
  const check = schemaFile ? validator() : () => ['no schema'];

  it('validate: a schema-valid log on stdout, rules from the catalog, places from the repository root, the same bytes twice', () => {
    const repo = repository();
    const run = runCli(['validate', '--fleet', FLEET, '--format', 'sarif', ...NOW], { cwd: repo });
    expect(run.exitCode, run.stderr).toBe(0);
    expect(run.stderr).toBe('');
    const log = JSON.parse(run.stdout) as Json;
    expect(check(log)).toEqual([]);
    expect(log.version).toBe('2.1.0');
    // the validator does refuse what SARIF forbids
    const broken = JSON.parse(run.stdout) as Json;
    broken.runs[0].results[0].level = 'fatal';
    broken.runs[0].results[0].locations[0].physicalLocation.region.startLine = 0;
    expect(check(broken).length).toBeGreaterThanOrEqual(2);
    const json = runCli(['validate', '--fleet', FLEET, '--format', 'json', ...NOW], { cwd: repo });
    const diagnostics = JSON.parse(json.stdout) as Diagnostic[];
    expect(diagnostics.length).toBeGreaterThan(0);
    const rules = log.runs[0].tool.driver.rules as Json[];
    expect(rules.map((r) => r.id)).toEqual([...new Set(diagnostics.map((d) => d.code))].sort());
    for (const rule of rules) {
      const entry = catalog[rule.id as keyof typeof catalog];
      expect(rule.help.text).toBe(`${ruleText(entry.hint)}\n\nThe code, its fix and sample cases: ${DIAGNOSTICS_REFERENCE_URL}#${rule.id}`);
      expect(rule.shortDescription.text).toBe(ruleText(entry.message));
      expect(rule.defaultConfiguration.level).toBe(entry.severity);
    }
    expect(results(log).map((r) => [r.ruleId, r.level, r.locations[0].physicalLocation.artifactLocation.uri, r.locations[0].physicalLocation.region])).toEqual(
      diagnostics.map((d) => [
        d.code,
        d.severity,
        `${FLEET}/${d.file}`,
        { startLine: d.line, startColumn: d.column, endLine: d.endLine, endColumn: d.endColumn },
      ]),
    );
    for (const [i, result] of results(log).entries()) {
      expect(rules[result.ruleIndex as number]?.id).toBe(result.ruleId);
      expect(result.message.text).toBe(`${diagnostics[i]?.message} (hint: ${diagnostics[i]?.hint})`);
    }
    expect(runCli(['validate', '--fleet', FLEET, '--format', 'sarif', ...NOW], { cwd: repo }).stdout).toBe(run.stdout);
  });

  it('validate: errors are error results, exit 2; --path-prefix overrides the repository root; the github form is rooted the same way', async () => {
    const repo = repository({ 'registry/landscapes/raichu.yaml': 'landscape: raichu\nregion: XXX\n' });
    const run = await runCliInProcess(['validate', '--fleet', FLEET, '--format', 'sarif', '--path-prefix', 'elsewhere/', ...NOW], { cwd: repo });
    expect(run.exitCode).toBe(2);
    const log = JSON.parse(run.stdout) as Json;
    expect(check(log)).toEqual([]);
    const errors = results(log).filter((r) => r.level === 'error');
    expect(errors.length).toBeGreaterThan(0);
    expect(errors.map((r) => r.locations[0].physicalLocation.artifactLocation.uri)).toContain('elsewhere/registry/landscapes/raichu.yaml');
    const github = await runCliInProcess(['validate', '--fleet', FLEET, '--format', 'github', ...NOW], { cwd: repo });
    expect(github.stderr).toMatch(/^::error file=fleets\/prod\/registry\/landscapes\/raichu\.yaml,line=\d+/m);
    // the text form above the annotations names files from the working directory: here the repository root, the same paths
    expect(github.stderr).toMatch(/^fleets\/prod\/registry\/landscapes\/raichu\.yaml:\d+:\d+: error /m);
  });

  it('compile --check: each file added or edited by hand is an output_foreign_file error result; stderr holds the log alone; exit 1', async () => {
    const repo = repository();
    const fleet = path.join(repo, FLEET);
    expect((await runCliInProcess(['compile', '--fleet', fleet, ...NOW])).exitCode).toBe(0);
    const fresh = await runCliInProcess(['compile', '--check', '--fleet', FLEET, '--format', 'sarif', ...NOW], { cwd: repo });
    expect(fresh.exitCode, fresh.stderr).toBe(0);
    expect(results(JSON.parse(fresh.stderr) as Json).every((r) => r.ruleId !== 'output_stale')).toBe(true);
    writeFileSync(path.join(fleet, 'generated', 'platforms', 'nitroso.yaml'), 'changed: true\n');
    writeFileSync(path.join(fleet, 'generated', 'argocd', 'extra.yaml'), 'extra: true\n');
    const stale = await runCliInProcess(['compile', '--check', '--fleet', FLEET, '--format', 'sarif', ...NOW], { cwd: repo });
    expect(stale.exitCode).toBe(1);
    const log = JSON.parse(stale.stderr) as Json;
    expect(check(log)).toEqual([]);
    // Both files were written by hand: each is the refusal compile would give, not a stale file for compile to fix.
    const findings = results(log).filter((r) => r.ruleId === 'output_stale' || r.ruleId === 'output_foreign_file');
    expect(findings.map((r) => [r.ruleId, r.level, r.locations[0].physicalLocation.artifactLocation.uri])).toEqual([
      ['output_foreign_file', 'error', `${FLEET}/generated/platforms/nitroso.yaml`],
      ['output_foreign_file', 'error', `${FLEET}/generated/argocd/extra.yaml`],
    ]);
    expect(findings[1]?.message.text).toContain('diene writes no such file, and the manifest (.diene-manifest.json) does not list it');
    // The human review stays on stdout: the edited file counts as generated, the added one apart.
    expect(stale.stdout).toMatch(
      /^1 generated file of \d+ differs from what the inputs produce: 0 missing, 0 changed, 0 extra, 1 edited by hand; .*; 1 file diene did not write \(added by hand\)/m,
    );
    expect((await runCliInProcess(['compile', '--check', '--fleet', FLEET, '--format', 'sarif', ...NOW], { cwd: repo })).stderr).toBe(stale.stderr);
  });

  it('compile --check --output FILE writes the log to FILE, --output - to stdout (the review then on stderr); --output needs --format json or sarif', async () => {
    const repo = repository();
    const fleet = path.join(repo, FLEET);
    expect((await runCliInProcess(['compile', '--fleet', fleet, ...NOW])).exitCode).toBe(0);
    rmSync(path.join(fleet, 'generated', 'argocd', 'nitroso.yaml'));
    const onStderr = await runCliInProcess(['compile', '--check', '--fleet', FLEET, '--format', 'sarif', ...NOW], { cwd: repo });
    expect(onStderr.exitCode).toBe(1);
    const toFile = await runCliInProcess(['compile', '--check', '--fleet', FLEET, '--format', 'sarif', '--output', 'out/diene.sarif', ...NOW], { cwd: repo });
    expect(toFile.exitCode).toBe(1);
    expect(readFileSync(path.join(repo, 'out', 'diene.sarif'), 'utf8')).toBe(onStderr.stderr);
    expect(toFile.stderr).toBe('');
    expect(toFile.stdout).toBe(onStderr.stdout);
    expect(toFile.stdout).toContain('generated file');
    const toStdout = await runCliInProcess(['compile', '--check', '--fleet', FLEET, '--format', 'sarif', '--output', '-', ...NOW], { cwd: repo });
    expect(toStdout.exitCode).toBe(1);
    expect(existsSync(path.join(repo, '-'))).toBe(false);
    expect(toStdout.stdout).toBe(onStderr.stderr);
    expect(toStdout.stderr).toBe(onStderr.stdout);
    const json = await runCliInProcess(['compile', '--check', '--fleet', FLEET, '--format', 'json', '--output', 'diene.json', ...NOW], { cwd: repo });
    expect((JSON.parse(readFileSync(path.join(repo, 'diene.json'), 'utf8')) as Diagnostic[]).map((d) => d.code)).toContain('output_stale');
    expect(json.stderr).toBe('');
    const text = await runCliInProcess(['compile', '--check', '--fleet', FLEET, '--output', 'diene.sarif', ...NOW], { cwd: repo });
    expect(text.exitCode).toBe(2);
    expect(text.stderr).toMatch(/usage_option_missing: diene compile needs --format json or --format sarif\n/);
  });

  it('places a finding of no file on the fleet folder, and writes a usage error as a log too', async () => {
    const repo = repository();
    const run = await runCliInProcess(['compile', '--fleet', FLEET, '--out', FLEET, '--format', 'sarif', ...NOW], { cwd: repo });
    expect(run.exitCode).toBe(2);
    const log = JSON.parse(run.stderr) as Json;
    expect(check(log)).toEqual([]);
    expect(results(log).map((r) => [r.ruleId, r.locations[0].physicalLocation.artifactLocation.uri])).toEqual([['output_location_fleet_root', FLEET]]);
    const usage = await runCliInProcess(['validate', '--fleet', FLEET, '--format', 'sarif', '--path-prefix', '../outside'], { cwd: repo });
    expect(usage.exitCode).toBe(2);
    const refused = JSON.parse(usage.stdout) as Json;
    expect(check(refused)).toEqual([]);
    expect(results(refused).map((r) => r.ruleId)).toEqual(['usage_option_value_invalid']);
  });

  // The SDK's own validator: the schema plus the rules of the specification a schema cannot express.
  const multitool = schemaFile ? path.join(path.dirname(schemaFile), 'Sarif.Multitool') : undefined;
  const noMultitool = skipUnlessPresent(multitool && existsSync(multitool) ? undefined : `Sarif.Multitool of @microsoft/sarif-multitool-${process.platform}`);
  it.skipIf(noMultitool)('passes the SARIF SDK validator (Sarif.Multitool validate) with no error', async () => {
    const repo = repository({ 'registry/landscapes/raichu.yaml': 'landscape: raichu\nregion: XXX\n' });
    const fleet = path.join(repo, FLEET);
    const log = path.join(repo, 'diene.sarif');
    writeFileSync(log, (await runCliInProcess(['validate', '--fleet', FLEET, '--format', 'sarif', ...NOW], { cwd: repo })).stdout);
    const stale = path.join(repo, 'stale.sarif');
    writeFileSync(stale, (await runCliInProcess(['compile', '--check', '--fleet', fleet, '--format', 'sarif', ...NOW], { cwd: repo })).stderr);
    for (const file of [log, stale]) {
      const report = `${file}.validation.sarif`;
      const run = spawnSync(multitool as string, ['validate', file, '--output', report, '--quiet'], {
        encoding: 'utf8',
        timeout: 120_000,
        env: { ...process.env, DOTNET_CLI_TELEMETRY_OPTOUT: '1' },
      });
      expect(run.status, run.stdout + run.stderr).toBe(0);
      const findings = (JSON.parse(readFileSync(report, 'utf8')) as Json).runs[0].results as Json[];
      expect(findings.map((r) => r.message?.text ?? r.ruleId)).toEqual([]);
    }
  });

  /** The findings of Sarif.Multitool validate on `files` with `ruleKinds` (its default levels: errors and warnings), each with the log it is about. */
  function validated(files: string[], ruleKinds: string[], report: string): Json[] {
    const run = spawnSync(multitool as string, ['validate', ...files, '--rule-kind', ruleKinds.join(';'), '--output', report, '--quiet'], {
      encoding: 'utf8',
      timeout: 120_000,
      env: { ...process.env, DOTNET_CLI_TELEMETRY_OPTOUT: '1' },
    });
    expect(run.status, run.stdout + run.stderr).toBe(0);
    return (JSON.parse(readFileSync(report, 'utf8')) as Json).runs[0].results as Json[];
  }

  /** Logs of every kind of finding: a fleet with errors and warnings, stale and hand-edited outputs, a fleet-wide finding, a usage error. */
  async function logs(repo: string): Promise<Map<string, string>> {
    const fleet = path.join(repo, FLEET);
    const texts = new Map<string, string>();
    expect((await runCliInProcess(['compile', '--fleet', fleet, ...NOW])).exitCode).toBe(0);
    rmSync(path.join(fleet, 'generated', 'argocd', 'nitroso.yaml'));
    writeFileSync(path.join(fleet, 'generated', 'platforms', 'nitroso.yaml'), 'changed: true\n');
    writeFileSync(path.join(fleet, 'registry', 'landscapes', 'raichu.yaml'), 'landscape: raichu\nregion: XXX\n');
    texts.set('validate', (await runCliInProcess(['validate', '--fleet', FLEET, '--format', 'sarif', ...NOW], { cwd: repo })).stdout);
    writeFileSync(path.join(fleet, 'registry', 'landscapes', 'raichu.yaml'), readFleetTexts().get('registry/landscapes/raichu.yaml') as string);
    texts.set('check', (await runCliInProcess(['compile', '--check', '--fleet', FLEET, '--format', 'sarif', ...NOW], { cwd: repo })).stderr);
    texts.set('fleet-wide', (await runCliInProcess(['compile', '--fleet', FLEET, '--out', FLEET, '--format', 'sarif', ...NOW], { cwd: repo })).stderr);
    texts.set('usage', (await runCliInProcess(['validate', '--fleet', FLEET, '--format', 'sarif', '--path-prefix', '../outside'], { cwd: repo })).stdout);
    return texts;
  }

  // GitHub code scanning's own rules, as the SARIF SDK's validator checks them with its `Gh` rule kind
  // (GH1001 locations, GH1003 regions, GH1005 relative URIs, GH1007 formatted messages, GH2012 rule full descriptions, …).
  it.skipIf(noMultitool)("passes GitHub code scanning's rules (Sarif.Multitool validate --rule-kind Gh) for every kind of finding", async () => {
    const repo = repository();
    const texts = await logs(repo);
    const check = JSON.parse(texts.get('check') as string) as Json;
    // The stale output (a missing file: no line) is among the findings, with a region as the others.
    expect(results(check).find((r) => r.ruleId === 'output_stale')?.locations[0].physicalLocation.region).toEqual({ startLine: 1 });
    const files = [...texts].map(([name, text]) => {
      writeFileSync(path.join(repo, `${name}.sarif`), text);
      return path.join(repo, `${name}.sarif`);
    });
    // The validator does hold a log to those rules: the same log without what code scanning needs is refused.
    const stripped = JSON.parse(texts.get('check') as string) as Json;
    for (const rule of stripped.runs[0].tool.driver.rules as Json[]) delete rule.fullDescription;
    delete stripped.runs[0].results[0].locations;
    const strippedFile = path.join(repo, 'stripped.sarif');
    writeFileSync(strippedFile, JSON.stringify(stripped, null, 2));
    const findings = validated([...files, strippedFile], ['Gh'], path.join(repo, 'validation.sarif'));
    const about = (file: string) => findings.filter((r) => r.locations[0].physicalLocation.artifactLocation.uri.endsWith(`/${path.basename(file)}`));
    for (const file of files)
      expect(
        about(file).map((r) => `${r.ruleId}: ${r.message.id} ${r.message.arguments?.join(' ')}`),
        file,
      ).toEqual([]);
    const said = (id: string) =>
      about(strippedFile)
        .filter((r) => r.message.id === id)
        .map((r) => `${r.ruleId} ${r.message.arguments[0]}`);
    expect(said('Error_MissingFullDescription')).toEqual(
      (stripped.runs[0].tool.driver.rules as Json[]).map((_r, i) => `GH2012 runs[0].tool.driver.rules[${i}]`),
    );
    expect(said('Error_MissingLocationsArray')).toContain('GH1015 runs[0].results[0]');
  });

  // What GitHub's "SARIF support for code scanning" page asks beyond the validator: fingerprints that follow a finding,
  // rule help that links to its documentation, texts a person reads, one category per analysis.
  it('gives code scanning rule texts without placeholders linked to the reference, a region and a fingerprint on every result, and a category', async () => {
    const repo = repository();
    const texts = await logs(repo);
    const reference = readFileSync(path.join(REPO_ROOT, 'docs', 'diagnostics-reference.md'), 'utf8');
    const anchors = new Set([...reference.matchAll(/^### (\w+)$/gm)].map((m) => m[1]));
    for (const [name, text] of texts) {
      const run = (JSON.parse(text) as Json).runs[0];
      for (const rule of run.tool.driver.rules as Json[]) {
        for (const field of [rule.shortDescription.text, rule.fullDescription.text, rule.help.text]) {
          expect(field, rule.id).not.toMatch(/\{\w+\}/);
          expect(field.length, rule.id).toBeGreaterThan(0);
        }
        expect(rule.fullDescription.text).toContain(' Fix: ');
        const [page, anchor] = (rule.helpUri as string).split('#');
        expect(page).toBe('https://github.com/AtomiCloud/diene/blob/main/docs/diagnostics-reference.md');
        expect(anchors.has(anchor), `${rule.id}: no section #${anchor} in docs/diagnostics-reference.md`).toBe(true);
      }
      for (const result of results({ runs: [run] })) {
        expect(result.locations[0].physicalLocation.region.startLine, name).toBeGreaterThanOrEqual(1);
        expect(result.partialFingerprints[FINGERPRINT_KEY], name).toMatch(/^[0-9a-f]{32}:\d+$/);
      }
      const prints = results({ runs: [run] }).map((r) => r.partialFingerprints[FINGERPRINT_KEY] as string);
      expect(new Set(prints).size, name).toBe(prints.length);
    }
    expect(JSON.parse(texts.get('validate') as string).runs[0].automationDetails).toEqual({ id: `diene/validate/${FLEET}/` });
    expect(JSON.parse(texts.get('check') as string).runs[0].automationDetails).toEqual({ id: `diene/compile/${FLEET}/` });
    // A finding keeps its fingerprint when lines above it move; its region follows the line.
    const file = path.join(repo, FLEET, 'registry', 'landscapes', 'raichu.yaml');
    writeFileSync(file, 'landscape: raichu\nregion: XXX\n');
    const before = results(JSON.parse((await runCliInProcess(['validate', '--fleet', FLEET, '--format', 'sarif', ...NOW], { cwd: repo })).stdout) as Json);
    writeFileSync(file, '# moved down\n\nlandscape: raichu\nregion: XXX\n');
    const after = results(JSON.parse((await runCliInProcess(['validate', '--fleet', FLEET, '--format', 'sarif', ...NOW], { cwd: repo })).stdout) as Json);
    const raichu = (list: Json[]) => list.filter((r) => r.locations[0].physicalLocation.artifactLocation.uri.endsWith('raichu.yaml'));
    expect(raichu(before).length).toBeGreaterThan(0);
    expect(raichu(after).map((r) => r.partialFingerprints)).toEqual(raichu(before).map((r) => r.partialFingerprints));
    expect(raichu(after).map((r) => r.locations[0].physicalLocation.region.startLine)).toEqual(
      raichu(before).map((r) => r.locations[0].physicalLocation.region.startLine + 2),
    );
  });

  it('is refused by commands without it', async () => {
    const run = await runCliInProcess(['plan', 'dns', '--format', 'sarif']);
    expect(run.exitCode).toBe(2);
    expect(run.stderr).toMatch(/^diene: error usage_option_value_invalid: --format "sarif" is not text or json/m);
  });
});

describe('--path-prefix in every form, and files outside the repository', () => {
  it('names files from the repository root in the text and json forms too when --path-prefix is given (without it, json from the fleet root, text from the working directory)', async () => {
    const repo = repository({ 'registry/landscapes/raichu.yaml': 'landscape: raichu\nregion: XXX\n' });
    const files = async (form: string, extra: string[] = []) => {
      const run = await runCliInProcess(['validate', '--fleet', FLEET, '--format', form, ...extra, ...NOW], { cwd: repo });
      expect(run.exitCode, run.stderr).toBe(2);
      return run;
    };
    const json = (run: { stdout: string }) => (JSON.parse(run.stdout) as Diagnostic[]).filter((d) => d.severity === 'error').map((d) => d.file);
    expect(json(await files('json'))).toContain('registry/landscapes/raichu.yaml');
    expect(json(await files('json', ['--path-prefix', 'elsewhere/']))).toContain('elsewhere/registry/landscapes/raichu.yaml');
    expect((await files('text')).stderr).toMatch(/^fleets\/prod\/registry\/landscapes\/raichu\.yaml:\d+:\d+: error /m);
    const text = (await files('text', ['--path-prefix', 'elsewhere'])).stderr;
    expect(text).toMatch(/^elsewhere\/registry\/landscapes\/raichu\.yaml:\d+:\d+: error /m);
    expect(text).not.toMatch(/^registry\//m);
    // The github form: the annotations and the text above them name the same file.
    const github = (await files('github', ['--path-prefix', 'elsewhere'])).stderr;
    expect(github).toMatch(/^::error file=elsewhere\/registry\/landscapes\/raichu\.yaml,line=\d+/m);
    expect(github).toMatch(/^elsewhere\/registry\/landscapes\/raichu\.yaml:\d+:\d+: error /m);
  });

  it('gives a file of an --out outside the repository no file= in the github form, and names it in the message', async () => {
    const repo = repository();
    const elsewhere = writeTempFleet(new Map());
    cleanups.push(elsewhere.cleanup);
    const out = path.join(elsewhere.dir, 'out');
    expect((await runCliInProcess(['compile', '--fleet', FLEET, '--out', out, ...NOW], { cwd: repo })).exitCode).toBe(0);
    writeFileSync(path.join(out, 'platforms', 'nitroso.yaml'), 'changed: true\n');
    rmSync(path.join(out, 'argocd', 'nitroso.yaml'));
    const shown = shownPath(out, repo);
    const check = await runCliInProcess(['compile', '--check', '--fleet', FLEET, '--out', out, '--format', 'github', ...NOW], { cwd: repo });
    expect(check.exitCode, check.stderr).toBe(1);
    const annotations = check.stderr.split('\n').filter((line) => line.startsWith('::'));
    expect(annotations).toContain(
      `::error title=output_stale::the generated file ${shown}/argocd/nitroso.yaml is missing: the inputs produce it, but it is not in the output directory (hint: run \`diene compile --fleet ${FLEET} --out ${out}\` and commit the result: the generated files must be what the inputs produce)`,
    );
    expect(
      annotations.some((line) => line.startsWith(`::error title=output_foreign_file::${shown}/platforms/nitroso.yaml holds what diene did not write`)),
    ).toBe(true);
    // The fleet's own warnings keep their places in the repository; no annotation points outside it.
    expect(annotations.filter((line) => line.includes('title=output_') && line.includes('file='))).toEqual([]);
    expect(annotations.some((line) => line.startsWith('::warning file=fleets/prod/'))).toBe(true);
    expect(check.stderr).not.toContain('file=..');
    // The same refusal from the compile that writes; the json form keeps the place, from the fleet root.
    const refused = await runCliInProcess(['compile', '--fleet', FLEET, '--out', out, '--format', 'github', ...NOW], { cwd: repo });
    expect(refused.exitCode).toBe(2);
    expect(refused.stderr).toContain(`::error title=output_foreign_file::${shown}/platforms/nitroso.yaml holds what diene did not write`);
    expect(refused.stderr).not.toContain('file=..');
    const json = await runCliInProcess(['compile', '--fleet', FLEET, '--out', out, '--format', 'json', ...NOW], { cwd: repo });
    const foreign = (JSON.parse(json.stderr) as Diagnostic[]).find((d) => d.code === 'output_foreign_file');
    // Outside the fleet root: by its absolute path (docs/diagnostics.md, "How a file is named").
    expect(foreign?.file).toBe(path.join(out, 'platforms', 'nitroso.yaml'));
  });
});
