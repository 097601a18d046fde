// `diene route HOST PATH` as an operator runs it on the reference fleet: which
// route serves the URL and why, in text and JSON; the host read as an edge
// keys it; a host no route serves exits 2.

import { describe, expect, it } from 'vitest';
import { REFERENCE_FLEET } from '../support/fleet-fixture.js';
import { routeHelp } from '../../compiler/cli/route.help.js';
import { runCli } from '../support/run-cli.js';

const TIN = 'api.tin.nitroso.pikachu.cluster.atomi.cloud';
const ZINC_PIKACHU = 'api.zinc.nitroso.pikachu.cluster.atomi.cloud';
const route = (host: string, path: string, ...extra: string[]) => runCli(['route', host, path, '--fleet', REFERENCE_FLEET, ...extra]);

describe('diene route', () => {
  it('explains a prefix hit in text', () => {
    const run = route(TIN, '/paulca/x');
    expect(run.exitCode).toBe(0);
    expect(run.stdout).toBe(
      [
        `${TIN}/paulca/x`,
        '  served by  api.zinc.nitroso.pikachu.cluster.atomi.cloud (platform nitroso, service zinc, landscape pikachu)',
        `  host       resolved exactly to ${TIN} (platform nitroso, service tin, landscape pikachu)`,
        `  why        prefix "paulca" hit on the first segment "paulca" (raw and normalised alike) in the host's map of 2 prefixes (claims/domains/${TIN}.json)`,
        '  upstream   path /paulca/x is sent unchanged',
        '',
      ].join('\n'),
    );
    // only the warnings about this host's claim, on stderr
    expect(run.stderr).toContain(`claims/domains/${TIN}.json`);
    expect(run.stderr).not.toContain('row_override_stale');
  });

  it('says a segment once when its raw and normalised spellings are the same, and counts one prefix in the singular', () => {
    const pichu = 'api.zinc.nitroso.pichu.cluster.atomi.cloud';
    expect(route(pichu, '/v1/x').stdout).toContain(
      `  why        prefix "v1" hit on the first segment "v1" (raw and normalised alike) in the host's map of 1 prefix (claims/domains/${pichu}.json)\n`,
    );
    expect(route(pichu, '/orders').stdout).toContain(
      `  why        no prefix of the host's map (1 prefix, claims/domains/${pichu}.json) matches the first segment "orders" (raw and normalised alike): fallthrough to the host's own route\n`,
    );
    // spellings that differ are both named
    expect(route(pichu, '/%2e%2e/v1').stdout).toContain(
      'hit on the normalised first segment (raw first segment "..", normalised "v1") in the host\'s map of 1 prefix',
    );
  });

  it('answers on the spare-base twin as on the main host, by the claim on the main host (SPEC §3.4: a flip follows the service onto the spare base)', () => {
    const spare = 'api.tin.nitroso.pikachu.cluster.atomi-spare.net';
    const flipped = route(spare, '/paulca/x');
    expect(flipped.exitCode).toBe(0);
    expect(flipped.stdout).toBe(
      [
        `${spare}/paulca/x`,
        '  served by  api.zinc.nitroso.pikachu.cluster.atomi-spare.net (platform nitroso, service zinc, landscape pikachu)',
        `  host       resolved exactly to ${spare} (platform nitroso, service tin, landscape pikachu)`,
        `  why        prefix "paulca" hit on the first segment "paulca" (raw and normalised alike) in the host's map of 2 prefixes (claims/domains/${TIN}.json)`,
        '  upstream   path /paulca/x is sent unchanged',
        '',
      ].join('\n'),
    );
    const json = (host: string, path: string) => JSON.parse(runCli(['route', host, path, '--fleet', REFERENCE_FLEET, '--format', 'json']).stdout);
    for (const path of ['/paulca/x', '/dashboard', '/%70aulca/../orders', '/ghost', '/orders']) {
      const main = json(TIN, path);
      const twin = json(spare, path);
      expect(twin, path).toMatchObject({
        match: main.match,
        claim: `claims/domains/${TIN}.json`,
        prefixes: main.prefixes,
        serves: { app: main.serves.app, box: main.serves.box },
      });
      expect(twin.prefix, path).toBe(main.prefix);
      expect(twin.dropped, path).toEqual(main.dropped);
    }
    // the main claim's warnings are the ones that bear on the spare host's answer
    expect(route(spare, '/ghost').stderr).toContain(`claims/domains/${TIN}.json`);
  });

  it("reads the raw spelling from the decoded path (SPEC §3.4, CARLOS §6: Go's r.URL.Path), so a flipped prefix spelt with escapes never falls through", () => {
    // /%70aulca/../orders decodes to /paulca/../orders: raw "paulca" (what a backend that decodes and keeps dot segments reads)
    const escaped = route(TIN, '/%70aulca/../orders');
    expect(escaped.stdout).toContain(`  served by  ${ZINC_PIKACHU} (platform nitroso, service zinc, landscape pikachu)\n`);
    expect(escaped.stdout).toContain('  why        prefix "paulca" hit on the raw first segment (raw first segment "paulca", normalised "orders")');
    const slashes = JSON.parse(runCli(['route', TIN, '/paulca%2f..%2forders', '--fleet', REFERENCE_FLEET, '--format', 'json']).stdout);
    expect(slashes).toMatchObject({
      match: 'prefix',
      prefix: 'paulca',
      spelling: 'raw',
      segments: { raw: 'paulca', normalised: 'orders' },
      serves: { host: ZINC_PIKACHU },
    });
    // a backend that splits before decoding reads /x%2fy/../paulca as /paulca
    const undecoded = route(TIN, '/x%2fy/../paulca');
    expect(undecoded.stdout).toContain(
      '  why        prefix "paulca" hit on another backend\'s reading of the first segment (empty segments kept, or dot segments resolved before decoding), where the first segment "x" (raw and normalised alike) did not, in the host\'s map of 2 prefixes',
    );
  });

  it('says that a Go edge refuses a malformed escape before routing', () => {
    const run = route(TIN, '/orders%zz');
    expect(run.exitCode).toBe(0);
    expect(run.stdout).toContain(
      '  note       the path holds the malformed escape "%zz": a Go edge (net/url) answers 400 Bad Request before any routing; this answer is an edge\'s that keeps it as written\n',
    );
    expect(JSON.parse(runCli(['route', TIN, '/orders%', '--fleet', REFERENCE_FLEET, '--format', 'json']).stdout)).toMatchObject({
      invalidEscape: '%',
      match: 'fallthrough',
    });
    expect(JSON.parse(runCli(['route', TIN, '/paulca%00', '--fleet', REFERENCE_FLEET, '--format', 'json']).stdout)).toMatchObject({
      match: 'fallthrough',
      segments: { raw: 'paulca\u0000' },
    });
    expect(JSON.parse(runCli(['route', TIN, '/paulca%00', '--fleet', REFERENCE_FLEET, '--format', 'json']).stdout)).not.toHaveProperty('invalidEscape');
  });

  it('says which claimed prefixes were dropped and why, on a fallthrough and on a host whose every prefix was dropped', () => {
    const fallthrough = route(TIN, '/bob/x');
    expect(fallthrough.exitCode).toBe(0);
    expect(fallthrough.stdout).toContain(
      [
        '  dropped    "bob" → api.zinc.nitroso.pichu.cluster.atomi.cloud: its target is homed on another landscape',
        '             "ghost" → api.copper.nitroso.pikachu.cluster.atomi.cloud: its target does not exist',
        '             "hooks" → api.webhook.mercury.pikachu.cluster.atomi.cloud: its target belongs to another account (platform)',
        `  note       "bob" is claimed in claims/domains/${TIN}.json but dropped (its target is homed on another landscape): fix or remove it with \`diene claim set-paths\``,
        '  upstream   path /bob/x is sent unchanged',
      ].join('\n'),
    );
    const raichu = 'api.tin.nitroso.raichu.cluster.atomi.cloud';
    const all = route(raichu, '/paulca/x');
    expect(all.exitCode).toBe(0);
    expect(all.stdout).toContain(
      `  why        the host has no prefix map: claims/domains/${raichu}.json claims prefixes, but every one was dropped (below), so its own route serves every path\n` +
        '  dropped    "paulca" → api.zinc.nitroso.raichu.cluster.atomi.cloud: its target is not a ready route: its row platforms/nitroso/zinc/raichu.yaml has an empty pin.chart\n',
    );
    expect(JSON.parse(route(raichu, '/paulca/x', '--format', 'json').stdout)).toMatchObject({
      match: 'no-prefix-map',
      claim: `claims/domains/${raichu}.json`,
      dropped: [
        {
          prefix: 'paulca',
          target: 'api.zinc.nitroso.raichu.cluster.atomi.cloud',
          reason: 'its target is not a ready route: its row platforms/nitroso/zinc/raichu.yaml has an empty pin.chart',
        },
      ],
    });
  });

  it('answers in JSON: a hit on the normalised segment, a fallthrough, and a host without a map', () => {
    const normalised = JSON.parse(route(TIN, '//paulca', '--format', 'json').stdout);
    expect(normalised).toMatchObject({
      found: true,
      resolvedBy: 'exact',
      match: 'prefix',
      prefix: 'paulca',
      spelling: 'normalised',
      segments: { raw: '', normalised: 'paulca' },
      serves: { app: 'zinc' },
      own: { app: 'tin' },
    });
    const fallthrough = JSON.parse(route(TIN, '/paulcarson', '--format', 'json').stdout);
    expect(fallthrough).toMatchObject({ match: 'fallthrough', serves: { host: TIN }, segments: { raw: 'paulcarson', normalised: 'paulcarson' } });
    const noMap = JSON.parse(route('api.zinc.nitroso.pikachu.cluster.atomi.cloud', '/paulca', '--format', 'json').stdout);
    expect(noMap).toMatchObject({ match: 'no-prefix-map', prefixes: 0, serves: { app: 'zinc' } });
    expect(noMap).not.toHaveProperty('segments');
  });

  it('keys the host as an edge does: lower case, no port, no trailing dot', () => {
    const run = route('API.Tin.nitroso.pikachu.cluster.atomi.cloud.:443', '/dashboard', '--format', 'json');
    expect(run.exitCode).toBe(0);
    expect(JSON.parse(run.stdout)).toMatchObject({ host: TIN, serves: { host: 'web.zinc.nitroso.pikachu.cluster.atomi.cloud' } });
  });

  it('exits 2 for a host no route serves and for a path that is not origin-form', () => {
    const unknown = route('api.zinc.nitroso.raichu.cluster.atomi.cloud', '/paulca');
    expect(unknown.exitCode).toBe(2);
    expect(unknown.stdout).toBe('');
    expect(unknown.stderr).toContain('route_host_unknown');
    const relative = route(TIN, 'paulca');
    expect(relative.exitCode).toBe(2);
    expect(relative.stderr).toContain('is not an origin-form request path, which must start with "/"');
  });

  it('suggests the served host closest to a misspelt one, and none for a service host whose row is not ready', () => {
    const misspelt = route('api.tin.nitroso.pikachu.cluster.atomi.clod', '/paulca', '--format', 'json');
    expect(misspelt.exitCode).toBe(2);
    expect(JSON.parse(misspelt.stderr).map((d: { code: string; message: string; hint: string }) => [d.code, d.message, d.hint])).toEqual([
      [
        'route_host_unknown',
        'no route serves host "api.tin.nitroso.pikachu.cluster.atomi.clod"',
        `did you mean ${TIN}? it is the served host closest to the one asked for; routes are the service hosts of ready rows (a non-empty pin.chart)`,
      ],
    ]);
    // A typo in the module and the landscape at once: two edits, still the closest.
    expect(route('api.tim.nitroso.pikachu.cluster.atomi.clod', '/').stderr).toContain(`did you mean ${TIN}?`);
    // zinc's raichu row has an empty pin.chart: its host is the fleet's, just not a route yet; a near host would mislead.
    const notReady = route('api.zinc.nitroso.raichu.cluster.atomi.cloud', '/paulca', '--format', 'json');
    expect(notReady.exitCode).toBe(2);
    expect(JSON.parse(notReady.stderr)[0].hint).toBe(
      'it is a service host of the fleet, but not a route yet: its row platforms/nitroso/zinc/raichu.yaml has an empty pin.chart; it becomes one when its first promotion fills pin.chart (routes are the service hosts of ready rows)',
    );
    expect(route('www.example.com', '/').stderr).not.toContain('did you mean');
  });

  it('reads one URL as HOST and PATH: scheme optional, the query kept as the request target holds it, the fragment dropped', () => {
    const asTwo = route(TIN, '/paulca/x?y=1');
    expect(asTwo.exitCode).toBe(0);
    for (const url of [`https://${TIN}/paulca/x?y=1#top`, `${TIN}/paulca/x?y=1`, 'HTTP://ops@API.Tin.nitroso.pikachu.cluster.atomi.cloud.:8443/paulca/x?y=1']) {
      const run = runCli(['route', url, '--fleet', REFERENCE_FLEET]);
      expect(run.exitCode, `${url}: ${run.stderr}`).toBe(0);
      expect(run.stdout, url).toBe(asTwo.stdout);
    }
    const root = JSON.parse(runCli(['route', `https://${TIN}`, '--fleet', REFERENCE_FLEET, '--format', 'json']).stdout);
    expect(root).toMatchObject({ host: TIN, path: '/', match: 'fallthrough' });
    // a bare host, as a browser takes it: the path is "/"
    for (const bare of [TIN, 'API.Tin.nitroso.pikachu.cluster.atomi.cloud.:8443']) {
      const run = runCli(['route', bare, '--fleet', REFERENCE_FLEET, '--format', 'json']);
      expect(run.exitCode, run.stderr).toBe(0);
      expect(JSON.parse(run.stdout), bare).toEqual(root);
    }
    expect(JSON.parse(runCli(['route', `https://${TIN}?q=paulca`, '--fleet', REFERENCE_FLEET, '--format', 'json']).stdout)).toMatchObject({
      path: '/?q=paulca',
    });
    // the URL form encodes nothing and resolves nothing: the raw spelling reaches the matcher as written
    expect(JSON.parse(runCli(['route', `https://${TIN}//paulca`, '--fleet', REFERENCE_FLEET, '--format', 'json']).stdout)).toMatchObject({
      path: '//paulca',
      spelling: 'normalised',
    });
  });

  it('refuses a URL it cannot read, and a URL given with a PATH', () => {
    const usage = (args: string[]) => {
      const run = runCli(['route', ...args, '--fleet', REFERENCE_FLEET, '--format', 'json']);
      expect(run.exitCode).toBe(2);
      expect(run.stdout).toBe('');
      return JSON.parse(run.stderr).map((d: { code: string; message: string }) => [d.code, d.message]);
    };
    expect(usage([])).toEqual([['usage_argument_missing', 'diene route needs HOST']]);
    expect(usage([`ftp://${TIN}/paulca`])).toEqual([['usage_option_value_invalid', `HOST "ftp://${TIN}/paulca" is not a host name or an http(s) URL`]]);
    expect(usage(['https:///paulca'])).toEqual([['usage_option_value_invalid', 'HOST "https:///paulca" is not a URL with a host']]);
    expect(usage(['/paulca'])).toEqual([['usage_option_value_invalid', 'HOST "/paulca" is not a host name (it comes before PATH)']]);
    expect(usage([`https://${TIN}/paulca`, '/orders'])).toEqual([
      ['usage_option_value_invalid', `HOST "https://${TIN}/paulca" is not a host name (with PATH given, HOST is the host alone; a whole URL goes alone)`],
    ]);
    expect(usage([`${TIN}/paulca`, '/orders'])[0][0]).toBe('usage_option_value_invalid');
  });

  it('roots the github annotations at the repository, as validate does, and takes --path-prefix', () => {
    const annotations = (run: { stderr: string }) => run.stderr.split('\n').filter((line) => line.startsWith('::'));
    const routed = annotations(route(TIN, '/paulca/x', '--format', 'github'));
    // the reference fleet is the folder examples/reference of this repository's work tree
    expect(routed[0]).toMatch(new RegExp(`^::warning file=examples/reference/claims/domains/${TIN.replace(/\./g, '\\.')}\\.json,line=\\d+`));
    const validated = annotations(runCli(['validate', '--fleet', REFERENCE_FLEET, '--format', 'github']));
    for (const annotation of routed) expect(validated).toContain(annotation);
    const prefixed = annotations(route(TIN, '/paulca/x', '--format', 'github', '--path-prefix', 'fleets/prod'));
    expect(prefixed.length).toBe(routed.length);
    for (const annotation of prefixed) expect(annotation).toContain(`file=fleets/prod/claims/domains/${TIN}.json,`);
  });
});

describe("the help's example", () => {
  it('answers on the reference fleet, run from its root as written', () => {
    for (const { command } of routeHelp.examples) {
      const [program, ...args] = command.split(' ');
      expect(program).toBe('diene');
      const run = runCli(args, { cwd: REFERENCE_FLEET });
      expect(run.exitCode, `${command}: ${run.stderr}`).toBe(0);
      expect(run.stdout).toMatch(/^ {2}(served by|member) {2}/m);
    }
  });
});
