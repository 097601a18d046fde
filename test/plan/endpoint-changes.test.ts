// The credential route of a DNS host and its comparison with the base revision
// (compiler/dns/credential-routes.ts, compiler/plan/endpoint-changes.ts).
import { describe, expect, it } from 'vitest';
import { allowedVariablesText, routeOf, variableRefusal } from '../../compiler/dns/credential-routes.js';
import { endpointChanges, endpointChangeText, type BaseHost } from '../../compiler/plan/endpoint-changes.js';
import type { DnsHost } from '../../compiler/types/generated/fleet.js';

const NS = { 'cluster.atomi.cloud': ['ns1.lab.test'] as [string] };
const pdns = (url: string, apiKeyEnv: string): DnsHost => ({ name: 'pdns', provider: 'powerdns', nameservers: NS, url, apiKeyEnv });
const lab = (server: string, secretEnv?: string): DnsHost => ({
  name: 'lab',
  provider: 'rfc2136',
  nameservers: NS,
  server,
  ...(secretEnv ? { tsig: { name: 'diene', algorithm: 'hmac-sha256', secretEnv } } : {}),
});

describe('which variables a host may name', () => {
  it.each([
    ['powerdns', 'DIENE_PDNS_API_KEY', undefined],
    ['powerdns', 'PDNS_API_KEY', undefined],
    ['powerdns', 'GITHUB_TOKEN', 'prefix'],
    ['powerdns', 'AWS_SECRET_ACCESS_KEY', 'prefix'],
    ['powerdns', 'CLOUDFLARE_API_TOKEN', 'prefix'],
    ['powerdns', 'DIENE_', 'prefix'],
    ['powerdns', 'DIENE_GIT_PASSWORD', 'reserved'],
    ['cloudflare', 'CLOUDFLARE_API_TOKEN', undefined],
    ['cloudflare', 'PDNS_API_KEY', 'prefix'],
    ['rfc2136', 'DIENE_TSIG_SECRET', undefined],
    ['rfc2136', 'PDNS_API_KEY', 'prefix'],
    ['route53', 'AWS_ACCESS_KEY_ID', 'prefix'],
    ['google', 'GOOGLE_APPLICATION_CREDENTIALS', 'prefix'],
  ] as const)('%s: %s is %s', (provider, variable, refusal) => {
    expect(variableRefusal(provider, variable)).toBe(refusal);
  });

  it('lists them for the hint', () => {
    expect(allowedVariablesText('powerdns')).toBe('DIENE_… or PDNS_API_KEY');
    expect(allowedVariablesText('rfc2136')).toBe('DIENE_…');
  });
});

describe('the route of a host', () => {
  it('is the endpoint and variable its adapter uses, nothing for the cloud SDK hosts', () => {
    expect(routeOf(pdns('http://a:8081', 'DIENE_K')).map((f) => `${f.field}=${f.value}`)).toEqual(['url=http://a:8081', 'apiKeyEnv=DIENE_K']);
    expect(routeOf(lab('127.0.0.1:53', 'DIENE_T')).map((f) => `${f.field}=${f.value}`)).toEqual(['server=127.0.0.1:53', 'tsig.secretEnv=DIENE_T']);
    expect(routeOf(lab('127.0.0.1:53')).map((f) => f.field)).toEqual(['server']);
    expect(routeOf({ provider: 'cloudflare' })).toEqual([]);
    expect(routeOf({ provider: 'cloudflare', apiKeyEnv: 'DIENE_CF' }).map((f) => f.field)).toEqual(['apiKeyEnv']);
    expect(routeOf({ provider: 'route53', apiKeyEnv: 'DIENE_X' })).toEqual([]);
    expect(routeOf({ provider: 'google' })).toEqual([]);
  });
});

describe('endpoint changes against the base', () => {
  const base: BaseHost[] = [
    { name: 'pdns', provider: 'powerdns', url: 'http://a:8081', apiKeyEnv: 'DIENE_K' },
    { name: 'lab', provider: 'rfc2136', server: '127.0.0.1:53', tsig: { name: 'x', algorithm: 'hmac-sha256', secretEnv: 'DIENE_T' } },
  ];

  it('finds none when every route is the base one (other fields may change)', () => {
    expect(endpointChanges([pdns('http://a:8081', 'DIENE_K'), lab('127.0.0.1:53', 'DIENE_T')], base)).toEqual([]);
  });

  it('names each field that differs, with its path under the host', () => {
    const [change, ...rest] = endpointChanges([lab('127.0.0.1:53', 'DIENE_T'), pdns('http://evil:8081', 'DIENE_TSIG_SECRET')], base);
    expect(rest).toEqual([]);
    expect(change).toMatchObject({ host: 'pdns', index: 1, status: 'changed' });
    expect(change && endpointChangeText(change)).toBe('url http://a:8081 → http://evil:8081, apiKeyEnv DIENE_K → DIENE_TSIG_SECRET');
    expect(change?.fields.map((f) => f.path)).toEqual([['url'], ['apiKeyEnv']]);
  });

  it('counts a new host, a TSIG key added, and a changed provider', () => {
    const changes = endpointChanges(
      [
        { name: 'cf', provider: 'cloudflare', nameservers: NS, apiKeyEnv: 'DIENE_CF' },
        { name: 'pdns', provider: 'cloudflare', nameservers: NS, apiKeyEnv: 'DIENE_K' },
        lab('127.0.0.1:53', 'DIENE_OTHER'),
      ],
      [...base, { name: 'unsigned', provider: 'rfc2136', server: '127.0.0.1:53' }],
    );
    expect(changes.map((c) => [c.host, c.status, endpointChangeText(c)])).toEqual([
      ['cf', 'added', 'apiKeyEnv DIENE_CF'],
      ['pdns', 'changed', 'provider powerdns → cloudflare'],
      ['lab', 'changed', 'tsig.secretEnv DIENE_T → DIENE_OTHER'],
    ]);
    expect(endpointChanges([lab('127.0.0.1:53', 'DIENE_T')], [{ name: 'lab', provider: 'rfc2136', server: '127.0.0.1:53' }]).map(endpointChangeText)).toEqual([
      'tsig.secretEnv (none) → DIENE_T',
    ]);
  });

  it('never counts a host without a route', () => {
    expect(endpointChanges([{ name: 'route53', provider: 'route53', nameservers: NS }], [])).toEqual([]);
  });
});
