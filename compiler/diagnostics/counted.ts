/**
 * A count with its noun, singular for one and plural otherwise: `1 error`,
 * `2 errors`, `0 virtual landscapes`. Every message and report that counts
 * things uses it, so none says "1 errors".
 */
export function counted(count: number, word: string, plural = `${word}s`): string {
  return `${count} ${count === 1 ? word : plural}`;
}
