/**
 * `diene report --base` loads the base revision's inputs once and hands that
 * load to both steps that read it: the permanence checks against the head
 * and the base's own compile (compiler/cli/report.ts). Each load is counted
 * by the loading's own hook (`fileMemo.loaded`, told once at the end of every
 * load; the memo here answers nothing, so it changes no result); the run in
 * full loads the base once per step, which the count sees too. That the
 * shared load gives the report's bytes of two separate loads is held by
 * test/cli/report-shortcuts.test.ts.
 */
import { describe, expect, it } from 'vitest';
import type { LoadHooks } from '../../compiler/1-load/load-fleet.js';
import { runReport, type ReportOptions } from '../../compiler/cli/report.js';
import type { CommandResult } from '../../compiler/cli/command.js';
import { useFleetsOfFiles } from '../support/fleet-fixture.js';
import { larkspurChangeNamed, larkspurWith } from '../support/larkspur-changes.js';
import { larkspurBase } from '../support/larkspur-fleet.js';
import { runCliInProcess } from '../support/run-cli.js';

const NOW = '2026-11-21T00:00:00Z';
const fleetDir = useFleetsOfFiles();

/** The report of `head` against `base`, and how many times the base's inputs were loaded for it. */
async function reportCountingBaseLoads(head: string, base: string, options: ReportOptions = {}): Promise<{ report: CommandResult; baseLoads: number }> {
  let baseLoads = 0;
  const baseHooks: LoadHooks = {
    fileMemo: {
      get: () => undefined,
      set: () => undefined,
      loaded: () => {
        baseLoads++;
      },
    },
  };
  const report = await runReport({ positionals: [], values: { fleet: head, base, now: NOW }, format: 'text' }, { ...options, baseHooks });
  return { report, baseLoads };
}

describe('diene report --base loads the base once', () => {
  const base = fleetDir(larkspurBase());

  it('a permanent identifier changed (refused) against a base that compiles: one load, two in full', async () => {
    const head = fleetDir({
      ...larkspurWith([larkspurChangeNamed('a cluster out of DNS')]),
      'registry/landscapes/euprod.yaml': 'name: euprod\nregion: IAD\ntier: prod\n',
    });
    const quick = await reportCountingBaseLoads(head, base);
    // The refusal needs the base's identifiers, the output changes its compile: both came from the one load.
    expect(quick.report.exitCode).toBe(1);
    expect(quick.report.diagnostics.map((d) => d.code)).toContain('permanent_identifier_changed');
    expect(quick.report.stdout).toContain('### Output changes against the base branch');
    expect(quick.baseLoads).toBe(1);
    const full = await reportCountingBaseLoads(head, base, { inFull: true });
    expect(full.report.stdout).toBe(quick.report.stdout);
    expect(full.baseLoads).toBe(2);
  });

  it('a pin bump against a base that compiles, its generated/ committed: one load', async () => {
    const head = fleetDir(larkspurWith([larkspurChangeNamed('an image pin moved')]));
    expect((await runCliInProcess(['compile', '--fleet', head, '--now', NOW])).exitCode).toBe(0);
    const { report, baseLoads } = await reportCountingBaseLoads(head, base);
    expect(report.stdout).toContain('1 row changes what deploys; no change to the generated files');
    expect(baseLoads).toBe(1);
  });

  it('a base that does not compile: one load, for the permanence checks and the compile that fails', async () => {
    const broken = fleetDir({ ...larkspurBase(), 'registry/clusters/usdev-amber.yaml': 'landscape: usdev\nmark: amber\nprovider: nowhere\n' });
    const head = fleetDir(larkspurBase());
    const { report, baseLoads } = await reportCountingBaseLoads(head, broken);
    expect(report.stdout).toContain('The base branch does not compile with this diene');
    expect(report.diagnostics.map((d) => d.code)).toContain('permanent_base_unreadable');
    expect(baseLoads).toBe(1);
  });

  it('a head that does not compile: the base is not loaded', async () => {
    const head = fleetDir({ ...larkspurBase(), 'registry/landscapes/euprod.yaml': 'name: euprod\nregion: NRT\ntier: prod\n' });
    const { report, baseLoads } = await reportCountingBaseLoads(head, base);
    expect(report.stdout).toContain('the fleet does not compile');
    expect(baseLoads).toBe(0);
  });
});
