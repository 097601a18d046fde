// The flip invariant of SPEC §3.4 against the backends behind an edge: the
// app an account was flipped away from never answers for it, whether the
// backend percent-decodes the path or not and removes dot segments or not.
// The path-routing seed (CARLOS §6) reads the raw spelling from the request's
// decoded path, Go's `r.URL.Path`: `/paulca%2ffoo` is `/paulca/foo`.
//
// The oracle below is written from RFC 3986 alone (§2.1 percent-encoding,
// §5.2.4 remove_dot_segments, the input/output-buffer algorithm as printed)
// and shares no code with compiler/route/lookup-upstream.ts: for each backend
// behaviour it says which first segment the backend hands its app; whenever
// that segment is a flipped prefix, the matcher must not have sent the request
// to the host's own (old) route.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compileUpstreamTable, firstInvalidEscape, lookupUpstream, type PrefixRow, type UpstreamRoute } from '../../compiler/route/lookup-upstream.js';
import { propertyRuns } from '../support/property-runs.js';

const route = (host: string, app: string): UpstreamRoute => ({ host, account: 'nitroso', app, box: 'pikachu' });
const LEGACY = route('api.tin.nitroso.pikachu.cluster.atomi.cloud', 'tin');
const NEW = route('api.zinc.nitroso.pikachu.cluster.atomi.cloud', 'zinc');
const OTHER = route('api.bob.nitroso.pikachu.cluster.atomi.cloud', 'bob');
const ROUTES = [LEGACY, NEW, OTHER];

/** RFC 3986 §2.1: every `%` HEXDIG HEXDIG is the octet it names (a lenient backend keeps a malformed one as text). */
function oracleDecode(text: string): string {
  return text.replace(/%([0-9A-Fa-f]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/** RFC 3986 §5.2.4 remove_dot_segments, step by step as the RFC prints it. */
function removeDotSegments(path: string): string {
  let input = path;
  let output = '';
  const dropLastSegment = (): void => {
    const slash = output.lastIndexOf('/');
    output = slash < 0 ? '' : output.slice(0, slash);
  };
  while (input.length > 0) {
    if (input.startsWith('../')) input = input.slice(3);
    else if (input.startsWith('./')) input = input.slice(2);
    else if (input.startsWith('/./')) input = input.slice(2);
    else if (input === '/.') input = '/';
    else if (input.startsWith('/../')) {
      input = input.slice(3);
      dropLastSegment();
    } else if (input === '/..') {
      input = '/';
      dropLastSegment();
    } else if (input === '.' || input === '..') input = '';
    else {
      const next = input.indexOf('/', input.startsWith('/') ? 1 : 0);
      const segment = next < 0 ? input : input.slice(0, next);
      output += segment;
      input = input.slice(segment.length);
    }
  }
  return output;
}

/** A backend: does it percent-decode the path before routing on it, and does it remove dot segments. */
interface Backend {
  decode: boolean;
  removeDots: boolean;
  /** Beyond RFC 3986: runs of `/` merged first (Go's path.Clean, nginx merge_slashes, Envoy merge_slashes). */
  mergeSlashes?: boolean;
  /** Beyond RFC 3986: `%2e` read as a dot in a dot segment without decoding anything else (WHATWG URL). */
  encodedDots?: boolean;
}
const BACKENDS: Backend[] = [
  { decode: false, removeDots: false },
  { decode: false, removeDots: true },
  { decode: true, removeDots: false },
  { decode: true, removeDots: true },
];
/** Servers that read paths in yet other ways: Go's path.Clean over r.URL.Path, Envoy's normalize_path with merge_slashes, WHATWG URL. */
const BACKENDS_BEYOND: Backend[] = [
  { decode: true, removeDots: true, mergeSlashes: true },
  { decode: false, removeDots: true, mergeSlashes: true },
  { decode: false, removeDots: true, encodedDots: true },
  { decode: false, removeDots: true, encodedDots: true, mergeSlashes: true },
];
const named = (b: Backend): string =>
  `${b.decode ? 'decodes' : 'does not decode'}, ${b.removeDots ? 'removes' : 'keeps'} dot segments${b.mergeSlashes ? ', merges slashes' : ''}${b.encodedDots ? ', reads %2e as a dot' : ''}`;

/**
 * The first segment the backend's app reads: the request path up to `?`
 * (RFC 3986 §3.3), decoded or not, dot segments removed or not, the text
 * between the leading `/` and the next; a backend that routes on the path as
 * sent decodes that segment afterwards, when it reads it as a name.
 */
function backendFirstSegment(path: string, backend: Backend): string {
  let p = path.split(/[?#]/)[0] as string;
  if (backend.decode) p = oracleDecode(p);
  if (backend.encodedDots)
    p = p
      .split('/')
      .map((s) => (/^(%2e|\.){2}$/i.test(s) ? '..' : /^%2e$/i.test(s) ? '.' : s))
      .join('/');
  if (backend.mergeSlashes) p = p.replace(/\/{2,}/g, '/');
  if (backend.removeDots) p = removeDotSegments(p);
  const segment = (p.startsWith('/') ? p.slice(1) : p).split('/')[0] as string;
  return backend.decode ? segment : oracleDecode(segment);
}

const table = (flipped: readonly string[]): ReturnType<typeof compileUpstreamTable> =>
  compileUpstreamTable(
    ROUTES,
    flipped.map((prefix, i): PrefixRow => ({ host: LEGACY.host, prefix, target: i % 2 === 0 ? NEW.host : OTHER.host })),
  );

/** Fails when some backend hands a flipped prefix to the old app. */
function assertNeverLegacy(flipped: readonly string[], path: string, backends: readonly Backend[] = BACKENDS): void {
  const answer = lookupUpstream(table(flipped), LEGACY.host, path);
  for (const backend of backends) {
    const segment = backendFirstSegment(path, backend);
    if (flipped.includes(segment))
      expect(answer?.route, `${JSON.stringify(path)}: a backend that ${named(backend)} reads ${JSON.stringify(segment)}`).not.toBe(LEGACY);
  }
}

describe('the oracle (RFC 3986 by itself)', () => {
  it('removes dot segments as the RFC examples of §5.2.4 and §5.4 do', () => {
    expect(removeDotSegments('/a/b/c/./../../g')).toBe('/a/g');
    expect(removeDotSegments('mid/content=5/../6')).toBe('mid/6');
    expect(removeDotSegments('/b/c/../../../g')).toBe('/g');
    expect(removeDotSegments('/a//../b')).toBe('/a/b');
    expect(removeDotSegments('/x/../alpha//../beta')).toBe('/alpha/beta');
  });
});

describe('the issue-36 spellings (CARLOS §6: the raw spelling is the decoded path)', () => {
  it("sends /%61lpha/../zzz and /alpha%2f..%2fzzz to alpha's new app, not the legacy app", () => {
    for (const path of ['/%61lpha/../zzz', '/alpha%2f..%2fzzz', '/alpha%2F..%2Fzzz', '/%61lpha%2f%2e%2e%2fzzz']) {
      expect(lookupUpstream(table(['alpha']), LEGACY.host, path), path).toMatchObject({ route: NEW, match: 'prefix', prefix: 'alpha', spelling: 'raw' });
      assertNeverLegacy(['alpha'], path);
    }
  });

  it('matches paulca in both spellings of /paulca%2ffoo', () => {
    expect(lookupUpstream(table(['paulca']), LEGACY.host, '/paulca%2ffoo')).toMatchObject({ route: NEW, spelling: 'both' });
    expect(lookupUpstream(table(['paulca']), LEGACY.host, '/paulca/foo')).toMatchObject({ route: NEW, spelling: 'both' });
  });

  it('covers the backends that resolve dot segments before decoding or keep empty segments', () => {
    // undecoded: `a%2fb` is one segment, `..` pops it; decoded it is /a/b/../alpha = /a/alpha
    expect(lookupUpstream(table(['alpha']), LEGACY.host, '/a%2fb/../alpha')).toMatchObject({ route: NEW, spelling: 'alternate' });
    // RFC 3986 keeps the empty segment, which the `..` pops: /alpha/beta
    expect(lookupUpstream(table(['alpha']), LEGACY.host, '/x/../alpha//../beta')).toMatchObject({ route: NEW, spelling: 'alternate' });
    for (const path of ['/a%2fb/../alpha', '/x/../alpha//../beta', '/a%2fb/%2e%2e/alpha', '/a%2fb//../alpha']) assertNeverLegacy(['alpha'], path);
  });
});

describe('malformed escapes and NUL, as Go reads them', () => {
  it("names the escape Go's url.Parse refuses (the request is answered 400 before any router)", () => {
    expect(firstInvalidEscape('/alpha%zz')).toBe('%zz');
    expect(firstInvalidEscape('/alpha%')).toBe('%');
    expect(firstInvalidEscape('/alpha%4')).toBe('%4');
    expect(firstInvalidEscape('/alpha%4g/x')).toBe('%4g');
    expect(firstInvalidEscape('/alpha%41?q=%zz')).toBeUndefined();
    expect(firstInvalidEscape('/alpha%00')).toBeUndefined();
  });

  it('keeps a malformed escape as written when called with one anyway, and still never falls through for a flipped prefix', () => {
    expect(lookupUpstream(table(['alpha']), LEGACY.host, '/%zz/../alpha')).toMatchObject({ route: NEW, spelling: 'normalised' });
    expect(lookupUpstream(table(['alpha']), LEGACY.host, '/alpha%zz')).toMatchObject({ route: LEGACY, match: 'fallthrough' });
    expect(lookupUpstream(table(['alpha']), LEGACY.host, '/alpha/%')).toMatchObject({ route: NEW, spelling: 'both' });
  });

  it("decodes %00 to a NUL that belongs to its segment, as Go's r.URL.Path holds it", () => {
    expect(lookupUpstream(table(['alpha']), LEGACY.host, '/alpha%00')).toMatchObject({ route: LEGACY, match: 'fallthrough' });
    expect(lookupUpstream(table(['alpha']), LEGACY.host, '/alpha%00/x')).toMatchObject({ route: LEGACY });
    expect(lookupUpstream(table(['alpha']), LEGACY.host, '/%00/../alpha')).toMatchObject({ route: NEW });
  });
});

// Paths made of the pieces that change how a path reads; prefixes from a small
// pool so that hits are common.
const PIECES = [
  '/',
  '/',
  '/',
  '.',
  '..',
  '%2e',
  '%2E',
  '%2f',
  '%2F',
  '%61',
  '%6C',
  'a',
  'alpha',
  'lpha',
  'zzz',
  'x',
  '%',
  '%zz',
  '%00',
  '%25',
  '?',
  '#',
  ';',
  '%3f',
];
const pathArb = fc.array(fc.constantFrom(...PIECES), { maxLength: 14 }).map((pieces) => `/${pieces.join('')}`);
const flippedArb: fc.Arbitrary<string[]> = fc.uniqueArray(fc.constantFrom<string>('alpha', 'a', 'zzz', 'x', 'lpha', 'a.', '..a'), {
  minLength: 1,
  maxLength: 3,
});

describe('the flip invariant over generated paths × the four backends (property)', () => {
  it('never hands a flipped prefix to the old app, whatever the backend does', () => {
    fc.assert(
      fc.property(flippedArb, pathArb, (flipped, path) => assertNeverLegacy(flipped, path)),
      { numRuns: propertyRuns(20000) },
    );
  });

  it('also for the spellings the generator builds around a flipped prefix', () => {
    const around = fc
      .tuple(
        fc.constantFrom('', '/', '//', '/.', '/..', '/x/..', '/%2e%2e', '/x%2f..', '/a%2fb/..', '/x//..'),
        fc.constantFrom('alpha', '%61lpha', 'alph%61', '%61%6c%70%68%61'),
        fc.constantFrom('', '/', '/..', '%2f..', '%2f%2e%2e', '//..', '/zzz', '%2fzzz', '/../zzz', '%2f..%2fzzz', '?x', '%00'),
      )
      .map(([lead, name, tail]) => `${lead}/${name}${tail}`);
    fc.assert(
      fc.property(flippedArb, around, (flipped, path) => assertNeverLegacy(['alpha', ...flipped], path)),
      { numRuns: propertyRuns(5000) },
    );
  });

  it('holds as well for servers that merge slashes or read %2e as a dot (Go path.Clean, Envoy, WHATWG URL)', () => {
    fc.assert(
      fc.property(flippedArb, pathArb, (flipped, path) => assertNeverLegacy(flipped, path, BACKENDS_BEYOND)),
      { numRuns: propertyRuns(10000) },
    );
  });

  it('routes a path no backend reads as a flipped prefix by its first segment alone', () => {
    // A plain path (no escape, no dot or empty segment) is matched on its first segment and nothing else.
    const plain = fc.array(fc.constantFrom('a', 'alpha', 'zzz', 'x', 'b-c'), { minLength: 1, maxLength: 4 }).map((s) => `/${s.join('/')}`);
    fc.assert(
      fc.property(flippedArb, plain, (flipped, path) => {
        const first = path.split('/')[1] as string;
        expect(lookupUpstream(table(flipped), LEGACY.host, path)?.route === LEGACY, path).toBe(!flipped.includes(first));
      }),
    );
  });
});
