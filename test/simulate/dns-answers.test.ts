// What a resolver gets from one DNS host's live record sets (compiler/simulate/dns-answers.ts),
// on the reference fleet's compiled zone plans: service hosts through the landscape wildcard,
// ops names, geo-routed virtual names by where the client sits (Route 53 geoproximity, Google
// GEO), names that do not exist, and a wildcard hole (RFC 4592: an empty non-terminal blocks it).

import { describe, expect, it } from 'vitest';
import type { LiveSnapshot } from '../../compiler/1-load/load-dns-live.js';
import { dnsAnswerer, type ClientPlace } from '../../compiler/simulate/dns-answers.js';
import { liveFromZonePlans } from '../../compiler/simulate/traffic-ticks.js';
import { compileDns } from '../support/dns-fixture.js';

const BASE = 'cluster.atomi.cloud';
const { documents } = compileDns();
const live = liveFromZonePlans(documents);
const snapshot = (host: string, zone = BASE): LiveSnapshot => live.find((s) => s.zone === zone && s.host === host) as LiveSnapshot;
const SIN: ClientPlace = { region: 'SIN', latitude: 1.36, longitude: 103.99, googleRegion: 'asia-southeast1' };
const IAD: ClientPlace = { region: 'IAD', latitude: 38.94, longitude: -77.46, googleRegion: 'us-east4' };
// Frankfurt: no member there; nearer to IAD (about 6,500 km) than to SIN (about 10,300 km)
const FRA: ClientPlace = { region: 'FRA', latitude: 50.03, longitude: 8.56, googleRegion: 'europe-west3' };
const answerer = dnsAnswerer(
  new Map([
    ['asia-southeast1', { latitude: 1.36, longitude: 103.99 }],
    ['us-east4', { latitude: 38.94, longitude: -77.46 }],
    ['europe-west3', { latitude: 50.03, longitude: 8.56 }],
  ]),
);

describe('dnsAnswerer', () => {
  it('answers a service host through *.<landscape> CNAME <landscape>, on every host alike', () => {
    for (const host of ['route53', 'google']) {
      expect(answerer.answer(snapshot(host), `api.tin.nitroso.raichu.${BASE}`, SIN)).toEqual({
        chain: [`api.tin.nitroso.raichu.${BASE}`, `raichu.${BASE}`],
        // raichu-ruby has traffic: false: only raichu-opal
        addresses: ['2001:db8::20', '203.0.113.20'],
      });
    }
  });

  it("answers an ops name with that cluster's addresses, traffic flag ignored", () => {
    expect(answerer.answer(snapshot('route53'), `x.ruby.raichu.${BASE}`, SIN)).toEqual({
      chain: [`x.ruby.raichu.${BASE}`],
      addresses: ['2001:db8::21', '203.0.113.21'],
    });
  });

  it('answers mew by where the client is: Route 53 by the nearest coordinates, Google by the region, else the nearest item', () => {
    const name = `api.tin.nitroso.mew.${BASE}`;
    const raichu = ['2001:db8::20', '203.0.113.20'];
    const ampharos = ['198.51.100.30', '198.51.100.31', '2001:db8::30', '2001:db8::31'];
    for (const host of ['route53', 'google']) {
      expect(answerer.answer(snapshot(host), name, SIN).addresses).toEqual(raichu);
      expect(answerer.answer(snapshot(host), name, IAD).addresses).toEqual(ampharos);
      expect(answerer.answer(snapshot(host), name, FRA).addresses).toEqual(ampharos);
    }
  });

  it('says when a name does not exist', () => {
    expect(answerer.answer(snapshot('google'), `api.tin.nitroso.nowhere.${BASE}`, SIN)).toEqual({
      chain: [`api.tin.nitroso.nowhere.${BASE}`],
      addresses: [],
      empty: 'no such name',
    });
  });

  it('does not answer below an empty non-terminal: a foreign name under nitroso.raichu carves a hole in *.raichu', () => {
    const holed: LiveSnapshot = {
      ...snapshot('route53'),
      recordSets: [
        ...snapshot('route53').recordSets,
        {
          canonical: { name: `x.nitroso.raichu.${BASE}`, type: 'TXT', ttl: 60, values: ['"hi"'] },
          raw: { name: `x.nitroso.raichu.${BASE}`, type: 'TXT', ttl: 60, values: ['"hi"'] },
        },
      ],
    };
    expect(answerer.answer(holed, `api.tin.nitroso.raichu.${BASE}`, SIN).empty).toBe('no such name');
    expect(answerer.answer(holed, `api.lithium.aldehyde.raichu.${BASE}`, SIN).addresses).toEqual(['2001:db8::20', '203.0.113.20']);
  });

  it('re-reads only the names a derived snapshot changed', () => {
    const before = snapshot('route53');
    answerer.answer(before, `api.tin.nitroso.raichu.${BASE}`, SIN);
    const after: LiveSnapshot = {
      ...before,
      recordSets: before.recordSets.map((rs) =>
        rs.canonical.name === `raichu.${BASE}` && rs.canonical.type === 'A' ? { ...rs, canonical: { ...rs.canonical, values: ['203.0.113.99'] } } : rs,
      ),
    };
    answerer.derive(before, after, new Set([`raichu.${BASE}`]));
    expect(answerer.answer(after, `api.tin.nitroso.raichu.${BASE}`, SIN).addresses).toEqual(['2001:db8::20', '203.0.113.99']);
    expect(answerer.answer(after, `api.tin.nitroso.pichu.${BASE}`, SIN).addresses).toEqual(['192.0.2.11', '2001:db8::11']);
  });
});
