/**
 * `diene validate [--fleet DIR]` (SPEC §5): diagnostics only, nothing written.
 * With `--format json` the diagnostics array is the product, on stdout.
 */
import { hasErrors } from '../diagnostics/diagnostic.js';
import { formatJson } from '../diagnostics/format.js';
import { EXIT, fleetRoot, fromHelp, nowSeconds, readAndAnalyze, type Command, type CommandInput, type CommandResult } from './command.js';
import { validateHelp } from './validate.help.js';

async function runValidate({ values, format }: CommandInput): Promise<CommandResult> {
  const root = fleetRoot(values);
  const { diagnostics } = await readAndAnalyze(root, { analysis: { nowSeconds: nowSeconds(values) } });
  const exitCode = hasErrors(diagnostics) ? EXIT.invalid : EXIT.ok;
  if (format === 'json') return { stdout: formatJson(diagnostics), diagnostics, diagnosticsInStdout: true, exitCode };
  return { diagnostics, exitCode };
}

export const validateCommand: Command = { ...fromHelp(validateHelp), run: runValidate };
