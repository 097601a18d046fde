/**
 * `diene apply dns [--host NAME...] [--dry-run] [--force] [--override-freeze REASON] [--plan-checksum X]
 * [--health FILE] [--live-from DIR] [--fleet DIR] [--format text|json]`
 * (SPEC §3.3, §5): pushes the difference between the fleet's zone plans and
 * each DNS host's live zones to the hosts.
 *
 * 1. Compiles the fleet in memory (invalid: exit 2, nothing read or written).
 * 2. Reads every zone of every selected host afresh (all hosts in parallel);
 *    with `--live-from DIR` (dry runs only) reads snapshots from DIR instead.
 * 3. Plans with the traffic planner (brakes, `--force`, `--override-freeze`, `--health`) and
 *    prints the plan on stdout. A brake refusing, or a `--plan-checksum`
 *    that is not the checksum of this plan (the live state moved since the
 *    plan was reviewed), refuses the whole run: exit 3, nothing written.
 * 4. Unless `--dry-run`, writes each host in parallel, its zones one after
 *    the other, each zone in the host's atomic unit; then reads the zone back
 *    and requires that nothing of the plan remains. A host that fails is
 *    named with the zone and the host's own error while the others are still
 *    written: exit 4 (a later run repairs it). Managed names whose answers
 *    differ between hosts afterwards are listed.
 *
 * Secrets come only from the environment variables fleet.yaml names
 * (`tsig.secretEnv`, `apiKeyEnv`) and the cloud SDKs' default credential
 * chains. Before step 2, a selected host whose endpoint or credential
 * variable differs from the base revision (`--base DIR|REV`, else
 * fleet.yaml's `git.branch`) is refused, exit 3, unless
 * `--allow-endpoint-change` (cli/endpoint-review.ts). The parent zone's delegation is not applied (its host is not the
 * fleet's).
 */
import path from 'node:path';
import { loadDnsHealth, loadDnsLive, type LiveSnapshot } from '../1-load/load-dns-live.js';
import { sourceFile } from '../1-load/source-file.js';
import { dnsIntent, type DnsIntent } from '../2-analyze/dns-names.js';
import type { FleetModel } from '../2-analyze/fleet-model.js';
import type { ZonePlanDocument } from '../dns/zone-plan.js';
import { toJson } from '../3-emit/serialize.js';
import { DnsHostError, DnsProblem, hostError, type DnsHostAdapter, type Environment } from '../adapters/dns/dns-host.js';
import { createDnsAdapter } from '../adapters/dns/host-adapters.js';
import { observeHosts } from '../adapters/dns/observe-hosts.js';
import { parentOf, readDnsLive, readTextFile } from '../adapters/filesystem/read-dns-live.js';
import { diagnose, FLEET_WIDE, hasErrors, sortDiagnostics, withoutRepeats, type Diagnostic } from '../diagnostics/diagnostic.js';
import { inputValidators } from '../index.js';
import type { SchemaValidators } from '../1-load/schema-validation.js';
import { hostDifferences, remainingChanges } from '../plan/dns-apply-check.js';
import { appliedInFull, formatApplyReport, wroteNothing, type DnsApplyReport, type ZoneApplyResult } from '../plan/dns-apply-report.js';
import { formatTrafficPlan } from '../plan/dns-plan-text.js';
import { planTraffic, type ZoneHostPlan } from '../plan/traffic-planner.js';
import type { DnsHost } from '../types/generated/fleet.js';
import {
  EXIT,
  fleetRoot,
  freezeOverride,
  fromHelp,
  invalidValue,
  missingOption,
  nowSeconds,
  readAndAnalyze,
  shownPath,
  stringOption,
  type Command,
  type CommandInput,
  type CommandResult,
  type Format,
} from './command.js';
import { atHostEntry, hostFailures, hostNames, selectHosts } from './dns-hosts.js';
import { applyDnsHelp } from './apply-dns.help.js';
import { dnsRunResult } from './dns-warnings.js';
import { endpointRefusal, endpointReviewOptions, type EndpointReviewOptions } from './endpoint-review.js';

/** Everything `apply dns` takes besides the fleet root. */
export interface ApplyDnsOptions {
  /** Host names to apply to; empty = every host of fleet.yaml. */
  hosts: readonly string[];
  dryRun: boolean;
  force: boolean;
  /** A person's reason to override the freeze (SPEC §3.3); never implied by `force`. */
  overrideFreeze?: string;
  /** The checksum of the reviewed plan (`sha256:…`); the run refuses when the fresh plan's differs. */
  planChecksum?: string;
  /** Absolute path of a live-state folder or file to plan from instead of reading the hosts (dry runs only). */
  liveFrom?: string;
  /** Absolute path of the health file. */
  health?: string;
  format: Format;
  nowSeconds: number;
  /** Where secrets are read from (the process environment in the CLI). */
  env: Environment;
  /** The folder diagnostics name files from: the fleet root (the text form names them from the working directory again). */
  cwd: string;
  /**
   * The endpoint review (cli/endpoint-review.ts), with the working directory
   * `--base DIR` is read from: a selected host whose endpoint or credential
   * variable differs from the base revision is refused before any secret is
   * read. Skipped with `--live-from`, which contacts no host.
   */
  endpoints: EndpointReviewOptions & { cwd: string };
  /** The adapter of a host (tests inject clients pointed at local servers); {@link createDnsAdapter} by default. */
  adapterFor?: (host: DnsHost, env: Environment) => DnsHostAdapter;
}

/** Loads an observed zone through the same loader as `plan dns --live`, so canonicalization and checks are identical. */
function snapshotOf(document: ZonePlanDocument, intent: DnsIntent, validators: SchemaValidators): { snapshot: LiveSnapshot } | { problem: DnsProblem } {
  const file = sourceFile(`${document.zone}/${document.host ?? 'unknown'}.json`, toJson(document));
  const loaded = loadDnsLive([{ source: file, identity: { zone: document.zone, host: document.host ?? '' } }], intent.zones, validators);
  const errors = loaded.diagnostics.filter((d) => d.severity === 'error');
  const snapshot = loaded.snapshots[0];
  if (errors.length > 0 || !snapshot)
    return { problem: new DnsProblem('dns_live_answer_invalid', { problems: errors.map((d) => `${d.code}: ${d.message}`).join('; ') || 'no snapshot' }) };
  return { snapshot };
}

/** The failures of a run's hosts, each placed at its host's entry in fleet.yaml ({@link atHostEntry}). */
interface Failures {
  model: FleetModel;
  found: Diagnostic[];
  /** The hosts' own errors, placed by {@link hostFailures} (one diagnostic per host for missing credentials). */
  errors: DnsHostError[];
}

/** Every diagnostic of `failures`. */
function failureDiagnostics(failures: Failures): Diagnostic[] {
  return [...failures.found, ...hostFailures(failures.model, failures.errors)];
}

/** A zone result that failed with `error`, its diagnostic added to `failures`. */
function failedWith(error: unknown, failures: Failures): { error: string; code: string } {
  // Anything but a host's failure is a bug of diene, reported as an internal error rather than as the host's.
  if (!(error instanceof DnsHostError)) throw error;
  failures.errors.push(error);
  return { error: error.message, code: error.diagnostic.code };
}

function changeCount(plan: ZoneHostPlan): number {
  return plan.counts.create + plan.counts.update + plan.counts.delete;
}

/** The zone plans a checksum covers, each with its change count, so a stale plan can be compared with the reviewed one zone by zone. */
function coverage(zones: readonly ZoneHostPlan[]): string {
  const each = zones.map((z) => {
    const changes = changeCount(z);
    return `${z.zone} on ${z.host} (${changes === 0 ? 'no changes' : `${changes} change${changes === 1 ? '' : 's'}`})`;
  });
  return `the plan now covers ${zones.length} zone plan${zones.length === 1 ? '' : 's'}: ${each.join(', ')}`;
}

/** The plan's stand-in on stdout when no live zone could be read. */
export function nothingPlanned(zonePlans: number): string {
  return `nothing planned: none of the ${zonePlans} live zone${zonePlans === 1 ? '' : 's'} could be read (the errors on stderr say why); no totals, no checksum`;
}

/** Writes one host's zone plans one after the other, reading each back. */
async function applyHost(
  adapter: DnsHostAdapter,
  plans: readonly ZoneHostPlan[],
  intent: DnsIntent,
  validators: SchemaValidators,
  failures: Failures,
): Promise<{ results: ZoneApplyResult[]; after: LiveSnapshot[] }> {
  const results: ZoneApplyResult[] = [];
  const after: LiveSnapshot[] = [];
  for (const plan of plans) {
    const base = { zone: plan.zone, host: plan.host, ...(plan.provider ? { provider: plan.provider } : {}), changes: changeCount(plan) };
    if (base.changes === 0) {
      results.push({ ...base, status: 'unchanged', requests: 0, requestLines: [] });
      continue;
    }
    try {
      const outcome = await adapter.apply(plan);
      const read = snapshotOf(await adapter.observe(plan.zone), intent, validators);
      if ('problem' in read) throw hostError(adapter.host, plan.zone, read.problem);
      after.push(read.snapshot);
      const remaining = remainingChanges(plan, read.snapshot);
      if (remaining.length > 0) {
        const incomplete = atHostEntry(
          failures.model,
          adapter.host,
          diagnose(FLEET_WIDE, 'dns_readback_incomplete', { host: adapter.host, zone: plan.zone, count: remaining.length }),
        );
        failures.found.push(incomplete);
        results.push({
          ...base,
          status: 'failed',
          requests: outcome.requests,
          requestLines: outcome.lines,
          error: incomplete.message,
          code: incomplete.code,
          remaining,
        });
      } else results.push({ ...base, status: 'written', requests: outcome.requests, requestLines: outcome.lines });
    } catch (error) {
      results.push({ ...base, status: 'failed', requests: 0, requestLines: [], ...failedWith(error, failures) });
    }
  }
  return { results, after };
}

/**
 * Runs steps 1–4 for the fleet at `root`; returns the command's result
 * (stdout: the plan, or with `--format json` `{plan, report}`; notes: the
 * outcome per host and zone). Exported for tests that inject adapters.
 */
export async function applyDns(root: string, options: ApplyDnsOptions): Promise<CommandResult> {
  const fleet = await readAndAnalyze(root, { analysis: { nowSeconds: options.nowSeconds } });
  if (!fleet.valid) return fleet.stop;
  const { diagnostics } = fleet;
  const fleetHosts = fleet.model.settings.dns.hosts;
  const hosts = selectHosts(fleetHosts, options.hosts);
  if (options.liveFrom === undefined) {
    const refusal = await endpointRefusal(root, fleet.model, hosts, options.endpoints, options.endpoints.cwd);
    if (refusal) return { ...refusal, diagnostics: sortDiagnostics([...diagnostics, ...refusal.diagnostics]) };
  }
  const full = dnsIntent(fleet.model);
  const intent: DnsIntent = { ...full, zones: full.zones.map((z) => ({ ...z, hosts: z.hosts.filter((h) => hosts.some((s) => s.name === h.name)) })) };
  const validators = inputValidators();

  let health;
  if (options.health !== undefined) {
    const file = await readTextFile(options.health, options.cwd);
    diagnostics.push(...file.diagnostics);
    if (file.file) {
      const result = loadDnsHealth(file.file, intent.clusters, validators);
      diagnostics.push(...result.diagnostics);
      health = result.health;
    }
  }

  const adapters = new Map(hosts.map((h) => [h.name, (options.adapterFor ?? createDnsAdapter)(h, options.env)]));
  const zonesByHost = new Map(
    hosts.map((h) => [h.name, intent.zones.filter((z) => z.role === 'zone' && z.hosts.some((zh) => zh.name === h.name)).map((z) => z.zone)]),
  );
  const notRead: ZoneApplyResult[] = [];
  const snapshots: LiveSnapshot[] = [];
  const failures: Failures = { model: fleet.model, found: [], errors: [] };
  if (options.liveFrom !== undefined) {
    const live = await readDnsLive(options.liveFrom, options.cwd);
    const shown = shownPath(path.resolve(options.cwd, options.liveFrom), options.cwd);
    if (live.problem)
      diagnostics.push(
        diagnose({ file: shown }, 'dns_live_not_snapshot', {
          option: '--live-from',
          path: shown,
          problem: live.problem,
          fix: live.zoneFolder ? 'zone_folder' : 'snapshot',
          parent: parentOf(shown),
        }),
      );
    diagnostics.push(...live.diagnostics);
    const loaded = loadDnsLive(live.files, intent.zones, validators);
    diagnostics.push(...loaded.diagnostics);
    snapshots.push(...loaded.snapshots.filter((s) => hosts.some((h) => h.name === s.host)));
  } else {
    for (const observation of await observeHosts([...adapters.values()], zonesByHost)) {
      const provider = hosts.find((h) => h.name === observation.host)?.provider;
      const loaded = observation.document ? snapshotOf(observation.document, intent, validators) : undefined;
      if (loaded && 'snapshot' in loaded) snapshots.push(loaded.snapshot);
      else {
        const error = loaded ? hostError(observation.host, observation.zone, loaded.problem) : observation.error;
        notRead.push({
          zone: observation.zone,
          host: observation.host,
          ...(provider ? { provider } : {}),
          status: 'not-read',
          changes: 0,
          requests: 0,
          requestLines: [],
          ...failedWith(error, failures),
        });
      }
    }
  }
  if (hasErrors(diagnostics)) return { diagnostics: sortDiagnostics(diagnostics), exitCode: EXIT.invalid };
  // No live zone could be read: a plan against nothing (its totals, its checksum) would only mislead; the errors above say why.
  if (snapshots.length === 0 && notRead.length > 0) {
    const report: DnsApplyReport = { dryRun: options.dryRun, results: notRead, differences: [] };
    return {
      stdout: options.format === 'json' ? toJson({ report }) : `${nothingPlanned(notRead.length)}\n`,
      diagnostics: sortDiagnostics(withoutRepeats([...diagnostics, ...failureDiagnostics(failures)])),
      notes: formatApplyReport(report),
      exitCode: EXIT.invalid,
    };
  }

  const plan = planTraffic(intent, snapshots, health, {
    force: options.force,
    ...(options.overrideFreeze !== undefined ? { overrideFreeze: options.overrideFreeze } : {}),
  });
  const planText = formatTrafficPlan(plan);
  const output = (report?: DnsApplyReport): string => (options.format === 'json' ? toJson({ plan, ...(report ? { report } : {}) }) : planText);
  const sorted = sortDiagnostics(withoutRepeats([...diagnostics, ...failureDiagnostics(failures)]));

  if (options.planChecksum !== undefined && options.planChecksum !== plan.checksum) {
    const why =
      notRead.length > 0 ? ` (${notRead.map((r) => `${r.host} ${r.zone}`).join(', ')} could not be read, so the plan cannot be the reviewed one)` : '';
    return {
      stdout: output(),
      diagnostics: sorted,
      notes: [
        `stale plan: the reviewed plan has checksum ${options.planChecksum}, the plan against the live state now has ${plan.checksum}${why}; nothing written`,
        coverage(plan.zones),
        'review the plan above and run again with its checksum',
      ],
      exitCode: EXIT.refused,
    };
  }
  if (plan.refused)
    return {
      stdout: output(),
      diagnostics: sorted,
      notes: [...plan.brakes.map((b) => `refused: ${b.message}`), 'refused by a brake: nothing written'],
      exitCode: EXIT.refused,
    };

  const plansByHost = new Map<string, ZoneHostPlan[]>();
  for (const zonePlan of plan.zones) plansByHost.set(zonePlan.host, [...(plansByHost.get(zonePlan.host) ?? []), zonePlan]);
  const results: ZoneApplyResult[] = [...notRead];
  const finalState = new Map(snapshots.map((s) => [`${s.zone}\t${s.host}`, s]));
  if (options.dryRun) {
    for (const zonePlan of plan.zones) {
      const adapter = adapters.get(zonePlan.host) as DnsHostAdapter;
      const base = { zone: zonePlan.zone, host: zonePlan.host, ...(zonePlan.provider ? { provider: zonePlan.provider } : {}), changes: changeCount(zonePlan) };
      if (base.changes === 0) {
        results.push({ ...base, status: 'unchanged', requests: 0, requestLines: [] });
        continue;
      }
      try {
        const lines = adapter.describe(zonePlan);
        results.push({ ...base, status: 'planned', requests: lines.length, requestLines: lines });
      } catch (error) {
        results.push({ ...base, status: 'failed', requests: 0, requestLines: [], ...failedWith(error, failures) });
      }
    }
  } else {
    const outcomes = await Promise.all(
      [...plansByHost].map(([host, plans]) => applyHost(adapters.get(host) as DnsHostAdapter, plans, intent, validators, failures)),
    );
    for (const outcome of outcomes) {
      results.push(...outcome.results);
      for (const snapshot of outcome.after) finalState.set(`${snapshot.zone}\t${snapshot.host}`, snapshot);
    }
  }
  results.sort((a, b) => (a.host < b.host ? -1 : a.host > b.host ? 1 : a.zone < b.zone ? -1 : a.zone > b.zone ? 1 : 0));
  const differences = options.dryRun
    ? []
    : intent.zones
        .filter((z) => z.role === 'zone')
        .map((z) => ({
          zone: z.zone,
          lines: hostDifferences(
            z,
            [...finalState.values()].filter((s) => s.zone === z.zone),
          ),
        }))
        .filter((d) => d.lines.length > 0);
  const report: DnsApplyReport = { dryRun: options.dryRun, results, differences };
  return {
    stdout: output(report),
    diagnostics: sortDiagnostics(withoutRepeats([...diagnostics, ...failureDiagnostics(failures)])),
    notes: formatApplyReport(report),
    exitCode: appliedInFull(report) ? EXIT.ok : wroteNothing(report) ? EXIT.invalid : EXIT.partial,
  };
}

async function runApplyDns({ values, format }: CommandInput): Promise<CommandResult> {
  const root = fleetRoot(values);
  const cwd = process.cwd();
  const dryRun = values['dry-run'] === true;
  const liveFrom = stringOption(values, 'live-from');
  if (liveFrom !== undefined && !dryRun)
    throw missingOption(
      '--dry-run with --live-from',
      '--live-from plans from saved snapshots, so it needs --dry-run: apply always re-reads the hosts before writing',
    );
  const checksum = stringOption(values, 'plan-checksum');
  if (checksum !== undefined && !/^sha256:[0-9a-f]{64}$/.test(checksum))
    throw invalidValue(
      '--plan-checksum',
      checksum,
      'sha256:<64 hex digits> (the checksum line of diene plan dns)',
      '--plan-checksum sha256:9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08',
    );
  const health = stringOption(values, 'health');
  const overrideFreeze = freezeOverride(values);
  return applyDns(root, {
    hosts: hostNames(values),
    dryRun,
    force: values['force'] === true,
    ...(overrideFreeze !== undefined ? { overrideFreeze } : {}),
    ...(checksum !== undefined ? { planChecksum: checksum } : {}),
    ...(liveFrom !== undefined ? { liveFrom: path.resolve(cwd, liveFrom) } : {}),
    ...(health !== undefined ? { health: path.resolve(cwd, health) } : {}),
    format,
    nowSeconds: nowSeconds(values),
    env: process.env,
    cwd: root,
    endpoints: { ...endpointReviewOptions(values), cwd },
  });
}

// Only the warnings that bear on the DNS run are printed; a note counts the others (cli/dns-warnings.ts).
export const applyDnsCommand: Command = { ...fromHelp(applyDnsHelp), run: async (input) => dnsRunResult(await runApplyDns(input)) };
