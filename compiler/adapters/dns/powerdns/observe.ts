/**
 * Reads a zone from the PowerDNS HTTP API (`GET /servers/localhost/zones/{zone_id}`)
 * into the live format: one record set per RRSet, its enabled records'
 * contents as values (disabled records are not served, so not live), names
 * as PowerDNS returns them (absolute, trailing dot).
 */
import { DNS_PLAN_VERSION, type ZonePlanDocument } from '../../../dns/zone-plan.js';
import { canonicalName, compareRecordSets, type RecordSet } from '../../../dns/record-sets.js';
import type { PowerDnsLink } from './adapter.js';
import { requestJson } from './apply.js';

/** An RRSet as the API returns it. */
interface ApiRrset {
  name: string;
  type: string;
  ttl: number;
  records: { content: string; disabled?: boolean }[];
}

/** Reads `zone` (canonical). Throws an Error with the API's status and message. */
export async function readZone(link: PowerDnsLink, zone: string): Promise<ZonePlanDocument> {
  const body = (await requestJson(link, 'GET', zone)) as { rrsets?: ApiRrset[] };
  const recordSets: RecordSet[] = [];
  for (const rrset of body.rrsets ?? []) {
    const values = rrset.records.filter((r) => r.disabled !== true).map((r) => r.content);
    if (values.length === 0) continue;
    recordSets.push({ name: rrset.name, type: rrset.type, ttl: rrset.ttl, values });
  }
  recordSets.sort((a, b) => compareRecordSets({ name: canonicalName(a.name), type: a.type }, { name: canonicalName(b.name), type: b.type }));
  return { version: DNS_PLAN_VERSION, zone, host: link.host, provider: 'powerdns', recordSets };
}
