/**
 * The secret shapes (compiler/diagnostics/secrets.ts), against the providers'
 * own documented examples and the look-alikes a fleet holds, plus masking and
 * the linear-time promise on hostile lines.
 */
import { describe, expect, it } from 'vitest';
import { findSecretSpans, isPlaceholder, maskPointer, maskRanges, maskSecrets, type SecretKind } from '../../compiler/diagnostics/secrets.js';

/** Known examples: [kind, text, the part that must be masked]. */
const KNOWN: readonly [SecretKind, string, string][] = [
  // AWS's documentation example key ID (IAM user guide, "Managing access keys").
  ['aws-access-key-id', 'AKIAIOSFODNN7EXAMPLE', 'IOSFODNN7EXAMPLE'],
  ['aws-access-key-id', 'key=ASIAY34FZKBOKMUTVV7A;', 'Y34FZKBOKMUTVV7A'],
  // GitHub's example from "Behind GitHub's new authentication token formats".
  ['github-token', 'ghp_16C7e42F292c6912E7710c838347Ae178B4a', '16C7e42F292c6912E7710c838347Ae178B4a'],
  ['github-token', 'ghs_16C7e42F292c6912E7710c838347Ae178B4a', '16C7e42F292c6912E7710c838347Ae178B4a'],
  [
    'github-token',
    'github_pat_11ABCDEFG0123456789abc_abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456',
    '11ABCDEFG0123456789abc_abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456',
  ],
  ['gitlab-token', 'glpat-xxxxxxxxxxxxxxxxxxxx', 'xxxxxxxxxxxxxxxxxxxx'],
  // Slack's legacy documentation example bot token and its webhook example.
  ['slack-token', 'xoxb-17653672481-19874698323-pdFZKVeTuE8sk7oOcBrzbqgy', '17653672481-19874698323-pdFZKVeTuE8sk7oOcBrzbqgy'],
  ['slack-token', 'xapp-1-A0123456789-1234567890123-abcdef0123456789', '1-A0123456789-1234567890123-abcdef0123456789'],
  ['webhook-url', 'https://hooks.slack.com/services/T00000000/B00000000/XXXXXXXXXXXXXXXXXXXXXXXX', 'T00000000/B00000000/XXXXXXXXXXXXXXXXXXXXXXXX'],
  [
    'webhook-url',
    'https://discord.com/api/webhooks/123456789012345678/abcdefghijklmnopqrstuvwxyz_ABCDEF',
    '123456789012345678/abcdefghijklmnopqrstuvwxyz_ABCDEF',
  ],
  // Stripe's documentation key shape (live and test).
  ['stripe-key', 'sk_live_4eC39HqLyjWDarjtT1zdp7dc', '4eC39HqLyjWDarjtT1zdp7dc'],
  ['stripe-key', 'rk_test_4eC39HqLyjWDarjtT1zdp7dc', '4eC39HqLyjWDarjtT1zdp7dc'],
  ['stripe-key', 'whsec_abcdefghijklmnopqrstuvwxyz012345', 'abcdefghijklmnopqrstuvwxyz012345'],
  // A Google API key (AIza + 35) as in Google's Maps documentation.
  ['google-key', 'AIzaSyDaGmWKa4JsXZ-HjGw7ISLn_3namBGewQe', 'SyDaGmWKa4JsXZ-HjGw7ISLn_3namBGewQe'],
  ['google-key', 'GOCSPX-abcdefghijklmnopqrstuvwxyz12', 'abcdefghijklmnopqrstuvwxyz12'],
  ['npm-token', 'npm_abcdefghijklmnopqrstuvwxyz0123456789', 'abcdefghijklmnopqrstuvwxyz0123456789'],
  ['ai-api-key', 'sk-proj-abcdefghijklmnopqrstuvwxyz0123456789', 'abcdefghijklmnopqrstuvwxyz0123456789'],
  ['ai-api-key', 'sk-ant-api03-abcdefghijklmnopqrstuvwxyz0123456789', 'api03-abcdefghijklmnopqrstuvwxyz0123456789'],
  [
    'sendgrid-key',
    'SG.abcdefghijklmnopqrstuv.abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG',
    'abcdefghijklmnopqrstuv.abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG',
  ],
  ['digitalocean-token', `dop_v1_${'0123456789abcdef'.repeat(4)}`, '0123456789abcdef'.repeat(4)],
  // jwt.io's example token.
  [
    'jwt',
    'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiIxMjM0NTY3ODkwIiwibmFtZSI6IkpvaG4gRG9lIiwiaWF0IjoxNTE2MjM5MDIyfQ.SflKxwRJSMeKKF2QT4fwpMeJf36POk6yJV_adQssw5c',
    'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiIxMjM0NTY3ODkwIiwibmFtZSI6IkpvaG4gRG9lIiwiaWF0IjoxNTE2MjM5MDIyfQ.SflKxwRJSMeKKF2QT4fwpMeJf36POk6yJV_adQssw5c',
  ],
  // RFC 6750 §2.1's example header.
  ['bearer-token', 'Authorization: Bearer mF_9.B5f-4.1JqM', 'mF_9.B5f-4.1JqM'],
  ['url-credentials', 'postgresql://app:s3cret@db.internal:5432/fleet', 'app:s3cret'],
  ['url-credentials', 'https://x-access-token:abc@github.com/AtomiCloud/fleet.git', 'x-access-token:abc'],
  ['url-credentials', 'redis://:hunter22@cache:6379', ':hunter22'],
  ['url-credentials', 'https://user:p@ss@host.example/x', 'user:p@ss'],
  ['secret-parameter', 'host=db user=app password=hunter22 sslmode=require', 'hunter22'],
  ['secret-parameter', 'https://api.example.com/v1?access_token=abcdef123456&x=1', 'abcdef123456'],
];

describe('secret shapes', () => {
  for (const [kind, text, secret] of KNOWN) {
    it(`finds ${kind} in ${text.slice(0, 40)}`, () => {
      const spans = findSecretSpans(`value: ${text}\n`).filter((s) => s.kind === kind);
      expect(spans.map((s) => `value: ${text}\n`.slice(s.maskStart, s.maskEnd))).toContain(secret);
      const masked = maskSecrets(`value: ${text}\n`);
      expect(masked).not.toContain(secret);
      expect(masked).toHaveLength(`value: ${text}\n`.length);
    });
  }

  it('finds a PEM private key of every armour, and masks its body line by line', () => {
    for (const label of ['PRIVATE KEY', 'RSA PRIVATE KEY', 'EC PRIVATE KEY', 'OPENSSH PRIVATE KEY', 'ENCRYPTED PRIVATE KEY', 'PGP PRIVATE KEY BLOCK']) {
      const text = `key: |\n  -----BEGIN ${label}-----\n  MIIEvQIBADANBgkqhkiG9w0BAQEFAASC\n  bm90IGEgcmVhbCBrZXk=\n  -----END ${label}-----\nnext: 1\n`;
      const spans = findSecretSpans(text);
      expect(spans.map((s) => s.kind)).toEqual(['private-key']);
      const masked = maskSecrets(text);
      expect(masked).not.toContain('MIIEvQIBADANBgkqhkiG9w0BAQEFAASC');
      expect(masked).not.toContain('bm90IGEgcmVhbCBrZXk');
      expect(masked.split('\n')).toHaveLength(text.split('\n').length);
      expect(masked).toContain(`-----BEGIN ${label}-----`);
      expect(masked).toContain('next: 1');
    }
  });

  it('masks a private key without its footer to the end of the text', () => {
    const masked = maskSecrets('-----BEGIN RSA PRIVATE KEY-----\nMIIEvQIBADANBgkqhkiG9w0BAQEFAASC\nrest');
    expect(masked).toBe('-----BEGIN RSA PRIVATE KEY-----\n********************************\n****');
  });

  it('leaves what a fleet holds alone', () => {
    const fine = [
      'https://github.com/AtomiCloud/fleet.git',
      'ssh://git@github.com/AtomiCloud/fleet.git',
      'git@github.com:AtomiCloud/fleet.git',
      'https://publisher@books.atomi.cloud',
      'https://kubernetes.default.svc',
      'oci://ghcr.io/atomicloud/charts/{platform}.{service}',
      'https://d111111abcdef8.cloudfront.net',
      'api.zinc.nitroso.raichu.cluster.atomi.cloud',
      'secretEnv: DIENE_TSIG_SECRET',
      'apiKeyEnv: PDNS_API_KEY',
      '# yaml-language-server: $schema=../../../schemas/fleet.schema.json',
      'postgres://app:${DB_PASSWORD}@db:5432/app',
      'postgres://app:@db:5432/app',
      'password=${DB_PASSWORD}',
      'Bearer <token>',
      'task-abcdefghijklmnopqrstuvwxyz0123',
      'sk-short',
      'AKIA-not-a-key',
      'eyJhbGciOiJIUzI1NiJ9',
      'the token is kept in DIENE_GIT_PASSWORD',
      'PWD=/app',
      '-----BEGIN PUBLIC KEY-----\nMIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8A\n-----END PUBLIC KEY-----',
      '-----BEGIN CERTIFICATE-----\nMIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8A\n-----END CERTIFICATE-----',
    ];
    for (const text of fine) expect(findSecretSpans(text), text).toEqual([]);
  });

  it('tells placeholders from values', () => {
    for (const text of ['${DB_PASSWORD}', '$(TOKEN)', '$TOKEN', '{{ .Values.token }}', '<password>', '%TOKEN%', '{password}'])
      expect(isPlaceholder(text), text).toBe(true);
    for (const text of ['hunter2', '$$money', 'a${X}', '']) expect(isPlaceholder(text), text).toBe(false);
  });

  it('keeps every code point in its place when masking, line breaks and astral characters included', () => {
    expect(maskRanges('ab😀cd\nef', [[1, 8]])).toBe('a****\n*f');
    expect(
      maskRanges('abc', [
        [2, 9],
        [0, 1],
        [1, 2],
      ]),
    ).toBe('***');
    expect(maskRanges('abc', [])).toBe('abc');
  });

  it('masks the segments of a JSON pointer as decoded (a URL key is escaped as ~1 in it)', () => {
    expect(maskPointer('/values/postgres:~1~1app:pg-pass-0001@db~1app/x')).toBe('/values/postgres:~1~1****************@db~1app/x');
    expect(maskPointer('/a~0b/ghp_16C7e42F292c6912E7710c838347Ae178B4a')).toBe(`/a~0b/ghp_${'*'.repeat(36)}`);
    expect(maskPointer('')).toBe('');
  });

  it('scans hostile lines in linear time', () => {
    const lines = [
      'eyJ-'.repeat(250_000),
      'a://'.repeat(250_000),
      `https://${'u'.repeat(1_000_000)}`,
      'ghp_'.repeat(250_000),
      'Bearer '.repeat(150_000),
      'password='.repeat(110_000),
      '-----BEGIN PRIVATE KEY-----'.repeat(40_000),
      'xoxb-'.repeat(200_000),
      `AIza${'-'.repeat(1_000_000)}`,
    ];
    for (const line of lines) {
      const started = performance.now();
      findSecretSpans(line);
      expect(performance.now() - started, line.slice(0, 20)).toBeLessThan(1500);
    }
  });
});
