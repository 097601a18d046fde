/** The help of `diene simulate` (see help.ts). */
import { withFormats } from './help.js';

export const simulateHelp = withFormats({
  name: 'simulate',
  summary: 'Failure drills: for every landscape and kind of user, what works, degrades or goes down when something fails.',
  usage: 'diene simulate --fail WHAT[,WHAT...] | --all-single [--intake PLATFORM/SERVICE] [--service PLATFORM/SERVICE] [--fleet DIR] [--format FORM]',
  options: [
    {
      name: 'fail',
      type: 'string',
      multiple: true,
      value: 'WHAT[,WHAT...]',
      description:
        'What is down: a cluster, landscape, region, DNS host (host:NAME), book place, the parent zone or the control cluster (comma-separated or repeated).',
      example: 'diene simulate --fail pichu-topaz',
    },
    { name: 'all-single', type: 'boolean', description: 'Every single failure in turn.', example: 'diene simulate --all-single' },
    {
      name: 'intake',
      type: 'string',
      value: 'PLATFORM/SERVICE',
      description: "The webhook intake service the webhook sender column calls (default: fleet.yaml's `intake`).",
      example: 'diene simulate --fail pichu-topaz --intake mercury/webhook',
    },
    {
      name: 'service',
      type: 'string',
      value: 'PLATFORM/SERVICE',
      description: 'Follow this service only.',
      example: 'diene simulate --fail pichu-topaz --service mercury/webhook',
    },
  ],
  formats: [{ name: 'markdown', writes: 'the drill as Markdown on stdout, for a pull request' }],
  examples: [{ command: 'diene simulate --all-single --format markdown', does: 'A table of every single failure, for a pull request.' }],
  exitCodes: [
    { code: 0, means: 'the drill ran (whatever it found)' },
    { code: 2, means: 'invalid input or usage' },
  ],
});
