/**
 * Record sets: their identity and their canonical values (SPEC §3.3, §3.6;
 * notes/dns-hosts.md §5 rules 1–2).
 *
 * Design note. A *record set* is what every host stores as one unit: all
 * records of one name and type (and, on Route 53, one set identifier). Its
 * identity is `(name, type, setIdentifier)` where the name is lower case, in
 * A-labels (`xn--`), without a trailing dot. Two record sets are the same when
 * their TTL, their values (as a sorted set of canonical strings: IPv4 dotted
 * quad, IPv6 RFC 5952 compressed, host names like record names) and their
 * routing are equal. Everything a host may spell differently — case, a
 * trailing dot, Route 53's octal `\052` for `*`, a U-label, an uncompressed
 * IPv6 address, value order — disappears in the canonical form, so it never
 * plans a change. Pure: no I/O.
 */
import ipaddr from 'ipaddr.js';
import punycode from 'punycode.js';
import type { NameEscapes } from './host-capabilities.js';

/** Route 53 geoproximity location (coordinates as decimal strings, Route 53's format). */
export interface GeoproximityLocation {
  latitude: string;
  longitude: string;
}

/** One item of a Google Cloud DNS GEO routing policy: a Google Cloud region and its values. */
export interface GeoItem {
  location: string;
  values: string[];
}

/**
 * A record set as the zone plans and live snapshots write it
 * (`schemas/dns-plan.schema.json`). Exactly one of `values` and `geo` is
 * present; `geoproximity` needs `setIdentifier`.
 */
export interface RecordSet {
  name: string;
  type: string;
  /** Seconds. */
  ttl: number;
  values?: string[];
  setIdentifier?: string;
  geoproximity?: GeoproximityLocation;
  geo?: GeoItem[];
}

/** Types whose values are host names: compared like record names, and written absolute to the hosts that want a trailing dot. */
export const NAME_VALUED: ReadonlySet<string> = new Set(['CNAME', 'NS', 'PTR', 'DNAME', 'ALIAS', 'ANAME']);

/** The identity of `rs` as one string: `name`, type and set identifier separated by tabs (never inside a name). */
export function recordSetKey(rs: Pick<RecordSet, 'name' | 'type' | 'setIdentifier'>): string {
  return `${rs.name}\t${rs.type}\t${rs.setIdentifier ?? ''}`;
}

/** `name TYPE` or `name TYPE [setIdentifier]`, for messages. */
export function describeKey(rs: Pick<RecordSet, 'name' | 'type' | 'setIdentifier'>): string {
  return rs.setIdentifier === undefined ? `${rs.name} ${rs.type}` : `${rs.name} ${rs.type} [${rs.setIdentifier}]`;
}

function decodeEscape(text: string, i: number, escapes: NameEscapes): { char: string; next: number } {
  const digits = text.slice(i + 1, i + 4);
  if (escapes === 'octal' && /^[0-7]{3}$/.test(digits)) return { char: String.fromCharCode(parseInt(digits, 8)), next: i + 4 };
  if (escapes === 'decimal' && /^\d{3}$/.test(digits) && Number(digits) <= 255) return { char: String.fromCharCode(Number(digits)), next: i + 4 };
  if (i + 1 < text.length) return { char: text[i + 1] as string, next: i + 2 };
  return { char: '\\', next: i + 1 };
}

/** Splits a presentation-form name into unescaped labels (an escaped dot stays inside its label). */
function splitLabels(text: string, escapes: NameEscapes): string[] {
  const labels: string[] = [];
  let label = '';
  let i = 0;
  while (i < text.length) {
    const char = text[i] as string;
    if (char === '\\') {
      const decoded = decodeEscape(text, i, escapes);
      label += decoded.char;
      i = decoded.next;
    } else if (char === '.') {
      labels.push(label);
      label = '';
      i++;
    } else {
      label += char;
      i++;
    }
  }
  labels.push(label);
  if (labels.length > 1 && labels[labels.length - 1] === '') labels.pop();
  return labels;
}

function asciiLabel(label: string): string {
  const lower = label.normalize('NFC').toLowerCase();
  if (/^[\x00-\x7f]*$/.test(lower)) return lower;
  return punycode.toASCII(lower);
}

/**
 * The canonical form of a DNS name read from anywhere: escapes decoded
 * (`escapes` says how the source writes `\DDD`: Route 53 octal, else RFC 1035
 * decimal), lower case, each non-ASCII label in its `xn--` form (RFC 3492 via
 * punycode.js, after NFC and lower-casing), no trailing dot. `"."` or `""` is
 * the root, returned as `""`. Never throws; a label punycode cannot encode is
 * kept as read.
 */
export function canonicalName(text: string, escapes: NameEscapes = 'decimal'): string {
  const trimmed = text.trim();
  if (trimmed === '' || trimmed === '.') return '';
  return splitLabels(trimmed, escapes)
    .map((label) => {
      try {
        return asciiLabel(label);
      } catch {
        return label.toLowerCase();
      }
    })
    .join('.');
}

/** The canonical text of one value of a record of `type` (upper case): addresses as ipaddr.js prints them, host names as {@link canonicalName}, anything else as read. */
export function canonicalValue(type: string, value: string, escapes: NameEscapes = 'decimal'): string {
  const text = value.trim();
  if (type === 'A' && ipaddr.IPv4.isValidFourPartDecimal(text)) return ipaddr.IPv4.parse(text).toString();
  if (type === 'AAAA' && !text.includes('%') && ipaddr.IPv6.isValid(text)) return ipaddr.IPv6.parse(text).toString();
  if (NAME_VALUED.has(type)) return canonicalName(text, escapes);
  return value;
}

/** Sorted, duplicate-free canonical values (an RRset holds no duplicate record). */
export function canonicalValues(type: string, values: readonly string[], escapes: NameEscapes = 'decimal'): string[] {
  return [...new Set(values.map((v) => canonicalValue(type, v, escapes)))].sort();
}

/** `"1.36"` for 1.36, `"1.3"` for `"1.30"`: a coordinate as the shortest decimal string of its number (the raw text when it is not a number). */
export function canonicalCoordinate(value: string | number): string {
  const number = typeof value === 'number' ? value : Number(String(value).trim());
  return Number.isFinite(number) && String(value).trim() !== '' ? String(number) : String(value);
}

/**
 * The canonical form of a record set read from a live snapshot or a plan:
 * name, type (upper case), values, set identifier (kept exactly: Route 53
 * compares it case-sensitively), coordinates and GEO items (sorted by
 * location) canonical.
 */
export function canonicalRecordSet(rs: RecordSet, escapes: NameEscapes = 'decimal'): RecordSet {
  const type = rs.type.trim().toUpperCase();
  const out: RecordSet = { name: canonicalName(rs.name, escapes), type, ttl: rs.ttl };
  if (rs.values !== undefined && !(rs.geo !== undefined && rs.values.length === 0)) out.values = canonicalValues(type, rs.values, escapes);
  if (rs.setIdentifier !== undefined) out.setIdentifier = rs.setIdentifier;
  if (rs.geoproximity !== undefined)
    out.geoproximity = { latitude: canonicalCoordinate(rs.geoproximity.latitude), longitude: canonicalCoordinate(rs.geoproximity.longitude) };
  if (rs.geo !== undefined) {
    out.geo = rs.geo
      .map((item) => ({ location: item.location.trim().toLowerCase(), values: canonicalValues(type, item.values, escapes) }))
      .sort((a, b) => (a.location < b.location ? -1 : a.location > b.location ? 1 : compareLists(a.values, b.values)));
  }
  return out;
}

function compareLists(a: readonly string[], b: readonly string[]): number {
  for (let i = 0; i < Math.min(a.length, b.length); i++) {
    const x = a[i] as string;
    const y = b[i] as string;
    if (x !== y) return x < y ? -1 : 1;
  }
  return a.length - b.length;
}

function sameList(a: readonly string[] | undefined, b: readonly string[] | undefined): boolean {
  if (a === undefined || b === undefined) return a === b;
  return a.length === b.length && a.every((v, i) => v === b[i]);
}

/** True when two canonical record sets of the same key hold the same data: values, routing (and TTL unless `ignoreTtl`). */
export function sameData(a: RecordSet, b: RecordSet, ignoreTtl = false): boolean {
  if (!ignoreTtl && a.ttl !== b.ttl) return false;
  if (!sameList(a.values, b.values)) return false;
  const ga = a.geoproximity;
  const gb = b.geoproximity;
  if ((ga === undefined) !== (gb === undefined)) return false;
  if (ga && gb && (ga.latitude !== gb.latitude || ga.longitude !== gb.longitude)) return false;
  if ((a.geo === undefined) !== (b.geo === undefined)) return false;
  if (a.geo && b.geo) {
    if (a.geo.length !== b.geo.length) return false;
    for (let i = 0; i < a.geo.length; i++) {
      const x = a.geo[i] as GeoItem;
      const y = b.geo[i] as GeoItem;
      if (x.location !== y.location || !sameList(x.values, y.values)) return false;
    }
  }
  return true;
}

const geoAnswerValues = new WeakMap<RecordSet, readonly string[]>();

/**
 * Every address a record set answers with: its values, or the union of its GEO
 * items' values. Record sets are never changed in place, so a GEO set's union is
 * worked out once (the traffic planner asks for it at every name of every tick).
 */
export function answerValues(rs: RecordSet): readonly string[] {
  if (rs.values !== undefined) return rs.values;
  let union = geoAnswerValues.get(rs);
  if (!union) geoAnswerValues.set(rs, (union = [...new Set((rs.geo ?? []).flatMap((item) => item.values))].sort()));
  return union;
}

/**
 * DNS canonical name order (RFC 4034 §6.1): compares labels right to left, so
 * a name sorts right after its parent (`raichu.z`, `*.raichu.z`,
 * `opal.raichu.z`). Labels compare by code unit (never locale).
 */
export function compareNames(a: string, b: string): number {
  if (a === b) return 0;
  // Label by label from the right, in place: splitting both names at every comparison cost more than the sort itself.
  let endA = a.length;
  let endB = b.length;
  for (;;) {
    const startA = endA === 0 ? 0 : a.lastIndexOf('.', endA - 1) + 1;
    const startB = endB === 0 ? 0 : b.lastIndexOf('.', endB - 1) + 1;
    const lengthA = endA - startA;
    const lengthB = endB - startB;
    const common = lengthA < lengthB ? lengthA : lengthB;
    for (let i = 0; i < common; i++) {
      const x = a.charCodeAt(startA + i);
      const y = b.charCodeAt(startB + i);
      if (x !== y) return x < y ? -1 : 1;
    }
    if (lengthA !== lengthB) return lengthA < lengthB ? -1 : 1;
    // The same label: the name with no label left to its left sorts first.
    if (startA === 0 || startB === 0) return startA === startB ? 0 : startA === 0 ? -1 : 1;
    endA = startA - 1;
    endB = startB - 1;
  }
}

/** Record set order of every output: name (canonical order), type, set identifier. */
export function compareRecordSets(a: Pick<RecordSet, 'name' | 'type' | 'setIdentifier'>, b: Pick<RecordSet, 'name' | 'type' | 'setIdentifier'>): number {
  const byName = compareNames(a.name, b.name);
  if (byName !== 0) return byName;
  if (a.type !== b.type) return a.type < b.type ? -1 : 1;
  const sa = a.setIdentifier ?? '';
  const sb = b.setIdentifier ?? '';
  return sa === sb ? 0 : sa < sb ? -1 : 1;
}

/** True when `name` lies strictly below `ancestor` on a label boundary. */
export function isBelow(name: string, ancestor: string): boolean {
  return name.length > ancestor.length + 1 && name.endsWith(`.${ancestor}`);
}
