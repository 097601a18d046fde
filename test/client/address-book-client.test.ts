// The reference client rule (compiler/client/address-book-client.ts): the
// values a port must reproduce, on the reference fleet's compiled books and on
// hostile books, plus the digest primitives checked against node:crypto and
// the `canonicalize` package.

import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import canonicalizeModule from 'canonicalize';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addressBookClient,
  bookDigest,
  bookKind,
  canonicalJson,
  checkBook,
  isPlace,
  isUnderRoot,
  MAX_SERIAL,
  sha256Hex,
} from '../../compiler/client/address-book-client.js';
import { REPO_ROOT } from '../support/fleet-fixture.js';

const canonicalize = ((canonicalizeModule as unknown as { default?: unknown }).default ?? canonicalizeModule) as (v: unknown) => string;

const ROOTS = ['cluster.atomi.cloud', 'cluster.atomi-spare.net'];
const client = addressBookClient(ROOTS);

function golden(key: string): Record<string, unknown> {
  return JSON.parse(readFileSync(path.join(REPO_ROOT, 'golden', 'reference', 'books', key), 'utf8')) as Record<string, unknown>;
}

/** A copy of `book` changed by `edit`, with serial `serial` and a digest that matches its content (as a hostile publisher would make it). */
function resealed(book: Record<string, unknown>, edit: (copy: Record<string, unknown>) => void, serial = book['serial'] as number): Record<string, unknown> {
  const copy = structuredClone(book);
  edit(copy);
  copy['serial'] = serial;
  copy['digest'] = bookDigest(copy);
  return copy;
}

const tin = golden('nitroso/tin/doc-c.json');
const zinc = golden('nitroso/zinc/doc-c.json');
const docA = golden('doc-a.json');
const docB = golden('nitroso/doc-b.json');

describe('isUnderRoot', () => {
  it('accepts names strictly below a root on a label boundary only', () => {
    expect(isUnderRoot('api.tin.nitroso.raichu.cluster.atomi.cloud', 'cluster.atomi.cloud')).toBe(true);
    expect(isUnderRoot('a.cluster.atomi.cloud', 'cluster.atomi.cloud')).toBe(true);
    expect(isUnderRoot('evilcluster.atomi.cloud', 'cluster.atomi.cloud')).toBe(false);
    expect(isUnderRoot('api.evilcluster.atomi.cloud', 'cluster.atomi.cloud')).toBe(false);
    expect(isUnderRoot('cluster.atomi.cloud', 'cluster.atomi.cloud')).toBe(false);
    expect(isUnderRoot('.cluster.atomi.cloud', 'cluster.atomi.cloud')).toBe(false);
    expect(isUnderRoot('cluster.atomi.cloud.evil.net', 'cluster.atomi.cloud')).toBe(false);
  });
});

describe('pickAddress', () => {
  it('returns the main base first, then the spare, then says exhausted', () => {
    expect(client.pickAddress(tin, 'raichu', 'api', [])).toEqual({ address: 'api.tin.nitroso.raichu.cluster.atomi.cloud' });
    expect(client.pickAddress(tin, 'raichu', 'api', ['api.tin.nitroso.raichu.cluster.atomi.cloud'])).toEqual({
      address: 'api.tin.nitroso.raichu.cluster.atomi-spare.net',
    });
    const both = new Set(['api.tin.nitroso.raichu.cluster.atomi.cloud', 'api.tin.nitroso.raichu.cluster.atomi-spare.net']);
    expect(client.pickAddress(tin, 'raichu', 'api', both)).toMatchObject({ address: null, reason: 'exhausted' });
  });

  it('skips only what failed, in book order (a failed spare leaves the main first)', () => {
    expect(client.pickAddress(tin, 'raichu', 'api', ['api.tin.nitroso.raichu.cluster.atomi-spare.net']).address).toBe(
      'api.tin.nitroso.raichu.cluster.atomi.cloud',
    );
    expect(client.pickAddress(zinc, 'ampharos', 'web', ['api.zinc.nitroso.ampharos.cluster.atomi.cloud']).address).toBe(
      'web.zinc.nitroso.ampharos.cluster.atomi.cloud',
    );
  });

  it('never answers from another landscape or module', () => {
    const everyRaichu = ['api.tin.nitroso.raichu.cluster.atomi.cloud', 'api.tin.nitroso.raichu.cluster.atomi-spare.net'];
    expect(client.pickAddress(tin, 'raichu', 'api', everyRaichu).address).toBeNull();
    expect(client.pickAddress(tin, 'mew', 'api', [])).toMatchObject({ address: null, reason: 'unknown-landscape' });
    expect(client.pickAddress(tin, 'raichu', 'web', [])).toMatchObject({ address: null, reason: 'unknown-module' });
  });

  it('looks up own keys only (no prototype names)', () => {
    for (const key of ['__proto__', 'constructor', 'toString', 'hasOwnProperty']) {
      expect(client.pickAddress(tin, key, 'api', [])).toMatchObject({ address: null, reason: 'unknown-landscape' });
      expect(client.pickAddress(tin, 'raichu', key, [])).toMatchObject({ address: null, reason: 'unknown-module' });
    }
  });

  it('refuses the whole book when any address, even of another landscape, is outside the baked roots', () => {
    const hostile = resealed(tin, (b) => {
      (b['landscapes'] as Record<string, Record<string, string[]>>)['pichu']!['api']![1] = 'api.tin.nitroso.pichu.evilcluster.atomi.cloud';
    });
    expect(client.pickAddress(hostile, 'raichu', 'api', [])).toMatchObject({ address: null, reason: 'refused' });
    expect(client.pickAddress(hostile, 'raichu', 'api', []).detail).toContain('outside the baked roots');
  });

  it.each([
    ['the root itself', 'cluster.atomi.cloud'],
    ['upper case', 'API.tin.nitroso.pichu.cluster.atomi.cloud'],
    ['a trailing dot', 'api.tin.nitroso.pichu.cluster.atomi.cloud.'],
    ['a URL instead of a host', 'https://api.tin.nitroso.pichu.cluster.atomi.cloud'],
    ['an IP address', '203.0.113.7'],
    ['a label of 64 characters', `${'a'.repeat(64)}.cluster.atomi.cloud`],
  ])('refuses a book with an address that is %s', (_what, address) => {
    const hostile = resealed(tin, (b) => {
      (b['landscapes'] as Record<string, Record<string, string[]>>)['pichu']!['api']![0] = address;
    });
    expect(client.pickAddress(hostile, 'raichu', 'api', []).reason).toBe('refused');
  });

  it('refuses a book whose content no longer matches its digest', () => {
    const tampered = structuredClone(tin);
    (tampered['landscapes'] as Record<string, Record<string, string[]>>)['raichu']!['api']!.reverse();
    expect(client.pickAddress(tampered, 'raichu', 'api', [])).toMatchObject({ address: null, reason: 'refused' });
    expect(client.pickAddress(tampered, 'raichu', 'api', []).detail).toContain('does not match');
  });

  it('refuses malformed books and books of another kind', () => {
    for (const bad of [null, 'x', 42, [], {}, docB, docA]) expect(client.pickAddress(bad, 'raichu', 'api', []).reason).toBe('refused');
    for (const serial of [-1, 1.5, MAX_SERIAL + 1, '5']) {
      const copy = { ...tin, serial };
      expect(client.pickAddress(copy, 'raichu', 'api', []).reason).toBe('refused');
    }
    expect(client.pickAddress({ ...tin, digest: (tin['digest'] as string).toUpperCase() }, 'raichu', 'api', []).reason).toBe('refused');
    const stringList = resealed(tin, (b) => ((b['landscapes'] as Record<string, unknown>)['raichu'] = { api: 'api.tin.nitroso.raichu.cluster.atomi.cloud' }));
    expect(client.pickAddress(stringList, 'raichu', 'api', []).reason).toBe('refused');
  });

  it('accepts unknown top-level keys (covered by the digest) and the largest serial', () => {
    const extended = resealed(tin, (b) => (b['note'] = 'a field from a later compiler'), MAX_SERIAL);
    expect(client.pickAddress(extended, 'raichu', 'api', []).address).toBe('api.tin.nitroso.raichu.cluster.atomi.cloud');
  });

  it('refuses roots that are not host names when the client is baked', () => {
    expect(() => addressBookClient([])).toThrow();
    expect(() => addressBookClient(['Cluster.atomi.cloud'])).toThrow();
    expect(() => addressBookClient(['cluster.atomi.cloud.'])).toThrow();
  });
});

describe('acceptBook', () => {
  const newer = resealed(tin, () => undefined, 1_800_000_000);

  it('replaces the saved copy only with a strictly newer serial', () => {
    expect(client.acceptBook(tin, newer)).toMatchObject({ book: newer, accepted: true });
    expect(client.acceptBook(newer, tin)).toMatchObject({ book: newer, accepted: false });
    expect(client.acceptBook(newer, structuredClone(newer))).toMatchObject({ book: newer, accepted: false });
    const sameSerialOtherContent = resealed(newer, (b) => (b['note'] = 'x'));
    expect(client.acceptBook(newer, sameSerialOtherContent)).toMatchObject({ book: newer, accepted: false });
  });

  it('keeps the saved copy when the download is hostile, however large its serial, so later real books still win', () => {
    const hostile = resealed(
      tin,
      (b) => ((b['landscapes'] as Record<string, Record<string, string[]>>)['raichu']!['api'] = ['api.tin.nitroso.raichu.attacker.example']),
      MAX_SERIAL,
    );
    const kept = client.acceptBook(tin, hostile);
    expect(kept).toMatchObject({ book: tin, accepted: false });
    expect(kept.reason).toContain('outside the baked roots');
    expect(client.acceptBook(kept.book, newer)).toMatchObject({ book: newer, accepted: true });
  });

  it('keeps the saved copy when the download is another book', () => {
    const zincNewer = resealed(zinc, () => undefined, 1_800_000_000);
    expect(client.acceptBook(tin, zincNewer)).toMatchObject({ book: tin, accepted: false });
    const docBNewer = resealed(docB, () => undefined, 1_800_000_000);
    expect(client.acceptBook(tin, docBNewer)).toMatchObject({ book: tin, accepted: false });
    const otherPlatform = resealed(docB, (b) => (b['platform'] = 'mercury'), 1_800_000_000);
    expect(client.acceptBook(docB, otherPlatform)).toMatchObject({ book: docB, accepted: false });
  });

  it('takes any valid download when there is no valid saved copy, and nothing invalid', () => {
    expect(client.acceptBook(undefined, tin)).toMatchObject({ book: tin, accepted: true });
    expect(client.acceptBook(null, docA)).toMatchObject({ book: docA, accepted: true });
    expect(client.acceptBook(undefined, { ...tin, serial: -3 })).toMatchObject({ book: undefined, accepted: false });
    const spareOnlyClient = addressBookClient(['cluster.atomi-spare.net']);
    expect(spareOnlyClient.acceptBook(tin, docA)).toMatchObject({ book: docA, accepted: true });
  });

  it('accepts Doc A and Doc B by the same serial rule', () => {
    const docANewer = resealed(docA, () => undefined, 7);
    expect(client.acceptBook(docA, docANewer)).toMatchObject({ book: docANewer, accepted: true });
    const badPlace = resealed(docA, (b) => ((b['places'] as string[])[0] = 'http://books.atomi.cloud'), 8);
    expect(client.acceptBook(docANewer, badPlace)).toMatchObject({ book: docANewer, accepted: false });
    const docBNewer = resealed(docB, (b) => (b['landscapes'] = ['raichu']), 9);
    expect(client.acceptBook(docB, docBNewer)).toMatchObject({ book: docBNewer, accepted: true });
  });
});

describe('checkBook and bookKind', () => {
  it('accepts every compiled book of the reference fleet', () => {
    for (const key of ['doc-a.json', 'nitroso/doc-b.json', 'nitroso/tin/doc-c.json', 'aldehyde/lithium/doc-c.json', 'mercury/webhook/doc-c.json']) {
      expect(checkBook(golden(key), ROOTS), key).toBeUndefined();
    }
  });

  it('tells the kind by its keys', () => {
    expect([bookKind(docA), bookKind(docB), bookKind(tin), bookKind({}), bookKind([])]).toEqual(['doc-a', 'doc-b', 'doc-c', undefined, undefined]);
  });

  it('checks places as https base URLs', () => {
    expect(isPlace('https://books.atomi.cloud')).toBe(true);
    expect(isPlace('https://cdn.example.net:8443/fleet/books')).toBe(true);
    for (const bad of [
      'http://books.atomi.cloud',
      'https://books.atomi.cloud/',
      'https://u:p@books.atomi.cloud',
      'https://b.c/?x',
      'https://b.c/#f',
      'https://',
    ]) {
      expect(isPlace(bad), bad).toBe(false);
    }
  });
});

describe('digest primitives', () => {
  it('hashes the FIPS 180-4 vectors', () => {
    expect(sha256Hex('')).toBe('e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
    expect(sha256Hex('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
    expect(sha256Hex('abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq')).toBe('248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1');
  });

  it('matches node:crypto on any text and length (block boundaries included)', () => {
    for (let n = 0; n < 200; n++) expect(sha256Hex('x'.repeat(n))).toBe(createHash('sha256').update('x'.repeat(n)).digest('hex'));
    fc.assert(fc.property(fc.string({ unit: 'grapheme', maxLength: 300 }), (s) => sha256Hex(s) === createHash('sha256').update(s, 'utf8').digest('hex')));
  });

  it('writes RFC 8785 canonical JSON as the canonicalize package does', () => {
    expect(canonicalJson({ b: [1, 'é'], a: { d: null, c: true } })).toBe('{"a":{"c":true,"d":null},"b":[1,"é"]}');
    fc.assert(fc.property(fc.jsonValue(), (value) => canonicalJson(value) === canonicalize(value)));
  });

  it('digests a book without serial and digest', () => {
    expect(bookDigest({ serial: 5, digest: 'x', places: ['https://a.example'] })).toBe(
      'sha256:5aad8f436defe620191fc61187bd6a0e0e71f80634cb1c8031c8d7d738d95df6',
    );
    expect(bookDigest({ b: [1, '€'], a: 'é', serial: 1 })).toBe('sha256:07a121adf7cbdd110a72781749aed4e36beeba4d04af1b18b5d1d823daffb5f4');
    expect(bookDigest(tin)).toBe(tin['digest']);
  });
});
