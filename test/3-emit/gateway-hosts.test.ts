// Issue 13 item 7: for every cluster, the host names its gateway must serve
// and its certificates must cover, on both bases, each spelt out: the
// service hosts sit three labels below the DNS wildcard that routes them,
// where a TLS wildcard (one label, RFC 6125 §6.4.3) does not reach.

import { describe, expect, it } from 'vitest';
import type { GatewayHosts } from '../../compiler/3-emit/gateway-hosts.js';
import { compileFleet } from '../../compiler/index.js';
import { overlayTexts, readFleetTexts, TEST_NOW_SECONDS, toSourceFiles } from '../support/fleet-fixture.js';

const reference = readFleetTexts();

function compile(overlay: Record<string, string | null> = {}): Map<string, string> {
  const result = compileFleet(toSourceFiles(overlayTexts(reference, overlay)), { nowSeconds: TEST_NOW_SECONDS });
  expect(result.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
  return result.outputs as Map<string, string>;
}

function gateway(outputs: Map<string, string>, cluster: string): GatewayHosts {
  return JSON.parse(outputs.get(`gateways/${cluster}.json`) as string) as GatewayHosts;
}

/** RFC 6125 §6.4.3 as browsers apply it: `*` stands for exactly one whole left-most label. */
function tlsCovers(pattern: string, host: string): boolean {
  if (!pattern.startsWith('*.')) return pattern === host;
  const dot = host.indexOf('.');
  return dot > 0 && host.slice(dot + 1) === pattern.slice(2);
}

const outputs = compile();
const BASES = ['cluster.atomi.cloud', 'cluster.atomi-spare.net'];

describe('the gateway host lists of the reference fleet', () => {
  it('writes one file per registered cluster', () => {
    expect([...outputs.keys()].filter((f) => f.startsWith('gateways/'))).toEqual([
      'gateways/ampharos-onyx.json',
      'gateways/ampharos-pearl.json',
      'gateways/pichu-topaz.json',
      'gateways/pikachu-jade.json',
      'gateways/raichu-opal.json',
      'gateways/raichu-ruby.json',
    ]);
  });

  it('raichu-opal serves every service host of raichu, of mew and of its ops name, on both bases', () => {
    const opal = gateway(outputs, 'raichu-opal');
    expect([opal.cluster, opal.landscape, opal.mark]).toEqual(['raichu-opal', 'raichu', 'opal']);
    const expected = BASES.flatMap((base) => [
      ...['admin.lithium.aldehyde', 'api.lithium.aldehyde', 'api.webhook.mercury', 'api.tin.nitroso', 'api.zinc.nitroso', 'web.zinc.nitroso'].flatMap((s) => [
        `${s}.raichu.${base}`,
        `${s}.opal.raichu.${base}`,
      ]),
      // mew = raichu + ampharos; mercury and nitroso serve on it, aldehyde (the sign-in platform) does not
      ...['api.webhook.mercury', 'api.tin.nitroso', 'api.zinc.nitroso', 'web.zinc.nitroso'].map((s) => `${s}.mew.${base}`),
    ]);
    expect(opal.hosts).toEqual([...expected].sort());
    expect(opal.hosts).toHaveLength(32);
  });

  it("includes the issuer's spare name, which no book and no issuer table carries", () => {
    const spareIssuer = 'api.lithium.aldehyde.raichu.cluster.atomi-spare.net';
    expect(gateway(outputs, 'raichu-opal').hosts).toContain(spareIssuer);
    expect(gateway(outputs, 'raichu-ruby').hosts).toContain(spareIssuer);
    const books = [...outputs].filter(([file]) => file.startsWith('books/') && !file.startsWith('books/sign-in'));
    expect(books.filter(([, text]) => text.includes(spareIssuer)).map(([file]) => file)).toEqual([]);
  });

  it('lists names, never wildcards, and none of them is covered by the TLS wildcard of its DNS wildcard', () => {
    for (const cluster of ['raichu-opal', 'pikachu-jade', 'ampharos-pearl']) {
      const { hosts, landscape, mark } = gateway(outputs, cluster);
      for (const host of hosts) {
        expect(host.includes('*')).toBe(false);
        for (const base of BASES)
          for (const wildcard of [`*.${landscape}.${base}`, `*.${mark}.${landscape}.${base}`, `*.mew.${base}`, `*.celebi.${base}`])
            expect(tlsCovers(wildcard, host), `${wildcard} ${host}`).toBe(false);
      }
    }
  });

  it('every host is answered by a DNS wildcard of the compiled zones that reaches this cluster', () => {
    const zones = new Map(
      BASES.map((base) => [
        base,
        new Set((JSON.parse(outputs.get(`dns/${base}/route53.json`) as string) as { recordSets: { name: string }[] }).recordSets.map((r) => r.name)),
      ]),
    );
    for (const cluster of ['raichu-opal', 'raichu-ruby', 'pikachu-jade', 'pichu-topaz']) {
      const { hosts, landscape, mark } = gateway(outputs, cluster);
      const reaching = new Set([landscape, `${mark}.${landscape}`, ...(landscape === 'raichu' ? ['mew'] : []), ...(landscape === 'pikachu' ? ['celebi'] : [])]);
      for (const host of hosts) {
        const base = BASES.find((b) => host.endsWith(`.${b}`)) as string;
        const labels = host.slice(0, -base.length - 1).split('.');
        // the closest enclosing wildcard (RFC 4592): drop labels from the left until *.<rest> exists
        let via: string | undefined;
        for (let i = 1; i < labels.length && via === undefined; i++) {
          const rest = labels.slice(i).join('.');
          if (zones.get(base)?.has(`*.${rest}.${base}`)) via = rest;
        }
        expect(via !== undefined && reaching.has(via), `${cluster}: ${host} via ${via}`).toBe(true);
      }
    }
  });

  it('a cluster with traffic off (raichu-ruby) is ready for the same names, with its own ops names', () => {
    const opal = gateway(outputs, 'raichu-opal').hosts;
    const ruby = gateway(outputs, 'raichu-ruby').hosts;
    expect(ruby.filter((h) => !h.includes('.ruby.'))).toEqual(opal.filter((h) => !h.includes('.opal.')));
    expect(ruby.filter((h) => h.includes('.ruby.raichu.'))).toHaveLength(12);
  });

  it('virtual names only where the platform serves on a virtual landscape with this landscape as a member', () => {
    const jade = gateway(outputs, 'pikachu-jade').hosts;
    expect(jade.filter((h) => h.includes('.celebi.'))).toEqual([
      'api.webhook.mercury.celebi.cluster.atomi-spare.net',
      'api.webhook.mercury.celebi.cluster.atomi.cloud',
    ]);
    expect(jade.some((h) => h.includes('.mew.'))).toBe(false);
    expect(gateway(outputs, 'pichu-topaz').hosts.some((h) => h.includes('.mew.') || h.includes('.celebi.'))).toBe(false);
  });

  it('the certificates cover every host exactly once, one base and one platform each, main base first', () => {
    for (const cluster of ['raichu-opal', 'pikachu-jade', 'ampharos-onyx', 'pichu-topaz']) {
      const { hosts, certificates } = gateway(outputs, cluster);
      expect(certificates.map((c) => c.name)).toEqual(['aldehyde-base', 'mercury-base', 'nitroso-base', 'aldehyde-spare', 'mercury-spare', 'nitroso-spare']);
      expect(certificates.flatMap((c) => c.dnsNames).sort()).toEqual(hosts);
      for (const certificate of certificates) {
        expect(certificate.dnsNames.every((n) => n.endsWith(`.${certificate.base}`))).toBe(true);
        expect(certificate.dnsNames.every((n) => n.split('.')[2] === certificate.name.split('-')[0])).toBe(true);
        expect(certificate.dnsNames).toEqual([...certificate.dnsNames].sort());
      }
    }
    expect(gateway(outputs, 'raichu-opal').certificates.find((c) => c.name === 'aldehyde-spare')?.dnsNames).toEqual([
      'admin.lithium.aldehyde.opal.raichu.cluster.atomi-spare.net',
      'admin.lithium.aldehyde.raichu.cluster.atomi-spare.net',
      'api.lithium.aldehyde.opal.raichu.cluster.atomi-spare.net',
      'api.lithium.aldehyde.raichu.cluster.atomi-spare.net',
    ]);
  });
});

describe('gateway host lists of other fleets', () => {
  it('a set over 100 names is cut in sorted order into <platform>-<base>, -2, …', () => {
    const modules = ['api', ...Array.from({ length: 59 }, (_, i) => `m${String(i).padStart(2, '0')}`)];
    const platform = (reference.get('carbon/nitroso/platform.yaml') as string).replace('tin: { modules: [api] }', `tin: { modules: [${modules.join(', ')}] }`);
    const opal = gateway(compile({ 'carbon/nitroso/platform.yaml': platform }), 'raichu-opal');
    // nitroso in raichu per base: tin 60 modules and zinc 2, each as raichu, mew and opal.raichu: 186 names
    const nitroso = opal.certificates.filter((c) => c.name.startsWith('nitroso-'));
    expect(nitroso.map((c) => [c.name, c.dnsNames.length])).toEqual([
      ['nitroso-base', 100],
      ['nitroso-base-2', 86],
      ['nitroso-spare', 100],
      ['nitroso-spare-2', 86],
    ]);
    const base = nitroso.filter((c) => c.base === 'cluster.atomi.cloud').flatMap((c) => c.dnsNames);
    expect(base).toEqual([...base].sort());
    expect(opal.certificates.flatMap((c) => c.dnsNames).sort()).toEqual(opal.hosts);
  });

  it('without a spare base: the main base only', () => {
    const fleet = (reference.get('registry/fleet.yaml') as string)
      .replace(/^ {2}spare: .*\n/m, '')
      .replace(/^ {8}cluster\.atomi-spare\.net:\n.*\n/gm, '')
      .replace(/^ {8}cluster\.atomi-spare\.net: .*\n/gm, '')
      .replace('allowlist: [cluster.atomi.cloud, cluster.atomi-spare.net]', 'allowlist: [cluster.atomi.cloud]');
    const claims = Object.fromEntries([...reference.keys()].filter((f) => f.includes('atomi-spare.net')).map((f) => [f, null]));
    const jade = gateway(compile({ 'registry/fleet.yaml': fleet, ...claims }), 'pikachu-jade');
    expect(jade.hosts.every((h) => h.endsWith('.cluster.atomi.cloud'))).toBe(true);
    expect(jade.hosts).toHaveLength(13);
    expect(jade.certificates.map((c) => c.name)).toEqual(['aldehyde-base', 'mercury-base', 'nitroso-base']);
  });

  it('a cluster of a landscape no platform lists gets its file, with nothing to serve', () => {
    const zapdos = gateway(
      compile({
        'registry/landscapes/zapdos.yaml': 'name: zapdos\nregion: SIN\ntier: dev\n',
        'registry/clusters/zapdos-gold.yaml': 'landscape: zapdos\nmark: gold\nprovider: aws\naccount: aws-main\ntraffic: true\n',
      }),
      'zapdos-gold',
    );
    expect(zapdos).toEqual({ cluster: 'zapdos-gold', landscape: 'zapdos', mark: 'gold', hosts: [], certificates: [] });
  });
});
