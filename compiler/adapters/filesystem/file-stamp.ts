/**
 * A file's stamp: inode, size, modification and change time in nanoseconds.
 * Any write, rename onto the path, link, unlink or chmod moves the change
 * time, which no tool can set back; so a file whose stamp is the one recorded
 * when its bytes were read still has those bytes, provided the record was
 * taken at least a margin after its last change (cache/output-match.ts
 * `STAMP_MARGIN_MS`: a write in the same clock tick must not hide behind an
 * equal stamp). The output tree's records and the inputs' records both keep
 * stamps in this form.
 */
import { lstatSync } from 'node:fs';

/** The stamp of what a bigint `stat` returned. */
export function stampOf(info: { ino: bigint; size: bigint; ctimeNs: bigint; mtimeNs: bigint }): string {
  return `${info.ino}:${info.size}:${info.mtimeNs}:${info.ctimeNs}`;
}

/** The fields of a stamp: inode, size, modification and change time. */
export function stampFields(stamp: string): { ino: string; size: string; mtimeNs: string; ctimeNs: string } {
  const [ino = '', size = '', mtimeNs = '', ctimeNs = ''] = stamp.split(':');
  return { ino, size, mtimeNs, ctimeNs };
}

/** The stamp of the regular file at `absolute` as `lstat` sees it, or `undefined`. */
export function currentStamp(absolute: string): string | undefined {
  try {
    const info = lstatSync(absolute, { bigint: true });
    return info.isFile() ? stampOf(info) : undefined;
  } catch {
    return undefined;
  }
}

/** Whether `stamp`'s change time is earlier than `margin` milliseconds before `now` (ms since the epoch): a stamp that may be kept. */
export function settledStamp(stamp: string, now: number, margin: number): boolean {
  return BigInt(stampFields(stamp).ctimeNs) < BigInt(now - margin) * 1_000_000n;
}
