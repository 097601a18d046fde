/**
 * `diene plan dns --live FILE|DIR | --assume-empty [--health FILE] [--force]
 * [--override-freeze REASON] [--fleet DIR] [--format text|json]` (SPEC §3.3, §5): compiles the fleet's
 * DNS intent, reads the live snapshots (one file, or a folder laid out like
 * `dns/`) and the optional health file, and prints what each host must
 * change: the text plan, or with `--format json` the plan object. Writes
 * nothing. The parent zone's snapshot, if the folder holds one, is read and
 * checked but not planned: `apply dns` never writes it, and the reviewed
 * checksum must be the one `apply dns` computes from the same live state.
 *
 * `--assume-empty` is the first rollout's preview (octoDNS and DNSControl
 * plan a zone the host lacks as all creates): every (zone, host) the fleet
 * serves without a snapshot (all of them without `--live`; with `--live DIR`
 * the folder may be empty) is planned as an empty zone, and the plan says so
 * in its header and per zone. The checksum is the one `apply dns` computes
 * from hosts that really hold no managed record set, so the reviewed preview
 * applies only to such hosts: `apply dns` always reads the hosts itself.
 *
 * Exit codes: 0 a plan (possibly empty; deferrals and kept addresses are
 * listed), 2 invalid fleet, snapshot, health file or usage (diagnostics on
 * stderr), 3 refused by a brake (freeze, or the mass-change brake without
 * `--force`): the plan is still printed, marked refused, so it can be
 * reviewed; an applier must write nothing. `--force` also lets every
 * leaving cluster go in one plan (the one-cluster brake, which otherwise
 * defers all but the first and exits 0). Only `--override-freeze REASON` lifts
 * the freeze, and nothing else: a person's decision with its reason, recorded
 * in the plan and its checksum (SPEC §3.3).
 */
import path from 'node:path';
import { assumeEmpty, loadDnsHealth, loadDnsLive, type LiveSnapshot } from '../1-load/load-dns-live.js';
import { dnsIntent } from '../2-analyze/dns-names.js';
import { toJson } from '../3-emit/serialize.js';
import { parentOf, readDnsLive, readTextFile } from '../adapters/filesystem/read-dns-live.js';
import { diagnose, hasErrors, sortDiagnostics } from '../diagnostics/diagnostic.js';
import { inputValidators } from '../index.js';
import { formatTrafficPlan } from '../plan/dns-plan-text.js';
import { planTraffic } from '../plan/traffic-planner.js';
import {
  EXIT,
  fleetRoot,
  freezeOverride,
  fromFleetRoot,
  fromHelp,
  missingOption,
  nowSeconds,
  readAndAnalyze,
  stringOption,
  type Command,
  type CommandInput,
  type CommandResult,
} from './command.js';
import { planDnsHelp } from './plan-dns.help.js';
import { dnsRunResult } from './dns-warnings.js';

async function runPlanDns({ values, format }: CommandInput): Promise<CommandResult> {
  const overrideFreeze = freezeOverride(values);
  const liveFlag = stringOption(values, 'live');
  const assumingEmpty = values['assume-empty'] === true;
  if (liveFlag === undefined && !assumingEmpty)
    throw missingOption(
      '--live FILE|DIR or --assume-empty',
      'give a live snapshot, or a folder laid out like dns/ (`diene export dns --out live` writes one); before a first rollout, when the hosts hold nothing yet, --assume-empty plans every record set as a create',
    );
  const root = fleetRoot(values);
  const cwd = process.cwd();
  const fleet = await readAndAnalyze(root, { analysis: { nowSeconds: nowSeconds(values) } });
  if (!fleet.valid) return fleet.stop;
  const { diagnostics } = fleet;
  const intent = dnsIntent(fleet.model);
  const validators = inputValidators();

  const snapshots: LiveSnapshot[] = [];
  const parentZones = new Set(intent.zones.filter((z) => z.role === 'parent').map((z) => z.zone));
  const skippedParents = new Set<string>();
  if (liveFlag !== undefined) {
    // Files are named from the fleet root, as every diagnostic names them (the text form names them from here again).
    const live = await readDnsLive(path.resolve(cwd, liveFlag), root);
    // With --assume-empty an empty folder is the first rollout's live state; a path that is not there, or a folder holding other things, stays a mistake.
    if (live.problem && !(assumingEmpty && live.empty)) {
      const fix = live.zoneFolder ? 'zone_folder' : assumingEmpty ? 'assuming' : 'snapshot';
      diagnostics.push(
        diagnose({ file: fromFleetRoot(root, liveFlag) }, 'dns_live_not_snapshot', {
          option: '--live',
          path: liveFlag,
          problem: live.problem,
          fix,
          parent: parentOf(liveFlag),
        }),
      );
      return { diagnostics: sortDiagnostics(diagnostics), exitCode: EXIT.invalid };
    }
    diagnostics.push(...live.diagnostics);
    const loaded = loadDnsLive(live.files, intent.zones, validators);
    diagnostics.push(...loaded.diagnostics);
    // The parent zone is read (its snapshot is checked like any other) but not planned: apply dns never writes it, so the
    // reviewed checksum must cover the same zone plans as the one apply dns computes.
    for (const snapshot of loaded.snapshots) {
      if (parentZones.has(snapshot.zone)) skippedParents.add(snapshot.zone);
      else snapshots.push(snapshot);
    }
  }
  if (assumingEmpty) snapshots.push(...assumeEmpty(intent.zones, snapshots));

  let health;
  const healthFlag = stringOption(values, 'health');
  if (healthFlag !== undefined) {
    const file = await readTextFile(path.resolve(cwd, healthFlag), root);
    diagnostics.push(...file.diagnostics);
    if (file.file) {
      const result = loadDnsHealth(file.file, intent.clusters, validators);
      diagnostics.push(...result.diagnostics);
      health = result.health;
    }
  }
  if (hasErrors(diagnostics)) return { diagnostics: sortDiagnostics(diagnostics), exitCode: EXIT.invalid };

  const plan = planTraffic(intent, snapshots, health, { force: values['force'] === true, ...(overrideFreeze !== undefined ? { overrideFreeze } : {}) });
  const stdout = format === 'json' ? toJson(plan) : formatTrafficPlan(plan);
  const notes = [...skippedParents]
    .sort()
    .map(
      (zone) =>
        `${zone} (the parent zone): its snapshot is not planned, as apply dns does not write the delegation (its host is not the fleet's); the compiled dns/${zone}/delegation.json shows the NS records to keep there`,
    );
  return { stdout, diagnostics: sortDiagnostics(diagnostics), ...(notes.length > 0 ? { notes } : {}), exitCode: plan.refused ? EXIT.refused : EXIT.ok };
}

// Only the warnings that bear on the DNS run are printed; a note counts the others (cli/dns-warnings.ts).
export const planDnsCommand: Command = { ...fromHelp(planDnsHelp), run: async (input) => dnsRunResult(await runPlanDns(input)) };
