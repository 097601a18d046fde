/**
 * What `diene simulate --fail` can take down: a cluster, a
 * landscape, a DNS host, the parent zone, a book place, the control cluster
 * (Primordial) or a region, named as the fleet names them. Pure.
 *
 * A failure is written bare (`raichu-opal`, `route53`, `parent`, `SIN`) or
 * with its kind (`cluster:raichu-opal`, `host:route53`, `place:https://…`).
 * A bare name that the fleet uses for two kinds (a DNS host named like a
 * landscape) is refused as ambiguous rather than guessed.
 */
import { closestName } from '../diagnostics/spelling.js';
import { canonicalPlace, placeProblem } from '../2-analyze/book-places.js';
import type { FleetOutline } from '../2-analyze/fleet-model.js';
import { diagnose, FLEET_WIDE, type Diagnostic } from '../diagnostics/diagnostic.js';

/** The kinds of thing that can fail, in the order a scenario lists them. */
export const FAILURE_KINDS = ['cluster', 'landscape', 'region', 'host', 'parent', 'place', 'control'] as const;

/** A kind of failure. */
export type FailureKind = (typeof FAILURE_KINDS)[number];

/** One thing that is down: its kind and its name in the fleet (the parent zone's name, `primordial` for the control cluster). */
export interface Failure {
  kind: FailureKind;
  name: string;
}

/** The words that name the control cluster. */
const CONTROL_WORDS = ['control', 'primordial'];

/** Every failure the fleet can have, by kind, in sorted name order (what `--all-single` runs). */
export function everySingleFailure(model: FleetOutline): Failure[] {
  const regions = [...new Set(model.landscapes.map((l) => l.region))].sort();
  const parent = model.settings.dns.parent?.zone;
  return [
    ...model.clusters.map((c): Failure => ({ kind: 'cluster', name: c.name })),
    ...model.landscapes.map((l): Failure => ({ kind: 'landscape', name: l.name })),
    ...regions.map((name): Failure => ({ kind: 'region', name })),
    ...model.settings.dns.hosts.map((h): Failure => ({ kind: 'host', name: h.name })),
    ...(parent !== undefined ? [{ kind: 'parent', name: parent } as Failure] : []),
    ...bookPlaces(model).map((name): Failure => ({ kind: 'place', name })),
    { kind: 'control', name: 'primordial' },
  ];
}

/** The places of Doc A, canonical and once each (the analysis's Doc A content). */
export function bookPlaces(model: FleetOutline): string[] {
  return model.books.docA.places;
}

/** `kind name`, e.g. `cluster raichu-opal`, `parent atomi.cloud`, `control primordial`. */
export function describeFailure(failure: Failure): string {
  return `${failure.kind} ${failure.name}`;
}

/** Sorts failures by kind (in {@link FAILURE_KINDS} order), then name; drops repeats. */
export function sortFailures(failures: readonly Failure[]): Failure[] {
  const seen = new Set<string>();
  const unique = failures.filter((f) => {
    const key = `${f.kind} ${f.name}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  return unique.sort((a, b) => FAILURE_KINDS.indexOf(a.kind) - FAILURE_KINDS.indexOf(b.kind) || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}

function placeNamed(model: FleetOutline, text: string): string | undefined {
  const places = bookPlaces(model);
  if (placeProblem(text) === undefined) {
    const canonical = canonicalPlace(text);
    return places.find((p) => p === canonical);
  }
  const host = text.toLowerCase();
  return places.find((p) => new URL(p).hostname === host);
}

/** Every failure `word` could name, of every kind (a bare word) or of `only` (a `kind:name` word). */
function candidates(model: FleetOutline, word: string, only?: FailureKind): Failure[] {
  const found: Failure[] = [];
  const wants = (kind: FailureKind): boolean => only === undefined || only === kind;
  if (wants('cluster') && model.clusters.some((c) => c.name === word)) found.push({ kind: 'cluster', name: word });
  if (wants('landscape') && model.landscapes.some((l) => l.name === word)) found.push({ kind: 'landscape', name: word });
  if (wants('region') && model.landscapes.some((l) => l.region === word)) found.push({ kind: 'region', name: word });
  if (wants('host') && model.settings.dns.hosts.some((h) => h.name === word)) found.push({ kind: 'host', name: word });
  const parent = model.settings.dns.parent?.zone;
  if (wants('parent') && parent !== undefined && (word === 'parent' || word === parent || (only === 'parent' && word === '')))
    found.push({ kind: 'parent', name: parent });
  if (wants('place')) {
    const place = placeNamed(model, word);
    if (place !== undefined) found.push({ kind: 'place', name: place });
  }
  if (wants('control') && (CONTROL_WORDS.includes(word) || (only === 'control' && word === ''))) found.push({ kind: 'control', name: 'primordial' });
  return found;
}

/** Every name a `--fail` word may give (of one kind when `only` is given), for a did-you-mean. */
function failureNames(model: FleetOutline, only?: FailureKind): string[] {
  const wants = (kind: FailureKind): boolean => only === undefined || only === kind;
  const parent = model.settings.dns.parent?.zone;
  return [
    ...(wants('cluster') ? model.clusters.map((c) => c.name) : []),
    ...(wants('landscape') ? model.landscapes.map((l) => l.name) : []),
    ...(wants('region') ? model.landscapes.map((l) => l.region) : []),
    ...(wants('host') ? model.settings.dns.hosts.map((h) => h.name) : []),
    ...(wants('parent') && parent !== undefined ? ['parent', parent] : []),
    ...(wants('place') ? bookPlaces(model) : []),
    ...(wants('control') ? CONTROL_WORDS : []),
  ];
}

function known(model: FleetOutline): { cluster: string; landscape: string; hosts: string; regions: string; parent: string; places: string } {
  const first = <T>(list: readonly T[], name: (item: T) => string): string => (list[0] !== undefined ? name(list[0]) : 'none');
  const parent = model.settings.dns.parent?.zone;
  return {
    cluster: first(model.clusters, (c) => c.name),
    landscape: first(model.landscapes, (l) => l.name),
    hosts: model.settings.dns.hosts.map((h) => h.name).join(', '),
    regions: [...new Set(model.landscapes.map((l) => l.region))].sort().join(', ') || 'none',
    parent: parent !== undefined ? `parent (${parent})` : 'no parent zone (fleet.yaml has no dns.parent)',
    places: bookPlaces(model).join(', ') || 'none',
  };
}

/**
 * Reads the `--fail` words (each may hold several, comma-separated) against
 * the fleet. Returns the failures, sorted and once each, or a diagnostic per
 * word that names nothing (`simulate_failure_unknown`) or names several things
 * (`simulate_failure_ambiguous`).
 */
export function parseFailures(model: FleetOutline, words: readonly string[]): { failures: Failure[]; diagnostics: Diagnostic[] } {
  const failures: Failure[] = [];
  const diagnostics: Diagnostic[] = [];
  const facts = known(model);
  for (const word of words.flatMap((w) => w.split(',')).map((w) => w.trim())) {
    if (word === '') continue;
    const prefix = /^([a-z]+):(?!\/\/)(.*)$/.exec(word);
    const kind = prefix && (FAILURE_KINDS as readonly string[]).includes(prefix[1] as string) ? (prefix[1] as FailureKind) : undefined;
    const found = kind !== undefined ? candidates(model, prefix?.[2] ?? '', kind) : candidates(model, word);
    if (found.length === 1) failures.push(found[0] as Failure);
    else if (found.length === 0) {
      const close = closestName(kind !== undefined ? (prefix?.[2] ?? '') : word, failureNames(model, kind));
      const suggestion = close === undefined ? '' : `did you mean "${kind !== undefined ? `${kind}:` : ''}${close}"? `;
      diagnostics.push(diagnose(FLEET_WIDE, 'simulate_failure_unknown', { value: word, suggestion, ...facts }));
    } else
      diagnostics.push(
        diagnose(FLEET_WIDE, 'simulate_failure_ambiguous', {
          value: word,
          matches: found.map(describeFailure).join(' and '),
          spellings: found.map((f) => `${f.kind}:${f.name}`).join(' or '),
        }),
      );
  }
  return { failures: sortFailures(failures), diagnostics };
}
