/**
 * The decommission order (issue 36 point 5): a cluster leaves the registry
 * only after a change of its own turned its traffic off on the base revision
 * and the drain passed, never in the change that turns traffic off.
 * `compile --check --base` and `report --base` refuse a traffic-on cluster's
 * removal (exit 1) at the base's `traffic:` line, with the order to follow.
 *
 * The seed's decommission passage (issue 36 point 5 quotes it: traffic off
 * on the base revision, the drain, then the removal) is not in this
 * checkout's shared folder; SPEC §3.3 is silent on removals.
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { compileFleet } from '../../compiler/index.js';
import { overlayTexts, readFleetTexts, TEST_NOW_SECONDS, toSourceFiles, useTempFleets } from '../support/fleet-fixture.js';
import { runCliInProcess } from '../support/run-cli.js';
import { shownPath } from '../../compiler/cli/command.js';

const tempFleet = useTempFleets();
const NOW = ['--now', '2026-11-21T00:00:00Z'];
const reference = readFleetTexts();
const rubyOff = reference.get('registry/clusters/raichu-ruby.yaml') as string;
const rubyOn = rubyOff.replace(/^traffic: false.*$/m, 'traffic: true');
const withoutRuby = { 'registry/clusters/raichu-ruby.yaml': null, 'state/clusters/raichu-ruby.yaml': null };

function against(base: Record<string, string | null>, head: Record<string, string | null>) {
  const result = compileFleet(toSourceFiles(overlayTexts(reference, head)), {
    nowSeconds: TEST_NOW_SECONDS,
    base: { files: toSourceFiles(overlayTexts(reference, base)), label: 'base' },
  });
  expect(result.outputs, result.diagnostics.map((d) => d.message).join('\n')).toBeDefined();
  return (result.permanence ?? []).filter((d) => d.code === 'cluster_removed_with_traffic');
}

describe('the decommission order against the base revision', () => {
  it('refuses the removal of a cluster whose traffic is on in the base: the same change would turn traffic off and remove it', () => {
    expect(rubyOn).not.toBe(rubyOff);
    const found = against({ 'registry/clusters/raichu-ruby.yaml': rubyOn }, withoutRuby);
    expect(found.map((d) => [d.severity, d.file, d.line, d.column, d.message])).toEqual([
      ['error', 'base/registry/clusters/raichu-ruby.yaml', 6, 10, 'cluster raichu-ruby leaves the registry while its traffic is on in the base revision'],
    ]);
    expect(found[0]?.hint).toBe(
      'decommission in order: first a change of its own that sets traffic: false in registry/clusters/raichu-ruby.yaml; apply its DNS plan and let the drain pass (resolvers keep the old answer for the TTL, 60 s, and requests in flight finish); then remove the cluster (and its state file) in a later change',
    );
  });

  it('lets each step of the order through: traffic off alone, then the removal of a cluster already off in the base', () => {
    // Step 1: the change turns traffic off and keeps the cluster.
    expect(against({ 'registry/clusters/raichu-ruby.yaml': rubyOn }, {})).toEqual([]);
    // Step 2: the base (examples/reference) already has raichu-ruby with traffic: false.
    expect(against({}, withoutRuby)).toEqual([]);
  });
});

describe('on the command line', () => {
  it('compile --check --base refuses with exit 1 and the order to follow, and still compares the outputs', async () => {
    const base = tempFleet({ 'registry/clusters/raichu-ruby.yaml': rubyOn });
    const head = tempFleet(withoutRuby);
    expect((await runCliInProcess(['compile', '--fleet', head, ...NOW])).exitCode).toBe(0);
    // The base lies outside the fleet and the working directory: named by its absolute path (docs/diagnostics.md).
    const baseLabel = shownPath(base, head);
    const run = await runCliInProcess(['compile', '--check', '--fleet', head, '--base', base, ...NOW], { cwd: head });
    expect(run.exitCode, run.stderr).toBe(1);
    expect(run.stderr).toContain(
      `${baseLabel}/registry/clusters/raichu-ruby.yaml:6:10: error cluster_removed_with_traffic: cluster raichu-ruby leaves the registry while its traffic is on in the base revision`,
    );
    expect(run.stderr).toContain('hint: decommission in order: first a change of its own that sets traffic: false');
    expect(run.stderr).toContain(
      `refused: 1 cluster(s) removed while their traffic is on against the base ${base} (docs/checks.md); the generated files were compared as well:\nfresh: `,
    );

    const inOrder = tempFleet();
    const accepted = await runCliInProcess(['compile', '--check', '--fleet', head, '--base', inOrder, ...NOW], { cwd: head });
    expect(accepted.exitCode, accepted.stderr).toBe(0);
  });

  it('every form names the base file: json by its absolute path; github and sarif, which cannot place it, in the message', async () => {
    const base = tempFleet({ 'registry/clusters/raichu-ruby.yaml': rubyOn });
    const head = tempFleet(withoutRuby);
    expect((await runCliInProcess(['compile', '--fleet', head, ...NOW])).exitCode).toBe(0);
    const file = path.join(base, 'registry', 'clusters', 'raichu-ruby.yaml');
    const check = (format: string) => runCliInProcess(['compile', '--check', '--fleet', head, '--base', base, '--format', format, ...NOW], { cwd: head });
    const message = 'cluster raichu-ruby leaves the registry while its traffic is on in the base revision';

    const json = await check('json');
    expect(json.exitCode, json.stderr).toBe(1);
    const refusal = (JSON.parse(json.stderr) as { code: string; file: string; line: number; column: number }[]).find(
      (d) => d.code === 'cluster_removed_with_traffic',
    );
    expect(refusal).toMatchObject({ file, line: 6, column: 10, message });

    const github = await check('github');
    expect(github.exitCode).toBe(1);
    const annotation = `${github.stdout}${github.stderr}`.split('\n').find((l) => l.startsWith('::error title=cluster_removed_with_traffic'));
    expect(annotation).toMatch(/^::error title=cluster_removed_with_traffic::/);
    expect(annotation).toContain(`${file}:6:10: ${message}`);

    const sarif = await check('sarif');
    expect(sarif.exitCode).toBe(1);
    const log = JSON.parse(sarif.stderr) as { runs: { results: { ruleId: string; message: { text: string } }[] }[] };
    const result = log.runs[0]?.results.find((r) => r.ruleId === 'cluster_removed_with_traffic');
    expect(result?.message.text).toContain(`${file}:6:10: ${message}`);
  });

  it('report --base lists the refused removal at base:PATH with the order, and exits 1', async () => {
    const base = tempFleet({ 'registry/clusters/raichu-ruby.yaml': rubyOn });
    const head = tempFleet(withoutRuby);
    const run = await runCliInProcess(['report', '--fleet', head, '--base', base, ...NOW], { cwd: head });
    expect(run.exitCode, run.stderr).toBe(1);
    expect(run.stdout).toContain('## diene: 1 cluster removal refused (traffic still on); ');
    expect(run.stdout).toContain(
      '1 cluster(s) removed while their traffic is on in the base. `diene compile --check --base` exits 1 until each cluster is put back: turn its traffic off in a change of its own, let it drain, then remove it.',
    );
    expect(run.stdout).not.toContain('permanent identifier(s) changed or removed');
    expect(run.stdout).toContain(
      '| `base:registry/clusters/raichu-ruby.yaml:6:10` | `cluster_removed_with_traffic` | cluster raichu-ruby leaves the registry while its traffic is on in the base revision |',
    );
  });
});
