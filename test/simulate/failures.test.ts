// What `diene simulate --fail` takes (compiler/simulate/failures.ts): bare names or kind:name,
// several at once, each resolved against the reference fleet; a word naming nothing or two
// things is refused with its catalog code; --all-single runs every single failure.

import { describe, expect, it } from 'vitest';
import { everySingleFailure, parseFailures } from '../../compiler/simulate/failures.js';
import { referenceContext } from '../support/simulate-fixture.js';

const { model } = referenceContext();

describe('parseFailures', () => {
  it('reads bare names of every kind, comma-separated or repeated, sorted by kind then name, once each', () => {
    const parsed = parseFailures(model, ['route53,raichu-opal', 'SIN', 'parent,control', 'ampharos', 'books.atomi.cloud', 'raichu-opal']);
    expect(parsed.diagnostics).toEqual([]);
    expect(parsed.failures).toEqual([
      { kind: 'cluster', name: 'raichu-opal' },
      { kind: 'landscape', name: 'ampharos' },
      { kind: 'region', name: 'SIN' },
      { kind: 'host', name: 'route53' },
      { kind: 'parent', name: 'atomi.cloud' },
      { kind: 'place', name: 'https://books.atomi.cloud' },
      { kind: 'control', name: 'primordial' },
    ]);
  });

  it('reads kind:name, the parent zone by its name, a place by its URL, and primordial for the control cluster', () => {
    const parsed = parseFailures(model, ['host:google', 'atomi.cloud', 'place:https://D111111ABCDEF8.cloudfront.net/', 'primordial', 'landscape:pichu']);
    expect(parsed.failures.map((f) => `${f.kind} ${f.name}`)).toEqual([
      'landscape pichu',
      'host google',
      'parent atomi.cloud',
      'place https://d111111abcdef8.cloudfront.net',
      'control primordial',
    ]);
  });

  it('refuses a word that names nothing, and a kind:name whose kind does not hold it, one diagnostic each', () => {
    const parsed = parseFailures(model, ['raichu-opals', 'host:pichu', 'sin']);
    expect(parsed.diagnostics.map((d) => [d.code, d.message])).toEqual([
      ['simulate_failure_unknown', '--fail "raichu-opals" names nothing in the fleet'],
      ['simulate_failure_unknown', '--fail "host:pichu" names nothing in the fleet'],
      ['simulate_failure_unknown', '--fail "sin" names nothing in the fleet'],
    ]);
    expect(parsed.diagnostics[0]?.hint).toContain('a region (IAD, SIN), a DNS host (route53, google), parent (atomi.cloud)');
    // a close spelling is named first, of the kind written when there is one
    expect(parsed.diagnostics.map((d) => /^did you mean "[^"]*"\? /.exec(d.hint)?.[0] ?? '')).toEqual([
      'did you mean "raichu-opal"? ',
      '',
      'did you mean "SIN"? ',
    ]);
    expect(parseFailures(model, ['raichu-opl']).diagnostics[0]?.hint).toMatch(/^did you mean "raichu-opal"\? name a cluster/);
    expect(parseFailures(model, ['cluster:raichu-opl']).diagnostics[0]?.hint).toMatch(/^did you mean "cluster:raichu-opal"\? /);
  });

  it('refuses a bare word the fleet uses for two kinds, and takes it with its kind', () => {
    const { model: twice } = referenceContext({ 'registry/landscapes/route53.yaml': 'name: route53\nregion: SIN\ntier: dev\n' });
    const parsed = parseFailures(twice, ['route53']);
    expect(parsed.diagnostics.map((d) => [d.code, d.message, d.hint])).toEqual([
      [
        'simulate_failure_ambiguous',
        '--fail "route53" names more than one thing: landscape route53 and host route53',
        'say which with its kind: --fail landscape:route53 or host:route53',
      ],
    ]);
    expect(parseFailures(twice, ['host:route53']).failures).toEqual([{ kind: 'host', name: 'route53' }]);
  });
});

describe('everySingleFailure', () => {
  it('lists every cluster, landscape, region, DNS host, the parent zone, every place and the control cluster of the reference fleet', () => {
    expect(everySingleFailure(model).map((f) => `${f.kind} ${f.name}`)).toEqual([
      'cluster ampharos-onyx',
      'cluster ampharos-pearl',
      'cluster pichu-topaz',
      'cluster pikachu-jade',
      'cluster raichu-opal',
      'cluster raichu-ruby',
      'landscape ampharos',
      'landscape pichu',
      'landscape pikachu',
      'landscape raichu',
      'region IAD',
      'region SIN',
      'host route53',
      'host google',
      'parent atomi.cloud',
      'place https://books.atomi.cloud',
      'place https://d111111abcdef8.cloudfront.net',
      'control primordial',
    ]);
  });
});
