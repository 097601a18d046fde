/**
 * `diene schemas --out DIR`: copies the package's schemas/ folder (the input
 * schemas, the DNS plan and health schemas, books/) into DIR byte for byte, for
 * editors. The schemas' `$id`s name their own files and their `$ref`s are
 * local, so the copy resolves wherever it sits. Replaces the files it writes,
 * never deletes anything.
 */
import { writeSchemas } from '../adapters/filesystem/schema-files.js';
import { errnoCode } from '../diagnostics/catalog.js';
import { diagnose } from '../diagnostics/diagnostic.js';
import { EXIT, fromHelp, invalidValue, missingOption, stringOption, type Command, type CommandInput, type CommandResult } from './command.js';
import { schemasHelp } from './schemas.help.js';
import { outputFolderRefusal } from './output-file.js';

async function runSchemas({ values }: CommandInput): Promise<CommandResult> {
  const out = stringOption(values, 'out');
  if (out === undefined) throw missingOption('--out DIR', 'name the folder to write the schemas into, e.g. --out schemas in the fleet');
  if (out === '-') throw invalidValue('--out', '-', 'a folder: the schemas are files of their own, which stdout cannot carry', '--out schemas');
  const refused = outputFolderRefusal(out, { option: '--out', example: 'schemas' });
  if (refused) return { diagnostics: [refused], exitCode: EXIT.invalid };
  let count: number;
  try {
    count = await writeSchemas(out);
  } catch (error) {
    if (typeof (error as NodeJS.ErrnoException | undefined)?.code !== 'string') throw error;
    return { diagnostics: [diagnose({}, 'output_write_failed', { out, errno: errnoCode(error) })], exitCode: EXIT.invalid };
  }
  return { diagnostics: [], notes: [`wrote ${count} schemas to ${out}`], exitCode: EXIT.ok };
}

export const schemasCommand: Command = { ...fromHelp(schemasHelp), run: runSchemas };
