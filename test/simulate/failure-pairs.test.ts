// `diene simulate` with two failures at once on the running example (SPEC §1): what the pair
// does that neither failure does alone. Same facts and columns as running-example.test.ts.

import { describe, expect, it } from 'vitest';
import { answers, cell, drill, matrix, referenceContext, VIRTUAL_WORKS, WORKS } from '../support/simulate-fixture.js';

const BASE = 'cluster.atomi.cloud';
const SPARE = 'cluster.atomi-spare.net';
const context = referenceContext();
const DOWN = ['down', 'down', 'down', 'down', 'down', 'down'];

describe('two failures at once', () => {
  it('route53 + google: no name of either base resolves once caches expire; the spare base is on the same hosts, so apps are down too', () => {
    const scenario = drill(context, 'route53,google');
    // Every DNS host is down. Cached answers last up to the TTL (60 s); after that nothing resolves. Our app's
    // client rule tries the spare candidate, but SPEC §2 puts both bases on the same hosts: exhausted, down.
    const row = Array.from({ length: 6 }, () => 'down after 60 s');
    const virtual = ['-', 'down after 60 s', '-', '-', 'down after 60 s', 'down after 60 s'];
    expect(matrix(scenario)).toEqual({ ampharos: row, pichu: row, pikachu: row, raichu: row, celebi: virtual, mew: virtual });
    const app = cell(scenario, 'raichu', 'app');
    expect(app.path[0]).toMatchObject({ result: 'exhausted' });
    expect(answers(app)).toEqual([
      `api.tin.nitroso.raichu.${BASE}: every DNS host of ${BASE} is down (route53, google) (from nobody, near SIN)`,
      `api.tin.nitroso.raichu.${SPARE}: every DNS host of ${SPARE} is down (route53, google) (from nobody, near SIN)`,
    ]);
    expect(app.settle).toMatchObject({ seconds: 60, before: 'works' });
  });

  it('control + ampharos-pearl: with the planner not running, pearl stays in the answers: slower (retry for webhooks) for as long as both last', () => {
    const scenario = drill(context, 'control,ampharos-pearl');
    // Alone, ampharos-pearl settles to "works" after 65 s (running-example.test.ts). The planner runs in T3 on
    // primordial: with it down, no tick removes pearl, so clients keep trying it first (slower; a webhook delivery
    // to it fails and is retried). It never settles while primordial is down; nothing to undo once both are back.
    expect(matrix(scenario)).toEqual({
      ampharos: ['degraded (slower)', 'degraded (slower)', 'degraded (slower)', 'degraded (slower)', 'degraded (slower)', 'degraded (retry)'],
      pichu: WORKS,
      pikachu: WORKS,
      raichu: WORKS,
      celebi: VIRTUAL_WORKS,
      mew: ['-', 'degraded (slower)', '-', '-', 'degraded (slower)', 'degraded (retry)'],
    });
    expect(scenario.planner.running).toBe(false);
    expect(answers(cell(scenario, 'ampharos', 'browser'))).toEqual([
      `api.tin.nitroso.ampharos.${BASE}: 198.51.100.30 (down) 198.51.100.31 2001:db8::30 (down) 2001:db8::31 (from route53 google, near IAD)`,
    ]);
    expect(cell(scenario, 'ampharos', 'browser').recovery).toEqual({ seconds: 0, why: 'at once: DNS kept every address: the planner was not running' });
  });

  it('ampharos + pikachu-jade: 3 of 5 traffic-on clusters down freezes the planner; mew keeps sending IAD users to dead ampharos', () => {
    const scenario = drill(context, 'ampharos,pikachu-jade');
    // Alone, ampharos moves mew's IAD users to raichu in 70 s. With pikachu-jade down as well, 3 of the 5 built
    // traffic-on clusters are down: the freeze plans nothing, so *.mew keeps ampharos. IAD users of mew are down,
    // SIN users work (some users). pikachu and celebi (= pikachu) are down.
    expect(matrix(scenario)).toEqual({
      ampharos: DOWN,
      pichu: WORKS,
      pikachu: DOWN,
      raichu: WORKS,
      celebi: ['-', 'down', '-', '-', 'down', 'down'],
      mew: ['-', 'degraded (some users)', '-', '-', 'degraded (some users)', 'degraded (some users)'],
    });
    expect(scenario.planner.refused).toBe(
      'freeze: 3 of 5 built traffic-on clusters are down (ampharos-onyx, ampharos-pearl, pikachu-jade), more than half: nothing is planned until at least 3 are up, or a person overrides it with --override-freeze REASON',
    );
    expect(cell(scenario, 'mew', 'browser').because).toEqual([
      `near IAD: no live address for api.tin.nitroso.mew.${BASE} (ampharos-onyx, ampharos-pearl down)`,
    ]);
  });

  it('parent + raichu-opal: the spare base rescues our apps everywhere but raichu, whose clusters are down on both bases', () => {
    const scenario = drill(context, 'parent,raichu-opal');
    // The parent zone alone leaves our apps on the spare base (running-example.test.ts). The spare base has the same
    // addresses, so in raichu, whose only traffic-on cluster is down, it rescues nothing: down from the first second.
    const rescued = [
      'degraded (spare base) after 86400 s',
      'down after 86400 s',
      'down after 86400 s',
      'degraded (spare base, until token refresh) after 86400 s',
      'down after 86400 s',
      'down after 86400 s',
    ];
    const virtual = ['-', 'down after 86400 s', '-', '-', 'down after 86400 s', 'down after 86400 s'];
    expect(matrix(scenario)).toEqual({ ampharos: rescued, pichu: rescued, pikachu: rescued, raichu: DOWN, celebi: virtual, mew: virtual });
    expect(answers(cell(scenario, 'raichu', 'app'))).toEqual([
      `api.tin.nitroso.raichu.${BASE}: the parent zone atomi.cloud is down and resolvers no longer hold the delegation of ${BASE} (from nobody, near SIN)`,
      `api.tin.nitroso.raichu.${SPARE}: 2001:db8::20 (down) 203.0.113.20 (down) (from route53 google, near SIN)`,
    ]);
  });

  it('route53 + raichu-opal: the planner writes google only; route53 catches up when it is back', () => {
    const scenario = drill(context, 'route53,raichu-opal');
    // raichu is down (its last traffic-on cluster); everything else is slower because route53 is down. The planner
    // cannot reach route53: it takes raichu out of *.mew on google only (4 changes), and google answers mew.
    const slower = Array.from({ length: 6 }, () => 'degraded (slower) after 60 s');
    expect(matrix(scenario)).toEqual({
      ampharos: slower,
      pichu: slower,
      pikachu: slower,
      raichu: DOWN,
      celebi: ['-', 'degraded (slower) after 60 s', '-', '-', 'degraded (slower) after 60 s', 'degraded (slower) after 60 s'],
      mew: ['-', 'degraded (slower) after 65 s', '-', '-', 'degraded (slower) after 65 s', 'degraded (slower) after 65 s'],
    });
    expect(scenario.planner.ticks).toEqual([{ removing: 'raichu-opal', deferred: [], changes: 4 }]);
    expect(scenario.notes).toContain(
      "DNS hosts: route53 down, google answers; route53 missed the planner's writes and catches up at the first tick after it is back",
    );
    expect(answers(cell(scenario, 'mew', 'browser'))).toEqual([
      `api.tin.nitroso.mew.${BASE}: 198.51.100.30 198.51.100.31 2001:db8::30 2001:db8::31 (from google, near IAD SIN)`,
    ]);
  });

  it('both book places: apps keep their saved books, which still rescue; every user works', () => {
    const scenario = drill(context, 'place:https://books.atomi.cloud,place:https://d111111abcdef8.cloudfront.net');
    expect(matrix(scenario)).toEqual({ ampharos: WORKS, pichu: WORKS, pikachu: WORKS, raichu: WORKS, celebi: VIRTUAL_WORKS, mew: VIRTUAL_WORKS });
    const book = cell(scenario, 'raichu', 'app').path[0];
    expect(book).toMatchObject({ step: 'book', result: 'connected to api.tin.nitroso.raichu.cluster.atomi.cloud' });
    expect(book).not.toHaveProperty('refreshedFrom');
    expect(scenario.notes).toContain(
      'address books: no place serves them; apps keep their saved books, which still rescue (they hold every landscape); new books wait for a place to come back',
    );
  });
});
