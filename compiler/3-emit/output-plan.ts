/**
 * The output tree as a plan: every output path with a function that makes its
 * text, so that a writer makes, writes and drops one file at a time instead of
 * holding the whole tree (hundreds of megabytes on a large fleet). Making a
 * file is a pure function of the model: the same plan gives the same bytes
 * whenever, and as often as, a file is made.
 */
import { fileDigest } from './output-manifest.js';

/** Output path → how to make its text; the manifest is not among them (it is made from the others' digests). */
export type OutputPlan = ReadonlyMap<string, () => string>;

/** Every text of `plan`, made now, in the plan's order. */
export function madeOutputs(plan: OutputPlan): Map<string, string> {
  return new Map([...plan].map(([file, make]) => [file, make()]));
}

/** `plan` sorted by path (the order of the manifest, of the writes and of `--check`). */
export function sortedPlan(plan: OutputPlan): Map<string, () => string> {
  return new Map([...plan].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}

/**
 * The listing (path → digest) of `plan`, each digest made only when asked and
 * then kept: the look at a tree before it is replaced asks only for the files
 * whose bytes differ from what its own manifest records (edited since), so it
 * makes almost none.
 */
export function plannedListing(plan: OutputPlan): { has(file: string): boolean; get(file: string): string | undefined; keys(): Iterable<string> } {
  const digests = new Map<string, string>();
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
