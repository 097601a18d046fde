/**
 * A pull request report posts nothing secret (issue 14, "done when"): a fleet
 * carrying a secret of every kind diene knows, in values, keys, comments,
 * escapes, URLs of every URL field and a file that does not parse, plus the
 * checkout's `.git/config` holding actions/checkout's token and reached
 * through a link in an input folder. `diene report` prints the Markdown (as a
 * file and on stdout) and the diagnostics (text with GitHub annotations, and
 * JSON); none of it may hold any of the secrets, and all of it must still say
 * where each one is.
 */
import { mkdirSync, readFileSync, symlinkSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readFleetTexts, useTempFleets } from '../support/fleet-fixture.js';
import { runCli } from '../support/run-cli.js';

const tempFleet = useTempFleets();
const NOW = ['--now', '2026-11-21T00:00:00Z'];

/** The secret part of every planted value: none of these may be printed. */
const SECRETS = {
  checkoutToken: 'ghs_Zq8CheckoutTokenPlantedInGitConfig01',
  awsKeyId: 'AKIAZ7PLANTEDKEY0001',
  awsSecret: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYPLANTED01',
  pemBody: 'MIIEowIBAAKCAQEAplantedPrivateKeyBodyLine',
  repoPassword: 'repo-pass-PLANTED-7731',
  serverPassword: 'server-pass-PLANTED-5521',
  placeToken: 'place-token-PLANTED-9911',
  chartPassword: 'chart-pass-PLANTED-1212',
  dnsPassword: 'dns-pass-PLANTED-3434',
  postgresPassword: 'pg-pass-PLANTED-5656',
  githubToken: 'ghp_PlantedGithubTokenAbCdEfGhIjKlMnOpQr',
  fineGrained: 'github_pat_11PLANTED0123456789abc_PlantedFineGrainedTokenAbCdEfGhIjKlMnOpQrStUvWxYz0123456',
  slackToken: 'xoxb-17653672481-19874698323-PlantedSlackTokenXyz',
  slackWebhook: 'T0PLANTED/B0PLANTED/PlantedWebhookSecretXYZ1',
  stripeKey: 'sk_live_PlantedStripeKey00000001',
  googleKey: 'AIzaSyPlantedGoogleKey0123456789abcdefg',
  jwtSignature: 'PlantedJwtSignature_0123456789abcdefABCDEF',
  bearer: 'PlantedBearerToken.0123456789',
  escapedToken: '16C7e42F292c6912E7710c838347AePLANTED',
  keyRuleValue: 'key-rule-PLANTED-hunter22',
  brokenFileToken: 'xoxp-1234567890-PlantedInABrokenFile',
  commentToken: 'ghp_PlantedInACommentAbCdEfGhIjKlMnOpQrSt',
} as const;

const JWT = `eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiIxMjM0NTY3ODkwIiwibmFtZSI6IkpvaG4gRG9lIiwiaWF0IjoxNTE2MjM5MDIyfQ.${SECRETS.jwtSignature}`;

function plantedFleet(): string {
  const reference = readFleetTexts();
  const fleetYaml = (reference.get('registry/fleet.yaml') as string)
    .replace('repoURL: https://github.com/', `repoURL: https://bot:${SECRETS.repoPassword}@github.com/`)
    .replace('server: https://kubernetes.default.svc', `server: https://admin:${SECRETS.serverPassword}@kubernetes.default.svc`)
    .replace('- https://d111111abcdef8.cloudfront.net', `- https://publisher:${SECRETS.placeToken}@d111111abcdef8.cloudfront.net`)
    .replace('appChart: oci://', `appChart: oci://robot:${SECRETS.chartPassword}@`)
    .replace('provider: google\n', `provider: powerdns\n      url: http://pdns:${SECRETS.dnsPassword}@127.0.0.1:8081\n      apiKeyEnv: PDNS_API_KEY\n`);
  const row = (values: string) => `pin:\n  chart: "1.4.2"\n  image: "1.4.2"\nvalues:\n${values}valuesSince: 2026-11-20T10:00:00Z\n`;
  const dir = tempFleet({
    'registry/fleet.yaml': fleetYaml,
    'platforms/nitroso/tin/pichu.yaml': row(
      [
        `  env:\n    - {name: AWS_ACCESS_KEY_ID, value: ${SECRETS.awsKeyId}}\n`,
        `  AWS_SECRET_ACCESS_KEY: ${SECRETS.awsSecret}\n`,
        `  tls: |\n    -----BEGIN RSA PRIVATE KEY-----\n    ${SECRETS.pemBody}\n    -----END RSA PRIVATE KEY-----\n`,
        `  DATABASE_URL: postgres://app:${SECRETS.postgresPassword}@db:5432/app\n`,
        `  headers: {Authorization: "Bearer ${JWT}", X-Other: "Bearer ${SECRETS.bearer}"}\n`,
      ].join(''),
    ),
    'platforms/nitroso/tin/pikachu.yaml': row(
      [
        `  tokens: [${SECRETS.githubToken}, ${SECRETS.fineGrained}]\n`,
        `  slack: {token: "${SECRETS.slackToken}", hook: "https://hooks.slack.com/services/${SECRETS.slackWebhook}"}\n`,
        `  ${SECRETS.stripeKey}: key-as-a-key\n`,
        `  google: ${SECRETS.googleKey} # ${SECRETS.commentToken}\n`,
        `  escaped: "\\x67hp_${SECRETS.escapedToken}"\n`,
        `  store:\n    secretKey: [${SECRETS.keyRuleValue}]\n`,
      ].join(''),
    ),
    'registry/accounts/aws-main.yaml': `vendor: aws\nname: main\nnote: [${SECRETS.brokenFileToken}\n`,
    '.git/config': `[remote "origin"]\n\turl = https://github.com/AtomiCloud/fleet.git\n[http "https://github.com/"]\n\textraheader = AUTHORIZATION: bearer ${SECRETS.checkoutToken}\n`,
  });
  // The checkout's credentials, one link away from an input folder: a YAML error would have quoted them into the report.
  mkdirSync(path.join(dir, 'registry', 'clusters'), { recursive: true });
  symlinkSync('../../.git/config', path.join(dir, 'registry', 'clusters', 'raichu-onyx.yaml'));
  return dir;
}

function expectNoSecret(text: string, where: string): void {
  for (const [name, secret] of Object.entries(SECRETS)) expect(text.includes(secret), `${where} holds ${name}`).toBe(false);
}

describe('diene report on a fleet with planted secrets', () => {
  it('posts none of them, in the Markdown, on stdout or on stderr, in any format, and still says where each is', () => {
    const dir = plantedFleet();
    const output = path.join(dir, 'report.md');
    const toFile = runCli(['report', '--fleet', dir, '--output', output, ...NOW], { env: { GITHUB_ACTIONS: 'true' } });
    const onStdout = runCli(['report', '--fleet', dir, '--format', 'github', ...NOW]);
    const asJson = runCli(['report', '--fleet', dir, '--format', 'json', ...NOW]);
    const validate = runCli(['validate', '--fleet', dir, ...NOW]);
    for (const run of [toFile, onStdout, asJson]) expect(run.exitCode, run.stderr).toBe(0);
    expect(validate.exitCode).toBe(2);
    const markdown = readFileSync(output, 'utf8');
    expect(onStdout.stdout).toBe(markdown);

    expectNoSecret(markdown, 'the report');
    for (const [name, run] of Object.entries({ toFile, onStdout, asJson, validate })) {
      expectNoSecret(run.stdout, `stdout of ${name}`);
      expectNoSecret(run.stderr, `stderr of ${name}`);
    }

    // Not vacuous: every planted place is reported, with its code, in the Markdown and in the diagnostics.
    const expected: [string, string][] = [
      ['registry/clusters/raichu-onyx.yaml', 'file_symlink_outside'],
      ['registry/accounts/aws-main.yaml', 'input_secret_value'],
      ['registry/accounts/aws-main.yaml', 'yaml_syntax'],
      ['registry/fleet.yaml', 'input_url_credentials'],
      ['platforms/nitroso/tin/pichu.yaml', 'input_secret'],
      ['platforms/nitroso/tin/pichu.yaml', 'input_secret_value'],
      ['platforms/nitroso/tin/pichu.yaml', 'input_url_credentials'],
      ['platforms/nitroso/tin/pikachu.yaml', 'input_secret'],
      ['platforms/nitroso/tin/pikachu.yaml', 'input_secret_value'],
    ];
    const diagnostics = JSON.parse(asJson.stderr) as { file: string; code: string; message: string }[];
    for (const [file, code] of expected) {
      expect(
        diagnostics.some((d) => d.file === file && d.code === code),
        `${code} in ${file}`,
      ).toBe(true);
      expect(markdown).toMatch(new RegExp(`\\| \`${file.replace(/[.]/g, '\\.')}:\\d+:\\d+\` \\| \`${code}\` \\|`));
    }
    expect(diagnostics.filter((d) => d.code === 'input_url_credentials').map((d) => d.message.split(' holds')[0])).toEqual([
      'values.DATABASE_URL',
      'dns.hosts[1].url',
      'addressBooks.places[1]',
      'primordial.server',
      'git.repoURL',
      'artifacts.appChart',
    ]);
    expect(toFile.stderr).toContain('::error file=platforms/nitroso/tin/pichu.yaml,line=12,col=17');
    expect(validate.stderr).toContain(`  DATABASE_URL: postgres://${'*'.repeat(`app:${SECRETS.postgresPassword}`.length)}@db:5432/app`);
  });
});
