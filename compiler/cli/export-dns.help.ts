/** The help of `diene export dns` (see help.ts). */
import type { CommandHelp } from './help.js';

export const exportDnsHelp: CommandHelp = {
  name: 'export dns',
  summary: "Read each DNS host's live zones and write them as snapshots (<out>/<zone>/<host>.json) for plan dns.",
  usage: 'diene export dns [--host NAME...] [--out DIR] [--fleet DIR]',
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
  ],
  examples: [{ command: 'diene export dns --out live && diene plan dns --live live', does: 'Snapshots the hosts, then plans against them.' }],
  exitCodes: [
    { code: 0, means: 'every zone written' },
    { code: 2, means: 'invalid input or usage, or no zone could be read (each named); nothing written' },
    { code: 4, means: 'some zone could not be read (each named; the others are written)' },
  ],
};
