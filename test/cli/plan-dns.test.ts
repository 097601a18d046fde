/**
 * `diene plan dns` end to end, as an operator runs it (SPEC §3.3, §5): the
 * compiled dns/ folder as live state plans nothing; a hand-edited copy plans
 * exactly the edits back; a brake refusal exits 3 (never 0 or 1) with its
 * numbers and `--force` lifts the mass-change brake; invalid input exits 2.
 */
import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { readFleetTexts, writeTempFleet } from '../support/fleet-fixture.js';
import { runCli, runCliInProcess } from '../support/run-cli.js';
// Command lines whose subject is the command's output, diagnostics and exit code run the CLI's
// `main` in this process (runCliInProcess, held to the binary's bytes by test/cli/in-process.test.ts);
// the first test that runs the CLI, and the helpers above the tests, run bin/diene.js.

const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup();
});

let compiled = '';
beforeAll(() => {
  const fleet = writeTempFleet(readFleetTexts());
  const run = runCli(['compile', '--fleet', fleet.dir, '--now', '2026-11-21T00:00:00Z']);
  if (run.exitCode !== 0) throw new Error(run.stderr);
  compiled = fleet.dir;
  return () => fleet.cleanup();
});

/** A fresh fleet copy with `live/` = a copy of the compiled dns/ folder, edited by `edit`. */
function operatorCopy(edit: (live: string) => void = () => {}): string {
  const fleet = writeTempFleet(readFleetTexts());
  cleanups.push(fleet.cleanup);
  cpSync(path.join(compiled, 'generated', 'dns'), path.join(fleet.dir, 'live'), { recursive: true });
  edit(path.join(fleet.dir, 'live'));
  return fleet.dir;
}

function editJson(file: string, edit: (doc: { recordSets: { name: string; type: string; ttl: number; values?: string[] }[] }) => void): void {
  const doc = JSON.parse(readFileSync(file, 'utf8'));
  edit(doc);
  writeFileSync(file, JSON.stringify(doc, null, 2));
}

function plan(dir: string, ...args: string[]) {
  return runCli(['plan', 'dns', '--fleet', dir, '--live', path.join(dir, 'live'), '--now', '2026-11-21T00:00:00Z', ...args], { cwd: dir });
}

describe('diene plan dns', () => {
  it('plans nothing against the compiled output (read through its dns/ folder), exit 0', () => {
    const run = runCli(['plan', 'dns', '--fleet', compiled, '--live', path.join(compiled, 'generated'), '--now', '2026-11-21T00:00:00Z'], { cwd: compiled });
    expect(run.exitCode, run.stderr).toBe(0);
    expect(run.stdout.split('\n').filter((l) => l.includes(' on '))).toEqual([
      'atomi.cloud on delegation (delegation): no changes, 1 managed record set live',
      'cluster.atomi.cloud on google (google): no changes, 40 managed record sets live',
      'cluster.atomi.cloud on route53 (route53): no changes, 42 managed record sets live',
      'cluster.atomi-spare.net on google (google): no changes, 40 managed record sets live',
      'cluster.atomi-spare.net on route53 (route53): no changes, 42 managed record sets live',
    ]);
    expect(run.stdout).toContain('total: 0 creates, 0 updates, 0 deletes in 5 zone plans');
    expect(run.stdout).toMatch(/^checksum: sha256:[0-9a-f]{64}$/m);
  });

  it('plans back what an operator changed by hand, one line a change, and ignores what only looks different', () => {
    const dir = operatorCopy((live) =>
      editJson(path.join(live, 'cluster.atomi.cloud', 'route53.json'), (doc) => {
        doc.recordSets = doc.recordSets
          .filter((rs) => !(rs.name === 'raichu.cluster.atomi.cloud' && rs.type === 'AAAA'))
          .map((rs) => {
            if (rs.name === 'raichu.cluster.atomi.cloud') return { ...rs, type: 'CNAME', values: ['lb.example.net.'] };
            if (rs.name === '*.raichu.cluster.atomi.cloud')
              return { ...rs, name: '\\052.Raichu.Cluster.Atomi.Cloud.', values: ['RAICHU.cluster.atomi.cloud.'] };
            if (rs.name === 'pichu.cluster.atomi.cloud' && rs.type === 'A') return { ...rs, ttl: 3600 };
            return rs;
          });
        doc.recordSets.push({ name: '_acme-challenge.raichu.cluster.atomi.cloud.', type: 'TXT', ttl: 60, values: ['"token"'] });
      }),
    );
    const run = plan(dir);
    expect(run.exitCode, run.stderr).toBe(0);
    const block = run.stdout.split('\n\n').find((b) => b.startsWith('cluster.atomi.cloud on route53'));
    expect(block?.split('\n')).toEqual([
      'cluster.atomi.cloud on route53 (route53): 4 changes, 41 managed record sets live',
      '  ~ pichu.cluster.atomi.cloud A: ttl 3600 → 60',
      '  - raichu.cluster.atomi.cloud CNAME: lb.example.net (ttl 60), replaced by A/AAAA at the same name, in the same write',
      '  + raichu.cluster.atomi.cloud A: 203.0.113.20 (ttl 60)',
      '  + raichu.cluster.atomi.cloud AAAA: 2001:db8::20 (ttl 60)',
      '  2 creates, 1 update, 1 delete',
    ]);
    expect(run.stdout).toContain('note: hosts differ in cluster.atomi.cloud: google 0 changes, route53 4 changes');
  });

  it('prints the plan as JSON with --format json, a delete carrying the live record set exactly as read', async () => {
    const stray = { name: 'TOPAZ.Pichu.cluster.atomi.cloud.', type: 'CNAME', ttl: 300, values: ['Elsewhere.example.NET.'] };
    const dir = operatorCopy((live) => editJson(path.join(live, 'cluster.atomi.cloud', 'google.json'), (doc) => doc.recordSets.push(stray)));
    const run = await runCliInProcess(['plan', 'dns', '--fleet', dir, '--live', path.join(dir, 'live'), '--format', 'json'], { cwd: dir });
    expect(run.exitCode, run.stderr).toBe(0);
    const json = JSON.parse(run.stdout);
    expect(json.refused).toBe(false);
    expect(json.checksum).toMatch(/^sha256:[0-9a-f]{64}$/);
    const google = json.zones.find((z: { zone: string; host: string }) => z.zone === 'cluster.atomi.cloud' && z.host === 'google');
    expect(google.units).toEqual([
      {
        name: 'topaz.pichu.cluster.atomi.cloud',
        changes: [
          {
            verb: 'delete',
            key: { name: 'topaz.pichu.cluster.atomi.cloud', type: 'CNAME' },
            before: stray,
            message: 'elsewhere.example.net (ttl 300), a CNAME cannot sit beside the A/AAAA diene writes at this name',
          },
        ],
      },
    ]);
  });

  it('refuses a mass change with exit 3 and the numbers, and --force lets it through with exit 0', () => {
    const dir = operatorCopy((live) =>
      editJson(path.join(live, 'cluster.atomi.cloud', 'google.json'), (doc) => doc.recordSets.forEach((rs) => (rs.ttl = 300))),
    );
    const refused = plan(dir);
    expect(refused.exitCode).toBe(3);
    expect(refused.stdout).toContain(
      '  REFUSED mass change: 40 updates (100 %) of 40 managed record sets in cluster.atomi.cloud on google, over the 30 % update / 30 % delete threshold (checked from 10 record sets): refused; review it and run again with --force',
    );
    expect(refused.stdout).toContain('REFUSED by a brake: apply nothing (exit 3)');
    const forced = plan(dir, '--force');
    expect(forced.exitCode, forced.stderr).toBe(0);
    expect(forced.stdout).toContain('total: 0 creates, 40 updates, 0 deletes in 5 zone plans (forced)');
  });

  it('freezes with exit 3 when more than half of the traffic clusters are down, and reads a health file', () => {
    const dir = operatorCopy();
    writeFileSync(
      path.join(dir, 'health.json'),
      JSON.stringify({
        clusters: { 'ampharos-onyx': { acceptingTraffic: false }, 'pichu-topaz': { acceptingTraffic: false }, 'raichu-opal': { acceptingTraffic: false } },
      }),
    );
    const frozen = plan(dir, '--health', path.join(dir, 'health.json'));
    expect(frozen.exitCode).toBe(3);
    expect(frozen.stdout).toContain('brake freeze: 3 of 5 built traffic-on clusters are down (ampharos-onyx, pichu-topaz, raichu-opal)');
    writeFileSync(path.join(dir, 'health.json'), JSON.stringify({ clusters: { 'raichu-opal': { acceptingTraffic: false } } }));
    const one = plan(dir, '--health', path.join(dir, 'health.json'));
    expect(one.exitCode, one.stderr).toBe(0);
    expect(one.stdout).toContain('health: 1 of 5 built traffic-on clusters down (raichu-opal); removing raichu-opal in this plan');
    expect(one.stdout).toContain('  - *.mew.cluster.atomi.cloud A [raichu]: 203.0.113.20 at (1.36, 103.99) (ttl 60), raichu-opal down');
    expect(one.stdout).toContain(
      'brake last address: every cluster of raichu.cluster.atomi.cloud is down (raichu-opal); it keeps the addresses of raichu-opal',
    );
  });

  it('exits 2 on usage errors and invalid snapshots, printing no plan', async () => {
    const dir = operatorCopy((live) =>
      writeFileSync(
        path.join(live, 'cluster.atomi.cloud', 'google.json'),
        '{"version": 1, "zone": "cluster.atomi.cloud", "host": "google", "recordSets": [{"name": "x", "type": "A", "ttl": -1, "values": []}]}',
      ),
    );
    const invalid = plan(dir);
    expect(invalid.exitCode).toBe(2);
    expect(invalid.stdout).toBe('');
    expect(invalid.stderr).toContain('live/cluster.atomi.cloud/google.json:1:');
    const noLive = await runCliInProcess(['plan', 'dns', '--fleet', dir], { cwd: dir });
    expect(noLive.exitCode).toBe(2);
    expect(noLive.stderr).toContain('plan dns needs --live FILE|DIR');
    const missing = await runCliInProcess(['plan', 'dns', '--fleet', dir, '--live', 'nowhere'], { cwd: dir });
    expect(missing.exitCode).toBe(2);
    expect(missing.stderr).toContain('error dns_live_not_snapshot: --live nowhere: it does not exist');
  });

  it('plans one snapshot file given alone', async () => {
    const dir = operatorCopy();
    const run = await runCliInProcess(['plan', 'dns', '--fleet', dir, '--live', path.join('live', 'cluster.atomi.cloud', 'route53.json')], { cwd: dir });
    expect(run.exitCode, run.stderr).toBe(0);
    expect(run.stdout.split('\n')[0]).toBe('cluster.atomi.cloud on route53 (route53): no changes, 42 managed record sets live');
    expect(run.stdout).toContain('not planned: no live snapshot of cluster.atomi.cloud on google');
  });
});
