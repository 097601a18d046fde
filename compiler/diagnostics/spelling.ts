/**
 * "Did you mean …?" for a name that is not one of the known names: the
 * closest known name within a small edit distance (ties broken by sort order,
 * so the suggestion is deterministic).
 */

/**
 * Edit distance between `a` and `b`: insertions, deletions, substitutions and
 * swaps of two neighbouring letters, each one edit (the optimal string
 * alignment distance), so `riachu` is one edit from `raichu`, not two. Past
 * `limit` it stops early and answers `limit + 1` (no row of the table has a
 * smaller least value than the row before it, so the distance can only be
 * greater).
 */
export function editDistance(a: string, b: string, limit = Infinity): number {
  if (Math.abs(a.length - b.length) > limit) return limit + 1;
  let before: number[] = [];
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    let least = i;
    for (let j = 1; j <= b.length; j++) {
      let best = Math.min((previous[j] as number) + 1, (current[j - 1] as number) + 1, (previous[j - 1] as number) + (a[i - 1] === b[j - 1] ? 0 : 1));
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) best = Math.min(best, (before[j - 2] as number) + 1);
      current[j] = best;
      least = Math.min(least, best);
    }
    if (least > limit) return limit + 1;
    before = previous;
    previous = current;
  }
  return previous[b.length] as number;
}

/** The most edits a suggestion may be away from the word it is for. */
const MOST_EDITS = 2;

/** The known name closest to `word` (at most 2 edits, and fewer than half its length), or `undefined`. */
export function closestName(word: string, known: Iterable<string>): string | undefined {
  let best: { name: string; distance: number } | undefined;
  for (const name of [...known].sort()) {
    const distance = editDistance(word.toLowerCase(), name.toLowerCase(), MOST_EDITS);
    if (distance > MOST_EDITS || distance * 2 >= Math.max(word.length, name.length)) continue;
    if (!best || distance < best.distance) best = { name, distance };
  }
  return best?.name;
}
