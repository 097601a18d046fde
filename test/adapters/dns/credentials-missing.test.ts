// A cloud DNS host with no credentials anywhere its SDK looks is
// dns_host_credentials_missing (nothing sent), never a refusal by the host:
// the real AWS and Google clients run their own credential chains against an
// environment that holds none (variables empty, shared files absent, the
// instance metadata lookups switched off), and the adapter classifies what
// they throw.

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DnsHostError } from '../../../compiler/adapters/dns/dns-host.js';
import { createGoogleAdapter } from '../../../compiler/adapters/dns/google/adapter.js';
import { withMetadataWarningHeld } from '../../../compiler/adapters/dns/google/metadata-warning.js';
import { createRoute53Adapter } from '../../../compiler/adapters/dns/route53/adapter.js';

const EMPTY = mkdtempSync(path.join(tmpdir(), 'diene-no-credentials-'));

/** Variables the AWS and Google credential chains read, pointed at nothing. */
const NO_CREDENTIALS: Record<string, string | undefined> = {
  AWS_ACCESS_KEY_ID: undefined,
  AWS_SECRET_ACCESS_KEY: undefined,
  AWS_SESSION_TOKEN: undefined,
  AWS_PROFILE: undefined,
  AWS_WEB_IDENTITY_TOKEN_FILE: undefined,
  AWS_ROLE_ARN: undefined,
  AWS_CONTAINER_CREDENTIALS_RELATIVE_URI: undefined,
  AWS_CONTAINER_CREDENTIALS_FULL_URI: undefined,
  AWS_SHARED_CREDENTIALS_FILE: path.join(EMPTY, 'aws-credentials'),
  AWS_CONFIG_FILE: path.join(EMPTY, 'aws-config'),
  AWS_EC2_METADATA_DISABLED: 'true',
  GOOGLE_APPLICATION_CREDENTIALS: undefined,
  CLOUDSDK_CONFIG: path.join(EMPTY, 'gcloud'),
  HOME: EMPTY,
  METADATA_SERVER_DETECTION: 'none',
};

const saved = new Map<string, string | undefined>();

beforeAll(() => {
  for (const [name, value] of Object.entries(NO_CREDENTIALS)) {
    saved.set(name, process.env[name]);
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
});

afterAll(() => {
  for (const [name, value] of saved) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
  rmSync(EMPTY, { recursive: true, force: true });
});

async function failure(read: () => Promise<unknown>): Promise<DnsHostError> {
  const error = await read().then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(DnsHostError);
  return error as DnsHostError;
}

describe('a cloud DNS host without credentials', () => {
  it('route53: the AWS SDK finds none; the zone is named, the hint lists where the SDK looks', async () => {
    // An endpoint nothing listens on: the chain fails before any request is made.
    const adapter = createRoute53Adapter({ name: 'aws', provider: 'route53', nameservers: {} }, process.env, { endpoint: 'http://127.0.0.1:9' });
    const { diagnostic } = await failure(() => adapter.observe('cluster.atomi.cloud'));
    expect(diagnostic.code).toBe('dns_host_credentials_missing');
    expect(diagnostic.message).toBe('DNS host "aws" (route53) found no credentials, so none of its zones was read or written (cluster.atomi.cloud)');
    for (const place of ['AWS_ACCESS_KEY_ID', 'AWS_PROFILE', '~/.aws/credentials', 'AWS_WEB_IDENTITY_TOKEN_FILE', 'EC2 instance role'])
      expect(diagnostic.hint).toContain(place);
  }, 60_000);

  it('google: the Google client finds no application default credentials', async () => {
    const adapter = createGoogleAdapter({ name: 'gcp', provider: 'google', nameservers: {} }, process.env, { projectId: 'p' });
    const { diagnostic } = await failure(() => adapter.observe('cluster.atomi.cloud'));
    expect(diagnostic.code).toBe('dns_host_credentials_missing');
    expect(diagnostic.message).toBe('DNS host "gcp" (google) found no credentials, so none of its zones was read or written (cluster.atomi.cloud)');
    for (const place of ['GOOGLE_APPLICATION_CREDENTIALS', 'application_default_credentials.json', 'metadata server']) expect(diagnostic.hint).toContain(place);
  }, 60_000);
});

describe("the Google SDK's metadata lookup warning", () => {
  it('is dropped when the credential lookup fails (diene says it), emitted when it succeeds; other warnings pass at once', async () => {
    const emitWarning = process.emitWarning;
    const seen: string[] = [];
    const listener = (warning: Error) => seen.push(`${warning.name}: ${warning.message}`);
    const listeners = process.listeners('warning');
    process.removeAllListeners('warning');
    process.on('warning', listener);
    try {
      const failed = withMetadataWarningHeld(async () => {
        process.emitWarning('received unexpected error = All promises were rejected code = UNKNOWN', 'MetadataLookupWarning');
        process.emitWarning('something else', 'OtherWarning');
        throw new Error('no credentials');
      });
      await expect(failed).rejects.toThrow('no credentials');
      await new Promise((resolve) => setImmediate(resolve));
      expect(seen).toEqual(['OtherWarning: something else']);
      seen.length = 0;
      await expect(
        withMetadataWarningHeld(async () => {
          process.emitWarning('probe failed once', 'MetadataLookupWarning');
          return 'client';
        }),
      ).resolves.toBe('client');
      await new Promise((resolve) => setImmediate(resolve));
      expect(seen).toEqual(['MetadataLookupWarning: probe failed once']);
      // Nothing is left patched once no lookup runs.
      expect(process.emitWarning).toBe(emitWarning);
    } finally {
      process.removeListener('warning', listener);
      for (const l of listeners) process.on('warning', l);
    }
  });
});
