/**
 * The per-file part of the compile cache: for each input file, what loading
 * it yields (1-load/load-fleet.ts `FileRecord`: its value, its findings with
 * their places and source lines, the values it holds), so that a fleet with
 * one file changed parses and validates that one file only.
 *
 * A record's key is the SHA-256 of the cache format, the compiler's identity
 * (compile-cache.ts `compilerDigest`), the file's path and its text's digest: a record
 * is valid for exactly that file read by exactly that compiler, wherever it
 * is kept. The records of one fleet folder are kept together in one pack,
 * `files/<digest of the folder's path>.pack`, so that reading 55,000 records
 * costs one file: a first line naming the format, then one line per record,
 * `<key> <JSON>`, then a last line with the seal of every byte before it
 * under the user's cache key (compile-cache.ts `readPack`): a pack that is
 * not whole, or whose seal this user's key did not make, is not used at all
 * (a `cache_entry_ignored` warning, every file loaded cold), so no record can
 * be forged or carried from another cache. A record is checked for its shape
 * when it is used; one that fails is ignored with a warning and its file is
 * loaded cold. One seal over the pack costs less than a digest per record. A compile writes
 * the pack again, atomically (a temporary file renamed into place), holding
 * the records of the files it read, once more than one in a hundred records
 * were made or are no longer needed ({@link FileRecords.save}), so concurrent
 * compiles each read a whole pack, and any pack's records are right for the
 * files they name.
 *
 * A record made by this run is kept as the values loading made (which the
 * fleet holds anyway) and the pack is written when the loading ends
 * ({@link FileMemo.loaded}), each line made as it is written: the lines of
 * every file, held until the analysis ended, raised the peak memory of the
 * compile that fills the pack. Nothing changes a loaded value before then.
 */
import path from 'node:path';
import type { FileMemo, FileRecord } from '../1-load/load-fleet.js';
import type { SourceFile } from '../1-load/source-file.js';
import { isDiagnosticCode, type ChoiceOf } from '../diagnostics/catalog.js';
import { CACHE_FORMAT, compilerDigest, sha256, type CompileCache } from './compile-cache.js';
import { textDigest } from '../adapters/filesystem/known-inputs.js';

/** The first line of a pack: the cache format, and the compiler whose records it holds. */
const headOf = (compiler: string): string => JSON.stringify({ ...CACHE_FORMAT, records: 'input files', compiler });
const LINE = /^[0-9a-f]{64} /;

/** How a run used the records (for tests and progress): files answered, and files loaded cold and recorded. */
export interface RecordStats {
  hits: number;
  misses: number;
  /** The paths of the files loaded cold and recorded by this run, in load order. */
  recorded: string[];
}

/** How many packs a cache folder keeps (the least recently used go first): at XL a pack is about 20 MB. */
export const PACKS_KEPT = 16;

/** The pack is written again once its records made or unused pass one in this many of the records it holds. */
export const PACK_DRIFT = 100;

/** The pack of one fleet folder's records, opened for one run (see the module comment). */
export class FileRecords implements FileMemo {
  readonly stats: RecordStats = { hits: 0, misses: 0, recorded: [] };
  /** The pack's file, relative to the cache folder. */
  readonly relative: string;
  /** The lines of the pack as read and not used yet, by key, with their line numbers in the pack. */
  private readonly stored = new Map<string, { line: string; number: number }>();
  /** What the next pack holds, by key: the lines of records used by this run, and the records it made. */
  private readonly kept = new Map<string, string | FileRecord>();
  private saved = false;
  private readonly warned = new Set<string>();
  /** Whether the pack must be written again whatever changed (a damaged line, another compiler's pack). */
  private rewrite = false;
  /** How many records the pack held as read. */
  private packed = 0;
  private readonly prefix: string;
  private readonly head: string;

  /**
   * The pack of the fleet folder `fleetRoot`. A command that reads only part
   * of the fleet names its own `scope` (say, a platform it renders): a pack
   * holds the records of the files its last run read, so a partial read
   * would otherwise drop the rest. With no `fleetRoot` the pack is the
   * scope's wherever the fleet lies (a record's key is the file's path in
   * the fleet and its text, never the folder): `diene render` in the ArgoCD
   * plugin gets each request in a new temporary folder.
   */
  constructor(
    private readonly cache: CompileCache,
    fleetRoot: string | undefined,
    scope = '',
  ) {
    const folder = fleetRoot === undefined ? '' : path.resolve(fleetRoot);
    this.relative = path.join('files', `${sha256(scope === '' ? folder : `${folder}\0${scope}`)}.pack`);
    this.prefix = `${CACHE_FORMAT.format} ${CACHE_FORMAT.version} records\0${compilerDigest()}\0`;
    this.head = headOf(compilerDigest());
    this.readPack();
  }

  private get packPath(): string {
    return path.join(this.cache.dir, this.relative);
  }

  /** A warning, once a problem, about the whole pack, or about its line `at.number` (the record of `at.record`, when known). */
  private warn(problem: ChoiceOf<'cache_entry_ignored', 'problem'>, at?: { number: number; record?: string }): void {
    if (this.warned.has(problem)) return;
    this.warned.add(problem);
    this.rewrite = true;
    if (at === undefined) this.cache.ignoreEntry(this.packPath, 'pack', problem);
    else if (at.record === undefined) this.cache.ignoreEntry(`${this.packPath} (line ${at.number})`, 'pack_line', problem);
    else this.cache.ignoreEntry(`${this.packPath} (line ${at.number}, the record of ${at.record})`, 'record', problem);
  }

  private readPack(): void {
    // The head alone tells another compiler's pack (an upgrade) or another format: their tens of megabytes are not read.
    const first = this.cache.readFirstLine(this.relative);
    if (first === undefined) return;
    if (typeof first !== 'string') return this.warn(first.problem);
    if (first !== this.head) {
      if (this.head.startsWith(first)) return this.warn('cut_short');
      const compiler = packCompiler(first);
      if (compiler === 'none') return this.warn(isCacheHead(first) ? 'other_format' : 'not_a_pack');
      // Another compiler's records: none can answer this one (a key names its compiler), so none is held
      // while this run loads; nothing is wrong either. The pack is written again with this run's.
      if (compiler !== 'unnamed') return void (this.rewrite = true);
    }
    const text = this.cache.readPack(this.relative);
    if (text === undefined) return;
    if (typeof text !== 'string') return this.warn(text.problem);
    const newline = text.indexOf('\n');
    // The sealed text ends with a line feed: the last piece is empty.
    const lines = text.slice(newline + 1).split('\n');
    lines.pop();
    lines.forEach((line, index) => {
      // The head is line 1.
      const number = index + 2;
      if (!LINE.test(line)) return this.warn('not_a_record', { number });
      this.stored.set(line.slice(0, 64), { line, number });
    });
    this.packed = this.stored.size;
  }

  private key(file: SourceFile): string {
    // The text by its digest (input-stamps.ts): a file known by its stamp is looked up unread.
    return sha256(`${this.prefix}${file.path.length}:${file.path}${textDigest(file)}`);
  }

  get(file: SourceFile): FileRecord | undefined {
    const key = this.key(file);
    const stored = this.stored.get(key);
    const record = stored === undefined ? undefined : this.check(file, stored.line, stored.number);
    if (record === undefined) {
      this.stats.misses++;
      return undefined;
    }
    this.stats.hits++;
    this.stored.delete(key);
    this.kept.set(key, (stored as { line: string }).line);
    return record;
  }

  /** The record of `line` when it is whole and of the shape loading makes; else a warning. */
  private check(file: SourceFile, line: string, number: number): FileRecord | undefined {
    const at = { number, record: file.path };
    // `<key> <JSON>`, as LINE matched; the pack's seal covers the line.
    const json = line.slice(65);
    let record: unknown;
    try {
      record = JSON.parse(json);
    } catch {
      return void this.warn('body_not_json', at);
    }
    if (!isRecordOf(record, file.path)) return void this.warn('body_not_record', at);
    return record;
  }

  set(file: SourceFile, record: FileRecord): void {
    // What a later run would refuse is not kept (a finding placed in another file, say).
    if (!isRecordOf(record, file.path)) return;
    // Its line is made when the pack is written (see the module comment).
    this.kept.set(this.key(file), record);
    this.stats.recorded.push(file.path);
  }

  /** The loading is over: the pack is written now (see the module comment). */
  loaded(): void {
    this.save();
  }

  /**
   * Writes the pack again, holding the records this run used or made, and
   * lets go of them all: when one was damaged or the pack was another
   * compiler's, or when the records made and those no longer needed are more
   * than one in {@link PACK_DRIFT} of the pack's. A few files changed (a row
   * edited between runs) leave the pack as it is: rewriting tens of
   * megabytes costs more than loading those few files cold again, and a
   * record is keyed by its file's text, so an unused one is never wrong. A
   * run saves once: a second call does nothing. Never throws.
   */
  save(): void {
    if (this.saved) return;
    this.saved = true;
    const drift = this.stats.recorded.length + this.stored.size;
    this.stored.clear();
    const kept = this.kept;
    if (!this.rewrite && drift * PACK_DRIFT <= this.packed) {
      kept.clear();
      return this.cache.markUsed(this.relative);
    }
    // A line starts with its key, unique in the pack: sorted by key, the lines are sorted.
    const keys = [...kept.keys()].sort();
    const head = this.head;
    function* lines(): Generator<string> {
      yield head;
      for (const key of keys) {
        const line = lineOf(key, kept.get(key) as string | FileRecord);
        // The run goes on: each record goes once it is written.
        kept.delete(key);
        yield line;
      }
    }
    this.cache.writePack(this.relative, lines());
    // A pack that could not be written leaves the rest behind.
    kept.clear();
    this.cache.pruneFiles('files', PACKS_KEPT, this.relative);
  }
}

/** Whether `line` is the head of a diene cache file (of any version): a JSON object naming the cache format. */
function isCacheHead(line: string): boolean {
  try {
    const head = JSON.parse(line) as { format?: unknown } | null;
    return head !== null && typeof head === 'object' && head.format === CACHE_FORMAT.format;
  } catch {
    return false;
  }
}

/**
 * The compiler a pack's head `line` names when it is the head of a pack of
 * this format: its digest, `unnamed` for a head that names none (its records'
 * keys decide, as each names its compiler), `none` for no such head.
 */
function packCompiler(line: string): string {
  try {
    const head = JSON.parse(line) as Record<string, unknown> | null;
    if (head === null || typeof head !== 'object' || head['format'] !== CACHE_FORMAT.format || head['version'] !== CACHE_FORMAT.version) return 'none';
    if (head['records'] !== 'input files') return 'none';
    if (!('compiler' in head)) return Object.keys(head).length === 3 ? 'unnamed' : 'none';
    return typeof head['compiler'] === 'string' && /^[0-9a-f]{64}$/.test(head['compiler']) ? head['compiler'] : 'none';
  } catch {
    return 'none';
  }
}

/** The pack's line of `kept` under `key`: a line read from the pack, or a record this run made. */
function lineOf(key: string, kept: string | FileRecord): string {
  return typeof kept === 'string' ? kept : `${key} ${JSON.stringify(kept)}`;
}

function isDiagnosticOf(value: unknown, file: string): boolean {
  if (value === null || typeof value !== 'object') return false;
  const d = value as Record<string, unknown>;
  return (
    (d['severity'] === 'error' || d['severity'] === 'warning') &&
    typeof d['code'] === 'string' &&
    isDiagnosticCode(d['code']) &&
    d['file'] === file &&
    typeof d['message'] === 'string' &&
    typeof d['hint'] === 'string' &&
    Array.isArray(d['related'])
  );
}

/** True when `value` has the shape of a {@link FileRecord} whose findings are all about `file`. */
function isRecordOf(value: unknown, file: string): value is FileRecord {
  if (value === null || typeof value !== 'object') return false;
  const r = value as Record<string, unknown>;
  const findings = r['rowFindings'];
  return (
    Number.isSafeInteger(r['values']) &&
    (r['values'] as number) >= 0 &&
    Array.isArray(r['diagnostics']) &&
    r['diagnostics'].every((d) => isDiagnosticOf(d, file)) &&
    (findings === undefined || (Array.isArray(findings) && findings.every((d) => isDiagnosticOf(d, file))))
  );
}
