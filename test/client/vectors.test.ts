// Conformance vectors for ports of the client rule: every call and its
// result, in one JSON file a port can run without reading TypeScript
// (compiler/client/address-book-vectors.json). The file is what the reference
// implementation answers; it changes only with UPDATE_VECTORS=1, like a golden.

import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { addressBookClient, bookDigest, checkBook } from '../../compiler/client/address-book-client.js';
import { REPO_ROOT } from '../support/fleet-fixture.js';

const VECTORS = path.join(REPO_ROOT, 'compiler', 'client', 'address-book-vectors.json');
const ROOTS = ['cluster.atomi.cloud', 'cluster.atomi-spare.net'];

type Json = Record<string, unknown>;

function golden(key: string): Json {
  return JSON.parse(readFileSync(path.join(REPO_ROOT, 'golden', 'reference', 'books', key), 'utf8')) as Json;
}

function resealed(book: Json, edit: (copy: Json) => void, serial?: number): Json {
  const copy = structuredClone(book);
  edit(copy);
  if (serial !== undefined) copy['serial'] = serial;
  copy['digest'] = bookDigest(copy);
  return copy;
}

const entry = (b: Json, landscape: string, module: string): string[] => (b['landscapes'] as Record<string, Record<string, string[]>>)[landscape]![module]!;

function build(): Json {
  const tin = golden('nitroso/tin/doc-c.json');
  const docA = golden('doc-a.json');
  const docB = golden('nitroso/doc-b.json');
  const newer = resealed(tin, () => undefined, 1796000000);
  const hostile = resealed(tin, (b) => (entry(b, 'pichu', 'api')[1] = 'api.tin.nitroso.pichu.evilcluster.atomi.cloud'), 9007199254740991);
  const books: Record<string, unknown> = {
    tin,
    tinNewer: newer,
    docA,
    docB,
    hostileOtherLandscape: hostile,
    rootItself: resealed(tin, (b) => (entry(b, 'pichu', 'api')[0] = 'cluster.atomi.cloud')),
    upperCase: resealed(tin, (b) => (entry(b, 'pichu', 'api')[0] = 'API.tin.nitroso.pichu.cluster.atomi.cloud')),
    trailingDot: resealed(tin, (b) => (entry(b, 'pichu', 'api')[0] = 'api.tin.nitroso.pichu.cluster.atomi.cloud.')),
    tampered: { ...tin, service: 'zinc' },
    serialFraction: { ...tin, serial: 1.5 },
    serialNegative: { ...tin, serial: -1 },
    serialTooLarge: { ...tin, serial: 9007199254740992 },
    serialBoolean: { ...tin, serial: true },
    serialString: { ...tin, serial: '5' },
    digestUpper: { ...tin, digest: (tin['digest'] as string).toUpperCase() },
    extraKeyNonBmp: resealed(tin, (b) => ((b['\u{1F600}'] = 'x'), (b['\uFB01'] = 'y'), (b['note'] = [1, 0.5, 1e21, 'line\nbreak "quoted" \u00e9']))),
    notAnObject: [1, 2],
    placeHttp: resealed(docA, (b) => ((b['places'] as string[])[0] = 'http://books.atomi.cloud')),
    placeTrailingSlash: resealed(docA, (b) => ((b['places'] as string[])[0] = 'https://books.atomi.cloud/')),
    docBBadName: resealed(docB, (b) => (b['landscapes'] = ['Raichu'])),
    zincNewer: resealed(golden('nitroso/zinc/doc-c.json'), () => undefined, 1796000000),
  };
  const client = addressBookClient(ROOTS);
  const main = 'api.tin.nitroso.raichu.cluster.atomi.cloud';
  const spare = 'api.tin.nitroso.raichu.cluster.atomi-spare.net';
  const picks: [string, string, string, string[]][] = [
    ['tin', 'raichu', 'api', []],
    ['tin', 'raichu', 'api', [main]],
    ['tin', 'raichu', 'api', [spare]],
    ['tin', 'raichu', 'api', [main, spare]],
    ['tin', 'mew', 'api', []],
    ['tin', '__proto__', 'api', []],
    ['tin', 'constructor', 'api', []],
    ['tin', 'raichu', 'web', []],
    ['tin', 'raichu', 'toString', []],
    ['docB', 'raichu', 'api', []],
    ['extraKeyNonBmp', 'raichu', 'api', []],
    ...(
      [
        'hostileOtherLandscape',
        'rootItself',
        'upperCase',
        'trailingDot',
        'tampered',
        'serialFraction',
        'serialNegative',
        'serialTooLarge',
        'serialBoolean',
        'serialString',
        'digestUpper',
        'notAnObject',
      ] as const
    ).map((name): [string, string, string, string[]] => [name, 'raichu', 'api', []]),
  ];
  const accepts: [string | null, string][] = [
    ['tin', 'tinNewer'],
    ['tinNewer', 'tin'],
    ['tinNewer', 'tinNewer'],
    ['tin', 'hostileOtherLandscape'],
    ['tin', 'zincNewer'],
    ['tin', 'docB'],
    [null, 'tin'],
    [null, 'serialNegative'],
    ['serialNegative', 'tin'],
    ['docA', 'placeHttp'],
    ['docA', 'placeTrailingSlash'],
    ['docB', 'docBBadName'],
  ];
  return {
    description:
      'Conformance vectors of the address-book client rule (docs/books.md "The client rule"). roots are baked; books are referenced by name. pick: pickAddress(books[book], landscape, module, failed) → {address} or {address: null, reason}. accept: acceptBook(saved === null ? undefined : books[saved], books[downloaded]) → keep: the name of the book kept (null for none) and accepted. check: checkBook(books[book], roots) === undefined → valid. digest: bookDigest(books[book]).',
    roots: ROOTS,
    books,
    pick: picks.map(([book, landscape, module, failed]) => {
      const result = client.pickAddress(books[book], landscape, module, failed);
      return { book, landscape, module, failed, expect: result.address === null ? { address: null, reason: result.reason } : { address: result.address } };
    }),
    accept: accepts.map(([saved, downloaded]) => {
      const result = client.acceptBook(saved === null ? undefined : books[saved], books[downloaded]);
      const kept = result.book === undefined ? null : result.book === books[downloaded] ? downloaded : saved;
      return { saved, downloaded, expect: { keep: kept, accepted: result.accepted } };
    }),
    check: Object.keys(books).map((book) => ({ book, expect: { valid: checkBook(books[book], ROOTS) === undefined } })),
    digest: ['tin', 'docA', 'extraKeyNonBmp'].map((book) => ({ book, expect: bookDigest(books[book] as Json) })),
  };
}

describe('compiler/client/address-book-vectors.json', () => {
  it('is what the reference client answers', () => {
    const text = `${JSON.stringify(build(), null, 2)}\n`;
    if (process.env['UPDATE_VECTORS'] === '1') writeFileSync(VECTORS, text);
    expect(readFileSync(VECTORS, 'utf8')).toBe(text);
  });

  it('covers every reason and both acceptance outcomes', () => {
    const vectors = build() as { pick: { expect: { reason?: string; address: string | null } }[]; accept: { expect: { accepted: boolean } }[] };
    expect(new Set(vectors.pick.map((p) => p.expect.reason ?? 'address'))).toEqual(
      new Set(['address', 'refused', 'unknown-landscape', 'unknown-module', 'exhausted']),
    );
    expect(new Set(vectors.accept.map((a) => a.expect.accepted))).toEqual(new Set([true, false]));
  });
});
