/**
 * What a cache folder can make diene do: nothing but skip work. Each door of
 * docs/hardening.md "The compile cache" is tried with what an attacker can
 * supply — a cache committed to the fleet's repository, entries and records
 * forged with recomputed digests or sealed with another key, a cache restored
 * from another job, a `files` link out of the cache, a folder another user
 * owns or can write, a huge entry — and every run must print, write and exit
 * exactly as the same command with --no-cache (plus warnings that say the
 * cache was not used). A property test then corrupts a warm cache at random
 * and holds compile, compile --check, validate and render to the cold run.
 */
import { execFileSync } from 'node:child_process';
import {
  chmodSync,
  chownSync,
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  truncateSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { cacheKeyFile, loadCacheKey } from '../../compiler/incremental/cache-trust.js';
import { CACHE_FILE_LIMITS, entryText, sha256, type CacheEntry } from '../../compiler/incremental/compile-cache.js';
import { readOutputTree } from '../../compiler/adapters/filesystem/output-tree.js';
import type { Diagnostic } from '../../compiler/diagnostics/diagnostic.js';
import { readFleetTexts, writeTempFleet } from '../support/fleet-fixture.js';
import { runCliInProcess, type CliRun } from '../support/run-cli.js';

const NOW = '2026-11-21T00:00:00Z';
const work = mkdtempSync(path.join(tmpdir(), 'diene-cache-trust-'));
const cleanups: (() => void)[] = [];
afterAll(() => {
  rmSync(work, { recursive: true, force: true });
  for (const cleanup of cleanups) cleanup();
});
let made = 0;
const fresh = (name: string): string => path.join(work, `${name}-${made++}`);

function tempFleet(): string {
  const fleet = writeTempFleet(readFleetTexts());
  cleanups.push(fleet.cleanup);
  return fleet.dir;
}

/** An attacker's own state home: a cache key diene makes there, which is not the test user's. */
function otherKeyHome(): { env: Record<string, string>; key: () => Uint8Array } {
  const home = fresh('attacker-state');
  return {
    env: { XDG_STATE_HOME: home },
    key: () => {
      const key = loadCacheKey(cacheKeyFile({ XDG_STATE_HOME: home }));
      if (!(key instanceof Uint8Array)) throw new Error(`no key in ${home}`);
      return key;
    },
  };
}

const render = (fleet: string, extra: string[], env: Record<string, string> = {}, cwd?: string): Promise<CliRun> =>
  runCliInProcess(['render', '--platform', 'nitroso', '--fleet', fleet, '--now', NOW, '--format', 'json', ...extra], { env, ...(cwd ? { cwd } : {}) });
const compile = (fleet: string, out: string, extra: string[], env: Record<string, string> = {}): Promise<CliRun> =>
  runCliInProcess(['compile', '--fleet', fleet, '--out', out, '--now', NOW, '--format', 'json', ...extra], { env });
const validate = (fleet: string, extra: string[]): Promise<CliRun> =>
  runCliInProcess(['validate', '--fleet', fleet, '--now', NOW, '--format', 'json', ...extra]);

/** The diagnostics of a JSON-format run (stderr's array, or stdout's for validate). */
function diagnosticsOf(text: string): Diagnostic[] {
  const start = text.indexOf('[');
  return start === -1 ? [] : (JSON.parse(text.slice(start, text.lastIndexOf(']') + 1)) as Diagnostic[]);
}
/** A run without what the cache said of itself: the warnings that name a cache it did not use. */
function withoutCacheWarnings(run: CliRun): { exitCode: number; stdout: string; diagnostics: Diagnostic[] } {
  const validateRun = run.stdout.trimStart().startsWith('[');
  const diagnostics = diagnosticsOf(validateRun ? run.stdout : run.stderr).filter((d) => !d.code.startsWith('cache_'));
  return { exitCode: run.exitCode, stdout: validateRun ? '' : run.stdout, diagnostics };
}
const cacheCodes = (run: CliRun): string[] =>
  diagnosticsOf(run.stdout.trimStart().startsWith('[') ? run.stdout : run.stderr)
    .filter((d) => d.code.startsWith('cache_'))
    .map((d) => d.code);

/** A ClusterRoleBinding that hands cluster-admin to everyone: what a forged render entry would have ArgoCD apply. */
const FORGED_STDOUT =
  'apiVersion: rbac.authorization.k8s.io/v1\nkind: ClusterRoleBinding\nmetadata:\n  name: pwned\nroleRef:\n  apiGroup: rbac.authorization.k8s.io\n  kind: ClusterRole\n  name: cluster-admin\nsubjects:\n  - kind: Group\n    name: system:authenticated\n    apiGroup: rbac.authorization.k8s.io\n';

/** Makes every render entry of `cacheDir` print `stdout`, each entry sealed again with `key` (the forger's own), or with a recomputed SHA-256 digest as diene 0.1 sealed entries (`digest`). */
function forgeRenders(cacheDir: string, key: Uint8Array | 'digest', stdout: string): number {
  const entries = path.join(cacheDir, 'entries');
  let forged = 0;
  for (const name of readdirSync(entries).filter((file) => file.endsWith('.json'))) {
    const entryKey = name.slice(0, -'.json'.length);
    // A forger reads the body without the key that sealed it.
    const text = readFileSync(path.join(entries, name), 'utf8');
    let entry: CacheEntry;
    try {
      entry = JSON.parse(text.slice(text.indexOf('\n') + 1)) as CacheEntry;
    } catch {
      continue;
    }
    if (!entry?.render?.stdout) continue;
    writeFileSync(path.join(entries, `${entryKey}.stdout`), stdout);
    const render = { ...entry.render, stdout: `sha256:${sha256(stdout)}`, bytes: Buffer.byteLength(stdout) };
    const body = JSON.stringify({ ...entry, render });
    writeFileSync(
      path.join(entries, name),
      key === 'digest'
        ? `${JSON.stringify({ format: 'diene-cache', version: 2, key: entryKey, bytes: Buffer.byteLength(body), digest: `sha256:${sha256(body)}` })}\n${body}\n`
        : entryText(entryKey, { ...entry, render }, key),
    );
    forged++;
  }
  return forged;
}

describe('a cache a pull request commits to the fleet repository', () => {
  it('is never the default, and named with --cache it is refused: render prints what --no-cache prints, not the forged objects', async () => {
    const fleet = tempFleet();
    execFileSync('git', ['init', '-q', fleet]);
    const attacker = otherKeyHome();
    // The attacker fills a cache of their own for this very fleet, then forges its render and commits it where diene 0.1 looked first.
    const theirs = fresh('attacker-cache');
    expect((await render(fleet, ['--cache', theirs], attacker.env)).exitCode).toBe(0);
    expect(forgeRenders(theirs, attacker.key(), FORGED_STDOUT)).toBe(1);
    // Under the attacker's own key the forged entry is what a cache replays: so the refusals below are what stop it.
    expect((await render(fleet, ['--cache', theirs], attacker.env)).stdout).toBe(FORGED_STDOUT);
    const committed = path.join(fleet, 'node_modules', '.cache', 'diene');
    cpSync(theirs, committed, { recursive: true });
    const cold = await render(fleet, ['--no-cache'], {}, fleet);
    expect(cold.stdout).toContain('kind: ApplicationSet');
    const byDefault = await render(fleet, [], {}, fleet);
    expect(withoutCacheWarnings(byDefault)).toEqual(withoutCacheWarnings(cold));
    expect(cacheCodes(byDefault)).toEqual([]);
    const named = await render(fleet, ['--cache', committed], {}, fleet);
    expect(withoutCacheWarnings(named)).toEqual(withoutCacheWarnings(cold));
    expect(diagnosticsOf(named.stderr).find((d) => d.code === 'cache_folder_in_fleet')?.message).toBe(
      `ignored the cache folder ${committed}: it is inside the fleet ${fleet}, which a pull request can supply; rendered without it`,
    );
  });

  it("inside the git work tree that holds the fleet, or the working directory's, is refused the same way", async () => {
    const repository = fresh('repository');
    mkdirSync(repository);
    execFileSync('git', ['init', '-q', repository]);
    const fleet = path.join(repository, 'fleet');
    cpSync(tempFleet(), fleet, { recursive: true });
    const beside = path.join(repository, '.diene-cache');
    const run = await render(fleet, ['--cache', beside], {}, work);
    expect(diagnosticsOf(run.stderr).find((d) => d.code === 'cache_folder_in_fleet')?.message).toContain(
      `it is inside the fleet's git work tree ${repository}`,
    );
    expect(existsSync(beside)).toBe(false);
    // A fleet outside it, run from inside it (a CI job in its checkout).
    const elsewhere = tempFleet();
    const fromCheckout = await render(elsewhere, ['--cache', beside], {}, repository);
    expect(diagnosticsOf(fromCheckout.stderr).find((d) => d.code === 'cache_folder_in_fleet')?.message).toContain(
      `it is inside the working directory's git work tree ${repository}`,
    );
    expect(withoutCacheWarnings(fromCheckout)).toEqual(withoutCacheWarnings(await render(elsewhere, ['--no-cache'], {}, repository)));
  });
});

describe('entries and records no key of this user sealed', () => {
  it.each([
    ['a seal made with another key', 'seal_mismatch', /its seal was not made with this user's cache key/],
    ['a recomputed SHA-256 digest, as diene 0.1 sealed entries', 'not_sealed', /it carries no seal/],
  ] as const)('a render entry forged with %s prints the cold render, with a warning, and is replaced', async (_name, how, said) => {
    const fleet = tempFleet();
    const cache = fresh('cache');
    expect((await render(fleet, ['--cache', cache])).exitCode).toBe(0);
    const cold = await render(fleet, ['--no-cache']);
    expect(forgeRenders(cache, how === 'not_sealed' ? 'digest' : otherKeyHome().key(), FORGED_STDOUT)).toBe(1);
    const run = await render(fleet, ['--cache', cache]);
    expect(withoutCacheWarnings(run)).toEqual(withoutCacheWarnings(cold));
    expect(diagnosticsOf(run.stderr).find((d) => d.code === 'cache_entry_ignored')?.message).toMatch(said);
    // Replaced: the next render is warm and quiet.
    expect(cacheCodes(await render(fleet, ['--cache', cache]))).toEqual([]);
  });

  it('a whole cache restored from another key (a CI cache action, another machine) gives the cold results, says so, and is refilled with this key', async () => {
    const fleet = tempFleet();
    const cache = fresh('cache');
    const other = otherKeyHome();
    const out = fresh('out');
    expect((await compile(fleet, out, ['--cache', cache], other.env)).exitCode).toBe(0);
    expect((await render(fleet, ['--cache', cache], other.env)).exitCode).toBe(0);
    // The output tree hand-edited: a cache that vouched for it would say "fresh".
    const edited = path.join(out, 'argocd', 'nitroso.yaml');
    writeFileSync(edited, readFileSync(edited, 'utf8').replace('nitroso', 'pwned'));
    const coldCheck = await compile(fleet, out, ['--check', '--no-cache']);
    expect(coldCheck.exitCode).toBe(1);
    const check = await compile(fleet, out, ['--check', '--cache', cache]);
    expect(withoutCacheWarnings(check)).toEqual(withoutCacheWarnings(coldCheck));
    // One cause, one warning: every sealed file of the folder fails (inputs record, entry, pack), and it is said once.
    expect(
      diagnosticsOf(check.stderr)
        .filter((d) => d.code === 'cache_entry_ignored')
        .map((d) => d.message.replace(/ \/\S+: /, ' FILE: ')),
    ).toEqual([
      "ignored the cache entry FILE: its seal was not made with this user's cache key (the key changed, or the file was copied from another user or machine, restored from another job's cache, forged, or changed after it was written); the result was made anew without it",
    ]);
    const run = await render(fleet, ['--cache', cache]);
    expect(withoutCacheWarnings(run)).toEqual(withoutCacheWarnings(await render(fleet, ['--no-cache'])));
    expect(diagnosticsOf(run.stderr).map((d) => d.message)).toContainEqual(
      expect.stringMatching(
        /^ignored the cache entry .*: its seal was not made with this user's cache key \(the key changed, or the file was copied from another user or machine, restored from another job's cache, forged, or changed after it was written\); the result was made anew without it$/,
      ),
    );
    expect(cacheCodes(await render(fleet, ['--cache', cache]))).toEqual([]);
  });

  it('a record of one input file changed in the pack (a pin the file does not hold) is never compiled: the pack is not used', async () => {
    const fleet = tempFleet();
    const cache = fresh('cache');
    const out = fresh('out');
    expect((await compile(fleet, out, ['--cache', cache])).exitCode).toBe(0);
    // One row changed, so the next compile misses the entry and loads the other files from their records.
    const row = path.join(fleet, 'platforms', 'nitroso', 'zinc', 'raichu.yaml');
    writeFileSync(row, `${readFileSync(row, 'utf8')}# touched\n`);
    const [pack] = readdirSync(path.join(cache, 'files'));
    const packFile = path.join(cache, 'files', pack as string);
    const text = readFileSync(packFile, 'utf8');
    expect(text).toContain('"1.4.2"');
    writeFileSync(packFile, text.replaceAll('"1.4.2"', '"6.6.6"'));
    const coldOut = fresh('cold');
    const cold = await compile(fleet, coldOut, ['--no-cache']);
    const run = await compile(fleet, out, ['--cache', cache]);
    expect(withoutCacheWarnings(run)).toEqual(withoutCacheWarnings(cold));
    expect(await readOutputTree(out)).toEqual(await readOutputTree(coldOut));
    expect([...(await readOutputTree(out)).values()].join('\n')).not.toContain('6.6.6');
    expect(diagnosticsOf(run.stderr).find((d) => d.code === 'cache_entry_ignored')?.message).toMatch(
      /ignored the pack of input-file records .*: its seal was not made/,
    );
  });
});

describe('a cache folder another user can change', () => {
  it('a `files` link out of the cache: nothing is read, written or pruned through it', async () => {
    const fleet = tempFleet();
    const cache = fresh('cache');
    expect((await render(fleet, ['--cache', cache])).exitCode).toBe(0);
    const victim = fresh('victim');
    mkdirSync(victim);
    for (let i = 0; i < 20; i++) writeFileSync(path.join(victim, `${'0'.repeat(63)}${i.toString(16)}.pack`.slice(-69)), `file ${i}\n`);
    const before = readdirSync(victim).sort();
    rmSync(path.join(cache, 'files'), { recursive: true });
    symlinkSync(victim, path.join(cache, 'files'));
    const run = await render(fleet, ['--cache', cache]);
    expect(withoutCacheWarnings(run)).toEqual(withoutCacheWarnings(await render(fleet, ['--no-cache'])));
    expect(
      diagnosticsOf(run.stderr)
        .map((d) => [d.code, d.message])
        .filter(([code]) => code?.startsWith('cache_')),
    ).toEqual([
      [
        'cache_folder_unsafe',
        `ignored the cache folder ${cache}: ${path.join(cache, 'files')} is a symbolic link (diene never follows one in its cache), so what it holds could be another user's; rendered without it`,
      ],
    ]);
    const compiled = await compile(fleet, fresh('out'), ['--cache', cache]);
    expect(compiled.exitCode).toBe(0);
    expect(readdirSync(victim).sort()).toEqual(before);
  });

  it.each([
    ['the cache folder', (cache: string) => cache],
    ['its entries folder', (cache: string) => path.join(cache, 'entries')],
  ])('%s writable by every user (0777) or by the group (0770): refused, the cold result', async (_name, folderOf) => {
    const fleet = tempFleet();
    const cache = fresh('cache');
    expect((await render(fleet, ['--cache', cache])).exitCode).toBe(0);
    const cold = await render(fleet, ['--no-cache']);
    for (const mode of [0o777, 0o770]) {
      chmodSync(folderOf(cache), mode);
      forgeRenders(cache, otherKeyHome().key(), FORGED_STDOUT);
      const run = await render(fleet, ['--cache', cache]);
      expect(withoutCacheWarnings(run)).toEqual(withoutCacheWarnings(cold));
      expect(diagnosticsOf(run.stderr).find((d) => d.code === 'cache_folder_unsafe')?.message).toContain(
        `${folderOf(cache)} can be written by other users (mode 0${mode.toString(8)})`,
      );
    }
  });

  it.runIf(process.getuid?.() === 0 || process.env['CI'] === 'true')('owned by another user (as root: chown to nobody): refused, the cold result', async () => {
    // Only root can give a folder away; CI runs as root, so there this test always runs.
    const fleet = tempFleet();
    const cache = fresh('cache');
    expect((await render(fleet, ['--cache', cache])).exitCode).toBe(0);
    chownSync(cache, 65534, 65534);
    const run = await render(fleet, ['--cache', cache]);
    expect(withoutCacheWarnings(run)).toEqual(withoutCacheWarnings(await render(fleet, ['--no-cache'])));
    expect(diagnosticsOf(run.stderr).find((d) => d.code === 'cache_folder_unsafe')?.message).toContain(
      `${cache} is owned by another user (uid 65534; this is uid 0)`,
    );
  });

  it('a cache key another user can read, or that is a link, is not used', async () => {
    const fleet = tempFleet();
    const state = fresh('state');
    const env = { XDG_STATE_HOME: state };
    expect(cacheCodes(await render(fleet, ['--cache', fresh('cache')], env))).toEqual([]);
    const keyFile = path.join(state, 'diene', 'cache-key');
    chmodSync(keyFile, 0o644);
    const readable = await render(fleet, ['--cache', fresh('cache')], env);
    expect(diagnosticsOf(readable.stderr).find((d) => d.code === 'cache_key_unusable')?.message).toBe(
      `the cache key ${keyFile} cannot be used: other users can read it; rendered without the cache`,
    );
    rmSync(keyFile);
    symlinkSync(cacheKeyFile(), keyFile);
    const linked = await render(fleet, ['--cache', fresh('cache')], env);
    expect(diagnosticsOf(linked.stderr).find((d) => d.code === 'cache_key_unusable')?.message).toContain('cannot be used: it is a symbolic link');
    expect(withoutCacheWarnings(linked)).toEqual(withoutCacheWarnings(await render(fleet, ['--no-cache'])));
  });
});

describe('entries larger than diene writes', () => {
  it('a 1.5 GB entry, render output or pack is refused by its size, before it is read', async () => {
    const fleet = tempFleet();
    const cache = fresh('cache');
    expect((await render(fleet, ['--cache', cache])).exitCode).toBe(0);
    const cold = await render(fleet, ['--no-cache']);
    const huge = 1.5 * 1024 * 1024 * 1024;
    const entries = path.join(cache, 'entries');
    const stdoutFile = readdirSync(entries).find((name) => name.endsWith('.stdout')) as string;
    // Sparse: the disk holds none of it, a read of it would.
    truncateSync(path.join(entries, stdoutFile), huge);
    const run = await render(fleet, ['--cache', cache]);
    expect(withoutCacheWarnings(run)).toEqual(withoutCacheWarnings(cold));
    expect(diagnosticsOf(run.stderr).find((d) => d.code === 'cache_entry_ignored')?.message).toBe(
      `ignored the cached render output ${path.join(entries, stdoutFile)}: it is larger than anything diene keeps there, so it was not read; the platform was rendered anew`,
    );
    for (const name of readdirSync(entries).filter((file) => file.endsWith('.json'))) truncateSync(path.join(entries, name), huge);
    for (const name of readdirSync(path.join(cache, 'files'))) truncateSync(path.join(cache, 'files', name), CACHE_FILE_LIMITS.pack + 1);
    const again = await render(fleet, ['--cache', cache]);
    expect(withoutCacheWarnings(again)).toEqual(withoutCacheWarnings(cold));
    const problems = diagnosticsOf(again.stderr).filter((d) => d.code === 'cache_entry_ignored');
    expect(problems.length).toBeGreaterThanOrEqual(2);
    for (const problem of problems) expect(problem.message).toContain('it is larger than anything diene keeps there, so it was not read');
  });
});

describe('random corruptions and forgeries of a warm cache', () => {
  /** One fleet, its warm cache and output tree, made once; each case works on copies. */
  const fleet = tempFleet();
  const warmCache = fresh('warm-cache');
  const warmOut = fresh('warm-out');
  const attacker = otherKeyHome();
  const attackerCache = fresh('attacker-cache');
  let prepared: Promise<void> | undefined;
  const prepare = (): Promise<void> =>
    (prepared ??= (async () => {
      expect((await compile(fleet, warmOut, ['--cache', warmCache])).exitCode).toBe(0);
      expect((await render(fleet, ['--cache', warmCache])).exitCode).toBe(0);
      expect((await validate(fleet, ['--cache', warmCache])).exitCode).toBe(0);
      expect((await compile(fleet, fresh('out'), ['--cache', attackerCache], attacker.env)).exitCode).toBe(0);
      expect((await render(fleet, ['--cache', attackerCache], attacker.env)).exitCode).toBe(0);
    })());

  /** Every regular file of a cache folder, relative to it, sorted. */
  function cacheFiles(dir: string, relative = ''): string[] {
    return readdirSync(path.join(dir, relative), { withFileTypes: true })
      .flatMap((entry) => {
        const name = relative === '' ? entry.name : `${relative}/${entry.name}`;
        return entry.isDirectory() ? cacheFiles(dir, name) : entry.isFile() ? [name] : [];
      })
      .sort();
  }

  type Corruption =
    | { kind: 'flip'; file: number; at: number; bit: number }
    | { kind: 'truncate'; file: number; at: number }
    | { kind: 'append'; file: number; text: string }
    | { kind: 'swap'; file: number; other: number }
    | { kind: 'foreign'; file: number }
    | { kind: 'forge_render'; digest: boolean }
    | { kind: 'link'; file: number }
    | { kind: 'huge'; file: number }
    | { kind: 'open_folder'; folder: number };

  const corruption: fc.Arbitrary<Corruption> = fc.oneof(
    fc.record({ kind: fc.constant('flip' as const), file: fc.nat(), at: fc.nat(), bit: fc.integer({ min: 0, max: 7 }) }),
    fc.record({ kind: fc.constant('truncate' as const), file: fc.nat(), at: fc.nat() }),
    fc.record({ kind: fc.constant('append' as const), file: fc.nat(), text: fc.string({ maxLength: 40 }) }),
    fc.record({ kind: fc.constant('swap' as const), file: fc.nat(), other: fc.nat() }),
    fc.record({ kind: fc.constant('foreign' as const), file: fc.nat() }),
    fc.record({ kind: fc.constant('forge_render' as const), digest: fc.boolean() }),
    fc.record({ kind: fc.constant('link' as const), file: fc.nat() }),
    fc.record({ kind: fc.constant('huge' as const), file: fc.nat() }),
    fc.record({ kind: fc.constant('open_folder' as const), folder: fc.nat() }),
  );

  /** Applies `change` to the cache folder `dir` (a copy of the warm one). */
  function corrupt(dir: string, change: Corruption): void {
    const files = cacheFiles(dir);
    const pick = (n: number): string => path.join(dir, files[n % files.length] as string);
    switch (change.kind) {
      case 'flip': {
        const file = pick(change.file);
        const bytes = readFileSync(file);
        if (bytes.length === 0) return;
        const at = change.at % bytes.length;
        bytes[at] = (bytes[at] as number) ^ (1 << change.bit);
        return writeFileSync(file, bytes);
      }
      case 'truncate': {
        const file = pick(change.file);
        return truncateSync(file, change.at % Math.max(1, readFileSync(file).length));
      }
      case 'append':
        return writeFileSync(pick(change.file), change.text, { flag: 'a' });
      case 'swap': {
        const [a, b] = [pick(change.file), pick(change.other)];
        const [textA, textB] = [readFileSync(a), readFileSync(b)];
        writeFileSync(a, textB);
        return writeFileSync(b, textA);
      }
      case 'foreign': {
        // The same file from the attacker's cache of the same fleet, under the same name where there is one.
        const theirs = cacheFiles(attackerCache);
        const name = files[change.file % files.length] as string;
        const source = theirs.includes(name) ? name : (theirs[change.file % theirs.length] as string);
        return cpSync(path.join(attackerCache, source), path.join(dir, name));
      }
      case 'forge_render':
        return void forgeRenders(dir, change.digest ? 'digest' : attacker.key(), FORGED_STDOUT);
      case 'link': {
        const file = pick(change.file);
        rmSync(file);
        return symlinkSync(path.join(attackerCache, 'diene-cache.json'), file);
      }
      case 'huge':
        return truncateSync(pick(change.file), CACHE_FILE_LIMITS.pack + 1);
      case 'open_folder': {
        const folders = ['.', 'entries', 'files', 'stamps', 'slices', 'inputs'].filter((folder) => existsSync(path.join(dir, folder)));
        return chmodSync(path.join(dir, folders[change.folder % folders.length] as string), 0o777);
      }
    }
  }

  it('compile, compile --check, validate and render give the bytes and exit codes of --no-cache, whatever the cache holds', async () => {
    await prepare();
    const runs = Number(process.env['CACHE_FUZZ_RUNS'] ?? 12);
    await fc.assert(
      fc.asyncProperty(fc.array(corruption, { minLength: 1, maxLength: 3 }), fc.boolean(), async (changes, editOutput) => {
        const cache = fresh('corrupted');
        cpSync(warmCache, cache, { recursive: true });
        for (const change of changes) corrupt(cache, change);
        const [warmTree, coldTree] = [fresh('warm-tree'), fresh('cold-tree')];
        // The two trees' names are the only difference the runs may show.
        const same = (run: CliRun) =>
          JSON.parse(JSON.stringify(withoutCacheWarnings(run)).replaceAll(path.basename(warmTree), 'TREE').replaceAll(path.basename(coldTree), 'TREE'));
        cpSync(warmOut, warmTree, { recursive: true });
        cpSync(warmOut, coldTree, { recursive: true });
        if (editOutput)
          for (const tree of [warmTree, coldTree])
            writeFileSync(path.join(tree, 'platforms', 'nitroso.yaml'), `${readFileSync(path.join(tree, 'platforms', 'nitroso.yaml'), 'utf8')}# edited\n`);
        const pairs: [CliRun, CliRun][] = [
          [await compile(fleet, warmTree, ['--check', '--cache', cache]), await compile(fleet, coldTree, ['--check', '--no-cache'])],
          [await validate(fleet, ['--cache', cache]), await validate(fleet, ['--no-cache'])],
          [await render(fleet, ['--cache', cache]), await render(fleet, ['--no-cache'])],
        ];
        if (editOutput) {
          // A compile over a hand-edited tree refuses as a cold one does; move the edit away and both write the same tree.
          for (const tree of [warmTree, coldTree]) rmSync(path.join(tree, 'platforms', 'nitroso.yaml'));
        }
        pairs.push([await compile(fleet, warmTree, ['--cache', cache]), await compile(fleet, coldTree, ['--no-cache'])]);
        for (const [warm, cold] of pairs) expect(same(warm)).toEqual(same(cold));
        expect(await readOutputTree(warmTree)).toEqual(await readOutputTree(coldTree));
        rmSync(cache, { recursive: true, force: true });
        rmSync(warmTree, { recursive: true, force: true });
        rmSync(coldTree, { recursive: true, force: true });
      }),
      { numRuns: runs, seed: Number(process.env['CACHE_FUZZ_SEED'] ?? 20261206) },
    );
  }, 600_000);
});
