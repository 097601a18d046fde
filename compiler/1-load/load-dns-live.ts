/**
 * Loading the traffic planner's inputs with positions (SPEC §3.3): live
 * snapshots in the zone plan format (`schemas/dns-plan.schema.json`, one file
 * per zone per host) and the health file (`schemas/dns-health.schema.json`).
 *
 * Each file is parsed as strict JSON, validated against its schema, then
 * checked against the fleet: the format version, a zone the fleet plans, a
 * host that serves it (any host name for the parent zone), the provider the
 * fleet names for that host, the identity its path carries
 * (`<zone>/<host>.json`), and no record set twice once names and values are
 * canonical (`\052.raichu…` and `*.raichu…` are the same). Record sets are
 * canonicalized with the host's name escapes (Route 53 octal, else RFC 1035
 * decimal) and kept exactly as read for deletes. Pure; returns findings.
 */
import type { DnsHostKind } from '../dns/host-capabilities.js';
import { DNS_HOST_CAPABILITIES, isDnsHostKind } from '../dns/host-kinds.js';
import { diagnose, type Diagnostic } from '../diagnostics/diagnostic.js';
import { canonicalName, canonicalRecordSet, describeKey, recordSetKey, type RecordSet } from '../dns/record-sets.js';
import type { DnsHealth } from '../types/generated/dns-health.js';
import type { DnsPlan } from '../types/generated/dns-plan.js';
import { parseJson } from './parse-json.js';
import { locate } from './parse-yaml.js';
import type { SchemaValidators } from './schema-validation.js';
import type { SourceFile } from './source-file.js';

/** The live-state format version this compiler reads and writes. */
export const LIVE_FORMAT_VERSION = 1;

/** A zone the fleet plans, as the loader needs it (a `DnsZoneIntent` fits). */
export interface KnownZone {
  zone: string;
  role: 'zone' | 'parent';
  hosts: readonly { name: string; provider: DnsHostKind }[];
}

/** One record set of a snapshot: canonical for comparing, exactly as read for deletes. */
export interface LiveRecordSet {
  canonical: RecordSet;
  raw: RecordSet;
  /** `recordSetKey(canonical)`, computed once when loaded (the planner recomputes it when absent). */
  key?: string;
}

/** One live snapshot: a zone on a host. */
export interface LiveSnapshot {
  /** The file it came from (display path). */
  file: string;
  /** Canonical zone name. */
  zone: string;
  /** The host; for a parent-zone snapshot without one, the file's stem. */
  host: string;
  provider?: DnsHostKind;
  recordSets: LiveRecordSet[];
  /** Not read from anywhere: the zone is assumed to hold nothing (`plan dns --assume-empty`). */
  assumedEmpty?: true;
}

/** A live file and the identity its path carries when read from a folder laid out like `dns/`. */
export interface LiveFile {
  source: SourceFile;
  /** `{zone, host}` from `<zone>/<host>.json`, when the file came from a folder. */
  identity?: { zone: string; host: string };
}

function stem(path: string): string {
  const base = path.slice(path.lastIndexOf('/') + 1);
  return base.endsWith('.json') ? base.slice(0, -'.json'.length) : base;
}

function loadOne(file: LiveFile, zones: readonly KnownZone[], validators: SchemaValidators): { snapshot?: LiveSnapshot; diagnostics: Diagnostic[] } {
  const result = parseJson(file.source);
  if (!result.parsed) return { diagnostics: result.diagnostics };
  const parsed = result.parsed;
  const schemaFindings = validators.validate('dns-plan', parsed);
  if (schemaFindings.length > 0) return { diagnostics: [...result.diagnostics, ...schemaFindings] };
  const doc = parsed.value as DnsPlan;
  const found: Diagnostic[] = [...result.diagnostics];

  if (doc.version !== LIVE_FORMAT_VERSION) {
    found.push(diagnose(locate(parsed, ['version']), 'dns_live_version_unsupported', { version: doc.version, supported: LIVE_FORMAT_VERSION }));
    return { diagnostics: found };
  }
  const zoneName = canonicalName(doc.zone);
  const known = zones.find((z) => z.zone === zoneName);
  if (!known) {
    found.push(diagnose(locate(parsed, ['zone']), 'dns_live_unknown_zone', { zone: doc.zone, known: zones.map((z) => z.zone).join(', ') }));
    return { diagnostics: found };
  }
  let host = doc.host;
  let provider: DnsHostKind | undefined = doc.provider !== undefined && isDnsHostKind(doc.provider) ? doc.provider : undefined;
  if (known.role === 'zone') {
    const fleetHost = known.hosts.find((h) => h.name === doc.host);
    if (!fleetHost) {
      found.push(
        diagnose(locate(parsed, doc.host === undefined ? [] : ['host']), 'dns_live_unknown_host', {
          host: doc.host ?? '(none)',
          zone: known.zone,
          known: known.hosts.map((h) => h.name).join(', '),
        }),
      );
      return { diagnostics: found };
    }
    if (provider !== undefined && provider !== fleetHost.provider) {
      found.push(
        diagnose(locate(parsed, ['provider']), 'dns_live_provider_mismatch', { actual: provider, host: fleetHost.name, expected: fleetHost.provider }),
      );
      return { diagnostics: found };
    }
    provider = fleetHost.provider;
  }
  host ??= stem(file.source.path);
  if (file.identity && (canonicalName(file.identity.zone) !== known.zone || file.identity.host !== host)) {
    const expectedFile = `${known.zone}/${host}.json`;
    found.push(
      diagnose(locate(parsed, file.identity.host !== host ? ['host'] : ['zone']), 'file_name_mismatch', {
        actual: `${file.identity.zone}/${file.identity.host}.json`,
        expected: expectedFile,
        expectedFile,
      }),
    );
    return { diagnostics: found };
  }

  const escapes = provider !== undefined ? DNS_HOST_CAPABILITIES[provider].names.escapes : 'decimal';
  const seen = new Map<string, number>();
  const recordSets: LiveRecordSet[] = [];
  doc.recordSets.forEach((raw, i) => {
    const canonical = canonicalRecordSet(raw as RecordSet, escapes);
    const key = recordSetKey(canonical);
    const first = seen.get(key);
    if (first !== undefined) {
      found.push(
        diagnose(locate(parsed, ['recordSets', i, 'name']), 'dns_live_duplicate', {
          what: `record set ${describeKey(canonical)}`,
          first: `record set ${first + 1} of this file`,
        }),
      );
      return;
    }
    seen.set(key, i);
    recordSets.push({ canonical, raw: raw as RecordSet, key });
  });
  if (found.some((d) => d.severity === 'error')) return { diagnostics: found };
  return { snapshot: { file: file.source.path, zone: known.zone, host, ...(provider !== undefined ? { provider } : {}), recordSets }, diagnostics: found };
}

/**
 * Loads live snapshots. Returns every snapshot that passed and every finding;
 * a caller stops on any error. Two files for the same zone and host are
 * refused as `dns_live_duplicate` on the second.
 */
export function loadDnsLive(
  files: readonly LiveFile[],
  zones: readonly KnownZone[],
  validators: SchemaValidators,
): { snapshots: LiveSnapshot[]; diagnostics: Diagnostic[] } {
  const snapshots: LiveSnapshot[] = [];
  const diagnostics: Diagnostic[] = [];
  for (const file of [...files].sort((a, b) => (a.source.path < b.source.path ? -1 : a.source.path > b.source.path ? 1 : 0))) {
    const result = loadOne(file, zones, validators);
    diagnostics.push(...result.diagnostics);
    if (!result.snapshot) continue;
    const twin = snapshots.find((s) => s.zone === result.snapshot?.zone && s.host === result.snapshot.host);
    if (twin) {
      diagnostics.push(
        diagnose({ file: file.source.path, line: 1, column: 1 }, 'dns_live_duplicate', {
          what: `the snapshot of ${twin.zone} on ${twin.host}`,
          first: twin.file,
        }),
      );
      continue;
    }
    snapshots.push(result.snapshot);
  }
  return { snapshots, diagnostics };
}

/** How an assumed-empty snapshot is named where a file would be (messages, sorting). */
export const ASSUMED_EMPTY_FILE = '(assumed empty)';

/**
 * An empty snapshot for every (zone, host) the fleet serves that `snapshots`
 * lacks, each marked `assumedEmpty`: what a host that holds nothing yet would
 * answer, so a first rollout is planned as creates only. The parent zone's
 * delegation has no host of the fleet's (`hosts` is empty) and gets none.
 */
export function assumeEmpty(zones: readonly KnownZone[], snapshots: readonly LiveSnapshot[]): LiveSnapshot[] {
  const seen = new Set(snapshots.map((s) => `${s.zone}\t${s.host}`));
  return zones.flatMap((zone) =>
    zone.hosts
      .filter((host) => !seen.has(`${zone.zone}\t${host.name}`))
      .map((host) => ({ file: ASSUMED_EMPTY_FILE, zone: zone.zone, host: host.name, provider: host.provider, recordSets: [], assumedEmpty: true as const })),
  );
}

/**
 * Loads the health file. Clusters the registry does not know are reported
 * (`dns_health_unknown_cluster`, a warning) and ignored.
 */
export function loadDnsHealth(file: SourceFile, clusters: readonly string[], validators: SchemaValidators): { health?: DnsHealth; diagnostics: Diagnostic[] } {
  const result = parseJson(file);
  if (!result.parsed) return { diagnostics: result.diagnostics };
  const schemaFindings = validators.validate('dns-health', result.parsed);
  if (schemaFindings.length > 0) return { diagnostics: [...result.diagnostics, ...schemaFindings] };
  const health = result.parsed.value as DnsHealth;
  const known = new Set(clusters);
  const diagnostics = [...result.diagnostics];
  for (const name of Object.keys(health.clusters).sort()) {
    if (!known.has(name))
      diagnostics.push(
        diagnose(locate(result.parsed, ['clusters', name], 'key'), 'dns_health_unknown_cluster', { cluster: name, known: clusters.join(', ') || 'none' }),
      );
  }
  return { health, diagnostics };
}
