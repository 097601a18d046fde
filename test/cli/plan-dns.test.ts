/**
 * `diene plan dns` end to end, as an operator runs it (SPEC §3.3, §5): the
 * compiled dns/ folder as live state plans nothing; a hand-edited copy plans
 * exactly the edits back; a brake refusal exits 3 (never 0 or 1) with its
 * numbers and `--force` lifts the mass-change brake; invalid input exits 2.
 * `--assume-empty` (a first rollout) plans exactly the compiled zone plans
 * as creates, says so in the header, and is refused where it would hide a
 * mistake (a live path that is not there).
 */
import { cpSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { planDns, readFleet } from '../../compiler/api.js';
import { toJson } from '../../compiler/3-emit/serialize.js';
import { REFERENCE_FLEET, readFleetTexts, writeTempFleet } from '../support/fleet-fixture.js';
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
      'cluster.atomi.cloud on google (google): no changes, 40 managed record sets live',
      'cluster.atomi.cloud on route53 (route53): no changes, 42 managed record sets live',
      'cluster.atomi-spare.net on google (google): no changes, 40 managed record sets live',
      'cluster.atomi-spare.net on route53 (route53): no changes, 42 managed record sets live',
    ]);
    expect(run.stdout).toContain('total: 0 creates, 0 updates, 0 deletes in 4 zone plans');
    expect(run.stdout).toMatch(/^checksum: sha256:[0-9a-f]{64}$/m);
    // The parent zone's snapshot is read but not planned: apply dns never writes it (its host is not the fleet's).
    expect(run.stderr).toContain(
      "atomi.cloud (the parent zone): its snapshot is not planned, as apply dns does not write the delegation (its host is not the fleet's); the compiled dns/atomi.cloud/delegation.json shows the NS records to keep there",
    );
  });

  // The checksum a reviewer approves is the one apply dns computes from the same folder, with or without the parent zone in it.
  it('gives the checksum apply dns --dry-run --live-from computes from the same folder, with or without the parent zone', () => {
    for (const keepParent of [true, false]) {
      const dir = operatorCopy((live) => {
        if (!keepParent) rmSync(path.join(live, 'atomi.cloud'), { recursive: true });
        editJson(path.join(live, 'cluster.atomi.cloud', 'google.json'), (doc) => {
          doc.recordSets[0]!.ttl += 1;
        });
      });
      const reviewed = plan(dir);
      expect(reviewed.exitCode, reviewed.stderr).toBe(0);
      const checksum = /^checksum: (sha256:[0-9a-f]{64})$/m.exec(reviewed.stdout)?.[1] ?? '';
      expect(checksum).not.toBe('');
      const apply = runCli(
        ['apply', 'dns', '--fleet', dir, '--dry-run', '--live-from', path.join(dir, 'live'), '--plan-checksum', checksum, '--now', '2026-11-21T00:00:00Z'],
        { cwd: dir },
      );
      expect(apply.exitCode, apply.stderr).toBe(0);
      expect(apply.stdout).toContain(`checksum: ${checksum}`);
      // A real difference is named by the zone plans the fresh checksum covers.
      const stale = runCli(
        [
          'apply',
          'dns',
          '--fleet',
          dir,
          '--dry-run',
          '--live-from',
          path.join(dir, 'live'),
          '--plan-checksum',
          `sha256:${'0'.repeat(64)}`,
          '--now',
          '2026-11-21T00:00:00Z',
        ],
        { cwd: dir },
      );
      expect(stale.exitCode).toBe(3);
      expect(stale.stderr).toContain(
        'the plan now covers 4 zone plans: cluster.atomi.cloud on google (1 change), cluster.atomi.cloud on route53 (no changes), cluster.atomi-spare.net on google (no changes), cluster.atomi-spare.net on route53 (no changes)',
      );
    }
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
    expect(forced.stdout).toContain('total: 0 creates, 40 updates, 0 deletes in 4 zone plans (forced)');
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

  // SPEC §3.3 and the DNS seed's freeze (dns-hosts.md §6): a person may override the freeze with an option of its own
  // and a stated reason, recorded in the plan and its checksum; --force never implies it, nor it --force.
  it('keeps the freeze under --force, and plans the failover under --override-freeze REASON, the reason in the plan and its checksum', () => {
    const dir = operatorCopy();
    const health = path.join(dir, 'health.json');
    writeFileSync(
      health,
      JSON.stringify({
        clusters: { 'ampharos-onyx': { acceptingTraffic: false }, 'pichu-topaz': { acceptingTraffic: false }, 'raichu-opal': { acceptingTraffic: false } },
      }),
    );
    const forced = plan(dir, '--health', health, '--force');
    expect(forced.exitCode).toBe(3);
    expect(forced.stdout).toContain('brake freeze: 3 of 5 built traffic-on clusters are down');
    expect(forced.stdout).toContain('total: 0 creates, 0 updates, 0 deletes in 4 zone plans (forced)');

    const reason = 'INC-4121: the health checker is down, the clusters serve';
    const overridden = plan(dir, '--health', health, '--override-freeze', reason);
    expect(overridden.exitCode, overridden.stderr).toBe(0);
    expect(overridden.stdout).toContain(
      `brake freeze overridden: 3 of 5 built traffic-on clusters are down (ampharos-onyx, pichu-topaz, raichu-opal), more than half; planned on a person's override (--override-freeze), reason: "${reason}"; the other brakes still hold`,
    );
    expect(overridden.stdout).toContain(
      'brake one cluster a plan: 2 down clusters still have addresses to remove; removing ampharos-onyx now, deferring 1 (raichu-opal)',
    );
    expect(overridden.stdout).toContain('  ~ *.mew.cluster.atomi.cloud A [ampharos]: remove 198.51.100.31 (ampharos-onyx, down)');
    expect(overridden.stdout).toContain('total: 0 creates, 16 updates, 0 deletes in 4 zone plans (freeze overridden)');
    const json = JSON.parse(plan(dir, '--health', health, '--override-freeze', reason, '--format', 'json').stdout);
    expect(json).toMatchObject({ refused: false, forced: false, freezeOverride: { reason, lifted: true } });
    expect(overridden.stdout).toContain(`checksum: ${json.checksum}`);
    const other = JSON.parse(plan(dir, '--health', health, '--override-freeze', 'another reason', '--format', 'json').stdout);
    expect(other.checksum).not.toBe(json.checksum);
    expect(other.zones).toEqual(json.zones);

    // apply dns plans the same way (its hosts only, so without the delegation plan): the reviewed checksum passes only
    // with the reason it was reviewed with
    const apply = (...args: string[]) =>
      runCli(
        ['apply', 'dns', '--fleet', dir, '--dry-run', '--live-from', path.join(dir, 'live'), '--health', health, '--now', '2026-11-21T00:00:00Z', ...args],
        {
          cwd: dir,
        },
      );
    expect(apply('--force').exitCode).toBe(3);
    const dry = JSON.parse(apply('--override-freeze', reason, '--format', 'json').stdout);
    expect(dry.plan).toMatchObject({ refused: false, freezeOverride: { reason, lifted: true } });
    const reviewed = apply('--override-freeze', reason, '--plan-checksum', dry.plan.checksum);
    expect(reviewed.exitCode, reviewed.stderr).toBe(0);
    expect(reviewed.stdout).toContain(`checksum: ${dry.plan.checksum}`);
    expect(reviewed.stderr).toContain('dry run: nothing written');
    const stale = apply('--override-freeze', 'another reason', '--plan-checksum', dry.plan.checksum);
    expect(stale.exitCode).toBe(3);
    expect(stale.stderr).toContain(`stale plan: the reviewed plan has checksum ${dry.plan.checksum}`);
  });

  it('refuses --override-freeze without a reason as a usage error (exit 2, no plan)', () => {
    const dir = operatorCopy();
    for (const args of [['--override-freeze'], ['--override-freeze', '--force'], ['--override-freeze', '   ']]) {
      const run = plan(dir, ...args, '--format', 'json');
      expect(run.exitCode, args.join(' ')).toBe(2);
      expect(run.stdout).toBe('');
      const codes = JSON.parse(run.stderr).map((d: { code: string }) => d.code);
      expect(codes).toEqual([args[1] === '   ' ? 'usage_option_value_invalid' : 'usage_option_value_missing']);
    }
    const apply = runCli(['apply', 'dns', '--fleet', dir, '--dry-run', '--override-freeze', '']);
    expect(apply.exitCode).toBe(2);
    expect(apply.stderr).toContain('--override-freeze needs a value');
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

interface JsonZonePlan {
  zone: string;
  host: string;
  assumedEmpty?: boolean;
  managed: number;
  counts: { create: number; update: number; delete: number };
  units: { name: string; changes: { verb: string; after?: { name: string; type: string } }[] }[];
}
interface JsonPlan {
  checksum: string;
  refused: boolean;
  zones: JsonZonePlan[];
  unobserved: unknown[];
  assumedEmpty?: { zone: string; host: string }[];
}

/** The record sets of the compiled zone plan `<zone>/<host>.json`, sorted by name and type for comparing. */
function compiledRecordSets(zone: string, host: string): { name: string; type: string }[] {
  const doc = JSON.parse(readFileSync(path.join(compiled, 'generated', 'dns', zone, `${host}.json`), 'utf8')) as {
    recordSets: { name: string; type: string }[];
  };
  return sortSets(doc.recordSets);
}

function sortSets<T extends { name: string; type: string }>(sets: readonly T[]): T[] {
  return [...sets].sort((a, b) => (a.name + ' ' + a.type < b.name + ' ' + b.type ? -1 : a.name + ' ' + a.type > b.name + ' ' + b.type ? 1 : 0));
}

describe('diene plan dns --assume-empty (a first rollout: the hosts hold nothing yet)', () => {
  const NOW = ['--now', '2026-11-21T00:00:00Z'];

  it('plans every record set of each compiled zone plan as a create, and nothing else', async () => {
    const run = await runCliInProcess(['plan', 'dns', '--fleet', REFERENCE_FLEET, '--assume-empty', '--format', 'json', ...NOW]);
    expect(run.exitCode, run.stderr).toBe(0);
    const plan = JSON.parse(run.stdout) as JsonPlan;
    // Every (zone, host) the fleet serves, as the compiler wrote them (the parent's delegation has no host of the fleet's).
    const written = readdirSync(path.join(compiled, 'generated', 'dns'), { withFileTypes: true })
      .filter((entry) => entry.isDirectory() && entry.name !== 'atomi.cloud')
      .flatMap((entry) => readdirSync(path.join(compiled, 'generated', 'dns', entry.name)).map((file) => `${entry.name}/${file.replace(/\.json$/, '')}`))
      .sort();
    expect(plan.zones.map((z) => `${z.zone}/${z.host}`).sort()).toEqual(written);
    expect(written).toHaveLength(4);
    expect(plan.assumedEmpty?.map((z) => `${z.zone}/${z.host}`).sort()).toEqual(written);
    expect(plan.unobserved).toEqual([]);
    expect(plan.refused).toBe(false);
    for (const zonePlan of plan.zones) {
      const changes = zonePlan.units.flatMap((u) => u.changes);
      const wanted = compiledRecordSets(zonePlan.zone, zonePlan.host);
      expect(zonePlan.assumedEmpty).toBe(true);
      expect(zonePlan.managed).toBe(0);
      expect(changes.map((c) => c.verb)).toEqual(wanted.map(() => 'create'));
      expect(sortSets(changes.map((c) => c.after as { name: string; type: string }))).toEqual(wanted);
      expect(zonePlan.counts).toEqual({ create: wanted.length, update: 0, delete: 0 });
    }
    // The library gives the same plan (planDns with assumeEmpty and no live file).
    const { files } = await readFleet(REFERENCE_FLEET);
    const library = planDns(files, [], { nowSeconds: Date.parse('2026-11-21T00:00:00Z') / 1000, assumeEmpty: true });
    expect(library.plan && toJson(library.plan)).toBe(run.stdout);
    // The numbers the compiled output as live state counts as managed (the first test above): 40 on Google, 42 on Route 53.
    expect(plan.zones.map((z) => `${z.zone}/${z.host} ${z.counts.create}`)).toEqual([
      'cluster.atomi.cloud/google 40',
      'cluster.atomi.cloud/route53 42',
      'cluster.atomi-spare.net/google 40',
      'cluster.atomi-spare.net/route53 42',
    ]);
  });

  it('says in the header, in each block and in the totals that the zones are assumed empty', async () => {
    const run = await runCliInProcess(['plan', 'dns', '--fleet', REFERENCE_FLEET, '--assume-empty', ...NOW]);
    expect(run.exitCode, run.stderr).toBe(0);
    const lines = run.stdout.split('\n');
    expect(lines.slice(0, 3)).toEqual([
      'ASSUMED EMPTY: 4 of 4 zone plans assume the zone holds nothing on its host (--assume-empty): cluster.atomi.cloud on google, cluster.atomi.cloud on route53, cluster.atomi-spare.net on google, cluster.atomi-spare.net on route53',
      'this is a preview from nothing, not a diff against the hosts: diene apply dns always reads the hosts and plans afresh before it writes, and --plan-checksum with this checksum passes only while they hold none of the record sets diene manages',
      '',
    ]);
    expect(lines.filter((l) => l.includes(' on ') && !l.startsWith('ASSUMED'))).toEqual([
      'cluster.atomi.cloud on google (google): 40 changes, assumed empty (no live state read)',
      'cluster.atomi.cloud on route53 (route53): 42 changes, assumed empty (no live state read)',
      'cluster.atomi-spare.net on google (google): 40 changes, assumed empty (no live state read)',
      'cluster.atomi-spare.net on route53 (route53): 42 changes, assumed empty (no live state read)',
    ]);
    expect(run.stdout).toContain('\ntotal: 164 creates, 0 updates, 0 deletes in 4 zone plans (4 assumed empty)\n');
    expect(lines.filter((l) => /^ {2}[~-] /.test(l))).toEqual([]);
    // Google 40 and Route 53 42 creates differ only in how each host splits geo sets, not by drift: no note says the hosts differ.
    expect(lines.filter((l) => l.startsWith('note: '))).toEqual([]);
  });

  it('reads an empty --live folder as the hosts holding nothing, with the same plan and checksum', async () => {
    const dir = operatorCopy();
    const empty = path.join(dir, 'empty');
    mkdirSync(empty);
    const alone = await runCliInProcess(['plan', 'dns', '--fleet', dir, '--assume-empty', '--format', 'json', ...NOW], { cwd: dir });
    const fromFolder = await runCliInProcess(['plan', 'dns', '--fleet', dir, '--live', 'empty', '--assume-empty', '--format', 'json', ...NOW], { cwd: dir });
    expect(fromFolder.exitCode, fromFolder.stderr).toBe(0);
    expect(fromFolder.stdout).toBe(alone.stdout);
    // The same record sets as live state: a zone holding them already plans nothing, so the checksums differ.
    const full = await runCliInProcess(['plan', 'dns', '--fleet', dir, '--live', 'live', '--format', 'json', ...NOW], { cwd: dir });
    expect((JSON.parse(full.stdout) as JsonPlan).checksum).not.toBe((JSON.parse(alone.stdout) as JsonPlan).checksum);
  });

  it('plans from empty only the zones a --live folder lacks, and plans the others against their snapshot', async () => {
    const dir = operatorCopy();
    const some = path.join(dir, 'some', 'cluster.atomi.cloud');
    mkdirSync(some, { recursive: true });
    cpSync(path.join(dir, 'live', 'cluster.atomi.cloud', 'route53.json'), path.join(some, 'route53.json'));
    const run = await runCliInProcess(['plan', 'dns', '--fleet', dir, '--live', 'some', '--assume-empty', ...NOW], { cwd: dir });
    expect(run.exitCode, run.stderr).toBe(0);
    expect(run.stdout.split('\n')[0]).toBe(
      'ASSUMED EMPTY: 3 of 4 zone plans assume the zone holds nothing on its host (--assume-empty): cluster.atomi.cloud on google, cluster.atomi-spare.net on google, cluster.atomi-spare.net on route53',
    );
    expect(run.stdout.split('\n')[1]).toBe(
      'this is a preview from nothing for those 3 only; the other 1 (cluster.atomi.cloud on route53) is diffed against its live snapshot: diene apply dns always reads the hosts and plans afresh before it writes, and --plan-checksum with this checksum passes only while the hosts assumed empty hold none of the record sets diene manages and the others still match their snapshots',
    );
    expect(run.stdout).not.toContain('not a diff against the hosts');
    // The one host diffed against live state has nothing to compare with: no note says the hosts differ.
    expect(run.stdout).not.toContain('note: hosts differ');
    expect(run.stdout).toContain('\ncluster.atomi.cloud on route53 (route53): no changes, 42 managed record sets live\n');
    expect(run.stdout).toContain('\ntotal: 122 creates, 0 updates, 0 deletes in 4 zone plans (3 assumed empty)\n');
    expect(run.stdout).not.toContain('not planned:');
  });

  it('refuses what would hide a mistake: no live state and no --assume-empty, an empty folder without it, a --live path that is not there', async () => {
    const dir = operatorCopy();
    mkdirSync(path.join(dir, 'empty'));
    const neither = await runCliInProcess(['plan', 'dns', '--fleet', dir], { cwd: dir });
    expect(neither.exitCode).toBe(2);
    expect(neither.stdout).toBe('');
    expect(neither.stderr).toContain('error usage_option_missing: diene plan dns needs --live FILE|DIR or --assume-empty');
    expect(neither.stderr).toContain('before a first rollout, when the hosts hold nothing yet, --assume-empty plans every record set as a create');

    const emptyFolder = await runCliInProcess(['plan', 'dns', '--fleet', dir, '--live', 'empty'], { cwd: dir });
    expect(emptyFolder.exitCode).toBe(2);
    expect(emptyFolder.stdout).toBe('');
    expect(emptyFolder.stderr).toContain(
      'error dns_live_not_snapshot: --live empty: it holds no <zone>/<host>.json snapshot, so there is no live state to plan against',
    );
    expect(emptyFolder.stderr).toContain('when the hosts hold nothing yet, `diene plan dns --assume-empty` plans every record set as a create');

    const typo = await runCliInProcess(['plan', 'dns', '--fleet', dir, '--live', 'lvie', '--assume-empty'], { cwd: dir });
    expect(typo.exitCode).toBe(2);
    expect(typo.stdout).toBe('');
    expect(typo.stderr).toContain('error dns_live_not_snapshot: --live lvie: it does not exist');
  });

  it("recognises one zone's folder given as --live and says to pass its parent, with or without --assume-empty", async () => {
    const dir = operatorCopy();
    const zoneFolder = path.join('live', 'cluster.atomi.cloud');
    for (const extra of [[], ['--assume-empty']]) {
      const run = await runCliInProcess(['plan', 'dns', '--fleet', dir, '--live', zoneFolder, ...extra], { cwd: dir });
      expect(run.exitCode, run.stderr).toBe(2);
      expect(run.stdout).toBe('');
      expect(run.stderr).toContain(
        'error dns_live_not_snapshot: --live live/cluster.atomi.cloud: it looks like the folder of one zone, cluster.atomi.cloud (it holds google.json, route53.json), not one laid out like dns/ (<zone>/<host>.json), so there is no live state to plan against',
      );
      expect(run.stderr).toContain(
        'hint: pass its parent, live, the folder laid out like dns/: there each <host>.json is read as the snapshot of the zone its folder names',
      );
      expect(run.stderr).not.toContain('--assume-empty` plans');
    }
  });

  it('with --assume-empty, counts only an empty --live folder as empty live state, and never hints at --assume-empty again', async () => {
    const dir = operatorCopy();
    const stray = path.join(dir, 'stray');
    mkdirSync(path.join(stray, 'notes'), { recursive: true });
    writeFileSync(path.join(stray, 'README.md'), 'not a snapshot\n');
    writeFileSync(path.join(stray, 'notes', 'todo.txt'), 'not a snapshot\n');
    const run = await runCliInProcess(['plan', 'dns', '--fleet', dir, '--live', 'stray', '--assume-empty'], { cwd: dir });
    expect(run.exitCode, run.stderr).toBe(2);
    expect(run.stdout).toBe('');
    expect(run.stderr).toContain(
      'error dns_live_not_snapshot: --live stray: it holds no <zone>/<host>.json snapshot (only README.md, notes/), so there is no live state to plan against',
    );
    expect(run.stderr).toContain('with --assume-empty only an empty folder stands for hosts that hold nothing');
    expect(run.stderr).not.toContain('`diene plan dns --assume-empty` plans every record set as a create');
    // A path that is not there, with --assume-empty: the hint does not suggest the option already given.
    const typo = await runCliInProcess(['plan', 'dns', '--fleet', dir, '--live', 'lvie', '--assume-empty'], { cwd: dir });
    expect(typo.exitCode).toBe(2);
    expect(typo.stderr).not.toContain('`diene plan dns --assume-empty` plans every record set as a create');
  });

  it('is a plan-only option: apply dns has no --assume-empty and always reads the hosts', async () => {
    const run = await runCliInProcess(['apply', 'dns', '--fleet', REFERENCE_FLEET, '--dry-run', '--assume-empty']);
    expect(run.exitCode).toBe(2);
    expect(run.stderr).toContain('error usage_option_unknown: diene apply dns has no option --assume-empty');
  });
});
