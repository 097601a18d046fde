/**
 * "Did you mean …?" for a name that is not one of the known names: the
 * closest known name within a small edit distance (ties broken by sort order,
 * so the suggestion is deterministic).
 */

/**
 * Edit distance between `a` and `b`: insertions, deletions, substitutions and
 * swaps of two neighbouring letters, each one edit (the optimal string
 * alignment distance), so `riachu` is one edit from `raichu`, not two.
 */
export function editDistance(a: string, b: string): number {
  let before: number[] = [];
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      let best = Math.min((previous[j] as number) + 1, (current[j - 1] as number) + 1, (previous[j - 1] as number) + (a[i - 1] === b[j - 1] ? 0 : 1));
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) best = Math.min(best, (before[j - 2] as number) + 1);
      current[j] = best;
    }
    before = previous;
    previous = current;
  }
  return previous[b.length] as number;
}

/** The known name closest to `word` (at most 2 edits, and fewer than half its length), or `undefined`. */
export function closestName(word: string, known: Iterable<string>): string | undefined {
  let best: { name: string; distance: number } | undefined;
  for (const name of [...known].sort()) {
    const distance = editDistance(word.toLowerCase(), name.toLowerCase());
    if (distance > 2 || distance * 2 >= Math.max(word.length, name.length)) continue;
    if (!best || distance < best.distance) best = { name, distance };
  }
  return best?.name;
}
