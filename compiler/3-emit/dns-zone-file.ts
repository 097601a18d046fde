/**
 * `dns/<zone>.zone` (SPEC §3.6): an RFC 1035 master file of each base zone,
 * rendered from `templates/zone.hbs`. SOA first (primary = first nameserver of
 * the first host serving the zone, contact `hostmaster.<zone>.`, serial 1,
 * minimum TTL 60), then NS for every host's nameservers at the apex, then the
 * records in DNS canonical order. A geo-routed name is written as the union
 * of its members' addresses (what a resolver without geo gets). Names are
 * absolute with a trailing dot, the only output where they carry one.
 *
 * The serial is fixed: the file is the plan's readable form, checked by
 * `named-checkzone` and `kzonecheck`; the hosts number their own serials.
 * Pure: the template is embedded, precompiled (`generated/precompiled-templates.ts`).
 */
import { compareRecordSets } from '../dns/record-sets.js';
import { renderZone, type ZoneRecordsIntent } from './dns-zone-plans.js';
import { generatedComment } from './serialize.js';
import { compiledTemplate } from './templates-engine.js';

/** SOA timers of the zone file, in seconds (RFC 1912 §2.2 ranges; minimum per SPEC §3.6). */
export const ZONE_FILE_SOA = { serial: 1, refresh: 7200, retry: 3600, expire: 1209600, minimum: 60 } as const;

function absolute(name: string): string {
  return `${name}.`;
}

/** The zone file text of one base zone (role `zone`). Throws when no host lists nameservers for it (check-dns.ts refuses that first). */
export function renderZoneFile(zone: ZoneRecordsIntent, command: string): string {
  const nameservers = [...new Set(zone.hosts.flatMap((h) => h.nameservers))];
  const primary = nameservers[0];
  if (primary === undefined) throw new Error(`no host lists nameservers for zone ${zone.zone}`);
  const sets = renderZone(zone, 'none').sort(compareRecordSets);
  const lines = sets.flatMap((rs) =>
    (rs.values ?? []).map((value) => ({
      owner: absolute(rs.name),
      ttl: rs.ttl,
      type: rs.type,
      rdata: rs.type === 'CNAME' || rs.type === 'NS' ? absolute(value) : value,
    })),
  );
  const ownerWidth = Math.max(1, ...lines.map((l) => l.owner.length));
  const typeWidth = Math.max(1, ...lines.map((l) => l.type.length));
  const render = compiledTemplate('zone.hbs');
  return render({
    comment: generatedComment(command).trimEnd().replace(/^#/, ';'),
    origin: absolute(zone.zone),
    ttl: zone.ttl,
    soa: { primary: absolute(primary), contact: absolute(`hostmaster.${zone.zone}`), ...ZONE_FILE_SOA },
    nameservers: nameservers.map(absolute),
    records: lines.map((l) => ({ ...l, owner: l.owner.padEnd(ownerWidth), type: l.type.padEnd(typeWidth) })),
  });
}
