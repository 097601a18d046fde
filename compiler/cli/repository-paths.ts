/**
 * Paths as the repository sees them. Diagnostics name files relative to the
 * fleet root; GitHub annotations, SARIF results and the step summary need
 * them relative to the repository root, which differs when the fleet is a
 * folder of a larger repository. The prefix is `--path-prefix` when given,
 * else the fleet's folder below the nearest enclosing git work tree (the
 * folder holding `.git`, a directory or a worktree's file, as
 * `git rev-parse --show-toplevel` finds it), else nothing.
 *
 * A file outside the repository (an `--out` beside it: absolute, or `../x`
 * from its root) has no place there: GitHub cannot put an annotation on it, nor a SARIF
 * viewer a result. Its diagnostic loses its place in those forms, and its
 * message carries the file's path, line and column instead (a `--base`
 * checkout's file), unless it names the file already (output_foreign_file,
 * output_stale).
 */
import path from 'node:path';
import { gitTopLevel, isDirectory, pathExists } from '../adapters/filesystem/files.js';
import type { Diagnostic, Finding } from '../diagnostics/diagnostic.js';
import { invalidValue, stringOption, type OptionValues } from './command.js';

/** `prefix` in the one form used: `/`-separated, no `./`, ending with `/`, or '' for the repository root. */
function normalized(prefix: string): string {
  const clean = path.posix.normalize(prefix.split(path.sep).join('/')).replace(/\/+$/, '');
  return clean === '.' || clean === '' ? '' : `${clean}/`;
}

/**
 * The fleet folder `root` as a path from the repository root ('' or ending
 * with `/`). Throws {@link UsageError} for a `--path-prefix` that leaves the
 * repository (absolute, or climbing out with `..`).
 */
export function repositoryPrefix(root: string, values: OptionValues): string {
  const flag = stringOption(values, 'path-prefix');
  if (flag !== undefined) {
    const prefix = normalized(flag);
    if (path.posix.isAbsolute(prefix) || path.win32.isAbsolute(flag) || prefix === '../' || prefix.startsWith('../'))
      throw invalidValue('--path-prefix', flag, 'a folder relative to the repository root', '--path-prefix fleets/prod');
    return prefix;
  }
  const top = gitTopLevel(root);
  return top === undefined ? '' : normalized(path.relative(top, root));
}

/** `file` (relative to the fleet root) relative to the repository root; a file outside the fleet, named by its absolute path, stays so. */
export function rootedPath(prefix: string, file: string): string {
  return prefix && !path.posix.isAbsolute(file) && !path.win32.isAbsolute(file) ? path.posix.normalize(`${prefix}${file}`) : file;
}

/** Whether `file`, relative to the repository root, lies outside the repository (or is absolute). */
export function outsideRepository(file: string): boolean {
  return path.posix.isAbsolute(file) || path.win32.isAbsolute(file) || file === '..' || file.startsWith('../');
}

/**
 * `diagnostics` with their files (and related places) relative to the
 * repository root. A file outside the repository loses its place (file, line
 * and column) unless `keepOutside`: the github and sarif forms cannot use it;
 * the text and json forms, for a person or a script, keep it.
 */
export function rootedDiagnostics(diagnostics: readonly Diagnostic[], prefix: string, keepOutside = false): Diagnostic[] {
  const rooted = (file: string | null) => (file === null ? null : rootedPath(prefix, file));
  const placed = (file: string | null) => keepOutside || file === null || !outsideRepository(file);
  const nowhere = { file: null, line: null, column: null, endLine: null, endColumn: null };
  return diagnostics.map((d) => {
    const file = rooted(d.file);
    return {
      ...d,
      ...(placed(file) ? { file } : { ...nowhere, message: withPlace(d.message, file, d.line, d.column) }),
      related: d.related.map((r) => {
        const at = rooted(r.file);
        return placed(at) ? { ...r, file: at } : { ...r, file: null, line: null, column: null, message: withPlace(r.message, at, r.line, r.column) };
      }),
    };
  });
}

/**
 * `message` of a finding whose file lies outside the repository, carrying that
 * file by its absolute path, line and column (`/home/me/base/registry/…:6:10: …`),
 * the place the form cannot hold; unchanged when the message names the file already.
 */
function withPlace(message: string, file: string | null, line: number | null, column: number | null): string {
  if (file === null || message.includes(file)) return message;
  const place = [file, ...(line === null ? [] : [line, ...(column === null ? [] : [column])])].join(':');
  return `${place}: ${message}`;
}

/**
 * Why `--base path` (resolved to `root`) is not a fleet, as a finding, or
 * `undefined` when it is one. `prefix` is the head fleet's folder in its git
 * repository ('' at its top, or outside git): a fleet in a subfolder is
 * looked for at the same subfolder of the base checkout, and the hint names it.
 * `command` says what leaving `--base` out does.
 */
export function whyBaseNotFleet(
  root: string,
  shown: string,
  prefix: string,
  command: 'compile' | 'report' | 'atlas',
): Finding<'base_missing' | 'base_not_fleet'> | undefined {
  const folder = prefix.replace(/\/$/, '');
  const fix = { fix: prefix === '' ? ('top' as const) : ('nested' as const), prefix: folder, suggested: path.join(shown, folder), without: command };
  if (!pathExists(root)) return { code: 'base_missing', args: { path: shown, ...fix } };
  if (!isDirectory(root)) return { code: 'base_not_fleet', args: { path: shown, what: 'is a file, not a folder', ...fix } };
  if (!pathExists(path.join(root, 'registry', 'fleet.yaml')))
    return { code: 'base_not_fleet', args: { path: shown, what: 'has no registry/fleet.yaml', ...fix } };
  return undefined;
}
