/**
 * isomorphic-git, imported on first use: an optional peer dependency
 * (adapters/package-missing.ts). Its commands are reached through {@link git},
 * which imports the package on the first call, so no module imports it
 * at load time (the command line's one-file bundle hoists a static import
 * of a package it leaves out to its top, which would load it, or fail, on
 * every run).
 */
import type { HttpClient } from 'isomorphic-git/http/node';
import type * as IsomorphicGitModule from 'isomorphic-git';

type IsomorphicGit = typeof IsomorphicGitModule;
type GitCommands = IsomorphicGit['default'];

let loading: Promise<IsomorphicGit> | undefined;

/** The package's module; rejects with the module loader's error when it is not installed. */
export function loadGit(): Promise<IsomorphicGit> {
  loading ??= import('isomorphic-git');
  return loading;
}

/** The HTTP client for Node (`isomorphic-git/http/node`), for clone, fetch and push. */
export async function loadHttp(): Promise<HttpClient> {
  return (await import('isomorphic-git/http/node')).default;
}

/** isomorphic-git's commands (every one returns a promise): each call imports the package first. */
export const git = new Proxy({} as GitCommands, {
  get(_target, name) {
    return async (...args: unknown[]) => {
      const commands = (await loadGit()).default as unknown as Record<PropertyKey, (...a: unknown[]) => unknown>;
      const command = commands[name];
      if (typeof command !== 'function') throw new Error(`isomorphic-git has no command ${String(name)}`);
      return command(...args);
    };
  },
});

/** True when `error` is isomorphic-git's error `code` (`NotFoundError`, `HttpError`, …): its errors carry their class's name as `code`. */
export function isGitError(error: unknown, code: string): boolean {
  return error instanceof Error && (error as { code?: unknown }).code === code;
}
