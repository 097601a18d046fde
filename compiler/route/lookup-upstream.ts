/**
 * The matcher of path routing, `lookupUpstream(table, host, path)` (SPEC §3.4).
 * Design note:
 *
 * - The host resolves exactly, then by one-label wildcard (`*.b.c` answers
 *   `a.b.c`, never `x.a.b.c`). The caller passes the host as the edge keys it:
 *   lower case, no port, no trailing dot.
 * - Only a host that has a prefix map looks at the path. Its first segment is
 *   read in two spellings: *raw* (the characters between the leading `/` and
 *   the next `/`, `?` or `#`) and *normalised* (percent-decoded, then empty and
 *   `.` segments dropped and `..` resolved, as an upstream server may read the
 *   path). Either may hit; when both hit different prefixes the normalised one
 *   wins; a miss falls through to the host's own route. Segments match whole:
 *   `paulca` serves `/paulca` and `/paulca/x`, never `/paulcarson`; `/` has no
 *   first segment and matches no prefix.
 * - The path sent upstream is never changed: the result carries no path.
 * - For a host without a prefix map the lookup allocates nothing: exact hosts
 *   are one `Map.get`; wildcard parents are found through a numeric hash of the
 *   host's parent name (no substring is made) and the answer is a result object
 *   built once, when the table was compiled.
 *
 * Pure and dependency-free, so an edge can embed it as is.
 */

/** A route: the upstream an edge sends a request to, named by its host, account (platform), app (service) and box (landscape). */
export interface UpstreamRoute {
  /** An exact host, or a one-label wildcard `*.<parent>`. */
  readonly host: string;
  readonly account: string;
  readonly app: string;
  readonly box: string;
}

/** A prefix row as the matcher needs it (the `route_paths` columns host, prefix, target). */
export interface PrefixRow {
  readonly host: string;
  readonly prefix: string;
  readonly target: string;
}

/** Why a route serves the request. */
export type MatchKind =
  /** the host has no prefix map: its own route serves every path */
  | 'no-prefix-map'
  /** the host has a prefix map and no spelling of the first segment hit */
  | 'fallthrough'
  /** a prefix hit: the target's route serves */
  | 'prefix';

/** Which spelling of the first segment hit. */
export type Spelling = 'raw' | 'normalised' | 'both';

/** The answer of {@link lookupUpstream}. */
export interface Upstream {
  /** The route that serves the request. */
  readonly route: UpstreamRoute;
  /** The route the host resolved to (the same as `route` unless a prefix hit). */
  readonly own: UpstreamRoute;
  /** How the host resolved. */
  readonly resolvedBy: 'exact' | 'wildcard';
  readonly match: MatchKind;
  /** With `match: 'prefix'`: the prefix that hit, the spelling that hit and the target host. */
  readonly prefix?: string;
  readonly spelling?: Spelling;
  readonly target?: string;
}

interface PrefixEntry {
  readonly prefix: string;
  readonly target: string;
  readonly route: UpstreamRoute;
  /** The answer when the host resolved exactly and both spellings hit this prefix (the common case), built once. */
  readonly exactBoth: Upstream;
}

interface HostEntry {
  readonly route: UpstreamRoute;
  /** For wildcard entries: the parent name after `*.`. */
  readonly parent: string;
  /** prefix → its target; absent when the host has no prefix map. */
  readonly prefixes?: ReadonlyMap<string, PrefixEntry>;
  readonly exactResult: Upstream;
  readonly wildcardResult: Upstream;
}

/** A compiled table: build it once with {@link compileUpstreamTable}, then look up as often as needed. */
export interface UpstreamTable {
  readonly exact: ReadonlyMap<string, HostEntry>;
  /** hash of the parent name → wildcard entries with that hash */
  readonly wildcard: ReadonlyMap<number, readonly HostEntry[]>;
  /** Prefix rows left out because their host or target resolves to no route. */
  readonly unresolved: readonly PrefixRow[];
}

/** 32-bit FNV-1a over the UTF-16 code units of `text[from..]`; allocation-free. */
function hashFrom(text: string, from: number): number {
  let hash = 0x811c9dc5;
  for (let i = from; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash | 0;
}

function findWildcard(wildcard: ReadonlyMap<number, readonly HostEntry[]>, host: string): HostEntry | undefined {
  const dot = host.indexOf('.');
  if (dot <= 0 || wildcard.size === 0) return undefined;
  const candidates = wildcard.get(hashFrom(host, dot + 1));
  if (!candidates) return undefined;
  for (let i = 0; i < candidates.length; i++) {
    const entry = candidates[i] as HostEntry;
    if (entry.parent.length === host.length - dot - 1 && host.startsWith(entry.parent, dot + 1)) return entry;
  }
  return undefined;
}

function resolveHost(exact: ReadonlyMap<string, HostEntry>, wildcard: ReadonlyMap<number, readonly HostEntry[]>, host: string): HostEntry | undefined {
  return exact.get(host) ?? findWildcard(wildcard, host);
}

/**
 * Compiles `routes` and the prefix `rows` into a lookup table. A route host
 * `*.<parent>` is a one-label wildcard. Prefix maps attach to the route entry
 * their row's host resolves to; a row whose host or target resolves to no
 * route is left out and listed in `unresolved`. When two routes share a host
 * the first wins.
 */
export function compileUpstreamTable(routes: readonly UpstreamRoute[], rows: readonly PrefixRow[]): UpstreamTable {
  const exactRoutes = new Map<string, UpstreamRoute>();
  const wildcardRoutes = new Map<string, UpstreamRoute>();
  for (const route of routes) {
    if (route.host.startsWith('*.')) {
      const parent = route.host.slice(2);
      if (!wildcardRoutes.has(parent)) wildcardRoutes.set(parent, route);
    } else if (!exactRoutes.has(route.host)) exactRoutes.set(route.host, route);
  }
  // First pass: entries without prefix maps, to resolve hosts and targets against.
  const bare = (route: UpstreamRoute, parent: string): HostEntry => ({
    route,
    parent,
    exactResult: Object.freeze({ route, own: route, resolvedBy: 'exact', match: 'no-prefix-map' }),
    wildcardResult: Object.freeze({ route, own: route, resolvedBy: 'wildcard', match: 'no-prefix-map' }),
  });
  const exact = new Map<string, HostEntry>([...exactRoutes].map(([host, route]) => [host, bare(route, '')]));
  const wildcard = new Map<number, HostEntry[]>();
  for (const [parent, route] of wildcardRoutes) {
    const key = hashFrom(parent, 0);
    const list = wildcard.get(key) ?? [];
    list.push(bare(route, parent));
    wildcard.set(key, list);
  }
  // Second pass: prefix maps, keyed by the entry each row's host resolves to.
  const maps = new Map<HostEntry, Map<string, PrefixEntry>>();
  const unresolved: PrefixRow[] = [];
  for (const row of rows) {
    const entry = resolveHost(exact, wildcard, row.host);
    const target = resolveHost(exact, wildcard, row.target);
    if (!entry || !target) {
      unresolved.push(row);
      continue;
    }
    const map = maps.get(entry) ?? new Map<string, PrefixEntry>();
    if (!map.has(row.prefix)) {
      const exactBoth: Upstream = Object.freeze({ route: target.route, own: entry.route, resolvedBy: 'exact', match: 'prefix', prefix: row.prefix, spelling: 'both', target: row.target });
      map.set(row.prefix, { prefix: row.prefix, target: row.target, route: target.route, exactBoth });
    }
    maps.set(entry, map);
  }
  const withMap = (entry: HostEntry): HostEntry => {
    const prefixes = maps.get(entry);
    if (!prefixes) return entry;
    const { route } = entry;
    return {
      ...entry,
      prefixes,
      exactResult: Object.freeze({ route, own: route, resolvedBy: 'exact', match: 'fallthrough' }),
      wildcardResult: Object.freeze({ route, own: route, resolvedBy: 'wildcard', match: 'fallthrough' }),
    };
  };
  return {
    exact: new Map([...exact].map(([host, entry]) => [host, withMap(entry)])),
    wildcard: new Map([...wildcard].map(([key, list]) => [key, list.map(withMap)])),
    unresolved,
  };
}

const SLASH = 47;
const QUESTION = 63;
const HASH = 35;
const PERCENT = 37;
const DOT = 46;

/** End of the path part of `path` (before `?` or `#`). */
function pathEnd(path: string): number {
  for (let i = 0; i < path.length; i++) {
    const c = path.charCodeAt(i);
    if (c === QUESTION || c === HASH) return i;
  }
  return path.length;
}

/** The raw first segment: after a leading `/`, up to the next `/`, `?` or `#`. */
export function rawFirstSegment(path: string): string {
  const end = pathEnd(path);
  const start = path.charCodeAt(0) === SLASH ? 1 : 0;
  let stop = start;
  while (stop < end && path.charCodeAt(stop) !== SLASH) stop++;
  return path.slice(start, stop);
}

function hexValue(c: number): number {
  if (c >= 48 && c <= 57) return c - 48;
  if (c >= 65 && c <= 70) return c - 55;
  if (c >= 97 && c <= 102) return c - 87;
  return -1;
}

/** Decodes every `%XX` escape of an ASCII byte; other escapes (non-ASCII bytes, malformed) stay as written. */
export function percentDecodeAscii(text: string): string {
  if (!text.includes('%')) return text;
  let out = '';
  let from = 0;
  for (let i = 0; i + 2 < text.length; i++) {
    if (text.charCodeAt(i) !== PERCENT) continue;
    const high = hexValue(text.charCodeAt(i + 1));
    const low = hexValue(text.charCodeAt(i + 2));
    if (high < 0 || low < 0 || high > 7) continue;
    out += text.slice(from, i) + String.fromCharCode(high * 16 + low);
    from = i + 3;
    i += 2;
  }
  return out + text.slice(from);
}

/**
 * The normalised first segment of `path`: the part before `?`/`#`,
 * percent-decoded once (ASCII escapes, `%2f` included), split on `/`, empty and
 * `.` segments dropped, `..` resolved (never above the root). `undefined` when
 * nothing is left (the path names the root).
 */
export function normalisedFirstSegment(path: string): string | undefined {
  const decoded = percentDecodeAscii(path.slice(0, pathEnd(path)));
  // A stack of kept segments, as [start, end) offsets into `decoded`.
  const starts: number[] = [];
  const ends: number[] = [];
  let from = 0;
  while (from <= decoded.length) {
    let to = decoded.indexOf('/', from);
    if (to < 0) to = decoded.length;
    const length = to - from;
    if (length === 2 && decoded.charCodeAt(from) === DOT && decoded.charCodeAt(from + 1) === DOT) {
      starts.pop();
      ends.pop();
    } else if (length > 0 && !(length === 1 && decoded.charCodeAt(from) === DOT)) {
      starts.push(from);
      ends.push(to);
    }
    from = to + 1;
  }
  return starts.length === 0 ? undefined : decoded.slice(starts[0], ends[0]);
}

/**
 * Which route serves `host` + `path`, and why; `undefined` when no route
 * resolves the host. `host` is matched as given (lower case, no port, no
 * trailing dot). `path` is read only when the host has a prefix map and is
 * never changed.
 */
export function lookupUpstream(table: UpstreamTable, host: string, path: string): Upstream | undefined {
  let entry = table.exact.get(host);
  let byWildcard = false;
  if (entry === undefined) {
    entry = findWildcard(table.wildcard, host);
    if (entry === undefined) return undefined;
    byWildcard = true;
  }
  const prefixes = entry.prefixes;
  const fallthrough = byWildcard ? entry.wildcardResult : entry.exactResult;
  if (prefixes === undefined) return fallthrough;

  // One pass: where the path part ends, where the raw first segment ends, and
  // whether the normalised spelling may differ (a `%`, an empty segment, or a
  // segment starting with a dot).
  const start = path.charCodeAt(0) === SLASH ? 1 : 0;
  let rawEnd = -1;
  let unusual = false;
  for (let i = 0; i < path.length; i++) {
    const c = path.charCodeAt(i);
    if (c === QUESTION || c === HASH) {
      if (rawEnd < 0) rawEnd = i;
      break;
    }
    if (c === SLASH) {
      if (rawEnd < 0 && i >= start) rawEnd = i;
      if (i > 0 && path.charCodeAt(i - 1) === SLASH) unusual = true;
    } else if (c === PERCENT || (c === DOT && (i === 0 || path.charCodeAt(i - 1) === SLASH))) unusual = true;
  }
  if (rawEnd < 0) rawEnd = path.length;
  const raw = path.slice(start, rawEnd);
  const rawHit = raw === '' ? undefined : prefixes.get(raw);
  if (!unusual) {
    if (rawHit === undefined) return fallthrough;
    if (!byWildcard) return rawHit.exactBoth;
    return { route: rawHit.route, own: entry.route, resolvedBy: 'wildcard', match: 'prefix', prefix: rawHit.prefix, spelling: 'both', target: rawHit.target };
  }
  const normalised = normalisedFirstSegment(path);
  const normalisedHit = normalised === undefined ? undefined : prefixes.get(normalised);
  const hit = normalisedHit ?? rawHit;
  if (hit === undefined) return fallthrough;
  const spelling: Spelling = normalisedHit === undefined ? 'raw' : rawHit === normalisedHit ? 'both' : 'normalised';
  return { route: hit.route, own: entry.route, resolvedBy: byWildcard ? 'wildcard' : 'exact', match: 'prefix', prefix: hit.prefix, spelling, target: hit.target };
}
