/**
 * `diene validate [--fleet DIR]` (SPEC §5): diagnostics only, nothing written.
 * With `--format json` the diagnostics array is the product, on stdout.
 */
import { cacheFolder, cacheKey, CompileCache } from '../cache/compile-cache.js';
import { hasErrors, sortDiagnostics } from '../diagnostics/diagnostic.js';
import { formatJson } from '../diagnostics/format.js';
import { analyzeFleet } from '../index.js';
import { EXIT, fleetRoot, fromHelp, nowSeconds, readFleet, type Command, type CommandInput, type CommandResult } from './command.js';
import { validateHelp } from './validate.help.js';

async function runValidate({ values, format }: CommandInput): Promise<CommandResult> {
  const root = fleetRoot(values);
  const read = await readFleet(root);
  const now = nowSeconds(values);
  const cacheDir = cacheFolder(values, root);
  const cache = cacheDir === undefined ? undefined : new CompileCache(cacheDir);
  const key = cache ? cacheKey(read.files, 'validate', {}) : undefined;
  let found = cache && key ? cache.read(key, now)?.diagnostics : undefined;
  if (!found) {
    const analysis = analyzeFleet(read.files, { nowSeconds: now });
    if (cache && key) cache.write(key, { diagnostics: analysis.diagnostics, window: analysis.nowWindow });
    found = analysis.diagnostics;
  }
  const diagnostics = sortDiagnostics([...read.diagnostics, ...(cache?.warnings ?? []), ...found]);
  const exitCode = hasErrors(diagnostics) ? EXIT.invalid : EXIT.ok;
  if (format === 'json') return { stdout: formatJson(diagnostics), diagnostics, diagnosticsInStdout: true, exitCode };
  return { diagnostics, exitCode };
}

export const validateCommand: Command = { ...fromHelp(validateHelp), run: runValidate };
