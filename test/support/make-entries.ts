/**
 * Disk entries a text overlay cannot express, for sample cases and the hostile
 * corpus (issue 9): symbolic links, directories and FIFOs where a file
 * belongs, unreadable files, and large generated files that are never
 * committed.
 */
import { chmodSync, mkdirSync, rmSync, symlinkSync, writeFileSync, openSync, writeSync, closeSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import path from 'node:path';

/**
 * One entry to create under a fleet directory; `path` is relative to it, and
 * whatever stood there is removed first. `rawName` entries create, inside the
 * folder `path`, a file whose name is the base64-decoded bytes.
 */
export type MakeEntry =
  | { path: string; symlink: string }
  | { path: string; directory: true; mode?: number }
  | { path: string; rawName: string; text: string }
  | { path: string; fifo: true }
  | { path: string; unreadable: string }
  | { path: string; generate: Generated };

/**
 * A generated file: `head`, then `repeat` `times` times (or until the file
 * holds at least `bytes` bytes; `{i}` in it counts the repetitions from 0),
 * then `tail` (`tailRepeat` times, default once).
 */
export interface Generated {
  head?: string;
  repeat: string;
  times?: number;
  bytes?: number;
  tail?: string;
  tailRepeat?: number;
}

function writeRepeated(fd: number, text: string, times: number): number {
  if (text.includes('{i}')) {
    // Numbered repetitions ({i} = 0, 1, …), written in batches.
    let written = 0;
    for (let start = 0; start < times; start += 10_000) {
      const batch = Array.from({ length: Math.min(10_000, times - start) }, (_, k) => text.replaceAll('{i}', String(start + k))).join('');
      written += writeSync(fd, batch);
    }
    return written;
  }
  const unit = Buffer.from(text);
  if (unit.length === 0 || times <= 0) return 0;
  const perChunk = Math.max(1, Math.floor((1 << 20) / unit.length));
  const chunk = Buffer.concat(Array.from({ length: Math.min(perChunk, times) }, () => unit));
  let left = times;
  while (left >= perChunk) {
    writeSync(fd, chunk);
    left -= perChunk;
  }
  if (left > 0) writeSync(fd, chunk.subarray(0, left * unit.length));
  return times * unit.length;
}

/**
 * Creates `entries` under `dir`. `symlink` is the link's text (`{fleet}` is
 * replaced by `dir`); `unreadable` is the file's text, written with mode 000;
 * `generate` writes a {@link Generated} file in chunks (never one huge string
 * in memory).
 */
export function makeEntries(dir: string, entries: readonly MakeEntry[] = []): void {
  for (const entry of entries) {
    const target = path.join(dir, entry.path);
    if (!('rawName' in entry)) rmSync(target, { recursive: true, force: true });
    mkdirSync(path.dirname(target), { recursive: true });
    if ('symlink' in entry) symlinkSync(entry.symlink.replaceAll('{fleet}', dir), target);
    else if ('directory' in entry) {
      mkdirSync(target);
      if (entry.mode !== undefined) chmodSync(target, entry.mode);
    } else if ('rawName' in entry) {
      mkdirSync(target, { recursive: true });
      // A file name that is not UTF-8: only a Buffer path can spell it.
      writeFileSync(Buffer.concat([Buffer.from(`${target}/`), Buffer.from(entry.rawName, 'base64')]), entry.text);
    } else if ('fifo' in entry) execFileSync('mkfifo', [target]);
    else if ('unreadable' in entry) {
      writeFileSync(target, entry.unreadable);
      chmodSync(target, 0o000);
    } else {
      const { head = '', repeat, times, bytes = 0, tail = '', tailRepeat = 1 } = entry.generate;
      const fd = openSync(target, 'w');
      try {
        writeSync(fd, head);
        const unit = Buffer.byteLength(repeat);
        writeRepeated(fd, repeat, times ?? Math.ceil(Math.max(0, bytes - Buffer.byteLength(head)) / Math.max(1, unit)));
        writeRepeated(fd, tail, tailRepeat);
      } finally {
        closeSync(fd);
      }
    }
  }
}
