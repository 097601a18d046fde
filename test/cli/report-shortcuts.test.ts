/**
 * `diene report --base` skips work that cannot change a byte of the report:
 * the drills when base and head have the same fleet outline, and the second
 * make of an output whose slice key is the same in both revisions
 * (compiler/cli/report.ts, report/resilience-delta.ts,
 * report/paired-outputs.ts). Its Markdown and JSON, and its exit code, are
 * the ones of the run that does all of it (`inFull`, which also loads the
 * base's inputs for the permanence checks apart from its compile), for a pin
 * bump (rows only), for pull requests that change what the drills and the
 * outputs read, with the head's committed generated/ fresh and stale, and
 * with none, and for bases that do and do not load and compile.
 */
import path from 'node:path';
import { writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { runReport } from '../../compiler/cli/report.js';
import type { Format } from '../../compiler/cli/command.js';
import { useFleetsOfFiles } from '../support/fleet-fixture.js';
import { larkspurChangeNamed, larkspurWith } from '../support/larkspur-changes.js';
import { larkspurBase } from '../support/larkspur-fleet.js';
import { runCliInProcess } from '../support/run-cli.js';

const NOW = '2026-11-21T00:00:00Z';
const fleetDir = useFleetsOfFiles();

async function compiled(dir: string): Promise<void> {
  const run = await runCliInProcess(['compile', '--fleet', dir, '--now', NOW]);
  expect(run.exitCode, run.stderr).toBe(0);
}

async function bothWays(head: string, base: string): Promise<string> {
  let markdown = '';
  for (const format of ['text', 'json'] as Format[]) {
    const input = { positionals: [], values: { fleet: head, base, now: NOW }, format };
    const quick = await runReport(input);
    const full = await runReport(input, { inFull: true });
    expect(quick.stdout).toBe(full.stdout);
    expect(quick.exitCode).toBe(full.exitCode);
    expect(quick.diagnostics).toEqual(full.diagnostics);
    if (format === 'text') markdown = quick.stdout ?? '';
  }
  return markdown;
}

describe('diene report --base with and without its shortcuts', () => {
  const base = fleetDir(larkspurBase());

  it('a pin bump (rows only), its generated/ committed: the same bytes, nothing lost, no generated file changed', async () => {
    const head = fleetDir(larkspurWith([larkspurChangeNamed('an image pin moved'), larkspurChangeNamed('an emergency override')]));
    await compiled(head);
    const markdown = await bothWays(head, base);
    expect(markdown).toContain('no change to the generated files');
    expect(markdown).toContain('**Generated files:** fresh (');
    expect(markdown).toContain('Every landscape and virtual landscape that survived every single failure on the base branch still does');
  });

  it("a cluster out of DNS, its committed generated/ the base's (stale): the same bytes, and the loss reported", async () => {
    const head = fleetDir(larkspurBase());
    await compiled(head);
    const change = larkspurChangeNamed('a cluster out of DNS').apply(larkspurBase());
    for (const [file, text] of Object.entries(change)) writeFileSync(path.join(head, file), text ?? '');
    const markdown = await bothWays(head, base);
    expect(markdown).toContain('**Generated files:** **stale**');
    expect(markdown).toMatch(/euprod.*no longer survives|no longer survives.*euprod/);
  });

  it('a permanent identifier changed against the base (refused): the same bytes and exit code with the base loaded once', async () => {
    const head = fleetDir({
      ...larkspurWith([larkspurChangeNamed('the DNS TTL')]),
      'registry/landscapes/euprod.yaml': 'name: euprod\nregion: IAD\ntier: prod\n',
    });
    const markdown = await bothWays(head, base);
    expect(markdown).toContain('permanent identifier change refused');
  });

  it('a base with a file that does not load (a warning of the permanence checks, a base that does not compile): the same bytes', async () => {
    const broken = fleetDir({ ...larkspurBase(), 'registry/clusters/usdev-amber.yaml': 'landscape: usdev\nmark: amber\nprovider: nowhere\n' });
    const head = fleetDir(larkspurWith([larkspurChangeNamed('a cluster out of DNS')]));
    const markdown = await bothWays(head, broken);
    expect(markdown).toContain('The base branch does not compile with this diene');
    expect(markdown).toContain('permanent_base_unreadable');
  });

  it.each([
    "a landscape's clusters (one added)",
    "a claim's prefixes",
    'the DNS TTL',
    'a DNS host removed',
    'a module added to a service',
    'a row no longer ready (its pins emptied)',
    'a virtual landscape member no longer serving',
    'the pull request of the report tests',
  ])('%s, with no generated/ committed: the same bytes', async (name) => {
    const head = fleetDir(larkspurWith([larkspurChangeNamed(name)]));
    expect(await bothWays(head, base)).toContain('## diene: ');
  });
});
