/**
 * Reads one input file the way hostile input demands: never
 * hangs on a FIFO or a device, never follows a link out of the input folders
 * or into `.git/`, never reads more than {@link FILE_SIZE_LIMIT} bytes, and
 * decodes strict UTF-8 with the place of the first bad byte. Every failure comes back as data (a diagnostic code
 * and its arguments), never as an exception. Synchronous: the compiler has
 * nothing else to do while it reads, and plain system calls cost a third of
 * what a round trip through libuv's thread pool does per file.
 */
import { closeSync, constants, fstatSync, lstatSync, openSync, readlinkSync, readSync, realpathSync, statSync } from 'node:fs';
import type { BigIntStats, Stats } from 'node:fs';
import path from 'node:path';
import { INPUT_FOLDERS } from '../../1-load/fleet-layout.js';
import { FILE_SIZE_LIMIT } from '../../1-load/input-sizes.js';
import { stampOf } from './file-stamp.js';

/** Why a file cannot be read: a diagnostic code, its arguments, and a 1-based line and column when the problem sits inside the file. */
export type ReadProblem =
  | { code: 'file_read_failed'; args: { reason: string; source: 'fleet' | 'named' }; line?: number; column?: number }
  | { code: 'file_too_large'; args: { size: number; limit: number } }
  | { code: 'file_symlink_outside'; args: { target: string; where: string } };

const decoder = new TextDecoder('utf-8', { fatal: true });

function failed(reason: string, place: { line?: number; column?: number } = {}): { problem: ReadProblem } {
  return { problem: { code: 'file_read_failed', args: { reason, source: 'fleet' }, ...place } };
}

/** A reason for an errno error that names no absolute path (diagnostics carry fleet-relative paths only). */
export function errnoReason(error: unknown): string {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  switch (code) {
    case 'EACCES':
    case 'EPERM':
      return 'permission denied';
    case 'ENOENT':
      return 'it does not exist (or it disappeared while it was being read)';
    case 'ELOOP':
      return 'it is a symbolic link that loops';
    case 'EISDIR':
      return 'it is a directory';
    case 'EIO':
      return 'an I/O error occurred';
    default: {
      const message = error instanceof Error ? error.message : String(error);
      return message.replace(/, (open|read|lstat|stat|realpath|readlink) '.*'$/, '');
    }
  }
}

function kindOf(info: Stats | BigIntStats): string | undefined {
  if (info.isFile()) return undefined;
  if (info.isDirectory()) return 'it is a directory';
  if (info.isFIFO()) return 'it is a FIFO (named pipe), not a regular file';
  if (info.isSocket()) return 'it is a socket, not a regular file';
  if (info.isCharacterDevice() || info.isBlockDevice()) return 'it is a device, not a regular file';
  return 'it is not a regular file';
}

function isInside(child: string, parent: string): boolean {
  const relative = path.relative(parent, child);
  return relative === '' || (!relative.startsWith(`..${path.sep}`) && relative !== '..' && !path.isAbsolute(relative));
}

/**
 * Why a link whose real target is `real` may not be followed from a fleet
 * whose real root is `root`, or `undefined` when it may: the target must sit
 * in one of `folders` (the input folders) and on no hidden path, so a link
 * never reaches `.git/config` (where actions/checkout keeps its token), a
 * file of the checkout that is not an input, or anything outside it.
 */
export function linkRefusal(real: string, root: string, folders: readonly string[]): string | undefined {
  if (!isInside(real, root)) return 'outside the fleet';
  const segments = path.relative(root, real).split(path.sep);
  if (segments.some((segment) => segment.startsWith('.')))
    return "inside a hidden folder or file of the fleet (such as .git/, which holds the checkout's credentials)";
  if (segments.length < 2 || !folders.includes(segments[0] as string)) return `outside the input folders (${folders.map((f) => `${f}/`).join(', ')})`;
  return undefined;
}

/** The index of the first byte of `bytes` that is not part of well-formed UTF-8 (RFC 3629), or -1. */
export function firstInvalidUtf8(bytes: Uint8Array): number {
  let i = 0;
  while (i < bytes.length) {
    const b = bytes[i] as number;
    if (b < 0x80) {
      i++;
      continue;
    }
    let need: number;
    let min: number;
    if (b >= 0xc2 && b <= 0xdf) [need, min] = [1, 0x80];
    else if (b >= 0xe0 && b <= 0xef) [need, min] = [2, 0x800];
    else if (b >= 0xf0 && b <= 0xf4) [need, min] = [3, 0x10000];
    else return i;
    let code = b & (need === 1 ? 0x1f : need === 2 ? 0x0f : 0x07);
    for (let k = 1; k <= need; k++) {
      const c = bytes[i + k];
      if (c === undefined || (c & 0xc0) !== 0x80) return i;
      code = (code << 6) | (c & 0x3f);
    }
    if (code < min || code > 0x10ffff || (code >= 0xd800 && code <= 0xdfff)) return i;
    i += need + 1;
  }
  return -1;
}

/** The 1-based line and code-point column of byte `offset` in `bytes`, whose prefix up to `offset` is valid UTF-8. */
function bytePosition(bytes: Uint8Array, offset: number): { line: number; column: number } {
  let line = 1;
  let column = 1;
  for (let i = 0; i < offset; i++) {
    const b = bytes[i] as number;
    if (b === 0x0a) {
      line++;
      column = 1;
    } else if ((b & 0xc0) !== 0x80) column++;
  }
  return { line, column };
}

/** Reads at most `limit + 1` bytes of the open regular file `fd`. */
function readCapped(fd: number, expected: number, limit: number): Uint8Array {
  const chunks: Buffer[] = [];
  let total = 0;
  const chunkSize = Math.min(Math.max(expected, 0) + 1, limit + 1, 1 << 20) || 1;
  for (;;) {
    // Only the bytes read are kept, so the buffer need not be zeroed first.
    const buffer = Buffer.allocUnsafe(Math.min(chunkSize, limit + 1 - total));
    const bytesRead = readSync(fd, buffer, 0, buffer.length, null);
    if (bytesRead === 0) break;
    chunks.push(buffer.subarray(0, bytesRead));
    total += bytesRead;
    // A regular file reads short only at its end: no second read to see 0 bytes (a file is `expected` + 1 bytes of room).
    if (total > limit || bytesRead < buffer.length) break;
  }
  return Buffer.concat(chunks, total);
}

/**
 * Reads the file at `absolute` as UTF-8 text (a BOM is kept; `sourceFile`
 * drops it), its size in bytes and the stamp (file-stamp.ts) of the file read. With `root` (the fleet root's real path), a
 * symbolic link is followed only to a regular file inside one of the input
 * folders `folders` (default: SPEC §2's) on no hidden path ({@link linkRefusal});
 * the target is never opened otherwise. Never throws: every failure is a
 * {@link ReadProblem}. A directory, FIFO, socket or device is refused without
 * being opened for reading (so a FIFO never blocks), and so is a file larger
 * than `limit` bytes (default {@link FILE_SIZE_LIMIT}). `listedAsFile`: the
 * caller's directory listing says it is a regular file (no lstat first).
 */
export function readInputFile(
  absolute: string,
  options: { root?: string; folders?: readonly string[]; limit?: number; listedAsFile?: boolean } = {},
): { text: string; bytes: number; stamp: string } | { problem: ReadProblem } {
  const limit = options.limit ?? FILE_SIZE_LIMIT;
  // A file the walk listed as a regular file is opened at once, saving an lstat per file: O_NOFOLLOW refuses it if it
  // has become a link since (read again below, as links are), and the fstat after the open checks what it is.
  if (options.listedAsFile) {
    try {
      return readRegular(absolute, limit);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ELOOP') return failed(errnoReason(error));
    }
  }
  let target = absolute;
  try {
    const link = lstatSync(absolute);
    if (link.isSymbolicLink()) {
      let written = '?';
      try {
        written = readlinkSync(absolute);
      } catch {
        // keep '?'
      }
      let real: string;
      try {
        real = realpathSync(absolute);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return failed(`it is a symbolic link to ${written}, which does not exist`);
        return failed(errnoReason(error));
      }
      const refusal = options.root === undefined ? undefined : linkRefusal(real, options.root, options.folders ?? INPUT_FOLDERS);
      if (refusal !== undefined) return { problem: { code: 'file_symlink_outside', args: { target: written, where: refusal } } };
      const info = statSync(real);
      if (info.isDirectory()) return failed('it is a symbolic link to a folder; the compiler does not follow them');
      const kind = kindOf(info);
      if (kind) return failed(`${kind.replace(/^it is /, 'it is a symbolic link to ')}`);
      target = real;
    } else {
      const kind = kindOf(link);
      if (kind) return failed(kind);
    }
    return readRegular(target, limit);
  } catch (error) {
    return failed(errnoReason(error));
  }
}

/** Opens `target` (never through a link), checks it is a regular file within `limit` bytes, reads and decodes it; errno errors are thrown. */
function readRegular(target: string, limit: number): { text: string; bytes: number; stamp: string } | { problem: ReadProblem } {
  // O_NONBLOCK: should the path have turned into a FIFO since it was listed or lstat'ed, opening it still returns at once.
  const fd = openSync(target, constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK);
  let bytes: Uint8Array;
  let stamp: string;
  try {
    const info = fstatSync(fd, { bigint: true });
    const kind = kindOf(info);
    if (kind) return failed(kind);
    const size = Number(info.size);
    if (size > limit) return { problem: { code: 'file_too_large', args: { size, limit } } };
    stamp = stampOf(info);
    bytes = readCapped(fd, size, limit);
  } finally {
    closeSync(fd);
  }
  if (bytes.length > limit) return { problem: { code: 'file_too_large', args: { size: bytes.length, limit } } };
  if (bytes.length >= 2 && ((bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff)))
    return failed('it is UTF-16, not UTF-8 (it starts with a UTF-16 byte-order mark); save it as UTF-8');
  try {
    return { text: decoder.decode(bytes), bytes: bytes.length, stamp };
  } catch {
    const offset = firstInvalidUtf8(bytes);
    const at = Math.max(offset, 0);
    const shown = (bytes[at] ?? 0).toString(16).toUpperCase().padStart(2, '0');
    return failed(`it is not valid UTF-8 (byte 0x${shown})`, bytePosition(bytes, at));
  }
}
