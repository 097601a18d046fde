// Generated from schemas/dns-health.schema.json by `npm run gen:types`. Do not edit.

/**
 * Cluster health for the traffic planner (`diene plan dns --health FILE`, docs/dns.md): whether each cluster accepts traffic. A cluster missing from the file counts as up; a down cluster's addresses leave the landscape and virtual names (never its own ops names), within the planner's brakes.
 */
export interface DnsHealth {
  /**
   * Health by cluster name (`<landscape>-<mark>`).
   */
  clusters: {
    [k: string]: ClusterHealth | undefined;
  };
}
/**
 * One cluster's health.
 */
export interface ClusterHealth {
  /**
   * false takes the cluster's addresses out of its landscape's and virtual landscapes' names.
   */
  acceptingTraffic: boolean;
}
