/**
 * How many inputs a property test draws: `runs`, or at most
 * `DIENE_PROPERTY_RUNS` when it is set (`npm run mutation` sets it, as the
 * property tests run again for every mutant they cover; the whole count runs
 * in the suite).
 */
export function propertyRuns(runs: number): number {
  const most = Number(process.env['DIENE_PROPERTY_RUNS'] ?? '');
  return Number.isSafeInteger(most) && most > 0 ? Math.min(runs, most) : runs;
}
