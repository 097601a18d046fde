/**
 * The per-file records of the compile cache (compiler/incremental/file-records.ts),
 * through the real pipeline in this process: a compile whose files the
 * records answer gives the outputs and diagnostics (places and source lines
 * included) of a compile without them, on the reference fleet, a generated
 * fleet and invalid fleets (a finding placed in a row by a cross-file rule
 * makes that row's document again); one changed row is the only file loaded
 * cold; a damaged or foreign record is ignored with `cache_entry_ignored` and
 * its file loaded cold.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { GENERATED_NOW, generateFleet } from '../../bench/fleet-generator.mjs';
import { CompileCache, sha256 } from '../../compiler/incremental/compile-cache.js';
import { FileRecords, PACK_DRIFT, PACKS_KEPT } from '../../compiler/incremental/file-records.js';
import { type FileMemo, type FileRecord, loadFleet } from '../../compiler/1-load/load-fleet.js';
import type { SourceFile } from '../../compiler/1-load/source-file.js';
import { compileFleet, inputValidators, type CompileResult } from '../../compiler/index.js';
import { compileWithHooks } from '../support/compile-with-hooks.js';
import { overlayTexts, readFleetTexts, TEST_NOW_SECONDS, toSourceFiles } from '../support/fleet-fixture.js';
import { packLines, writeSealedPack } from '../support/cache-seals.js';

const work = mkdtempSync(path.join(tmpdir(), 'diene-records-test-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));
let made = 0;

/** A compile of `texts` with the records of `cacheDir` (then saved), and what they answered; `remade` is told each document made after loading. */
function compileWith(
  texts: ReadonlyMap<string, string>,
  cacheDir: string,
  now: number,
  remade?: (file: string) => void,
): { result: CompileResult; records: FileRecords; cache: CompileCache } {
  const cache = new CompileCache(cacheDir);
  const records = new FileRecords(cache, 'fleet');
  const result = compileWithHooks(toSourceFiles(texts), { nowSeconds: now }, { fileMemo: records, ...(remade ? { documentRemade: remade } : {}) });
  records.save();
  return { result, records, cache };
}

/** Everything a run shows: each diagnostic whole (source line and window too) and each output's bytes. */
function shown(result: CompileResult): string {
  return JSON.stringify({ diagnostics: result.diagnostics, outputs: result.outputs ? [...result.outputs] : null });
}

/** Cold, then recording, then answered by the records: the three runs show the same. Returns the answered run. */
function threeRuns(texts: ReadonlyMap<string, string>, now = TEST_NOW_SECONDS) {
  const cacheDir = path.join(work, `cache-${made++}`);
  const cold = compileFleet(toSourceFiles(texts), { nowSeconds: now });
  const recording = compileWith(texts, cacheDir, now);
  expect(recording.records.stats.hits).toBe(0);
  expect(shown(recording.result)).toBe(shown(cold));
  const remade: string[] = [];
  const warm = compileWith(texts, cacheDir, now, (file) => remade.push(file));
  expect(warm.cache.warnings).toEqual([]);
  expect(warm.records.stats).toEqual({ hits: texts.size, misses: 0, recorded: [] });
  expect(shown(warm.result)).toBe(shown(cold));
  return { cold, warm, cacheDir, remade };
}

const packOf = (cacheDir: string): string => path.join(cacheDir, 'files', `${sha256(path.resolve('fleet'))}.pack`);

const reference = readFleetTexts();
const ROW = 'platforms/aldehyde/lithium/pichu.yaml';

describe('per-file records', () => {
  it('answer every file of the reference fleet, with the outputs and diagnostics of a cold compile', () => {
    const { cold, remade } = threeRuns(reference);
    expect(cold.outputs?.size).toBeGreaterThan(10);
    // A row's document is made again only to place a finding in it: its Kargo findings came with its record.
    expect(remade.filter((file) => file.startsWith('platforms/'))).toEqual([]);
  });

  it('answer every file of the generated S fleet, byte for byte', () => {
    const { cold, remade } = threeRuns(generateFleet('S'), Math.floor(Date.parse(GENERATED_NOW) / 1000));
    expect(cold.outputs?.size).toBeGreaterThan(10);
    expect(remade.filter((file) => file.startsWith('platforms/'))).toEqual([]);
  });

  it('keep the findings of files that do not load: syntax, schema and secret, with their places and source lines', () => {
    const texts = overlayTexts(reference, {
      [ROW]: 'pin:\n  chart: "1.4.2"\n  image: "1.4.2"\n  extra: 1\n',
      'registry/clusters/pichu-topaz.yaml': `${reference.get('registry/clusters/pichu-topaz.yaml')}bad: [\n`,
      // Dated: a missing valuesSince is hinted with now, a finding no record keeps (compile-cache.test.ts).
      'platforms/aldehyde/lithium/raichu.yaml':
        'pin:\n  chart: "1.4.2"\n  image: "1.4.2"\nvalues:\n  password: "Zq8v-W2kd-Lp3x"\nvaluesSince: 2026-11-20T10:00:00Z\n',
    });
    const { cold } = threeRuns(texts);
    const codes = cold.diagnostics.map((d) => d.code);
    expect(codes).toEqual(expect.arrayContaining(['schema_unknown_property', 'yaml_syntax', 'input_secret']));
    expect(cold.diagnostics.find((d) => d.code === 'schema_unknown_property')).toMatchObject({ file: ROW, line: 4, column: 3, sourceLine: '  extra: 1' });
    expect(JSON.stringify(cold.diagnostics)).not.toContain('Zq8v-W2kd-Lp3x');
  });

  it("place a cross-file rule's finding in a row by making that row's document again, and keep the row's Kargo findings", () => {
    const texts = overlayTexts(reference, {
      'platforms/aldehyde/lithium/celebi.yaml': '# a row for a virtual landscape\npin:\n  chart: "1.4.2"\n  image: "1.4.2"\n',
      [ROW]: 'pin: {chart: "1.4.2", image: "1.4.2"}\n',
    });
    const { cold, remade } = threeRuns(texts);
    const unlisted = cold.diagnostics.find((d) => d.code === 'row_landscape_unlisted');
    expect(unlisted).toMatchObject({ file: 'platforms/aldehyde/lithium/celebi.yaml', line: 2, column: 1 });
    expect(cold.diagnostics.find((d) => d.code === 'row_pin_flow_style')).toMatchObject({ file: ROW, line: 1, column: 6 });
    // The unlisted row is placed in its document made again; the flow-style finding came with the row's record.
    expect(remade.filter((file) => file.startsWith('platforms/'))).toEqual(['platforms/aldehyde/lithium/celebi.yaml']);
  });

  it('load only the changed row cold when one row changes', () => {
    const cacheDir = path.join(work, `cache-${made++}`);
    compileWith(reference, cacheDir, TEST_NOW_SECONDS);
    const changed = overlayTexts(reference, { [ROW]: 'pin:\n  chart: "1.4.3"\n  image: "1.4.3"\n' });
    const warm = compileWith(changed, cacheDir, TEST_NOW_SECONDS);
    expect(warm.records.stats).toEqual({ hits: reference.size - 1, misses: 1, recorded: [ROW] });
    expect(shown(warm.result)).toBe(shown(compileFleet(toSourceFiles(changed), { nowSeconds: TEST_NOW_SECONDS })));
    // The pack now holds the fleet as it is: the next run answers every file.
    expect(compileWith(changed, cacheDir, TEST_NOW_SECONDS).records.stats.misses).toBe(0);
  });

  it("hold nothing of another compiler's pack (an upgrade): no warning, every file loaded cold, the pack written again as this compiler's", () => {
    const cacheDir = path.join(work, `cache-${made++}`);
    compileWith(reference, cacheDir, TEST_NOW_SECONDS);
    const pack = packOf(cacheDir);
    const [head, ...records] = readFileSync(pack, 'utf8').split('\n');
    const ours = JSON.parse(head as string) as { compiler: string };
    expect(ours.compiler).toMatch(/^[0-9a-f]{64}$/);
    // A line no pack holds after the head: were the lines read, it would be warned about.
    writeFileSync(pack, [JSON.stringify({ ...ours, compiler: 'f'.repeat(64) }), 'Z not a record', ...records].join('\n'));
    const upgraded = compileWith(reference, cacheDir, TEST_NOW_SECONDS);
    expect(upgraded.cache.warnings).toEqual([]);
    expect([upgraded.records.stats.hits, upgraded.records.stats.misses]).toEqual([0, reference.size]);
    expect(shown(upgraded.result)).toBe(shown(compileFleet(toSourceFiles(reference), { nowSeconds: TEST_NOW_SECONDS })));
    expect(readFileSync(pack, 'utf8').split('\n')[0]).toBe(head);
    expect(compileWith(reference, cacheDir, TEST_NOW_SECONDS).records.stats.hits).toBe(reference.size);
  });

  it('leave the pack as it is while the files changed since it was written are under one in a hundred (M fleet), then write it again', () => {
    const now = Math.floor(Date.parse(GENERATED_NOW) / 1000);
    const texts = generateFleet('M');
    const cacheDir = path.join(work, `cache-${made++}`);
    compileWith(texts, cacheDir, now);
    const pack = packOf(cacheDir);
    const written = readFileSync(pack, 'utf8');
    const rows = [...texts.keys()].filter((file) => /^platforms\/.+\.yaml$/.test(file) && !file.endsWith('platform.yaml')).sort();
    const limit = Math.floor(texts.size / PACK_DRIFT);
    expect(limit).toBeGreaterThan(4);
    /** `texts` with the first `count` rows given one more comment line. */
    const edited = (count: number) => overlayTexts(texts, Object.fromEntries(rows.slice(0, count).map((row) => [row, `${texts.get(row)}# edited\n`])));
    // Two rows edited: two records made and two no longer used, four against a limit of one in a hundred of 1,273.
    const few = edited(2);
    const first = compileWith(few, cacheDir, now);
    expect([first.records.stats.misses, first.records.stats.hits]).toEqual([2, texts.size - 2]);
    expect(readFileSync(pack, 'utf8')).toBe(written);
    const again = compileWith(few, cacheDir, now);
    expect(again.records.stats.recorded).toEqual(rows.slice(0, 2));
    expect(shown(again.result)).toBe(shown(compileFleet(toSourceFiles(few), { nowSeconds: now })));
    // Past the limit: the pack is written again, holding the fleet as it is.
    const many = edited(limit);
    expect(compileWith(many, cacheDir, now).records.stats.misses).toBe(limit);
    expect(readFileSync(pack, 'utf8')).not.toBe(written);
    expect(compileWith(many, cacheDir, now).records.stats).toEqual({ hits: texts.size, misses: 0, recorded: [] });
  });

  it('ignore a pack with a record changed (the seal no longer holds): every file loaded cold, the cold result, and a pack written again', () => {
    const cacheDir = path.join(work, `cache-${made++}`);
    compileWith(reference, cacheDir, TEST_NOW_SECONDS);
    const pack = packOf(cacheDir);
    const lines = readFileSync(pack, 'utf8').split('\n');
    const index = lines.findIndex((line) => line.includes('"1.4.2"'));
    expect(index).toBeGreaterThan(0);
    // The version a reader would then compile into the outputs, were the record trusted.
    writeFileSync(pack, lines.map((line, i) => (i === index ? line.replaceAll('"1.4.2"', '"9.9.9"') : line)).join('\n'));
    const warm = compileWith(reference, cacheDir, TEST_NOW_SECONDS);
    expect(warm.cache.warnings.map((d) => d.message)).toEqual([
      `ignored the pack of input-file records ${pack}: its seal was not made with this user's cache key (the key changed, or the file was copied from another user or machine, restored from another job's cache, forged, or changed after it was written); the input files were parsed and checked anew`,
    ]);
    expect(warm.records.stats).toMatchObject({ hits: 0, misses: reference.size });
    expect(shown(warm.result)).toBe(shown(compileFleet(toSourceFiles(reference), { nowSeconds: TEST_NOW_SECONDS })));
    // The run wrote a whole pack again.
    const again = compileWith(reference, cacheDir, TEST_NOW_SECONDS);
    expect(again.cache.warnings).toEqual([]);
    expect(again.records.stats.misses).toBe(0);
  });

  it('ignore a record of the wrong shape (sealed again with the key), a foreign pack and a cut pack, each with a warning', () => {
    const cacheDir = path.join(work, `cache-${made++}`);
    compileWith(reference, cacheDir, TEST_NOW_SECONDS);
    const pack = packOf(cacheDir);
    const relative = path.relative(cacheDir, pack);
    const text = readFileSync(pack, 'utf8');
    const lines = packLines(cacheDir, relative);
    const [key] = (lines[1] as string).split(' ');
    const body = JSON.stringify({ values: 3, diagnostics: [{ code: 'nonsense' }] });
    writeSealedPack(cacheDir, relative, [lines[0] as string, `${key} ${body}`, ...lines.slice(2)]);
    const wrongShape = compileWith(reference, cacheDir, TEST_NOW_SECONDS);
    const recordOf = wrongShape.cache.warnings[0]?.message.match(/the record of ([^)]+)\)/)?.[1];
    expect(wrongShape.cache.warnings.map((d) => d.message)).toEqual([
      `ignored a record of an input file in the pack ${pack} (line 2, the record of ${recordOf}): it is not the record of a loaded input file; that input file was parsed and checked anew`,
    ]);
    expect(reference.has(recordOf as string)).toBe(true);
    expect(wrongShape.records.stats.misses).toBe(1);

    /** The one warning of a compile over a pack whose text is `text`, and the run. */
    const packWarning = (text: string) => {
      writeFileSync(pack, text);
      const run = compileWith(reference, cacheDir, TEST_NOW_SECONDS);
      expect(run.cache.warnings).toHaveLength(1);
      return { run, message: run.cache.warnings[0]?.message };
    };
    const ignored = (problem: string) => `ignored the pack of input-file records ${pack}: ${problem}; the input files were parsed and checked anew`;
    const notDiene = ignored('it is not a pack of records diene writes (its first line is not the head of one)');
    const foreign = packWarning(`{"format":"other"}\n${lines.slice(1).join('\n')}`);
    expect(foreign.message).toBe(notDiene);
    expect(foreign.run.records.stats.hits).toBe(0);
    // Notes with no line feed at all are no pack either, not a pack cut short.
    expect(packWarning('notes kept here').message).toBe(notDiene);
    expect(packWarning(`${JSON.stringify({ format: 'diene-cache', version: 1, records: 'input files' })}\n${lines.slice(1).join('\n')}`).message).toBe(
      ignored('it was written in another cache format than this diene reads'),
    );
    // The records of this format without the seal line: an older diene's pack, or one made by hand.
    expect(packWarning(`${lines.join('\n')}\n`).message).toBe(ignored("it carries no seal (diene seals everything it keeps with this user's cache key)"));
    // A head cut before its line feed, and a pack cut anywhere after it (its seal line is the last).
    expect(packWarning((lines[0] as string).slice(0, 20)).message).toBe(ignored('it is cut short'));
    const cut = packWarning(text.slice(0, -40));
    expect(cut.message).toBe(ignored('it is cut short'));
    expect(cut.run.records.stats.misses).toBe(reference.size);
    // One byte of a record's key changed to one no key holds, and sealed again: that line is no record, and only its file is loaded anew.
    writeSealedPack(cacheDir, relative, [...lines.slice(0, 3), `Z${(lines[3] as string).slice(1)}`, ...lines.slice(4)]);
    const garbled = compileWith(reference, cacheDir, TEST_NOW_SECONDS);
    expect(garbled.cache.warnings.map((d) => d.message)).toEqual([
      `ignored a line of the pack of input-file records ${pack} (line 4): it is not a record diene writes (a key and JSON); the other records were used, and the input file it may have recorded was parsed and checked anew`,
    ]);
    expect([garbled.records.stats.misses, garbled.records.stats.hits]).toEqual([1, reference.size - 1]);
    for (const run of [wrongShape, foreign.run, cut.run, garbled])
      expect(shown(run.result)).toBe(shown(compileFleet(toSourceFiles(reference), { nowSeconds: TEST_NOW_SECONDS })));
  });
});

/** A memo that answers nothing and keeps each record it is given with its JSON then, and when the loading ended. */
class Watching implements FileMemo {
  readonly made: { record: FileRecord; json: string }[] = [];
  /** The records whose JSON differed when the loading ended; undefined before. */
  changedAtEnd: string[] | undefined;
  get(): undefined {
    return undefined;
  }
  set(file: SourceFile, record: FileRecord): void {
    expect(this.changedAtEnd, `${file.path} recorded after the loading ended`).toBeUndefined();
    this.made.push({ record, json: JSON.stringify(record) });
  }
  loaded(): void {
    expect(this.changedAtEnd).toBeUndefined();
    this.changedAtEnd = this.changed();
  }
  changed(): string[] {
    return this.made.filter(({ record, json }) => JSON.stringify(record) !== json).map(({ json }) => json.slice(0, 200));
  }
}

describe('the pack is written when the loading ends, from the values loading made', () => {
  it.each([
    ['the reference fleet', () => reference, TEST_NOW_SECONDS],
    ['the S fleet', () => generateFleet('S'), Math.floor(Date.parse(GENERATED_NOW) / 1000)],
    ['the M fleet', () => generateFleet('M'), Math.floor(Date.parse(GENERATED_NOW) / 1000)],
  ])('%s: the values are the same when the loading ends and after the outputs are made', (_name, texts, now) => {
    const files = toSourceFiles(texts());
    const watching = new Watching();
    const result = compileWithHooks(files, { nowSeconds: now }, { fileMemo: watching });
    expect(result.outputs?.size).toBeGreaterThan(10);
    expect(watching.made).toHaveLength(files.length);
    expect(watching.changedAtEnd).toEqual([]);
    // Nothing after the loading changes a loaded value either: a record made at any point would be the same.
    expect(watching.changed()).toEqual([]);
  });

  it('the pack is on disk when loadFleet returns, one line per file, each the JSON of the record loading made', () => {
    const cacheDir = path.join(work, `cache-${made++}`);
    const records = new FileRecords(new CompileCache(cacheDir), 'fleet');
    const watching = new Watching();
    const both: FileMemo = {
      get: (file) => records.get(file),
      set: (file, record) => {
        watching.set(file, record);
        records.set(file, record);
      },
      loaded: () => {
        watching.loaded();
        records.loaded();
      },
    };
    const files = toSourceFiles(reference);
    loadFleet(files, inputValidators(), undefined, undefined, { fileMemo: both });
    const lines = packLines(path.dirname(path.dirname(packOf(cacheDir))), path.join('files', path.basename(packOf(cacheDir)))).slice(1);
    expect(lines).toHaveLength(files.length);
    expect(lines).toEqual([...lines].sort());
    const written = lines.map((line) => line.slice(65)).sort();
    expect(written).toEqual(watching.made.map(({ json }) => json).sort());
  });
});

describe('how many packs a cache folder keeps', () => {
  it(`at most ${PACKS_KEPT}, the least recently used first: a pack read again counts as used`, () => {
    const cacheDir = path.join(work, `cache-${made++}`);
    const small = new Map([...reference].filter(([file]) => file.startsWith('registry/')));
    const record = (folder: string): string => {
      const records = new FileRecords(new CompileCache(cacheDir), folder);
      compileWithHooks(toSourceFiles(small), { nowSeconds: TEST_NOW_SECONDS }, { fileMemo: records });
      records.save();
      return path.join(cacheDir, records.relative);
    };
    const packs = Array.from({ length: PACKS_KEPT }, (_, i) => record(`fleet-${i}`));
    // Oldest first, a second apart, and the first read again: it becomes the most recent.
    packs.forEach((pack, i) => utimesSync(pack, 1_000_000 + i, 1_000_000 + i));
    record('fleet-0');
    const added = record('fleet-new');
    const kept = new Set(readdirSync(path.join(cacheDir, 'files')).map((name) => path.join(cacheDir, 'files', name)));
    expect(kept.size).toBe(PACKS_KEPT);
    expect(kept.has(added)).toBe(true);
    expect(kept.has(packs[0] as string)).toBe(true);
    expect(kept.has(packs[1] as string)).toBe(false); // the least recently used
  });
});
