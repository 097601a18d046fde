// `diene simulate` as an operator runs it on the reference fleet: one drill in text, JSON and
// Markdown; --all-single's whole-fleet matrix; the same bytes whatever the file order, time zone
// or locale; usage errors from the catalog. The matrices themselves are reasoned out in
// test/simulate/running-example.test.ts and failure-pairs.test.ts.

import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { compileFleet } from '../../compiler/index.js';
import { everySingleFailure } from '../../compiler/simulate/failures.js';
import { formatAllSingleText, simulationJson } from '../../compiler/simulate/simulate-report.js';
import { simulate, simulationContext } from '../../compiler/simulate/simulate.js';
import { readFleetTexts, REFERENCE_FLEET, REPO_ROOT, TEST_NOW_SECONDS, toSourceFiles, writeTempFleet } from '../support/fleet-fixture.js';
import { runCli, runCliInProcess } from '../support/run-cli.js';
// Command lines whose subject is the command's output, diagnostics and exit code run the CLI's
// `main` in this process (runCliInProcess, held to the binary's bytes by test/cli/in-process.test.ts);
// the first test that runs the CLI, and the helpers above the tests, run bin/diene.js.

const simulateCli = (...args: string[]) => runCli(['simulate', '--fleet', REFERENCE_FLEET, '--intake', 'mercury/webhook', ...args]);

describe('diene simulate --fail', () => {
  it('prints the drill as text: notes, figures, the matrix, then every cell with its path; nothing on stderr', () => {
    const run = simulateCli('--fail', 'raichu-opal');
    expect(run.exitCode, run.stderr).toBe(0);
    expect(run.stderr).toBe('');
    const lines = run.stdout.split('\n');
    expect(lines.slice(0, 16)).toEqual([
      'simulate: cluster raichu-opal',
      '  traffic planner: 1 tick of 5 s: tick 1 removes raichu-opal (8 changes)',
      '  brake last address: every cluster of raichu.cluster.atomi.cloud is down (raichu-opal); it keeps the addresses of raichu-opal',
      '  brake last address: every cluster of raichu.cluster.atomi-spare.net is down (raichu-opal); it keeps the addresses of raichu-opal',
      '  raichu: raichu-ruby is built and up with traffic: false; turning traffic on would serve raichu again',
      '  figures: TTL 60 s, planner tick 5 s, delegation TTL 86400 s, negative answers 60 s',
      '',
      '                  our app  browser             first sign-in  signed in  outside caller      webhook sender',
      'ampharos          works    works               works          works      works               works',
      'pichu             works    works               works          works      works               works',
      'pikachu           works    works               works          works      works               works',
      'raichu            down     down                down           down       down                down',
      'celebi (virtual)  -        works               -              -          works               works',
      'mew (virtual)     -        degraded (slower)*  -              -          degraded (slower)*  degraded (slower)*',
      '  * the outcome after a while; what users get until then is under each cell',
      '',
    ]);
    expect(run.stdout).toContain(
      [
        '  our app: down [nitroso/tin api]',
        '      because no live address for api.tin.nitroso.raichu.cluster.atomi.cloud (raichu-opal down)',
        '      because no live address for api.tin.nitroso.raichu.cluster.atomi-spare.net (raichu-opal down)',
        '      because book: every candidate of api in raichu failed',
        '      book nitroso/tin/doc-c.json, entry raichu.api: api.tin.nitroso.raichu.cluster.atomi.cloud, api.tin.nitroso.raichu.cluster.atomi-spare.net; refreshed from https://books.atomi.cloud; exhausted',
        '      dns api.tin.nitroso.raichu.cluster.atomi.cloud → raichu.cluster.atomi.cloud: 2001:db8::20 (raichu-opal, down), 203.0.113.20 (raichu-opal, down) (from route53, google)',
      ].join('\n'),
    );
    expect(run.stdout).toContain(
      '  outside caller: works\n      route api.tin.nitroso.pikachu.cluster.atomi.cloud/dashboard: nitroso/zinc (web.zinc.nitroso.pikachu.cluster.atomi.cloud) by prefix "dashboard" (prefix)',
    );
  });

  it('prints the footnote of the matrix only when a cell has its `*` (an outcome that settles after a while)', () => {
    const run = simulateCli('--fail', 'pichu-topaz');
    expect(run.exitCode, run.stderr).toBe(0);
    const matrix = run.stdout.slice(0, run.stdout.indexOf('\n\n', run.stdout.indexOf('our app')));
    expect(matrix).toContain('pichu ');
    expect(matrix).not.toContain('*');
    expect(run.stdout).not.toContain('the outcome after a while');
  });

  it('prints one JSON object with --format json: the figures, the failures, the planner, the summary and every cell', () => {
    const run = simulateCli('--fail', 'ampharos', '--format', 'json');
    expect(run.exitCode, run.stderr).toBe(0);
    const json = JSON.parse(run.stdout);
    expect(json).toMatchObject({ version: 1, figures: { ttl: 60, tick: 5, delegationTtl: 86400, negativeTtl: 60 }, changedOnly: false });
    const [scenario] = json.scenarios;
    expect(scenario.failures).toEqual([{ kind: 'landscape', name: 'ampharos' }]);
    expect(scenario.planner.ticks.map((t: { removing: string }) => t.removing)).toEqual(['ampharos-onyx', 'ampharos-pearl']);
    expect(scenario.summary.browser).toEqual({ works: 4, degraded: 1, down: 1 });
    expect(scenario.summary.app).toEqual({ works: 3, degraded: 0, down: 1 });
    expect(scenario.rows.map((r: { column: string; cells: unknown[] }) => `${r.column} ${r.cells.length}`)).toEqual([
      'ampharos 6',
      'pichu 6',
      'pikachu 6',
      'raichu 6',
      'celebi 6',
      'mew 6',
    ]);
    const mew = scenario.rows[5].cells[1];
    expect(mew).toMatchObject({
      user: 'browser',
      outcome: 'degraded',
      how: ['slower'],
      settle: { seconds: 70, before: 'degraded', beforeHow: ['some-users'] },
    });
  });

  it('prints Markdown for a pull request with --format markdown', () => {
    const run = simulateCli('--fail', 'parent', '--format', 'markdown');
    expect(run.exitCode, run.stderr).toBe(0);
    expect(run.stdout).toContain(
      [
        '| | our app | browser | first sign-in | signed in | outside caller | webhook sender |',
        '|---|---|---|---|---|---|---|',
        '| **ampharos** | ⚠️ degraded (spare base) (after ≤ 86400 s) | ❌ down (after ≤ 86400 s) | ❌ down (after ≤ 86400 s) | ⚠️ degraded (spare base, until token refresh) (after ≤ 86400 s) | ❌ down (after ≤ 86400 s) | ❌ down (after ≤ 86400 s) |',
      ].join('\n'),
    );
    expect(run.stdout).toContain('<details><summary>why, and the path taken</summary>');
  });
});

describe('README.md', () => {
  it("shows one drill's matrix exactly as the CLI prints it", async () => {
    const readme = readFileSync(path.join(REPO_ROOT, 'README.md'), 'utf8');
    const block = /```\n\$ diene simulate --fleet examples\/reference --fail raichu-opal\n([^]*?)```\n/.exec(readme);
    expect(block, 'the drill and its matrix in a code block').not.toBeNull();
    const run = await runCliInProcess(['simulate', '--fleet', REFERENCE_FLEET, '--fail', 'raichu-opal']);
    expect(run.exitCode, run.stderr).toBe(0);
    const matrix = run.stdout.split('\n').slice(7, 15);
    expect(matrix[0]).toMatch(/^ +our app +browser +first sign-in +signed in +outside caller +webhook sender$/);
    expect((block?.[1] ?? '').split('\n').slice(0, -1)).toEqual(matrix);
  });
});

describe('docs/simulate.md', () => {
  it('shows the matrix of one drill exactly as the CLI prints it, and the cell it explains', () => {
    const doc = readFileSync(path.join(REPO_ROOT, 'docs', 'simulate.md'), 'utf8');
    const command = '$ diene simulate --fleet examples/reference --intake mercury/webhook --fail raichu-opal';
    const block = new RegExp(`\`\`\`\n${command.replace(/[$.]/g, '\\$&')}\n([^]*?)\`\`\`\n`).exec(doc);
    expect(block, 'the drill and its output in a code block').not.toBeNull();
    const run = simulateCli('--fail', 'raichu-opal');
    expect(run.exitCode, run.stderr).toBe(0);
    const shown = (block?.[1] ?? '').split('\n').slice(0, -1);
    expect(shown).toHaveLength(15);
    expect(shown).toEqual(run.stdout.split('\n').slice(0, 15));
    const mew = run.stdout.split('\n').filter((line, i, lines) => i > lines.indexOf('mew (virtual: raichu, ampharos)') && line.startsWith('  browser:'))[0];
    expect(doc).toContain(`mew (virtual: raichu, ampharos)\n${mew}\n`);
  });
});

describe('diene simulate --all-single', () => {
  it('prints the whole fleet: one line per single failure, counting the landscapes each kind of user loses', () => {
    const run = simulateCli('--all-single');
    expect(run.exitCode, run.stderr).toBe(0);
    expect(run.stdout.split('\n').slice(0, 23)).toEqual([
      'simulate --all-single: 18 single failures over 6 landscapes and virtual landscapes',
      '  figures: TTL 60 s, planner tick 5 s, delegation TTL 86400 s, negative answers 60 s',
      '  each cell: for that kind of user, how many landscapes are down or degraded once settled, and how many are only briefly worse (and for how long)',
      '',
      'failure                                      our app           browser             first sign-in     signed in         outside caller      webhook sender',
      'cluster ampharos-onyx                        1 brief (≤ 65 s)  2 brief (≤ 65 s)    1 brief (≤ 65 s)  1 brief (≤ 65 s)  2 brief (≤ 65 s)    2 brief (≤ 65 s)',
      'cluster ampharos-pearl                       1 brief (≤ 65 s)  2 brief (≤ 65 s)    1 brief (≤ 65 s)  1 brief (≤ 65 s)  2 brief (≤ 65 s)    2 brief (≤ 65 s)',
      'cluster pichu-topaz                          1 down            1 down              1 down            1 down            1 down              1 down',
      'cluster pikachu-jade                         1 down            2 down              1 down            1 down            2 down              2 down',
      'cluster raichu-opal                          1 down            1 down, 1 degraded  1 down            1 down            1 down, 1 degraded  1 down, 1 degraded',
      'cluster raichu-ruby                          no change         no change           no change         no change         no change           no change',
      'landscape ampharos                           1 down            1 down, 1 degraded  1 down            1 down            1 down, 1 degraded  1 down, 1 degraded',
      'landscape pichu                              1 down            1 down              1 down            1 down            1 down              1 down',
      'landscape pikachu                            1 down            2 down              1 down            1 down            2 down              2 down',
      'landscape raichu                             1 down            1 down, 1 degraded  1 down            1 down            1 down, 1 degraded  1 down, 1 degraded',
      'region IAD                                   1 down            1 down, 1 degraded  1 down            1 down            1 down, 1 degraded  1 down, 1 degraded',
      'region SIN                                   3 down            4 down, 1 degraded  3 down            3 down            4 down, 1 degraded  4 down, 1 degraded',
      'host route53                                 4 degraded        6 degraded          4 degraded        4 degraded        6 degraded          6 degraded',
      'host google                                  4 degraded        6 degraded          4 degraded        4 degraded        6 degraded          6 degraded',
      'parent atomi.cloud                           4 degraded        6 down              4 down            4 degraded        6 down              6 down',
      'place https://books.atomi.cloud              no change         no change           no change         no change         no change           no change',
      'place https://d111111abcdef8.cloudfront.net  no change         no change           no change         no change         no change           no change',
      'control primordial                           no change         no change           no change         no change         no change           no change',
    ]);
  });

  it('holds only the changed cells in JSON, with every scenario summarised', () => {
    const json = JSON.parse(simulateCli('--all-single', '--format', 'json').stdout);
    expect(json.changedOnly).toBe(true);
    expect(json.scenarios).toHaveLength(18);
    const control = json.scenarios.find((s: { title: string }) => s.title === 'control primordial');
    expect(control.rows).toEqual([]);
    expect(control.summary.browser).toEqual({ works: 6, degraded: 0, down: 0 });
    const pichu = json.scenarios.find((s: { title: string }) => s.title === 'cluster pichu-topaz');
    expect(pichu.rows.map((r: { column: string }) => r.column)).toEqual(['pichu']);
  });
});

describe('determinism', () => {
  it('gives the same bytes for any input file order, and in another time zone and locale (CLI)', async () => {
    const texts = readFleetTexts();
    const render = (order: (files: ReturnType<typeof toSourceFiles>) => ReturnType<typeof toSourceFiles>): { text: string; json: string } => {
      const model = compileFleet(order(toSourceFiles(texts)), { nowSeconds: TEST_NOW_SECONDS }).model;
      if (!model) throw new Error('the reference fleet does not compile');
      const context = simulationContext(model, { intake: { platform: 'mercury', service: 'webhook' } });
      const scenarios = everySingleFailure(model).map((f) => simulate(context, [f]));
      return { text: formatAllSingleText(context, scenarios), json: JSON.stringify(simulationJson(context, scenarios, true)) };
    };
    const forward = render((files) => files);
    expect(render((files) => [...files].reverse())).toEqual(forward);
    const fleet = writeTempFleet(texts);
    try {
      const run = await runCliInProcess(['simulate', '--fleet', fleet.dir, '--intake', 'mercury/webhook', '--all-single'], {
        env: { TZ: 'Pacific/Chatham', LANG: 'tr_TR.UTF-8', LC_ALL: 'tr_TR.UTF-8' },
      });
      expect(run.exitCode, run.stderr).toBe(0);
      expect(run.stdout).toBe(forward.text);
    } finally {
      fleet.cleanup();
    }
  });
});

describe('the webhook intake', () => {
  it("defaults to fleet.yaml's intake: the drill without --intake is the drill with --intake mercury/webhook", async () => {
    const named = simulateCli('--fail', 'raichu-opal');
    const declared = await runCliInProcess(['simulate', '--fleet', REFERENCE_FLEET, '--fail', 'raichu-opal']);
    expect(declared.exitCode, declared.stderr).toBe(0);
    expect(declared.stdout).toBe(named.stdout);
    expect(declared.stdout).toMatch(/^raichu +down +down +down +down +down +down$/m);
  });

  it('is "-" in the webhook column of a fleet whose fleet.yaml names no intake', async () => {
    const texts = readFleetTexts();
    const fleetYaml = texts.get('registry/fleet.yaml') as string;
    const withoutIntake = fleetYaml.replace(/^intake:.*\n/m, '');
    expect(withoutIntake).not.toBe(fleetYaml);
    const fleet = writeTempFleet(new Map([...texts, ['registry/fleet.yaml', withoutIntake]]));
    try {
      const run = await runCliInProcess(['simulate', '--fleet', fleet.dir, '--fail', 'raichu-opal']);
      expect(run.exitCode, run.stderr).toBe(0);
      expect(run.stdout).toMatch(/^raichu +down +down +down +down +down +-$/m);
    } finally {
      fleet.cleanup();
    }
  });
});

describe('usage', () => {
  it('needs --fail or --all-single, not both, and a known --format; the errors are usage diagnostics, exit 2', async () => {
    const none = simulateCli('--format', 'json');
    expect(none.exitCode).toBe(2);
    expect(JSON.parse(none.stderr)).toMatchObject([{ code: 'usage_option_missing', message: 'diene simulate needs --fail WHAT[,WHAT…] or --all-single' }]);
    const both = simulateCli('--fail', 'SIN', '--all-single');
    expect(both.exitCode).toBe(2);
    expect(both.stderr).toContain('error usage_option_conflict: --fail and --all-single cannot both be given');
    const yaml = simulateCli('--fail', 'SIN', '--format', 'yaml');
    expect(yaml.exitCode).toBe(2);
    expect(yaml.stderr).toContain('--format "yaml" is not text, json, github or markdown');
    // other commands take only their diagnostic forms
    expect((await runCliInProcess(['validate', '--fleet', REFERENCE_FLEET, '--format', 'markdown'])).stderr).toContain(
      '--format "markdown" is not text, json, github or sarif',
    );
  });

  it('is listed in the help', async () => {
    expect((await runCliInProcess(['--help'])).stdout).toMatch(/^  simulate +Failure drills/m);
    expect((await runCliInProcess(['help', 'simulate'])).stdout).toContain('Usage: diene simulate --fail WHAT[,WHAT...] | --all-single');
  });
});
