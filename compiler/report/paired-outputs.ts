/**
 * The base's and the head's output trees side by side (`diene report
 * --base`), made one output at a time and held only where a reader of the
 * report needs the text: the files that differ, and the base's zone plans
 * (the DNS answers are planned against all of them: user-changes.ts). The
 * comparisons of output-changes.ts and user-changes.ts skip a file whose
 * text is the same on both sides, so they give the same result on these
 * trees as on the whole ones; only the count of files is taken apart.
 *
 * An output whose slice key (3-emit/output-slice.ts) is the same in both
 * plans is made once: the same key, the same bytes. Each head output is
 * compared with the committed tree's file as it is made, so the committed
 * tree is never held either. Text is compared as text throughout, as the
 * whole trees were; digests are made only for the two manifests.
 */
import { fileDigest, manifestText, MANIFEST_FILE } from '../3-emit/output-manifest.js';
import type { OutputPlan } from '../3-emit/output-plan.js';
import { isZonePlanPath } from './user-changes.js';

/** The two trees, reduced to what differs (and the base's zone plans), in path order. */
export interface PairedOutputs {
  /** The base's text of each file that differs from the head's, and of every base zone plan. */
  before: Map<string, string>;
  /** The head's text of each file that differs from the base's, and of every head zone plan the base has the same. */
  after: Map<string, string>;
  /** How many files the head's tree holds, its manifest counted. */
  total: number;
  /** Against the committed tree, when one was given: how many files differ, as output-changes.ts counts them. */
  freshness?: { fresh: boolean; differing: number; total: number };
}

/** How {@link pairOutputs} works. */
export interface PairOptions {
  /** Make every output of both plans, the same keys or not (default false): what a test compares the shortcut with. */
  everyOutput?: boolean;
}

/**
 * `base` and `head` (plans without the manifest; each tree's manifest is
 * made here from its digests) compared file by file, and the head's files
 * compared with `committed` (path → what reads the file; `undefined` when it
 * is gone), when given.
 */
export function pairOutputs(
  base: OutputPlan,
  head: OutputPlan,
  committed?: ReadonlyMap<string, () => string | undefined>,
  options: PairOptions = {},
): PairedOutputs {
  const before = new Map<string, string>();
  const after = new Map<string, string>();
  const baseListing = new Map<string, string>();
  const headListing = new Map<string, string>();
  const stale = new Set<string>();
  const keep = (file: string, was: string | undefined, now: string | undefined): void => {
    if (was === now && !isZonePlanPath(file)) return;
    if (was !== undefined) before.set(file, was);
    if (now !== undefined) after.set(file, now);
  };
  const checkCommitted = (file: string, now: string | undefined): void => {
    if (committed === undefined) return;
    const read = committed.get(file);
    if ((read === undefined ? undefined : read()) !== now) stale.add(file);
  };
  const files = [...new Set([...base.keys(), ...head.keys()])].sort(byPath);
  for (const file of files) {
    const makeWas = base.get(file);
    const makeNow = head.get(file);
    const sameKey = options.everyOutput !== true && makeWas?.slice !== undefined && makeNow?.slice !== undefined && makeWas.slice.key() === makeNow.slice.key();
    const was = makeWas?.();
    const now = sameKey ? was : makeNow?.();
    const wasDigest = was === undefined ? undefined : fileDigest(was);
    if (wasDigest !== undefined) baseListing.set(file, wasDigest);
    if (now !== undefined) headListing.set(file, now === was && wasDigest !== undefined ? wasDigest : fileDigest(now));
    keep(file, was, now);
    if (now !== undefined) checkCommitted(file, now);
  }
  const headManifest = manifestText(headListing);
  keep(MANIFEST_FILE, manifestText(baseListing), headManifest);
  checkCommitted(MANIFEST_FILE, headManifest);
  // Committed files the head does not make: each differs, as one the head removes.
  if (committed !== undefined) for (const [file, read] of committed) if (file !== MANIFEST_FILE && !head.has(file) && read() !== undefined) stale.add(file);
  const total = headListing.size + 1;
  // As output-changes.ts and `compile --check` count: the manifest is one of the files.
  const differing = stale.size;
  return {
    before: sorted(before),
    after: sorted(after),
    total,
    ...(committed !== undefined ? { freshness: { fresh: differing === 0, differing, total } } : {}),
  };
}

function byPath(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

function sorted(map: ReadonlyMap<string, string>): Map<string, string> {
  return new Map([...map].sort(([a], [b]) => byPath(a, b)));
}
