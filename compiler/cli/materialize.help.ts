/** The help of `diene materialize` (see help.ts). */
import type { CommandHelp } from './help.js';

export const materializeHelp: CommandHelp = {
  name: 'materialize',
  summary: "Write the missing empty rows (pin: chart and image) for every service and landscape, and the shared charts' (pin: chart); never rewrites a row.",
  usage: 'diene materialize [--fleet DIR]',
  description: [
    "A platform's services are its row folders (an empty folder on disk starts a new service) and the services named under services: in platform.yaml.",
    "Each row it writes starts with `# yaml-language-server: $schema=../../../schemas/row.schema.json`, the schema in the fleet's schemas/ folder (`diene schemas --out schemas` writes it there).",
    'A shared chart listed under sharedCharts: in platform.yaml gets a row per landscape too, platforms/<platform>/_shared/<chart>/<landscape>.yaml with `pin:` then `  chart: ""` (schemas/shared-row.schema.json).',
  ],
  options: [],
  examples: [
    { command: 'mkdir platforms/mercury/webhook && diene materialize', does: 'Starts the service webhook with one empty row per landscape of mercury.' },
  ],
  exitCodes: [
    { code: 0, means: 'every missing row written (or none missing)' },
    { code: 2, means: 'invalid input or usage' },
  ],
};
