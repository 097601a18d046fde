/** The help of `diene init` (see help.ts). */
import type { CommandHelp } from './help.js';

export const initHelp: CommandHelp = {
  name: 'init',
  summary: 'Write a minimal fleet that compiles clean, with comments saying what to edit.',
  usage: 'diene init DIR',
  description: [
    'One platform with one service, the sign-in platform, two landscapes with one cluster each and two DNS hosts. DIR must be empty or absent; nothing is overwritten.',
    "Each file starts with a yaml-language-server modeline naming its schema in DIR/schemas/, where init writes diene's schemas too (as `diene schemas --out DIR/schemas` does), so an editor validates and completes the fleet at once.",
    "DIR inside a git work tree (a .git above it) is a folder of that repository: registry/fleet.yaml's git.path names it (e.g. path: fleets/prod), where ArgoCD and Kargo will find the rows.",
  ],
  arguments: [
    {
      name: 'DIR',
      description:
        'The folder to create the fleet in (empty or absent). Refused inside an input folder or generated/ of the fleet it sits in (output_file_in_fleet): the outer fleet would read or refuse the new files.',
    },
  ],
  options: [],
  readsFleet: false,
  examples: [{ command: 'diene init my-fleet && diene compile --fleet my-fleet', does: 'Starts a fleet and compiles it.' }],
  exitCodes: [
    { code: 0, means: 'the fleet is written' },
    {
      code: 2,
      means:
        'DIR is not empty, DIR lies inside an input folder or generated/ of a fleet, DIR cannot be written (output_write_failed, with the reason), or a usage error',
    },
  ],
};
