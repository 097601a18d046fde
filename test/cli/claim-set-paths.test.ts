// The write door, `diene claim set-paths`, as an app team runs it: against a
// real git smart-HTTP server (`git http-backend` on loopback) and against local
// repositories, read back with the real `git` binary. Covers the wholesale
// replace, the no-op republish, refusals that write nothing, writers racing
// (client-side and server-side compare-and-swap), and a checked-out branch.
// The racing writers are separate bin/diene.js processes; a single writer runs
// the CLI's `main` in this process (runCliInProcess, held to the binary's bytes
// by test/cli/in-process.test.ts), its git children and the server as they are.

import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Diagnostic } from '../../compiler/diagnostics/diagnostic.js';
import { commitCount, git, GIT_ENV, hasGit, landCommit, makeGitFleet, runCliAsync, showFile, type GitFleet } from '../support/git-fleet.js';
import { runCliInProcess } from '../support/run-cli.js';
import { gitHttpBackend, startGitHttpServer, type GitHttpServer } from '../support/git-http-server.js';
import { skippedBecause, skipUnlessPresent } from '../support/required.js';

const TIN = 'api.tin.nitroso.pikachu.cluster.atomi.cloud';
const TIN_CLAIM = `claims/domains/${TIN}.json`;
const ZINC = 'api.zinc.nitroso.pikachu.cluster.atomi.cloud';
const WEB = 'web.zinc.nitroso.pikachu.cluster.atomi.cloud';

const skipReason = !hasGit() ? 'git is not installed (Debian package git)' : !gitHttpBackend() ? 'git http-backend is missing (Debian package git)' : undefined;
if (skipReason) console.warn(`skipping the write-door tests: ${skipReason}`);

let scratch: string;
beforeAll(() => {
  scratch = mkdtempSync(path.join(tmpdir(), 'diene-claim-paths-'));
});
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

let fileCounter = 0;
function pathsFile(content: unknown): string {
  const file = path.join(scratch, `paths-${++fileCounter}.json`);
  writeFileSync(file, typeof content === 'string' ? content : JSON.stringify(content, null, 2));
  return file;
}

/** One writer, in-process. */
function setPaths(host: string, file: string, repo: string, ...extra: string[]) {
  return runCliInProcess(['claim', 'set-paths', host, '--file', file, '--repo', repo, '--actor', 'ci-bot', ...extra], {
    env: { GITHUB_ACTIONS: '', ...GIT_ENV },
  });
}

/** One of several writers racing: a process of its own. */
function setPathsRacing(host: string, file: string, repo: string, ...extra: string[]) {
  return runCliAsync(['claim', 'set-paths', host, '--file', file, '--repo', repo, '--actor', 'ci-bot', ...extra]);
}

function diagnosticsOf(stderr: string): Diagnostic[] {
  const start = stderr.indexOf('[');
  return start < 0 ? [] : (JSON.parse(stderr.slice(start, stderr.lastIndexOf(']') + 1)) as Diagnostic[]);
}

describe.skipIf(skipUnlessPresent(skipReason))(`diene claim set-paths over git smart HTTP${skippedBecause(skipReason)}`, () => {
  let fleet: GitFleet;
  let server: GitHttpServer;
  let url: string;
  beforeEach(async () => {
    fleet = makeGitFleet();
    server = await startGitHttpServer(fleet.root);
    url = `${server.url}/fleet.git`;
  });
  afterEach(async () => {
    await server.close();
    fleet.cleanup();
  });

  it('replaces the map wholesale, keeps account and app, and names actor, account, app, host and count in the commit, never a target', async () => {
    const before = commitCount(fleet.bare);
    const run = await setPaths(TIN, pathsFile({ paths: { paulca: ZINC, '2024': WEB } }), url);
    expect(run.exitCode, run.stderr).toBe(0);
    const commit = run.stdout.trim();
    expect(commit).toMatch(/^[0-9a-f]{40}$/);
    expect(git(fleet.bare, 'rev-parse', 'main').trim()).toBe(commit);
    expect(commitCount(fleet.bare)).toBe(before + 1);
    expect(showFile(fleet.bare, TIN_CLAIM)).toBe(
      `{\n  "account": "nitroso",\n  "app": "tin",\n  "paths": {\n    "2024": "${WEB}",\n    "paulca": "${ZINC}"\n  }\n}\n`,
    );
    const message = git(fleet.bare, 'log', '-1', '--format=%an <%ae>%n%B', 'main');
    expect(message).toBe(
      `ci-bot <ci-bot@diene.invalid>\nclaim: set 2 prefixes on ${TIN}\n\nactor: ci-bot\naccount: nitroso\napp: tin\nhost: ${TIN}\nprefixes: 2\n\n`,
    );
    expect(message).not.toContain('zinc');
    expect(message).not.toContain('paulca');
    // Only the claim changed, and the repository is sound.
    expect(git(fleet.bare, 'diff', '--name-only', 'main~1', 'main').trim()).toBe(TIN_CLAIM);
    git(fleet.bare, 'fsck', '--strict', '--no-dangling');
  });

  it('makes no commit when the same map is published again, whatever the file order', async () => {
    expect((await setPaths(TIN, pathsFile({ paths: { paulca: ZINC, dashboard: WEB } }), url)).exitCode).toBe(0);
    const head = git(fleet.bare, 'rev-parse', 'main').trim();
    const again = await setPaths(TIN, pathsFile('{"paths": {"dashboard": "' + WEB + '", "paulca": "' + ZINC + '"}}'), url);
    expect(again.exitCode).toBe(0);
    expect(again.stdout).toBe('');
    expect(again.stderr).toContain('no commit');
    expect(git(fleet.bare, 'rev-parse', 'main').trim()).toBe(head);
  });

  it('clears the map with {"paths": {}} and creates the claim of a host that had none', async () => {
    expect((await setPaths(TIN, pathsFile({ paths: {} }), url)).exitCode).toBe(0);
    expect(JSON.parse(showFile(fleet.bare, TIN_CLAIM) as string)).toEqual({ account: 'nitroso', app: 'tin', paths: {} });
    const zincClaim = `claims/domains/${ZINC}.json`;
    expect(showFile(fleet.bare, zincClaim)).toBeUndefined();
    const created = await setPaths(ZINC, pathsFile({ paths: { legacy: TIN } }), url);
    expect(created.exitCode, created.stderr).toBe(0);
    expect(JSON.parse(showFile(fleet.bare, zincClaim) as string)).toEqual({ account: 'nitroso', app: 'zinc', paths: { legacy: TIN } });
    expect(git(fleet.bare, 'log', '-1', '--format=%s', 'main').trim()).toBe(`claim: create 1 prefix on ${ZINC}`);
  });

  it("refuses a bad request before anything is written, with the compiler's codes and places", async () => {
    const head = git(fleet.bare, 'rev-parse', 'main').trim();
    const cases: { host: string; content: unknown; code: string; line?: number; column?: number }[] = [
      { host: TIN, content: { paulca: ZINC }, code: 'claim_paths_unwrapped', line: 1, column: 1 },
      { host: TIN, content: { path: { paulca: ZINC } }, code: 'claim_paths_missing' },
      { host: TIN, content: '{\n  "paths": {\n    "../bob": "' + ZINC + '"\n  }\n}\n', code: 'claim_prefix_has_slash', line: 3, column: 5 },
      { host: TIN, content: { paths: { paulca: `https://${ZINC}/` } }, code: 'claim_target_not_bare_host' },
      { host: 'api.lithium.aldehyde.pikachu.cluster.atomi.cloud', content: { paths: { x: ZINC } }, code: 'claim_host_signin' },
      { host: 'api.copper.nitroso.pikachu.cluster.atomi.cloud', content: { paths: {} }, code: 'claim_host_unknown' },
      { host: TIN, content: { app: 'zinc', paths: {} }, code: 'claim_owner_mismatch' },
      { host: TIN, content: '{"paths": {},}', code: 'json_syntax' },
    ];
    for (const sample of cases) {
      const run = await setPaths(sample.host, pathsFile(sample.content), url, '--format', 'json');
      expect(run.exitCode, `${sample.code}: ${run.stderr}`).toBe(2);
      const found = diagnosticsOf(run.stderr).find((d) => d.code === sample.code);
      expect(found, `${sample.code}: ${run.stderr}`).toBeDefined();
      if (sample.line !== undefined) expect([found?.line, found?.column]).toEqual([sample.line, sample.column]);
    }
    const tooMany = Object.fromEntries(Array.from({ length: 10_001 }, (_, i) => [`p${i}`, ZINC]));
    const capped = await setPaths(TIN, pathsFile({ paths: tooMany }), url);
    expect(capped.exitCode).toBe(2);
    expect(capped.stderr).toContain('it holds 10001');
    expect(server.pushes).toBe(0);
    expect(git(fleet.bare, 'rev-parse', 'main').trim()).toBe(head);
  });

  it('refuses a branch that does not exist', async () => {
    const run = await setPaths(TIN, pathsFile({ paths: {} }), url, '--branch', 'nope', '--format', 'json');
    expect(run.exitCode).toBe(2);
    expect(diagnosticsOf(run.stderr).map((d) => [d.code, d.message])).toEqual([
      ['claim_branch_missing', `the branch "nope" does not exist in ${url}; nothing written`],
    ]);
  });

  it('lets two writers race on different hosts: both land, neither is lost', async () => {
    const hosts = [TIN, ZINC, 'api.tin.nitroso.pichu.cluster.atomi.cloud', 'api.zinc.nitroso.pichu.cluster.atomi.cloud'];
    const targets = [ZINC, TIN, 'api.zinc.nitroso.pichu.cluster.atomi.cloud', 'api.tin.nitroso.pichu.cluster.atomi.cloud'];
    const before = commitCount(fleet.bare);
    const runs = await Promise.all(hosts.map((host, i) => setPathsRacing(host, pathsFile({ paths: { [`race${i}`]: targets[i] } }), url)));
    for (const run of runs) expect(run.exitCode, run.stderr).toBe(0);
    expect(commitCount(fleet.bare)).toBe(before + hosts.length);
    hosts.forEach((host, i) => expect(JSON.parse(showFile(fleet.bare, `claims/domains/${host}.json`) as string).paths).toEqual({ [`race${i}`]: targets[i] }));
    git(fleet.bare, 'fsck', '--strict', '--no-dangling');
  });

  it('lets two writers race on the same host: both commit in turn and the map is one of theirs, whole', async () => {
    const before = commitCount(fleet.bare);
    const maps = [{ paulca: ZINC }, { dashboard: WEB, bob: ZINC }];
    const runs = await Promise.all(maps.map((paths) => setPathsRacing(TIN, pathsFile({ paths }), url)));
    for (const run of runs) expect(run.exitCode, run.stderr).toBe(0);
    expect(commitCount(fleet.bare)).toBe(before + 2);
    const final = JSON.parse(showFile(fleet.bare, TIN_CLAIM) as string).paths;
    expect(maps).toContainEqual(final);
    // The loser re-read the winner's commit: history is linear, each commit one write.
    expect(git(fleet.bare, 'rev-list', '--merges', '--count', 'main').trim()).toBe('0');
  });

  it('retries when the server refuses a push because the branch moved after the writer read it (server-side compare-and-swap)', async () => {
    let injected = false;
    server.onReceivePack = async () => {
      if (injected) return;
      injected = true;
      landCommit(
        fleet.bare,
        'claims/domains/api.zinc.nitroso.pichu.cluster.atomi.cloud.json',
        '{"account": "nitroso", "app": "zinc", "paths": {}}\n',
        'another writer',
      );
    };
    const before = commitCount(fleet.bare);
    const run = await setPaths(TIN, pathsFile({ paths: { paulca: ZINC } }), url);
    expect(run.exitCode, run.stderr).toBe(0);
    expect(run.stderr).toContain('after 1 retry');
    expect(server.pushes).toBe(2);
    expect(commitCount(fleet.bare)).toBe(before + 2);
    expect(git(fleet.bare, 'log', '-1', '--format=%s', 'main~1').trim()).toBe('another writer');
    expect(JSON.parse(showFile(fleet.bare, 'claims/domains/api.zinc.nitroso.pichu.cluster.atomi.cloud.json') as string).paths).toEqual({});
    expect(JSON.parse(showFile(fleet.bare, TIN_CLAIM) as string).paths).toEqual({ paulca: ZINC });
  });

  it('checks the new map against the fleet as it is on the branch, not as it was', async () => {
    // Another writer removes the tin service's rows: tin hosts are no longer fleet service hosts.
    const work = mkdtempSync(path.join(tmpdir(), 'diene-git-rm-'));
    try {
      git(work, 'clone', '-q', fleet.bare, 'w');
      git(path.join(work, 'w'), 'rm', '-q', '-r', 'platforms/nitroso/tin');
      git(path.join(work, 'w'), 'commit', '-q', '-m', 'retire tin');
      git(path.join(work, 'w'), 'push', '-q', 'origin', 'main');
    } finally {
      rmSync(work, { recursive: true, force: true });
    }
    const run = await setPaths(TIN, pathsFile({ paths: { paulca: ZINC } }), url, '--format', 'json');
    expect(run.exitCode).toBe(2);
    expect(diagnosticsOf(run.stderr).map((d) => d.code)).toContain('claim_host_unknown');
  });
});

describe.skipIf(skipUnlessPresent(hasGit() ? undefined : 'git (Debian package git)'))('diene claim set-paths on a local repository', () => {
  let fleet: GitFleet;
  beforeEach(() => {
    fleet = makeGitFleet();
  });
  afterEach(() => fleet.cleanup());

  it('commits into a bare repository by compare-and-swap of the ref', async () => {
    const run = await setPaths(TIN, pathsFile({ paths: { paulca: ZINC } }), fleet.bare);
    expect(run.exitCode, run.stderr).toBe(0);
    expect(git(fleet.bare, 'rev-parse', 'main').trim()).toBe(run.stdout.trim());
    expect(JSON.parse(showFile(fleet.bare, TIN_CLAIM) as string).paths).toEqual({ paulca: ZINC });
    git(fleet.bare, 'fsck', '--strict', '--no-dangling');
  });

  it('says which prefixes it removed, added and retargeted, as the replace is wholesale', async () => {
    const run = await setPaths(TIN, pathsFile({ paths: { paulca: WEB, Dashboard: WEB } }), fleet.bare);
    expect(run.exitCode, run.stderr).toBe(0);
    const commit = run.stdout.trim().slice(0, 12);
    expect(run.stderr).toContain(
      `updated ${TIN_CLAIM} with 2 prefixes (removed 4: bob, dashboard, ghost, hooks; added 1: Dashboard; changed 1: paulca): ${commit} on main`,
    );
    const cleared = await setPaths(TIN, pathsFile({ paths: {} }), fleet.bare);
    expect(cleared.stderr).toContain(
      `updated ${TIN_CLAIM} with 0 prefixes (removed 2: Dashboard, paulca; added 0; changed 0): ${cleared.stdout.trim().slice(0, 12)} on main`,
    );
    const many = Object.fromEntries(Array.from({ length: 12 }, (_, i) => [`p${String(i).padStart(2, '0')}`, ZINC]));
    const created = await setPaths(WEB, pathsFile({ paths: many }), fleet.bare);
    expect(created.exitCode, created.stderr).toBe(0);
    expect(created.stderr).toContain(
      `created claims/domains/${WEB}.json with 12 prefixes (removed 0; added 12: p00, p01, p02, p03, p04, p05, p06, p07, p08, p09, … 2 more; changed 0): ${created.stdout.trim().slice(0, 12)} on main`,
    );
  });

  it('says a republish of one prefix, or of none, in the singular and without a count of zero', async () => {
    const head = await setPaths(TIN, pathsFile({ paths: { paulca: ZINC } }), fleet.bare);
    const short = head.stdout.trim().slice(0, 12);
    const one = await setPaths(TIN, pathsFile({ paths: { paulca: ZINC } }), fleet.bare);
    expect(one.stderr).toContain(`unchanged: ${TIN_CLAIM} at main (${short}) already holds this 1 prefix; no commit`);
    const cleared = (await setPaths(TIN, pathsFile({ paths: {} }), fleet.bare)).stdout.trim().slice(0, 12);
    const none = await setPaths(TIN, pathsFile({ paths: {} }), fleet.bare);
    expect(none.stderr).toContain(`unchanged: ${TIN_CLAIM} at main (${cleared}) already holds an empty map; no commit`);
  });

  it('names the closest service host of the fleet for a misspelt host, as diene route does', async () => {
    const head = git(fleet.bare, 'rev-parse', 'main').trim();
    const run = await setPaths('api.tin.nitroso.pikachu.cluster.atomi.clod', pathsFile({ paths: {} }), fleet.bare, '--format', 'json');
    expect(run.exitCode, run.stderr).toBe(2);
    const [found] = diagnosticsOf(run.stderr);
    expect(found?.code).toBe('claim_host_malformed');
    expect(found?.hint).toBe(
      `did you mean ${TIN}? it is the service host of the fleet closest to the one given; a claim is named after an exact host of the fleet, <module>.<service>.<platform>.<landscape>.<base>`,
    );
    // far from every host: the generic example stays
    const far = await setPaths('nothing-like-a-host', pathsFile({ paths: {} }), fleet.bare, '--format', 'json');
    expect(diagnosticsOf(far.stderr)[0]?.hint).toMatch(/^name the claim file after an exact host of the fleet, .* e\.g\. [a-z.]+\.json$/);
    expect(git(fleet.bare, 'rev-parse', 'main').trim()).toBe(head);
  });

  it('commits a target that does not exist (a warning, SPEC §3.4) and says so, as the next validate of the branch does', async () => {
    const NOPE = 'api.nope.nitroso.pikachu.cluster.atomi.cloud';
    const WEBHOOK = 'api.webhook.mercury.pikachu.cluster.atomi.cloud';
    const run = await setPaths(TIN, pathsFile({ paths: { x: NOPE, y: ZINC, z: WEBHOOK } }), fleet.bare, '--format', 'json');
    expect(run.exitCode, run.stderr).toBe(0);
    expect(git(fleet.bare, 'rev-parse', 'main').trim()).toBe(run.stdout.trim());
    const warned = diagnosticsOf(run.stderr);
    expect(warned.map((d) => [d.code, d.severity, d.line])).toEqual([['claim_targets_dropped', 'warning', 3]]);
    expect(warned[0]?.message).toBe(`2 of the claim's 3 prefixes contribute no row: does not exist: 1 (x → ${NOPE}); another account: 1 (z → ${WEBHOOK})`);
    // The same warning, word for word, as `diene validate` gives of the claim once committed.
    const clone = path.join(fleet.root, 'validate');
    git(fleet.root, 'clone', '-q', fleet.bare, clone);
    const validate = await runCliInProcess(['validate', '--fleet', clone, '--format', 'json'], { env: { GITHUB_ACTIONS: '' } });
    const later = diagnosticsOf(validate.stdout).filter((d) => d.code === 'claim_targets_dropped' && d.file === TIN_CLAIM);
    expect(later.map((d) => d.message)).toEqual([warned[0]?.message]);
    // A host whose own row has an empty pin: claim_host_not_ready, committed too, as validate will say it.
    const RAICHU = 'api.zinc.nitroso.raichu.cluster.atomi.cloud';
    const unready = await setPaths(RAICHU, pathsFile({ paths: { a: 'api.tin.nitroso.raichu.cluster.atomi.cloud' } }), fleet.bare, '--format', 'json');
    expect(unready.exitCode, unready.stderr).toBe(0);
    const notReady = diagnosticsOf(unready.stderr);
    expect(notReady.map((d) => [d.code, d.severity])).toEqual([['claim_host_not_ready', 'warning']]);
    git(clone, 'pull', '-q');
    const validated = await runCliInProcess(['validate', '--fleet', clone, '--format', 'json'], { env: { GITHUB_ACTIONS: '' } });
    expect(
      diagnosticsOf(validated.stdout)
        .filter((d) => d.file === `claims/domains/${RAICHU}.json`)
        .map((d) => d.message),
    ).toEqual([notReady[0]?.message]);
    // A map whose targets all exist commits without a warning.
    const clean = await setPaths(TIN, pathsFile({ paths: { y: ZINC } }), fleet.bare, '--format', 'json');
    expect(clean.exitCode, clean.stderr).toBe(0);
    expect(diagnosticsOf(clean.stderr)).toEqual([]);
  });

  it('commits two prefixes that differ only in letter case (both legal) and warns of them, as the next validate does', async () => {
    const run = await setPaths(
      TIN,
      pathsFile('{\n  "paths": {\n    "Paulca": "' + WEB + '",\n    "paulca": "' + ZINC + '"\n  }\n}\n'),
      fleet.bare,
      '--format',
      'json',
    );
    expect(run.exitCode, run.stderr).toBe(0);
    expect(git(fleet.bare, 'rev-parse', 'main').trim()).toBe(run.stdout.trim());
    expect(JSON.parse(showFile(fleet.bare, TIN_CLAIM) as string).paths).toEqual({ Paulca: WEB, paulca: ZINC });
    const warned = diagnosticsOf(run.stderr);
    expect(warned.map((d) => [d.code, d.severity, d.line, d.column, d.related.map((r) => [r.line, r.column])])).toEqual([
      ['claim_prefix_case_twin', 'warning', 4, 5, [[3, 5]]],
    ]);
    expect(warned[0]?.message).toBe('prefix "paulca" differs from prefix "Paulca" only in letter case');
    const clone = path.join(fleet.root, 'validate');
    git(fleet.root, 'clone', '-q', fleet.bare, clone);
    const validate = await runCliInProcess(['validate', '--fleet', clone, '--format', 'json'], { env: { GITHUB_ACTIONS: '' } });
    const later = diagnosticsOf(validate.stdout).filter((d) => d.code === 'claim_prefix_case_twin');
    expect(later.map((d) => [d.file, d.message, d.hint])).toEqual([[TIN_CLAIM, warned[0]?.message, warned[0]?.hint]]);
  });

  it("lets writers race on a local repository through git's ref lock", async () => {
    const hosts = [TIN, ZINC, 'api.tin.nitroso.pichu.cluster.atomi.cloud'];
    const before = commitCount(fleet.bare);
    const runs = await Promise.all(hosts.map((host, i) => setPathsRacing(host, pathsFile({ paths: { [`p${i}`]: host === TIN ? ZINC : TIN } }), fleet.bare)));
    for (const run of runs) expect(run.exitCode, run.stderr).toBe(0);
    expect(commitCount(fleet.bare)).toBe(before + hosts.length);
    for (const host of hosts) expect(showFile(fleet.bare, `claims/domains/${host}.json`)).toBeDefined();
  });

  it('keeps a checked-out working tree clean, and refuses when the claim has local changes', async () => {
    const clone = path.join(fleet.root, 'clone');
    git(fleet.root, 'clone', '-q', fleet.bare, clone);
    const run = await setPaths(TIN, pathsFile({ paths: { paulca: ZINC } }), clone);
    expect(run.exitCode, run.stderr).toBe(0);
    expect(git(clone, 'status', '--porcelain')).toBe('');
    expect(JSON.parse(readFileSync(path.join(clone, TIN_CLAIM), 'utf8')).paths).toEqual({ paulca: ZINC });
    expect(git(clone, 'rev-parse', 'HEAD').trim()).toBe(run.stdout.trim());

    writeFileSync(path.join(clone, TIN_CLAIM), '{"account": "nitroso", "app": "tin", "paths": {"mine": "x.y"}}\n');
    const refused = await setPaths(TIN, pathsFile({ paths: {} }), clone);
    expect(refused.exitCode).toBe(2);
    expect(refused.stderr).toContain('local changes');
    expect(git(clone, 'rev-parse', 'HEAD').trim()).toBe(run.stdout.trim());
  });

  it('says when a remote cannot be reached (exit 2, not an internal fault)', async () => {
    const run = await setPaths(TIN, pathsFile({ paths: {} }), 'http://127.0.0.1:9/fleet.git');
    expect(run.exitCode).toBe(2);
    expect(run.stderr).toMatch(/claim_repo_unreachable: cannot fetch from http:\/\/127\.0\.0\.1:9\/fleet\.git: .*ECONNREFUSED/);
  });

  it('refuses a secret in the paths file before touching git, masked, and masks a token in the repository URL (issue 14)', async () => {
    const before = git(fleet.bare, 'rev-parse', 'main').trim();
    const token = 'ghp_16C7e42F292c6912E7710c838347Ae178B4a';
    const run = await setPaths(TIN, pathsFile({ paths: { [token]: ZINC } }), fleet.bare, '--format', 'json');
    expect(run.exitCode).toBe(2);
    expect(diagnosticsOf(run.stderr).map((d) => [d.code, d.line])).toEqual([['input_secret_value', 3]]);
    expect(run.stderr).not.toContain(token.slice(4));
    expect(git(fleet.bare, 'rev-parse', 'main').trim()).toBe(before);
    const remote = await setPaths(TIN, pathsFile({ paths: {} }), `http://bot:${token}@127.0.0.1:9/fleet.git`);
    expect(remote.exitCode).toBe(2);
    expect(remote.stderr).toContain('claim_repo_unreachable: cannot fetch from http://');
    expect(remote.stderr).not.toContain(token.slice(4));
  });

  it('says which folder is not a repository', async () => {
    const run = await setPaths(TIN, pathsFile({ paths: {} }), scratch);
    expect(run.exitCode).toBe(2);
    expect(run.stderr).toContain('is not a git repository');
  });
});
