/**
 * The fleet's clusters as the model holds them: identity, traffic flag and
 * canonical load-balancer addresses. Derived once per fleet index, because
 * two parts of the analysis need them: the model (buildModel) and the book
 * content (Doc B lists the landscapes with a built cluster with traffic on).
 */
import { checkAddress } from './addresses.js';
import { clusterName, type FleetIndex } from './fleet-index.js';

export interface ClusterModel {
  /** `<landscape>-<mark>` */
  name: string;
  landscape: string;
  mark: string;
  provider: string;
  account: string;
  /** true = in the landscape's DNS answers (SPEC §2) */
  traffic: boolean;
  /** Canonical load-balancer addresses, sorted; empty when not built yet. */
  addresses: string[];
  /** A cluster is built once its state file lists an address (SPEC §3.3). */
  built: boolean;
}

const clustersByIndex = new WeakMap<FleetIndex, ClusterModel[]>();

/** Every registered cluster of `index`, sorted by name; addresses a state file lists that are not valid are left out. Derived once per index. */
export function clusterModelsOfIndex(index: FleetIndex): ClusterModel[] {
  const known = clustersByIndex.get(index);
  if (known) return known;
  const exampleFleet = index.fleet.fleet?.data.example === true;
  const clusters = [...index.clusters.values()]
    .map((cluster): ClusterModel => {
      const name = clusterName(cluster.data);
      const addresses = (index.states.get(name)?.data.addresses ?? [])
        .map((text) => checkAddress(text, exampleFleet))
        .flatMap((verdict) => (verdict.ok ? [verdict.canonical] : []));
      const unique = [...new Set(addresses)].sort();
      return {
        name,
        landscape: cluster.data.landscape,
        mark: cluster.data.mark,
        provider: cluster.data.provider,
        account: cluster.data.account,
        traffic: cluster.data.traffic,
        addresses: unique,
        built: unique.length > 0,
      };
    })
    .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  clustersByIndex.set(index, clusters);
  return clusters;
}
