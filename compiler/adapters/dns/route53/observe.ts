/**
 * Reads a hosted zone from Route 53 (`ListHostedZonesByName` to find the
 * public zone, then every page of `ListResourceRecordSets`) into the live
 * format. Names stay as Route 53 returns them (trailing dot, octal escapes
 * such as `\052` for `*`: the loader decodes them with the capabilities'
 * `octal` escapes). An alias record set, which has no TTL or values, is read
 * as TTL 0 with one value `ALIAS <target> <zone id>` so that it shows in
 * plans; routing other than geoproximity coordinates keeps its set
 * identifier. The native sets are returned too, keyed like the planner's
 * record sets, so deletes repeat them exactly.
 */
import type { ResourceRecordSet, Route53Client } from '@aws-sdk/client-route-53';
import { DNS_PLAN_VERSION, type ZonePlanDocument } from '../../../dns/zone-plan.js';
import { canonicalName, canonicalRecordSet, compareRecordSets, recordSetKey, type RecordSet } from '../../../dns/record-sets.js';
import { absolute, DnsProblem, type Timing, withRetry } from '../dns-host.js';
import { isRetryable } from './apply.js';

/** The id (without `/hostedzone/`) of the one public hosted zone named `zone`. Throws when there is none or more than one. */
export async function hostedZoneId(client: Route53Client, timing: Timing, zone: string): Promise<string> {
  // The SDK is an optional peer dependency, imported on first use (a bundle keeps a dynamic import lazy).
  const { ListHostedZonesByNameCommand } = await import('@aws-sdk/client-route-53');
  const found: string[] = [];
  let marker: { DNSName?: string; HostedZoneId?: string } = { DNSName: absolute(zone) };
  for (;;) {
    const page = await withRetry(timing, isRetryable, () => client.send(new ListHostedZonesByNameCommand({ ...marker, MaxItems: 100 })));
    let past = false;
    for (const hz of page.HostedZones ?? []) {
      if ((hz.Name ?? '').toLowerCase() !== absolute(zone)) {
        past = true;
        continue;
      }
      if (!hz.Config?.PrivateZone) found.push((hz.Id ?? '').replace(/^\/hostedzone\//, ''));
    }
    if (past || !page.IsTruncated) break;
    marker = { DNSName: page.NextDNSName, HostedZoneId: page.NextHostedZoneId };
  }
  if (found.length === 0) throw new DnsProblem('dns_zone_not_found', { found: 'no public hosted zone of that name in this account' });
  if (found.length > 1) throw new DnsProblem('dns_zone_not_found', { found: `${found.length} public hosted zones have that name (${found.join(', ')})` });
  return found[0] as string;
}

/** The live-format record set of a native one. */
export function fromResourceRecordSet(native: ResourceRecordSet): RecordSet {
  const alias = native.AliasTarget;
  const coordinates = native.GeoProximityLocation?.Coordinates;
  return {
    name: native.Name ?? '',
    type: native.Type ?? '',
    ttl: native.TTL ?? 0,
    values: alias ? [`ALIAS ${alias.DNSName ?? ''} ${alias.HostedZoneId ?? ''}`] : (native.ResourceRecords ?? []).map((r) => r.Value ?? ''),
    ...(native.SetIdentifier !== undefined ? { setIdentifier: native.SetIdentifier } : {}),
    ...(coordinates?.Latitude !== undefined && coordinates.Longitude !== undefined
      ? { geoproximity: { latitude: coordinates.Latitude, longitude: coordinates.Longitude } }
      : {}),
  };
}

/** Reads every record set of the hosted zone `zoneId` (named `zone`). */
export async function listZone(
  client: Route53Client,
  timing: Timing,
  host: string,
  zone: string,
  zoneId: string,
): Promise<{ document: ZonePlanDocument; natives: Map<string, ResourceRecordSet> }> {
  const { ListResourceRecordSetsCommand } = await import('@aws-sdk/client-route-53');
  const natives = new Map<string, ResourceRecordSet>();
  const recordSets: RecordSet[] = [];
  let start: { StartRecordName?: string; StartRecordType?: ResourceRecordSet['Type']; StartRecordIdentifier?: string } = {};
  for (;;) {
    const page = await withRetry(timing, isRetryable, () => client.send(new ListResourceRecordSetsCommand({ HostedZoneId: zoneId, ...start })));
    for (const native of page.ResourceRecordSets ?? []) {
      const rs = fromResourceRecordSet(native);
      recordSets.push(rs);
      natives.set(recordSetKey(canonicalRecordSet(rs, 'octal')), native);
    }
    if (!page.IsTruncated) break;
    start = {
      ...(page.NextRecordName !== undefined ? { StartRecordName: page.NextRecordName } : {}),
      ...(page.NextRecordType !== undefined ? { StartRecordType: page.NextRecordType } : {}),
      ...(page.NextRecordIdentifier !== undefined ? { StartRecordIdentifier: page.NextRecordIdentifier } : {}),
    };
  }
  recordSets.sort((a, b) => compareRecordSets({ ...a, name: canonicalName(a.name, 'octal') }, { ...b, name: canonicalName(b.name, 'octal') }));
  return { document: { version: DNS_PLAN_VERSION, zone, host, provider: 'route53', recordSets }, natives };
}
