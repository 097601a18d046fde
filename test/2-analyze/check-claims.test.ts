// Claim rules (SPEC §3.4): the prefix and target spelling rules, and how the
// tenancy gates are reported — one warning per host, counted, with the first
// few prefixes and targets — never an error, and only once the shapes are valid.

import { describe, expect, it } from 'vitest';
import { prefixProblem, targetProblem } from '../../compiler/2-analyze/check-claims.js';
import { compileFleet } from '../../compiler/index.js';
import { overlayTexts, readFleetTexts, TEST_NOW_SECONDS, toSourceFiles } from '../support/fleet-fixture.js';

const TIN_CLAIM = 'claims/domains/api.tin.nitroso.pikachu.cluster.atomi.cloud.json';

function diagnostics(overlay: Record<string, string | null>) {
  return compileFleet(toSourceFiles(overlayTexts(readFleetTexts(), overlay)), { nowSeconds: TEST_NOW_SECONDS }).diagnostics;
}

describe('prefixes', () => {
  it('accepts one bare RFC 3986 segment', () => {
    for (const prefix of ['paulca', 'PaulCA', 'v1.2', '.well', 'a..b', '~user', "o'brien", 'a:b@c', 'x=1;y', '2024', '-', '_'])
      expect(prefixProblem(prefix), prefix).toBeUndefined();
  });

  it('refuses empty, slashes, dot segments, percent-encoding and characters outside a segment, each with its own code', () => {
    const refused: [string, string, Record<string, unknown>][] = [
      ['', 'claim_prefix_empty', {}],
      ['.', 'claim_prefix_dot_segment', { prefix: '"."' }],
      ['..', 'claim_prefix_dot_segment', { prefix: '".."' }],
      ['a/b', 'claim_prefix_has_slash', { prefix: '"a/b"', first: '"a"' }],
      ['/paulca', 'claim_prefix_has_slash', { first: '"paulca"' }],
      ['../bob', 'claim_prefix_has_slash', { first: '"bob"' }],
      ['/', 'claim_prefix_has_slash', { first: '"paulca"' }],
      ['%2e%2e', 'claim_prefix_percent_encoded', { decoded: '' }],
      ['paul%20ca', 'claim_prefix_percent_encoded', { decoded: ': "paul ca"' }],
      ['%zz', 'claim_prefix_percent_encoded', { decoded: '' }],
      ['a b', 'claim_prefix_invalid', { character: '" "' }],
      ['a?b', 'claim_prefix_invalid', { character: '"?"' }],
      ['a#b', 'claim_prefix_invalid', { character: '"#"' }],
      ['a\\b', 'claim_prefix_invalid', { character: '"\\\\"' }],
      ['é', 'claim_prefix_invalid', { character: '"é"' }],
      ['a\nb', 'claim_prefix_invalid', { character: '"\\n"' }],
    ];
    for (const [prefix, code, args] of refused) expect(prefixProblem(prefix), JSON.stringify(prefix)).toMatchObject({ code, args });
  });
});

describe('targets', () => {
  it('accepts lower-case host names, IDNs in xn-- form', () => {
    for (const target of ['api.zinc.nitroso.raichu.cluster.atomi.cloud', 'xn--bcher-kva.example', 'a-b.c1'])
      expect(targetProblem(target, 'p'), target).toBeUndefined();
  });

  it('refuses URLs, ports, paths, upper case, a trailing dot, non-ASCII and bad labels, each with its own code and the fixed form', () => {
    const refused: [string, string, Record<string, unknown>][] = [
      ['', 'claim_target_empty', { prefix: 'p' }],
      ['https://api.zinc.example/x', 'claim_target_not_bare_host', { written: 'is a URL', host: 'api.zinc.example' }],
      ['https://u@api.zinc.example:8443', 'claim_target_not_bare_host', { written: 'is a URL', host: 'api.zinc.example' }],
      ['https://', 'claim_target_not_bare_host', { written: 'is a URL', host: "the route's host name" }],
      ['api.zinc.example/x', 'claim_target_not_bare_host', { written: 'holds a path', host: 'api.zinc.example' }],
      ['api.zinc.example:443', 'claim_target_not_bare_host', { written: 'holds a port', host: 'api.zinc.example' }],
      ['API.zinc.example', 'claim_target_upper_case', { lower: 'api.zinc.example' }],
      ['api.zinc.example.', 'claim_target_trailing_dot', { trimmed: 'api.zinc.example' }],
      ['bücher.example', 'claim_target_not_ascii', { ascii: 'xn--bcher-kva.example' }],
      ['localhost', 'claim_target_single_label', { target: '"localhost"', prefix: 'p' }],
      ['-a.example', 'claim_target_invalid', { label: '"-a"' }],
      ['a..example', 'claim_target_invalid', { label: '""' }],
      [`${'a'.repeat(64)}.example`, 'claim_target_invalid', { label: JSON.stringify('a'.repeat(64)) }],
      [`${'a.'.repeat(127)}ab`, 'claim_target_too_long', { length: 256 }],
    ];
    for (const [target, code, args] of refused) expect(targetProblem(target, 'p'), target).toMatchObject({ code, args });
  });
});

describe('tenancy warnings', () => {
  it('are one warning per host, counting the dropped prefixes and naming the first three of each relation', () => {
    const paths = Object.fromEntries(['a', 'b', 'c', 'd', 'e'].map((p) => [p, `api.${p}.nitroso.pikachu.cluster.atomi.cloud`]));
    const found = diagnostics({ [TIN_CLAIM]: JSON.stringify({ account: 'nitroso', app: 'tin', paths }, null, 2) }).filter((d) => d.file === TIN_CLAIM);
    expect(found).toHaveLength(1);
    expect(found[0]).toMatchObject({ severity: 'warning', code: 'claim_targets_dropped', line: 5, column: 10, pointer: '/paths/a' });
    expect(found[0]?.message).toBe(
      "5 of the claim's 5 prefixes contribute no row: does not exist: 5 (a → api.a.nitroso.pikachu.cluster.atomi.cloud, b → api.b.nitroso.pikachu.cluster.atomi.cloud, c → api.c.nitroso.pikachu.cluster.atomi.cloud, … 2 more)",
    );
  });

  it('count the targets that are no host at all under "does not exist" and a host whose row is not ready under "does not exist yet", and advise each', () => {
    const RAICHU_CLAIM = 'claims/domains/api.tin.nitroso.raichu.cluster.atomi.cloud.json';
    const paths = { copper: 'api.copper.nitroso.raichu.cluster.atomi.cloud', zinc: 'api.zinc.nitroso.raichu.cluster.atomi.cloud' };
    const found = diagnostics({ [RAICHU_CLAIM]: JSON.stringify({ account: 'nitroso', app: 'tin', paths }, null, 2) }).filter((d) => d.file === RAICHU_CLAIM);
    expect(found.map((d) => [d.message, d.hint])).toEqual([
      [
        "2 of the claim's 2 prefixes contribute no row: does not exist: 1 (copper → api.copper.nitroso.raichu.cluster.atomi.cloud); does not exist yet: 1 (zinc → api.zinc.nitroso.raichu.cluster.atomi.cloud, whose row platforms/nitroso/zinc/raichu.yaml has an empty pin.chart)",
        'a target that does not exist is no service host of the fleet and never becomes a route by itself: fix its spelling or remove the prefix; change the paths with `diene claim set-paths`; a target that does not exist yet (its row is not ready) gives its row by itself once its row has a chart version (its first promotion fills pin.chart)',
      ],
    ]);
  });

  it('place a warning that names a misspelt target at that target, not at the first dropped prefix', () => {
    const claim = (paths: string) => `{\n  "account": "nitroso",\n  "app": "tin",\n  "paths": {\n${paths}\n  }\n}\n`;
    const warningOf = (paths: string) => {
      const found = diagnostics({ [TIN_CLAIM]: claim(paths) }).filter((d) => d.file === TIN_CLAIM);
      expect(found.map((d) => d.code)).toEqual(['claim_targets_dropped']);
      return found[0];
    };
    // "aaa" (no such route, nothing near) and "bob" (homed elsewhere) come first; "zed" is one letter off api.zinc…
    const misspelt = warningOf(
      [
        '    "aaa": "api.copper.nitroso.pikachu.cluster.atomi.cloud",',
        '    "bob": "api.zinc.nitroso.pichu.cluster.atomi.cloud",',
        '    "zed": "api.zinx.nitroso.pikachu.cluster.atomi.cloud"',
      ].join('\n'),
    );
    expect(misspelt).toMatchObject({ line: 7, column: 12, endLine: 7, endColumn: 58, pointer: '/paths/zed' });
    expect(misspelt?.message).toContain('zed → api.zinx.nitroso.pikachu.cluster.atomi.cloud (did you mean api.zinc.nitroso.pikachu.cluster.atomi.cloud?)');
    // Two misspelt targets: the first of them (prefix order), here the second line.
    const two = warningOf(
      [
        '    "aaa": "api.copper.nitroso.pikachu.cluster.atomi.cloud",',
        '    "mia": "api.zimc.nitroso.pikachu.cluster.atomi.cloud",',
        '    "zed": "api.zinx.nitroso.pikachu.cluster.atomi.cloud"',
      ].join('\n'),
    );
    expect(two).toMatchObject({ line: 6, column: 12, pointer: '/paths/mia' });
    // None misspelt: the first prefix of the reason the message lists first ("does not exist: 1 (zed → …)"), not "bob"
    // (homed elsewhere, listed last) although it comes first in the file.
    const none = warningOf(
      ['    "bob": "api.zinc.nitroso.pichu.cluster.atomi.cloud",', '    "zed": "api.copper.nitroso.pikachu.cluster.atomi.cloud"'].join('\n'),
    );
    expect(none).toMatchObject({ line: 6, column: 12, pointer: '/paths/zed' });
    expect(none?.message).toMatch(/contribute no row: does not exist: 1 \(zed → /);
  });

  it('never fail the compile, and wait until every claim has a valid shape', () => {
    const warned = compileFleet(toSourceFiles(readFleetTexts()), { nowSeconds: TEST_NOW_SECONDS });
    expect(warned.outputs).toBeDefined();
    expect(warned.diagnostics.filter((d) => d.code.startsWith('claim_')).map((d) => [d.code, d.severity, d.file])).toEqual([
      ['claim_targets_dropped', 'warning', TIN_CLAIM],
      ['claim_targets_dropped', 'warning', 'claims/domains/api.tin.nitroso.raichu.cluster.atomi.cloud.json'],
      ['claim_host_not_ready', 'warning', 'claims/domains/api.zinc.nitroso.raichu.cluster.atomi.cloud.json'],
    ]);
    const broken = diagnostics({
      'claims/domains/api.tin.nitroso.pichu.cluster.atomi.cloud.json': '{"account": "nitroso", "app": "tin", "paths": {"..": "x.y"}}',
    });
    expect(broken.filter((d) => d.code.startsWith('claim_')).map((d) => d.code)).toEqual(['claim_prefix_dot_segment']);
  });
});

describe('prefixes that differ only in letter case', () => {
  const ZINC = 'api.zinc.nitroso.pikachu.cluster.atomi.cloud';
  const WEB = 'web.zinc.nitroso.pikachu.cluster.atomi.cloud';
  const claim = (lines: readonly string[]) => `{\n  "account": "nitroso",\n  "app": "tin",\n  "paths": {\n${lines.join(',\n')}\n  }\n}\n`;
  const twins = (lines: readonly string[]) => {
    const result = compileFleet(toSourceFiles(overlayTexts(readFleetTexts(), { [TIN_CLAIM]: claim(lines) })), { nowSeconds: TEST_NOW_SECONDS });
    return { result, found: result.diagnostics.filter((d) => d.code === 'claim_prefix_case_twin') };
  };

  it('warn at the later one, with the earlier one as the related place, and keep both rows', () => {
    const { result, found } = twins([`    "Paulca": "${WEB}"`, `    "dashboard": "${WEB}"`, `    "paulca": "${ZINC}"`]);
    expect(found).toHaveLength(1);
    expect(found[0]).toMatchObject({
      severity: 'warning',
      file: TIN_CLAIM,
      line: 7,
      column: 5,
      pointer: '/paths/paulca',
      message: 'prefix "paulca" differs from prefix "Paulca" only in letter case',
      related: [{ file: TIN_CLAIM, line: 5, column: 5, message: 'prefix "Paulca" is written here' }],
    });
    expect(found[0]?.hint).toBe(
      'URL paths are case-sensitive, so these are two prefixes: /Paulca/… goes to web.zinc.nitroso.pikachu.cluster.atomi.cloud and /paulca/… to api.zinc.nitroso.pikachu.cluster.atomi.cloud; remove or rename one (a prefix matches the first segment letter for letter)',
    );
    // A warning, not a refusal: both prefixes still give their row.
    expect(result.outputs).toBeDefined();
    const table = JSON.parse(result.outputs?.get('route-paths/pikachu.json') as string) as { rows: { host: string; prefix: string }[] };
    expect(table.rows.filter((r) => r.host === 'api.tin.nitroso.pikachu.cluster.atomi.cloud').map((r) => r.prefix)).toEqual(['Paulca', 'dashboard', 'paulca']);
  });

  it('name the first spelling for every later one, and stay quiet for prefixes that differ otherwise', () => {
    const { found } = twins([
      `    "PAULCA": "${ZINC}"`,
      `    "paulca": "${ZINC}"`,
      `    "PaulCa": "${ZINC}"`,
      `    "paulca2": "${ZINC}"`,
      `    "2024": "${ZINC}"`,
    ]);
    expect(found.map((d) => [d.pointer, d.related.map((r) => r.line)])).toEqual([
      ['/paths/paulca', [5]],
      ['/paths/PaulCa', [5]],
    ]);
    expect(twins([`    "paulca": "${ZINC}"`, `    "dashboard": "${WEB}"`]).found).toEqual([]);
  });
});

// SPEC §3.4 and issue 36: the claim on the main-base host governs its spare-base twin, so a second, hand-written claim
// on the twin is refused as an input error at the file, with the host whose claim to edit.
describe('a claim on a spare-base host', () => {
  const SPARE_CLAIM = 'claims/domains/api.tin.nitroso.pikachu.cluster.atomi-spare.net.json';

  it('is refused at the file, naming the main-base twin whose claim governs it, and the compile writes nothing', () => {
    const result = compileFleet(
      toSourceFiles(
        overlayTexts(readFleetTexts(), {
          [SPARE_CLAIM]: JSON.stringify({ account: 'nitroso', app: 'tin', paths: { paulca: 'api.zinc.nitroso.pikachu.cluster.atomi-spare.net' } }, null, 2),
        }),
      ),
      { nowSeconds: TEST_NOW_SECONDS },
    );
    const found = result.diagnostics.filter((d) => d.file === SPARE_CLAIM);
    expect(found).toHaveLength(1);
    expect(found[0]).toMatchObject({ severity: 'error', code: 'claim_host_spare_twin', line: 1, column: 1 });
    expect(found[0]?.hint).toBe(
      'put these prefixes in claims/domains/api.tin.nitroso.pikachu.cluster.atomi.cloud.json (or run `diene claim set-paths api.tin.nitroso.pikachu.cluster.atomi.cloud`) and remove this file: that one claim gives both hosts their rows, so a flip follows the service when clients move to the spare name',
    );
    expect(result.outputs).toBeUndefined();
  });

  it('is refused even with an empty map (an empty map is a claim too)', () => {
    const found = diagnostics({ [SPARE_CLAIM]: '{"account": "nitroso", "app": "tin", "paths": {}}' }).filter((d) => d.file === SPARE_CLAIM);
    expect(found.map((d) => d.code)).toEqual(['claim_host_spare_twin']);
  });
});
