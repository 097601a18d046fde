/**
 * `diene render` and the compile cache: a warm render prints the very bytes
 * of a cold one (stdout, stderr in the text and json forms, exit code) on the
 * bundled example and the bench fleet S; a change to a file render reads
 * misses, a change to another platform's rows (which render never reads)
 * still hits; a tampered entry or stdout is ignored with `cache_entry_ignored`
 * and rendered again; `--no-cache` neither reads nor writes. A hit is told
 * from a miss by the entry's inode: a miss replaces the entry (a new file
 * renamed into place), a hit leaves it alone. The renders run the CLI's
 * `main` in this process (test/support/run-cli.ts).
 */
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parse } from 'yaml';
import { afterAll, describe, expect, it } from 'vitest';
import { GENERATED_NOW, generateFleet } from '../../bench/fleet-generator.mjs';
import { CompileCache, entryText, parseEntry } from '../../compiler/incremental/compile-cache.js';
import { ALWAYS } from '../../compiler/2-analyze/now-window.js';
import { readFleetTexts, writeTempFleet } from '../support/fleet-fixture.js';
import { runCliInProcess, type CliRun } from '../support/run-cli.js';
import { userCacheKey } from '../support/cache-seals.js';

const work = mkdtempSync(path.join(tmpdir(), 'diene-render-cache-test-'));
const fleets: (() => void)[] = [];
afterAll(() => {
  rmSync(work, { recursive: true, force: true });
  for (const cleanup of fleets) cleanup();
});

/** A temporary copy of `texts`, removed after the file's tests. */
function tempFleet(texts: ReadonlyMap<string, string>): string {
  const fleet = writeTempFleet(texts);
  fleets.push(fleet.cleanup);
  return fleet.dir;
}
let made = 0;
const fresh = (name: string): string => path.join(work, `${name}-${made++}`);

function render(fleet: string, platform: string, extra: string[], format: 'json' | 'text' = 'text'): Promise<CliRun> {
  return runCliInProcess(['render', '--platform', platform, '--fleet', fleet, '--now', GENERATED_NOW, '--format', format, ...extra]);
}

/** The render entries of a cache folder (not its look-ups of fleet.yaml's sign-in platform): key → inode of its JSON entry. */
function entries(cache: string): Map<string, bigint> {
  const folder = path.join(cache, 'entries');
  if (!existsSync(folder)) return new Map();
  return new Map(
    readdirSync(folder)
      .filter((name) => name.endsWith('.json'))
      .map((name) => name.slice(0, -'.json'.length))
      .filter((key) => {
        const entry = parseEntry(readFileSync(path.join(folder, `${key}.json`), 'utf8'), key, userCacheKey());
        return 'render' in entry && entry.render !== undefined;
      })
      .map((key) => [key, statSync(path.join(folder, `${key}.json`), { bigint: true }).ino]),
  );
}

const same = (run: CliRun) => [run.exitCode, run.stdout, run.stderr];

/** fleet.yaml's sign-in platform, whose rows render reads for every platform. */
const issuerOf = (fleet: string): string =>
  (parse(readFileSync(path.join(fleet, 'registry', 'fleet.yaml'), 'utf8')) as { issuer: { platform: string } }).issuer.platform;

/** The first row file (path order) of `platform`. */
function firstRow(fleet: string, platform: string): string {
  const rows = readdirSync(path.join(fleet, 'platforms', platform), { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.yaml'))
    .sort();
  return path.join(fleet, 'platforms', platform, rows[0] as string);
}

/** Appends a comment to a row: its bytes change, what it says does not. */
const touchRow = (file: string, note: string): void => writeFileSync(file, `${readFileSync(file, 'utf8')}# ${note}\n`);

describe.each([
  ['the bundled example', () => tempFleet(readFleetTexts())],
  ['the bench fleet S', () => tempFleet(generateFleet('S'))],
])('warm and cold renders of %s', (_, makeFleet) => {
  const fleet = makeFleet();
  const platforms = readdirSync(path.join(fleet, 'platforms'), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();
  const issuer = issuerOf(fleet);
  const platform = platforms.find((name) => name !== issuer) as string;
  const other = platforms.find((name) => name !== issuer && name !== platform) as string;
  const cache = fresh('cache');

  it('a warm render prints the bytes of a cold one: stdout, diagnostics (text and json) and exit code', async () => {
    for (const format of ['text', 'json'] as const) {
      const cold = await render(fleet, platform, ['--no-cache'], format);
      expect(cold.exitCode, cold.stderr).toBe(0);
      expect(cold.stdout).toContain('kind: ');
      const first = await render(fleet, platform, ['--cache', cache], format);
      const stored = entries(cache);
      expect(stored.size).toBe(1);
      const warm = await render(fleet, platform, ['--cache', cache], format);
      // Answered by the cache: the entry was not written again.
      expect(entries(cache)).toEqual(stored);
      expect(same(first)).toEqual(same(cold));
      expect(same(warm)).toEqual(same(cold));
    }
  });

  it("a change to another platform's rows still hits; a change to this platform's rows misses", async () => {
    const before = await render(fleet, platform, ['--cache', cache]);
    const stored = entries(cache);
    touchRow(firstRow(fleet, other), 'another platform');
    const otherChanged = await render(fleet, platform, ['--cache', cache]);
    expect(entries(cache)).toEqual(stored);
    expect(same(otherChanged)).toEqual(same(before));
    // The input digest on the stamp line says the same: render never read that row.
    expect(otherChanged.stderr).toContain(/inputs (sha256:[0-9a-f]{64})/.exec(before.stderr)?.[1]);

    touchRow(firstRow(fleet, platform), 'this platform');
    const changed = await render(fleet, platform, ['--cache', cache]);
    const after = entries(cache);
    expect(after.size).toBe(stored.size + 1);
    expect(changed.stderr).not.toContain(/inputs (sha256:[0-9a-f]{64})/.exec(before.stderr)?.[1]);
    expect(same(changed)).toEqual(same(await render(fleet, platform, ['--no-cache'])));
    // The sign-in platform's rows are read too: a change there misses as well.
    touchRow(firstRow(fleet, issuer), 'sign-in platform');
    await render(fleet, platform, ['--cache', cache]);
    expect(entries(cache).size).toBe(after.size + 1);
  });

  it('an unknown platform and an invalid row are replayed with their diagnostics and exit code 2, stdout empty', async () => {
    const unknown = await render(fleet, `${platform}x`, ['--no-cache']);
    expect(unknown.exitCode).toBe(2);
    await render(fleet, `${platform}x`, ['--cache', cache]);
    const stored = entries(cache);
    expect(same(await render(fleet, `${platform}x`, ['--cache', cache]))).toEqual(same(unknown));
    expect(entries(cache)).toEqual(stored);

    const row = firstRow(fleet, platform);
    const text = readFileSync(row, 'utf8');
    writeFileSync(row, `${text}notAField: 1\n`);
    try {
      const cold = await render(fleet, platform, ['--no-cache'], 'json');
      expect(cold.exitCode).toBe(2);
      expect(cold.stdout).toBe('');
      await render(fleet, platform, ['--cache', cache], 'json');
      const filled = entries(cache);
      expect(same(await render(fleet, platform, ['--cache', cache], 'json'))).toEqual(same(cold));
      expect(entries(cache)).toEqual(filled);
    } finally {
      writeFileSync(row, text);
    }
  });
});

describe('per-file records of a render', () => {
  it('a render in a new folder with one row changed (as the plugin gets each request) reads the other files from the records, and prints what a cold render does', async () => {
    const texts = generateFleet('S');
    const first = tempFleet(texts);
    const issuer = issuerOf(first);
    const platform = readdirSync(path.join(first, 'platforms'), { withFileTypes: true })
      .filter((entry) => entry.isDirectory() && entry.name !== issuer)
      .map((entry) => entry.name)
      .sort()[0] as string;
    const cache = fresh('records');
    expect((await render(first, platform, ['--cache', cache])).exitCode).toBe(0);
    const packs = readdirSync(path.join(cache, 'files'));
    expect(packs).toHaveLength(1);
    const pack = path.join(cache, 'files', packs[0] as string);
    const recorded = readFileSync(pack, 'utf8').split('\n').length;

    // Another folder, one row of the platform changed: the whole render misses, the records answer the rest.
    const second = tempFleet(texts);
    touchRow(firstRow(second, platform), 'changed in the second folder');
    const warm = await render(second, platform, ['--cache', cache]);
    expect(same(warm)).toEqual(same(await render(second, platform, ['--no-cache'])));
    // The same pack, whatever the folder: the changed row's record replaces the old one.
    expect(readdirSync(path.join(cache, 'files'))).toEqual(packs);
    expect(readFileSync(pack, 'utf8').split('\n').length).toBe(recorded);

    // A damaged pack is said and not trusted: the render is made from the files.
    writeFileSync(pack, readFileSync(pack, 'utf8').replace(/sha256:[0-9a-f]{8}/g, 'sha256:00000000'));
    touchRow(firstRow(second, platform), 'changed again');
    const damaged = await render(second, platform, ['--cache', cache, '--format', 'json']);
    expect(damaged.stderr).toContain('cache_entry_ignored');
    expect(damaged.stdout).toBe((await render(second, platform, ['--no-cache'])).stdout);
  });
});

describe('what a render never trusts', () => {
  const fleet = tempFleet(readFleetTexts());

  /** A cache holding the render of nitroso; its entry and stdout files. */
  async function filled(): Promise<{ cache: string; entry: string; stdout: string; cold: CliRun }> {
    const cache = fresh('cache');
    const cold = await render(fleet, 'nitroso', ['--no-cache'], 'json');
    expect((await render(fleet, 'nitroso', ['--cache', cache], 'json')).exitCode).toBe(0);
    const [key] = [...entries(cache).keys()];
    return { cache, entry: path.join(cache, 'entries', `${key}.json`), stdout: path.join(cache, 'entries', `${key}.stdout`), cold };
  }

  const warningOf = (run: CliRun) =>
    (JSON.parse(run.stderr.slice(run.stderr.indexOf('['), run.stderr.lastIndexOf(']') + 1)) as { code: string; severity: string; message: string }[]).find(
      (d) => d.code === 'cache_entry_ignored',
    );

  it.each([
    [
      'its stdout bytes changed',
      (files: { stdout: string }) => writeFileSync(files.stdout, readFileSync(files.stdout, 'utf8').replace('nitroso', 'nitrosX')),
      'stdout',
      'the cached render output {file}: its content does not match its digest (changed or damaged after it was written); the platform was rendered anew',
    ],
    [
      'its stdout removed',
      (files: { stdout: string }) => rmSync(files.stdout),
      'stdout',
      'the cached render output {file}: it is missing (its entry names it, but it was removed); the platform was rendered anew',
    ],
    [
      'a diagnostic added to its entry',
      (files: { entry: string }) => writeFileSync(files.entry, readFileSync(files.entry, 'utf8').replace('"diagnostics":[', '"diagnostics":[{"code":"x"},')),
      'json',
      'the cache entry {file}: its size is not the one its first line states; the result was made anew without it',
    ],
  ])('a render whose cache entry has %s warns cache_entry_ignored, renders cold and replaces it', async (_, damage, which, said) => {
    const files = await filled();
    const original = { entry: readFileSync(files.entry, 'utf8'), stdout: readFileSync(files.stdout) };
    damage(files);
    const run = await render(fleet, 'nitroso', ['--cache', files.cache], 'json');
    expect(run.exitCode).toBe(0);
    expect(run.stdout).toBe(files.cold.stdout);
    const warning = warningOf(run);
    expect(warning?.severity).toBe('warning');
    expect(warning?.message).toBe(`ignored ${said.replace('{file}', which === 'stdout' ? files.stdout : files.entry)}`);
    // Rendered cold and stored whole again: the next render is warm and quiet, as the cold one.
    expect(readFileSync(files.entry, 'utf8')).toBe(original.entry);
    expect(readFileSync(files.stdout)).toEqual(original.stdout);
    expect(same(await render(fleet, 'nitroso', ['--cache', files.cache], 'json'))).toEqual(same(files.cold));
  });

  it('a sealed entry that names other stdout bytes is what the cache replays: so the replay really comes from the entry', async () => {
    const files = await filled();
    const key = path.basename(files.entry, '.json');
    const forged = 'kind: Forged\n';
    const entry = parseEntry(readFileSync(files.entry, 'utf8'), key, userCacheKey());
    if (!('render' in entry) || !entry.render) throw new Error('not a render entry');
    const { createHash } = await import('node:crypto');
    writeFileSync(files.stdout, forged);
    writeFileSync(
      files.entry,
      entryText(
        key,
        { ...entry, render: { ...entry.render, stdout: `sha256:${createHash('sha256').update(forged).digest('hex')}`, bytes: Buffer.byteLength(forged) } },
        userCacheKey(),
      ),
    );
    expect((await render(fleet, 'nitroso', ['--cache', files.cache], 'json')).stdout).toBe(forged);
    // --no-cache beside --cache is refused, and neither reads the folder nor writes anything.
    const listing = readdirSync(path.join(files.cache, 'entries')).sort();
    const inodes = entries(files.cache);
    const both = await render(fleet, 'nitroso', ['--no-cache', '--cache', files.cache], 'json');
    expect([both.exitCode, both.stdout]).toEqual([2, '']);
    const refused = JSON.parse(both.stderr.slice(both.stderr.indexOf('['), both.stderr.lastIndexOf(']') + 1)) as {
      code: string;
      message: string;
      hint: string;
    }[];
    expect(refused.map((d) => [d.code, d.message])).toEqual([
      ['usage_option_conflict', '--cache DIR and --no-cache cannot both be given: the one names the cache folder to use, the other turns the cache off'],
    ]);
    expect(refused[0]?.hint).toMatch(/^give one of them; usage: diene render /);
    expect(same(await render(fleet, 'nitroso', ['--no-cache'], 'json'))).toEqual(same(files.cold));
    expect(readdirSync(path.join(files.cache, 'entries')).sort()).toEqual(listing);
    expect(entries(files.cache)).toEqual(inodes);
    expect(readFileSync(files.stdout, 'utf8')).toBe(forged);
  });

  it('--no-cache leaves the default cache folder alone', async () => {
    const home = fresh('xdg');
    const bare = writeTempFleet(readFleetTexts());
    const run = await runCliInProcess(['render', '--platform', 'nitroso', '--fleet', bare.dir, '--no-cache'], { cwd: bare.dir, env: { XDG_CACHE_HOME: home } });
    expect(run.exitCode).toBe(0);
    expect(existsSync(home)).toBe(false);
    await runCliInProcess(['render', '--platform', 'nitroso', '--fleet', bare.dir], { cwd: bare.dir, env: { XDG_CACHE_HOME: home } });
    // The default is $XDG_CACHE_HOME/diene.
    expect(entries(path.join(home, 'diene')).size).toBe(1);
    bare.cleanup();
  });
});

describe('how much a cache keeps of renders', () => {
  it('past its bound, the least recently used renders go first, with their entries; a hit counts as a use', () => {
    const dir = fresh('bounded');
    const cache = new CompileCache(dir, 'rendered', { renderBytesKept: 250 });
    const keys = ['a', 'b', 'c', 'd'].map((letter) => letter.repeat(64));
    const store = (key: string): void => cache.writeRender(key, { diagnostics: [], window: ALWAYS, render: { exitCode: 0, withRead: true } }, 'x'.repeat(100));
    const age = (key: string, seconds: number): void => {
      const when = new Date(Date.UTC(2026, 10, 1, 0, 0, seconds));
      utimesSync(path.join(dir, 'entries', `${key}.stdout`), when, when);
    };
    store(keys[0] as string);
    age(keys[0] as string, 1);
    store(keys[1] as string);
    age(keys[1] as string, 2);
    // Reading the older one makes it the most recently used.
    expect(Buffer.from(cache.readRender(keys[0] as string, 0)?.stdout ?? []).toString()).toBe('x'.repeat(100));
    store(keys[2] as string);
    expect([...entries(dir).keys()].sort()).toEqual([keys[0], keys[2]]);
    expect(existsSync(path.join(dir, 'entries', `${keys[1]}.stdout`))).toBe(false);
    // The render just written stays even when it alone passes the bound.
    const small = new CompileCache(dir, 'rendered', { renderBytesKept: 50 });
    small.writeRender(keys[3] as string, { diagnostics: [], window: ALWAYS, render: { exitCode: 0, withRead: true } }, 'y'.repeat(100));
    expect([...entries(dir).keys()]).toEqual([keys[3]]);
    expect(small.warnings).toEqual([]);
  });
});

describe('a render whose cache folder cannot be written', () => {
  it('prints the very stdout of --no-cache and exits as it does; its warning goes to stderr, once, never to stdout', async () => {
    const fleet = tempFleet(readFleetTexts());
    // A folder below a regular file: no user can make it, root neither.
    const file = fresh('a-file');
    writeFileSync(file, 'not a folder\n');
    const cache = path.join(file, 'cache');
    for (const format of ['text', 'json'] as const) {
      const cold = await render(fleet, 'nitroso', ['--no-cache'], format);
      const run = await render(fleet, 'nitroso', ['--cache', cache], format);
      expect(run.exitCode).toBe(0);
      expect([run.exitCode, run.stdout]).toEqual([cold.exitCode, cold.stdout]);
      expect(run.stdout).not.toContain('cache_file_in_the_way');
      const said = `the cache folder ${cache} cannot be written: ${file} is a file where diene needs a folder, so what this run had to keep there is not kept, and a later run redoes that work`;
      expect(run.stderr.split('cache_file_in_the_way')).toHaveLength(2);
      expect(run.stderr).toContain(said);
      // Beside the warning, stderr is the cold render's.
      if (format === 'json') {
        const listed = (text: string) => JSON.parse(text.slice(text.indexOf('['), text.lastIndexOf(']') + 1)) as { code: string }[];
        expect(listed(run.stderr).filter((d) => d.code !== 'cache_file_in_the_way')).toEqual(listed(cold.stderr));
      }
    }
    expect(readFileSync(file, 'utf8')).toBe('not a folder\n');
  });
});
