/**
 * The reference client rule for the edge address books (SPEC §3.5, §3.6),
 * dependency-free so that client libraries can port it line by line. It
 * imports nothing; it needs only `TextEncoder` (UTF-8) from the platform.
 *
 * Design note. An app ships with its roots baked in (the fleet's
 * `addressBooks.allowlist`) and with the compiled books as its first saved
 * copies (compiled books carry serial 0, so any published book outranks
 * them). It downloads newer books now and then; `acceptBook` decides whether a
 * download replaces the saved copy. When a name cannot connect, the rescue
 * router asks `pickAddress` for the next candidate of the same landscape and
 * module: the main base first, the spare after, never another landscape.
 *
 * A book is trusted whole or not at all: one address outside the baked roots,
 * a wrong digest, or a malformed field refuses the entire book, in both
 * functions, so a tampered book can neither steer traffic nor replace a good
 * saved copy (and so cannot pin the client to an absurd serial either).
 *
 * Canonical form (RFC 8785, for the values books hold): object keys sorted by
 * UTF-16 code units, no whitespace, strings and numbers as ECMAScript
 * `JSON.stringify` writes them. The digest is `sha256:` + the lower-case hex
 * SHA-256 of the UTF-8 canonical form of the book without `serial` and
 * `digest` (every other key, known or not, is covered).
 */

/** Doc A: the places that hold the books (SPEC §3.6). */
export interface DocA {
  serial: number;
  digest: string;
  /** https base URLs without a trailing slash; a book's URL is `<place>/<key>`. */
  places: string[];
}

/** Doc B: the landscapes of one platform with at least one built, traffic-on cluster (SPEC §3.5). */
export interface DocB {
  serial: number;
  digest: string;
  platform: string;
  landscapes: string[];
}

/** Doc C: per landscape and module of one service, the candidate host names, main base first (SPEC §3.5). */
export interface DocC {
  serial: number;
  digest: string;
  platform: string;
  service: string;
  landscapes: Record<string, Record<string, string[]>>;
}

/** Any of the three published books. */
export type Book = DocA | DocB | DocC;

/** The kind of a book, told by its keys: `service` → Doc C, else `places` → Doc A, else `platform` → Doc B. */
export type BookKind = 'doc-a' | 'doc-b' | 'doc-c';

/** What `pickAddress` returns: the next address, or no address and why. */
export type Pick =
  | { address: string; reason?: undefined; detail?: undefined }
  | { address: null; reason: 'refused' | 'unknown-landscape' | 'unknown-module' | 'exhausted'; detail: string };

/** What `acceptBook` returns: the book to keep (possibly none), whether it is the download, and why. */
export interface Acceptance {
  book: Book | undefined;
  accepted: boolean;
  reason: string;
}

/** The client rule with its roots baked in. */
export interface AddressBookClient {
  /** The baked roots, as given. */
  readonly roots: readonly string[];
  /**
   * The next address to try for `module` of `landscape` in the Doc C `book`:
   * the first candidate, in book order, that is not in `failed` (compared
   * exactly). Refuses the whole book (`reason: 'refused'`) when {@link checkBook}
   * finds any problem anywhere in it. Never looks at another landscape or
   * module: a missing one is `unknown-landscape` / `unknown-module`; every
   * candidate failed is `exhausted`. Pure; never throws.
   */
  pickAddress(book: unknown, landscape: string, module: string, failed: Iterable<string>): Pick;
  /**
   * Which of `saved` (the copy the app holds, or `undefined`) and `downloaded`
   * to keep. The download is kept only when it passes {@link checkBook} and
   * either there is no valid saved copy, or it is the same kind of book for
   * the same platform and service with a strictly greater serial. Equal or
   * smaller serials, another kind or identity, or any problem keep `saved`.
   * Pure; never throws.
   */
  acceptBook(saved: unknown, downloaded: unknown): Acceptance;
}

/** Largest serial a client must accept: 2^53 − 1, exact in every JSON reader. */
export const MAX_SERIAL = 9007199254740991;

const NAME = /^[a-z][a-z0-9]*$/;
const HOST = /^(?=.{1,253}$)[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)+$/;
const PLACE = /^https:\/\/[^\s/?#@\\]+(\/[^\s?#\\]*[^\s?#\\/])?$/;
const DIGEST = /^sha256:[0-9a-f]{64}$/;

function hasOwn(object: object, key: string): boolean {
  return Object.prototype.hasOwnProperty.call(object, key);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/**
 * True when `host` sits strictly under `root` on a label boundary:
 * `a.cluster.atomi.cloud` is under `cluster.atomi.cloud`;
 * `evilcluster.atomi.cloud` and `cluster.atomi.cloud` itself are not. Both
 * must already be lower case without a trailing dot (books are).
 */
export function isUnderRoot(host: string, root: string): boolean {
  return host.length > root.length + 1 && host.endsWith(root) && host.charAt(host.length - root.length - 1) === '.';
}

/** True for a lower-case host name of two or more LDH labels (1–63 each, 253 in all), no trailing dot. */
export function isHostName(value: string): boolean {
  return HOST.test(value);
}

/** True for a place as Doc A writes it: `https://`, a host (with optional port), an optional path, no user info, query, fragment or trailing slash. */
export function isPlace(value: string): boolean {
  return PLACE.test(value);
}

/** RFC 8785 canonical JSON of a JSON value (objects, arrays, strings, finite numbers, booleans, null). Throws on anything else. */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value === 'boolean' || typeof value === 'string') return JSON.stringify(value);
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new Error('canonicalJson: a non-finite number has no JSON form');
    return JSON.stringify(value);
  }
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (isRecord(value)) {
    const keys = Object.keys(value).sort();
    return `{${keys.map((key) => `${JSON.stringify(key)}:${canonicalJson(value[key])}`).join(',')}}`;
  }
  throw new Error(`canonicalJson: ${typeof value} has no JSON form`);
}

const K = [
  0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5, 0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74,
  0x80deb1fe, 0x9bdc06a7, 0xc19bf174, 0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da, 0x983e5152, 0xa831c66d,
  0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967, 0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e,
  0x92722c85, 0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070, 0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5,
  0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3, 0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
];

const rotr = (x: number, n: number): number => (x >>> n) | (x << (32 - n));

/** Lower-case hex SHA-256 (FIPS 180-4) of the UTF-8 bytes of `text`. */
export function sha256Hex(text: string): string {
  const bytes = new TextEncoder().encode(text);
  const length = Math.ceil((bytes.length + 9) / 64) * 64;
  const padded = new Uint8Array(length);
  padded.set(bytes);
  padded[bytes.length] = 0x80;
  const view = new DataView(padded.buffer);
  const bits = bytes.length * 8;
  view.setUint32(length - 8, Math.floor(bits / 0x100000000));
  view.setUint32(length - 4, bits >>> 0);
  const h = [0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19];
  const w = new Array<number>(64).fill(0);
  for (let offset = 0; offset < length; offset += 64) {
    for (let i = 0; i < 16; i++) w[i] = view.getUint32(offset + i * 4);
    for (let i = 16; i < 64; i++) {
      const w15 = w[i - 15]!;
      const w2 = w[i - 2]!;
      const s0 = rotr(w15, 7) ^ rotr(w15, 18) ^ (w15 >>> 3);
      const s1 = rotr(w2, 17) ^ rotr(w2, 19) ^ (w2 >>> 10);
      w[i] = (w[i - 16]! + s0 + w[i - 7]! + s1) >>> 0;
    }
    let [a, b, c, d, e, f, g, hh] = h as [number, number, number, number, number, number, number, number];
    for (let i = 0; i < 64; i++) {
      const t1 = (hh + (rotr(e, 6) ^ rotr(e, 11) ^ rotr(e, 25)) + ((e & f) ^ (~e & g)) + K[i]! + w[i]!) >>> 0;
      const t2 = ((rotr(a, 2) ^ rotr(a, 13) ^ rotr(a, 22)) + ((a & b) ^ (a & c) ^ (b & c))) >>> 0;
      hh = g;
      g = f;
      f = e;
      e = (d + t1) >>> 0;
      d = c;
      c = b;
      b = a;
      a = (t1 + t2) >>> 0;
    }
    [a, b, c, d, e, f, g, hh].forEach((value, i) => (h[i] = (h[i]! + value) >>> 0));
  }
  return h.map((word) => word.toString(16).padStart(8, '0')).join('');
}

/** `sha256:<hex>` of `book` without its `serial` and `digest` keys, in canonical JSON (SPEC §3.6). Throws on a value with no JSON form. */
export function bookDigest(book: Record<string, unknown>): string {
  const content: Record<string, unknown> = {};
  for (const key of Object.keys(book)) if (key !== 'serial' && key !== 'digest') content[key] = book[key];
  return `sha256:${sha256Hex(canonicalJson(content))}`;
}

/** The kind of `value` by its keys (see {@link BookKind}), or `undefined` when it is no book at all. */
export function bookKind(value: unknown): BookKind | undefined {
  if (!isRecord(value)) return undefined;
  if (hasOwn(value, 'service')) return 'doc-c';
  if (hasOwn(value, 'places')) return 'doc-a';
  if (hasOwn(value, 'platform')) return 'doc-b';
  return undefined;
}

function nameListProblem(value: unknown, what: string): string | undefined {
  if (!Array.isArray(value)) return `${what} is not a list`;
  const bad = value.find((item) => typeof item !== 'string' || !NAME.test(item));
  return bad === undefined ? undefined : `${what} holds ${JSON.stringify(bad)}, not a name`;
}

function docCProblem(book: Record<string, unknown>, roots: readonly string[]): string | undefined {
  if (typeof book['service'] !== 'string' || !NAME.test(book['service'])) return 'service is not a name';
  const landscapes = book['landscapes'];
  if (!isRecord(landscapes)) return 'landscapes is not an object';
  for (const landscape of Object.keys(landscapes)) {
    if (!NAME.test(landscape)) return `landscape key ${JSON.stringify(landscape)} is not a name`;
    const modules = landscapes[landscape];
    if (!isRecord(modules)) return `landscapes.${landscape} is not an object`;
    for (const module of Object.keys(modules)) {
      if (!NAME.test(module)) return `module key ${JSON.stringify(module)} in ${landscape} is not a name`;
      const addresses = modules[module];
      if (!Array.isArray(addresses)) return `landscapes.${landscape}.${module} is not a list`;
      for (const address of addresses) {
        if (typeof address !== 'string' || !isHostName(address)) return `${JSON.stringify(address)} in ${landscape}.${module} is not a lower-case host name`;
        if (!roots.some((root) => isUnderRoot(address, root))) return `${address} in ${landscape}.${module} is outside the baked roots`;
      }
    }
  }
  return undefined;
}

/**
 * Every reason to refuse `value` as a book under the baked `roots`, first
 * problem only, or `undefined` when it is a valid book. Checks, in order: the
 * kind; `serial` an integer in 0…2^53−1; `digest` of the form and value of
 * {@link bookDigest}; then per kind, Doc A `places` a non-empty list of
 * {@link isPlace} URLs; Doc B `platform` a name and `landscapes` a list of
 * names; Doc C `platform`, `service`, and `landscapes` an object of landscape
 * name → object of module name → list of host names, every one strictly under
 * a root. Unknown extra keys are allowed (and covered by the digest).
 */
export function checkBook(value: unknown, roots: readonly string[]): string | undefined {
  const kind = bookKind(value);
  if (kind === undefined || !isRecord(value)) return 'not a book (no service, places or platform key)';
  const serial = value['serial'];
  if (typeof serial !== 'number' || !Number.isInteger(serial) || serial < 0 || serial > MAX_SERIAL) return 'serial is not an integer in 0…2^53−1';
  const digest = value['digest'];
  if (typeof digest !== 'string' || !DIGEST.test(digest)) return 'digest is not sha256:<64 lower-case hex digits>';
  if (kind === 'doc-a') {
    const places = value['places'];
    if (!Array.isArray(places) || places.length === 0) return 'places is not a non-empty list';
    const bad = places.find((place) => typeof place !== 'string' || !isPlace(place));
    if (bad !== undefined) return `place ${JSON.stringify(bad)} is not an https base URL`;
  } else {
    if (typeof value['platform'] !== 'string' || !NAME.test(value['platform'])) return 'platform is not a name';
    const problem = kind === 'doc-b' ? nameListProblem(value['landscapes'], 'landscapes') : docCProblem(value, roots);
    if (problem) return problem;
  }
  let computed: string;
  try {
    computed = bookDigest(value);
  } catch {
    return 'the book holds a value with no JSON form';
  }
  return computed === digest ? undefined : `digest ${digest} does not match the content (${computed})`;
}

function identity(book: Record<string, unknown>): string {
  return `${bookKind(book)}|${String(book['platform'] ?? '')}|${String(book['service'] ?? '')}`;
}

/**
 * The client rule with `roots` baked in (lower-case host names without a
 * trailing dot, e.g. `['cluster.atomi.cloud', 'cluster.atomi-spare.net']`).
 * Throws when a root is not such a name: that is a build mistake, not data.
 */
export function addressBookClient(roots: readonly string[]): AddressBookClient {
  const baked = [...roots];
  const badRoot = baked.find((root) => !isHostName(root));
  if (badRoot !== undefined || baked.length === 0) throw new Error(`addressBookClient: roots must be lower-case host names, got ${JSON.stringify(roots)}`);

  function pickAddress(book: unknown, landscape: string, module: string, failed: Iterable<string>): Pick {
    const problem = checkBook(book, baked);
    if (problem) return { address: null, reason: 'refused', detail: problem };
    if (bookKind(book) !== 'doc-c') return { address: null, reason: 'refused', detail: 'not a Doc C' };
    const landscapes = (book as DocC).landscapes;
    if (!hasOwn(landscapes, landscape)) return { address: null, reason: 'unknown-landscape', detail: `no landscape ${landscape} in the book` };
    const modules = landscapes[landscape] as Record<string, string[]>;
    if (!hasOwn(modules, module)) return { address: null, reason: 'unknown-module', detail: `no module ${module} in landscape ${landscape}` };
    const tried = new Set(failed);
    const next = (modules[module] as string[]).find((address) => !tried.has(address));
    if (next === undefined) return { address: null, reason: 'exhausted', detail: `every candidate of ${module} in ${landscape} failed` };
    return { address: next };
  }

  function acceptBook(saved: unknown, downloaded: unknown): Acceptance {
    const savedOk = saved !== undefined && saved !== null && checkBook(saved, baked) === undefined;
    const keep: Book | undefined = savedOk ? (saved as Book) : undefined;
    const problem = checkBook(downloaded, baked);
    if (problem) return { book: keep, accepted: false, reason: `download refused: ${problem}` };
    const fresh = downloaded as Book;
    if (!savedOk) return { book: fresh, accepted: true, reason: 'no valid saved copy' };
    if (identity(fresh as unknown as Record<string, unknown>) !== identity(saved as Record<string, unknown>)) {
      return { book: keep, accepted: false, reason: 'the download is another book (kind, platform or service differ)' };
    }
    const savedSerial = (saved as Book).serial;
    if (fresh.serial > savedSerial) return { book: fresh, accepted: true, reason: `serial ${fresh.serial} is newer than ${savedSerial}` };
    return { book: keep, accepted: false, reason: `serial ${fresh.serial} is not newer than the saved ${savedSerial}` };
  }

  return { roots: baked, pickAddress, acceptBook };
}
