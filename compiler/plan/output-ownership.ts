/**
 * Which entries of an output tree diene wrote (the output tree never
 * loses what diene did not write). Pure: the filesystem adapter walks the
 * tree and asks these rules about each entry.
 *
 * Terms: `recorded` is the listing of the tree's own manifest (path → digest;
 * `undefined` when the tree has none, e.g. one written by a diene before the
 * manifest existed, or a folder made by hand); `wanted` is the listing of the
 * tree about to be written. A regular file is diene's when either listing
 * gives its path with its digest: bytes diene wrote, or the very bytes it is
 * about to write there (so replacing them loses nothing). A directory is
 * diene's when either listing has a file below it. Symbolic links, FIFOs,
 * sockets and devices are never diene's: it writes only regular files.
 *
 * The manifest is sealed with a digest anyone can recompute, so a manifest
 * edited and re-sealed by hand can list a hand-written file with its true
 * digest. `vouched`, when given, is what diene has beyond the manifest: the
 * files (path and digest) the last write into this directory made, by the
 * record of the last write (kept in the user's state folder, with or without a cache), and the files whose very bytes git keeps. A file
 * the new tree replaces with other bytes or drops is then diene's only when
 * `vouched` holds it with that digest; without `vouched` (no record: no
 * cache, or none kept yet for this directory) the manifest alone decides. A
 * file whose bytes the new tree has at its path needs no vouching: replacing
 * it loses nothing.
 */

/** Why an entry is not diene's. */
export type ForeignReason =
  /** a file that no listing names */
  | 'unlisted'
  /** a file the tree's manifest lists, whose bytes differ from the digest it records and from what diene writes now */
  | 'changed'
  /** a file the tree's manifest lists with its digest, which the last write into the directory did not make and whose bytes git does not keep */
  | 'unvouched'
  /** a file in a tree without a manifest, whose bytes differ from what diene writes at that path now */
  | 'unproven'
  /** a folder in which no listing has a file */
  | 'directory'
  | 'symlink'
  /** a FIFO, socket or device */
  | 'special'
  /** a listed file that cannot be read to compare its digest */
  | 'unreadable';

/** An entry diene did not write: its path relative to the tree (a folder ends with `/`), and why. */
export interface ForeignEntry {
  path: string;
  reason: ForeignReason;
  /** For an `unvouched` file: the digest of its bytes (the one the manifest gives it). */
  digest?: string;
}

/**
 * A listing: path → digest. A `Map` is one; so is the listing of an output
 * plan whose digests are made only when asked (3-emit/output-plan.ts).
 */
export interface Listing {
  has(path: string): boolean;
  get(path: string): string | undefined;
  keys(): Iterable<string>;
}

/** What shows beside the manifest that diene wrote a file: a set of {@link vouchKey}s (a path may have several digests). */
export type Vouched = ReadonlySet<string>;

/** The key of `path` with bytes of digest `digest` in a {@link Vouched} set. */
export function vouchKey(path: string, digest: string): string {
  return `${digest} ${path}`;
}

/** The rules for one tree; see {@link ownershipRules}. */
export interface OwnershipRules {
  /** True when a folder at `path` holds (or will hold) a file diene wrote, so the walk goes into it. */
  ownsDirectory(path: string): boolean;
  /** True when a listing names `path`: only such files are worth reading. */
  listed(path: string): boolean;
  /** Why the regular file at `path`, with bytes of digest `digest` (`undefined`: not read), is not diene's; `undefined` when it is. */
  judgeFile(path: string, digest: string | undefined): ForeignReason | undefined;
}

/** Every folder above each path of `listings` (`a/b/c.json` → `a`, `a/b`). */
function ancestors(listings: readonly (Listing | undefined)[]): Set<string> {
  const folders = new Set<string>();
  for (const listing of listings) {
    for (const file of listing?.keys() ?? []) {
      for (let end = file.indexOf('/'); end !== -1; end = file.indexOf('/', end + 1)) folders.add(file.slice(0, end));
    }
  }
  return folders;
}

/**
 * The ownership rules of a tree whose manifest lists `recorded` (or which has
 * none), about to be replaced by `wanted` (or by nothing, for a tree that is
 * only removed). With `checkContent: false` a listed file is diene's whatever
 * its bytes: for the staging folder of a killed run, whose last file may be
 * cut short, and for a quick look before the bytes are read. With `vouched`
 * (see above), a file whose bytes are not the wanted ones is diene's only
 * when `vouched` holds it with the digest `recorded` gives it.
 */
export function ownershipRules(
  recorded: ReadonlyMap<string, string> | undefined,
  wanted: Listing | undefined,
  options: { checkContent: boolean; vouched?: Vouched },
): OwnershipRules {
  const folders = ancestors([recorded, wanted]);
  const listed = (path: string): boolean => recorded?.has(path) === true || wanted?.has(path) === true;
  return {
    ownsDirectory: (path) => folders.has(path),
    listed,
    judgeFile(path, digest) {
      if (!listed(path)) return 'unlisted';
      if (!options.checkContent || digest === undefined) return undefined;
      // The recorded digest first: a planned listing makes an output's text to give its digest.
      if (recorded?.get(path) === digest) {
        if (options.vouched === undefined || options.vouched.has(vouchKey(path, digest))) return undefined;
        return wanted?.get(path) === digest ? undefined : 'unvouched';
      }
      if (wanted?.get(path) === digest) return undefined;
      if (recorded === undefined) return 'unproven';
      return recorded.has(path) ? 'changed' : 'unlisted';
    },
  };
}
