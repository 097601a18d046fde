// The published-format schemas of schemas/books/ (for client libraries): each
// compiles in a strict Ajv, accepts what the compiler writes for the reference
// fleet, and refuses the malformed books a client must not trust.

import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { Ajv, type ValidateFunction } from 'ajv';
import addFormatsModule from 'ajv-formats';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../support/fleet-fixture.js';

const addFormats = (addFormatsModule as unknown as { default: typeof addFormatsModule.default }).default;
const SCHEMAS = path.join(REPO_ROOT, 'schemas', 'books');
const BOOKS = path.join(REPO_ROOT, 'golden', 'reference', 'books');

const ajv = new Ajv({ strict: true, allErrors: true });
addFormats(ajv);
const validators = new Map<string, ValidateFunction>(
  readdirSync(SCHEMAS)
    .filter((n) => n.endsWith('.schema.json'))
    .map((n) => [n.slice(0, -'.schema.json'.length), ajv.compile(JSON.parse(readFileSync(path.join(SCHEMAS, n), 'utf8')) as object)]),
);

function valid(kind: string, value: unknown): boolean {
  return (validators.get(kind) as ValidateFunction)(value) as boolean;
}

function book(key: string): Record<string, unknown> {
  return JSON.parse(readFileSync(path.join(BOOKS, key), 'utf8')) as Record<string, unknown>;
}

describe('schemas/books', () => {
  it('holds one schema per published format plus the issuer table and the sign-in files', () => {
    expect([...validators.keys()].sort()).toEqual(['doc-a', 'doc-b', 'doc-c', 'issuers', 'sign-in', 'sign-in-spare']);
  });

  it('accepts every book of the reference fleet', () => {
    expect(valid('doc-a', book('doc-a.json'))).toBe(true);
    expect(valid('issuers', book('issuers.json'))).toBe(true);
    for (const platform of ['aldehyde', 'mercury', 'nitroso']) expect(valid('doc-b', book(`${platform}/doc-b.json`)), platform).toBe(true);
    for (const key of ['aldehyde/lithium', 'mercury/webhook', 'nitroso/tin', 'nitroso/zinc']) expect(valid('doc-c', book(`${key}/doc-c.json`)), key).toBe(true);
    for (const landscape of ['ampharos', 'pichu', 'pikachu', 'raichu']) expect(valid('sign-in', book(`sign-in/${landscape}.json`)), landscape).toBe(true);
    expect(valid('sign-in-spare', book('sign-in-spare.json'))).toBe(true);
  });

  it('refuses malformed books', () => {
    const tin = book('nitroso/tin/doc-c.json');
    const landscapes = tin['landscapes'] as Record<string, Record<string, string[]>>;
    const bad: [string, unknown][] = [
      ['doc-c', { ...tin, serial: -1 }],
      ['doc-c', { ...tin, serial: 1.5 }],
      ['doc-c', { ...tin, serial: 2 ** 53 }],
      ['doc-c', { ...tin, digest: 'sha1:abc' }],
      ['doc-c', { ...tin, digest: (tin['digest'] as string).toUpperCase() }],
      ['doc-c', { ...tin, landscapes: { ...landscapes, 'raichu-2': landscapes['raichu'] } }],
      ['doc-c', { ...tin, landscapes: { raichu: { api: ['API.tin.nitroso.raichu.cluster.atomi.cloud'] } } }],
      ['doc-c', { ...tin, landscapes: { raichu: { api: ['api.tin.nitroso.raichu.cluster.atomi.cloud.'] } } }],
      ['doc-c', { ...tin, landscapes: { raichu: { api: 'api.tin.nitroso.raichu.cluster.atomi.cloud' } } }],
      ['doc-c', { serial: 0, digest: tin['digest'], platform: 'nitroso', landscapes }],
      ['doc-a', { ...book('doc-a.json'), places: ['http://books.atomi.cloud'] }],
      ['doc-a', { ...book('doc-a.json'), places: ['https://books.atomi.cloud/'] }],
      ['doc-a', { ...book('doc-a.json'), places: [] }],
      ['doc-b', { ...book('nitroso/doc-b.json'), landscapes: ['Raichu'] }],
      ['issuers', { raichu: 'http://api.lithium.aldehyde.raichu.cluster.atomi.cloud/oidc' }],
      ['sign-in-spare', { raichu: 'https://api.lithium.aldehyde.raichu.cluster.atomi-spare.net' }],
      ['sign-in', { ...book('sign-in/raichu.json'), endpoint: 'https://api.lithium.aldehyde.raichu.cluster.atomi.cloud/' }],
      ['sign-in', { ...book('sign-in/raichu.json'), tokenLifetimes: { accessTokenTtl: '600', refreshTokenTtlInDays: 14 } }],
      ['sign-in', { ...book('sign-in/raichu.json'), socialCallbackUrls: ['https://api.lithium.aldehyde.raichu.cluster.atomi.cloud/callback/'] }],
      [
        'sign-in',
        {
          ...book('sign-in/raichu.json'),
          applications: { 'nitroso-tin': { redirectUris: ['https://api.tin.nitroso.raichu.cluster.atomi.cloud/'], postLogoutRedirectUris: [] } },
        },
      ],
      ['sign-in', { ...book('sign-in/raichu.json'), note: 'a typo of a field' }],
    ];
    for (const [kind, value] of bad) expect(valid(kind, value), JSON.stringify(value).slice(0, 160)).toBe(false);
  });

  it('allows unknown top-level keys (clients ignore them; the digest covers them)', () => {
    expect(valid('doc-c', { ...book('nitroso/tin/doc-c.json'), note: 'later field' })).toBe(true);
  });
});
