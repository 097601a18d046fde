/**
 * Input files known by their stamps (filesystem/file-stamp.ts): what the
 * compile cache recorded of an input (compiler/incremental/input-stamps.ts),
 * its text's digest and length, stands for its text, which is then not
 * opened. A known file whose text is read after all (a finding to place) is
 * hashed again: a text that is no longer the known one stops the run
 * ({@link InputChangedError}, `file_changed_while_compiling`), since what was
 * compiled from the record may not be what the file now says.
 */
import { hash } from 'node:crypto';
import type { KnownText, SourceFile } from '../../1-load/source-file.js';

/** What a cache keeps of one input: its stamp and what its text was when the stamp was taken. */
export interface KnownInput {
  readonly stamp: string;
  readonly text: KnownText;
}

const digests = new WeakMap<SourceFile, string>();

/** The SHA-256 (hex) of a text as {@link KnownText} keeps it. */
export function digestOfText(text: string): string {
  return hash('sha256', text, 'hex');
}

/** The SHA-256 (hex) of `file`'s text (BOM removed): the known one, else hashed once per file object. */
export function textDigest(file: SourceFile): string {
  if (file.known) return file.known.digest;
  let digest = digests.get(file);
  if (digest === undefined) {
    digest = digestOfText(file.text);
    digests.set(file, digest);
  }
  return digest;
}

/** A known input whose text, read after all, is not the known one or cannot be read: the run stops with `file_changed_while_compiling`. */
export class InputChangedError extends Error {
  constructor(
    /** The file's path in the fleet. */
    readonly file: string,
    readonly how: 'changed' | 'unreadable',
  ) {
    super(`${file} changed while it was compiled (${how})`);
  }
}
