// The address-book content the analysis derives once (SPEC §3.5): the book
// check and the model read the same value, and the emitter writes it. The
// book files themselves are shown in test/3-emit/address-books.test.ts.

import { describe, expect, it } from 'vitest';
import { loadFleet } from '../../compiler/1-load/load-fleet.js';
import { bookContentOfIndex, type BookContent } from '../../compiler/2-analyze/address-book-content.js';
import { checkBooks } from '../../compiler/2-analyze/check-books.js';
import { indexFleet } from '../../compiler/2-analyze/fleet-index.js';
import { buildModel } from '../../compiler/2-analyze/fleet-model.js';
import { buildAddressBooks } from '../../compiler/3-emit/address-books.js';
import { inputValidators } from '../../compiler/index.js';
import { overlayTexts, readFleetTexts, toSourceFiles } from '../support/fleet-fixture.js';

const reference = readFleetTexts();
const FLEET = 'registry/fleet.yaml';

/** The content of the reference fleet with `overlay`, valid or not (the derivation runs before the checks decide). */
function contentWith(overlay: Record<string, string | null> = {}): BookContent {
  const loaded = loadFleet(toSourceFiles(overlayTexts(reference, overlay)), inputValidators());
  return bookContentOfIndex(indexFleet(loaded.fleet)) as BookContent;
}

function edited(file: string, edit: (text: string) => string): Record<string, string> {
  const text = reference.get(file) as string;
  const after = edit(text);
  expect(after).not.toBe(text);
  return { [file]: after };
}

describe('one derivation per analysis', () => {
  it('the book check and the model read the same content, and the published books are made of it', () => {
    const loaded = loadFleet(toSourceFiles(reference), inputValidators());
    const index = indexFleet(loaded.fleet);
    const first = bookContentOfIndex(index) as BookContent;
    expect(first.docC.length).toBeGreaterThan(0);
    expect(checkBooks(index)).toEqual([]);
    expect(bookContentOfIndex(index)).toBe(first);
    const model = buildModel(index);
    expect(model.books).toBe(first);
    // A fresh index derives afresh, to the same content.
    expect(bookContentOfIndex(indexFleet(loaded.fleet))).not.toBe(first);
    expect(bookContentOfIndex(indexFleet(loaded.fleet))).toEqual(first);

    const books = buildAddressBooks(model, 5);
    for (const content of first.docC) expect(books.get(`${content.platform}/${content.service}/doc-c.json`)).toMatchObject({ ...content, serial: 5 });
    for (const content of first.docB) expect(books.get(`${content.platform}/doc-b.json`)).toMatchObject({ ...content, serial: 5 });
    expect(books.get('doc-a.json')).toMatchObject({ ...first.docA, serial: 5 });
    expect(books.size).toBe(1 + first.docB.length + first.docC.length);
  });
});

describe('the content', () => {
  it("lists a Doc C per service: every landscape, every module but the issuer's, main then spare", () => {
    const content = contentWith();
    expect(content.docC.map((c) => `${c.platform}/${c.service}`)).toEqual(['aldehyde/lithium', 'mercury/webhook', 'nitroso/tin', 'nitroso/zinc']);
    const lithium = content.docC[0]!;
    expect(Object.keys(lithium.landscapes)).toEqual(['pichu', 'pikachu', 'raichu', 'ampharos']);
    expect(lithium.landscapes['raichu']).toEqual({
      admin: ['admin.lithium.aldehyde.raichu.cluster.atomi.cloud', 'admin.lithium.aldehyde.raichu.cluster.atomi-spare.net'],
    });
  });

  it('lists the main base only without a spare base', () => {
    const content = contentWith(edited(FLEET, (t) => t.replace('  spare: cluster.atomi-spare.net # the spare base (second domain)\n', '')));
    expect(content.docC.find((c) => c.service === 'tin')!.landscapes['pichu']).toEqual({ api: ['api.tin.nitroso.pichu.cluster.atomi.cloud'] });
    expect(content.issuers[0]).toEqual({
      landscape: 'pichu',
      issuer: 'https://api.lithium.aldehyde.pichu.cluster.atomi.cloud/oidc',
      endpoint: 'https://api.lithium.aldehyde.pichu.cluster.atomi.cloud',
    });
  });

  it('leaves a landscape out of Doc B once every built cluster there has traffic off', () => {
    expect(contentWith().docB.find((b) => b.platform === 'nitroso')!.landscapes).toEqual(['pichu', 'pikachu', 'raichu', 'ampharos']);
    // raichu-ruby has traffic off already (a blue/green swap): turning raichu-opal off darkens raichu.
    const dark = edited('registry/clusters/raichu-opal.yaml', (t) => t.replace('traffic: true', 'traffic: false'));
    expect(contentWith(dark).docB.find((b) => b.platform === 'nitroso')!.landscapes).toEqual(['pichu', 'pikachu', 'ampharos']);
  });

  it('keeps every place with its problem, and Doc A the valid ones, canonical, once each', () => {
    const content = contentWith(
      edited(FLEET, (t) =>
        t.replace(
          '    - https://books.atomi.cloud\n',
          '    - https://Books.Atomi.Cloud/\n    - https://books.atomi.cloud/?v=1\n    - https://books.atomi.cloud\n',
        ),
      ),
    );
    expect(content.places.map((p) => p.problem ?? p.canonical)).toEqual([
      'https://books.atomi.cloud',
      'carries a query',
      'https://books.atomi.cloud',
      'https://d111111abcdef8.cloudfront.net',
    ]);
    expect(content.docA.places).toEqual(['https://books.atomi.cloud', 'https://d111111abcdef8.cloudfront.net']);
  });

  it('maps every host of the issuer, on both bases, to its landscape, and gives the sign-in origins', () => {
    const content = contentWith();
    expect(content.issuerHosts.get('api.lithium.aldehyde.ampharos.cluster.atomi-spare.net')).toBe('ampharos');
    expect(content.issuerHosts.size).toBe(2 * 4);
    expect(content.issuers.find((i) => i.landscape === 'raichu')).toEqual({
      landscape: 'raichu',
      issuer: 'https://api.lithium.aldehyde.raichu.cluster.atomi.cloud/oidc',
      endpoint: 'https://api.lithium.aldehyde.raichu.cluster.atomi.cloud',
      spare: {
        issuer: 'https://api.lithium.aldehyde.raichu.cluster.atomi-spare.net/oidc',
        endpoint: 'https://api.lithium.aldehyde.raichu.cluster.atomi-spare.net',
      },
    });
  });
});
