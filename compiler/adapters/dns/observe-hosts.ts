/**
 * Reads the live zones of several DNS hosts at once (for `diene apply dns`
 * and `diene export dns`): every host in parallel, the zones of one host one
 * after the other (writes and reads of one zone are never interleaved by
 * this process). A host that fails on a zone is reported with the host's own
 * error; the other zones and hosts are still read.
 */
import type { ZonePlanDocument } from '../../dns/zone-plan.js';
import { DnsHostError, type DnsHostAdapter } from './dns-host.js';

/** The result of reading one zone on one host. */
export interface ZoneObservation {
  zone: string;
  host: string;
  document?: ZonePlanDocument;
  /** Why the zone could not be read (its diagnostic names the host and the zone). */
  error?: DnsHostError;
}

/** Reads every zone of `zonesByHost` (host name → canonical zone names) with the matching adapter. Throws only on a bug (never for a host's failure); results are sorted by host, then zone. */
export async function observeHosts(adapters: readonly DnsHostAdapter[], zonesByHost: ReadonlyMap<string, readonly string[]>): Promise<ZoneObservation[]> {
  const perHost = await Promise.all(
    adapters.map(async (adapter) => {
      const results: ZoneObservation[] = [];
      for (const zone of zonesByHost.get(adapter.host) ?? []) {
        try {
          results.push({ zone, host: adapter.host, document: await adapter.observe(zone) });
        } catch (error) {
          // Anything but a host's failure is a bug of diene: it stops the run as an internal error.
          if (!(error instanceof DnsHostError)) throw error;
          results.push({ zone, host: adapter.host, error });
        }
      }
      return results;
    }),
  );
  return perHost.flat().sort((a, b) => (a.host < b.host ? -1 : a.host > b.host ? 1 : a.zone < b.zone ? -1 : a.zone > b.zone ? 1 : 0));
}
