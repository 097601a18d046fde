// The cache's seal and path checks called directly, with the exact value or
// reason each gives: the seal of the parts (HMAC-SHA256 recomputed here from
// RFC 2104's definition, not with the module's own code), the sealed head of
// an entry part by part, the pack's seal line, the size limits, the folder and
// key checks, and where a fleet or a checkout could supply a folder. The CLI
// tests of test/cache/ show what a user sees; these pin each rule at its edge.

import { createHash } from 'node:crypto';
import {
  chmodSync,
  chownSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  realpathSync,
  rmSync,
  statSync,
  symlinkSync,
  truncateSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  cacheKeyFile,
  entryAt,
  folderDistrust,
  loadCacheKey,
  runsInCi,
  sealMaker,
  sealOf,
  suppliedPlace,
  userCacheFolder,
} from '../../compiler/incremental/cache-trust.js';
import {
  CACHE_FILE_LIMITS,
  CompileCache,
  EntryProblem,
  entryText,
  packSeal,
  parseEntry,
  recordText,
  type CacheEntry,
} from '../../compiler/incremental/compile-cache.js';

const scratch = mkdtempSync(path.join(tmpdir(), 'diene-cache-seals-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));
let serial = 0;
const fresh = (): string => {
  const dir = path.join(scratch, `case-${serial++}`);
  mkdirSync(dir, { mode: 0o700 });
  chmodSync(dir, 0o700);
  return dir;
};

/** HMAC-SHA256 by its definition (RFC 2104): H((K ^ opad) || H((K ^ ipad) || text)), for a key under the 64-byte block. */
function hmac(key: Uint8Array, text: Buffer): string {
  const block = Buffer.alloc(64);
  Buffer.from(key).copy(block);
  const pad = (byte: number) => Buffer.from(block.map((b) => b ^ byte));
  const inner = createHash('sha256').update(pad(0x36)).update(text).digest();
  return createHash('sha256').update(pad(0x5c)).update(inner).digest('hex');
}

/** The file descriptors open in this process: a check that does not close what it opened leaves one more. */
const openFiles = (): number => readdirSync('/proc/self/fd').length;

const KEY = Buffer.alloc(32, 7);
const OTHER_KEY = Buffer.alloc(32, 8);
const ENTRY_KEY = 'a'.repeat(64);
const ENTRY: CacheEntry = { diagnostics: [], window: { from: 0, until: 10 }, outputs: [], manifest: 'sha256:0' };

describe('seals', () => {
  it('are HMAC-SHA256 of every part followed by a NUL, so parts never run into each other', () => {
    expect(sealOf(KEY, 'diene', 'cache')).toBe(`hmac-sha256:${hmac(KEY, Buffer.from('diene\0cache\0'))}`);
    expect(sealOf(KEY, Buffer.from([1, 2]), '')).toBe(`hmac-sha256:${hmac(KEY, Buffer.from([1, 2, 0, 0]))}`);
    expect(sealOf(KEY, 'dienecache')).not.toBe(sealOf(KEY, 'diene', 'cache'));
    expect(sealOf(OTHER_KEY, 'diene', 'cache')).not.toBe(sealOf(KEY, 'diene', 'cache'));
  });

  it('made piece by piece: the parts each with a NUL, then the bytes as they come', () => {
    const maker = sealMaker(KEY, 'diene-cache 2 pack', 'records/x.pack');
    maker.update('line one\n');
    maker.update(Buffer.from('line two\n'));
    expect(maker.seal()).toBe(`hmac-sha256:${hmac(KEY, Buffer.from('diene-cache 2 pack\0records/x.pack\0line one\nline two\n'))}`);
    const pack = packSeal(KEY, 'records/x.pack');
    pack.update('line one\nline two\n');
    expect(pack.seal()).toBe(`hmac-sha256:${hmac(KEY, Buffer.from('diene-cache 2 pack\0records/x.pack\0line one\nline two\n'))}`);
  });
});

describe('a sealed entry', () => {
  const text = entryText(ENTRY_KEY, ENTRY, KEY);
  const [headLine = '', body = ''] = text.split('\n');
  const head = JSON.parse(headLine) as Record<string, unknown>;
  /** The text with the head's fields replaced. */
  const withHead = (fields: Record<string, unknown>, rest = `${body}\n`) => `${JSON.stringify({ ...head, ...fields })}\n${rest}`;
  const problem = (candidate: string, secret: Uint8Array = KEY) => {
    const parsed = parseEntry(candidate, ENTRY_KEY, secret);
    return parsed instanceof EntryProblem ? parsed.problem : 'read';
  };

  it('is a head naming format, version, key, body length and seal, then the body: read back whole', () => {
    expect(head).toEqual({
      format: 'diene-cache',
      version: 2,
      key: ENTRY_KEY,
      bytes: Buffer.byteLength(body),
      seal: `hmac-sha256:${hmac(KEY, Buffer.concat([Buffer.from(`diene-cache 2\0entry\0${ENTRY_KEY}\0`), Buffer.from(body), Buffer.from('\0')]))}`,
    });
    expect(JSON.parse(body)).toEqual(ENTRY);
    expect(text.endsWith('\n')).toBe(true);
    expect(parseEntry(text, ENTRY_KEY, KEY)).toEqual(ENTRY);
  });

  it('is refused for each fault of its head, length or seal, with the fault named', () => {
    expect(problem(text.slice(0, -1))).toBe('cut_short');
    // Whole but for its last byte, which is not the line feed: cut short, not read with that byte dropped.
    expect(problem(`${headLine}\n${body}}`)).toBe('cut_short');
    expect(problem(headLine)).toBe('cut_short');
    expect(problem(`{${headLine}\n${body}\n`)).toBe('head_not_json');
    expect(problem(`null\n${body}\n`)).toBe('head_not_object');
    expect(problem(`7\n${body}\n`)).toBe('head_not_object');
    expect(problem(withHead({ format: 'other-cache' }))).toBe('not_diene');
    expect(problem(withHead({ version: 1 }))).toBe('other_format');
    expect(problem(withHead({ version: '2' }))).toBe('other_format');
    expect(problem(withHead({ key: 'b'.repeat(64) }))).toBe('other_key');
    expect(problem(withHead({ bytes: -1 }))).toBe('not_sealed');
    expect(problem(withHead({ bytes: 1.5 }))).toBe('not_sealed');
    expect(problem(withHead({ bytes: String(head['bytes']) }))).toBe('not_sealed');
    expect(problem(withHead({ seal: undefined }))).toBe('not_sealed');
    expect(problem(withHead({}, `${body.slice(0, -1)}\n`))).toBe('cut_short');
    expect(problem(withHead({}, `${body} \n`))).toBe('size_mismatch');
    expect(problem(withHead({ seal: String(head['seal']).replace(/.$/, (c) => (c === '0' ? '1' : '0')) }))).toBe('seal_mismatch');
    expect(problem(withHead({ seal: `${String(head['seal'])}0` }))).toBe('seal_mismatch');
    expect(problem(text, OTHER_KEY)).toBe('seal_mismatch');
    // A record of a folder sealed with the same key and body never passes for an entry: the seal names the part.
    expect(problem(recordText('slices', ENTRY_KEY, ENTRY, KEY))).toBe('seal_mismatch');
  });

  it('whose body is sealed but not JSON, or not an entry, is refused as such', () => {
    const notJson = '{"diagnostics":';
    const sealed = (json: string) =>
      `${JSON.stringify({ ...head, bytes: Buffer.byteLength(json), seal: sealOf(KEY, 'diene-cache 2', 'entry', ENTRY_KEY, Buffer.from(json)) })}\n${json}\n`;
    expect(problem(sealed(notJson))).toBe('body_not_json');
    // An empty body is a length the head may state (zero): sealed, it is read, and is no JSON.
    expect(problem(sealed(''))).toBe('body_not_json');
    expect(problem(sealed('{"diagnostics":[]}'))).toBe('body_not_result');
    expect(problem(sealed(JSON.stringify(ENTRY)))).toBe('read');
  });
});

describe('sealed files in a cache folder', () => {
  const env = (dir: string) => ({ XDG_STATE_HOME: path.join(dir, 'state') });
  const cacheIn = (dir: string) => new CompileCache(path.join(dir, 'cache'), 'compiled', { env: env(dir) });

  it('an entry is read back under its key only, and one larger than the limit is refused before it is read', () => {
    const dir = fresh();
    const cache = cacheIn(dir);
    expect(cache.isUsable).toBe(true);
    // No entry yet: nothing, and nothing to warn about.
    expect(cache.read(ENTRY_KEY, 5)).toBeUndefined();
    expect(cache.warnings).toEqual([]);
    cache.write(ENTRY_KEY, ENTRY);
    expect(cache.read(ENTRY_KEY, 5)).toEqual(ENTRY);
    expect(cache.read(ENTRY_KEY, 10)).toBeUndefined();
    expect(cache.warnings).toEqual([]);
    const file = path.join(dir, 'cache', 'entries', `${ENTRY_KEY}.json`);
    // A sparse file one byte over the limit: refused by its size.
    truncateSync(file, CACHE_FILE_LIMITS.entry + 1);
    expect(cache.read(ENTRY_KEY, 5)).toBeUndefined();
    expect(cache.warnings.map((w) => w.message)).toEqual([expect.stringContaining('larger than')]);
    // What the file holds is checked before it is read whole, each fault named; nothing stays open.
    const text = entryText(ENTRY_KEY, ENTRY, loadCacheKey(path.join(dir, 'state', 'diene', 'cache-key')) as Uint8Array);
    const faults: [string, string][] = [
      [text.split('\n')[0] ?? '', 'it is cut short'],
      [`${'x'.repeat(5000)}`, 'its first line is not JSON'],
      [`${text.slice(0, -2)}\n`, 'it is cut short'],
      [`${text}x`, 'its size is not the one its first line states'],
      [text.replace(ENTRY_KEY, 'b'.repeat(64)), 'it names another key than its file name (copied or moved)'],
      // A whole, sealed entry whose first line (JSON padded with spaces) is longer than the 4,096 bytes a head is read in.
      [text.replace(/}\n/, `${' '.repeat(4096)}}\n`), 'its first line is not JSON'],
    ];
    const before = openFiles();
    for (const [content, why] of faults) {
      writeFileSync(file, content);
      const warned = cache.warnings.length;
      expect(cache.read(ENTRY_KEY, 5)).toBeUndefined();
      expect(cache.warnings.slice(warned).map((w) => w.message)).toEqual([expect.stringContaining(`: ${why};`)]);
    }
    writeFileSync(file, text);
    expect(cache.read(ENTRY_KEY, 5)).toEqual(ENTRY);
    expect(openFiles()).toBe(before);
    expect(CACHE_FILE_LIMITS).toEqual({ entry: 64 * 1024 * 1024, pack: 256 * 1024 * 1024, render_output: 256 * 1024 * 1024 });
  });

  it("a pack is its lines and a seal line of this user's key over them and its path", () => {
    const dir = fresh();
    const cache = cacheIn(dir);
    const key = loadCacheKey(path.join(dir, 'state', 'diene', 'cache-key'));
    if (!(key instanceof Uint8Array)) throw new Error(`no key: ${JSON.stringify(key)}`);
    mkdirSync(path.join(dir, 'cache', 'records'), { recursive: true });
    const relative = path.join('records', 'x.pack');
    const file = path.join(dir, 'cache', relative);
    const body = 'head\nrecord one\n';
    const seal = (secret: Uint8Array, at = relative) => {
      const maker = packSeal(secret, at);
      maker.update(body);
      return maker.seal();
    };
    const read = (text: string) => {
      writeFileSync(file, text);
      const got = cache.readPack(relative);
      return got instanceof EntryProblem ? got.problem : got;
    };
    expect(read(`${body}seal ${seal(key)}\n`)).toBe(body);
    expect(read(`${body}seal ${seal(key)}`)).toBe('cut_short');
    expect(read('')).toBe('cut_short');
    expect(read(`seal ${seal(key)}\n`)).toBe('seal_mismatch');
    expect(read(`${body}seal: ${seal(key)}\n`)).toBe('not_sealed');
    expect(read(`${body}\n`)).toBe('not_sealed');
    expect(read(`x${seal(key)}\n`)).toBe('cut_short');
    expect(read(`${body}seal ${seal(OTHER_KEY)}\n`)).toBe('seal_mismatch');
    expect(read(`${body}seal ${seal(key, 'records/y.pack')}\n`)).toBe('seal_mismatch');
    expect(read(`${body}record two\nseal ${seal(key)}\n`)).toBe('seal_mismatch');
    writeFileSync(file, `${body}seal ${seal(key)}\n`);
    const before = openFiles();
    expect(cache.readPack(relative)).toBe(body);
    expect(openFiles()).toBe(before);
    // A folder that is not used is never read: the same sealed pack gives nothing.
    chmodSync(path.join(dir, 'cache'), 0o777);
    expect(cacheIn(dir).readPack(relative)).toBeUndefined();
    chmodSync(path.join(dir, 'cache'), 0o700);
    rmSync(file);
    expect(cache.readPack(relative)).toBeUndefined();
    writeFileSync(file, '');
    truncateSync(file, CACHE_FILE_LIMITS.pack + 1);
    const big = cache.readPack(relative);
    expect(big instanceof EntryProblem ? big.problem : big).toBe('too_large');
    truncateSync(file, CACHE_FILE_LIMITS.pack);
    const atLimit = cache.readPack(relative);
    // At the limit it is read: its last byte is no line feed.
    expect(atLimit instanceof EntryProblem ? atLimit.problem : atLimit).toBe('cut_short');
  });
});

describe('what a prune counts and removes: only regular files named as diene names them', () => {
  const HEX = 'c'.repeat(64);
  /** Names a prune must leave alone: other lengths, other characters, a name around diene's. */
  const foreign = (suffix: string) => [`a${suffix}`, `x${HEX}${suffix}`, `${HEX}${suffix}.bak`, `${'g'.repeat(64)}${suffix}`, `${HEX.toUpperCase()}${suffix}`];
  const at = (file: string, seconds: number) => utimesSync(file, seconds, seconds);

  it('keeps the most recently used packs, removing older ones named <64 hex digits>.pack and no other file', () => {
    const dir = fresh();
    const cache = new CompileCache(path.join(dir, 'cache'), 'compiled', { env: { XDG_STATE_HOME: path.join(dir, 'state') } });
    const folder = path.join(dir, 'cache', 'records');
    mkdirSync(folder, { recursive: true });
    const packs = ['1', '2', '3'].map((digit) => `${digit.repeat(64)}.pack`);
    packs.forEach((name, i) => {
      writeFileSync(path.join(folder, name), 'pack\n');
      at(path.join(folder, name), 1_000_000 + i * 1000);
    });
    // Older than every pack: each would be the first to go if it counted.
    for (const name of foreign('.pack')) {
      writeFileSync(path.join(folder, name), 'not a pack\n');
      at(path.join(folder, name), 500_000);
    }
    // One kept (the most recently used), and the one named to keep, however old.
    cache.pruneFiles('records', 1, path.join('records', packs[0] as string));
    expect(readdirSync(folder).sort()).toEqual([...foreign('.pack'), packs[0], packs[2]].sort());
  });

  it('keeps render outputs under the byte bound, counting and removing only files named <64 hex digits>.stdout', () => {
    const dir = fresh();
    const cache = new CompileCache(path.join(dir, 'cache'), 'rendered', { env: { XDG_STATE_HOME: path.join(dir, 'state') }, renderBytesKept: 150 });
    const folder = path.join(dir, 'cache', 'entries');
    mkdirSync(folder, { recursive: true });
    // An older render of 100 bytes: with the new one's 3 bytes, under the bound.
    const older = `${'d'.repeat(64)}.stdout`;
    writeFileSync(path.join(folder, older), 'o'.repeat(100));
    at(path.join(folder, older), 1_000_000);
    // Newer than it, 100 bytes each (the one-letter name 200, over the bound alone): counted, any one would push the total over the bound and a render out.
    for (const name of foreign('.stdout')) {
      writeFileSync(path.join(folder, name), 'f'.repeat(name === 'a.stdout' ? 200 : 100));
      at(path.join(folder, name), 2_000_000);
    }
    cache.writeRender('e'.repeat(64), { ...ENTRY, render: { exitCode: 0, withRead: true } }, 'new');
    expect(readdirSync(folder).sort()).toEqual([...foreign('.stdout'), older, `${'e'.repeat(64)}.json`, `${'e'.repeat(64)}.stdout`].sort());
    expect(cache.warnings).toEqual([]);
  });
});

describe('folders and the key the cache trusts', () => {
  it('a folder: sound, missing, a link, a file, another owner, or writable by the group or others (its mode in four digits)', () => {
    const dir = fresh();
    expect(folderDistrust(dir)).toBeUndefined();
    expect(folderDistrust(path.join(dir, 'missing'))).toBeUndefined();
    symlinkSync(dir, path.join(dir, 'link'));
    expect(folderDistrust(path.join(dir, 'link'))).toEqual({ why: 'link' });
    writeFileSync(path.join(dir, 'file'), '');
    expect(folderDistrust(path.join(dir, 'file'))).toEqual({ why: 'not_folder' });
    const other = path.join(dir, 'other');
    mkdirSync(other, { mode: 0o700 });
    chownSync(other, 4242, 4242);
    expect(folderDistrust(other)).toEqual({ why: 'foreign_owner', owner: 4242, user: process.getuid?.() });
    const shared = path.join(dir, 'shared');
    mkdirSync(shared);
    for (const [mode, why] of [
      [0o755, undefined],
      [0o750, undefined],
      [0o770, '0770'],
      [0o702, '0702'],
      [0o720, '0720'],
      [0o1777, '1777'],
      [0o2705, undefined],
    ] as const) {
      chmodSync(shared, mode);
      expect([mode.toString(8), folderDistrust(shared)]).toEqual([mode.toString(8), why === undefined ? undefined : { why: 'writable_by_others', mode: why }]);
    }
  });

  it('an entry: its own, never a link target; nothing on a path through a file; other errors thrown', () => {
    const dir = fresh();
    writeFileSync(path.join(dir, 'file'), '');
    symlinkSync(path.join(dir, 'nowhere'), path.join(dir, 'dangling'));
    expect(entryAt(path.join(dir, 'file'))?.isDirectory()).toBe(false);
    expect(entryAt(dir)?.isDirectory()).toBe(true);
    expect(entryAt(path.join(dir, 'dangling'))?.isSymbolicLink()).toBe(true);
    expect(entryAt(path.join(dir, 'missing'))).toBeUndefined();
    expect(entryAt(path.join(dir, 'file', 'below'))).toBeUndefined();
    expect(() => entryAt(path.join(dir, 'x'.repeat(300)))).toThrow(expect.objectContaining({ code: 'ENAMETOOLONG' }));
  });

  it('the key: made once (64 hexadecimal digits and a line feed, mode 0600), then the same bytes; refused with its reason', () => {
    const dir = fresh();
    const file = path.join(dir, 'state', 'diene', 'cache-key');
    const made = loadCacheKey(file);
    expect(made).toBeInstanceOf(Uint8Array);
    const text = readFileSync(file, 'latin1');
    expect(text).toMatch(/^[0-9a-f]{64}\n$/);
    expect(Buffer.from(made as Uint8Array).toString('hex')).toBe(text.slice(0, 64));
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(statSync(path.dirname(file)).mode & 0o777).toBe(0o700);
    expect(loadCacheKey(file)).toEqual(made);
    // Made through a temporary file, which is gone.
    expect(readdirSync(path.dirname(file))).toEqual(['cache-key']);
    const before = openFiles();
    expect(loadCacheKey(file)).toEqual(made);
    expect(openFiles()).toBe(before);

    const keyed = (content: string, mode = 0o600) => {
      writeFileSync(file, content, { mode });
      chmodSync(file, mode);
      return loadCacheKey(file);
    };
    expect(keyed(text.toUpperCase())).toEqual({ why: 'not_a_key' });
    expect(keyed(text.slice(0, 64))).toEqual({ why: 'not_a_key' });
    expect(keyed(`${text.slice(0, 63)}g\n`)).toEqual({ why: 'not_a_key' });
    expect(keyed(`${text.slice(0, 64)}\r`)).toEqual({ why: 'not_a_key' });
    expect(keyed(`${text}\n`)).toEqual({ why: 'not_a_key' });
    expect(keyed(text, 0o640)).toEqual({ why: 'readable_by_others' });
    expect(keyed(text, 0o604)).toEqual({ why: 'readable_by_others' });
    expect(keyed(text, 0o400)).toEqual(made);
    chownSync(file, 4242, 4242);
    expect(loadCacheKey(file)).toEqual({ why: 'foreign_owner' });
    rmSync(file);
    mkdirSync(file);
    expect(loadCacheKey(file)).toEqual({ why: 'not_file' });
    rmSync(file, { recursive: true });
    symlinkSync(path.join(dir, 'elsewhere'), file);
    expect(loadCacheKey(file)).toEqual({ why: 'link' });
    rmSync(file);
    chmodSync(path.dirname(file), 0o770);
    expect(loadCacheKey(file)).toEqual({ why: 'folder_unsafe' });
    writeFileSync(path.join(dir, 'plain'), '');
    expect(loadCacheKey(path.join(dir, 'plain', 'diene', 'cache-key'))).toEqual({ why: 'unreadable', errno: 'ENOTDIR' });
    // A file where the key's folder belongs: the folder cannot be made, and that is the reason given.
    expect(loadCacheKey(path.join(dir, 'plain', 'cache-key'))).toEqual({ why: 'unreadable', errno: 'ENOTDIR' });
    chmodSync(path.dirname(file), 0o700);
    expect(loadCacheKey(path.join(path.dirname(file), 'k'.repeat(300)))).toEqual({ why: 'unreadable', errno: 'ENAMETOOLONG' });
    // A key that can be read from nowhere (a name with a trailing slash: no file is that) fails on its link, with that error, and leaves no temporary.
    const slashed = path.join(dir, 'slashed', 'diene');
    expect(loadCacheKey(path.join(slashed, 'cache-key/'))).toEqual({ why: 'unreadable', errno: 'ENOENT' });
    expect(readdirSync(slashed)).toEqual([]);
  });

  it('the key is refused inside the fleet, its work tree or the checkout, naming where', () => {
    const dir = realpathSync(fresh());
    const repository = path.join(dir, 'repo');
    const fleet = path.join(repository, 'fleet');
    mkdirSync(path.join(repository, '.git'), { recursive: true });
    mkdirSync(fleet);
    const outside = path.join(dir, 'home');
    expect(loadCacheKey(path.join(fleet, '.state', 'cache-key'), fleet, outside)).toEqual({ why: 'in_fleet', root: fleet });
    expect(loadCacheKey(path.join(repository, '.state', 'cache-key'), fleet, outside)).toEqual({ why: 'in_repository', root: repository });
    expect(loadCacheKey(path.join(outside, 'state', 'cache-key'), fleet, outside)).toBeInstanceOf(Uint8Array);
  });
});

describe('where a fleet or a checkout could supply a folder', () => {
  const dir = realpathSync(mkdtempSync(path.join(scratch, 'places-')));
  const repository = path.join(dir, 'repo');
  const fleet = path.join(repository, 'fleets', 'main');
  const checkout = path.join(dir, 'checkout');
  mkdirSync(path.join(repository, '.git'), { recursive: true });
  mkdirSync(fleet, { recursive: true });
  mkdirSync(path.join(checkout, 'sub'), { recursive: true });
  // A worktree's .git is a file.
  writeFileSync(path.join(checkout, '.git'), 'gitdir: /elsewhere\n');
  const home = path.join(dir, 'home');
  mkdirSync(home);

  it("the fleet itself and below, then its work tree, then the working directory's, each with its top", () => {
    expect(suppliedPlace(fleet, fleet, home)).toEqual({ where: 'fleet', root: fleet });
    expect(suppliedPlace(path.join(fleet, 'a', 'b'), fleet, home)).toEqual({ where: 'fleet', root: fleet });
    expect(suppliedPlace(path.join(repository, 'cache'), fleet, home)).toEqual({ where: 'repository', root: repository });
    expect(suppliedPlace(repository, fleet, home)).toEqual({ where: 'repository', root: repository });
    expect(suppliedPlace(path.join(checkout, 'cache'), fleet, path.join(checkout, 'sub'))).toEqual({ where: 'checkout', root: checkout });
    expect(suppliedPlace(path.join(home, 'cache'), fleet, path.join(checkout, 'sub'))).toBeUndefined();
    expect(suppliedPlace(path.join(dir, 'repo-cache'), fleet, home)).toBeUndefined();
    expect(suppliedPlace(`${fleet}-cache`, fleet, home)).toEqual({ where: 'repository', root: repository });
  });

  it('outside a fleet in no work tree: nothing, even beside it or where neither exists yet', () => {
    const loose = path.join(dir, 'loose');
    mkdirSync(loose);
    expect(suppliedPlace(path.join(dir, 'beside'), loose, home)).toBeUndefined();
    expect(suppliedPlace(path.join(dir, 'beside', 'cache'), path.join(dir, 'not-yet'), home)).toBeUndefined();
    expect(suppliedPlace(path.join(dir, 'not-yet', 'cache'), path.join(dir, 'not-yet'), home)).toEqual({ where: 'fleet', root: path.join(dir, 'not-yet') });
  });

  it('a name beginning with two dots inside the fleet is inside it, in a git work tree or not', () => {
    expect(suppliedPlace(path.join(fleet, '..cache'), fleet, home)).toEqual({ where: 'fleet', root: fleet });
    const loose = path.join(dir, 'loose-fleet');
    mkdirSync(loose);
    expect(suppliedPlace(path.join(loose, '..cache'), loose, home)).toEqual({ where: 'fleet', root: loose });
    expect(suppliedPlace(path.join(loose, '..'), loose, home)).toBeUndefined();
  });

  it('through a link, where a write would land', () => {
    symlinkSync(fleet, path.join(home, 'to-fleet'));
    expect(suppliedPlace(path.join(home, 'to-fleet', 'not-yet', 'cache'), fleet, home)).toEqual({ where: 'fleet', root: fleet });
    symlinkSync(path.join(home, 'outside'), path.join(fleet, 'out'));
    mkdirSync(path.join(home, 'outside'));
    expect(suppliedPlace(path.join(fleet, 'out', 'cache'), fleet, home)).toBeUndefined();
    // The fleet named through a link is the same fleet.
    expect(suppliedPlace(path.join(fleet, 'cache'), path.join(home, 'to-fleet'), home)).toEqual({ where: 'fleet', root: fleet });
  });
});

describe('where the cache and its key live', () => {
  it('$XDG_CACHE_HOME/diene and $XDG_STATE_HOME/diene/cache-key when absolute, else under the home folder', () => {
    expect(userCacheFolder({ XDG_CACHE_HOME: '/var/cache/u' }, '/home/u')).toBe('/var/cache/u/diene');
    expect(userCacheFolder({ XDG_CACHE_HOME: 'relative' }, '/home/u')).toBe('/home/u/.cache/diene');
    expect(userCacheFolder({ XDG_CACHE_HOME: '' }, '/home/u')).toBe('/home/u/.cache/diene');
    expect(userCacheFolder({}, '/home/u')).toBe('/home/u/.cache/diene');
    expect(cacheKeyFile({ XDG_STATE_HOME: '/var/state/u' }, '/home/u')).toBe('/var/state/u/diene/cache-key');
    expect(cacheKeyFile({ XDG_STATE_HOME: 'relative' }, '/home/u')).toBe('/home/u/.local/state/diene/cache-key');
    expect(cacheKeyFile({}, '/home/u')).toBe('/home/u/.local/state/diene/cache-key');
  });

  it('a CI job: CI set to anything but empty, 0 or false (any case, spaces around), or GITHUB_ACTIONS=true', () => {
    const cases: [Record<string, string>, boolean][] = [
      [{}, false],
      [{ CI: '' }, false],
      [{ CI: '0' }, false],
      [{ CI: 'false' }, false],
      [{ CI: ' FALSE ' }, false],
      [{ CI: ' 0 ' }, false],
      [{ CI: '  ' }, false],
      [{ CI: 'true' }, true],
      [{ CI: '1' }, true],
      [{ CI: 'woodpecker' }, true],
      [{ GITHUB_ACTIONS: 'true' }, true],
      [{ GITHUB_ACTIONS: 'false' }, false],
      [{ CI: 'false', GITHUB_ACTIONS: 'true' }, true],
    ];
    expect(cases.map(([env]) => [env, runsInCi(env)])).toEqual(cases);
  });
});
