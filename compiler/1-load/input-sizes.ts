/**
 * The byte limits of the inputs (input-limits.ts has the others): what the
 * reader (adapters/filesystem/read-fleet.ts) needs before any file is parsed.
 */

/**
 * The largest input file read, in bytes: 4 MiB. The largest real input is a
 * claim at the 10,000-prefix cap of SPEC §3.4, about 0.6 MB as `diene claim
 * set-paths` writes it and under 4 MB with the longest legal names; a larger
 * file is refused before it is read, so a 50 MB or 1 GB file costs nothing.
 * With VALUE_LIMIT (input-limits.ts) it keeps the parse of any one file within a
 * 256 MB heap (a 10 MB file of short strings ran out of it).
 */
export const FILE_SIZE_LIMIT = 4 * 1024 * 1024;

/**
 * The most bytes all input files of one fleet may hold together: 64 MiB.
 * The per-file limits bound one parse, not a fleet: many files each under
 * them can still exhaust memory together. SPEC §7's largest scale, XL (55,667
 * files), holds 8.9 MB, so the budget leaves it seven times over.
 */
export const TOTAL_SIZE_LIMIT = 64 * 1024 * 1024;

/**
 * The three largest of `sizes` (path and bytes), for the refusal of a fleet over
 * {@link TOTAL_SIZE_LIMIT}: `a.yaml (5000000 bytes), b.yaml (…)`, the largest
 * first and, at equal sizes, by path, so the words are the same in any order read.
 */
export function largestFiles(sizes: readonly { path: string; bytes: number }[]): string {
  return [...sizes]
    .sort((a, b) => b.bytes - a.bytes || (a.path < b.path ? -1 : a.path > b.path ? 1 : 0))
    .slice(0, 3)
    .map(({ path, bytes }) => `${path} (${bytes} bytes)`)
    .join(', ');
}
