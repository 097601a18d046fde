// Issue 13 item 6: each landscape's Logto endpoint configuration beside
// books/issuers.json (issuer endpoint, redirect and post-logout URIs and
// social callback URLs for both bases, token lifetimes) and the spare
// sign-in address table, all derived from the fleet.

import { describe, expect, it } from 'vitest';
import type { FleetModel } from '../../compiler/2-analyze/fleet-model.js';
import { buildAddressBooks } from '../../compiler/3-emit/address-books.js';
import type { GatewayHosts } from '../../compiler/3-emit/gateway-hosts.js';
import type { SignInConfig } from '../../compiler/3-emit/sign-in-config.js';
import { compileFleet } from '../../compiler/index.js';
import { overlayTexts, readFleetTexts, TEST_NOW_SECONDS, toSourceFiles } from '../support/fleet-fixture.js';

const reference = readFleetTexts();

function compile(overlay: Record<string, string | null> = {}) {
  const result = compileFleet(toSourceFiles(overlayTexts(reference, overlay)), { nowSeconds: TEST_NOW_SECONDS });
  expect(result.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
  return result as { model: FleetModel; outputs: Map<string, string> };
}

function json<T>(outputs: Map<string, string>, file: string): T {
  return JSON.parse(outputs.get(file) as string) as T;
}

const { model, outputs } = compile();
const raichu = json<SignInConfig>(outputs, 'books/sign-in/raichu.json');

describe('the sign-in configuration of the reference fleet', () => {
  it('writes one file per landscape of issuers.json, and the spare table beside it', () => {
    expect([...outputs.keys()].filter((f) => f.startsWith('books/sign-in'))).toEqual([
      'books/sign-in-spare.json',
      'books/sign-in/ampharos.json',
      'books/sign-in/pichu.json',
      'books/sign-in/pikachu.json',
      'books/sign-in/raichu.json',
    ]);
    const issuers = json<Record<string, string>>(outputs, 'books/issuers.json');
    expect(Object.keys(json(outputs, 'books/sign-in-spare.json'))).toEqual(Object.keys(issuers));
  });

  it('raichu: the issuer of issuers.json, Logto ENDPOINT on the main base, the same server on the spare base', () => {
    expect(raichu.landscape).toBe('raichu');
    expect(raichu.issuer).toBe(json<Record<string, string>>(outputs, 'books/issuers.json')['raichu']);
    expect(raichu.issuer).toBe(`${raichu.endpoint}/oidc`);
    expect(raichu.endpoint).toBe('https://api.lithium.aldehyde.raichu.cluster.atomi.cloud');
    expect(raichu.spareEndpoint).toBe('https://api.lithium.aldehyde.raichu.cluster.atomi-spare.net');
    expect(raichu.socialCallbackUrls).toEqual([
      'https://api.lithium.aldehyde.raichu.cluster.atomi.cloud/callback/{connectorId}',
      'https://api.lithium.aldehyde.raichu.cluster.atomi-spare.net/callback/{connectorId}',
    ]);
  });

  it('token lifetimes: access 600 s, refresh 14 days (1,209,600 s)', () => {
    expect(raichu.tokenLifetimes).toEqual({ accessTokenTtl: 600, refreshTokenTtlInDays: 14 });
    expect(raichu.tokenLifetimes.refreshTokenTtlInDays * 86_400).toBe(1_209_600);
    for (const landscape of ['ampharos', 'pichu', 'pikachu'])
      expect(json<SignInConfig>(outputs, `books/sign-in/${landscape}.json`).tokenLifetimes).toEqual(raichu.tokenLifetimes);
  });

  it('one application per service running in raichu, the sign-in service aside', () => {
    expect(Object.keys(raichu.applications)).toEqual(['mercury-webhook', 'nitroso-tin', 'nitroso-zinc']);
    const hosts = ['raichu', 'opal.raichu', 'ruby.raichu', 'mew'].flatMap((via) =>
      ['cluster.atomi.cloud', 'cluster.atomi-spare.net'].map((base) => `api.tin.nitroso.${via}.${base}`),
    );
    expect(raichu.applications['nitroso-tin']).toEqual({
      redirectUris: hosts.map((h) => `https://${h}/callback`).sort(),
      postLogoutRedirectUris: hosts.map((h) => `https://${h}`).sort(),
    });
    expect(raichu.applications['nitroso-zinc']?.redirectUris).toHaveLength(16);
    expect(raichu.applications['mercury-webhook']?.redirectUris).toContain('https://api.webhook.mercury.mew.cluster.atomi-spare.net/callback');
  });

  it('pichu is in no virtual landscape; pikachu is in celebi, which only mercury serves', () => {
    const pichu = json<SignInConfig>(outputs, 'books/sign-in/pichu.json');
    expect(pichu.applications['nitroso-tin']?.postLogoutRedirectUris).toEqual([
      'https://api.tin.nitroso.pichu.cluster.atomi-spare.net',
      'https://api.tin.nitroso.pichu.cluster.atomi.cloud',
      'https://api.tin.nitroso.topaz.pichu.cluster.atomi-spare.net',
      'https://api.tin.nitroso.topaz.pichu.cluster.atomi.cloud',
    ]);
    const pikachu = json<SignInConfig>(outputs, 'books/sign-in/pikachu.json');
    expect(pikachu.applications['mercury-webhook']?.postLogoutRedirectUris.filter((u) => u.includes('.celebi.'))).toHaveLength(2);
    expect(pikachu.applications['nitroso-tin']?.postLogoutRedirectUris.some((u) => u.includes('.celebi.'))).toBe(false);
  });

  it("redirects only to hosts the landscape's gateways serve, and to every one of them but the sign-in service's", () => {
    for (const landscape of ['ampharos', 'pichu', 'pikachu', 'raichu']) {
      const config = json<SignInConfig>(outputs, `books/sign-in/${landscape}.json`);
      const served = new Set(
        [...outputs]
          .filter(([file]) => file.startsWith(`gateways/${landscape}-`))
          .flatMap(([, text]) => (JSON.parse(text) as GatewayHosts).hosts)
          .filter((host) => !host.includes('.lithium.aldehyde.')),
      );
      const redirected = Object.values(config.applications).flatMap((app) => app.postLogoutRedirectUris.map((u) => u.slice('https://'.length)));
      expect(new Set(redirected), landscape).toEqual(served);
    }
  });

  it('the spare sign-in address table: each issuer URL on the spare base', () => {
    expect(json(outputs, 'books/sign-in-spare.json')).toEqual({
      ampharos: 'https://api.lithium.aldehyde.ampharos.cluster.atomi-spare.net/oidc',
      pichu: 'https://api.lithium.aldehyde.pichu.cluster.atomi-spare.net/oidc',
      pikachu: 'https://api.lithium.aldehyde.pikachu.cluster.atomi-spare.net/oidc',
      raichu: 'https://api.lithium.aldehyde.raichu.cluster.atomi-spare.net/oidc',
    });
  });

  it('is never published: apply books uploads Doc A, B and C only', () => {
    expect([...buildAddressBooks(model, 0).keys()].some((key) => key.startsWith('sign-in'))).toBe(false);
  });
});

describe('derived, never typed', () => {
  it("a new cluster brings its ops names to its landscape's redirect URIs", () => {
    const { outputs: more } = compile({
      'registry/clusters/raichu-gold.yaml': 'landscape: raichu\nmark: gold\nprovider: aws\naccount: aws-main\ntraffic: false\n',
    });
    const tin = json<SignInConfig>(more, 'books/sign-in/raichu.json').applications['nitroso-tin'];
    expect(tin?.redirectUris.filter((u) => u.includes('.gold.raichu.'))).toEqual([
      'https://api.tin.nitroso.gold.raichu.cluster.atomi-spare.net/callback',
      'https://api.tin.nitroso.gold.raichu.cluster.atomi.cloud/callback',
    ]);
    expect(json<SignInConfig>(more, 'books/sign-in/pichu.json')).toEqual(json<SignInConfig>(outputs, 'books/sign-in/pichu.json'));
  });

  it('another spare base moves every spare address; no spare base leaves the main base only', () => {
    const fleet = reference.get('registry/fleet.yaml') as string;
    const renamed = compile({
      'registry/fleet.yaml': fleet.replaceAll('cluster.atomi-spare.net', 'cluster.atomi-rescue.org'),
      ...Object.fromEntries([...reference.keys()].filter((f) => f.includes('atomi-spare.net')).map((f) => [f, null])),
    }).outputs;
    expect(json<SignInConfig>(renamed, 'books/sign-in/raichu.json').spareEndpoint).toBe('https://api.lithium.aldehyde.raichu.cluster.atomi-rescue.org');
    expect(json<Record<string, string>>(renamed, 'books/sign-in-spare.json')['pichu']).toBe('https://api.lithium.aldehyde.pichu.cluster.atomi-rescue.org/oidc');

    const noSpare = compile({
      'registry/fleet.yaml': fleet
        .replace(/^ {2}spare: .*\n/m, '')
        .replace(/^ {8}cluster\.atomi-spare\.net:\n.*\n/gm, '')
        .replace(/^ {8}cluster\.atomi-spare\.net: .*\n/gm, '')
        .replace('allowlist: [cluster.atomi.cloud, cluster.atomi-spare.net]', 'allowlist: [cluster.atomi.cloud]'),
      ...Object.fromEntries([...reference.keys()].filter((f) => f.includes('atomi-spare.net')).map((f) => [f, null])),
    }).outputs;
    const config = json<SignInConfig>(noSpare, 'books/sign-in/raichu.json');
    expect(config.spareEndpoint).toBeUndefined();
    expect(config.socialCallbackUrls).toEqual(['https://api.lithium.aldehyde.raichu.cluster.atomi.cloud/callback/{connectorId}']);
    expect(config.applications['nitroso-tin']?.redirectUris.every((u) => u.includes('.cluster.atomi.cloud/'))).toBe(true);
    expect(json(noSpare, 'books/sign-in-spare.json')).toEqual({});
  });
});
