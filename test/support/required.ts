/**
 * What a test needs from outside the project (a Debian package, a file under
 * ../shared, an npm package's binary). Outside CI a missing requirement skips
 * the test with its reason; under CI=true it fails the file, naming what is
 * missing, so a CI run without it is never green without testing it.
 */

/** `true` when the test must skip because `missing` names something absent; throws under CI=true. */
export function skipUnlessPresent(missing: string | undefined): boolean {
  if (missing === undefined) return false;
  if (process.env['CI'] === 'true') throw new Error(`CI=true and a test requirement is missing: ${missing}`);
  return true;
}

/** The title suffix that says why a test was skipped, or nothing. */
export function skippedBecause(missing: string | undefined): string {
  return missing === undefined ? '' : ` (skipped: ${missing})`;
}
