// Address-book refusals (SPEC §3.5, §4) with the numbers, places and related
// locations they report; the sample cases under test/cases/book_* show one
// refusal each, these show the counting and the blame.

import { describe, expect, it } from 'vitest';
import type { Diagnostic } from '../../compiler/diagnostics/diagnostic.js';
import { compileFleet } from '../../compiler/index.js';
import { overlayTexts, readFleetTexts, TEST_NOW_SECONDS, toSourceFiles } from '../support/fleet-fixture.js';

const reference = readFleetTexts();
const FLEET = 'registry/fleet.yaml';

function diagnosticsWith(edit: (text: string) => string): Diagnostic[] {
  const text = reference.get(FLEET) as string;
  const edited = edit(text);
  expect(edited).not.toBe(text);
  const result = compileFleet(toSourceFiles(overlayTexts(reference, { [FLEET]: edited })), { nowSeconds: TEST_NOW_SECONDS });
  return result.diagnostics.filter((d) => d.code.startsWith('book_'));
}

const ALLOWLIST = 'allowlist: [cluster.atomi.cloud, cluster.atomi-spare.net]';

describe('book_address_outside_allowlist', () => {
  it('counts the addresses of each base outside the roots and blames the base, with the allowlist related', () => {
    const found = diagnosticsWith((t) => t.replace(ALLOWLIST, 'allowlist: [pichu.cluster.atomi.cloud, cluster.atomi-spare.net]'));
    expect(found).toHaveLength(1);
    const [d] = found as [Diagnostic];
    // 20 Doc C entries per base (tin 4, zinc 8, webhook 4, lithium admin 4); the 5 of pichu sit under pichu.cluster.atomi.cloud.
    expect(d.message).toBe(
      '15 address(es) in the books end in cluster.atomi.cloud, under none of the allowlisted roots pichu.cluster.atomi.cloud, cluster.atomi-spare.net (e.g. admin.lithium.aldehyde.pikachu.cluster.atomi.cloud)',
    );
    expect([d.file, d.line, d.column]).toEqual([FLEET, 4, 9]);
    expect(d.related).toEqual([{ file: FLEET, line: 27, column: 14, message: 'the allowlisted roots: pichu.cluster.atomi.cloud, cluster.atomi-spare.net' }]);
  });

  it('reports each base once when both are outside', () => {
    const found = diagnosticsWith((t) => t.replace(ALLOWLIST, 'allowlist: [atomi.dev]'));
    expect(found.map((d) => [d.code, d.line, d.message.split(' ')[0]])).toEqual([
      ['book_address_outside_allowlist', 4, '20'],
      ['book_address_outside_allowlist', 5, '20'],
    ]);
  });

  it('accepts a root higher up the tree, on a label boundary', () => {
    expect(diagnosticsWith((t) => t.replace(ALLOWLIST, 'allowlist: [atomi.cloud, atomi-spare.net]'))).toEqual([]);
    expect(diagnosticsWith((t) => t.replace(ALLOWLIST, 'allowlist: [tomi.cloud, atomi-spare.net]')).map((d) => d.line)).toEqual([4]);
  });
});

describe('book_issuer_host', () => {
  it("refuses a place on the issuer's host, on the main or the spare base, for any landscape", () => {
    for (const [place, host] of [
      ['https://api.lithium.aldehyde.pichu.cluster.atomi.cloud', 'api.lithium.aldehyde.pichu.cluster.atomi.cloud'],
      ['https://API.lithium.aldehyde.ampharos.cluster.atomi-spare.net:8443/books', 'api.lithium.aldehyde.ampharos.cluster.atomi-spare.net'],
    ] as const) {
      const found = diagnosticsWith((t) => t.replace('    - https://books.atomi.cloud\n', `    - ${place}\n`));
      expect(found.map((d) => [d.code, d.line, d.column])).toEqual([['book_issuer_host', 29, 7]]);
      expect(found[0]!.message).toContain(host);
      expect(found[0]!.related[0]).toMatchObject({ file: FLEET, line: 31 });
    }
  });

  it('accepts a place on another module of the sign-in service', () => {
    expect(diagnosticsWith((t) => t.replace('    - https://books.atomi.cloud\n', '    - https://admin.lithium.aldehyde.pichu.cluster.atomi.cloud\n'))).toEqual(
      [],
    );
  });
});

describe('book_place_invalid', () => {
  it.each([['http://books.atomi.cloud'], ['https://user@books.atomi.cloud'], ['https://books.atomi.cloud/?x=1'], ['https://books.atomi.cloud/#top']])(
    'refuses %s at its place',
    (place) => {
      const found = diagnosticsWith((t) => t.replace('    - https://books.atomi.cloud\n', `    - ${place}\n`));
      expect(found.map((d) => [d.code, d.line, d.column, d.message])).toEqual([['book_place_invalid', 29, 7, `place "${place}" is not an https base URL`]]);
    },
  );

  it('leaves a place with a password to input_url_credentials, which refuses it while loading, masked (issue 14)', () => {
    const text = (reference.get(FLEET) as string).replace('    - https://books.atomi.cloud\n', '    - https://user:pw@books.atomi.cloud\n');
    const result = compileFleet(toSourceFiles(overlayTexts(reference, { [FLEET]: text })), { nowSeconds: TEST_NOW_SECONDS });
    expect(result.diagnostics.map((d) => [d.code, d.line, d.column, d.message])).toEqual([
      ['input_url_credentials', 29, 7, 'addressBooks.places[0] holds a URL with credentials: https://*******@books.atomi.cloud'],
    ]);
  });
});
