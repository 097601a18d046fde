/**
 * The remote URLs of the git work tree at `top` (`[remote "<name>"] url = …`
 * of its configuration), read from the file as git keeps it: `.git/config`,
 * or for a linked worktree (`.git` a file `gitdir: …`) the configuration of
 * the repository its `commondir` names. No `git` binary and no library: a
 * compile only asks whether one of them names the fleet's repository.
 * Returns `undefined` when the configuration cannot be read.
 */
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';

function gitDirectory(top: string): string | undefined {
  const dotGit = path.join(top, '.git');
  try {
    if (statSync(dotGit).isDirectory()) return dotGit;
    const pointer = /^gitdir:\s*(.+?)\s*$/m.exec(readFileSync(dotGit, 'utf8'));
    if (!pointer?.[1]) return undefined;
    const gitDir = path.resolve(top, pointer[1]);
    try {
      return path.resolve(gitDir, readFileSync(path.join(gitDir, 'commondir'), 'utf8').trim());
    } catch {
      return gitDir;
    }
  } catch {
    return undefined;
  }
}

/** The `url` values of every `[remote "…"]` section of the work tree's configuration, in file order. */
export function remoteUrls(top: string): string[] | undefined {
  const gitDir = gitDirectory(top);
  if (gitDir === undefined) return undefined;
  let text: string;
  try {
    text = readFileSync(path.join(gitDir, 'config'), 'utf8');
  } catch {
    return undefined;
  }
  const urls: string[] = [];
  let inRemote = false;
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.trim();
    if (line.startsWith('[')) inRemote = /^\[remote\s+"[^"]*"\s*\]$/.test(line);
    else if (inRemote) {
      const url = /^url\s*=\s*(.*)$/i.exec(line);
      if (url?.[1]) urls.push(url[1].replace(/^"(.*)"$/, '$1'));
    }
  }
  return urls;
}
