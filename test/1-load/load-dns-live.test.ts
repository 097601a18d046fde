// Loading live snapshots and health: the schema (one of values and GEO,
// geoproximity only with a set identifier), escapes read the way each host
// writes them, the parent zone's snapshots, and health typos refused.

import { describe, expect, it } from 'vitest';
import { loadDnsHealth, loadDnsLive } from '../../compiler/1-load/load-dns-live.js';
import { sourceFile } from '../../compiler/1-load/source-file.js';
import { inputValidators } from '../../compiler/index.js';
import { compileDns } from '../support/dns-fixture.js';

const { intent } = compileDns();
const validators = inputValidators();

function load(path: string, doc: unknown, identity?: { zone: string; host: string }) {
  return loadDnsLive([{ source: sourceFile(path, JSON.stringify(doc, null, 2)), ...(identity ? { identity } : {}) }], intent.zones, validators);
}

const star = { name: '\\052.raichu.cluster.atomi.cloud.', type: 'CNAME', ttl: 60, values: ['raichu.cluster.atomi.cloud.'] };

describe('loadDnsLive', () => {
  it('reads Route 53 names with octal escapes and keeps the record set as read', () => {
    const { snapshots, diagnostics } = load('r.json', { version: 1, zone: 'cluster.atomi.cloud.', host: 'route53', recordSets: [star] });
    expect(diagnostics).toEqual([]);
    expect(snapshots[0]?.provider).toBe('route53');
    expect(snapshots[0]?.recordSets[0]).toEqual({
      canonical: { name: '*.raichu.cluster.atomi.cloud', type: 'CNAME', ttl: 60, values: ['raichu.cluster.atomi.cloud'] },
      raw: star,
      key: '*.raichu.cluster.atomi.cloud\tCNAME\t',
    });
  });

  it('reads other hosts with RFC 1035 decimal escapes', () => {
    const { snapshots } = load('g.json', { version: 1, zone: 'cluster.atomi.cloud', host: 'google', recordSets: [star] });
    expect(snapshots[0]?.recordSets[0]?.canonical.name).toBe('4.raichu.cluster.atomi.cloud');
  });

  it('refuses a record set with both values and GEO items, or with neither', () => {
    const both = { name: 'x.cluster.atomi.cloud', type: 'A', ttl: 60, values: ['192.0.2.1'], geo: [{ location: 'us-east4', values: ['192.0.2.1'] }] };
    const neither = { name: 'x.cluster.atomi.cloud', type: 'A', ttl: 60 };
    for (const rs of [both, neither]) {
      const { snapshots, diagnostics } = load('g.json', { version: 1, zone: 'cluster.atomi.cloud', host: 'google', recordSets: [rs] });
      expect(snapshots).toEqual([]);
      expect(diagnostics.length).toBeGreaterThan(0);
      expect(diagnostics.every((d) => d.code.startsWith('schema_') && d.file === 'g.json')).toBe(true);
    }
  });

  it('refuses geoproximity without a set identifier, at the geoproximity key that needs it', () => {
    const rs = { name: '*.mew.cluster.atomi.cloud', type: 'A', ttl: 60, geoproximity: { latitude: '1.36', longitude: '103.99' }, values: ['192.0.2.1'] };
    const { diagnostics } = load('r.json', { version: 1, zone: 'cluster.atomi.cloud', host: 'route53', recordSets: [rs] });
    expect(diagnostics.map((d) => [d.code, d.line, d.message])).toEqual([
      ['schema_required', 10, 'missing required key "setIdentifier", which "geoproximity" needs'],
    ]);
  });

  it('accepts a parent-zone snapshot from any host, and the compiled delegation plan without one', () => {
    const ns = { name: 'cluster.atomi.cloud.', type: 'NS', ttl: 86400, values: ['ns-101.awsdns-12.com.'] };
    const fromRegistrar = load(
      'atomi.cloud/registrar.json',
      { version: 1, zone: 'atomi.cloud', host: 'registrar', recordSets: [ns] },
      { zone: 'atomi.cloud', host: 'registrar' },
    );
    expect(fromRegistrar.diagnostics).toEqual([]);
    expect(fromRegistrar.snapshots[0]?.host).toBe('registrar');
    const compiled = load(
      'atomi.cloud/delegation.json',
      { version: 1, zone: 'atomi.cloud', delegates: 'cluster.atomi.cloud', recordSets: [ns] },
      { zone: 'atomi.cloud', host: 'delegation' },
    );
    expect(compiled.diagnostics).toEqual([]);
    expect(compiled.snapshots[0]?.host).toBe('delegation');
  });

  it('refuses a base-zone snapshot that names no host', () => {
    const { diagnostics } = load('x.json', { version: 1, zone: 'cluster.atomi.cloud', recordSets: [] });
    expect(diagnostics.map((d) => [d.code, d.message])).toEqual([
      ['dns_live_unknown_host', 'host "(none)" does not serve zone cluster.atomi.cloud in fleet.yaml'],
    ]);
  });

  it('refuses a second snapshot of the same zone and host', () => {
    const doc = { version: 1, zone: 'cluster.atomi.cloud', host: 'route53', recordSets: [] };
    const { snapshots, diagnostics } = loadDnsLive(
      [{ source: sourceFile('a.json', JSON.stringify(doc)) }, { source: sourceFile('b.json', JSON.stringify({ ...doc, zone: 'CLUSTER.atomi.cloud.' })) }],
      intent.zones,
      validators,
    );
    expect(snapshots).toHaveLength(1);
    expect(diagnostics.map((d) => [d.code, d.file, d.message])).toEqual([
      ['dns_live_duplicate', 'b.json', 'the snapshot of cluster.atomi.cloud on route53 appears twice in the live state (first: a.json)'],
    ]);
  });
});

describe('loadDnsHealth', () => {
  it('reads acceptingTraffic per cluster', () => {
    const { health, diagnostics } = loadDnsHealth(
      sourceFile('h.json', '{"clusters": {"raichu-opal": {"acceptingTraffic": false}}}'),
      intent.clusters,
      validators,
    );
    expect(diagnostics).toEqual([]);
    expect(health).toEqual({ clusters: { 'raichu-opal': { acceptingTraffic: false } } });
  });

  it('refuses a misspelt key rather than reading the cluster as up', () => {
    const { health, diagnostics } = loadDnsHealth(
      sourceFile('h.json', '{"clusters": {"raichu-opal": {"acceptingtraffic": false}}}'),
      intent.clusters,
      validators,
    );
    expect(health).toBeUndefined();
    // one mistake, one error: the misspelt key, with the missing key it stands for folded under it
    expect(diagnostics.map((d) => [d.code, d.message])).toEqual([['schema_key_misspelt', 'unknown key "acceptingtraffic": did you mean "acceptingTraffic"?']]);
  });
});
