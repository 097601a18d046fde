/** The help of `diene validate` (see help.ts). */
import type { CommandHelp } from './help.js';

export const validateHelp: CommandHelp = {
  name: 'validate',
  summary: 'Check the fleet and print its diagnostics; write nothing.',
  usage: 'diene validate [--fleet DIR] [--format text|json|github]',
  description: ['With --format json the diagnostics array is the product: it goes to stdout.'],
  options: [],
  examples: [
    { command: 'diene validate --fleet examples/reference', does: 'Prints every error and warning of the bundled fleet.' },
    { command: 'diene validate --format json | jq length', does: 'Counts the findings.' },
  ],
  exitCodes: [
    { code: 0, means: 'no error (warnings allowed)' },
    { code: 2, means: 'an error, or a usage error' },
  ],
};
