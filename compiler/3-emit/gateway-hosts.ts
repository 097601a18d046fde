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
import type { ClusterModel } from '../2-analyze/fleet-model.js';
import { fleetBases, opsNames, sharedServedNames, type BaseKey, type ServedHostsModel, type ServedName } from '../2-analyze/served-hosts.js';

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

/** Served names grouped the way a gateway file lists them: all hosts, and the hosts of each (base, platform); every list sorted, unique. */
export interface HostGroups {
  hosts: string[];
  byBase: Map<BaseKey, Map<string, string[]>>;
}

function groupHosts(names: readonly ServedName[]): HostGroups {
  const all = new Set<string>();
  const byBase = new Map<BaseKey, Map<string, Set<string>>>();
  for (const n of names) {
    all.add(n.host);
    let byPlatform = byBase.get(n.base);
    if (byPlatform === undefined) byBase.set(n.base, (byPlatform = new Map()));
    let platformHosts = byPlatform.get(n.platform);
    if (platformHosts === undefined) byPlatform.set(n.platform, (platformHosts = new Set()));
    platformHosts.add(n.host);
  }
  // sort() without a comparator orders strings by code unit, as byText does, without a call per comparison.
  const sorted = new Map<BaseKey, Map<string, string[]>>();
  for (const [base, byPlatform] of byBase) sorted.set(base, new Map([...byPlatform].map(([platform, hosts]) => [platform, [...hosts].sort()])));
  return { hosts: [...all].sort(), byBase: sorted };
}

/** The sorted union of two sorted lists of unique names (what sorting the union of their sets gives). */
function mergeSorted(a: readonly string[], b: readonly string[]): string[] {
  if (b.length === 0) return a.slice();
  if (a.length === 0) return b.slice();
  const out: string[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) {
    const x = a[i] as string;
    const y = b[j] as string;
    if (x < y) {
      out.push(x);
      i++;
    } else if (y < x) {
      out.push(y);
      j++;
    } else {
      out.push(x);
      i++;
      j++;
    }
  }
  while (i < a.length) out.push(a[i++] as string);
  while (j < b.length) out.push(b[j++] as string);
  return out;
}

/** Per model, per landscape, the names all its clusters serve (landscape and virtual scopes), grouped and sorted once. */
const sharedGroups = new WeakMap<ServedHostsModel, Map<string, HostGroups>>();

/** The host lists of one cluster: its landscape's shared names (grouped once per model) and its own ops names, merged as sorted lists. */
export function buildGatewayHosts(model: ServedHostsModel, cluster: ClusterModel): GatewayHosts {
  let shared = sharedGroups.get(model);
  if (shared === undefined) sharedGroups.set(model, (shared = new Map()));
  let common = shared.get(cluster.landscape);
  if (common === undefined) shared.set(cluster.landscape, (common = groupHosts(sharedServedNames(model, cluster.landscape))));
  const own = groupHosts(opsNames(model, cluster.landscape, cluster.mark));
  const hosts = mergeSorted(common.hosts, own.hosts);
  const certificates: GatewayCertificate[] = [];
  for (const [baseKey, base] of fleetBases(model) as [BaseKey, string][]) {
    const commonHosts = common.byBase.get(baseKey) ?? new Map<string, string[]>();
    const ownHosts = own.byBase.get(baseKey) ?? new Map<string, string[]>();
    for (const platform of [...new Set([...commonHosts.keys(), ...ownHosts.keys()])].sort(byText)) {
      const dnsNames = mergeSorted(commonHosts.get(platform) ?? [], ownHosts.get(platform) ?? []);
      for (let start = 0, part = 1; start < dnsNames.length; start += MAX_DNS_NAMES, part++) {
        certificates.push({ name: `${platform}-${baseKey}${part === 1 ? '' : `-${part}`}`, base, dnsNames: dnsNames.slice(start, start + MAX_DNS_NAMES) });
      }
    }
  }
  return { cluster: cluster.name, landscape: cluster.landscape, mark: cluster.mark, hosts, certificates };
}
