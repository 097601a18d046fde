/**
 * Fixtures for the DNS applier tests: the reference fleet with its
 * `dns.hosts` replaced by test hosts, written to a temporary folder; running
 * `apply dns` in process with injected adapters; and the convergence check
 * every step ends with (read every zone back, re-plan, expect no change).
 */
import { loadDnsLive, type LiveSnapshot } from '../../compiler/1-load/load-dns-live.js';
import { sourceFile } from '../../compiler/1-load/source-file.js';
import { dnsIntent, type DnsIntent } from '../../compiler/2-analyze/dns-names.js';
import { toJson } from '../../compiler/3-emit/serialize.js';
import type { DnsHostAdapter, Environment } from '../../compiler/adapters/dns/dns-host.js';
import { readFleetFiles } from '../../compiler/adapters/filesystem/read-fleet.js';
import { applyDns, type ApplyDnsOptions } from '../../compiler/cli/apply-dns.js';
import type { CommandResult } from '../../compiler/cli/command.js';
import { analyzeFleet, inputValidators } from '../../compiler/index.js';
import { planTraffic, type TrafficPlan } from '../../compiler/plan/traffic-planner.js';
import type { DnsHost } from '../../compiler/types/generated/fleet.js';
import { overlayTexts, readFleetTexts, TEST_NOW_SECONDS, writeTempFleet } from './fleet-fixture.js';

/** The zones of the reference fleet. */
export const ZONES = ['cluster.atomi.cloud', 'cluster.atomi-spare.net'] as const;

const reference = readFleetTexts();
const validators = inputValidators();

/** fleet.yaml of the reference fleet with `hosts` (YAML lines under `  hosts:`, already indented) in place of its hosts, and `ttl` as given. */
export function fleetYaml(hostsYaml: string, ttl = 60): string {
  const text = reference.get('registry/fleet.yaml') as string;
  const start = text.indexOf('  hosts:');
  const end = text.indexOf('  parent:');
  return `${text.slice(0, start)}  hosts:\n${hostsYaml}${text.slice(end)}`.replace(/ttl: 60 #/, `ttl: ${ttl} #`);
}

/** A test host entry for fleet.yaml serving both zones. */
export function hostYaml(name: string, provider: string, extra: Record<string, string>): string {
  const lines = [
    `    - name: ${name}`,
    `      provider: ${provider}`,
    '      nameservers:',
    ...ZONES.map((z) => `        ${z}: [ns1.lab.test]`),
    ...Object.entries(extra).map(([k, v]) => `      ${k}: ${v}`),
  ];
  return `${lines.join('\n')}\n`;
}

/** A temporary fleet: the reference with `overlay`; removed by `cleanup`. */
export function tempFleet(overlay: Record<string, string | null>): { dir: string; cleanup: () => void } {
  return writeTempFleet(overlayTexts(reference, overlay));
}

/**
 * Runs `apply dns` on the fleet at `dir` in process. Its temporary fleets are
 * in no git repository, so the endpoint review is allowed through unless
 * `options.endpoints` says otherwise (test/cli/endpoint-review.test.ts tests it).
 */
export function runApply(dir: string, env: Environment, options: Partial<ApplyDnsOptions> = {}): Promise<CommandResult> {
  return applyDns(dir, {
    hosts: [],
    dryRun: false,
    force: false,
    format: 'json',
    nowSeconds: TEST_NOW_SECONDS,
    env,
    cwd: dir,
    endpoints: { allowChange: true, cwd: dir },
    ...options,
  });
}

/** The JSON product of an `apply dns --format json` run. */
export interface ApplyJson {
  plan: TrafficPlan;
  report?: {
    results: { zone: string; host: string; status: string; changes: number; requests: number; error?: string; code?: string; remaining?: string[] }[];
    differences: { zone: string; lines: string[] }[];
  };
}

/** Parses a run's stdout. */
export function applyJson(result: CommandResult): ApplyJson {
  return JSON.parse(result.stdout ?? '{}') as ApplyJson;
}

/** The fleet's DNS intent and hosts. Throws when the fleet does not compile. */
export async function fleetDns(dir: string): Promise<{ intent: DnsIntent; hosts: DnsHost[] }> {
  const read = await readFleetFiles(dir);
  const analysis = analyzeFleet(read.files, { nowSeconds: TEST_NOW_SECONDS });
  if (!analysis.model) throw new Error(analysis.diagnostics.map((d) => `${d.code}: ${d.message}`).join('\n'));
  return { intent: dnsIntent(analysis.model), hosts: analysis.model.settings.dns.hosts };
}

/** Reads `zone` through `adapter` and loads it as `plan dns` would. */
export async function observeSnapshot(adapter: DnsHostAdapter, zone: string, intent: DnsIntent): Promise<LiveSnapshot> {
  const document = await adapter.observe(zone);
  const loaded = loadDnsLive(
    [{ source: sourceFile(`${zone}/${adapter.host}.json`, toJson(document)), identity: { zone, host: adapter.host } }],
    intent.zones,
    validators,
  );
  const snapshot = loaded.snapshots[0];
  if (!snapshot) throw new Error(loaded.diagnostics.map((d) => `${d.code}: ${d.message}`).join('\n'));
  return snapshot;
}

/** Reads every zone of every adapter and re-plans: the change lines that remain (empty when converged). */
export async function remainingAfter(dir: string, adapters: readonly DnsHostAdapter[]): Promise<string[]> {
  const { intent } = await fleetDns(dir);
  const snapshots: LiveSnapshot[] = [];
  for (const adapter of adapters) for (const zone of ZONES) snapshots.push(await observeSnapshot(adapter, zone, intent));
  const plan = planTraffic(intent, snapshots, undefined);
  return plan.zones.flatMap((z) => z.units.flatMap((u) => u.changes.map((c) => `${z.host} ${z.zone}: ${c.verb} ${c.key.name} ${c.key.type}`)));
}

/** The values of `name` `type` in a snapshot (canonical), or undefined. */
export function valuesAt(snapshot: LiveSnapshot, name: string, type: string): { ttl: number; values: string[] } | undefined {
  const found = snapshot.recordSets.find((rs) => rs.canonical.name === name && rs.canonical.type === type);
  return found ? { ttl: found.canonical.ttl, values: found.canonical.values ?? [] } : undefined;
}
