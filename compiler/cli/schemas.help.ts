/** The help of `diene schemas` (see help.ts). */
import type { CommandHelp } from './help.js';

export const schemasHelp: CommandHelp = {
  name: 'schemas',
  summary: "Write diene's JSON Schemas into a folder, for editors (yaml-language-server, VS Code) to validate and complete a fleet's files.",
  usage: 'diene schemas --out DIR',
  description: [
    "Writes every schema of this diene (the input files', the DNS plan and health files', and the address books' under books/) into DIR, the same bytes the package ships under schemas/. Each $id names its own file and every $ref stays inside its schema, so the folder works wherever it sits. Run it again after upgrading diene: it replaces the schemas it wrote and leaves other files alone.",
    'The files `diene init` and `diene materialize` write start with a modeline naming <fleet>/schemas/<kind>.schema.json: write the schemas there (`diene schemas --out schemas` in the fleet) and commit them, and every clone validates in the editor. docs/editor.md has the yaml.schemas mapping for the files without a modeline.',
  ],
  options: [
    {
      name: 'out',
      type: 'string',
      value: 'DIR',
      description:
        "The folder to write the schemas into (created when missing). Refused inside an input folder or generated/ of the fleet it sits in (output_file_in_fleet); the fleet's own schemas/ is allowed. - is refused: the schemas are files, not one document for stdout.",
      example: 'diene schemas --out schemas',
    },
  ],
  readsFleet: false,
  examples: [{ command: 'diene schemas --out my-fleet/schemas', does: "Puts the schemas where my-fleet's modelines look for them." }],
  exitCodes: [
    { code: 0, means: 'the schemas are written' },
    { code: 2, means: 'DIR cannot be written, lies inside an input folder or generated/ of a fleet (output_file_in_fleet), or a usage error' },
  ],
};
