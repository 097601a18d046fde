/**
 * Input files known by their stamps. A compile that uses the cache keeps, per
 * fleet folder, each input's stamp (adapters/filesystem/file-stamp.ts) with the SHA-256
 * of its text and its length: the next run lists the input folders, takes an
 * `lstat` of each file, and for a file whose stamp is the recorded one knows
 * its text's digest without opening it. The digest is all the cache key and
 * the per-file records (file-records.ts) need, so a run with one file changed
 * reads that file and the few whose text a check looks at (the registry's
 * documents), not 55,000.
 *
 * A stamp is kept only when the file last changed at least
 * {@link INPUT_STAMP_MARGIN_MS} before the run began: a write in the same
 * clock tick as the read must not hide behind an equal stamp, and a write
 * through a shared memory mapping moves the file's times only on the first
 * write to a clean page; a page stays dirty until the kernel writes it back
 * (about 35 s by Linux's defaults), and writes to it meanwhile move nothing.
 * A known file whose text is read after all (a finding to place) is hashed
 * again: a text that is no longer the known one stops the run
 * ({@link InputChangedError}, `file_changed_while_compiling`), since what was
 * compiled from the record may not be what the file now says.
 */
import type { SourceFile } from '../1-load/source-file.js';
import { settledStamp } from '../adapters/filesystem/file-stamp.js';
import { textDigest, type KnownInput } from '../adapters/filesystem/known-inputs.js';

/**
 * How long before a run an input must have last changed for its stamp to be
 * kept: past the kernel's writeback of a page written through a mapping
 * (vm.dirty_expire_centisecs 30 s, plus the 5 s flusher period), with room.
 */
export const INPUT_STAMP_MARGIN_MS = 60_000;

/**
 * What the next run may know of this run's inputs (path → {@link KnownInput}),
 * or `undefined` when the record in place (`recorded`) needs no rewrite: no
 * file read this run has a stamp to keep and no recorded file is gone. `files`
 * are the inputs as read, `stamps` the stamps the reader took of the regular
 * files it read or knew, `began` when the reading began (ms since the
 * epoch). A recorded entry whose stamp moved stays until the next rewrite
 * (it can never match again); a rewrite drops it.
 */
export function inputStampsToKeep(
  files: readonly SourceFile[],
  stamps: ReadonlyMap<string, string>,
  recorded: ReadonlyMap<string, KnownInput>,
  began: number,
): Map<string, KnownInput> | undefined {
  const kept = new Map<string, KnownInput>();
  let added = false;
  for (const file of files) {
    const stamp = stamps.get(file.path);
    if (stamp === undefined || file.unreadable) continue;
    if (file.known) kept.set(file.path, { stamp, text: file.known });
    else if (settledStamp(stamp, began, INPUT_STAMP_MARGIN_MS)) {
      kept.set(file.path, { stamp, text: { digest: textDigest(file), units: file.text.length, bytes: Buffer.byteLength(file.text, 'utf8') } });
      added = true;
    }
  }
  const gone = [...recorded.keys()].some((file) => !stamps.has(file));
  return added || gone ? kept : undefined;
}
