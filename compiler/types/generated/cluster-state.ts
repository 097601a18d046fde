// Generated from schemas/cluster-state.schema.json by `npm run gen:types`. Do not edit.

/**
 * An IPv4 address in dotted-quad form or an IPv6 address (checked by the compiler, which says which form it expected: `address_invalid`).
 */
export type IpAddress = string;

/**
 * Machine-written state of a cluster: state/clusters/<landscape>-<mark>.yaml, written by T3 (docs/fleet-reference.md). A cluster is built once its state file lists an address; a cluster without a state file contributes no address.
 */
export interface ClusterState {
  /**
   * The cluster's fixed load-balancer addresses (IPv4 and IPv6), global unicast only; documentation ranges only when fleet.yaml says `example: true`.
   */
  addresses: IpAddress[];
}
