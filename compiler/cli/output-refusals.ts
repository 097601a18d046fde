/**
 * The diagnostics of an output directory that holds what diene did not write:
 * one `output_foreign_file` per entry (at most
 * {@link FOREIGN_SHOWN}, the last one counting the rest), each naming the entry
 * and how to clear it, or one `output_manifest_invalid`, or one
 * `output_location_unmanaged` for a directory diene never wrote (no manifest):
 * there the likely mistake is `--out`, and advice per file to delete it would
 * cost the user their files.
 */
import path from 'node:path';
import type { ChoiceOf } from '../diagnostics/catalog.js';
import type { ForeignFinding, OutputForeignError } from '../adapters/filesystem/output-tree.js';
import { diagnose, type Diagnostic } from '../diagnostics/diagnostic.js';

/** The most foreign entries named one by one; a folder diene does not own is one entry, however much it holds. */
export const FOREIGN_SHOWN = 20;

/** The entries named in the one refusal of a directory diene never wrote. */
const UNMANAGED_SHOWN = 3;

/** Which fix the hint gives for `finding`: its lock, the previous tree it sits in, or by why the entry is foreign. */
function fix(finding: ForeignFinding): ChoiceOf<'output_foreign_file', 'fix'> {
  if (finding.reason === 'lock') return 'lock';
  if (finding.sibling) return 'previous';
  return finding.reason === 'changed' || finding.reason === 'unproven' || finding.reason === 'unreadable' ? finding.reason : 'other';
}

/** The diagnostics for `error`, raised while writing `outDir`. */
export function foreignDiagnostics(error: OutputForeignError, outDir: string): Diagnostic[] {
  if (error.manifest) {
    const tree = path.dirname(error.manifest.path);
    const fix = error.manifest.conflict ? 'conflict' : 'restore';
    return [diagnose({}, 'output_manifest_invalid', { path: error.manifest.path, problem: error.manifest.problem, out: tree, fix })];
  }
  if (error.unmanaged && error.findings.length > 0) {
    // Named from the directory, a folder keeping its trailing `/`.
    const examples = error.findings
      .slice(0, UNMANAGED_SHOWN)
      .map((finding) => `${path.relative(outDir, finding.path) || finding.path}${finding.path.endsWith('/') ? '/' : ''}`);
    const more = error.findings.length - examples.length;
    return [
      diagnose({}, 'output_location_unmanaged', {
        out: outDir,
        count: error.findings.length,
        examples: examples.join(', ') + (more > 0 ? `, and ${more} more` : ''),
      }),
    ];
  }
  const shown = error.findings.slice(0, FOREIGN_SHOWN);
  const more = error.findings.length - shown.length;
  return shown.map((finding, index) => foreignDiagnostic(finding, outDir, {}, more > 0 && index === shown.length - 1 ? more : 0));
}

/** The `output_foreign_file` of one entry, placed at `location` (a `--check` finding names the file from the fleet root). */
export function foreignDiagnostic(finding: ForeignFinding, outDir: string, location: { file?: string } = {}, more = 0): Diagnostic {
  return diagnose(location, 'output_foreign_file', {
    path: finding.path,
    reason: finding.reason,
    where: finding.sibling && finding.reason !== 'lock' ? 'previous' : 'output',
    sibling: finding.sibling ?? '',
    rest: more > 0 ? 'more' : 'none',
    more,
    fix: fix(finding),
    out: outDir,
  });
}
