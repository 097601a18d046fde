/**
 * The output tree as a plan: every output path with a function that makes its
 * text, so that a writer makes, writes and drops one file at a time instead of
 * holding the whole tree (hundreds of megabytes on a large fleet). Making a
 * file is a pure function of the model: the same plan gives the same bytes
 * whenever, and as often as, a file is made.
 */
import { fileDigest } from './output-manifest.js';
import type { MakeOutput } from './output-slice.js';

export type { MakeOutput } from './output-slice.js';

/** Output path → how to make its text; the manifest is not among them (it is made from the others' digests). */
export type OutputPlan = ReadonlyMap<string, MakeOutput>;

/** Output path → the digest of its text, known without making it (from the key of what it is made from: output-slice.ts). */
export type KnownDigests = ReadonlyMap<string, string>;

/** Every text of `plan`, made now, in the plan's order. */
export function madeOutputs(plan: OutputPlan): Map<string, string> {
  return new Map([...plan].map(([file, make]) => [file, make()]));
}

/** `plan` sorted by path (the order of the manifest, of the writes and of `--check`). */
export function sortedPlan(plan: OutputPlan): Map<string, MakeOutput> {
  return new Map([...plan].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}

/**
 * The listing (path → digest) of `plan`, each digest made only when asked and
 * then kept: the look at a tree before it is replaced asks only for the files
 * whose bytes differ from what its own manifest records (edited since), so it
 * makes almost none; a digest in `known` is not made at all.
 */
export function plannedListing(
  plan: OutputPlan,
  known: KnownDigests = new Map(),
): { has(file: string): boolean; get(file: string): string | undefined; keys(): Iterable<string> } {
  const digests = new Map<string, string>(known);
  return {
    has: (file) => plan.has(file),
    keys: () => plan.keys(),
    get(file) {
      const make = plan.get(file);
      if (make === undefined) return undefined;
      let digest = digests.get(file);
      if (digest === undefined) digests.set(file, (digest = fileDigest(make())));
      return digest;
    },
  };
}

/**
 * The digests of `plan`'s keyed outputs (output-slice.ts) whose key is the
 * one `recorded` holds (path → [slice key, digest], what the last compile
 * made them from): the same slices, the same bytes. Makes the key of every
 * keyed output, recorded or not (each is kept for {@link sliceKeysOf}): a
 * caller that collects garbage next frees what serializing the slices held.
 */
export function knownDigests(plan: OutputPlan, recorded: ReadonlyMap<string, readonly [string, string]>): Map<string, string> {
  const known = new Map<string, string>();
  for (const [file, make] of plan) {
    if (make.slice === undefined) continue;
    const key = make.slice.key();
    const record = recorded.get(file);
    if (record !== undefined && key === record[0]) known.set(file, record[1]);
  }
  return known;
}

/**
 * The digest of every output of `plan`: taken from `known`
 * ({@link knownDigests}) or made and hashed, as long as at most `limit`
 * keyed outputs must be made (the unkeyed one, Argo CD's health checks, a
 * small file, always is); `undefined` past it: so
 * many outputs changed that they are made once, as they are written.
 */
export function listingWithin(plan: OutputPlan, known: KnownDigests, limit: number): Map<string, string> | undefined {
  // Counted before anything is made: past the limit, nothing is made here in vain.
  let keyed = 0;
  for (const [file, make] of plan) if (make.slice !== undefined && !known.has(file) && ++keyed > limit) return undefined;
  const listing = new Map<string, string>();
  for (const [file, make] of plan) listing.set(file, known.get(file) ?? fileDigest(make()));
  return listing;
}

/** Of each keyed output of `plan` that `listing` (path → digest of its text) lists: [slice key, digest], for the next compile's {@link knownDigests}. */
export function sliceKeysOf(plan: OutputPlan, listing: ReadonlyMap<string, string>): Map<string, [string, string]> {
  const keys = new Map<string, [string, string]>();
  for (const [file, make] of plan) {
    const digest = listing.get(file);
    if (digest !== undefined && make.slice !== undefined) keys.set(file, [make.slice.key(), digest]);
  }
  return keys;
}
