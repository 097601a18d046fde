// DNS refusals at compile time (SPEC §3.3, §4) beyond their sample cases:
// where the limits sit exactly, which landscapes go dark, and what is only
// a warning.

import { describe, expect, it } from 'vitest';
import { compileFleet } from '../../compiler/index.js';
import { compileDns } from '../support/dns-fixture.js';
import { overlayTexts, readFleetTexts, TEST_NOW_SECONDS, toSourceFiles } from '../support/fleet-fixture.js';

const reference = readFleetTexts();
const fleetYaml = reference.get('registry/fleet.yaml') as string;

function compile(overlay: Record<string, string | null>) {
  return compileFleet(toSourceFiles(overlayTexts(reference, overlay)), { nowSeconds: TEST_NOW_SECONDS });
}

function withCloudflare(ttl: number): Record<string, string> {
  return {
    'registry/fleet.yaml': fleetYaml
      .replace('ttl: 60 #', `ttl: ${ttl} #`)
      .replace(
        '    - name: google\n',
        '    - name: edge\n      provider: cloudflare\n      nameservers: {cluster.atomi.cloud: [ada.ns.cloudflare.com], cluster.atomi-spare.net: [ada.ns.cloudflare.com]}\n    - name: google\n',
      ),
  };
}

function codes(result: ReturnType<typeof compile>, severity = 'error'): string[] {
  return result.diagnostics.filter((d) => d.severity === severity && d.code.startsWith('dns_')).map((d) => d.code);
}

describe('TTL limits of each host', () => {
  it("accepts a TTL at a host's minimum and refuses one second less, naming the host and its limit", () => {
    expect(codes(compile(withCloudflare(60)))).toEqual([]);
    const refused = compile(withCloudflare(59));
    expect(refused.outputs).toBeUndefined();
    expect(refused.diagnostics.filter((d) => d.code === 'dns_ttl_out_of_range').map((d) => [d.message, d.hint])).toEqual([
      [
        'TTL 59 is outside what host "edge" (Cloudflare DNS) can store: its minimum is 60 seconds',
        'a record TTL is 1 (automatic) or 60 to 86,400 seconds (30 only on Enterprise plans); set dns.ttl within the limits of every host (the compiler never clamps a TTL)',
      ],
    ]);
  });

  it('lets Route 53 and Google store a one-second TTL', () => {
    expect(codes(compile({ 'registry/fleet.yaml': fleetYaml.replace('ttl: 60 #', 'ttl: 1 #') }))).toEqual([]);
  });
});

describe('landscapes that would lose their name', () => {
  it('refuses a used landscape whose built clusters all have traffic off, even when an unbuilt one has it on', () => {
    const result = compile({ 'state/clusters/raichu-opal.yaml': null });
    expect(result.diagnostics.filter((d) => d.code === 'dns_landscape_dark').map((d) => [d.file, d.message])).toEqual([
      [
        'registry/clusters/raichu-ruby.yaml',
        'landscape "raichu" is used by aldehyde, mercury, nitroso but every built cluster (raichu-ruby) has traffic off: its name would have no address',
      ],
    ]);
  });

  it('only warns about a landscape no platform uses, and gives it ops names without a landscape name', () => {
    const overlay = {
      'registry/landscapes/togepi.yaml': 'name: togepi\nregion: SIN\ntier: dev\n',
      'registry/clusters/togepi-amber.yaml': 'landscape: togepi\nmark: amber\nprovider: aws\naccount: aws-main\ntraffic: false\n',
      'state/clusters/togepi-amber.yaml': 'addresses: [192.0.2.40]\n',
    };
    const result = compile(overlay);
    expect(codes(result)).toEqual([]);
    expect(result.diagnostics.map((d) => d.code)).toContain('landscape_dark_unused');
    const names = compileDns(overlay)
      .documents.get('dns/cluster.atomi.cloud/route53.json')
      ?.recordSets.map((rs) => rs.name)
      .filter((n) => n.includes('togepi'));
    expect(names).toEqual(['amber.togepi.cluster.atomi.cloud', '*.amber.togepi.cluster.atomi.cloud']);
  });

  it('only warns about a used landscape none of whose clusters is built yet, and compiles', () => {
    const result = compile({ 'state/clusters/pikachu-jade.yaml': null });
    expect(result.outputs).toBeDefined();
    expect(codes(result, 'warning')).toEqual(['dns_landscape_unbuilt', 'dns_vlandscape_no_address']);
  });
});
