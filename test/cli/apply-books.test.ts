// `diene apply books` end to end, the built CLI against a real S3-compatible
// server (s3rver) on 127.0.0.1: what lands in the bucket with which headers,
// a second run that uploads nothing, a stale publisher refused, the serial
// from the fleet repo's HEAD commit, and the exit codes of SPEC §5.
// The first test runs bin/diene.js; the others run the CLI's `main` in this
// process (runCliInProcess, held to the binary's bytes by
// test/cli/in-process.test.ts), the S3 client loaded once.

import { execFile, execFileSync } from 'node:child_process';
import path from 'node:path';
import { GetObjectCommand, HeadObjectCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildAddressBooks } from '../../compiler/3-emit/address-books.js';
import { toJson } from '../../compiler/3-emit/serialize.js';
import { compileFleet } from '../../compiler/index.js';
import { runCliInProcess, type CliRun } from '../support/run-cli.js';
import { overlayTexts, readFleetTexts, REPO_ROOT, TEST_NOW_SECONDS, toSourceFiles, writeTempFleet } from '../support/fleet-fixture.js';
import { S3RVER_CREDENTIALS, S3RVER_ENV, startS3Server, type S3TestServer } from '../support/s3-server.js';

const reference = readFleetTexts();
const BOOK_KEYS = [
  'aldehyde/doc-b.json',
  'aldehyde/lithium/doc-c.json',
  'doc-a.json',
  'mercury/doc-b.json',
  'mercury/webhook/doc-c.json',
  'nitroso/doc-b.json',
  'nitroso/tin/doc-c.json',
  'nitroso/zinc/doc-c.json',
];
const EXTRA_PLACE = {
  'registry/fleet.yaml': (reference.get('registry/fleet.yaml') as string).replace(
    '    - https://books.atomi.cloud\n',
    '    - https://books.atomi.cloud\n    - https://books2.atomi.cloud\n',
  ),
};

let server: S3TestServer;
let s3: S3Client;
const fleets: { cleanup: () => void }[] = [];

beforeAll(async () => {
  server = await startS3Server(['books', 'race']);
  s3 = new S3Client({ region: 'us-east-1', endpoint: server.endpoint, forcePathStyle: true, credentials: S3RVER_CREDENTIALS });
});

afterAll(async () => {
  s3?.destroy();
  await server?.close();
  for (const fleet of fleets) fleet.cleanup();
});

function fleet(overlay: Record<string, string | null> = {}): string {
  const made = writeTempFleet(overlayTexts(reference, overlay));
  fleets.push(made);
  return made.dir;
}

/**
 * Runs the built CLI without blocking this process: s3rver answers from this
 * process's event loop, so a synchronous spawn would deadlock.
 */
function runBinaryAsync(args: readonly string[]): Promise<CliRun> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [path.join(REPO_ROOT, 'bin', 'diene.js'), ...args],
      { env: { ...process.env, GITHUB_ACTIONS: '', ...S3RVER_ENV }, encoding: 'utf8', timeout: 60_000 },
      (error, stdout, stderr) => resolve({ exitCode: error ? (typeof error.code === 'number' ? error.code : -1) : 0, stdout, stderr }),
    );
  });
}

/** Runs the CLI in this process, where s3rver answers too. */
function runCliAsync(args: readonly string[]): Promise<CliRun> {
  return runCliInProcess(args, { env: { ...S3RVER_ENV, FORCE_COLOR: process.env['FORCE_COLOR'] ?? '' } });
}

function applyBooksBinary(dir: string, to: string, ...extra: string[]): Promise<CliRun> {
  return runBinaryAsync(['apply', 'books', '--fleet', dir, '--to', to, '--endpoint', server.endpoint, '--skip-name-check', ...extra]);
}

function applyBooks(dir: string, to: string, ...extra: string[]): Promise<CliRun> {
  // The names' check runs against real nameservers in apply-books-names.test.ts; here the reference fleet's are out of reach.
  return runCliAsync(['apply', 'books', '--fleet', dir, '--to', to, '--endpoint', server.endpoint, '--skip-name-check', ...extra]);
}

async function keys(bucket: string): Promise<string[]> {
  const listed = await s3.send(new ListObjectsV2Command({ Bucket: bucket }));
  return (listed.Contents ?? []).map((o) => o.Key as string).sort();
}

async function remote(bucket: string, key: string): Promise<{ serial: number; digest: string; text: string }> {
  const text = (await (await s3.send(new GetObjectCommand({ Bucket: bucket, Key: key }))).Body?.transformToString()) as string;
  return { ...(JSON.parse(text) as { serial: number; digest: string }), text };
}

function compiled(overlay: Record<string, string | null>, serial: number): Map<string, string> {
  const result = compileFleet(toSourceFiles(overlayTexts(reference, overlay)), { nowSeconds: TEST_NOW_SECONDS });
  return new Map([...buildAddressBooks(result.model!, serial)].map(([key, book]) => [key, toJson(book)]));
}

describe('diene apply books', () => {
  const dir = () => fleet();

  it('publishes every book (never issuers.json) under the prefix, as JSON with a 60 s cache time', async () => {
    const run = await applyBooksBinary(dir(), 's3://books/prod', '--serial', '100');
    expect(run.stderr).toContain('uploaded 8 of 8 changed books (0 unchanged) with serial 100');
    expect(run.stderr).not.toContain('NodeVersionSupportWarning');
    expect(run.exitCode).toBe(0);
    expect(server.takeWrites().sort()).toEqual(BOOK_KEYS.map((k) => `prod/${k}`));
    expect(await keys('books')).toEqual(BOOK_KEYS.map((k) => `prod/${k}`));
    const expected = compiled({}, 100);
    for (const key of BOOK_KEYS) {
      expect((await remote('books', `prod/${key}`)).text, key).toBe(expected.get(key));
      const head = await s3.send(new HeadObjectCommand({ Bucket: 'books', Key: `prod/${key}` }));
      expect([head.ContentType, head.CacheControl], key).toEqual(['application/json', 'max-age=60']);
    }
    expect(run.stdout).toContain('create nitroso/tin/doc-c.json: serial 100 sha256:');
    expect(run.stdout.indexOf('nitroso/zinc/doc-c.json')).toBeLessThan(run.stdout.indexOf('aldehyde/doc-b.json'));
    expect(run.stdout.indexOf('nitroso/doc-b.json')).toBeLessThan(run.stdout.indexOf('doc-a.json:'));
  });

  it('uploads nothing on a second run, nor when only the serial moves', async () => {
    for (const serial of ['100', '200']) {
      const run = await applyBooks(dir(), 's3://books/prod', '--serial', serial);
      expect(run.exitCode).toBe(0);
      expect(run.stderr).toContain('nothing to upload: all 8 books unchanged');
      expect(server.takeWrites()).toEqual([]);
    }
    expect((await remote('books', 'prod/doc-a.json')).serial).toBe(100);
  });

  it('uploads only the books whose digest changed, with the new serial', async () => {
    const run = await applyBooks(fleet(EXTRA_PLACE), 's3://books/prod', '--serial', '300');
    expect(run.exitCode).toBe(0);
    expect(server.takeWrites()).toEqual(['prod/doc-a.json']);
    expect((await remote('books', 'prod/doc-a.json')).text).toBe(compiled(EXTRA_PLACE, 300).get('doc-a.json'));
    expect((await remote('books', 'prod/nitroso/doc-b.json')).serial).toBe(100);
  });

  it('refuses a stale publisher: reads the newer remote serial first, says so, writes nothing, exits 3', async () => {
    const run = await applyBooks(dir(), 's3://books/prod', '--serial', '250');
    expect(run.exitCode).toBe(3);
    expect(run.stderr).toMatch(/book_remote_newer: doc-a\.json at s3:\/\/books\/prod at http:\/\/127\.0\.0\.1:\d+ has serial 300, newer than this run's 250/);
    expect(run.stdout).toContain('refuse doc-a.json');
    expect(server.takeWrites()).toEqual([]);
    expect((await remote('books', 'prod/doc-a.json')).serial).toBe(300);
  });

  it('prints the plan and writes nothing with --dry-run', async () => {
    const run = await applyBooks(dir(), 's3://books/staging', '--serial', '7', '--dry-run');
    expect(run.exitCode).toBe(0);
    expect(run.stderr).toContain('dry run: would upload 8 of 8 books (0 unchanged) with serial 7; nothing written');
    expect(run.stdout.split('\n').filter((l) => l.startsWith('create '))).toHaveLength(8);
    expect(server.takeWrites()).toEqual([]);
  });

  it("stamps the committer time of the fleet repo's HEAD commit when --serial is absent (packed objects too)", async () => {
    const repo = fleet();
    const env = {
      ...process.env,
      GIT_AUTHOR_DATE: '@1700000000 +0000',
      GIT_COMMITTER_DATE: '@1796000000 +0000',
      GIT_AUTHOR_NAME: 't',
      GIT_AUTHOR_EMAIL: 't@example.org',
      GIT_COMMITTER_NAME: 't',
      GIT_COMMITTER_EMAIL: 't@example.org',
    };
    const git = (...args: string[]) => execFileSync('git', ['-C', repo, ...args], { env, stdio: 'pipe' });
    git('init', '-q');
    git('add', '.');
    git('commit', '-q', '-m', 'fleet');
    git('gc', '-q');
    const run = await applyBooks(repo, 's3://books/git');
    expect(run.exitCode).toBe(0);
    expect((await remote('books', 'git/nitroso/tin/doc-c.json')).serial).toBe(1796000000);
    server.takeWrites();
  });

  it('refuses to guess a serial outside a git repository (exit 2, nothing read or written)', async () => {
    const run = await applyBooks(dir(), 's3://books/nogit');
    expect(run.exitCode).toBe(2);
    expect(run.stderr).toContain('error usage_option_missing: diene apply books needs --serial N');
    expect(run.stderr).toContain('pass --serial N');
    expect(server.takeWrites()).toEqual([]);
  });

  it('exits 2 without writing when the target cannot be read', async () => {
    const run = await applyBooks(dir(), 's3://no-such-bucket', '--serial', '1');
    expect(run.exitCode).toBe(2);
    expect(run.stderr).toMatch(
      /book_remote_unreadable: cannot read \S+ from s3:\/\/no-such-bucket at http:\/\/127\.0\.0\.1:\d+: NoSuchBucket.*; nothing written/,
    );
    expect(server.takeWrites()).toEqual([]);
  });

  it('exits 2 on bad usage and on an invalid fleet', async () => {
    for (const args of [
      ['--to', 'books', '--serial', '1'],
      ['--to', 's3://Books', '--serial', '1'],
      ['--to', 's3://books', '--serial', '-1'],
      ['--to', 's3://books', '--serial', '1', '--endpoint', 'ftp://127.0.0.1'],
    ]) {
      const run = await runCliAsync(['apply', 'books', '--fleet', dir(), ...args]);
      expect(run.exitCode, args.join(' ')).toBe(2);
      expect(run.stderr).toMatch(/error usage_option_value_(invalid|missing): --(to|serial|endpoint)/);
    }
    const broken = fleet({
      'registry/fleet.yaml': (reference.get('registry/fleet.yaml') as string).replace('https://books.atomi.cloud', 'http://books.atomi.cloud'),
    });
    const run = await applyBooks(broken, 's3://books/broken', '--serial', '1');
    expect(run.exitCode).toBe(2);
    expect(run.stderr).toContain('book_place_invalid');
    expect(server.takeWrites()).toEqual([]);
  });
});
