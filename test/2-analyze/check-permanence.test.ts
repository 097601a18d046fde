// Permanent identifiers against the base revision, kind by kind: a change is
// refused with both values and the new value's place, a removal with its
// place in the base, a dated retirement lets each through, and the Doc A
// places keep at least one old place whatever is retired. First, the list of
// identifiers and the check called directly on loaded fleets (built in
// beforeAll, so that a fault in the module fails a test, never the import).

import { beforeAll, describe, expect, it } from 'vitest';
import { loadFleet } from '../../compiler/1-load/load-fleet.js';
import { checkPermanence } from '../../compiler/2-analyze/check-permanence.js';
import { indexFleet, type FleetIndex } from '../../compiler/2-analyze/fleet-index.js';
import { compileFleet, inputValidators } from '../../compiler/index.js';
import { comparable, permanentIdentifiers, retirementEntry } from '../../compiler/2-analyze/permanent-identifiers.js';
import type { Fleet } from '../../compiler/types/generated/fleet.js';
import { overlayTexts, readFleetTexts, TEST_NOW_SECONDS, toSourceFiles } from '../support/fleet-fixture.js';

const reference = readFleetTexts();
const fleetYaml = reference.get('registry/fleet.yaml') as string;
const baseFiles = toSourceFiles(reference);

function compare(overlay: Record<string, string | null>) {
  const result = compileFleet(toSourceFiles(overlayTexts(reference, overlay)), { nowSeconds: TEST_NOW_SECONDS, base: { files: baseFiles, label: 'base' } });
  expect(result.diagnostics.filter((d) => d.severity === 'error').map((d) => `${d.file}:${d.line} ${d.code}: ${d.message}`)).toEqual([]);
  return (result.permanence ?? []).map((d) => ({
    code: d.code,
    at: `${d.file}:${d.line}:${d.column}`,
    message: d.message,
    related: d.related.map((r) => `${r.file}:${r.line}:${r.column}`),
  }));
}

function withRetired(text: string, entries: string[]): string {
  return `${text}retired:\n${entries.map((e) => `  - ${e}\n`).join('')}`;
}

/** Every claim dropped: claims name hosts under the bases, and are not permanent. */
const noClaims = Object.fromEntries([...reference.keys()].filter((p) => p.startsWith('claims/')).map((p) => [p, null]));

/** The reference fleet with `overlay`, loaded and indexed (whatever loads, as the base revision is read). */
const indexOf = (overlay: Record<string, string | null> = {}): FleetIndex =>
  indexFleet(loadFleet(toSourceFiles(overlayTexts(reference, overlay)), inputValidators()).fleet);

describe('the permanent identifiers of a fleet', () => {
  let fleet: FleetIndex;
  beforeAll(() => {
    fleet = indexOf();
  });

  it('are every kind of the table in docs/checks.md, ordered by kind (base, spare, issuer, region, vlandscape, intake, place), then key', () => {
    const intake = ['ampharos', 'celebi', 'mew', 'pichu', 'pikachu', 'raichu'].flatMap((l) =>
      // By code unit, `atomi-spare.net` sorts before `atomi.cloud` ('-' is 0x2d, '.' 0x2e).
      ['cluster.atomi-spare.net', 'cluster.atomi.cloud'].map((base) => `api.webhook.mercury.${l}.${base}`),
    );
    expect(permanentIdentifiers(fleet).map((i) => [i.kind, i.key, i.value])).toEqual([
      ['base', 'dns.base', 'cluster.atomi.cloud'],
      ['spare', 'dns.spare', 'cluster.atomi-spare.net'],
      ...['ampharos', 'pichu', 'pikachu', 'raichu'].map((l) => ['issuer', l, `https://api.lithium.aldehyde.${l}.cluster.atomi.cloud/oidc`]),
      ['region', 'ampharos', 'IAD'],
      ['region', 'pichu', 'SIN'],
      ['region', 'pikachu', 'SIN'],
      ['region', 'raichu', 'SIN'],
      ['vlandscape', 'celebi', 'celebi'],
      ['vlandscape', 'mew', 'mew'],
      ...intake.map((host) => ['intake', host, host]),
      ['place', 'https://books.atomi.cloud', 'https://books.atomi.cloud'],
      ['place', 'https://d111111abcdef8.cloudfront.net', 'https://d111111abcdef8.cloudfront.net'],
    ]);
  });

  it('name where each comes from, what its value is made from, and the base a host name or URL is under', () => {
    const found = new Map(permanentIdentifiers(fleet).map((i) => [`${i.kind} ${i.key}`, i]));
    const place = (where: { file?: string; line?: number; column?: number }) => `${where.file}:${where.line}:${where.column}`;
    const summary = (id: string) => {
      const i = found.get(id);
      return i && [place(i.where), place(i.source), i.under];
    };
    expect(summary('base dns.base')).toEqual(['registry/fleet.yaml:4:9', 'registry/fleet.yaml:4:9', undefined]);
    expect(summary('spare dns.spare')).toEqual(['registry/fleet.yaml:5:10', 'registry/fleet.yaml:5:10', undefined]);
    // An issuer URL exists because the sign-in platform lists the landscape; its value comes from fleet.yaml's issuer.
    expect(summary('issuer pichu')).toEqual(['carbon/aldehyde/platform.yaml:3:14', 'registry/fleet.yaml:31:9', 'cluster.atomi.cloud']);
    expect(summary('region raichu')).toEqual(['registry/landscapes/raichu.yaml:3:9', 'registry/landscapes/raichu.yaml:3:9', undefined]);
    expect(summary('vlandscape mew')).toEqual(['registry/vlandscapes/mew.yaml:2:7', 'registry/vlandscapes/mew.yaml:2:7', undefined]);
    expect(summary('intake api.webhook.mercury.mew.cluster.atomi-spare.net')).toEqual([
      'carbon/mercury/platform.yaml:5:15',
      'carbon/mercury/platform.yaml:5:15',
      'cluster.atomi-spare.net',
    ]);
    expect(summary('intake api.webhook.mercury.pichu.cluster.atomi.cloud')).toEqual([
      'carbon/mercury/platform.yaml:3:14',
      'carbon/mercury/platform.yaml:3:14',
      'cluster.atomi.cloud',
    ]);
    expect(summary('place https://books.atomi.cloud')).toEqual(['registry/fleet.yaml:29:7', 'registry/fleet.yaml:29:7', undefined]);
  });

  it('list an identifier once: a place written twice (canonically the same) is the first one', () => {
    const twice = (reference.get('registry/fleet.yaml') as string).replace(
      '    - https://d111111abcdef8.cloudfront.net\n',
      '    - https://d111111abcdef8.cloudfront.net\n    - https://BOOKS.atomi.cloud/\n',
    );
    const places = permanentIdentifiers(indexOf({ 'registry/fleet.yaml': twice })).filter((i) => i.kind === 'place');
    expect(places.map((i) => [i.key, i.value, i.where.line])).toEqual([
      ['https://books.atomi.cloud', 'https://books.atomi.cloud', 29],
      ['https://d111111abcdef8.cloudfront.net', 'https://d111111abcdef8.cloudfront.net', 30],
    ]);
  });

  it('have intake host names for every module of the intake service, and none when the intake names a service without rows or no platform', () => {
    const mercury = reference.get('carbon/mercury/platform.yaml') as string;
    const hosts = (overlay: Record<string, string | null>) =>
      permanentIdentifiers(indexOf(overlay))
        .filter((i) => i.kind === 'intake')
        .map((i) => i.key);
    const modules = hosts({ 'carbon/mercury/platform.yaml': `${mercury}services:\n  webhook: {modules: [api, hooks]}\n` });
    expect(modules).toHaveLength(24);
    expect(modules.filter((h) => h.startsWith('hooks.webhook.mercury.'))).toHaveLength(12);
    const fleetYaml = reference.get('registry/fleet.yaml') as string;
    expect(
      hosts({ 'registry/fleet.yaml': fleetYaml.replace('intake: { platform: mercury, service: webhook }', 'intake: { platform: mercury, service: hooks }') }),
    ).toEqual([]);
    expect(
      hosts({ 'registry/fleet.yaml': fleetYaml.replace('intake: { platform: mercury, service: webhook }', 'intake: { platform: nowhere, service: webhook }') }),
    ).toEqual([]);
    expect(hosts({ 'registry/fleet.yaml': fleetYaml.replace(/^intake: .*\n/m, '') })).toEqual([]);
  });
});

describe('the permanent identifiers of a partly loaded fleet', () => {
  const kinds = (overlay: Record<string, string | null>) => [...new Set(permanentIdentifiers(indexOf(overlay)).map((i) => i.kind))];

  it('are those of the files that loaded: no fleet.yaml, no sign-in platform, an intake platform without rows, services or virtual landscapes', () => {
    expect(kinds({ 'registry/fleet.yaml': null })).toEqual(['region', 'vlandscape']);
    expect(kinds({ 'carbon/aldehyde/platform.yaml': null })).toEqual(['base', 'spare', 'region', 'vlandscape', 'intake', 'place']);
    const noRows = Object.fromEntries([...reference.keys()].filter((p) => p.startsWith('platforms/mercury/')).map((p) => [p, null]));
    expect(kinds(noRows)).toEqual(['base', 'spare', 'issuer', 'region', 'vlandscape', 'place']);
    // Rows of the intake service without its platform.yaml: the platform lists no landscape to name a host in.
    expect(kinds({ 'carbon/mercury/platform.yaml': null })).toEqual(['base', 'spare', 'issuer', 'region', 'vlandscape', 'place']);
    const mercury = (reference.get('carbon/mercury/platform.yaml') as string).replace('vlandscapes: [mew, celebi]\n', '');
    const hosts = permanentIdentifiers(indexOf({ 'carbon/mercury/platform.yaml': `${mercury}services:\n  other: {modules: [admin]}\n` }))
      .filter((i) => i.kind === 'intake')
      .map((i) => i.key);
    // The intake service is not in the services map: the default module; no virtual landscape: the four landscapes only.
    expect(hosts).toEqual(
      ['ampharos', 'pichu', 'pikachu', 'raichu'].flatMap((l) => [
        `api.webhook.mercury.${l}.cluster.atomi-spare.net`,
        `api.webhook.mercury.${l}.cluster.atomi.cloud`,
      ]),
    );
  });

  it('give the retirement entry of each kind, with the landscape only for a region', () => {
    expect(retirementEntry({ kind: 'base', key: 'dns.base', value: 'cluster.atomi.cloud' })).toBe(
      '{kind: base, value: "cluster.atomi.cloud", date: YYYY-MM-DD, reason: "…"}',
    );
    expect(retirementEntry({ kind: 'region', key: 'raichu', value: 'SIN' })).toBe(
      '{kind: region, landscape: raichu, value: "SIN", date: YYYY-MM-DD, reason: "…"}',
    );
  });

  it('compare a place that is not a valid one as written', () => {
    expect(comparable('place', 'not a place')).toBe('not a place');
  });
});

describe('the permanence check called directly', () => {
  let fleet: FleetIndex;
  beforeAll(() => {
    fleet = indexOf();
  });
  const iad = () => (reference.get('registry/landscapes/raichu.yaml') as string).replace('region: SIN', 'region: IAD');
  const brief = (found: ReturnType<typeof checkPermanence>) =>
    found.map((d) => [d.code, d.severity, `${d.file}:${d.line}`, d.message, d.related.map((r) => `${r.file}:${r.line}:${r.column} ${r.message}`)]);

  it("warns that files of the base did not load, counting them, under the base's label or as the base revision", () => {
    expect(brief(checkPermanence({ index: fleet, loadErrors: 2, label: 'origin/main' }, fleet))).toEqual([
      [
        'permanent_base_unreadable',
        'warning',
        'null:null',
        '2 file(s) of origin/main did not load with this diene: permanent identifiers defined in them were not compared',
        [],
      ],
    ]);
    expect(brief(checkPermanence({ index: fleet, loadErrors: 1, label: '' }, fleet))[0]?.[3]).toBe(
      '1 file(s) of the base revision did not load with this diene: permanent identifiers defined in them were not compared',
    );
    expect(checkPermanence({ index: fleet, loadErrors: 0, label: 'base' }, fleet)).toEqual([]);
  });

  it("prefixes the base's places with its label, and leaves them as they are without one", () => {
    const head = indexOf({ 'registry/landscapes/raichu.yaml': iad(), 'registry/vlandscapes/celebi.yaml': null });
    for (const [label, prefix] of [
      ['base', 'base/'],
      ['', ''],
    ]) {
      expect(brief(checkPermanence({ index: fleet, loadErrors: 0, label: label as string }, head))).toEqual([
        [
          'permanent_identifier_changed',
          'error',
          'registry/landscapes/raichu.yaml:3',
          'the region of landscape raichu changed from SIN to IAD',
          [`${prefix}registry/landscapes/raichu.yaml:3:9 the base revision has SIN`],
        ],
        [
          'permanent_identifier_removed',
          'error',
          `${prefix}registry/vlandscapes/celebi.yaml:2`,
          'the virtual landscape name celebi was removed (now: none)',
          [],
        ],
      ]);
    }
  });
});

describe('the permanence check on partly loaded revisions and its other edges', () => {
  let fleet: FleetIndex;
  beforeAll(() => {
    fleet = indexOf();
  });
  const brief = (found: ReturnType<typeof checkPermanence>) =>
    found.map((d) => [d.code, `${d.file}:${d.line}`, d.message, d.related.map((r) => `${r.file}:${r.line} ${r.message}`)]);

  it("names a removed landscape's region with its value", () => {
    const head = indexOf({ 'registry/landscapes/raichu.yaml': null });
    expect(
      brief(checkPermanence({ index: fleet, loadErrors: 0, label: 'base' }, head)).filter(
        ([code, , message]) => code === 'permanent_identifier_removed' && String(message).includes('region'),
      ),
    ).toEqual([['permanent_identifier_removed', 'base/registry/landscapes/raichu.yaml:3', 'the region SIN of landscape raichu was removed (now: none)', []]]);
  });

  it('lets through only a retirement of the same kind', () => {
    const head = indexOf({
      'registry/landscapes/raichu.yaml': (reference.get('registry/landscapes/raichu.yaml') as string).replace('region: SIN', 'region: IAD'),
    });
    (head.fleet.fleet?.data as Fleet).retired = [{ kind: 'vlandscape', value: 'SIN', date: '2026-11-30', reason: 'another kind' }];
    expect(brief(checkPermanence({ index: fleet, loadErrors: 0, label: 'base' }, head)).map(([code, , message]) => [code, message])).toEqual([
      ['permanent_identifier_changed', 'the region of landscape raichu changed from SIN to IAD'],
    ]);
  });

  it('reports what a head without fleet.yaml lost, with no place left, and no finding of places for a base without one', () => {
    const head = indexOf({ 'registry/fleet.yaml': null });
    const found = brief(checkPermanence({ index: fleet, loadErrors: 0, label: 'base' }, head));
    expect(found.filter(([, , message]) => String(message).startsWith('the Doc A place'))).toEqual([
      ['permanent_identifier_removed', 'base/registry/fleet.yaml:29', 'the Doc A place https://books.atomi.cloud was removed (now: none)', []],
      ['permanent_identifier_removed', 'base/registry/fleet.yaml:30', 'the Doc A place https://d111111abcdef8.cloudfront.net was removed (now: none)', []],
    ]);
    expect(found.map(([code]) => code)).not.toContain('permanent_places_all_removed');
    expect(checkPermanence({ index: indexOf({ 'registry/fleet.yaml': null }), loadErrors: 1, label: 'base' }, fleet).map((d) => d.code)).toEqual([
      'permanent_base_unreadable',
    ]);
  });

  it('names every new place and each old one when all the places are replaced', () => {
    const replaced = (reference.get('registry/fleet.yaml') as string).replace(
      '    - https://books.atomi.cloud\n    - https://d111111abcdef8.cloudfront.net\n',
      '    - https://books2.atomi.cloud\n    - https://books3.atomi.cloud\n',
    );
    const found = brief(checkPermanence({ index: fleet, loadErrors: 0, label: 'base' }, indexOf({ 'registry/fleet.yaml': replaced })));
    expect(found.filter(([code]) => code === 'permanent_places_all_removed')).toEqual([
      [
        'permanent_places_all_removed',
        'registry/fleet.yaml:29',
        "none of the base revision's Doc A places (https://books.atomi.cloud, https://d111111abcdef8.cloudfront.net) is left (now: https://books2.atomi.cloud, https://books3.atomi.cloud)",
        [
          'base/registry/fleet.yaml:29 a place of the base revision: https://books.atomi.cloud',
          'base/registry/fleet.yaml:30 a place of the base revision: https://d111111abcdef8.cloudfront.net',
        ],
      ],
    ]);
  });
});

describe('permanent identifiers against the base', () => {
  it('find nothing when the fleet is the base', () => {
    expect(compare({})).toEqual([]);
  });

  it('refuse a changed base domain once, counting the issuer URLs and intake names under it, and accept it retired', () => {
    const moved = fleetYaml.replaceAll('cluster.atomi.cloud', 'cluster.atomi.io').replace('zone: atomi.cloud', 'zone: atomi.io');
    expect(compare({ 'registry/fleet.yaml': moved, ...noClaims })).toEqual([
      {
        code: 'permanent_identifier_changed',
        at: 'registry/fleet.yaml:4:9',
        // 4 issuer URLs + the intake on 4 landscapes and 2 virtual landscapes
        message:
          'the base domain (dns.base) changed from cluster.atomi.cloud to cluster.atomi.io, and with it 10 issuer URL(s) and intake host name(s) under it (e.g. https://api.lithium.aldehyde.ampharos.cluster.atomi.cloud/oidc)',
        related: ['base/registry/fleet.yaml:4:9'],
      },
    ]);
    const retired = withRetired(moved, ['{kind: base, value: cluster.atomi.cloud, date: 2026-11-30, reason: the .cloud registry is closing}']);
    expect(compare({ 'registry/fleet.yaml': retired, ...noClaims })).toEqual([]);
  });

  it('refuse a changed and a removed spare domain, and accept it retired', () => {
    const moved = fleetYaml.replaceAll('cluster.atomi-spare.net', 'cluster.atomi-spare.org');
    const claim = { 'claims/domains/api.tin.nitroso.pikachu.cluster.atomi-spare.net.json': null };
    expect(compare({ 'registry/fleet.yaml': moved, ...claim }).map((d) => [d.code, d.at, d.message])).toEqual([
      [
        'permanent_identifier_changed',
        'registry/fleet.yaml:5:10',
        'the spare domain (dns.spare) changed from cluster.atomi-spare.net to cluster.atomi-spare.org, and with it 6 issuer URL(s) and intake host name(s) under it (e.g. api.webhook.mercury.ampharos.cluster.atomi-spare.net)',
      ],
    ]);
    const dropped = fleetYaml
      .replace(/  spare: .*\n/, '')
      .replace(/ *cluster\.atomi-spare\.net:\s*\[[^\]]*\]\n/g, '')
      .replace(', cluster.atomi-spare.net]', ']');
    expect(compare({ 'registry/fleet.yaml': dropped, ...claim }).map((d) => [d.code, d.at, d.message])).toEqual([
      [
        'permanent_identifier_removed',
        'base/registry/fleet.yaml:5:10',
        'the spare domain (dns.spare) cluster.atomi-spare.net was removed (now: none), and with it 6 issuer URL(s) and intake host name(s) under it (e.g. api.webhook.mercury.ampharos.cluster.atomi-spare.net)',
      ],
    ]);
    const retired = withRetired(moved, ['{kind: spare, value: cluster.atomi-spare.net, date: 2026-11-30, reason: registrar moved}']);
    expect(compare({ 'registry/fleet.yaml': retired, ...claim })).toEqual([]);
  });

  it('refuse changed issuer URLs (blamed on fleet.yaml issuer) and a removed one (blamed on the base platform.yaml), and accept them retired', () => {
    const admin = fleetYaml.replace('issuer: { module: api,', 'issuer: { module: admin,');
    const changed = compare({ 'registry/fleet.yaml': admin });
    expect(changed.map((d) => [d.code, d.at, d.related[0]])).toEqual(
      ['ampharos', 'pichu', 'pikachu', 'raichu'].map(() => ['permanent_identifier_changed', 'registry/fleet.yaml:31:9', 'base/registry/fleet.yaml:31:9']),
    );
    expect(changed[3]?.message).toBe(
      'the issuer URL of landscape raichu changed from https://api.lithium.aldehyde.raichu.cluster.atomi.cloud/oidc to https://admin.lithium.aldehyde.raichu.cluster.atomi.cloud/oidc',
    );
    const retired = withRetired(
      admin,
      ['ampharos', 'pichu', 'pikachu', 'raichu'].map(
        (l) => `{kind: issuer, value: "https://api.lithium.aldehyde.${l}.cluster.atomi.cloud/oidc", date: 2026-11-30, reason: admin serves sign-in}`,
      ),
    );
    expect(compare({ 'registry/fleet.yaml': retired })).toEqual([]);

    const aldehyde = (reference.get('carbon/aldehyde/platform.yaml') as string).replace('raichu, ampharos]', 'raichu]').replace('  - ampharos\n', '');
    const removed = compare({ 'carbon/aldehyde/platform.yaml': aldehyde, 'platforms/aldehyde/lithium/ampharos.yaml': null });
    expect(removed.map((d) => [d.code, d.at, d.message])).toEqual([
      [
        'permanent_identifier_removed',
        'base/carbon/aldehyde/platform.yaml:3:38',
        'the issuer URL https://api.lithium.aldehyde.ampharos.cluster.atomi.cloud/oidc of landscape ampharos was removed (now: none)',
      ],
    ]);
  });

  it('refuse a changed region; a retirement counts only for its landscape', () => {
    const iad = (reference.get('registry/landscapes/raichu.yaml') as string).replace('region: SIN', 'region: IAD');
    expect(compare({ 'registry/landscapes/raichu.yaml': iad }).map((d) => [d.code, d.at, d.message, d.related])).toEqual([
      [
        'permanent_identifier_changed',
        'registry/landscapes/raichu.yaml:3:9',
        'the region of landscape raichu changed from SIN to IAD',
        ['base/registry/landscapes/raichu.yaml:3:9'],
      ],
    ]);
    const elsewhere = withRetired(fleetYaml, ['{kind: region, landscape: pichu, value: SIN, date: 2026-11-30, reason: moved}']);
    expect(compare({ 'registry/landscapes/raichu.yaml': iad, 'registry/fleet.yaml': elsewhere }).map((d) => d.code)).toEqual(['permanent_identifier_changed']);
    const retired = withRetired(fleetYaml, ['{kind: region, landscape: raichu, value: SIN, date: 2026-11-30, reason: moved to IAD with its data}']);
    expect(compare({ 'registry/landscapes/raichu.yaml': iad, 'registry/fleet.yaml': retired })).toEqual([]);
  });

  it('refuse removed intake host names and a removed virtual landscape, and accept them retired', () => {
    const mercury = (reference.get('carbon/mercury/platform.yaml') as string).replace('vlandscapes: [mew, celebi]', 'vlandscapes: [mew]');
    const overlay = { 'carbon/mercury/platform.yaml': mercury, 'registry/vlandscapes/celebi.yaml': null };
    expect(compare(overlay).map((d) => [d.code, d.at, d.message])).toEqual([
      [
        'permanent_identifier_removed',
        'base/carbon/mercury/platform.yaml:5:20',
        'the intake host name api.webhook.mercury.celebi.cluster.atomi-spare.net was removed (now: none)',
      ],
      [
        'permanent_identifier_removed',
        'base/carbon/mercury/platform.yaml:5:20',
        'the intake host name api.webhook.mercury.celebi.cluster.atomi.cloud was removed (now: none)',
      ],
      ['permanent_identifier_removed', 'base/registry/vlandscapes/celebi.yaml:2:7', 'the virtual landscape name celebi was removed (now: none)'],
    ]);
    const retired = withRetired(fleetYaml, [
      '{kind: intake, value: api.webhook.mercury.celebi.cluster.atomi.cloud, date: 2026-11-30, reason: senders moved to mew}',
      '{kind: intake, value: api.webhook.mercury.celebi.cluster.atomi-spare.net, date: 2026-11-30, reason: senders moved to mew}',
      '{kind: vlandscape, value: celebi, date: 2026-11-30, reason: staging has one name}',
    ]);
    expect(compare({ ...overlay, 'registry/fleet.yaml': retired })).toEqual([]);
  });

  it('refuse a removed Doc A place while another old one stays, and accept it retired', () => {
    const one = fleetYaml.replace('    - https://d111111abcdef8.cloudfront.net\n', '');
    expect(compare({ 'registry/fleet.yaml': one }).map((d) => [d.code, d.at, d.message])).toEqual([
      [
        'permanent_identifier_removed',
        'base/registry/fleet.yaml:30:7',
        'the Doc A place https://d111111abcdef8.cloudfront.net was removed (now: https://books.atomi.cloud)',
      ],
    ]);
    // One removed and another added: "now" names both places that remain, not "none".
    const swapped = fleetYaml.replace('    - https://d111111abcdef8.cloudfront.net\n', '    - https://books4.atomi.cloud\n');
    expect(compare({ 'registry/fleet.yaml': swapped }).map((d) => d.message)).toEqual([
      'the Doc A place https://d111111abcdef8.cloudfront.net was removed (now: https://books.atomi.cloud, https://books4.atomi.cloud)',
    ]);
    const retired = withRetired(one, ['{kind: place, value: "https://d111111abcdef8.cloudfront.net/", date: 2026-11-30, reason: CDN dropped}']);
    expect(compare({ 'registry/fleet.yaml': retired })).toEqual([]);
  });

  it('refuse replacing every Doc A place even with each retired, naming the old places in the base', () => {
    const replaced = withRetired(
      fleetYaml.replace('    - https://books.atomi.cloud\n    - https://d111111abcdef8.cloudfront.net\n', '    - https://books2.atomi.cloud\n'),
      [
        '{kind: place, value: https://books.atomi.cloud, date: 2026-11-30, reason: moved}',
        '{kind: place, value: https://d111111abcdef8.cloudfront.net, date: 2026-11-30, reason: moved}',
      ],
    );
    expect(compare({ 'registry/fleet.yaml': replaced })).toEqual([
      {
        code: 'permanent_places_all_removed',
        at: 'registry/fleet.yaml:29:5',
        message:
          "none of the base revision's Doc A places (https://books.atomi.cloud, https://d111111abcdef8.cloudfront.net) is left (now: https://books2.atomi.cloud)",
        related: ['base/registry/fleet.yaml:29:7', 'base/registry/fleet.yaml:30:7'],
      },
    ]);
  });

  it('accept additions: a new landscape, virtual landscape and place', () => {
    const two = fleetYaml.replace('    - https://books.atomi.cloud\n', '    - https://books.atomi.cloud\n    - https://books3.atomi.cloud\n');
    expect(
      compare({ 'registry/fleet.yaml': two, 'registry/vlandscapes/togepi.yaml': 'name: togepi\nmembers:\n  - {landscape: pichu, serve: true}\n' }),
    ).toEqual([]);
  });

  it('match a retired domain or host name whatever its case, a region code only as written', () => {
    const moved = fleetYaml.replaceAll('cluster.atomi.cloud', 'cluster.atomi.io').replace('zone: atomi.cloud', 'zone: atomi.io');
    const base = withRetired(moved, ['{kind: base, value: Cluster.Atomi.CLOUD, date: 2026-11-30, reason: the .cloud registry is closing}']);
    expect(compare({ 'registry/fleet.yaml': base, ...noClaims })).toEqual([]);

    const spare = fleetYaml.replaceAll('cluster.atomi-spare.net', 'cluster.atomi-spare.org');
    const claim = { 'claims/domains/api.tin.nitroso.pikachu.cluster.atomi-spare.net.json': null };
    const spareRetired = withRetired(spare, ['{kind: spare, value: CLUSTER.atomi-spare.net, date: 2026-11-30, reason: registrar moved}']);
    expect(compare({ 'registry/fleet.yaml': spareRetired, ...claim })).toEqual([]);

    const mercury = (reference.get('carbon/mercury/platform.yaml') as string).replace('vlandscapes: [mew, celebi]', 'vlandscapes: [mew]');
    const intakeRetired = withRetired(fleetYaml, [
      '{kind: intake, value: API.Webhook.Mercury.Celebi.Cluster.Atomi.Cloud, date: 2026-11-30, reason: senders moved to mew}',
      '{kind: intake, value: api.webhook.mercury.celebi.cluster.atomi-spare.NET, date: 2026-11-30, reason: senders moved to mew}',
      '{kind: vlandscape, value: celebi, date: 2026-11-30, reason: staging has one name}',
    ]);
    expect(compare({ 'carbon/mercury/platform.yaml': mercury, 'registry/vlandscapes/celebi.yaml': null, 'registry/fleet.yaml': intakeRetired })).toEqual([]);

    // A region code is not a domain: "sin" does not retire SIN.
    const iad = (reference.get('registry/landscapes/raichu.yaml') as string).replace('region: SIN', 'region: IAD');
    const lower = withRetired(fleetYaml, ['{kind: region, landscape: raichu, value: sin, date: 2026-11-30, reason: moved}']);
    expect(compare({ 'registry/landscapes/raichu.yaml': iad, 'registry/fleet.yaml': lower }).map((d) => d.message)).toEqual([
      'the region of landscape raichu changed from SIN to IAD',
    ]);
  });

  it('compare domains and host names without case, places canonically, other kinds as written', () => {
    expect(comparable('base', 'Cluster.Atomi.CLOUD')).toBe('cluster.atomi.cloud');
    expect(comparable('spare', 'Cluster.Atomi-Spare.NET')).toBe('cluster.atomi-spare.net');
    expect(comparable('intake', 'API.webhook.Mercury.mew.cluster.atomi.cloud')).toBe('api.webhook.mercury.mew.cluster.atomi.cloud');
    expect(comparable('region', 'Sin')).toBe('Sin');
    expect(comparable('vlandscape', 'Mew')).toBe('Mew');
    expect(comparable('issuer', 'https://API.lithium.aldehyde.raichu.cluster.atomi.cloud/oidc')).toBe(
      'https://API.lithium.aldehyde.raichu.cluster.atomi.cloud/oidc',
    );
    expect(comparable('place', 'HTTPS://Books.Atomi.Cloud')).toBe('https://books.atomi.cloud');
  });

  it("give each kind's reason for being permanent in the hint", () => {
    const reasons = (overlay: Record<string, string | null>) => {
      const result = compileFleet(toSourceFiles(overlayTexts(reference, overlay)), { nowSeconds: TEST_NOW_SECONDS, base: { files: baseFiles, label: 'base' } });
      return (result.permanence ?? []).map((d) => [d.message.split(' ').slice(0, 3).join(' '), /permanent \((.*)\): put/.exec(d.hint ?? '')?.[1]]);
    };
    const domains = fleetYaml
      .replaceAll('cluster.atomi.cloud', 'cluster.atomi.io')
      .replace('zone: atomi.cloud', 'zone: atomi.io')
      .replaceAll('cluster.atomi-spare.net', 'cluster.atomi-spare.org');
    const claim = { 'claims/domains/api.tin.nitroso.pikachu.cluster.atomi-spare.net.json': null };
    expect(reasons({ 'registry/fleet.yaml': domains, ...noClaims, ...claim })).toEqual([
      ['the base domain', 'every host name, issuer URL and book address of the fleet is under it, and clients bake it in'],
      ['the spare domain', 'clients bake it in as the way around a failure of the base, and every spare name is under it'],
    ]);
    const mercury = (reference.get('carbon/mercury/platform.yaml') as string).replace('vlandscapes: [mew, celebi]', 'vlandscapes: [mew]');
    const others = fleetYaml.replace('issuer: { module: api,', 'issuer: { module: admin,').replace('    - https://d111111abcdef8.cloudfront.net\n', '');
    const found = reasons({
      'registry/fleet.yaml': others,
      'registry/landscapes/raichu.yaml': (reference.get('registry/landscapes/raichu.yaml') as string).replace('region: SIN', 'region: IAD'),
      'carbon/mercury/platform.yaml': mercury,
      'registry/vlandscapes/celebi.yaml': null,
    });
    expect([...new Map(found.map(([what, why]) => [what, why])).entries()]).toEqual([
      ['the intake host', 'third-party senders were given this host name and keep sending to it'],
      ['the Doc A', 'clients look for the books at the places of the Doc A they hold'],
      ['the virtual landscape', 'users, clients and partners call the virtual name itself'],
      ['the issuer URL', 'apps bake it in from books/issuers.json and every token carries it; a new one signs every user out and breaks verification'],
      ['the region of', "a landscape's region is where its data lives and how virtual names route to it; moving it is a migration, not an edit"],
    ]);
  });

  it('give the retirement entry to copy in the hint', () => {
    const iad = (reference.get('registry/landscapes/raichu.yaml') as string).replace('region: SIN', 'region: IAD');
    const result = compileFleet(toSourceFiles(overlayTexts(reference, { 'registry/landscapes/raichu.yaml': iad })), {
      nowSeconds: TEST_NOW_SECONDS,
      base: { files: baseFiles, label: 'base' },
    });
    expect(result.permanence?.[0]?.hint).toContain('retired: as {kind: region, landscape: raichu, value: "SIN", date: YYYY-MM-DD, reason: "…"}');
  });
});
