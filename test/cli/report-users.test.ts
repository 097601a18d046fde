/**
 * `diene report --base` says what a pull request changes for users, on a
 * fleet of the test's own (test/support/larkspur-fleet.ts) committed in a git
 * repository with two revisions: the base, and a change that takes
 * euprod-green out of DNS, adds usprod-green, moves a claim's prefixes and
 * starts juniper on usdev. The report must give the DNS answers per name and
 * host with each address's cluster, the route-path moves, the address-book
 * entries, the gateway host names, and the resilience lost (euprod now served
 * by euprod-blue alone); validate warns `landscape_prod_single_serving`.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderReport, type ReportInput } from '../../compiler/report/pr-report.js';
import type { DnsAnswerChange } from '../../compiler/report/user-changes.js';
import { REPO_ROOT } from '../support/fleet-fixture.js';
import { git } from '../support/git-fleet.js';
import { larkspurBase, larkspurChange } from '../support/larkspur-fleet.js';
import { runCliInProcess } from '../support/run-cli.js';

const NOW = ['--now', '2026-11-21T00:00:00Z'];

function writeFiles(dir: string, files: Record<string, string | null>): void {
  for (const [file, text] of Object.entries(files)) {
    const target = path.join(dir, file);
    if (text === null) rmSync(target, { force: true });
    else {
      mkdirSync(path.dirname(target), { recursive: true });
      writeFileSync(target, text);
    }
  }
}

describe('diene report: what a change does for users (issue 34)', () => {
  let work: string;
  let repository: string;
  let baseCheckout: string;
  let markdown: string;

  beforeAll(async () => {
    work = mkdtempSync(path.join(tmpdir(), 'diene-report-users-'));
    repository = path.join(work, 'fleet');
    baseCheckout = path.join(work, 'base');
    writeFiles(repository, larkspurBase());
    git(repository, 'init', '-q', '-b', 'trunk');
    git(repository, 'add', '-A');
    git(repository, 'commit', '-q', '-m', 'larkspur fleet');
    writeFiles(repository, larkspurChange());
    git(repository, 'add', '-A');
    git(repository, 'commit', '-q', '-m', 'euprod-green out of DNS, usprod-green in, juniper on usdev');
    git(repository, 'worktree', 'add', '-q', '--detach', baseCheckout, 'HEAD~1');
    const run = await runCliInProcess(['report', '--fleet', repository, '--base', baseCheckout, ...NOW]);
    expect(run.exitCode, run.stderr).toBe(0);
    markdown = run.stdout;
  }, 120_000);

  afterAll(() => rmSync(work, { recursive: true, force: true }));

  it('says in the headline that a landscape no longer survives every single failure, and how many DNS answers and route-path prefixes change', () => {
    expect(markdown.split('\n')[1]).toBe(
      '## diene: euprod no longer survives every single failure; 10 DNS answers and 3 route-path prefixes change for users; 3 rows change what deploys; 18 generated files and 13 objects change (platforms: aspen, juniper)',
    );
  });

  it('names the cluster whose loss now takes euprod down, and the users it takes down', () => {
    expect(markdown).toContain(
      '### Resilience against single failures\n\n1 landscape(s) survived every single failure on the base branch and no longer do (`diene simulate --all-single` on both):\n\n' +
        '- `euprod` is now served by `euprod-blue` alone: down for our app, browser, first sign-in, signed in, outside caller when one of these fails: `cluster euprod-blue`\n',
    );
    // usprod had one cluster on the base (it never survived the loss of usprod-blue): gaining one is no loss; world survives on both.
    expect(markdown).not.toMatch(/^- `usprod`/m);
    expect(markdown).not.toMatch(/^- `world`/m);
  });

  it('gives the DNS answers per name and per DNS host, each address with its cluster', () => {
    expect(markdown).toContain(
      [
        '#### DNS answers: 10 changes at 5 names on 2 DNS hosts',
        '',
        "What `diene plan dns` plans against the base's zone plans, each address with its cluster.",
        '',
        '| name | type | DNS hosts | change |',
        '| --- | --- | --- | --- |',
        '| `euprod.cluster.larkspur.io` | A | `gcloud`, `r53` | remove `192.0.2.13` (euprod-green) |',
        '| `euprod.cluster.larkspur.io` | AAAA | `gcloud`, `r53` | remove `2001:db8:e::13` (euprod-green) |',
        '| `usprod.cluster.larkspur.io` | A | `gcloud`, `r53` | add `198.51.100.23` (usprod-green) |',
        '| `green.usprod.cluster.larkspur.io` | A | `gcloud`, `r53` | new name: `198.51.100.23` (usprod-green) |',
        '| `*.green.usprod.cluster.larkspur.io` | A | `gcloud`, `r53` | new name: `198.51.100.23` (usprod-green) |',
        // Google answers the virtual name with one GEO record set; Route 53 with one geoproximity set per member.
        '| `*.world.cluster.larkspur.io` | A | `gcloud` | add `198.51.100.23` (usprod-green); remove `192.0.2.13` (euprod-green) |',
        '| `*.world.cluster.larkspur.io` | A `euprod` | `r53` | remove `192.0.2.13` (euprod-green) |',
        '| `*.world.cluster.larkspur.io` | A `usprod` | `r53` | add `198.51.100.23` (usprod-green) |',
        '| `*.world.cluster.larkspur.io` | AAAA | `gcloud` | remove `2001:db8:e::13` (euprod-green) |',
        '| `*.world.cluster.larkspur.io` | AAAA `euprod` | `r53` | remove `2001:db8:e::13` (euprod-green) |',
        '',
      ].join('\n'),
    );
  });

  it('lists the prefixes that move, from which target to which, and the books and gateway host names', () => {
    expect(markdown).toContain(
      [
        '#### Route paths: 3 prefixes: 1 new, 1 moved, 1 removed',
        '',
        '| landscape | host | prefix | target |',
        '| --- | --- | --- | --- |',
        '| `euprod` | `api.cart.juniper.euprod.cluster.larkspur.io` | `/pay` | `api.pay.juniper.euprod.cluster.larkspur.io` → `api.till.juniper.euprod.cluster.larkspur.io` |',
        '| `euprod` | `api.cart.juniper.euprod.cluster.larkspur.io` | `/receipts` | new: → `api.pay.juniper.euprod.cluster.larkspur.io` |',
        "| `euprod` | `api.cart.juniper.euprod.cluster.larkspur.io` | `/till` | removed (was → `api.till.juniper.euprod.cluster.larkspur.io`); the host's own app answers |",
        '',
        '#### Address books: 4 entries: 4 added, 0 removed, 0 changed',
        '',
        '| book | doc | entry | | candidates |',
        '| --- | --- | --- | --- | --- |',
        '| `books/juniper/cart/doc-c.json` | C | `usdev api` | added | `api.cart.juniper.usdev.cluster.larkspur.io` |',
        '| `books/juniper/doc-b.json` | B | `usdev` | added | — |',
        '| `books/juniper/pay/doc-c.json` | C | `usdev api` | added | `api.pay.juniper.usdev.cluster.larkspur.io` |',
        '| `books/juniper/till/doc-c.json` | C | `usdev api` | added | `api.till.juniper.usdev.cluster.larkspur.io` |',
        '',
        '#### Gateway and certificate host names: 17 host names added and 0 removed over 2 clusters',
        '',
        '<details><summary>Host names per cluster (2)</summary>',
      ].join('\n'),
    );
    expect(markdown).toContain(
      '| `usdev-amber` | 6 | 0 | `+api.cart.juniper.amber.usdev.cluster.larkspur.io`<br>`+api.cart.juniper.usdev.cluster.larkspur.io`<br>`+api.pay.juniper.amber.usdev.cluster.larkspur.io`<br>`+api.pay.juniper.usdev.cluster.larkspur.io`<br>`+api.till.juniper.amber.usdev.cluster.larkspur.io`<br>`+api.till.juniper.usdev.cluster.larkspur.io` |\n',
    );
  });

  it('gives the same in the JSON form, and the same bytes on a second run', async () => {
    const run = await runCliInProcess(['report', '--fleet', repository, '--base', baseCheckout, '--format', 'json', ...NOW]);
    expect(run.exitCode, run.stderr).toBe(0);
    const json = JSON.parse(run.stdout) as {
      compiles: boolean;
      resilience: unknown;
      users: { dns: { changes: DnsAnswerChange[] }; routePaths: unknown[]; books: unknown[]; gateways: { cluster: string; added: string[] }[] };
      diagnostics: { code: string; file: string }[];
    };
    expect(json.compiles).toBe(true);
    expect(json.resilience).toEqual({
      losses: [
        {
          column: 'euprod',
          virtual: false,
          users: ['app', 'browser', 'first-sign-in', 'signed-in', 'outside-caller'],
          failures: ['cluster euprod-blue'],
          servedBy: ['euprod-blue'],
        },
      ],
    });
    expect(json.users.dns.changes[0]).toEqual({
      name: 'euprod.cluster.larkspur.io',
      type: 'A',
      verb: 'update',
      hosts: ['gcloud', 'r53'],
      added: [],
      removed: [{ value: '192.0.2.13', cluster: 'euprod-green' }],
    });
    expect(json.users.routePaths).toEqual([
      {
        landscape: 'euprod',
        host: 'api.cart.juniper.euprod.cluster.larkspur.io',
        prefix: 'pay',
        before: 'api.pay.juniper.euprod.cluster.larkspur.io',
        after: 'api.till.juniper.euprod.cluster.larkspur.io',
      },
      { landscape: 'euprod', host: 'api.cart.juniper.euprod.cluster.larkspur.io', prefix: 'receipts', after: 'api.pay.juniper.euprod.cluster.larkspur.io' },
      { landscape: 'euprod', host: 'api.cart.juniper.euprod.cluster.larkspur.io', prefix: 'till', before: 'api.till.juniper.euprod.cluster.larkspur.io' },
    ]);
    expect(json.users.books).toContainEqual({ book: 'books/juniper/doc-b.json', doc: 'B', entry: 'usdev', status: 'added' });
    expect(json.users.gateways.map((g) => [g.cluster, g.added.length])).toEqual([
      ['usdev-amber', 6],
      ['usprod-green', 11],
    ]);
    expect(json.diagnostics.map((d) => `${d.code} ${d.file}`)).toEqual(['landscape_prod_single_serving registry/landscapes/euprod.yaml']);
    const again = await runCliInProcess(['report', '--fleet', repository, '--base', baseCheckout, ...NOW]);
    expect(again.stdout).toBe(markdown);
  });

  it('is the full report docs/pull-requests.md shows (UPDATE_DOCS=1 rewrites it)', () => {
    const file = path.join(REPO_ROOT, 'docs', 'pull-requests.md');
    const doc = readFileSync(file, 'utf8');
    const shown = /<!-- report-example:start -->\n[\s\S]*?<!-- report-example:end -->\n/.exec(doc)?.[0];
    expect(shown, 'the report-example markers of docs/pull-requests.md').toBeDefined();
    const wanted = `<!-- report-example:start -->\n\`\`\`\`text\n${markdown}\`\`\`\`\n<!-- report-example:end -->\n`;
    if (process.env['UPDATE_DOCS'] === '1') writeFileSync(file, doc.replace(shown as string, wanted));
    else expect(shown).toBe(wanted);
  });

  it('says nothing changes for users, and no resilience is lost, against an identical base', async () => {
    const run = await runCliInProcess(['report', '--fleet', baseCheckout, '--base', baseCheckout, ...NOW]);
    expect(run.exitCode, run.stderr).toBe(0);
    expect(run.stdout).toContain(
      '### Resilience against single failures\n\nEvery landscape and virtual landscape that survived every single failure on the base branch still does (`diene simulate --all-single` on both).\n',
    );
    expect(run.stdout).not.toContain('### What changes for users');
  });

  it('warns at compile time that a prod landscape has one serving cluster, though two are registered', async () => {
    const head = await runCliInProcess(['validate', '--fleet', repository, '--format', 'json', ...NOW]);
    const findings = JSON.parse(head.stdout) as {
      code: string;
      file: string;
      line: number;
      column: number;
      message: string;
      related: { file: string; line: number; message: string }[];
    }[];
    const serving = findings.filter((d) => d.code === 'landscape_prod_single_serving');
    expect(serving).toEqual([
      expect.objectContaining({
        file: 'registry/landscapes/euprod.yaml',
        line: 3,
        column: 7,
        message: 'prod landscape "euprod" is served by euprod-blue alone: 2 clusters are registered, but euprod-green has traffic off',
        related: [expect.objectContaining({ file: 'registry/clusters/euprod-green.yaml', line: 5, message: 'euprod-green has traffic off' })],
      }),
    ]);
    // On the base both euprod clusters serve; usprod's one registered cluster is the registered-count warning's.
    const base = await runCliInProcess(['validate', '--fleet', baseCheckout, '--format', 'json', ...NOW]);
    expect((JSON.parse(base.stdout) as { code: string }[]).map((d) => d.code)).toEqual(['landscape_prod_single_cluster']);
  });
});

describe('the report folds a long list of what changes for users', () => {
  it('puts more than ten DNS changes in <details>, counts first', () => {
    const changes: DnsAnswerChange[] = Array.from({ length: 11 }, (_, i) => ({
      name: `c${String(i).padStart(2, '0')}.fir.cluster.example.org`,
      type: 'A',
      verb: 'create',
      hosts: ['r53'],
      added: [{ value: `192.0.2.${i + 1}`, cluster: `fir-m${i}` }],
      removed: [],
    }));
    const input: ReportInput = {
      version: 'test',
      diagnostics: [],
      changes: { files: [], total: 0 },
      comparedWith: 'against the base branch',
      platforms: [],
      users: { dns: { changes, unplanned: [], leftAlone: [] }, routePaths: [], books: [], gateways: [] },
    };
    const text = renderReport(input);
    expect(text).toContain(
      "#### DNS answers: 11 changes at 11 names on 1 DNS host\n\nWhat `diene plan dns` plans against the base's zone plans, each address with its cluster.\n\n<details><summary>DNS answers (11)</summary>\n\n| name | type | DNS hosts | change |\n",
    );
    expect(text).toContain('| `c10.fir.cluster.example.org` | A | `r53` | new name: `192.0.2.11` (fir-m10) |\n\n</details>\n');
    // At ten it stays open.
    const open = renderReport({ ...input, users: { ...input.users!, dns: { changes: changes.slice(0, 10), unplanned: [], leftAlone: [] } } });
    expect(open).not.toContain('<summary>DNS answers');
  });
});
