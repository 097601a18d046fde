/**
 * The diagnostics of an output directory that holds what diene did not write:
 * one `output_foreign_file` per entry (at most
 * {@link FOREIGN_SHOWN}, the last one counting the rest), each naming the entry
 * and how to clear it, or one `output_manifest_invalid`.
 */
import path from 'node:path';
import { MANIFEST_FILE } from '../3-emit/output-manifest.js';
import type { ForeignFinding, OutputForeignError } from '../adapters/filesystem/output-tree.js';
import { diagnose, type Diagnostic } from '../diagnostics/diagnostic.js';

/** The most foreign entries named one by one; a folder diene does not own is one entry, however much it holds. */
export const FOREIGN_SHOWN = 20;

const REASONS: Record<ForeignFinding['reason'], string> = {
  unlisted: `diene writes no such file, and the manifest (${MANIFEST_FILE}) does not list it`,
  changed: `its bytes differ from the digest the manifest (${MANIFEST_FILE}) records for it: it was changed after diene wrote it`,
  unproven: `its bytes differ from what diene writes there, and the directory has no manifest (${MANIFEST_FILE}) to show that diene wrote it (a tree from a diene before the manifest, or one made by hand)`,
  directory: 'it is a folder in which diene writes no file',
  symlink: 'it is a symbolic link, and diene writes only regular files (the link is not followed)',
  special: 'it is a FIFO, socket or device, and diene writes only regular files',
  unreadable: 'it cannot be read, so its bytes cannot be compared with what diene wrote',
  lock: "it stands where diene keeps its lock, and holds something other than a writer's process id",
};

function fix(finding: ForeignFinding, outDir: string): string {
  if (finding.reason === 'lock') return `move ${finding.path} away (or delete it yourself)`;
  if (finding.sibling) return `move ${finding.sibling} away (or delete it yourself): it is not diene's to remove`;
  switch (finding.reason) {
    case 'changed':
      return `if the edit is not wanted, restore the file (e.g. git checkout -- ${finding.path}) or delete it; to keep it, change the fleet's inputs instead`;
    case 'unproven':
      return `if everything in ${outDir} came from diene, delete ${outDir} once and compile again (it then writes a manifest); otherwise move this file out of it`;
    case 'unreadable':
      return `make it readable, or move it out of ${outDir}`;
    default:
      return `move it out of ${outDir} (or delete it yourself if it is not needed)`;
  }
}

/** The diagnostics for `error`, raised while writing `outDir`. */
export function foreignDiagnostics(error: OutputForeignError, outDir: string): Diagnostic[] {
  if (error.manifest) {
    const tree = path.dirname(error.manifest.path);
    return [diagnose({}, 'output_manifest_invalid', { path: error.manifest.path, problem: error.manifest.problem, out: tree })];
  }
  const shown = error.findings.slice(0, FOREIGN_SHOWN);
  const more = error.findings.length - shown.length;
  return shown.map((finding, index) => {
    const rest = more > 0 && index === shown.length - 1 ? `; and ${more} more entries diene did not write, not named here` : '';
    return foreignDiagnostic(finding, outDir, {}, rest);
  });
}

/** The `output_foreign_file` of one entry, placed at `location` (a `--check` finding names the file from the fleet root). */
export function foreignDiagnostic(finding: ForeignFinding, outDir: string, location: { file?: string } = {}, rest = ''): Diagnostic {
  const where = finding.sibling && finding.reason !== 'lock' ? ` (in ${finding.sibling}, where diene keeps the previous tree while it swaps in a new one)` : '';
  return diagnose(location, 'output_foreign_file', { path: finding.path, reason: `${REASONS[finding.reason]}${where}${rest}`, fix: fix(finding, outDir) });
}
