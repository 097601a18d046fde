/**
 * What a change does for users (compiler/report/user-changes.ts), on the
 * larkspur fleet compiled in memory: a cluster removed from the registry is
 * still named by the ops name that held its address before, and its ops names
 * are deleted; what the planner leaves alone is listed with its hosts; its gateway
 * loses every name; a landscape whose clusters go is dropped from the books;
 * and the head against its own outputs changes nothing.
 */
import { describe, expect, it } from 'vitest';
import { dnsIntent } from '../../compiler/2-analyze/dns-names.js';
import { compileFleet } from '../../compiler/index.js';
import { renderReport } from '../../compiler/report/pr-report.js';
import { bookChanges, dnsAnswerDiff, gatewayChanges, routePathChanges, userChanges } from '../../compiler/report/user-changes.js';
import { TEST_NOW_SECONDS, toSourceFiles } from '../support/fleet-fixture.js';
import { larkspurBase } from '../support/larkspur-fleet.js';

function compiled(overlay: Record<string, string | null> = {}) {
  const texts = new Map(Object.entries({ ...larkspurBase(), ...overlay }).filter((e): e is [string, string] => e[1] !== null));
  const result = compileFleet(toSourceFiles(texts), { nowSeconds: TEST_NOW_SECONDS });
  expect(result.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
  if (!result.outputs || !result.model) throw new Error('the fleet does not compile');
  return { outputs: result.outputs, model: result.model };
}

describe('user changes', () => {
  it('name the cluster a change removes from the registry by the ops name that held its address', () => {
    const base = compiled();
    const head = compiled({ 'registry/clusters/euprod-green.yaml': null, 'state/clusters/euprod-green.yaml': null });
    const dns = dnsAnswerDiff(dnsIntent(head.model), base.outputs);
    expect(dns.unplanned).toEqual([]);
    expect(dns.changes.find((c) => c.name === 'euprod.cluster.larkspur.io' && c.type === 'A')).toEqual({
      name: 'euprod.cluster.larkspur.io',
      type: 'A',
      verb: 'update',
      hosts: ['gcloud', 'r53'],
      added: [],
      removed: [{ value: '192.0.2.13', cluster: 'euprod-green' }],
    });
    // Its ops names are deleted with it (SPEC §3.3: ops names are the planner's), each address still named by its cluster.
    const deleted = (name: string, type: string, value: string) => ({
      name,
      type,
      verb: 'delete',
      hosts: ['gcloud', 'r53'],
      added: [],
      removed: [{ value, cluster: 'euprod-green' }],
    });
    expect(dns.changes.filter((c) => c.name.endsWith('green.euprod.cluster.larkspur.io'))).toEqual([
      deleted('green.euprod.cluster.larkspur.io', 'A', '192.0.2.13'),
      deleted('green.euprod.cluster.larkspur.io', 'AAAA', '2001:db8:e::13'),
      deleted('*.green.euprod.cluster.larkspur.io', 'A', '192.0.2.13'),
      deleted('*.green.euprod.cluster.larkspur.io', 'AAAA', '2001:db8:e::13'),
    ]);
    expect(dns.leftAlone).toEqual([]);
    const gateways = gatewayChanges(base.outputs, head.outputs);
    expect(gateways.map((g) => [g.cluster, g.added.length, g.removed.length > 0])).toEqual([['euprod-green', 0, true]]);
  });

  it('list what the planner leaves alone, with its hosts: a name shaped like a diene name that the registry does not give', () => {
    const base = compiled();
    // Someone else's www A in the base's zone plans, on both hosts.
    const before = new Map(
      [...base.outputs].map(([path, text]) => {
        if (!/^dns\/cluster\.larkspur\.io\/[^/]+\.json$/.test(path)) return [path, text];
        const doc = JSON.parse(text) as { recordSets: unknown[] };
        doc.recordSets.push({ name: 'www.cluster.larkspur.io', type: 'A', ttl: 60, values: ['192.0.2.80'] });
        return [path, JSON.stringify(doc)];
      }),
    );
    const dns = dnsAnswerDiff(dnsIntent(base.model), before);
    expect(dns.changes).toEqual([]);
    expect(dns.leftAlone.map((l) => [l.report.split(' looks like')[0], l.hosts])).toEqual([['unmanaged: www.cluster.larkspur.io A', ['gcloud', 'r53']]]);
    const markdown = renderReport({
      version: 'test',
      diagnostics: [],
      changes: { files: [], total: 0 },
      comparedWith: 'against the base branch',
      platforms: [],
      users: { dns, routePaths: [], books: [], gateways: [] },
    });
    expect(markdown).toContain(
      // The report breaks a host name that GitHub would turn into a link with a zero-width space.
      '<details><summary>Record sets the planner leaves alone (1)</summary>\n\n- `gcloud`, `r53`: unmanaged: www\u200b.cluster.larkspur.io A looks like a diene name',
    );
  });

  it('give the Doc A places and Doc C candidates that change', () => {
    const base = compiled();
    const fleet = larkspurBase()['registry/fleet.yaml'] as string;
    const head = compiled({
      'registry/fleet.yaml': fleet.replace('places: [https://books.larkspur.io]', 'places: [https://books.larkspur.io, https://books-mirror.larkspur.io]'),
    });
    expect(bookChanges(base.outputs, head.outputs)).toEqual([
      { book: 'books/doc-a.json', doc: 'A', entry: 'https://books-mirror.larkspur.io', status: 'added' },
    ]);
    expect(routePathChanges(base.outputs, head.outputs)).toEqual([]);
  });

  it('are empty for the head against its own outputs', () => {
    const head = compiled();
    expect(userChanges(dnsIntent(head.model), head.outputs, head.outputs)).toEqual({
      dns: { changes: [], unplanned: [], leftAlone: [] },
      routePaths: [],
      books: [],
      gateways: [],
    });
  });
});
