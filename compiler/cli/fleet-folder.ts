/**
 * Whether fleet.yaml's `git.path` names the folder the fleet sits in. ArgoCD's
 * git generators and Kargo's checkout see the whole repository, so every
 * repository path diene writes starts with `git.path`
 * (2-analyze/conventions.ts `repositoryPath`); one that names another folder
 * deploys nothing. The compile cannot know the repository's layout from the
 * fleet's inputs, but it can see the folder around it:
 *
 * - with `--path-prefix DIR`, the fleet's folder is DIR;
 * - else, in a git work tree (a `.git` above the fleet), it is the fleet's
 *   folder below it, when that work tree is the fleet's repository: one of
 *   its remotes names `git.repoURL`, or it has no remote yet. A work tree
 *   whose remotes all name other repositories holds a copy of the fleet (a
 *   tool's example fleet), which says nothing of where the fleet lives;
 * - else nothing is known, and nothing is said.
 *
 * A mismatch is the warning `git_path_mismatch`, on fleet.yaml's `git` key.
 * An unreadable fleet.yaml, or an invalid `git.path`, is the compile's own
 * finding: nothing more is said here.
 */
import path from 'node:path';
import { locate, parseYaml } from '../1-load/parse-yaml.js';
import { sourceFile } from '../1-load/source-file.js';
import { gitPathProblem } from '../2-analyze/value-grammars.js';
import { gitTopLevel, readRegularFile } from '../adapters/filesystem/files.js';
import { FILE_SIZE_LIMIT } from '../1-load/input-sizes.js';
import { remoteUrls } from '../adapters/git/remotes.js';
import { diagnose, type Diagnostic } from '../diagnostics/diagnostic.js';
import { stringOption, type OptionValues } from './command.js';
import { repositoryPrefix } from './repository-paths.js';

const FLEET_YAML = 'registry/fleet.yaml';

/**
 * A git URL as the repository it names: host (lower case) and path, without
 * scheme, user, port, a trailing `/` or `.git`. `https://github.com/a/b.git`,
 * `ssh://git@github.com:22/a/b` and `git@github.com:a/b.git` all give `github.com/a/b`;
 * a local path stays itself.
 */
export function repositoryIdentity(url: string): string {
  const trimmed = url
    .trim()
    .replace(/\/+$/, '')
    .replace(/\.git$/, '');
  const scheme = /^[A-Za-z][A-Za-z0-9+.-]*:\/\/(?:[^@/]*@)?([^/:]*)(?::\d*)?(\/.*)?$/.exec(trimmed);
  if (scheme) return `${(scheme[1] ?? '').toLowerCase()}${scheme[2] ?? ''}`;
  const scp = /^(?:[^@/:]+@)?([^/:]+):(?!\/\/)(.*)$/.exec(trimmed);
  if (scp) return `${(scp[1] ?? '').toLowerCase()}/${(scp[2] ?? '').replace(/^\/+/, '')}`;
  return trimmed;
}

/** The fleet's folder in its repository as the disk shows it ('' = the root), or `undefined` when nothing shows it. */
function seenFolder(root: string, values: OptionValues, repoURL: string): string | undefined {
  if (stringOption(values, 'path-prefix') !== undefined) return repositoryPrefix(root, values).replace(/\/$/, '');
  const top = gitTopLevel(root);
  if (top === undefined) return undefined;
  const remotes = remoteUrls(top);
  if (remotes === undefined) return undefined;
  const wanted = repositoryIdentity(repoURL);
  // Hosts such as GitHub and GitLab name owners and repositories without regard to case.
  if (remotes.length > 0 && !remotes.some((remote) => repositoryIdentity(remote).toLowerCase() === wanted.toLowerCase())) return undefined;
  const folder = path.relative(top, path.resolve(root)).split(path.sep).join('/');
  return folder === '.' ? '' : folder;
}

/** `git_path_mismatch` when `git.path` of the fleet at `root` differs from the folder it is seen in; else `undefined`. */
export function gitPathMismatch(root: string, values: OptionValues): Diagnostic | undefined {
  // fleet.yaml as the loader reads it (a regular file, no link followed); the compile itself reports any other.
  const bytes = readRegularFile(path.join(root, FLEET_YAML), FILE_SIZE_LIMIT);
  if (bytes === undefined) return undefined;
  const text = bytes.toString('utf8');
  const { parsed, diagnostics } = parseYaml(sourceFile(FLEET_YAML, text));
  if (!parsed || diagnostics.some((d) => d.severity === 'error')) return undefined;
  const git = (parsed.value as { git?: { repoURL?: unknown; path?: unknown } } | null)?.git;
  if (typeof git?.repoURL !== 'string') return undefined;
  if (git.path !== undefined && (typeof git.path !== 'string' || gitPathProblem(git.path) !== undefined)) return undefined;
  const declared = git.path === undefined || git.path === '.' ? '' : git.path;
  const seen = seenFolder(root, values, git.repoURL);
  if (seen === undefined || seen === declared) return undefined;
  return diagnose(locate(parsed, ['git'], 'key'), 'git_path_mismatch', {
    where: seen === '' ? 'root' : 'folder',
    seen,
    declared: git.path === undefined ? 'unset' : 'set',
    path: git.path ?? '',
    fix: seen === '' ? 'root' : 'folder',
  });
}
