/**
 * The diagnostics of an output directory that holds what diene did not write:
 * one `output_foreign_file` per entry (at most
 * {@link FOREIGN_SHOWN}, the last one counting the rest), each naming the entry
 * and how to clear it, or one `output_manifest_invalid`, or one
 * `output_location_other_kind` for another command's tree, or one
 * `output_location_unmanaged` for a directory diene never wrote (no manifest):
 * there the likely mistake is `--out`, and advice per file to delete it would
 * cost the user their files.
 *
 * An `output_foreign_file` is placed at its entry, named from the fleet root
 * (the json, github and sarif forms then name it from the repository root), and
 * names paths as the notes do, from the working directory; its hint gives
 * `git checkout HEAD -- <file>` only for a file git can give back.
 */
import path from 'node:path';
import type { ChoiceOf } from '../diagnostics/catalog.js';
import type { ForeignFinding, OutputForeignError } from '../adapters/filesystem/output-tree.js';
import { realOutputPath } from '../adapters/filesystem/output-location.js';
import { filesAtHead } from '../adapters/git/tracked.js';
import { diagnose, type Diagnostic } from '../diagnostics/diagnostic.js';
import { fromFleetRoot, shownPath } from './command.js';

/** The most foreign entries named one by one; a folder diene does not own is one entry, however much it holds. */
export const FOREIGN_SHOWN = 20;

/** The entries named in the one refusal of a directory diene never wrote. */
const UNMANAGED_SHOWN = 3;

/** Where the foreign entries are: the output directory, the fleet root files are named from, and the edited files git can give back. */
export interface ForeignPlace {
  outDir: string;
  root: string;
  tracked: ReadonlySet<string>;
  /** The command writing there, whose hints a refusal gives (compile's when absent). */
  command?: 'compile' | 'atlas';
}

/** The {@link ForeignPlace} of `error`'s entries in `outDir`: which of its edited files are in git's HEAD is read once, here. */
export async function foreignPlace(
  error: OutputForeignError | undefined,
  outDir: string,
  root: string,
  command: 'compile' | 'atlas' = 'compile',
): Promise<ForeignPlace> {
  const edited = (error?.findings ?? []).filter((finding) => finding.reason === 'changed' && !finding.path.endsWith('/')).map((finding) => finding.path);
  return { outDir, root, tracked: edited.length === 0 ? new Set() : await filesAtHead(edited), command };
}

/** Which fix the hint gives for `finding`: its lock, the previous tree it sits in, or by why the entry is foreign (an edit git cannot give back is deleted). */
function fix(finding: ForeignFinding, tracked: ReadonlySet<string>): ChoiceOf<'output_foreign_file', 'fix'> {
  if (finding.reason === 'lock') return 'lock';
  if (finding.sibling) return 'previous';
  if (finding.reason === 'changed') return tracked.has(finding.path) ? 'changed' : 'untracked';
  return finding.reason === 'unproven' || finding.reason === 'unreadable' || finding.reason === 'unvouched' ? finding.reason : 'other';
}

/** `target` as a note names it (shownPath), a folder keeping its trailing `/`. */
function shown(target: string): string {
  return `${shownPath(target)}${target.endsWith('/') ? '/' : ''}`;
}

/** The diagnostics for `error`, raised while writing `place.outDir`. */
export function foreignDiagnostics(error: OutputForeignError, place: ForeignPlace): Diagnostic[] {
  const { outDir } = place;
  const command = place.command ?? 'compile';
  if (error.otherKind) {
    const { found, wanted } = error.otherKind;
    return [diagnose({}, 'output_location_other_kind', { out: outDir, what: found, found, wanted, fix: wanted })];
  }
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
        entries: error.findings.length === 1 ? 'one' : 'many',
        count: error.findings.length,
        examples: examples.join(', ') + (more > 0 ? `, and ${more} more` : ''),
        fix: command === 'atlas' ? (error.outputsFound > 0 ? 'atlas_lost' : 'atlas_stranger') : error.outputsFound > 0 ? 'lost' : 'stranger',
        stops: command,
        found: error.outputsFound,
        manifest: path.join(outDir, '.diene-manifest.json'),
      }),
    ];
  }
  const named = error.findings.slice(0, FOREIGN_SHOWN);
  const more = error.findings.length - named.length;
  return named.map((finding, index) => foreignDiagnostic(finding, place, more > 0 && index === named.length - 1 ? more : 0));
}

/** The `output_foreign_file` of one entry, placed at the entry, named from the fleet root (`/`-separated, a folder ending with `/`). */
export function foreignDiagnostic(finding: ForeignFinding, place: ForeignPlace, more = 0): Diagnostic {
  // The output directory is resolved through symbolic links: so is the fleet root it is named from.
  const file = fromFleetRoot(realOutputPath(place.root), finding.path) + (finding.path.endsWith('/') ? '/' : '');
  return diagnose({ file }, 'output_foreign_file', {
    path: shown(finding.path),
    reason: finding.reason,
    where: finding.sibling && finding.reason !== 'lock' ? 'previous' : 'output',
    sibling: finding.sibling ? shownPath(finding.sibling) : '',
    rest: more > 0 ? 'more' : 'none',
    more,
    fix: fix(finding, place.tracked),
    out: shownPath(place.outDir),
  });
}
