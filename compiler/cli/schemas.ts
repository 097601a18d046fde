/**
 * `diene schemas --out DIR`: copies the package's schemas/ folder (the input
 * schemas, the DNS plan and health schemas, books/) into DIR byte for byte, for
 * editors. The schemas' `$id`s name their own files and their `$ref`s are
 * local, so the copy resolves wherever it sits. Replaces the files it writes,
 * never deletes anything.
 */
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { diagnose } from '../diagnostics/diagnostic.js';
import { EXIT, fromHelp, missingOption, stringOption, type Command, type CommandInput, type CommandResult } from './command.js';
import { schemasHelp } from './schemas.help.js';

/** The package's schemas/ folder: beside dist/ (or compiler/ when run from source). */
const SCHEMAS = fileURLToPath(new URL('../../schemas/', import.meta.url));

/** Every `*.schema.json` under `dir`, as `/`-separated paths relative to it, sorted. */
async function schemaFiles(dir: string, prefix = ''): Promise<string[]> {
  const found: string[] = [];
  for (const entry of await readdir(path.join(dir, prefix), { withFileTypes: true })) {
    const relative = prefix === '' ? entry.name : `${prefix}/${entry.name}`;
    if (entry.isDirectory()) found.push(...(await schemaFiles(dir, relative)));
    else if (entry.name.endsWith('.schema.json')) found.push(relative);
  }
  return found.sort();
}

/** Copies every schema into `out` (created when missing), replacing files of the same names; returns how many. Throws the file system's error. */
export async function writeSchemas(out: string): Promise<number> {
  const files = await schemaFiles(SCHEMAS);
  for (const relative of files) {
    const target = path.join(out, ...relative.split('/'));
    await mkdir(path.dirname(target), { recursive: true });
    await writeFile(target, await readFile(path.join(SCHEMAS, ...relative.split('/'))));
  }
  return files.length;
}

async function runSchemas({ values }: CommandInput): Promise<CommandResult> {
  const out = stringOption(values, 'out');
  if (out === undefined) throw missingOption('--out DIR', 'name the folder to write the schemas into, e.g. --out schemas in the fleet');
  let count: number;
  try {
    count = await writeSchemas(out);
  } catch (error) {
    if (typeof (error as NodeJS.ErrnoException | undefined)?.code !== 'string') throw error;
    // The system's words without the path it names (the diagnostic names the folder).
    const reason = (error as Error).message.replace(/, \w+ '[^']*'( -> '[^']*')?$/, '');
    return { diagnostics: [diagnose({}, 'output_write_failed', { out, reason })], exitCode: EXIT.invalid };
  }
  return { diagnostics: [], notes: [`wrote ${count} schemas to ${out}`], exitCode: EXIT.ok };
}

export const schemasCommand: Command = { ...fromHelp(schemasHelp), run: runSchemas };
