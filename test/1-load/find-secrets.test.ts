/**
 * Secrets in inputs (SPEC §4, issue 14): the key-name rule with its
 * allowances, the value rule at any depth (lists, mappings, keys, comments,
 * escapes, aliases, files that do not parse), and masking in every excerpt,
 * message and output form.
 */
import { describe, expect, it } from 'vitest';
import { secretKeyKind } from '../../compiler/1-load/find-secrets.js';
import type { Diagnostic } from '../../compiler/diagnostics/diagnostic.js';
import { formatGithub, formatJson, formatTextReport } from '../../compiler/diagnostics/format.js';
import { compileFleet } from '../../compiler/index.js';
import { overlayTexts, readFleetTexts, TEST_NOW_SECONDS, toSourceFiles } from '../support/fleet-fixture.js';

const reference = readFleetTexts();
const compile = (overlay: Record<string, string | null>) => compileFleet(toSourceFiles(overlayTexts(reference, overlay)), { nowSeconds: TEST_NOW_SECONDS });
const ROW = 'platforms/mercury/webhook/ampharos.yaml';
const row = (values: string) => `pin:\n  chart: "0.8.3"\n  image: "0.8.3"\nvalues:\n${values}valuesSince: 2026-11-20T10:00:00Z\n`;
const GITHUB = 'ghp_16C7e42F292c6912E7710c838347Ae178B4a';
const JWT =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiIxMjM0NTY3ODkwIiwibmFtZSI6IkpvaG4gRG9lIiwiaWF0IjoxNTE2MjM5MDIyfQ.SflKxwRJSMeKKF2QT4fwpMeJf36POk6yJV_adQssw5c';

/** Every printed form of `diagnostics`, with the source lines. */
function printed(diagnostics: readonly Diagnostic[]): string {
  return [formatTextReport(diagnostics), formatJson(diagnostics), formatGithub(diagnostics)].join('\n');
}

const where = (diagnostics: readonly Diagnostic[], code: string) => diagnostics.filter((d) => d.code === code).map((d) => [d.file, d.line, d.column]);

describe('secret-like keys', () => {
  it('reads key names by their words', () => {
    const secret = [
      'password',
      'apiToken',
      'API_TOKEN',
      'clientSecret',
      'AWS_SECRET_ACCESS_KEY',
      'secretKey',
      'secret_key',
      'apiKey',
      'api-key',
      'privateKey',
      'credentials',
      'passphrase',
      'authtoken',
      'accountKey',
      'SECRET',
    ];
    const reference = ['secretEnv', 'apiKeyEnv', 'existingSecret', 'secretName', 'tokenSecretRef', 'passwordFile', 'privateKeyPath', 'SECRET_ENV'];
    const neither = ['accessKeyId', 'tokenTTL', 'passwordPolicy', 'publicKey', 'sshPublicKey', 'key', 'keys', 'monkey', 'name', 'tokenizer', 'secretary'];
    expect(secret.filter((k) => secretKeyKind(k) !== 'secret')).toEqual([]);
    expect(reference.filter((k) => secretKeyKind(k) !== 'reference')).toEqual([]);
    expect(neither.filter((k) => secretKeyKind(k) !== undefined)).toEqual([]);
  });

  it('refuses lists and mappings under a secret key, one finding at the key', () => {
    const result = compile({ [ROW]: row('  credentials:\n    user: app\n    pass: [one, two]\n  tokens: [a1b2c3, d4e5f6]\n') });
    expect(where(result.diagnostics, 'input_secret')).toEqual([
      [ROW, 5, 3],
      [ROW, 8, 3],
    ]);
    expect(result.outputs).toBeUndefined();
  });

  it('follows an alias to its anchor, and refuses a number', () => {
    const result = compile({ [ROW]: row('  shared: &pw hunter22\n  db:\n    password: *pw\n  pin:\n    passcode: 1\n    apiToken: 123456\n') });
    expect(where(result.diagnostics, 'input_secret')).toEqual([
      [ROW, 7, 5],
      [ROW, 10, 5],
    ]);
    expect(printed(result.diagnostics)).not.toContain('hunter22');
    expect(printed(result.diagnostics)).not.toContain('123456');
  });

  it('allows references, empty values, placeholders, booleans and Kubernetes secret selectors', () => {
    const result = compile({
      [ROW]: row(
        '  auth:\n    existingSecret: db\n    password: ""\n    token: "${API_TOKEN}"\n    clientSecret: <set by the operator>\n    enableToken: true\n    passwordSecret: {name: db, key: password}\n    apiKey: {secretKeyRef: {name: api, key: key}}\n',
      ),
    });
    expect(result.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    expect(result.outputs).toBeDefined();
  });

  it("leaves a claim's prefixes alone: they are URL segments (/password is a page)", () => {
    const claim =
      '{"account": "nitroso", "app": "tin", "paths": {"password": "api.zinc.nitroso.raichu.cluster.atomi.cloud", "token": "api.zinc.nitroso.raichu.cluster.atomi.cloud"}}';
    const result = compile({ 'claims/domains/api.tin.nitroso.raichu.cluster.atomi.cloud.json': claim });
    expect(result.diagnostics.filter((d) => d.code.startsWith('input_'))).toEqual([]);
    expect(result.outputs).toBeDefined();
  });
});

describe('secret-shaped values', () => {
  it('finds them at any depth, in keys and in comments', () => {
    const result = compile({
      [ROW]: row(`  env:\n    - name: X\n      value: "Bearer ${JWT}"\n  ${GITHUB}: 1 # sk_live_4eC39HqLyjWDarjtT1zdp7dc\n`),
    });
    expect(result.diagnostics.filter((d) => d.file === ROW).map((d) => [d.code, d.line, d.column, d.message])).toEqual([
      ['input_secret_value', 7, 15, 'values.env[0].value holds a bearer token and a JSON Web Token, a secret written into an input file (masked here)'],
      ['input_secret_value', 8, 3, `the key values.${'ghp_' + '*'.repeat(36)} holds a GitHub token, a secret written into an input file (masked here)`],
      ['input_secret_value', 8, 49, 'a comment holds a Stripe secret key, a secret written into an input file (masked here)'],
    ]);
    const text = printed(result.diagnostics);
    for (const secret of [JWT.slice(10), GITHUB.slice(4), '4eC39HqLyjWDarjtT1zdp7dc']) expect(text).not.toContain(secret);
  });

  it('finds a token hidden behind a YAML escape, and masks the whole value', () => {
    const escaped = `"\\x67hp_16C7e42F292c6912E7710c838347Ae178B4a"`;
    const result = compile({ [ROW]: row(`  note: ${escaped}\n`) });
    const found = result.diagnostics.filter((d) => d.code === 'input_secret_value');
    expect(found.map((d) => [d.line, d.column, d.message])).toEqual([
      [5, 9, 'values.note holds a GitHub token, a secret written into an input file (masked here)'],
    ]);
    expect(found[0]?.sourceLine).toBe(`  note: "${'*'.repeat(escaped.length - 2)}"`);
  });

  it('masks a refused value in the excerpt of every other finding on its line', () => {
    // The mark breaks the name rule too: that finding's excerpt and message must not show the token either.
    const result = compile({ 'registry/clusters/raichu-opal.yaml': `landscape: raichu\nmark: ${GITHUB}\nprovider: aws\naccount: aws-main\ntraffic: true\n` });
    const codes = result.diagnostics.filter((d) => d.file === 'registry/clusters/raichu-opal.yaml').map((d) => d.code);
    expect(codes).toContain('input_secret_value');
    expect(codes.length).toBeGreaterThan(1);
    for (const d of result.diagnostics) expect(d.sourceLine ?? '').not.toContain('16C7e42F292c6912E7710c838347Ae178B4a');
    expect(printed(result.diagnostics)).not.toContain('16C7e42F292c6912E7710c838347Ae178B4a');
  });

  it('scans and masks a file that does not parse', () => {
    const result = compile({ 'registry/accounts/aws-main.yaml': `vendor: aws\nname: main\nnote: [${GITHUB}\n` });
    const found = result.diagnostics.filter((d) => d.file === 'registry/accounts/aws-main.yaml');
    expect(found.map((d) => d.code).sort()).toEqual(['input_secret_value', 'yaml_syntax']);
    expect(found.find((d) => d.code === 'input_secret_value')?.message).toBe(
      'this file holds a GitHub token, a secret written into an input file (masked here)',
    );
    expect(printed(result.diagnostics)).not.toContain('16C7e42F292c6912E7710c838347Ae178B4a');
  });

  it('masks a PEM private key in a block scalar on every line', () => {
    const pem = '    -----BEGIN RSA PRIVATE KEY-----\n    MIIEowIBAAKCAQEAu1SU1LfVLPHCozMxH2Mo\n    -----END RSA PRIVATE KEY-----\n';
    const result = compile({ [ROW]: row(`  tls: |\n${pem}  replicas: yes\n`) });
    expect(result.diagnostics.filter((d) => d.code === 'input_secret_value').map((d) => [d.line, d.message])).toEqual([
      [6, 'values.tls holds a PEM private key, a secret written into an input file (masked here)'],
    ]);
    expect(printed(result.diagnostics)).not.toContain('MIIEowIBAAKCAQEAu1SU1LfVLPHCozMxH2Mo');
  });
});

describe('credentials in URLs', () => {
  const fleetYaml = reference.get('registry/fleet.yaml') as string;
  const cases: [string, string, string, string][] = [
    [
      'git.repoURL',
      'repoURL: https://github.com/AtomiCloud/fleet.git',
      'repoURL: https://bot:ghp_16C7e42F292c6912E7710c838347Ae178B4a@github.com/AtomiCloud/fleet.git',
      'https://********************************************@github.com/AtomiCloud/fleet.git',
    ],
    [
      'primordial.server',
      'server: https://kubernetes.default.svc',
      'server: https://admin:admin-pass@kubernetes.default.svc',
      'https://****************@kubernetes.default.svc',
    ],
    [
      'addressBooks.places[1]',
      '- https://d111111abcdef8.cloudfront.net',
      '- https://ghp_16C7e42F292c6912E7710c838347Ae178B4a@d111111abcdef8.cloudfront.net',
      'https://****************************************@d111111abcdef8.cloudfront.net',
    ],
    [
      'artifacts.appChart',
      'appChart: oci://ghcr.io/',
      'appChart: oci://robot:s3cr3t-value@ghcr.io/',
      'oci://******************@ghcr.io/atomicloud/charts/{platform}.{service}',
    ],
  ];
  for (const [field, from, to, shown] of cases) {
    it(`names ${field} and masks the credentials`, () => {
      const text = fleetYaml.replace(from, to);
      expect(text).not.toBe(fleetYaml);
      const result = compile({ 'registry/fleet.yaml': text });
      const found = result.diagnostics.filter((d) => d.code === 'input_url_credentials');
      expect(found.map((d) => d.message)).toEqual([`${field} holds a URL with credentials: ${shown}`]);
      expect(found[0]?.hint).toContain(`(${shown.replace(/\/\/\*+@/, '//')})`);
      expect(result.outputs).toBeUndefined();
      const secret = /\/\/([^@]+)@/.exec(to)?.[1] as string;
      expect(printed(result.diagnostics)).not.toContain(secret);
    });
  }

  it('covers DNS host URLs and any string, with a postgres password', () => {
    const text = fleetYaml.replace(
      'provider: google\n',
      'provider: powerdns\n      url: http://pdns:pdns-api-key-1@127.0.0.1:8081\n      apiKeyEnv: PDNS_API_KEY\n',
    );
    const result = compile({ 'registry/fleet.yaml': text, [ROW]: row('  DATABASE_URL: postgres://app:Zm9vYmFy@db:5432/app\n') });
    expect(result.diagnostics.filter((d) => d.code === 'input_url_credentials').map((d) => d.message)).toEqual([
      'values.DATABASE_URL holds a URL with credentials: postgres://************@db:5432/app',
      'dns.hosts[1].url holds a URL with credentials: http://*******************@127.0.0.1:8081',
    ]);
  });

  it('accepts a user name alone, and a placeholder for the password', () => {
    const result = compile({ [ROW]: row('  REPO: ssh://git@github.com/AtomiCloud/fleet.git\n  DATABASE_URL: postgres://app:${DB_PASSWORD}@db:5432/app\n') });
    expect(result.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
  });
});
