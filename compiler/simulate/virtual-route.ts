/**
 * `diene route` for a virtual landscape's host (`<m>.<s>.<p>.<v>.<base>`, on
 * the main or the spare base): DNS publishes it (`*.<v>.<base>`, one
 * geo-routed set per serving member, SPEC §3.3) and every member's gateway
 * serves and certifies it (2-analyze/served-hosts.ts), so the answer is which
 * landscapes serve it and which one a client in each region of regions.yaml
 * reaches, asked of the compiled zone plans on every DNS host as a resolver
 * would (./dns-answers.ts: Route 53 geoproximity, Google GEO, the union on a
 * host without geo routing).
 *
 * Design note: route_paths holds landscape hosts and their spare-base twins
 * only (a claim names a landscape host, SPEC §3.4), so a virtual name has no
 * prefix map of its own: a member serves every path of it with the service
 * on that member landscape. Pure.
 */
import { dnsIntent } from '../2-analyze/dns-names.js';
import type { FleetModel } from '../2-analyze/fleet-model.js';
import { serviceHost } from '../2-analyze/hostnames.js';
import { fleetBases, type BaseKey } from '../2-analyze/served-hosts.js';
import { zonePlanDocuments } from '../3-emit/dns-zone-plans.js';
import { terminalLines } from '../diagnostics/format.js';
import { dnsAnswerer } from './dns-answers.js';
import { liveFromZonePlans } from './traffic-ticks.js';
import { rowIsReady } from '../1-load/row-format.js';

/** One serving member of the virtual landscape, and the host the service has there. */
export interface VirtualMember {
  landscape: string;
  /** `<m>.<s>.<p>.<member>.<base>`: the route that serves the virtual name on this member. */
  host: string;
  /** The service's row on that member has a non-empty pin.chart (otherwise nothing is deployed there to answer). */
  ready: boolean;
}

/** What one DNS host answers a client in one region. */
export interface VirtualClientAnswer {
  region: string;
  /** The DNS host (fleet.yaml `dns.hosts[].name`). */
  dnsHost: string;
  /** The landscapes whose clusters' addresses the answer holds, sorted; empty when it holds none. */
  landscapes: string[];
  /** The answer's addresses, sorted. */
  addresses: string[];
}

/** The answer of `diene route` for a virtual landscape's host (its `--format json` form). */
export interface VirtualRouteExplanation {
  host: string;
  path: string;
  found: true;
  virtual: { name: string; base: BaseKey; platform: string; service: string; module: string };
  /** The members with `serve: true`, in the virtual landscape's order. */
  members: VirtualMember[];
  /** Every region of regions.yaml (sorted), then every DNS host of the zone (sorted). */
  clients: VirtualClientAnswer[];
}

/** The explanation for `host` when it is a virtual landscape's service host of this fleet; `undefined` otherwise. */
export function explainVirtualRoute(model: FleetModel, host: string, path: string): VirtualRouteExplanation | undefined {
  for (const [baseKey, base] of fleetBases(model)) {
    if (!host.endsWith(`.${base}`)) continue;
    const labels = host.slice(0, -base.length - 1).split('.');
    if (labels.length !== 4) continue;
    const [module, service, platform, name] = labels as [string, string, string, string];
    const vlandscape = model.vlandscapes.find((v) => v.name === name);
    const platformModel = model.platforms.find((p) => p.name === platform);
    const serviceModel = platformModel?.services.find((s) => s.name === service);
    if (!vlandscape || !platformModel?.vlandscapes.includes(name) || !serviceModel?.modules.includes(module)) continue;
    const members = vlandscape.members
      .filter((m) => m.serve)
      .map((m) => ({
        landscape: m.landscape,
        host: serviceHost(module, service, platform, m.landscape, base),
        ready: serviceModel.rows.some((r) => r.landscape === m.landscape && rowIsReady(r.chart)),
      }));
    return { host, path, found: true, virtual: { name, base: baseKey, platform, service, module }, members, clients: clientAnswers(model, host, base) };
  }
  return undefined;
}

/**
 * For `host` shaped as a virtual landscape's service host of this fleet whose
 * platform does not list that virtual landscape in `vlandscapes:`: the virtual
 * landscape and the platform's file to add it to; `undefined` otherwise.
 */
export function unlistedVirtualHost(model: FleetModel, host: string): { name: string; platformFile: string } | undefined {
  for (const [, base] of fleetBases(model)) {
    if (!host.endsWith(`.${base}`)) continue;
    const labels = host.slice(0, -base.length - 1).split('.');
    if (labels.length !== 4) continue;
    const [module, service, platform, name] = labels as [string, string, string, string];
    const platformModel = model.platforms.find((p) => p.name === platform);
    const serviceModel = platformModel?.services.find((s) => s.name === service);
    if (!model.vlandscapes.some((v) => v.name === name) || !serviceModel?.modules.includes(module) || platformModel?.vlandscapes.includes(name) !== false)
      continue;
    return { name, platformFile: `carbon/${platform}/platform.yaml` };
  }
  return undefined;
}

/** What each DNS host of the zone `base` answers for `host` to a client in each region. */
function clientAnswers(model: FleetModel, host: string, base: string): VirtualClientAnswer[] {
  const googleRegions = new Map<string, { latitude: number; longitude: number }>();
  const regions = Object.keys(model.regions).sort();
  for (const code of regions) {
    const region = model.regions[code];
    if (region && !googleRegions.has(region.googleRegion)) googleRegions.set(region.googleRegion, { latitude: region.lat, longitude: region.lon });
  }
  const answerer = dnsAnswerer(googleRegions);
  const snapshots = liveFromZonePlans(zonePlanDocuments(dnsIntent(model)))
    .filter((s) => s.zone === base)
    .sort((a, b) => (a.host < b.host ? -1 : a.host > b.host ? 1 : 0));
  const landscapeOf = new Map<string, string>();
  for (const cluster of model.clusters) for (const address of cluster.addresses) landscapeOf.set(address, cluster.landscape);
  const answers: VirtualClientAnswer[] = [];
  for (const code of regions) {
    const region = model.regions[code] as FleetModel['regions'][string];
    const client = { region: code, latitude: region.lat, longitude: region.lon, googleRegion: region.googleRegion };
    for (const snapshot of snapshots) {
      const { addresses } = answerer.answer(snapshot, host, client);
      const landscapes = [...new Set(addresses.map((a) => landscapeOf.get(a)).filter((l): l is string => l !== undefined))].sort();
      answers.push({ region: code, dnsHost: snapshot.host, landscapes, addresses });
    }
  }
  return answers;
}

/** The text form: the members, what each region's clients reach on each DNS host, and why every path goes to the member's service. */
export function formatVirtualExplanation(e: VirtualRouteExplanation): string {
  const { name, platform, service } = e.virtual;
  const lines = [
    `${e.host}${e.path}`,
    `  virtual    ${name}${e.virtual.base === 'spare' ? ' (on the spare base)' : ''}, served by its serving members: ${e.members.map((m) => m.landscape).join(', ') || 'none'}`,
  ];
  const width = Math.max(0, ...e.members.map((m) => m.landscape.length));
  for (const m of e.members)
    lines.push(
      `  member     ${m.landscape.padEnd(width)}  ${m.host} (platform ${platform}, service ${service}, landscape ${m.landscape})${m.ready ? '' : ': not ready (its row has an empty pin.chart), nothing there answers'}`,
    );
  // One line a region: the landscapes reached (a member without a ready row marked), the DNS hosts that give that answer.
  const notReady = new Set(e.members.filter((m) => !m.ready).map((m) => m.landscape));
  for (const region of [...new Set(e.clients.map((c) => c.region))]) {
    const byAnswer = new Map<string, string[]>();
    for (const c of e.clients.filter((x) => x.region === region)) {
      const named = c.landscapes.map((l) => (notReady.has(l) ? `${l} [not ready: nothing answers]` : l));
      const reached = named.length > 0 ? named.join(' + ') : 'no address';
      byAnswer.set(reached, [...(byAnswer.get(reached) ?? []), c.dnsHost]);
    }
    lines.push(`  client in ${region}  reaches ${[...byAnswer].map(([reached, hosts]) => `${reached} (${hosts.join(', ')})`).join('; ')}`);
  }
  lines.push(
    '  why        a virtual name has no prefix map of its own (route_paths holds landscape hosts and their spare-base twins): DNS answers with one member, and that member serves every path with the service on that landscape',
    `  upstream   path ${e.path} is sent unchanged`,
  );
  return `${terminalLines(lines)}\n`;
}
