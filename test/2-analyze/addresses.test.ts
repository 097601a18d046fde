/**
 * Address classes (SPEC §4, issue 14): only global unicast is public. A table
 * of hostile addresses with the verdict each must get: the loopback and
 * link-local addresses in their IPv4-mapped, IPv4-compatible and translated
 * IPv6 forms, IPv6 outside 2000::/3 that ipaddr.js still calls `unicast`, the
 * special ranges inside 2000::/3, and the documentation ranges with and
 * without `example: true`. Then the same addresses through the compiler: each
 * refused one is `address_not_global_unicast` at its list item and never
 * reaches the zone file.
 */
import { describe, expect, it } from 'vitest';
import { checkAddress, type AddressVerdict } from '../../compiler/2-analyze/addresses.js';
import { compileFleet } from '../../compiler/index.js';
import { overlayTexts, readFleetTexts, TEST_NOW_SECONDS, toSourceFiles } from '../support/fleet-fixture.js';

/** [address, verdict in a real fleet, verdict in an example fleet]: `public <canonical>`, `invalid`, or the range the refusal names. */
const TABLE: readonly (readonly [string, string, string])[] = [
  // global unicast, both families
  ['8.8.8.8', 'public 8.8.8.8', 'public 8.8.8.8'],
  ['2001:4860:4860::8888', 'public 2001:4860:4860::8888', 'public 2001:4860:4860::8888'],
  ['2606:4700:4700::1111', 'public 2606:4700:4700::1111', 'public 2606:4700:4700::1111'],
  ['2A00:1450:4001:80E::200E', 'public 2a00:1450:4001:80e::200e', 'public 2a00:1450:4001:80e::200e'],
  // IPv4 special ranges
  ['127.0.0.1', 'loopback range', 'loopback range'],
  ['169.254.169.254', 'linkLocal range', 'linkLocal range'],
  ['10.1.2.3', 'private range', 'private range'],
  ['172.31.255.255', 'private range', 'private range'],
  ['192.168.0.1', 'private range', 'private range'],
  ['100.64.0.1', 'carrierGradeNat range', 'carrierGradeNat range'],
  ['0.0.0.0', 'unspecified range', 'unspecified range'],
  ['255.255.255.255', 'broadcast range', 'broadcast range'],
  ['224.0.0.1', 'multicast range', 'multicast range'],
  ['240.0.0.1', 'reserved range', 'reserved range'],
  ['198.18.0.1', 'reserved range', 'reserved range'],
  ['192.0.0.8', 'reserved range', 'reserved range'],
  ['192.52.193.1', 'amt range', 'amt range'],
  ['192.175.48.1', 'as112 range', 'as112 range'],
  // documentation ranges: only in an example fleet
  ['203.0.113.21', 'documentation range 203.0.113.0/24', 'public 203.0.113.21'],
  ['198.51.100.7', 'documentation range 198.51.100.0/24', 'public 198.51.100.7'],
  ['192.0.2.1', 'documentation range 192.0.2.0/24', 'public 192.0.2.1'],
  ['2001:db8::21', 'documentation range 2001:db8::/32', 'public 2001:db8::21'],
  // loopback and link-local in IPv4-mapped form, dotted and hex
  ['::ffff:127.0.0.1', 'the IPv4-mapped form of 127.0.0.1, loopback range', 'the IPv4-mapped form of 127.0.0.1, loopback range'],
  ['::ffff:7f00:1', 'the IPv4-mapped form of 127.0.0.1, loopback range', 'the IPv4-mapped form of 127.0.0.1, loopback range'],
  ['0:0:0:0:0:ffff:7f00:0001', 'the IPv4-mapped form of 127.0.0.1, loopback range', 'the IPv4-mapped form of 127.0.0.1, loopback range'],
  ['::FFFF:169.254.169.254', 'the IPv4-mapped form of 169.254.169.254, linkLocal range', 'the IPv4-mapped form of 169.254.169.254, linkLocal range'],
  ['::ffff:a9fe:a9fe', 'the IPv4-mapped form of 169.254.169.254, linkLocal range', 'the IPv4-mapped form of 169.254.169.254, linkLocal range'],
  ['::ffff:10.0.0.1', 'the IPv4-mapped form of 10.0.0.1, private range', 'the IPv4-mapped form of 10.0.0.1, private range'],
  // loopback and link-local in IPv4-compatible form (ipaddr.js reads ::7f00:1 as plain unicast)
  ['::127.0.0.1', 'the IPv4-compatible form of 127.0.0.1, loopback range', 'the IPv4-compatible form of 127.0.0.1, loopback range'],
  ['::7f00:1', 'the IPv4-compatible form of 127.0.0.1, loopback range', 'the IPv4-compatible form of 127.0.0.1, loopback range'],
  ['0:0:0:0:0:0:127.0.0.1', 'the IPv4-compatible form of 127.0.0.1, loopback range', 'the IPv4-compatible form of 127.0.0.1, loopback range'],
  ['::0:127.0.0.1', 'the IPv4-compatible form of 127.0.0.1, loopback range', 'the IPv4-compatible form of 127.0.0.1, loopback range'],
  ['::169.254.0.1', 'the IPv4-compatible form of 169.254.0.1, linkLocal range', 'the IPv4-compatible form of 169.254.0.1, linkLocal range'],
  ['::a9fe:1', 'the IPv4-compatible form of 169.254.0.1, linkLocal range', 'the IPv4-compatible form of 169.254.0.1, linkLocal range'],
  // other IPv6 forms that carry IPv4
  ['::ffff:0:127.0.0.1', 'the IPv4-translated form of 127.0.0.1, loopback range', 'the IPv4-translated form of 127.0.0.1, loopback range'],
  ['64:ff9b::169.254.169.254', 'the NAT64 form of 169.254.169.254, linkLocal range', 'the NAT64 form of 169.254.169.254, linkLocal range'],
  ['2002:7f00:1::1', 'the 6to4 form of 127.0.0.1, loopback range', 'the 6to4 form of 127.0.0.1, loopback range'],
  // a public IPv4 address in IPv6 clothing is still no public IPv6 address; a documentation one is never admitted either
  ['::ffff:8.8.8.8', 'the IPv4-mapped form of 8.8.8.8, a public IPv4 address', 'the IPv4-mapped form of 8.8.8.8, a public IPv4 address'],
  ['::8.8.8.8', 'the IPv4-compatible form of 8.8.8.8, a public IPv4 address', 'the IPv4-compatible form of 8.8.8.8, a public IPv4 address'],
  [
    '::ffff:203.0.113.5',
    'the IPv4-mapped form of 203.0.113.5, documentation range 203.0.113.0/24',
    'the IPv4-mapped form of 203.0.113.5, documentation range 203.0.113.0/24',
  ],
  // IPv6 outside 2000::/3 that ipaddr.js calls unicast
  ['4000::1', 'outside 2000::/3, the IPv6 global unicast space', 'outside 2000::/3, the IPv6 global unicast space'],
  ['1::1', 'outside 2000::/3, the IPv6 global unicast space', 'outside 2000::/3, the IPv6 global unicast space'],
  ['100:0:0:1::1', 'outside 2000::/3, the IPv6 global unicast space', 'outside 2000::/3, the IPv6 global unicast space'],
  ['1::127.0.0.1', 'outside 2000::/3, the IPv6 global unicast space', 'outside 2000::/3, the IPv6 global unicast space'],
  ['e000::1', 'outside 2000::/3, the IPv6 global unicast space', 'outside 2000::/3, the IPv6 global unicast space'],
  ['::2', 'the IPv4-compatible form of 0.0.0.2, unspecified range', 'the IPv4-compatible form of 0.0.0.2, unspecified range'],
  // IPv6 special ranges
  ['::1', 'loopback range', 'loopback range'],
  ['::', 'unspecified range', 'unspecified range'],
  ['fe80::1', 'linkLocal range', 'linkLocal range'],
  ['febf:ffff::1', 'linkLocal range', 'linkLocal range'],
  ['fec0::1', 'deprecatedSiteLocal range', 'deprecatedSiteLocal range'],
  ['fd00::1', 'uniqueLocal range', 'uniqueLocal range'],
  ['ff02::1', 'multicast range', 'multicast range'],
  ['100::1', 'discard range', 'discard range'],
  ['5f00::1', 'segmentRouting range', 'segmentRouting range'],
  // special ranges inside 2000::/3
  ['2001::1', 'teredo range', 'teredo range'],
  ['2001:2::1', 'benchmarking range', 'benchmarking range'],
  ['2001:10::1', 'deprecatedOrchid range', 'deprecatedOrchid range'],
  ['2001:20::1', 'orchid2 range', 'orchid2 range'],
  ['2620:4f:8000::1', 'as112v6 range', 'as112v6 range'],
  ['3fff::1', 'reserved range', 'reserved range'],
  // not addresses at all
  ['fe80::1%eth0', 'invalid', 'invalid'],
  ['127.1', 'invalid', 'invalid'],
  ['0x7f.0.0.1', 'invalid', 'invalid'],
  ['010.0.0.1', 'invalid', 'invalid'],
  ['2130706433', 'invalid', 'invalid'],
  ['::ffff:127.0.0.256', 'invalid', 'invalid'],
  ['1:2:3:4:5:6:7:8:9', 'invalid', 'invalid'],
  ['', 'invalid', 'invalid'],
];

function summary(verdict: AddressVerdict): string {
  if (verdict.ok) return `public ${verdict.canonical}`;
  return verdict.invalid ? 'invalid' : verdict.range;
}

describe('checkAddress: only global unicast is public', () => {
  it.each(TABLE)('%s: %s (example fleet: %s)', (text, real, example) => {
    expect(summary(checkAddress(text, false))).toBe(real);
    expect(summary(checkAddress(text, true))).toBe(example);
  });

  it('tells what to write instead of an IPv4 address in IPv6 form, and says why otherwise', () => {
    const mapped = checkAddress('::ffff:8.8.8.8', false);
    expect(mapped.ok === false && !mapped.invalid && mapped.advice).toContain('list 8.8.8.8 itself (an A record)');
    const loopback = checkAddress('::ffff:127.0.0.1', false);
    expect(loopback.ok === false && !loopback.invalid && loopback.advice).toBe(
      'DNS answers must reach the load balancer from the internet: use its public, global unicast address',
    );
  });
});

describe('hostile addresses through the compiler', () => {
  const reference = readFleetTexts();
  const hostile = TABLE.filter(([, real]) => !real.startsWith('public') && real !== 'invalid' && !real.startsWith('documentation')).map(([text]) => text);

  it(`refuses each of the ${hostile.length} non-public addresses at its list item, and none reaches a zone file`, () => {
    const texts = overlayTexts(reference, {
      'state/clusters/raichu-opal.yaml': `addresses:\n${hostile.map((a) => `  - "${a}"`).join('\n')}\n`,
    });
    const result = compileFleet(toSourceFiles(texts), { nowSeconds: TEST_NOW_SECONDS });
    expect(result.outputs).toBeUndefined();
    const refused = result.diagnostics.filter((d) => d.code === 'address_not_global_unicast');
    expect(refused.map((d) => [d.file, d.line, d.column])).toEqual(hostile.map((_, i) => ['state/clusters/raichu-opal.yaml', i + 2, 5]));
    expect(refused.find((d) => d.line === 2 + hostile.indexOf('::ffff:127.0.0.1'))?.message).toBe(
      'address ::ffff:127.0.0.1 is not global unicast (the IPv4-mapped form of 127.0.0.1, loopback range)',
    );
    expect(result.diagnostics.filter((d) => d.severity === 'error' && d.code !== 'address_not_global_unicast')).toEqual([]);
  });

  it('a public address beside them compiles into the zone file in canonical form', () => {
    const texts = overlayTexts(reference, { 'state/clusters/raichu-opal.yaml': 'addresses: [8.8.8.8, "2A00:1450:4001:80E::200E"]\n' });
    const result = compileFleet(toSourceFiles(texts), { nowSeconds: TEST_NOW_SECONDS });
    const zone = result.outputs?.get('dns/cluster.atomi.cloud.zone') ?? '';
    expect(zone).toMatch(/^opal\.raichu\.cluster\.atomi\.cloud\.\s+60 IN A\s+8\.8\.8\.8$/m);
    expect(zone).toMatch(/^opal\.raichu\.cluster\.atomi\.cloud\.\s+60 IN AAAA\s+2a00:1450:4001:80e::200e$/m);
  });
});
