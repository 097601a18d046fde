/**
 * Gateway and certificate host lists, one file per cluster:
 * `gateways/<cluster>.json` =
 *
 * ```json
 * {
 *   "cluster": "raichu-opal", "landscape": "raichu", "mark": "opal",
 *   "hosts": ["<every name the gateway must serve, sorted>"],
 *   "certificates": [{ "name": "nitroso-base", "base": "cluster.atomi.cloud", "dnsNames": ["…"] }, …]
 * }
 * ```
 *
 * The names are those of 2-analyze/served-hosts.ts: every service host of the
 * cluster's landscape, of the virtual landscapes it is a member of, and of its
 * own ops name, on both bases, each spelt out (a TLS wildcard covers one
 * label, and every service host is three labels below the DNS wildcard that
 * routes it). The certificates partition the hosts: one per (base, platform),
 * never mixing the bases, so the spare base's certificates renew when the main
 * base's DNS or registrar is down; at most {@link MAX_DNS_NAMES} names each
 * (the usual CA limit, Let's Encrypt's among them), a larger set cut in sorted
 * order into `<platform>-<base key>`, `…-2`, `…-3`. Every registered cluster
 * gets its file, built or not, traffic on or off. Pure and deterministic.
 */
import type { ClusterModel, FleetModel } from '../2-analyze/fleet-model.js';
import { fleetBases, servedNames, type BaseKey } from '../2-analyze/served-hosts.js';
import { madeOutputs } from './output-plan.js';
import { toJson } from './serialize.js';

/** The most names one certificate holds (Let's Encrypt's SAN limit, shared by most public CAs). */
export const MAX_DNS_NAMES = 100;

/** One certificate a cluster's gateway needs. */
export interface GatewayCertificate {
  /** `<platform>-<base|spare>`, then `-2`, `-3`… for the parts of a set over {@link MAX_DNS_NAMES}. */
  name: string;
  /** The fleet.yaml base every name ends in. */
  base: string;
  /** Sorted, unique, no wildcard. */
  dnsNames: string[];
}

/** The content of `gateways/<cluster>.json`. */
export interface GatewayHosts {
  cluster: string;
  landscape: string;
  mark: string;
  /** Every host the gateway must serve, sorted, unique. */
  hosts: string[];
  /** Main base first, then by platform; together they cover {@link hosts} exactly once. */
  certificates: GatewayCertificate[];
}

const byText = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/** The host lists of one cluster. */
export function buildGatewayHosts(model: FleetModel, cluster: ClusterModel): GatewayHosts {
  const names = servedNames(model, cluster.landscape, [cluster.mark]);
  const hosts = [...new Set(names.map((n) => n.host))].sort(byText);
  // The hosts of each (base, platform), grouped in one pass over the names.
  const byBase = new Map<BaseKey, Map<string, Set<string>>>();
  for (const n of names) {
    let byPlatform = byBase.get(n.base);
    if (byPlatform === undefined) byBase.set(n.base, (byPlatform = new Map()));
    let platformHosts = byPlatform.get(n.platform);
    if (platformHosts === undefined) byPlatform.set(n.platform, (platformHosts = new Set()));
    platformHosts.add(n.host);
  }
  const certificates: GatewayCertificate[] = [];
  for (const [baseKey, base] of fleetBases(model) as [BaseKey, string][]) {
    const byPlatform = byBase.get(baseKey) ?? new Map<string, Set<string>>();
    for (const platform of [...byPlatform.keys()].sort(byText)) {
      const dnsNames = [...(byPlatform.get(platform) as Set<string>)].sort(byText);
      for (let start = 0, part = 1; start < dnsNames.length; start += MAX_DNS_NAMES, part++) {
        certificates.push({ name: `${platform}-${baseKey}${part === 1 ? '' : `-${part}`}`, base, dnsNames: dnsNames.slice(start, start + MAX_DNS_NAMES) });
      }
    }
  }
  return { cluster: cluster.name, landscape: cluster.landscape, mark: cluster.mark, hosts, certificates };
}

/** The `gateways/` output files: `gateways/<cluster>.json` → canonical JSON, one per registered cluster. */
export function emitGatewayHosts(model: FleetModel): Map<string, string> {
  return madeOutputs(gatewayHostFiles(model));
}

/** The plan of the `gateways/` output files (each made when it is written). */
export function gatewayHostFiles(model: FleetModel): Map<string, () => string> {
  const files = new Map<string, () => string>();
  for (const cluster of model.clusters) files.set(`gateways/${cluster.name}.json`, () => toJson(buildGatewayHosts(model, cluster)));
  return files;
}
