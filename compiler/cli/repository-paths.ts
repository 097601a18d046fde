/**
 * Paths as the repository sees them. Diagnostics name files relative to the
 * fleet root; GitHub annotations, SARIF results and the step summary need
 * them relative to the repository root, which differs when the fleet is a
 * folder of a larger repository. The prefix is `--path-prefix` when given,
 * else the fleet's folder below the nearest enclosing git work tree (the
 * folder holding `.git`, a directory or a worktree's file, as
 * `git rev-parse --show-toplevel` finds it), else nothing.
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

/** `file` (relative to the fleet root) relative to the repository root. */
export function rootedPath(prefix: string, file: string): string {
  return prefix ? path.posix.normalize(`${prefix}${file}`) : file;
}

/** `diagnostics` with their files (and related places) relative to the repository root. */
export function rootedDiagnostics(diagnostics: readonly Diagnostic[], prefix: string): Diagnostic[] {
  if (!prefix) return [...diagnostics];
  return diagnostics.map((d) => ({
    ...d,
    file: d.file === null ? null : rootedPath(prefix, d.file),
    related: d.related.map((r) => ({ ...r, file: r.file === null ? null : rootedPath(prefix, r.file) })),
  }));
}

/**
 * Why `--base path` (resolved to `root`) is not a fleet, as a finding, or
 * `undefined` when it is one. `prefix` is the head fleet's folder in its git
 * repository ('' at its top, or outside git): a fleet in a subfolder is
 * looked for at the same subfolder of the base checkout, and the hint names it.
 * `command` says what leaving `--base` out does.
 */
export function whyBaseNotFleet(root: string, shown: string, prefix: string, command: 'compile' | 'report'): Finding<'base_missing' | 'base_not_fleet'> | undefined {
  const folder = prefix.replace(/\/$/, '');
  const fix = { fix: prefix === '' ? ('top' as const) : ('nested' as const), prefix: folder, suggested: path.join(shown, folder), without: command };
  if (!pathExists(root)) return { code: 'base_missing', args: { path: shown, ...fix } };
  if (!isDirectory(root)) return { code: 'base_not_fleet', args: { path: shown, what: 'is a file, not a folder', ...fix } };
  if (!pathExists(path.join(root, 'registry', 'fleet.yaml')))
    return { code: 'base_not_fleet', args: { path: shown, what: 'has no registry/fleet.yaml', ...fix } };
  return undefined;
}
