/**
 * The outputs a claim write commits beside the claim (`diene claim
 * set-paths`, docs/path-routing.md "Generated files in the repository"): when
 * the fleet keeps its output folder in git, the branch's committed outputs
 * are compared with a compile of the branch with the new claim, and every
 * output that differs is written, every output diene wrote before that the
 * compile no longer makes is removed, so `diene compile --check` passes on
 * the branch after the write. Pure: texts in, changes out.
 */
import { MANIFEST_FILE, parseOutputManifest } from '../3-emit/output-manifest.js';

/** The output folder the write door keeps in step: `diene compile`'s default, `generated/` at the fleet root. */
export const OUTPUT_FOLDER = 'generated';

/** The committed manifest's path from the repository's top: its presence says the fleet keeps its outputs in git. */
export const COMMITTED_MANIFEST = `${OUTPUT_FOLDER}/${MANIFEST_FILE}`;

/** One output file of a write: its path from the repository's top, and its new text (`null`: removed). */
export interface OutputChange {
  path: string;
  text: string | null;
  /** As `git status --short` marks it: `A` new, `M` changed, `D` removed. */
  mark: 'A' | 'M' | 'D';
}

/**
 * What turns the committed output folder into `outputs` (path in the output
 * folder → text, the manifest included): each output whose committed text
 * differs or is missing, and each committed file the committed manifest lists
 * that `outputs` no longer holds. A file the manifest does not list (not
 * diene's) is never removed. Sorted by path.
 */
export function outputChanges(outputs: ReadonlyMap<string, string>, committed: ReadonlyMap<string, string>): OutputChange[] {
  const changes: OutputChange[] = [];
  for (const [file, text] of outputs) {
    const at = `${OUTPUT_FOLDER}/${file}`;
    const before = committed.get(at);
    if (before !== text) changes.push({ path: at, text, mark: before === undefined ? 'A' : 'M' });
  }
  const manifest = committed.get(COMMITTED_MANIFEST);
  const listed = manifest === undefined ? undefined : parseOutputManifest(manifest);
  if (listed && 'files' in listed)
    for (const file of listed.files.keys()) {
      const at = `${OUTPUT_FOLDER}/${file}`;
      if (!outputs.has(file) && committed.has(at)) changes.push({ path: at, text: null, mark: 'D' });
    }
  return changes.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}

/** The lines the commit message adds for `changes`: a count, then one line each, `<mark> <path>`. */
export function outputsMessage(changes: readonly OutputChange[]): string {
  if (changes.length === 0) return '';
  const lines = changes.map((change) => `${change.mark} ${change.path}`);
  return `outputs: ${changes.length} (diene compile, committed with the claim)\n${lines.join('\n')}\n`;
}
