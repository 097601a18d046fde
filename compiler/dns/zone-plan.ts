/**
 * The zone-plan format (`schemas/dns-plan.schema.json`): what emit writes for
 * every zone and DNS host, and what the adapters' observers and the traffic
 * planner read back as live state.
 */
import type { RecordSet } from './record-sets.js';

/** The format version written into every zone plan and required of every live snapshot. */
export const DNS_PLAN_VERSION = 1;

/** File name (without `.json`) of the parent zone's delegation plan: `dns/<parent>/delegation.json`. */
export const DELEGATION_PLAN = 'delegation';

/** One zone plan file (`schemas/dns-plan.schema.json`). */
export interface ZonePlanDocument {
  version: number;
  zone: string;
  /** The DNS host; absent in the delegation plan, whose host the fleet does not know. */
  host?: string;
  /** The host kind. */
  provider?: string;
  /** In the delegation plan: the delegated base. */
  delegates?: string;
  recordSets: RecordSet[];
}
