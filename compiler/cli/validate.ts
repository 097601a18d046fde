/**
 * `diene validate [--fleet DIR]` (SPEC §5): diagnostics only, nothing written.
 * With `--format json` the diagnostics array is the product, on stdout; with
 * `--format sarif` the SARIF log is. With `--strict` a warning makes the
 * exit code 2 (cli.ts applies cli/strict.ts).
 */
import { hasErrors } from '../diagnostics/diagnostic.js';
import { formatJson } from '../diagnostics/format.js';
import { validateIncrementally } from '../incremental/validate-build.js';
import { cacheFolderOption, EXIT, fleetRoot, fromHelp, nowSeconds, type Command, type CommandInput, type CommandResult } from './command.js';
import { gitPathMismatch } from './fleet-folder.js';
import { repositoryPrefix } from './repository-paths.js';
import { validateHelp } from './validate.help.js';

async function runValidate({ values, format }: CommandInput): Promise<CommandResult> {
  const root = fleetRoot(values);
  const pathPrefix = repositoryPrefix(root, values);
  const cacheDir = cacheFolderOption(values, true);
  const validated = await validateIncrementally({ root, nowSeconds: nowSeconds(values), ...(cacheDir === undefined ? {} : { cacheDir }) });
  // Seen on the disk around the fleet, as compile sees it (never kept in the cache).
  const folderWarning = gitPathMismatch(root, values);
  const diagnostics = folderWarning === undefined ? validated : [folderWarning, ...validated];
  const errors = diagnostics.filter((d) => d.severity === 'error').length;
  const exitCode = hasErrors(diagnostics) ? EXIT.invalid : EXIT.ok;
  const stepSummary = {
    title: 'diene validate',
    verdict: errors > 0 ? `the fleet has ${errors} error${errors === 1 ? '' : 's'}: nothing can be compiled until they are fixed` : 'the fleet is valid',
  };
  const common = { diagnostics, exitCode, pathPrefix, stepSummary };
  if (format === 'json') return { stdout: formatJson(diagnostics), diagnosticsInStdout: true, ...common };
  if (format === 'sarif') return { diagnosticsInStdout: true, ...common };
  return common;
}

export const validateCommand: Command = { ...fromHelp(validateHelp), run: runValidate };
