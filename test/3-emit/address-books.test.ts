// The address books of SPEC §3.5/§3.6 as the compiler writes them, with the
// reference fleet's values, and how serial, digest, Doc B liveness, the
// issuer and the places behave.

import { describe, expect, it } from 'vitest';
import type { FleetModel } from '../../compiler/2-analyze/fleet-model.js';
import { buildAddressBooks, buildIssuerTable, emitAddressBooks, type DocCBook } from '../../compiler/3-emit/address-books.js';
import { bookDigest } from '../../compiler/3-emit/book-digest.js';
import { checkBook } from '../../compiler/client/address-book-client.js';
import { compileFleet } from '../../compiler/index.js';
import { overlayTexts, readFleetTexts, TEST_NOW_SECONDS, toSourceFiles } from '../support/fleet-fixture.js';

const reference = readFleetTexts();

function compile(overlay: Record<string, string | null> = {}, serial?: number) {
  const result = compileFleet(toSourceFiles(overlayTexts(reference, overlay)), { nowSeconds: TEST_NOW_SECONDS, ...(serial !== undefined ? { serial } : {}) });
  expect(result.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
  return result as { model: FleetModel; outputs: Map<string, string> };
}

function fleetYaml(edit: (text: string) => string): Record<string, string> {
  const text = reference.get('registry/fleet.yaml') as string;
  const edited = edit(text);
  expect(edited).not.toBe(text);
  return { 'registry/fleet.yaml': edited };
}

const { model, outputs } = compile();

/** Files under books/ that are not published books: the issuer table and the sign-in configuration beside it (baked or deployed, never published). */
function isBook(file: string): boolean {
  return file.startsWith('books/') && file !== 'books/issuers.json' && file !== 'books/sign-in-spare.json' && !file.startsWith('books/sign-in/');
}

describe('the books of the reference fleet', () => {
  it('writes Doc A, a Doc B per platform, a Doc C per service and issuers.json', () => {
    expect([...outputs.keys()].filter(isBook)).toEqual([
      'books/aldehyde/doc-b.json',
      'books/aldehyde/lithium/doc-c.json',
      'books/doc-a.json',
      'books/mercury/doc-b.json',
      'books/mercury/webhook/doc-c.json',
      'books/nitroso/doc-b.json',
      'books/nitroso/tin/doc-c.json',
      'books/nitroso/zinc/doc-c.json',
    ]);
    expect(outputs.has('books/issuers.json')).toBe(true);
  });

  it('lists main then spare for every landscape and module of a service', () => {
    const zinc = JSON.parse(outputs.get('books/nitroso/zinc/doc-c.json') as string) as DocCBook;
    expect(Object.keys(zinc.landscapes)).toEqual(['ampharos', 'pichu', 'pikachu', 'raichu']);
    expect(zinc.landscapes['raichu']).toEqual({
      api: ['api.zinc.nitroso.raichu.cluster.atomi.cloud', 'api.zinc.nitroso.raichu.cluster.atomi-spare.net'],
      web: ['web.zinc.nitroso.raichu.cluster.atomi.cloud', 'web.zinc.nitroso.raichu.cluster.atomi-spare.net'],
    });
    expect(zinc).toMatchObject({ serial: 0, platform: 'nitroso', service: 'zinc' });
  });

  it("leaves the issuer's module out of the sign-in service's Doc C, and the issuer's host out of every book", () => {
    const lithium = JSON.parse(outputs.get('books/aldehyde/lithium/doc-c.json') as string) as DocCBook;
    for (const modules of Object.values(lithium.landscapes)) expect(Object.keys(modules)).toEqual(['admin']);
    for (const [file, text] of outputs) {
      if (!isBook(file)) continue;
      expect(text, file).not.toMatch(/\bapi\.lithium\.aldehyde\./);
    }
  });

  it('writes the issuer table for every landscape the sign-in platform lists', () => {
    expect(JSON.parse(outputs.get('books/issuers.json') as string)).toEqual({
      ampharos: 'https://api.lithium.aldehyde.ampharos.cluster.atomi.cloud/oidc',
      pichu: 'https://api.lithium.aldehyde.pichu.cluster.atomi.cloud/oidc',
      pikachu: 'https://api.lithium.aldehyde.pikachu.cluster.atomi.cloud/oidc',
      raichu: 'https://api.lithium.aldehyde.raichu.cluster.atomi.cloud/oidc',
    });
    const onlyTwo = compile({
      'carbon/aldehyde/platform.yaml': (reference.get('carbon/aldehyde/platform.yaml') as string)
        .replace('landscapes: [pichu, pikachu, raichu, ampharos]', 'landscapes: [pichu, pikachu]')
        .replace(/stages:[\s\S]*?services:/, 'stages: [pichu, pikachu]\nservices:'),
      'platforms/aldehyde/lithium/raichu.yaml': null,
      'platforms/aldehyde/lithium/ampharos.yaml': null,
    });
    expect(Object.keys(buildIssuerTable(onlyTwo.model))).toEqual(['pichu', 'pikachu']);
  });

  it('writes Doc A with every place in fleet.yaml order', () => {
    expect(JSON.parse(outputs.get('books/doc-a.json') as string)).toMatchObject({
      serial: 0,
      places: ['https://books.atomi.cloud', 'https://d111111abcdef8.cloudfront.net'],
    });
  });

  it('is accepted by the reference client with the fleet allowlist as roots', () => {
    const roots = model.settings.addressBooks.allowlist;
    for (const [key, book] of buildAddressBooks(model, 1_796_000_000)) expect(checkBook(book, roots), key).toBeUndefined();
  });
});

describe('serial and digest', () => {
  it('puts --serial N in every book, 0 without it, and keeps each digest when only the serial moves', () => {
    const stamped = compile({}, 1_796_000_000).outputs;
    for (const [file, text] of outputs) {
      if (!isBook(file)) continue;
      const before = JSON.parse(text) as { serial: number; digest: string };
      const after = JSON.parse(stamped.get(file) as string) as { serial: number; digest: string };
      expect([before.serial, after.serial], file).toEqual([0, 1_796_000_000]);
      expect(after.digest, file).toBe(before.digest);
      expect(bookDigest(after), file).toBe(after.digest);
    }
    expect(stamped.get('books/issuers.json')).toBe(outputs.get('books/issuers.json'));
  });

  it('changes the digest of exactly the books whose content changes', () => {
    const more = compile(
      fleetYaml((t) =>
        t.replace('    - https://d111111abcdef8.cloudfront.net\n', '    - https://d111111abcdef8.cloudfront.net\n    - https://books.atomi-spare.net/fleet\n'),
      ),
    ).outputs;
    const changed = [...outputs.keys()].filter((f) => f.startsWith('books/') && more.get(f) !== outputs.get(f));
    expect(changed).toEqual(['books/doc-a.json']);
    expect(JSON.parse(more.get('books/doc-a.json') as string).places).toEqual([
      'https://books.atomi.cloud',
      'https://d111111abcdef8.cloudfront.net',
      'https://books.atomi-spare.net/fleet',
    ]);
  });
});

describe('Doc B', () => {
  it('lists only landscapes with a built cluster that has traffic on, in the platform order', () => {
    const unbuilt = compile({ 'state/clusters/pichu-topaz.yaml': null });
    expect(JSON.parse(unbuilt.outputs.get('books/nitroso/doc-b.json') as string).landscapes).toEqual(['pikachu', 'raichu', 'ampharos']);
    expect(Object.keys((JSON.parse(unbuilt.outputs.get('books/nitroso/tin/doc-c.json') as string) as DocCBook).landscapes)).toContain('pichu');
    // A dark landscape is refused (dns_landscape_dark); test/2-analyze/address-book-content.test.ts shows its Doc B content.
  });
});

describe('the emitter', () => {
  it("seals and serializes the analysis's content, nothing else", () => {
    const content = structuredClone(model.books);
    content.docC[0]!.landscapes = { somewhere: { api: ['api.example.test'] } };
    content.docA.places = ['https://elsewhere.test'];
    content.issuers = [{ landscape: 'somewhere', issuer: 'https://issuer.test/oidc', endpoint: 'https://issuer.test' }];
    const files = emitAddressBooks({ ...model, books: content }, 7);
    const first = content.docC[0]!;
    expect(JSON.parse(files.get(`books/${first.platform}/${first.service}/doc-c.json`) as string)).toMatchObject({ serial: 7, landscapes: first.landscapes });
    expect(JSON.parse(files.get('books/doc-a.json') as string)).toMatchObject({ serial: 7, places: ['https://elsewhere.test'] });
    expect(JSON.parse(files.get('books/issuers.json') as string)).toEqual({ somewhere: 'https://issuer.test/oidc' });
  });
});

describe('places', () => {
  it('are written in canonical form: lower-case host, no trailing slash, duplicates once', () => {
    const model2 = compile(
      fleetYaml((t) =>
        t.replace(
          '    - https://books.atomi.cloud\n',
          '    - https://Books.Atomi.Cloud/\n    - https://xn--bcher-kva.atomi.cloud/fleet/\n    - https://books.atomi.cloud\n',
        ),
      ),
    ).model;
    expect(emitAddressBooks(model2, 0).get('books/doc-a.json')).toContain(
      '"places": [\n    "https://books.atomi.cloud",\n    "https://xn--bcher-kva.atomi.cloud/fleet",\n    "https://d111111abcdef8.cloudfront.net"\n  ]',
    );
  });
});
