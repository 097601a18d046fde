/**
 * The matcher of path routing, `lookupUpstream(table, host, path)` (SPEC §3.4).
 * Design note:
 *
 * - The host resolves exactly, then by one-label wildcard (`*.b.c` answers
 *   `a.b.c`, never `x.a.b.c`). The caller passes the host as the edge keys it:
 *   lower case, no port, no trailing dot.
 * - Only a host that has a prefix map looks at the path. The path part (before
 *   `?` or `#`) is percent-decoded once, as Go's `r.URL.Path` holds it, and its
 *   first segment read in two spellings: *raw* (dot and empty segments kept:
 *   `/paulca%2ffoo` is `paulca`) and *normalised* (empty and `.` segments
 *   dropped, `..` resolved). Either may hit; when both hit different prefixes
 *   the normalised one wins. When neither hits, the readings of the other
 *   backends are tried too ({@link otherFirstSegments}: empty segments kept as
 *   RFC 3986 §5.2.4 keeps them, or dot segments resolved before decoding), so
 *   that the app a prefix was flipped away from never answers for it, whether
 *   the backend decodes or not and removes dot segments or not. Only a miss of
 *   every reading falls through to the host's own route. Segments match whole:
 *   `paulca` serves `/paulca` and `/paulca/x`, never `/paulcarson`; `/` has no
 *   first segment and matches no prefix.
 * - Malformed escapes (`%zz`, a `%` at the end) never reach a Go edge's router:
 *   `url.Parse` refuses the request (400). Called with one anyway, the matcher
 *   keeps it as written. `%00` decodes to a NUL character, as in Go, which is
 *   part of its segment (`/paulca%00` is not `/paulca`).
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

/**
 * Which spelling of the first segment hit: `raw` (the decoded path's first
 * segment), `normalised` (the decoded path with its dot and empty segments
 * resolved), `both` (the two hit the same prefix), or, when neither hit,
 * `alternate`: another backend's reading (see {@link otherFirstSegments}).
 */
export type Spelling = 'raw' | 'normalised' | 'both' | 'alternate';

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
// Stryker disable next-line BlockStatement: any hash the table and the lookup share answers the same (findWildcard compares the names)
function hashFrom(text: string, from: number): number {
  let hash = 0x811c9dc5;
  // Stryker disable next-line ConditionalExpression,EqualityOperator,BlockStatement: any hash the table and the lookup share answers the same (findWildcard compares the names); these only spread the names less
  for (let i = from; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash | 0;
}

function findWildcard(wildcard: ReadonlyMap<number, readonly HostEntry[]>, host: string): HostEntry | undefined {
  const dot = host.indexOf('.');
  // Stryker disable next-line ConditionalExpression: an empty map has no candidates either
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
  // Stryker disable next-line StringLiteral: only wildcard entries' parents are read
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
      const exactBoth: Upstream = Object.freeze({
        route: target.route,
        own: entry.route,
        resolvedBy: 'exact',
        match: 'prefix',
        prefix: row.prefix,
        spelling: 'both',
        target: row.target,
      });
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
  // Stryker disable next-line EqualityOperator: the code unit past the end is NaN, which is neither `?` nor `#`
  for (let i = 0; i < path.length; i++) {
    const c = path.charCodeAt(i);
    if (c === QUESTION || c === HASH) return i;
  }
  return path.length;
}

/** The path part of `path`: before `?` or `#`, as it was sent (escapes not decoded). */
function pathPart(path: string): string {
  return path.slice(0, pathEnd(path));
}

/** The first segment of an already split-ready `text`: after a leading `/`, up to the next `/`. */
function firstOf(text: string): string {
  const start = text.charCodeAt(0) === SLASH ? 1 : 0;
  const stop = text.indexOf('/', start);
  // Stryker disable next-line EqualityOperator: the next `/` is never at 0, which is either skipped as the leading one or not a `/`
  return text.slice(start, stop < 0 ? text.length : stop);
}

/**
 * The raw first segment (SPEC §3.4): the path part (before `?` or `#`)
 * percent-decoded once, as Go's `r.URL.Path` holds it, then the text after a
 * leading `/` up to the next `/`, dot and empty segments kept as they are.
 * `/paulca%2ffoo` and `/%70aulca` both give `paulca`; `//paulca` gives `""`.
 */
export function rawFirstSegment(path: string): string {
  return firstOf(percentDecodeAscii(pathPart(path)));
}

function hexValue(c: number): number {
  // Stryker disable next-line ConditionalExpression: a code unit below `0` gives a value below zero, which every caller reads as no digit
  if (c >= 48 && c <= 57) return c - 48;
  if (c >= 65 && c <= 70) return c - 55;
  if (c >= 97 && c <= 102) return c - 87;
  return -1;
}

/**
 * Decodes every `%XX` escape of an ASCII byte, `%00` (NUL) and `%2f` (`/`)
 * included, as Go's `url.PathUnescape` does. Escapes of non-ASCII bytes stay
 * as written (a prefix is ASCII, so they can never spell one), and so do
 * malformed escapes (`%zz`, a `%` near the end), which Go refuses outright:
 * see {@link firstInvalidEscape}.
 */
export function percentDecodeAscii(text: string): string {
  // Stryker disable next-line ConditionalExpression,StringLiteral: a fast path only; the loop below decodes nothing in a text without `%`
  if (!text.includes('%')) return text;
  let out = '';
  let from = 0;
  // Stryker disable next-line EqualityOperator,ArithmeticOperator: an escape running past the end reads NaN, which is no hex digit, so it is kept as written either way
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
 * The first malformed escape of the path part of `path` (`%` not followed by
 * two hex digits), in the words of Go's `url.EscapeError` (the `%` and at most
 * two characters after it), or `undefined`. Go's `url.Parse`, and so a Go edge,
 * refuses such a request with 400 Bad Request before any router runs; the
 * matcher, called with one anyway, keeps the escape as written.
 */
export function firstInvalidEscape(path: string): string | undefined {
  const part = pathPart(path);
  for (let i = part.indexOf('%'); i >= 0; i = part.indexOf('%', i + 1)) {
    // Stryker disable next-line ConditionalExpression,EqualityOperator,ArithmeticOperator: past the end the code unit is NaN, which is no hex digit, so the same escape is reported
    if (i + 2 >= part.length || hexValue(part.charCodeAt(i + 1)) < 0 || hexValue(part.charCodeAt(i + 2)) < 0) return part.slice(i, i + 3);
  }
  return undefined;
}

/** `.` or `..` as a segment of the path as sent: literally, or (with `escapes`) with `%2e` for a dot, as WHATWG URL parsers read it. */
function dotSegment(text: string, from: number, to: number, escapes: boolean): 0 | 1 | 2 {
  const length = to - from;
  if (length === 1 && text.charCodeAt(from) === DOT) return 1;
  if (length === 2 && text.charCodeAt(from) === DOT && text.charCodeAt(from + 1) === DOT) return 2;
  // Stryker disable next-line ConditionalExpression: the lengths only spare the comparisons below, which no shorter or longer text passes
  if (!escapes || length < 3 || length > 6) return 0;
  const folded = text.slice(from, to).toLowerCase();
  if (folded === '%2e') return 1;
  return folded === '%2e%2e' || folded === '.%2e' || folded === '%2e.' ? 2 : 0;
}

/**
 * The first segment of `text` once its dot segments are resolved: a stack of
 * segments where `.` is dropped and `..` pops (never above the root).
 * `keepEmpty` keeps empty segments as segments, as RFC 3986 §5.2.4 does
 * (`..` may then pop an empty one); without it they are dropped, as Go's
 * `path.Clean` and nginx's `merge_slashes` do. `escapes`: `%2e` counts as a dot.
 * `undefined` when nothing is left but the root (or an empty segment).
 */
function resolvedFirstSegment(text: string, keepEmpty: boolean, escapes: boolean): string | undefined {
  // A stack of kept segments, as [start, end) offsets into `text`.
  const starts: number[] = [];
  const ends: number[] = [];
  let from = text.charCodeAt(0) === SLASH ? 1 : 0;
  // Stryker disable next-line EqualityOperator: the last segment, when it is the empty one after a trailing `/`, is neither kept nor a dot segment
  while (from <= text.length) {
    let to = text.indexOf('/', from);
    // Stryker disable next-line EqualityOperator: the next `/` is never at 0 (from is past a leading `/`)
    if (to < 0) to = text.length;
    const dots = dotSegment(text, from, to, escapes);
    if (dots === 2) {
      starts.pop();
      ends.pop();
    } else if (dots === 0 && (to > from || (keepEmpty && to < text.length))) {
      starts.push(from);
      ends.push(to);
    }
    from = to + 1;
  }
  // Stryker disable next-line ConditionalExpression: with no segment, ends[0] and starts[0] are both undefined
  if (starts.length === 0 || ends[0] === starts[0]) return undefined;
  return text.slice(starts[0], ends[0]);
}

/**
 * The normalised first segment of `path` (SPEC §3.4): the path part
 * percent-decoded once (ASCII escapes, `%2f` included), split on `/`, empty
 * and `.` segments dropped, `..` resolved (never above the root), as Go's
 * `path.Clean` reads `r.URL.Path`. `undefined` when nothing is left (the path
 * names the root).
 */
export function normalisedFirstSegment(path: string): string | undefined {
  return resolvedFirstSegment(percentDecodeAscii(pathPart(path)), false, false);
}

/**
 * The first segments `path` may have for a backend that reads it otherwise
 * than the raw and the normalised spelling do, in the order the matcher
 * consults them: the decoded path with its dot segments resolved and its
 * empty segments kept (RFC 3986 §5.2.4, WHATWG URL); then the path *as sent*,
 * not decoded, with its dot segments resolved (literal dots, or `%2e` too, as
 * WHATWG URL parsers read them; empty segments kept or dropped), the segment
 * percent-decoded afterwards, as a router that splits before decoding reads it
 * (`/a%2fb/../paulca` is `/paulca` there, `/a/paulca` after decoding).
 * Repeats and root-only readings are left out.
 */
export function otherFirstSegments(path: string): { decoded: string[]; undecoded: string[] } {
  const part = pathPart(path);
  const decoded = percentDecodeAscii(part);
  const keeping = resolvedFirstSegment(decoded, true, false);
  const undecoded = new Set<string>();
  if (part.includes('%')) {
    // Stryker disable next-line BooleanLiteral: without `%2e` in the path, reading `%2e` as a dot changes no segment
    const escapes = /%2e/i.test(part) ? [false, true] : [false];
    for (const keepEmpty of [true, false])
      for (const escaped of escapes) {
        const segment = resolvedFirstSegment(part, keepEmpty, escaped);
        if (segment !== undefined) undecoded.add(percentDecodeAscii(segment));
      }
  }
  return { decoded: keeping === undefined ? [] : [keeping], undecoded: [...undecoded] };
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

  // One pass: where the path part ends, where the first segment ends, and
  // whether another reading may differ (a `%`, an empty segment, or a segment
  // starting with a dot).
  const start = path.charCodeAt(0) === SLASH ? 1 : 0;
  let rawEnd = -1;
  // Stryker disable next-line BooleanLiteral: a fast path only: every path marked unusual gets the same answer from the full reading
  let unusual = false;
  // Stryker disable next-line EqualityOperator: the code unit past the end is NaN, which is nothing the scan looks for
  for (let i = 0; i < path.length; i++) {
    const c = path.charCodeAt(i);
    if (c === QUESTION || c === HASH) {
      // Stryker disable next-line EqualityOperator: the scan stops at the first `?` or `#`, so rawEnd is 0 here only when this is the first one
      if (rawEnd < 0) rawEnd = i;
      break;
    }
    if (c === SLASH) {
      // Stryker disable next-line EqualityOperator: rawEnd is never 0 at a `/` (the first one is skipped or not first), and a `/` at start is an empty segment, which the full reading answers
      if (rawEnd < 0 && i >= start) rawEnd = i;
      // Stryker disable next-line ConditionalExpression,LogicalOperator: a fast path only: these mark more paths unusual, which the full reading answers the same
      if (i > 0 && path.charCodeAt(i - 1) === SLASH) unusual = true;
    } else if (c === PERCENT || (c === DOT && (i === 0 || path.charCodeAt(i - 1) === SLASH))) unusual = true;
  }
  // Stryker disable next-line ConditionalExpression,BlockStatement: a fast path only: the full reading answers every path the same
  if (!unusual) {
    // Without escapes, empty or dot segments every reading gives the same segment.
    // Stryker disable next-line EqualityOperator: rawEnd is 0 only before a leading `?` or `#`, and no prefix holds either
    const rawHit = prefixes.get(path.slice(start, rawEnd < 0 ? path.length : rawEnd));
    if (rawHit === undefined) return fallthrough;
    if (!byWildcard) return rawHit.exactBoth;
    return { route: rawHit.route, own: entry.route, resolvedBy: 'wildcard', match: 'prefix', prefix: rawHit.prefix, spelling: 'both', target: rawHit.target };
  }
  const raw = rawFirstSegment(path);
  // Stryker disable next-line ConditionalExpression,StringLiteral: no prefix is empty
  const rawHit = raw === '' ? undefined : prefixes.get(raw);
  const normalised = normalisedFirstSegment(path);
  // Stryker disable next-line ConditionalExpression: no prefix is undefined
  const normalisedHit = normalised === undefined ? undefined : prefixes.get(normalised);
  let hit = normalisedHit ?? rawHit;
  let spelling: Spelling = normalisedHit === undefined ? 'raw' : normalisedHit === rawHit ? 'both' : 'normalised';
  if (hit === undefined) {
    // Neither spelling hit: the readings of backends that keep empty segments
    // or split before decoding, so that none of them reaches the old app either.
    const others = otherFirstSegments(path);
    for (const segment of [...others.decoded, ...others.undecoded]) hit ??= prefixes.get(segment);
    spelling = 'alternate';
  }
  if (hit === undefined) return fallthrough;
  return {
    route: hit.route,
    own: entry.route,
    resolvedBy: byWildcard ? 'wildcard' : 'exact',
    match: 'prefix',
    prefix: hit.prefix,
    spelling,
    target: hit.target,
  };
}
