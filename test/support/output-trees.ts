/**
 * Helpers of the output-directory tests (issues 9 and 14): trees compared
 * whole, the litter a run may leave beside its output, and a snapshot of a
 * folder precise enough to show any rename, rewrite, removal or mode change.
 */
import { createHash } from 'node:crypto';
import { lstatSync, readdirSync, readFileSync, readlinkSync } from 'node:fs';
import path from 'node:path';
import type { Diagnostic } from '../../compiler/diagnostics/diagnostic.js';
import { jsonDiagnostics } from './bounded-cli.js';

/** An output tree: relative path → text. */
export type Tree = Map<string, string>;

/** True when both trees hold the same paths with the same texts. */
export function sameTree(a: Tree, b: Tree): boolean {
  return a.size === b.size && [...a].every(([file, text]) => b.get(file) === text);
}

/** Hidden siblings a run leaves beside `out` while it works: its lock, staging folders and the previous tree. */
export function litter(out: string): string[] {
  const base = path.basename(out);
  return readdirSync(path.dirname(out)).filter((name) => name.startsWith(`.${base}.`));
}

/**
 * Every entry below `dir` (relative path → kind, bytes' digest or link target,
 * mode, inode, change and modification times). Equal snapshots mean nothing
 * was written, renamed, removed, re-created or chmodded; reading leaves them
 * equal (access times are left out).
 */
export function snapshot(dir: string): Record<string, string> {
  const found: Record<string, string> = {};
  const walk = (absolute: string, relative: string): void => {
    const info = lstatSync(absolute);
    const stamp = `mode ${(info.mode & 0o7777).toString(8)} ino ${info.ino} ctime ${info.ctimeMs} mtime ${info.mtimeMs}`;
    if (info.isSymbolicLink()) found[relative] = `link → ${readlinkSync(absolute)}, ${stamp}`;
    else if (info.isFile()) found[relative] = `file ${createHash('sha256').update(readFileSync(absolute)).digest('hex')}, ${stamp}`;
    else if (info.isDirectory()) {
      found[relative] = `folder, ${stamp}`;
      for (const name of readdirSync(absolute)) walk(path.join(absolute, name), relative === '' ? name : `${relative}/${name}`);
    } else found[relative] = `special, ${stamp}`;
  };
  walk(dir, '');
  return found;
}

/** `code: message` of every error of a `--format json` run. */
export function errorLines(run: { stdout: string; stderr: string }): string[] {
  return jsonDiagnostics(run)
    .filter((d: Diagnostic) => d.severity === 'error')
    .map((d) => `${d.code}: ${d.message}`);
}
