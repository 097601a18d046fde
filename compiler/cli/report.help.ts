/** The help of `diene report` (see help.ts). */
import { withFormats } from './help.js';

export const reportHelp = withFormats({
  name: 'report',
  summary: 'Write the Markdown comment for a pull request: what the change does for users and to the outputs, and whether they are fresh.',
  usage: 'diene report [--fleet DIR] [--base DIR] [--out DIR] [--output FILE] [--max-chars N] [--format FORM]',
  description: [
    'Beside the files and objects that change, it says what changes for users: the DNS answers per name and DNS host (what diene plan dns plans against the "before" zone plans), each address with its cluster; the route-path prefixes that move; the address-book entries added or removed; the gateway and certificate host names each cluster gains or loses. With a --base that compiles, it runs the single-failure drills of diene simulate --all-single on both and lists each landscape that survived every single failure on the base and no longer does, with the failure that now takes it down.',
    'With --format json it prints the report as one JSON object instead (every list in full; the diagnostics are also on stderr as a JSON array).',
    "It takes no --strict: its exit code never reflects the fleet's own findings (a fleet with errors gets its report, exit 0; only a change the base refuses gives 1), so that the comment is posted whatever the gate says; gate with diene compile --check --strict or diene validate --strict.",
  ],
  options: [
    {
      name: 'base',
      type: 'string',
      value: 'DIR',
      description:
        'A checkout of the base branch (the fleet\'s folder in it when the fleet is a subfolder of its repository, e.g. ../base/examples/reference): its outputs are the "before", its rows\' pins and values the "before" of the rows that change what deploys (listed, though no generated file shows them), its permanent identifiers must not change and its traffic-on clusters must not be removed (exit 1). Its files are named base:PATH. Default: the head\'s committed output tree.',
      example: 'diene report --base ../base',
    },
    {
      name: 'out',
      type: 'string',
      value: 'DIR',
      description: "The head's committed output tree. Default: generated/ inside the fleet.",
      example: 'diene report --out generated',
    },
    {
      name: 'output',
      type: 'string',
      value: 'FILE',
      description:
        'Write the report to FILE instead of stdout (- is stdout). Missing folders above FILE are made; a FILE inside an input folder or the output directory is refused (output_file_in_fleet), one the system refuses is exit 2 (output_file_write_failed).',
      example: 'diene report --output report.md',
    },
    {
      name: 'max-chars',
      type: 'string',
      value: 'N',
      description: "The longest report, in characters (default: 65,536, GitHub's comment limit).",
      example: 'diene report --max-chars 20000',
    },
  ],
  examples: [{ command: 'diene report --base ../main --output report.md', does: 'Writes the pull request comment comparing with a checkout of main.' }],
  exitCodes: [
    { code: 0, means: 'the report was written (even for a fleet that does not compile: its errors are in it)' },
    {
      code: 1,
      means:
        'the report was written, and with --base it lists a permanent identifier changed or removed, or a traffic-on cluster removed, against the base (refused, docs/checks.md)',
    },
    { code: 2, means: 'usage, a --base that is not a fleet, or an --output FILE refused or not writable' },
  ],
});
