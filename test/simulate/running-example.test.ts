// `diene simulate` on the running example (SPEC §1, examples/reference): the design's single
// failures, each with its expected matrix. The design's tables are not in the repo, so every
// expected cell is derived here from the SPEC and the compiled reference fleet, and the reasoning
// is written beside it.
//
// Facts used throughout (from the compiled fleet, `diene compile --fleet examples/reference`):
// - landscapes pichu (topaz), pikachu (jade), raichu (opal; ruby has traffic: false) in SIN and
//   ampharos (pearl, onyx) in IAD: 5 built traffic-on clusters;
// - raichu.<base> answers opal only; ampharos.<base> answers pearl and onyx; every service host
//   rides *.<l>.<base> CNAME <l>.<base>; the spare base holds the same names and addresses;
// - mew = raichu + ampharos, geo-routed (Route 53 geoproximity by coordinates, Google GEO by
//   googleRegion); celebi = pikachu; nitroso serves mew, mercury serves mew and celebi;
// - both bases are served by route53 and google; the parent atomi.cloud delegates only the main
//   base (NS TTL 86400 s); TTL 60 s; the planner ticks every 5 s;
// - our app is nitroso/tin (the first ready service outside the sign-in platform and the
//   intake), Doc C entry <l>.api = [main, spare]; the issuer of L is api.lithium.aldehyde.L.<base>;
//   the intake is mercury/webhook; books are published at books.atomi.cloud (inside the parent
//   zone) and a CloudFront host.
// Columns: ampharos, pichu, pikachu, raichu, celebi, mew. Users: our app, browser, first sign-in,
// signed in, outside caller, webhook sender. A virtual landscape has no book entry and no issuer:
// its our-app, first-sign-in and signed-in cells are "-".

import { describe, expect, it } from 'vitest';
import { answers, cell, drill, matrix, referenceContext, VIRTUAL_WORKS, WORKS } from '../support/simulate-fixture.js';

const BASE = 'cluster.atomi.cloud';
const SPARE = 'cluster.atomi-spare.net';
const context = referenceContext();

describe('nothing down', () => {
  it('every user works everywhere (the baseline every drill is compared with)', () => {
    const scenario = drill(context);
    expect(matrix(scenario)).toEqual({ ampharos: WORKS, pichu: WORKS, pikachu: WORKS, raichu: WORKS, celebi: VIRTUAL_WORKS, mew: VIRTUAL_WORKS });
    // both hosts answer every name; mew answers by where the client is
    expect(answers(cell(scenario, 'mew', 'browser'))).toEqual([
      `api.tin.nitroso.mew.${BASE}: 198.51.100.30 198.51.100.31 2001:db8::30 2001:db8::31 (from route53 google, near IAD)`,
      `api.tin.nitroso.mew.${BASE}: 2001:db8::20 203.0.113.20 (from route53 google, near SIN)`,
    ]);
  });
});

describe('one cluster down', () => {
  it('ampharos-pearl: ampharos and mew slow down until the planner drops pearl (1 tick of 5 s) and cached answers expire (60 s), then work', () => {
    const scenario = drill(context, 'ampharos-pearl');
    // ampharos.<base> answers pearl and onyx. Right after the failure resolvers still hold both: browsers, apps and
    // callers try pearl, time out and take onyx (slower); a webhook delivery sent to pearl fails and is retried
    // (retry). The planner removes pearl at its first tick; after 5 s + TTL 60 s everyone gets onyx only: works.
    // mew's IAD users see the same; its SIN users get raichu and never notice.
    const settling = ['works after 65 s', 'works after 65 s', 'works after 65 s', 'works after 65 s', 'works after 65 s', 'works after 65 s'];
    expect(matrix(scenario)).toEqual({
      ampharos: settling,
      pichu: WORKS,
      pikachu: WORKS,
      raichu: WORKS,
      celebi: VIRTUAL_WORKS,
      mew: ['-', 'works after 65 s', '-', '-', 'works after 65 s', 'works after 65 s'],
    });
    expect(scenario.planner.ticks).toEqual([{ removing: 'ampharos-pearl', deferred: [], changes: 16 }]);
    const app = cell(scenario, 'ampharos', 'app');
    expect(app.settle).toMatchObject({ seconds: 65, before: 'degraded', beforeHow: ['slower'] });
    expect(cell(scenario, 'ampharos', 'webhook-sender').settle).toMatchObject({ before: 'degraded', beforeHow: ['retry'] });
    // the path: Doc C of nitroso/tin, its ampharos.api entry, the main base, onyx only from both hosts
    expect(app.path[0]).toEqual({
      step: 'book',
      key: 'nitroso/tin/doc-c.json',
      entry: 'ampharos.api',
      candidates: [`api.tin.nitroso.ampharos.${BASE}`, `api.tin.nitroso.ampharos.${SPARE}`],
      refreshedFrom: 'https://books.atomi.cloud',
      result: `connected to api.tin.nitroso.ampharos.${BASE}`,
    });
    expect(answers(app)).toEqual([`api.tin.nitroso.ampharos.${BASE}: 198.51.100.31 2001:db8::31 (from route53 google, near IAD)`]);
    // back to normal needs no recovery time: the matrix already says works
    expect(app.recovery).toBeUndefined();
  });

  it('raichu-opal: raichu is down for everyone (its last traffic-on cluster; the spare base has the same addresses), mew serves SIN from IAD', () => {
    const scenario = drill(context, 'raichu-opal');
    // raichu.<base> has only opal (ruby has traffic: false): the last-address brake keeps opal's addresses, which
    // do not connect. Our app tries the main base, then the spare base (same addresses), and the book is exhausted:
    // down. Everyone else has only the main name: down. No settle time: it was down from the first second.
    // mew: the planner drops raichu from *.mew in one tick, so SIN users get ampharos (IAD): degraded (slower),
    // after up to 65 s; until then SIN users got raichu (down) while IAD users were fine (some users).
    expect(matrix(scenario)).toEqual({
      ampharos: WORKS,
      pichu: WORKS,
      pikachu: WORKS,
      raichu: ['down', 'down', 'down', 'down', 'down', 'down'],
      celebi: VIRTUAL_WORKS,
      mew: ['-', 'degraded (slower) after 65 s', '-', '-', 'degraded (slower) after 65 s', 'degraded (slower) after 65 s'],
    });
    const app = cell(scenario, 'raichu', 'app');
    expect(app.path[0]).toMatchObject({ step: 'book', entry: 'raichu.api', result: 'exhausted' });
    expect(answers(app)).toEqual([
      `api.tin.nitroso.raichu.${BASE}: 2001:db8::20 (down) 203.0.113.20 (down) (from route53 google, near SIN)`,
      `api.tin.nitroso.raichu.${SPARE}: 2001:db8::20 (down) 203.0.113.20 (down) (from route53 google, near SIN)`,
    ]);
    // the issuer of raichu is on the same clusters
    expect(cell(scenario, 'raichu', 'first-sign-in').path[0]).toEqual({ step: 'issuer', url: `https://api.lithium.aldehyde.raichu.${BASE}/oidc` });
    // opal's addresses never left raichu.<base>: back at once when opal is
    expect(app.recovery).toEqual({ seconds: 0, why: 'at once: DNS kept the addresses of the down clusters (last-address brake)' });
    const mew = cell(scenario, 'mew', 'browser');
    expect(mew.because).toEqual(['near SIN: users near SIN are served from IAD']);
    expect(mew.settle).toMatchObject({ seconds: 65, before: 'degraded', beforeHow: ['some-users'] });
    expect(mew.settle?.beforeBecause).toEqual([`near SIN: no live address for api.tin.nitroso.mew.${BASE} (raichu-opal down)`]);
    // when opal is back the planner puts raichu back into *.mew at its next tick
    expect(mew.recovery).toEqual({ seconds: 65, why: 'the planner puts the addresses back at its next tick (5 s), then cached answers expire (TTL 60 s)' });
    expect(scenario.notes).toContain('raichu: raichu-ruby is built and up with traffic: false; turning traffic on would serve raichu again');
  });
});

describe('a landscape down', () => {
  it('ampharos: down for every user of ampharos; mew moves IAD users to raichu one cluster a tick (2 ticks: 70 s)', () => {
    const scenario = drill(context, 'ampharos');
    // Both ampharos clusters are down (2 of 5: no freeze). ampharos.<base> keeps them (last address): down for all,
    // on both bases, from the first second. mew: the one-cluster brake removes onyx, then pearl (2 ticks of 5 s)
    // before IAD users stop getting ampharos; + TTL 60 s = 70 s; then they are served from SIN (slower).
    expect(matrix(scenario)).toEqual({
      ampharos: ['down', 'down', 'down', 'down', 'down', 'down'],
      pichu: WORKS,
      pikachu: WORKS,
      raichu: WORKS,
      celebi: VIRTUAL_WORKS,
      mew: ['-', 'degraded (slower) after 70 s', '-', '-', 'degraded (slower) after 70 s', 'degraded (slower) after 70 s'],
    });
    expect(scenario.planner.ticks.map((t) => t.removing)).toEqual(['ampharos-onyx', 'ampharos-pearl']);
    expect(scenario.planner.brakes[0]).toBe(
      'one cluster a plan: 2 down clusters still have addresses to remove; removing ampharos-onyx now, deferring 1 (ampharos-pearl)',
    );
    expect(cell(scenario, 'mew', 'browser').because).toEqual(['near IAD: users near IAD are served from SIN']);
    expect(answers(cell(scenario, 'mew', 'webhook-sender'))).toEqual([
      `api.webhook.mercury.mew.${BASE}: 2001:db8::20 203.0.113.20 (from route53 google, near IAD SIN)`,
    ]);
    expect(cell(scenario, 'ampharos', 'app').recovery?.seconds).toBe(0);
  });
});

describe('a DNS host down', () => {
  // Both bases are on both hosts and the parent lists both hosts' nameservers: the other host answers every
  // name. Lookups that first ask the dead host's nameservers time out before the other answers: slower. Right
  // after the failure resolvers still answer from their caches, so it shows only after up to the TTL (60 s).
  const slower = (virtual: boolean): string[] =>
    virtual
      ? ['-', 'degraded (slower) after 60 s', '-', '-', 'degraded (slower) after 60 s', 'degraded (slower) after 60 s']
      : Array.from({ length: 6 }, () => 'degraded (slower) after 60 s');
  const everywhereSlower = {
    ampharos: slower(false),
    pichu: slower(false),
    pikachu: slower(false),
    raichu: slower(false),
    celebi: slower(true),
    mew: slower(true),
  };

  it('route53: google answers everything, mew by its GEO items', () => {
    const scenario = drill(context, 'route53');
    expect(matrix(scenario)).toEqual(everywhereSlower);
    expect(cell(scenario, 'pichu', 'browser').because).toEqual(['route53 down: lookups that ask it time out before google answers']);
    expect(answers(cell(scenario, 'mew', 'browser'))).toEqual([
      `api.tin.nitroso.mew.${BASE}: 198.51.100.30 198.51.100.31 2001:db8::30 2001:db8::31 (from google, near IAD)`,
      `api.tin.nitroso.mew.${BASE}: 2001:db8::20 203.0.113.20 (from google, near SIN)`,
    ]);
    // nothing in DNS changed: back at once
    expect(cell(scenario, 'raichu', 'app').recovery).toEqual({ seconds: 0, why: 'at once: nothing in DNS has to change back' });
    expect(scenario.notes).toContain('DNS hosts: route53 down, google answers');
  });

  it('google: route53 answers everything, mew by geoproximity', () => {
    const scenario = drill(context, 'google');
    expect(matrix(scenario)).toEqual(everywhereSlower);
    expect(answers(cell(scenario, 'raichu', 'first-sign-in'))).toEqual([
      `api.lithium.aldehyde.raichu.${BASE}: 2001:db8::20 203.0.113.20 (from route53, near SIN)`,
    ]);
    expect(answers(cell(scenario, 'mew', 'outside-caller'))).toEqual([
      `api.tin.nitroso.mew.${BASE}: 198.51.100.30 198.51.100.31 2001:db8::30 2001:db8::31 (from route53, near IAD)`,
      `api.tin.nitroso.mew.${BASE}: 2001:db8::20 203.0.113.20 (from route53, near SIN)`,
    ]);
  });
});

describe('the parent zone down', () => {
  it('atomi.cloud: once resolvers lose the delegation (86400 s), only our apps get through, on the spare base; sign-in is down', () => {
    const scenario = drill(context, 'parent');
    // The parent delegates cluster.atomi.cloud (NS, TTL 86400 s); the spare base is delegated elsewhere. Resolvers
    // keep the delegation up to 86400 s, so everything works until then. After that, main-base names do not
    // resolve: our app's client rule moves to the spare candidate of its Doc C entry (degraded: spare base);
    // browsers, outside callers and webhook senders have only the main name (down); the issuer is baked in and on
    // the main base only, never in a book (first sign-in down); a signed-in user keeps using the app on the spare
    // base until the token needs a refresh at the issuer.
    const landscape = [
      'degraded (spare base) after 86400 s',
      'down after 86400 s',
      'down after 86400 s',
      'degraded (spare base, until token refresh) after 86400 s',
      'down after 86400 s',
      'down after 86400 s',
    ];
    const virtual = ['-', 'down after 86400 s', '-', '-', 'down after 86400 s', 'down after 86400 s'];
    expect(matrix(scenario)).toEqual({ ampharos: landscape, pichu: landscape, pikachu: landscape, raichu: landscape, celebi: virtual, mew: virtual });
    const app = cell(scenario, 'pikachu', 'app');
    // books.atomi.cloud is a name in atomi.cloud itself: books come from the CloudFront copy
    expect(app.path[0]).toMatchObject({ refreshedFrom: 'https://d111111abcdef8.cloudfront.net', result: `connected to api.tin.nitroso.pikachu.${SPARE}` });
    expect(answers(app)).toEqual([
      `api.tin.nitroso.pikachu.${BASE}: the parent zone atomi.cloud is down and resolvers no longer hold the delegation of ${BASE} (from nobody, near SIN)`,
      `api.tin.nitroso.pikachu.${SPARE}: 192.0.2.12 2001:db8::12 (from route53 google, near SIN)`,
    ]);
    expect(app.settle).toMatchObject({ seconds: 86400, before: 'works' });
    expect(app.recovery).toEqual({ seconds: 0, why: 'at once: resolvers find the hosts again at their next lookup' });
    expect(cell(scenario, 'pikachu', 'signed-in').because).toContain('the session lasts until its token needs a refresh at the issuer');
  });
});

describe('the control cluster down', () => {
  it('primordial: every user works (clusters serve on their own); deploys, promotions and the traffic planner stop', () => {
    const scenario = drill(context, 'control');
    expect(matrix(scenario)).toEqual({ ampharos: WORKS, pichu: WORKS, pikachu: WORKS, raichu: WORKS, celebi: VIRTUAL_WORKS, mew: VIRTUAL_WORKS });
    expect(scenario.planner).toEqual({ running: false, ticks: [], brakes: [] });
    expect(scenario.notes).toEqual([
      'traffic planner: not running (it runs in T3 on the control cluster, primordial): DNS keeps what it had',
      'control cluster primordial down: ArgoCD, Kargo and T3 run there, so no deploy, promotion or cluster build until it is back; running clusters keep serving',
    ]);
  });
});

describe('other single failures', () => {
  it('region SIN: 3 of 5 traffic-on clusters down freezes the planner, so mew keeps sending SIN users to raichu', () => {
    const scenario = drill(context, 'SIN');
    // pichu, pikachu and raichu are in SIN: down for their users. More than half the traffic-on clusters are down:
    // the freeze plans nothing, so *.mew keeps raichu and SIN users of mew stay down while IAD users work.
    expect(matrix(scenario)).toEqual({
      ampharos: WORKS,
      pichu: ['down', 'down', 'down', 'down', 'down', 'down'],
      pikachu: ['down', 'down', 'down', 'down', 'down', 'down'],
      raichu: ['down', 'down', 'down', 'down', 'down', 'down'],
      celebi: ['-', 'down', '-', '-', 'down', 'down'],
      mew: ['-', 'degraded (some users)', '-', '-', 'degraded (some users)', 'degraded (some users)'],
    });
    expect(scenario.planner.refused).toContain('freeze: 3 of 5 built traffic-on clusters are down');
  });

  it('raichu-ruby (traffic: false): no user notices', () => {
    const scenario = drill(context, 'raichu-ruby');
    expect(matrix(scenario)).toEqual({ ampharos: WORKS, pichu: WORKS, pikachu: WORKS, raichu: WORKS, celebi: VIRTUAL_WORKS, mew: VIRTUAL_WORKS });
    expect(scenario.notes).toContain('raichu-ruby: traffic: false, so no user name answers with it (only its ops names)');
  });

  it('a book place: every user works; apps refresh their books from the next place', () => {
    const scenario = drill(context, 'https://books.atomi.cloud');
    expect(matrix(scenario)).toEqual({ ampharos: WORKS, pichu: WORKS, pikachu: WORKS, raichu: WORKS, celebi: VIRTUAL_WORKS, mew: VIRTUAL_WORKS });
    expect(cell(scenario, 'raichu', 'app').path[0]).toMatchObject({ refreshedFrom: 'https://d111111abcdef8.cloudfront.net' });
  });
});
