/**
 * Disk entries a text overlay cannot express, for sample cases and the hostile
 * corpus (issue 9): symbolic links, directories and FIFOs where a file
 * belongs, unreadable files, and large generated files that are never
 * committed.
 */
import { chmodSync, mkdirSync, rmSync, symlinkSync, writeFileSync, openSync, writeSync, closeSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import path from 'node:path';

/** One entry to create under a fleet directory; `path` is relative to it, and whatever stood there is removed first. */
export type MakeEntry =
  | { path: string; symlink: string }
  | { path: string; directory: true }
  | { path: string; fifo: true }
  | { path: string; unreadable: string }
  | { path: string; generate: { head?: string; repeat: string; bytes: number; tail?: string } };

/**
 * Creates `entries` under `dir`. `symlink` is the link's text (`{fleet}` is
 * replaced by `dir`); `unreadable` is the file's text, written with mode 000;
 * `generate` writes `head`, then `repeat` until the file holds at least
 * `bytes` bytes, then `tail`, in chunks (never one huge string in memory).
 */
export function makeEntries(dir: string, entries: readonly MakeEntry[] = []): void {
  for (const entry of entries) {
    const target = path.join(dir, entry.path);
    rmSync(target, { recursive: true, force: true });
    mkdirSync(path.dirname(target), { recursive: true });
    if ('symlink' in entry) symlinkSync(entry.symlink.replaceAll('{fleet}', dir), target);
    else if ('directory' in entry) mkdirSync(target);
    else if ('fifo' in entry) execFileSync('mkfifo', [target]);
    else if ('unreadable' in entry) {
      writeFileSync(target, entry.unreadable);
      chmodSync(target, 0o000);
    } else {
      const { head = '', repeat, bytes, tail = '' } = entry.generate;
      const fd = openSync(target, 'w');
      try {
        writeSync(fd, head);
        let written = Buffer.byteLength(head);
        const unit = Buffer.from(repeat);
        const chunk = Buffer.concat(Array.from({ length: Math.max(1, Math.floor((1 << 20) / unit.length)) }, () => unit));
        while (written < bytes) {
          writeSync(fd, chunk);
          written += chunk.length;
        }
        writeSync(fd, tail);
      } finally {
        closeSync(fd);
      }
    }
  }
}
