// Generated from schemas/cluster.schema.json by `npm run gen:types`. Do not edit.

/**
 * A cluster: registry/clusters/<landscape>-<mark>.yaml (docs/fleet-reference.md). The file name must agree with `landscape` and `mark`.
 */
export interface Cluster {
  /**
   * The landscape the cluster belongs to.
   */
  landscape: string;
  /**
   * The cluster's mark (a gem name), unique within its landscape; `primordial` is reserved.
   */
  mark: string;
  /**
   * The provider that runs the cluster; (the landscape's region, provider) must be listed in regions.yaml.
   */
  provider: string;
  /**
   * The account the cluster runs under: the file stem `<vendor>-<name>` of a registry/accounts/ file whose vendor is the provider. The compiler checks it against the accounts (`cluster_account_invalid`, `cluster_account_unknown`).
   */
  account: string;
  /**
   * True = the cluster's addresses are in its landscape's DNS answers. Required, no default.
   */
  traffic: boolean;
}
