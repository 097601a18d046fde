// The wanted record sets per zone and host (SPEC §3.3 table): the names,
// geo routing per host kind, the delegation plan, and the files' format.

import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Ajv } from 'ajv';
import { describe, expect, it } from 'vitest';
import type { ZonePlanDocument } from '../../compiler/dns/zone-plan.js';
import { toJson } from '../../compiler/3-emit/serialize.js';
import { compileDns } from '../support/dns-fixture.js';
import { readFleetTexts, REPO_ROOT } from '../support/fleet-fixture.js';

const BASE = 'cluster.atomi.cloud';
const reference = compileDns();
const fleetYaml = readFleetTexts().get('registry/fleet.yaml') as string;

/** The reference fleet with three more hosts, one of each other kind, and pikachu serving mew beside raichu (both in SIN). */
const everyKind = compileDns({
  'registry/fleet.yaml': fleetYaml.replace(
    '    - name: google\n',
    [
      '    - name: edge',
      '      provider: cloudflare',
      '      nameservers: {cluster.atomi.cloud: [ada.ns.cloudflare.com], cluster.atomi-spare.net: [ada.ns.cloudflare.com]}',
      '    - name: lab',
      '      provider: rfc2136',
      '      server: 127.0.0.1:5353',
      '      nameservers: {cluster.atomi.cloud: [ns1.lab.test], cluster.atomi-spare.net: [ns1.lab.test]}',
      '    - name: pdns',
      '      provider: powerdns',
      '      url: http://127.0.0.1:8081',
      '      apiKeyEnv: PDNS_API_KEY',
      '      nameservers: {cluster.atomi.cloud: [ns1.pdns.test], cluster.atomi-spare.net: [ns1.pdns.test]}',
      '    - name: google',
      '',
    ].join('\n'),
  ),
  'registry/vlandscapes/mew.yaml':
    'name: mew\nmembers:\n  - {landscape: raichu, serve: true}\n  - {landscape: pikachu, serve: true}\n  - {landscape: ampharos, serve: true}\n',
});

function doc(compiled: { documents: Map<string, ZonePlanDocument> }, file: string): ZonePlanDocument {
  const found = compiled.documents.get(file);
  if (!found) throw new Error(`no ${file}`);
  return found;
}

function sets(compiled: { documents: Map<string, ZonePlanDocument> }, file: string, name: string) {
  return doc(compiled, file).recordSets.filter((rs) => rs.name === name);
}

describe('names (SPEC §3.3 table)', () => {
  const names = [...new Set(doc(reference, `dns/${BASE}/google.json`).recordSets.map((rs) => rs.name))];

  it("holds every landscape name, its wildcard, each built cluster's ops names and each virtual name, nothing else", () => {
    expect(names).toEqual([
      `ampharos.${BASE}`,
      `*.ampharos.${BASE}`,
      `onyx.ampharos.${BASE}`,
      `*.onyx.ampharos.${BASE}`,
      `pearl.ampharos.${BASE}`,
      `*.pearl.ampharos.${BASE}`,
      `*.celebi.${BASE}`,
      `*.mew.${BASE}`,
      `pichu.${BASE}`,
      `*.pichu.${BASE}`,
      `topaz.pichu.${BASE}`,
      `*.topaz.pichu.${BASE}`,
      `pikachu.${BASE}`,
      `*.pikachu.${BASE}`,
      `jade.pikachu.${BASE}`,
      `*.jade.pikachu.${BASE}`,
      `raichu.${BASE}`,
      `*.raichu.${BASE}`,
      `opal.raichu.${BASE}`,
      `*.opal.raichu.${BASE}`,
      `ruby.raichu.${BASE}`,
      `*.ruby.raichu.${BASE}`,
    ]);
  });

  it('answers a landscape name with its traffic-on clusters only, and an ops name whatever its traffic flag', () => {
    expect(sets(reference, `dns/${BASE}/google.json`, `raichu.${BASE}`)).toEqual([
      { name: `raichu.${BASE}`, type: 'A', ttl: 60, values: ['203.0.113.20'] },
      { name: `raichu.${BASE}`, type: 'AAAA', ttl: 60, values: ['2001:db8::20'] },
    ]);
    expect(sets(reference, `dns/${BASE}/google.json`, `*.ruby.raichu.${BASE}`).map((rs) => rs.values)).toEqual([['203.0.113.21'], ['2001:db8::21']]);
    expect(sets(reference, `dns/${BASE}/google.json`, `*.raichu.${BASE}`)).toEqual([
      { name: `*.raichu.${BASE}`, type: 'CNAME', ttl: 60, values: [`raichu.${BASE}`] },
    ]);
  });

  it('leaves out a landscape with no built cluster and its ops names', () => {
    const unbuilt = compileDns({ 'state/clusters/pichu-topaz.yaml': null });
    expect(doc(unbuilt, `dns/${BASE}/route53.json`).recordSets.filter((rs) => rs.name.endsWith(`pichu.${BASE}`) && !rs.name.includes('pikachu'))).toEqual([]);
  });
});

describe('geo routing per host kind', () => {
  it("gives Route 53 one geoproximity record set per serving member, keyed by the member landscape, at its region's coordinates", () => {
    expect(sets(everyKind, `dns/${BASE}/route53.json`, `*.mew.${BASE}`).filter((rs) => rs.type === 'A')).toEqual([
      {
        name: `*.mew.${BASE}`,
        type: 'A',
        ttl: 60,
        setIdentifier: 'ampharos',
        geoproximity: { latitude: '38.94', longitude: '-77.46' },
        values: ['198.51.100.30', '198.51.100.31'],
      },
      { name: `*.mew.${BASE}`, type: 'A', ttl: 60, setIdentifier: 'pikachu', geoproximity: { latitude: '1.36', longitude: '103.99' }, values: ['192.0.2.12'] },
      { name: `*.mew.${BASE}`, type: 'A', ttl: 60, setIdentifier: 'raichu', geoproximity: { latitude: '1.36', longitude: '103.99' }, values: ['203.0.113.20'] },
    ]);
  });

  it('gives Google one record set with a GEO item per googleRegion, members sharing a region sharing the item', () => {
    expect(sets(everyKind, `dns/${BASE}/google.json`, `*.mew.${BASE}`)).toEqual([
      {
        name: `*.mew.${BASE}`,
        type: 'A',
        ttl: 60,
        geo: [
          { location: 'asia-southeast1', values: ['192.0.2.12', '203.0.113.20'] },
          { location: 'us-east4', values: ['198.51.100.30', '198.51.100.31'] },
        ],
      },
      {
        name: `*.mew.${BASE}`,
        type: 'AAAA',
        ttl: 60,
        geo: [
          { location: 'asia-southeast1', values: ['2001:db8::12', '2001:db8::20'] },
          { location: 'us-east4', values: ['2001:db8::30', '2001:db8::31'] },
        ],
      },
    ]);
  });

  it("gives hosts without geo routing the union of the members' addresses", () => {
    for (const host of ['edge', 'lab', 'pdns']) {
      expect(sets(everyKind, `dns/${BASE}/${host}.json`, `*.mew.${BASE}`)).toEqual([
        { name: `*.mew.${BASE}`, type: 'A', ttl: 60, values: ['192.0.2.12', '198.51.100.30', '198.51.100.31', '203.0.113.20'] },
        { name: `*.mew.${BASE}`, type: 'AAAA', ttl: 60, values: ['2001:db8::12', '2001:db8::20', '2001:db8::30', '2001:db8::31'] },
      ]);
    }
    expect(doc(everyKind, `dns/${BASE}/edge.json`).provider).toBe('cloudflare');
  });
});

describe('files', () => {
  it("writes one plan per zone and host, the zone files and the parent's delegation plan", () => {
    expect([...reference.outputs.keys()].filter((f) => f.startsWith('dns/'))).toEqual([
      'dns/atomi.cloud/delegation.json',
      'dns/cluster.atomi-spare.net.zone',
      'dns/cluster.atomi-spare.net/google.json',
      'dns/cluster.atomi-spare.net/route53.json',
      'dns/cluster.atomi.cloud.zone',
      'dns/cluster.atomi.cloud/google.json',
      'dns/cluster.atomi.cloud/route53.json',
    ]);
  });

  it("delegates the base from the parent with every host's nameservers at the parent's TTL", () => {
    expect(doc(reference, 'dns/atomi.cloud/delegation.json')).toEqual({
      version: 1,
      zone: 'atomi.cloud',
      delegates: BASE,
      recordSets: [
        {
          name: BASE,
          type: 'NS',
          ttl: 86400,
          values: ['ns-101.awsdns-12.com', 'ns-202.awsdns-25.net', 'ns-cloud-a1.googledomains.com', 'ns-cloud-a2.googledomains.com'],
        },
      ],
    });
  });

  it('writes no delegation plan when fleet.yaml names no parent', () => {
    const none = compileDns({ 'registry/fleet.yaml': fleetYaml.replace(/^ {2}parent:.*\n/m, '') });
    expect([...none.outputs.keys()].filter((f) => f.startsWith('dns/atomi.cloud/'))).toEqual([]);
  });

  it('writes documents valid against schemas/dns-plan.schema.json, values sorted, in canonical JSON', () => {
    const ajv = new Ajv({ strict: false });
    const validate = ajv.compile(JSON.parse(readFileSync(path.join(REPO_ROOT, 'schemas', 'dns-plan.schema.json'), 'utf8')) as object);
    for (const [file, text] of everyKind.outputs) {
      if (!file.startsWith('dns/') || !file.endsWith('.json')) continue;
      const parsed = JSON.parse(text) as ZonePlanDocument;
      expect(validate(parsed), `${file}: ${JSON.stringify(validate.errors)}`).toBe(true);
      expect(text).toBe(toJson(parsed));
      for (const rs of parsed.recordSets) {
        if (rs.values) expect(rs.values).toEqual([...rs.values].sort());
        for (const name of [rs.name, ...(rs.type === 'NS' || rs.type === 'CNAME' ? (rs.values ?? []) : [])])
          expect(name).toMatch(/^[a-z0-9*][a-z0-9.-]*[a-z0-9]$/);
      }
    }
  });
});
