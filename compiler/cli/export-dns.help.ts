/** The help of `diene export dns` (see help.ts). */
import type { CommandHelp } from './help.js';

export const exportDnsHelp: CommandHelp = {
  name: 'export dns',
  summary: "Read each DNS host's live zones and write them as snapshots (<out>/<zone>/<host>.json) for plan dns.",
  usage: 'diene export dns [--host NAME...] [--out DIR] [--base DIR|REV] [--allow-endpoint-change] [--fleet DIR]',
  description: [
    'Before any secret is read or host contacted, a selected host whose endpoint (url, server) or credential variable (apiKeyEnv, tsig.secretEnv) differs from the base revision is refused (exit 3), as in diene apply dns (docs/hardening.md#credentials).',
  ],
  options: [
    {
      name: 'host',
      type: 'string',
      multiple: true,
      value: 'NAME',
      description: 'Only this DNS host of fleet.yaml (repeat for more). Default: every host.',
      example: 'diene export dns --host cloudflare',
    },
    {
      name: 'out',
      type: 'string',
      value: 'DIR',
      description: 'Where the snapshots go. Default: live/ in the current directory.',
      example: 'diene export dns --out /tmp/live',
    },
    {
      name: 'base',
      type: 'string',
      value: 'DIR|REV',
      description:
        "The reviewed base the hosts' endpoints and credential variables are compared with: a checkout of the base branch (the fleet's folder in it), or a revision of the fleet's repository (origin/main, a tag, a commit id). Default: fleet.yaml's git.branch, local or origin/.",
      example: 'diene export dns --base ../base',
    },
    {
      name: 'allow-endpoint-change',
      type: 'boolean',
      description:
        'Read hosts whose endpoint or credential variable differs from the base, or with no base to compare with. Check the hosts in fleet.yaml first.',
      example: 'diene export dns --allow-endpoint-change',
    },
  ],
  examples: [{ command: 'diene export dns --out live && diene plan dns --live live', does: 'Snapshots the hosts, then plans against them.' }],
  exitCodes: [
    { code: 0, means: 'every zone written' },
    { code: 2, means: 'invalid input or usage, or no zone could be read (each named); nothing written' },
    { code: 3, means: 'refused: a host whose endpoint or credential variable differs from the base, or no base to compare with; nothing read' },
    { code: 4, means: 'some zone could not be read (each named; the others are written)' },
  ],
};
