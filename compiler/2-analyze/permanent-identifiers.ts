/**
 * The fleet's permanent identifiers: values that, once published, clients,
 * senders and registrars hold on to, so they never change (docs/checks.md):
 *
 * | kind | key | value |
 * | --- | --- | --- |
 * | `base`, `spare` | the fleet.yaml field | the DNS base domain, lower case |
 * | `region` | the landscape | its region code |
 * | `issuer` | the landscape | its issuer URL (every landscape the sign-in platform lists) |
 * | `vlandscape` | the name | the name |
 * | `intake` | the host | `<module>.<service>.<platform>.<landscape or virtual landscape>.<base or spare>` of fleet.yaml's `intake` |
 * | `place` | the canonical URL | the Doc A place |
 *
 * Read from a fleet index, not a model: the base revision of a pull request
 * may not pass this compiler's checks, and whatever of it loaded is compared.
 * Pure.
 */
import { at, type Loaded } from '../1-load/load-fleet.js';
import type { FleetIndex } from './fleet-index.js';
import type { SourceLocation } from '../diagnostics/diagnostic.js';
import type { Fleet, Retirement } from '../types/generated/fleet.js';
import type { Platform } from '../types/generated/platform.js';
import { canonicalPlace, placeProblem } from './book-places.js';
import { DEFAULT_MODULES } from './fleet-model.js';
import { issuerUrl, serviceHost } from './hostnames.js';

/** The kinds of permanent identifier (fleet.yaml `retired[].kind`). */
export type IdentifierKind = Retirement['kind'];

/** One permanent identifier of a fleet. */
export interface PermanentIdentifier {
  kind: IdentifierKind;
  /** What the value belongs to: two identifiers with the same kind and key are the same identifier (see the table above). */
  key: string;
  value: string;
  /** The input entry that brings it into existence (blamed when it is removed). */
  where: SourceLocation;
  /** The input its value is made from (blamed when it changes); the same as `where` for a typed value. */
  source: SourceLocation;
  /** For a host name or URL under a DNS base: that base, lower case. */
  under?: string;
}

/** The fleet.yaml `retired` entry a change of `identifier` needs, as YAML flow text for a hint. */
export function retirementEntry(identifier: Pick<PermanentIdentifier, 'kind' | 'key' | 'value'>): string {
  const landscape = identifier.kind === 'region' ? `, landscape: ${identifier.key}` : '';
  return `{kind: ${identifier.kind}${landscape}, value: "${identifier.value}", date: YYYY-MM-DD, reason: "…"}`;
}

/** The same value for comparing: domains and host names ignore case, places compare canonically. */
export function comparable(kind: IdentifierKind, value: string): string {
  if (kind === 'place') return placeProblem(value) === undefined ? canonicalPlace(value) : value;
  if (kind === 'base' || kind === 'spare' || kind === 'intake') return value.toLowerCase();
  return value;
}

function platformEntries(platform: Loaded<Platform>): { name: string; path: (string | number)[] }[] {
  return [
    ...platform.data.landscapes.map((name, i) => ({ name, path: ['landscapes', i] })),
    ...(platform.data.vlandscapes ?? []).map((name, i) => ({ name, path: ['vlandscapes', i] })),
  ];
}

function fleetIdentifiers(index: FleetIndex, fleet: Loaded<Fleet>): PermanentIdentifier[] {
  const found: PermanentIdentifier[] = [];
  const { dns, issuer, intake, addressBooks } = fleet.data;
  const bases = [{ kind: 'base' as const, domain: dns.base }, ...(dns.spare !== undefined ? [{ kind: 'spare' as const, domain: dns.spare }] : [])];
  for (const { kind, domain } of bases) {
    const where = at(fleet, ['dns', kind]);
    found.push({ kind, key: `dns.${kind}`, value: domain.toLowerCase(), where, source: where });
  }

  const signIn = index.platforms.get(issuer.platform);
  signIn?.data.landscapes.forEach((landscape, i) => {
    found.push({
      kind: 'issuer',
      key: landscape,
      value: issuerUrl(issuer, landscape, dns.base),
      where: at(signIn, ['landscapes', i]),
      source: at(fleet, ['issuer']),
      under: dns.base.toLowerCase(),
    });
  });

  const intakePlatform = intake ? index.platforms.get(intake.platform) : undefined;
  if (intake && intakePlatform && index.rows.get(intake.platform)?.has(intake.service)) {
    const modules = intakePlatform.data.services?.[intake.service]?.modules ?? DEFAULT_MODULES;
    for (const entry of platformEntries(intakePlatform)) {
      const where = at(intakePlatform, entry.path);
      for (const module of modules) {
        for (const { domain } of bases) {
          const host = serviceHost(module, intake.service, intake.platform, entry.name, domain);
          found.push({ kind: 'intake', key: host, value: host, where, source: where, under: domain.toLowerCase() });
        }
      }
    }
  }

  addressBooks.places.forEach((place, i) => {
    const where = at(fleet, ['addressBooks', 'places', i]);
    found.push({ kind: 'place', key: comparable('place', place), value: place, where, source: where });
  });
  return found;
}

/** Every permanent identifier of `index`, in a stable order (kind, then key). */
export function permanentIdentifiers(index: FleetIndex): PermanentIdentifier[] {
  const found: PermanentIdentifier[] = [];
  const fleet = index.fleet.fleet;
  if (fleet) found.push(...fleetIdentifiers(index, fleet));
  for (const [name, landscape] of index.landscapes) {
    const where = at(landscape, ['region']);
    found.push({ kind: 'region', key: name, value: landscape.data.region, where, source: where });
  }
  for (const [name, vlandscape] of index.vlandscapes) {
    const where = at(vlandscape, ['name']);
    found.push({ kind: 'vlandscape', key: name, value: name, where, source: where });
  }
  const order: IdentifierKind[] = ['base', 'spare', 'issuer', 'region', 'vlandscape', 'intake', 'place'];
  const seen = new Set<string>();
  return found
    .filter((identifier) => {
      const id = `${identifier.kind} ${identifier.key}`;
      if (seen.has(id)) return false;
      seen.add(id);
      return true;
    })
    .sort((a, b) => order.indexOf(a.kind) - order.indexOf(b.kind) || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
}
