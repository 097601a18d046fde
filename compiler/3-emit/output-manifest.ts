/**
 * The output manifest: `.diene-manifest.json` at the top of the
 * output tree records every file `diene compile` wrote there and the SHA-256
 * of its bytes, so that a later compile replaces only what diene wrote and
 * refuses to delete anything else (a hand-written file at any depth, a file
 * edited after diene wrote it, a symbolic link).
 *
 * Format, canonical JSON like every JSON output (sorted keys, two spaces, a
 * final newline, no comment):
 *
 *   {"digest": "sha256:<hex>", "files": {"<path>": "sha256:<hex>", …}, "version": 1}
 *
 * `files` maps each path (relative to the output directory, `/`-separated,
 * the manifest itself left out) to the digest of its bytes; `digest` is the
 * SHA-256 of `{files, version}` in RFC 8785 canonical JSON, so a manifest
 * edited by hand (an entry added, a digest changed) no longer matches itself.
 * The manifest is a pure function of the other outputs: the same inputs give
 * the same bytes, and `--check` and the goldens compare it like any output.
 *
 * A tree another command writes with the same writer (`diene atlas`'s site)
 * carries `"kind": "<command>"` (first, as `kind` comes first in every JSON
 * output), inside what `digest` covers; a compile's manifest has no `kind`. The writer refuses a folder whose
 * manifest is of another kind, so one command never replaces the other's tree.
 */
import { createHash } from 'node:crypto';
import { canonicalJsonText } from './book-digest.js';
import { toJson } from './serialize.js';

/** The manifest's name at the top of the output directory. */
export const MANIFEST_FILE = '.diene-manifest.json';

/** The manifest format this compiler writes and reads. */
export const MANIFEST_VERSION = 1;

const DIGEST = /^sha256:[0-9a-f]{64}$/;

/** Which command's tree a manifest lists: a compile's output, or `diene atlas`'s site. */
export type TreeKind = 'compile' | 'atlas';

/** The kinds a manifest may name in its `kind` field (a compile's names none). */
const NAMED_KINDS: readonly TreeKind[] = ['atlas'];

/** `sha256:<lower-case hex>` of `bytes` (a string counts as its UTF-8 bytes). */
export function fileDigest(bytes: string | Uint8Array): string {
  return `sha256:${createHash('sha256').update(bytes).digest('hex')}`;
}

/** The manifest's text for a listing of path → digest (any order), of a tree of `kind` (a compile's by default). */
export function manifestText(files: ReadonlyMap<string, string>, kind: TreeKind = 'compile'): string {
  const listing = Object.fromEntries([...files].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
  const content = kind === 'compile' ? { files: listing, version: MANIFEST_VERSION } : { files: listing, kind, version: MANIFEST_VERSION };
  return toJson({ ...content, digest: fileDigest(canonicalJsonText(content)) });
}

/** `outputs` (path → text, the manifest absent) with the manifest of them added, sorted by path. */
export function withOutputManifest(outputs: ReadonlyMap<string, string>): Map<string, string> {
  const digests = new Map([...outputs].map(([file, text]) => [file, fileDigest(text)]));
  const all = new Map(outputs).set(MANIFEST_FILE, manifestText(digests));
  return new Map([...all].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}

/** True when `file` is a path a manifest may list: relative, `/`-separated, no empty, `.` or `..` segment, not the manifest. */
export function isManifestPath(file: string): boolean {
  if (file === MANIFEST_FILE || file.length === 0 || file.length > 4096 || file.includes('\\') || file.includes('\0')) return false;
  return file.split('/').every((segment) => segment !== '' && segment !== '.' && segment !== '..');
}

/** A manifest read back: its listing, or why it cannot be trusted. */
export type ParsedManifest = { files: Map<string, string>; kind: TreeKind } | ManifestProblem;

/** Why a manifest cannot be trusted; `conflict` when git left merge conflict markers in it. */
export interface ManifestProblem {
  problem: string;
  conflict?: true;
}

/** A line git writes where a merge conflict starts. */
const CONFLICT_MARKER = /^<{7} /m;

/**
 * Reads a manifest's text. Trusted only when it is exactly what
 * {@link manifestText} writes for its own listing: any hand edit (reformatted,
 * an entry added or removed, a digest changed) gives a `problem` saying what
 * is wrong. Never throws.
 */
export function parseOutputManifest(text: string): ParsedManifest {
  if (CONFLICT_MARKER.test(text)) return { problem: 'holds git merge conflict markers (<<<<<<<)', conflict: true };
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { problem: 'is not JSON' };
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return { problem: 'is not a JSON object' };
  const { files, version, kind: named } = value as { files?: unknown; version?: unknown; kind?: unknown };
  const kind = named === undefined ? 'compile' : NAMED_KINDS.find((k) => k === named);
  if (kind === undefined) return { problem: `has kind ${JSON.stringify(named)}, which no diene command writes` };
  if (version !== MANIFEST_VERSION) return { problem: `has version ${JSON.stringify(version) ?? 'none'}, and this diene reads version ${MANIFEST_VERSION}` };
  if (files === null || typeof files !== 'object' || Array.isArray(files)) return { problem: 'has no "files" object' };
  const listing = new Map<string, string>();
  for (const [file, digest] of Object.entries(files as Record<string, unknown>)) {
    if (!isManifestPath(file)) return { problem: `lists ${JSON.stringify(file)}, which is not a path inside the output directory` };
    if (typeof digest !== 'string' || !DIGEST.test(digest)) return { problem: `gives ${JSON.stringify(file)} a digest that is not sha256:<64 hex digits>` };
    listing.set(file, digest);
  }
  if (manifestText(listing, kind) !== text)
    return { problem: 'was edited by hand: it is not the text diene writes for its own listing (its digest or its layout differs)' };
  return { files: listing, kind };
}
