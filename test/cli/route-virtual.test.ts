/**
 * `diene route` answers for every host DNS publishes: a virtual landscape's
 * host (which members serve it, which one a client in each region reaches,
 * asked of the compiled zone plans on each DNS host) and its spare-base twin,
 * and a landscape host's spare-base twin the same as its main-base twin. On a
 * fleet of the tests' own: `diene init`'s, given a spare base, a second region
 * (FRA) for its staging landscape and a virtual landscape `shop` over dev and
 * staging, unlike the bundled example.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { VirtualRouteExplanation } from '../../compiler/simulate/virtual-route.js';
import { runCliInProcess } from '../support/run-cli.js';

const NOW = ['--now', '2026-11-21T00:00:00Z'];
let dir = '';
let fleet = '';

function edit(file: string, change: (text: string) => string): void {
  const at = path.join(fleet, file);
  const before = readFileSync(at, 'utf8');
  const after = change(before);
  expect(after, file).not.toBe(before);
  writeFileSync(at, after);
}

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'diene-route-virtual-'));
  fleet = path.join(dir, 'fleet');
  expect((await runCliInProcess(['init', fleet])).exitCode).toBe(0);
  edit('registry/fleet.yaml', (t) =>
    t
      .replace(/(\n {2}base: cluster\.example\.com[^\n]*)/, '$1\n  spare: cluster.example.net')
      .replace(/(\n {8}cluster\.example\.com: \[ns-1[^\n]*)/, '$1\n        cluster.example.net: [ns-3.awsdns-03.org, ns-4.awsdns-04.co.uk]')
      .replace(
        /(\n {8}cluster\.example\.com: \[ns-cloud[^\n]*)/,
        '$1\n        cluster.example.net: [ns-cloud-b1.googledomains.com, ns-cloud-b2.googledomains.com]',
      )
      .replace('allowlist: [cluster.example.com]', 'allowlist: [cluster.example.com, cluster.example.net]'),
  );
  edit('registry/regions.yaml', (t) => `${t}  FRA:\n    providers: [digitalocean]\n    lat: 50.03\n    lon: 8.56\n    googleRegion: europe-west3\n`);
  edit('registry/landscapes/staging.yaml', (t) => t.replace('region: SIN', 'region: FRA'));
  mkdirSync(path.join(fleet, 'registry', 'vlandscapes'), { recursive: true });
  writeFileSync(
    path.join(fleet, 'registry', 'vlandscapes', 'shop.yaml'),
    'name: shop\nmembers:\n  - { landscape: dev, serve: true }\n  - { landscape: staging, serve: true }\n',
  );
  edit('carbon/storefront/platform.yaml', (t) => `${t}vlandscapes: [shop]\n`);
  for (const landscape of ['dev', 'staging'])
    writeFileSync(path.join(fleet, 'platforms', 'storefront', 'cart', `${landscape}.yaml`), 'pin:\n  chart: "1.2.0"\n  image: "1.2.0"\n');
  const valid = await runCliInProcess(['validate', '--fleet', fleet, '--no-cache', ...NOW]);
  expect(valid.exitCode, valid.stderr).toBe(0);
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const route = (...args: string[]) => runCliInProcess(['route', ...args, '--fleet', fleet, ...NOW]);

describe('diene route on a virtual landscape host', () => {
  it('json: the serving members, and on each DNS host a client in SIN reaches dev, one in FRA staging', async () => {
    const run = await route('api.cart.storefront.shop.cluster.example.com', '/pay', '--format', 'json');
    expect(run.exitCode, run.stderr).toBe(0);
    const answer = JSON.parse(run.stdout) as VirtualRouteExplanation;
    expect(answer.virtual).toEqual({ name: 'shop', base: 'base', platform: 'storefront', service: 'cart', module: 'api' });
    expect(answer.members).toEqual([
      { landscape: 'dev', host: 'api.cart.storefront.dev.cluster.example.com', ready: true },
      { landscape: 'staging', host: 'api.cart.storefront.staging.cluster.example.com', ready: true },
    ]);
    expect(answer.clients.map((c) => [c.region, c.dnsHost, c.landscapes])).toEqual([
      ['FRA', 'google', ['staging']],
      ['FRA', 'route53', ['staging']],
      ['SIN', 'google', ['dev']],
      ['SIN', 'route53', ['dev']],
    ]);
  });

  it('text: one line a member, one a region, and why every path goes to the member', async () => {
    const run = await route('https://api.cart.storefront.shop.cluster.example.com/pay/now');
    expect(run.exitCode, run.stderr).toBe(0);
    expect(run.stdout).toContain('  virtual    shop, served by its serving members: dev, staging\n');
    expect(run.stdout).toContain('  client in FRA  reaches staging (google, route53)\n');
    expect(run.stdout).toContain('  client in SIN  reaches dev (google, route53)\n');
    expect(run.stdout).toContain('a virtual name has no prefix map of its own');
    expect(run.stdout).toContain(': DNS answers with one member, and that member serves every path with the service on that landscape\n');
  });

  it('its spare-base twin answers the same, from the spare zone', async () => {
    const run = await route('api.cart.storefront.shop.cluster.example.net', '/pay', '--format', 'json');
    expect(run.exitCode, run.stderr).toBe(0);
    const answer = JSON.parse(run.stdout) as VirtualRouteExplanation;
    expect(answer.virtual.base).toBe('spare');
    expect(answer.members.map((m) => m.host)).toEqual(['api.cart.storefront.dev.cluster.example.net', 'api.cart.storefront.staging.cluster.example.net']);
    expect(answer.clients.map((c) => `${c.region} ${c.landscapes.join('+')}`)).toEqual(['FRA staging', 'FRA staging', 'SIN dev', 'SIN dev']);
  });

  it('a landscape host on the spare base answers as its main-base twin', async () => {
    const main = await route('api.cart.storefront.dev.cluster.example.com', '/pay', '--format', 'json');
    const spare = await route('api.cart.storefront.dev.cluster.example.net', '/pay', '--format', 'json');
    expect([main.exitCode, spare.exitCode]).toEqual([0, 0]);
    const strip = (text: string) => text.replaceAll('cluster.example.net', 'cluster.example.com');
    expect(strip(spare.stdout)).toBe(main.stdout);
  });

  it('a virtual name the platform does not serve on is still unknown', async () => {
    const run = await route('api.login.signin.shop.cluster.example.com', '/');
    expect(run.exitCode).toBe(2);
    expect(run.stderr).toContain('route_host_unknown');
  });
});

describe('diene route on a virtual landscape host nothing serves (the bundled example)', () => {
  const reference = path.resolve('examples/reference');
  it("no serving member has a ready row: no member serves this URL, exit 2, the members' rows named", async () => {
    const run = await runCliInProcess(['route', 'api.zinc.nitroso.mew.cluster.atomi.cloud', '/x', '--fleet', reference, ...NOW]);
    expect(run.exitCode).toBe(2);
    expect(run.stdout).not.toContain('reaches');
    expect(run.stderr).toContain('route_host_unknown');
    expect(run.stderr).toContain('no member serves this URL');
    expect(run.stderr).toContain('platforms/nitroso/zinc/raichu.yaml, platforms/nitroso/zinc/ampharos.yaml');
  });

  it('a platform that does not list the virtual landscape: the hint names its vlandscapes: entry', async () => {
    const run = await route('api.login.signin.shop.cluster.example.com', '/');
    expect(run.exitCode).toBe(2);
    expect(run.stderr).toContain('add shop to the `vlandscapes:` entry of carbon/signin/platform.yaml');
  });
});

describe('diene route on a virtual landscape host one member cannot serve', () => {
  it('the region whose answer reaches the member without a ready row is marked: nothing answers there', async () => {
    const row = path.join(fleet, 'platforms', 'storefront', 'cart', 'staging.yaml');
    const before = readFileSync(row, 'utf8');
    writeFileSync(row, 'pin:\n  chart: ""\n  image: ""\n');
    try {
      const run = await route('api.cart.storefront.shop.cluster.example.com', '/pay');
      expect(run.exitCode, run.stderr).toBe(0);
      expect(run.stdout).toContain('  client in FRA  reaches staging [not ready: nothing answers] (google, route53)\n');
      expect(run.stdout).toContain('  client in SIN  reaches dev (google, route53)\n');
    } finally {
      writeFileSync(row, before);
    }
  });
});
