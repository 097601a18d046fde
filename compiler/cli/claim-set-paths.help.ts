/** The help of `diene claim set-paths` (see help.ts). */
import type { CommandHelp } from './help.js';

export const claimSetPathsHelp: CommandHelp = {
  name: 'claim set-paths',
  summary: "Replace the prefix map of a host's claim, through git (commit and compare-and-swap push).",
  usage: 'diene claim set-paths HOST --file PATHS.json --repo URL|DIR [--branch B] [--actor NAME]',
  description: [
    'Checks the new claim against the fleet on the branch before writing, so a write can never make the fleet fail to compile. Credentials for an HTTP remote come from DIENE_GIT_USERNAME and DIENE_GIT_PASSWORD.',
    'Needs the npm package isomorphic-git, an optional peer dependency: install it beside diene-compiler (docs/plugin-image.md#the-appliers-packages-are-optional-peer-dependencies).',
    'When the branch keeps the compiled outputs in git (generated/ with its .diene-manifest.json), the branch is compiled with the new claim and every output that changes (the route tables, the manifest) is committed with the claim in one commit, whose message lists them; so `diene compile --check` passes on the branch. A compile that fails commits nothing.',
  ],
  arguments: [
    {
      name: 'HOST',
      description: 'The claimed host: <module>.<service>.<platform>.<landscape>.<base>, the base as in registry/fleet.yaml (e.g. cluster.atomi.cloud).',
    },
  ],
  options: [
    {
      name: 'file',
      type: 'string',
      value: 'PATHS.json',
      description: 'The new prefix map: {"paths": {...}} (write "paths": {} to clear it).',
      example: 'diene claim set-paths HOST --file paths.json --repo .',
    },
    {
      name: 'repo',
      type: 'string',
      value: 'URL|DIR',
      description: 'The fleet repository: a local folder or an http(s) remote.',
      example: 'diene claim set-paths HOST --file paths.json --repo https://git.example.com/fleet.git',
    },
    {
      name: 'branch',
      type: 'string',
      value: 'B',
      description:
        "The branch to commit to. Default: the fleet's git.branch in registry/fleet.yaml on the repository's default branch (HEAD), else that default branch.",
      example: 'diene claim set-paths HOST --file paths.json --repo . --branch staging',
    },
    {
      name: 'actor',
      type: 'string',
      value: 'NAME',
      description: 'Who asks: the commit author. Default: DIENE_ACTOR, else USER.',
      example: 'diene claim set-paths HOST --file paths.json --repo . --actor ci-bot',
    },
  ],
  examples: [
    {
      command: 'diene claim set-paths api.webhook.mercury.pichu.cluster.atomi.cloud --file paths.json --repo .',
      does: "Commits the new prefix map of that host to the fleet's git.branch, or nothing when it is unchanged.",
    },
  ],
  exitCodes: [
    { code: 0, means: 'written (the commit id on stdout) or unchanged' },
    { code: 2, means: 'a bad request or repository, or usage' },
    { code: 3, means: 'the branch kept moving' },
  ],
};
