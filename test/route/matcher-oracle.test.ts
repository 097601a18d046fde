// The path matcher (SPEC §3.4) against an oracle written here from RFC 3986
// rather than from the matcher's own normaliser: percent-decoding (§2.1, one
// pass, only escapes of ASCII octets, as the matcher documents), the first
// segment, dot segments resolved with empty segments dropped (Go's
// path.Clean) and kept (the remove_dot_segments algorithm of §5.2.4, step by
// step on its input buffer), and the readings of a router that splits before
// decoding. Then the guard of the wildcard index against two parent names
// whose hashes collide. Tables are built in beforeAll, so that a fault in the
// matcher fails a test, never the import.

import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  compileUpstreamTable,
  firstInvalidEscape,
  lookupUpstream,
  normalisedFirstSegment,
  otherFirstSegments,
  percentDecodeAscii,
  rawFirstSegment,
  type UpstreamRoute,
  type UpstreamTable,
} from '../../compiler/route/lookup-upstream.js';
import { propertyRuns } from '../support/property-runs.js';

// ---- The oracle ----

/** RFC 3986 §2.1: `%` HEXDIG HEXDIG is one octet; decoded once, left to right, only when the octet is ASCII (below 0x80). */
function decode(text: string): string {
  return text.replace(/%([0-9A-Fa-f]{2})/g, (escape: string, hex: string) => {
    const octet = Number.parseInt(hex, 16);
    return octet < 0x80 ? String.fromCharCode(octet) : escape;
  });
}

/** The path component of a request target: up to the first `?` (query) or `#` (fragment), RFC 3986 §3. */
function pathComponent(target: string): string {
  const end = target.search(/[?#]/);
  return end < 0 ? target : target.slice(0, end);
}

/** The first segment of a path: the text after one leading `/` up to the next `/`. */
function firstSegmentOf(path: string): string {
  const rest = path.startsWith('/') ? path.slice(1) : path;
  return rest.split('/')[0] as string;
}

type DotKind = 'dot' | 'dotdot' | 'segment';
const literalDots = (segment: string): DotKind => (segment === '.' ? 'dot' : segment === '..' ? 'dotdot' : 'segment');
/** WHATWG URL's single- and double-dot segments: `.` and `%2e` in any case, `..` and every mix of the two. */
const escapedDots = (segment: string): DotKind => {
  const lower = segment.toLowerCase();
  if (lower === '.' || lower === '%2e') return 'dot';
  return ['..', '.%2e', '%2e.', '%2e%2e'].includes(lower) ? 'dotdot' : 'segment';
};

/** path.Clean's reading of a rooted path: empty and `.` segments dropped, `..` removes the segment before it, never above the root. */
function cleanSegments(path: string, kind: (segment: string) => DotKind = literalDots): string[] {
  const out: string[] = [];
  for (const segment of path.replace(/^\//, '').split('/')) {
    const k = kind(segment);
    if (k === 'dotdot') out.pop();
    else if (k === 'segment' && segment !== '') out.push(segment);
  }
  return out;
}

/** RFC 3986 §5.2.4 remove_dot_segments, the algorithm as written, on a path whose dot segments are spelled `.` and `..`. */
function removeDotSegments(path: string): string {
  let input = path;
  let output = '';
  while (input.length > 0) {
    if (input.startsWith('../'))
      input = input.slice(3); // A
    else if (input.startsWith('./'))
      input = input.slice(2); // A
    else if (input.startsWith('/./'))
      input = input.slice(2); // B
    else if (input === '/.')
      input = '/'; // B
    else if (input.startsWith('/../') || input === '/..') {
      // C: the last segment of the output and its "/" go
      input = input === '/..' ? '/' : input.slice(3);
      const slash = output.lastIndexOf('/');
      output = slash < 0 ? '' : output.slice(0, slash);
    } else if (input === '.' || input === '..')
      input = ''; // D
    else {
      // E: the first segment, with its leading "/", moves to the output
      const next = input.indexOf('/', input.startsWith('/') ? 1 : 0);
      const end = next < 0 ? input.length : next;
      output += input.slice(0, end);
      input = input.slice(end);
    }
  }
  return output;
}

/** A rooted path with its escaped dot segments spelled as dots (so §5.2.4's literal rules see them). */
function dotsSpelled(path: string, kind: (segment: string) => DotKind): string {
  return path
    .split('/')
    .map((segment) => (kind(segment) === 'dot' ? '.' : kind(segment) === 'dotdot' ? '..' : segment))
    .join('/');
}

/** A reading's first segment, `undefined` when the path names the root (nothing, or an empty first segment, is left). */
const readingOf = (segments: readonly string[]): string | undefined => (segments[0] === undefined || segments[0] === '' ? undefined : segments[0]);
const keptReading = (path: string): string | undefined => {
  const resolved = removeDotSegments(path.startsWith('/') ? path : `/${path}`);
  return resolved === '' ? undefined : readingOf([firstSegmentOf(resolved)]);
};

const oracle = {
  raw: (target: string): string => firstSegmentOf(decode(pathComponent(target))),
  normalised: (target: string): string | undefined => readingOf(cleanSegments(decode(pathComponent(target)))),
  decodedKeepingEmpty: (target: string): string[] => {
    const reading = keptReading(decode(pathComponent(target)));
    return reading === undefined ? [] : [reading];
  },
  undecoded: (target: string): string[] => {
    const part = pathComponent(target);
    if (!part.includes('%')) return [];
    const readings = new Set<string>();
    const kinds = /%2e/i.test(part) ? [literalDots, escapedDots] : [literalDots];
    for (const keepEmpty of [true, false])
      for (const kind of kinds) {
        const reading = keepEmpty ? keptReading(dotsSpelled(part, kind)) : readingOf(cleanSegments(part, kind));
        if (reading !== undefined) readings.add(decode(reading));
      }
    return [...readings];
  },
  invalidEscape: (target: string): string | undefined => {
    const part = pathComponent(target);
    const at = part.search(/%(?![0-9A-Fa-f]{2})/);
    return at < 0 ? undefined : part.slice(at, at + 3);
  },
};

// ---- The oracle against RFC 3986's own examples ----

describe('the oracle', () => {
  it('removes dot segments as RFC 3986 §5.2.4 and §5.4 show', () => {
    expect(removeDotSegments('/a/b/c/./../../g')).toBe('/a/g');
    expect(removeDotSegments('mid/content=5/../6')).toBe('mid/6');
    expect(removeDotSegments('/b/c/../../../g')).toBe('/g');
    expect(removeDotSegments('/b/c/./g/.')).toBe('/b/c/g/');
    expect(removeDotSegments('/b/c/g..')).toBe('/b/c/g..');
    expect(removeDotSegments('//../x')).toBe('/x');
  });

  it('decodes once and leaves what is not an ASCII escape', () => {
    expect(decode('/%70aulca%2Fx%2525%zz%e2%82%ac%7e')).toBe('/paulca/x%25%zz%e2%82%ac~');
  });
});

// ---- The matcher against the oracle ----

const ROUTE = (host: string, app: string): UpstreamRoute => ({ host, account: 'nitroso', app, box: 'pikachu' });
const OWN = ROUTE('api.tin.nitroso.pikachu.cluster.atomi.cloud', 'tin');
const TARGETS = ['paulca', 'bob', 'x', 'a.b', '..x', 'P', '~'].map((prefix) => ({
  prefix,
  route: ROUTE(`${prefix.replace(/[^a-z]/gi, 'q')}-${prefix.length}.nitroso.pikachu.cluster.atomi.cloud`, `app-${prefix}`),
}));

/** Paths over the characters and escapes that change how a path reads, malformed and non-ASCII escapes included. */
const pathArb = fc
  .array(
    fc.constantFrom(
      '/',
      '/',
      '.',
      '..',
      '%2e',
      '%2E',
      '%2f',
      '%2F',
      '%70',
      '%50',
      '%7e',
      '%7E',
      '%41',
      '%00',
      '%80',
      '%C3%A9',
      '%',
      '%z',
      '%2',
      '%g0',
      'p',
      'aulca',
      'paulca',
      'bob',
      'x',
      'a.b',
      'P',
      '?',
      '#',
      '?/../bob',
      ';',
      '~',
    ),
    { maxLength: 14 },
  )
  .map((parts) => parts.join(''));

const PREFIXES = new Map(TARGETS.map((t) => [t.prefix, t.route]));

/** The oracle's answer for `path` on the host OWN with the prefixes of TARGETS (SPEC §3.4): the normalised hit, else the raw one, else the first hit of the other readings, else the host. */
function expectedAnswer(path: string): unknown {
  const raw = oracle.raw(path);
  const normalised = oracle.normalised(path);
  const rawHit = raw !== '' && PREFIXES.has(raw) ? raw : undefined;
  const normalisedHit = normalised !== undefined && PREFIXES.has(normalised) ? normalised : undefined;
  const alternate = [...oracle.decodedKeepingEmpty(path), ...oracle.undecoded(path)].find((s) => PREFIXES.has(s));
  const prefix = normalisedHit ?? rawHit ?? alternate;
  if (prefix === undefined) return { route: OWN, own: OWN, resolvedBy: 'exact', match: 'fallthrough' };
  const spelling = normalisedHit === undefined ? (rawHit === undefined ? 'alternate' : 'raw') : normalisedHit === rawHit ? 'both' : 'normalised';
  return { route: PREFIXES.get(prefix), own: OWN, resolvedBy: 'exact', match: 'prefix', prefix, spelling, target: PREFIXES.get(prefix)?.host };
}

const ownTable = (): UpstreamTable =>
  compileUpstreamTable(
    [OWN, ...TARGETS.map((t) => t.route)],
    TARGETS.map((t) => ({ host: OWN.host, prefix: t.prefix, target: t.route.host })),
  );

describe('the matcher against the oracle (property tests)', () => {
  let table: UpstreamTable;
  beforeAll(() => {
    table = ownTable();
  });

  it('decodes, reads the raw and the normalised first segment, and finds a malformed escape as RFC 3986 and path.Clean say', () => {
    fc.assert(
      fc.property(pathArb, (path) => {
        expect(percentDecodeAscii(path), path).toBe(decode(path));
        expect(rawFirstSegment(path), path).toBe(oracle.raw(path));
        expect(normalisedFirstSegment(path), path).toBe(oracle.normalised(path));
        expect(firstInvalidEscape(path), path).toBe(oracle.invalidEscape(path));
      }),
      { numRuns: propertyRuns(4000) },
    );
  });

  it("lists the other backends' readings as remove_dot_segments and a split-then-decode router give them", () => {
    fc.assert(
      fc.property(pathArb, (path) => {
        const others = otherFirstSegments(path);
        expect(others.decoded, path).toEqual(oracle.decodedKeepingEmpty(path));
        expect(others.undecoded, path).toEqual(oracle.undecoded(path));
      }),
      { numRuns: propertyRuns(4000) },
    );
  });

  it('answers with the normalised hit, else the raw one, else the first hit of the other readings, else the host', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          pathArb,
          pathArb.map((p) => `/${p}`),
        ),
        (path) => {
          expect(lookupUpstream(table, OWN.host, path), path).toEqual(expectedAnswer(path));
        },
      ),
      { numRuns: propertyRuns(6000) },
    );
  });
});

describe('the matcher against the oracle on chosen edges', () => {
  it('decodes only two hex digits, never a letter past F in either case, and finds such an escape malformed', () => {
    for (const path of ['/%W0', '/%_1', '/%`2', '/%Z9%g0', '/%0W', '/%5B%5b', '/%Ff%fF%46%66', '/%@0%/0%:0']) {
      expect([path, percentDecodeAscii(path)]).toEqual([path, decode(path)]);
      expect([path, firstInvalidEscape(path)]).toEqual([path, oracle.invalidEscape(path)]);
    }
  });

  it('reads `.%2e`, `%2e.` and `%2e%2e` (any case) as `..` and `%2e` as `.` where a router splits before decoding', () => {
    for (const path of [
      '/x/.%2e/paulca',
      '/x/%2e./paulca',
      '/x/%2E%2e/paulca',
      '/x/.%2E/paulca',
      '/x/%2e/paulca',
      '/%2e/paulca',
      '/%2E/x/../bob',
      '/x/%2e%2e%2e/paulca',
      '/x/..%2e/paulca',
    ]) {
      expect([path, otherFirstSegments(path).undecoded]).toEqual([path, oracle.undecoded(path)]);
    }
    expect(otherFirstSegments('/x/.%2e/paulca').undecoded).toEqual(['x', 'paulca']);
    expect(otherFirstSegments('/%2e/paulca').undecoded).toEqual(['.', 'paulca']);
  });
});

describe('the matcher against the oracle on the paths its one-pass scan must tell apart', () => {
  let table: UpstreamTable;
  beforeAll(() => {
    table = ownTable();
  });
  /** What a matcher that read the text up to the first `/`, `?` or `#` as the segment would hit. */
  const literalHit = (path: string): string | undefined => {
    const segment = /^\/?([^/?#]*)/.exec(path)?.[1] ?? '';
    return PREFIXES.has(segment) ? segment : undefined;
  };
  /** That matcher's answer: the hit in both spellings, or the host. */
  const literalAnswer = (path: string): unknown => {
    const prefix = literalHit(path);
    if (prefix === undefined) return { route: OWN, own: OWN, resolvedBy: 'exact', match: 'fallthrough' };
    return { route: PREFIXES.get(prefix), own: OWN, resolvedBy: 'exact', match: 'prefix', prefix, spelling: 'both', target: PREFIXES.get(prefix)?.host };
  };

  it('reads a path with an escape, an empty segment or a dot segment anywhere in its path part as the oracle does, not literally', () => {
    const unusual = [
      '/%70aulca', // an escape in the first segment
      '/bo%62/x',
      '/%2fpaulca', // an escaped slash first
      '/paulca/%2e%2e/bob', // an escaped dot segment after the first segment
      '/x/..%2f..%2fbob',
      '//paulca', // an empty first segment
      '/paulca//../bob', // an empty segment after the first
      '/./paulca', // a dot segment first
      './paulca', // the same without the leading slash
      '../paulca',
      '/bob/../paulca', // a dot segment after the first
      '/bob/./../paulca',
      '/x/.%2e/paulca',
      '/paulca/..', // a dot segment last
      '/./..x', // a dot segment, then a segment that only starts with dots
    ];
    for (const path of unusual) {
      const answer = expectedAnswer(path);
      // Each path reads otherwise than literally (another prefix, or another spelling): a matcher that skipped it would answer wrong.
      expect([path, answer]).not.toEqual([path, literalAnswer(path)]);
      expect([path, lookupUpstream(table, OWN.host, path)]).toEqual([path, answer]);
    }
  });

  it('reads a usual path literally, up to the first slash, query or fragment', () => {
    const usual = [
      '/paulca',
      '/paulca/',
      '/paulca/x',
      '/paulca?x',
      '/paulca#x',
      '/paulca/x?y=/../bob',
      '/paulca/x#/bob',
      'paulca',
      'paulca/x',
      '/paulcarson',
      '/',
      '',
      '/a.b/x',
      '/x.',
      '/P',
      '/~/x',
      '/bob?%2e',
    ];
    for (const path of usual) {
      expect([path, expectedAnswer(path)]).toEqual([path, literalAnswer(path)]);
      expect([path, lookupUpstream(table, OWN.host, path)]).toEqual([path, expectedAnswer(path)]);
    }
  });
});

// ---- The wildcard index's hash-collision guard ----

/** 32-bit FNV-1a over UTF-16 code units (the matcher's wildcard index hash), written out here to show the collision. */
function fnv1a(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193);
  return hash | 0;
}

describe('wildcard hosts whose parent names collide in the index', () => {
  // Found by a birthday search over pr<n>.nitroso.pikachu.cluster.atomi.cloud: the same hash, other names, other lengths.
  const A = 'pr687069.nitroso.pikachu.cluster.atomi.cloud';
  const B = 'pr1001044.nitroso.pikachu.cluster.atomi.cloud';
  const SAME_LENGTH = ['pr687068.nitroso.pikachu.cluster.atomi.cloud', 'pr687065.nitroso.pikachu.cluster.atomi.cloud'];
  const WILD_A = ROUTE(`*.${A}`, 'a');
  const WILD_B = ROUTE(`*.${B}`, 'b');
  const TARGET = ROUTE('api.zinc.nitroso.pikachu.cluster.atomi.cloud', 'zinc');

  it('collide', () => {
    expect(fnv1a(A)).toBe(fnv1a(B));
    expect(fnv1a(SAME_LENGTH[0] as string)).toBe(fnv1a('pr1001045.nitroso.pikachu.cluster.atomi.cloud'));
  });

  it('resolve each host to its own wildcard, in either order, and a colliding parent without a wildcard to nothing', () => {
    for (const routes of [
      [WILD_A, WILD_B, TARGET],
      [WILD_B, WILD_A, TARGET],
    ]) {
      const table = compileUpstreamTable(routes, [{ host: `x.${B}`, prefix: 'paulca', target: TARGET.host }]);
      expect(table.unresolved).toEqual([]);
      expect(lookupUpstream(table, `x.${A}`, '/paulca')).toEqual({ route: WILD_A, own: WILD_A, resolvedBy: 'wildcard', match: 'no-prefix-map' });
      const hit = { route: TARGET, own: WILD_B, resolvedBy: 'wildcard', match: 'prefix', prefix: 'paulca', target: TARGET.host };
      expect(lookupUpstream(table, `y.${B}`, '/paulca')).toEqual({ ...hit, spelling: 'both' });
      // The same through the full reading of an unusual path: still by wildcard, with the spelling that hit.
      expect(lookupUpstream(table, `y.${B}`, '/%70aulca/x')).toEqual({ ...hit, spelling: 'both' });
      expect(lookupUpstream(table, `y.${B}`, '/paulca/../other')).toEqual({ ...hit, spelling: 'raw' });
      expect(lookupUpstream(table, `y.${B}`, '/other/../paulca')).toEqual({ ...hit, spelling: 'normalised' });
      expect(lookupUpstream(table, `y.${B}`, '/%2e%2e%2fpaulca')).toEqual({ ...hit, spelling: 'normalised' });
      expect(lookupUpstream(table, `y.${B}`, '//other')).toEqual({ route: WILD_B, own: WILD_B, resolvedBy: 'wildcard', match: 'fallthrough' });
      expect(lookupUpstream(table, `y.${B}`, '/other')).toEqual({ route: WILD_B, own: WILD_B, resolvedBy: 'wildcard', match: 'fallthrough' });
      expect(lookupUpstream(table, `x.pr1001045.nitroso.pikachu.cluster.atomi.cloud`, '/')).toBeUndefined();
    }
    const only = compileUpstreamTable([WILD_A], []);
    expect(lookupUpstream(only, `x.${B}`, '/')).toBeUndefined();
    expect(lookupUpstream(only, `x.${A}`, '/')?.route).toBe(WILD_A);
    // A row whose host only collides with a wildcard resolves to no route.
    expect(compileUpstreamTable([WILD_A, TARGET], [{ host: `x.${B}`, prefix: 'p', target: TARGET.host }]).unresolved).toHaveLength(1);
  });

  it('resolve a host to its own wildcard when another parent of the same length has the same hash', () => {
    // Found by a birthday search over pr<7 digits>.nitroso.pikachu.cluster.atomi.cloud.
    const [C, D] = ['pr1539599.nitroso.pikachu.cluster.atomi.cloud', 'pr1722382.nitroso.pikachu.cluster.atomi.cloud'];
    expect([fnv1a(C) === fnv1a(D), C.length === D.length]).toEqual([true, true]);
    const table = compileUpstreamTable([ROUTE(`*.${C}`, 'c')], []);
    expect(lookupUpstream(table, `x.${C}`, '/')?.route.app).toBe('c');
    expect(lookupUpstream(table, `x.${D}`, '/')).toBeUndefined();
  });

  it('never answers for the parent itself, a deeper name, or a name without a label before the parent', () => {
    const table = compileUpstreamTable([WILD_A], []);
    expect(lookupUpstream(table, A, '/')).toBeUndefined();
    expect(lookupUpstream(table, `x.y.${A}`, '/')).toBeUndefined();
    expect(lookupUpstream(table, `.${A}`, '/')).toBeUndefined();
    expect(lookupUpstream(table, `x${A}`, '/')).toBeUndefined();
    // A host without a dot has no parent, even when a wildcard's parent is that very name.
    expect(lookupUpstream(compileUpstreamTable([ROUTE('*.cloud', 'c')], []), 'cloud', '/')).toBeUndefined();
    expect(lookupUpstream(compileUpstreamTable([ROUTE('*.cloud', 'c')], []), 'atomi.cloud', '/')?.route.app).toBe('c');
  });
});

describe('a table given the same host or prefix twice', () => {
  it('keeps the first route of a host, exact or wildcard, and the first target of a prefix', () => {
    const first = ROUTE('api.zinc.nitroso.pikachu.cluster.atomi.cloud', 'first');
    const second = { ...first, app: 'second' };
    const wildFirst = ROUTE('*.pr.nitroso.pikachu.cluster.atomi.cloud', 'wild-first');
    const wildSecond = { ...wildFirst, app: 'wild-second' };
    const [one, two] = [ROUTE('one.nitroso.pikachu.cluster.atomi.cloud', 'one'), ROUTE('two.nitroso.pikachu.cluster.atomi.cloud', 'two')];
    const table = compileUpstreamTable(
      [first, second, wildFirst, wildSecond, one, two],
      [
        { host: first.host, prefix: 'p', target: one.host },
        { host: first.host, prefix: 'p', target: two.host },
      ],
    );
    expect(lookupUpstream(table, first.host, '/')?.route.app).toBe('first');
    expect(lookupUpstream(table, 'x.pr.nitroso.pikachu.cluster.atomi.cloud', '/')?.route.app).toBe('wild-first');
    expect(lookupUpstream(table, first.host, '/p/x')).toEqual({
      route: one,
      own: first,
      resolvedBy: 'exact',
      match: 'prefix',
      prefix: 'p',
      spelling: 'both',
      target: one.host,
    });
  });
});
