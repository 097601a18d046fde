/**
 * Permanent identifiers against the base revision (docs/checks.md): a pull
 * request may add identifiers, never change or remove a published one
 * unless fleet.yaml's `retired:` records it (kind, value, date, reason).
 *
 * - `permanent_identifier_changed`: the same identifier (kind and key) has
 *   another value; blamed on the head's input the new value comes from,
 *   the base's related.
 * - `permanent_identifier_removed`: the base's identifier is gone; blamed on
 *   where it was in the base (paths prefixed with the base's label).
 * - `permanent_places_all_removed`: none of the base's Doc A places is left,
 *   retirements or not (clients holding an old Doc A could never find a
 *   newer one).
 * - `permanent_base_unreadable` (warning): part of the base did not load with
 *   this compiler; identifiers in those files were not compared.
 *
 * A host name or URL under a base domain that itself changed or went away
 * is not reported on its own: the base's finding (or retirement) covers every
 * name under it, and counts them. Pure; never throws.
 */
import { at } from '../1-load/load-fleet.js';
import { diagnose, type Diagnostic, type RelatedLocation, type SourceLocation } from '../diagnostics/diagnostic.js';
import { comparable, permanentIdentifiers, retirementEntry, type IdentifierKind, type PermanentIdentifier } from './permanent-identifiers.js';
import type { Retirement } from '../types/generated/fleet.js';
import type { FleetIndex } from './fleet-index.js';

/** The base revision: its index, how many errors loading it found, and the label its paths get in diagnostics (the `--base` directory). */
export interface BaseRevision {
  index: FleetIndex;
  loadErrors: number;
  label: string;
}

/** Why each kind is permanent, for the hint. A function, not a table: nothing of this module runs at import (scripts/mutation.mjs). */
function why(kind: IdentifierKind): string {
  switch (kind) {
    case 'base':
      return 'every host name, issuer URL and book address of the fleet is under it, and clients bake it in';
    case 'spare':
      return 'clients bake it in as the way around a failure of the base, and every spare name is under it';
    case 'issuer':
      return 'apps bake it in from books/issuers.json and every token carries it; a new one signs every user out and breaks verification';
    case 'region':
      return "a landscape's region is where its data lives and how virtual names route to it; moving it is a migration, not an edit";
    case 'vlandscape':
      return 'users, clients and partners call the virtual name itself';
    case 'intake':
      return 'third-party senders were given this host name and keep sending to it';
    case 'place':
      return 'clients look for the books at the places of the Doc A they hold';
  }
}

function what(identifier: Pick<PermanentIdentifier, 'kind' | 'key'>): string {
  switch (identifier.kind) {
    case 'base':
      return 'the base domain (dns.base)';
    case 'spare':
      return 'the spare domain (dns.spare)';
    case 'issuer':
      return `the issuer URL of landscape ${identifier.key}`;
    case 'region':
      return `the region of landscape ${identifier.key}`;
    case 'vlandscape':
      return 'the virtual landscape name';
    case 'intake':
      return 'the intake host name';
    case 'place':
      return 'the Doc A place';
  }
}

/** The removed identifier with its value, as the subject of a sentence. */
function removedSubject(identifier: PermanentIdentifier): string {
  switch (identifier.kind) {
    case 'issuer':
      return `the issuer URL ${identifier.value} of landscape ${identifier.key}`;
    case 'region':
      return `the region ${identifier.value} of landscape ${identifier.key}`;
    default:
      return `${what(identifier)} ${identifier.value}`;
  }
}

function isRetired(retired: readonly Retirement[], identifier: PermanentIdentifier): boolean {
  const value = comparable(identifier.kind, identifier.value);
  return retired.some(
    (entry) =>
      entry.kind === identifier.kind && comparable(entry.kind, entry.value) === value && (entry.kind !== 'region' || entry.landscape === identifier.key),
  );
}

function inBase(where: SourceLocation, label: string): SourceLocation {
  if (where.file === undefined || label === '') return where;
  return { ...where, file: `${label}/${where.file}` };
}

function relatedAt(where: SourceLocation, message: string): RelatedLocation {
  return { file: where.file ?? null, line: where.line ?? null, column: where.column ?? null, message };
}

/** Compares the head's permanent identifiers with the base revision's. */
export function checkPermanence(base: BaseRevision, head: FleetIndex): Diagnostic[] {
  const found: Diagnostic[] = [];
  const before = permanentIdentifiers(base.index);
  const after = new Map(permanentIdentifiers(head).map((identifier) => [`${identifier.kind} ${identifier.key}`, identifier]));
  const headFleet = head.fleet.fleet;
  // Stryker disable next-line ArrayDeclaration: an entry that is not a retirement matches no identifier
  const retired = headFleet?.data.retired ?? [];
  // Stryker disable next-line MethodExpression,ConditionalExpression: no identifier of another kind has a domain's value (URLs, host names under it, region codes, names without a dot)
  const headDomains = new Set([...after.values()].filter((i) => i.kind === 'base' || i.kind === 'spare').map((i) => i.value));
  // Stryker disable next-line ConditionalExpression: only a domain is ever looked up in it (an identifier's under, or a value with names under it)
  const goneDomains = new Set(before.filter((i) => (i.kind === 'base' || i.kind === 'spare') && !headDomains.has(i.value)).map((i) => i.value));
  const namesUnder = (domain: string) => before.filter((i) => i.under === domain);

  if (base.loadErrors > 0) {
    found.push(diagnose({}, 'permanent_base_unreadable', { label: base.label || 'the base revision', count: base.loadErrors }));
  }

  // A place is keyed by its own address, so a removed one has no successor: "now" lists the places that remain.
  const placesNow =
    [...after.values()]
      .filter((i) => i.kind === 'place')
      .map((i) => i.value)
      .join(', ') || 'none';
  for (const identifier of before) {
    // Stryker disable next-line ConditionalExpression: the set holds no undefined
    if (identifier.under !== undefined && goneDomains.has(identifier.under)) continue;
    const now = after.get(`${identifier.kind} ${identifier.key}`);
    if (now && comparable(now.kind, now.value) === comparable(identifier.kind, identifier.value)) continue;
    if (isRetired(retired, identifier)) continue;
    const under = goneDomains.has(identifier.value) ? namesUnder(identifier.value) : [];
    const args = {
      what: what(identifier),
      subject: removedSubject(identifier),
      old: identifier.value,
      new: now?.value ?? (identifier.kind === 'place' ? placesNow : 'none'),
      why: why(identifier.kind),
      entry: retirementEntry(identifier),
      // Stryker disable next-line OptionalChaining: read only when the list has a first
      under: under.length > 0 ? `, and with it ${under.length} issuer URL(s) and intake host name(s) under it (e.g. ${under[0]?.value})` : '',
    };
    // Stryker disable next-line ConditionalExpression: every other kind's source is its where
    const baseWhere = inBase(identifier.kind === 'issuer' && now ? identifier.source : identifier.where, base.label);
    if (now) {
      found.push(diagnose(now.source, 'permanent_identifier_changed', args, [relatedAt(baseWhere, `the base revision has ${identifier.value}`)]));
    } else {
      found.push(diagnose(baseWhere, 'permanent_identifier_removed', args));
    }
  }

  const oldPlaces = before.filter((i) => i.kind === 'place');
  const newPlaces = [...after.values()].filter((i) => i.kind === 'place');
  if (headFleet && oldPlaces.length > 0 && !oldPlaces.some((old) => after.has(`place ${old.key}`))) {
    found.push(
      diagnose(
        at(headFleet, ['addressBooks', 'places']),
        'permanent_places_all_removed',
        { old: oldPlaces.map((p) => p.value).join(', '), new: newPlaces.map((p) => p.value).join(', ') || 'none' },
        oldPlaces.map((p) => relatedAt(inBase(p.where, base.label), `a place of the base revision: ${p.value}`)),
      ),
    );
  }
  return found;
}
