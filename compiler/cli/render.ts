/**
 * `diene render --platform NAME [--fleet DIR]` (SPEC §5, §6): one platform's
 * objects (Platform record, Kargo, ApplicationSets) as one YAML stream on
 * stdout, for ArgoCD's Config Management Plugin. On any error stdout stays empty.
 */
import { platformObjects } from '../4-emit/emit-outputs.js';
import { toYamlStream } from '../4-emit/serialize.js';
import { diagnose, hasErrors, sortDiagnostics } from '../diagnostics/diagnostic.js';
import { analyzeFleet } from '../index.js';
import {
  COMMON_OPTIONS,
  EXIT,
  fleetRoot,
  nowSeconds,
  readFleet,
  stringOption,
  UsageError,
  type Command,
  type CommandInput,
  type CommandResult,
} from './command.js';

async function runRender({ values }: CommandInput): Promise<CommandResult> {
  const platformName = stringOption(values, 'platform');
  if (!platformName) throw new UsageError('render needs --platform NAME');
  const root = fleetRoot(values);
  const read = await readFleet(root);
  const analysis = analyzeFleet(read.files, { nowSeconds: nowSeconds(values) });
  const diagnostics = sortDiagnostics([...read.diagnostics, ...analysis.diagnostics]);
  if (hasErrors(diagnostics) || !analysis.model) return { diagnostics, exitCode: EXIT.invalid };
  const platform = analysis.model.platforms.find((p) => p.name === platformName);
  if (!platform) {
    const known = analysis.model.platforms.map((p) => p.name).join(', ') || 'none';
    return { diagnostics: [...diagnostics, diagnose({}, 'platform_not_found', { platform: platformName, known })], exitCode: EXIT.invalid };
  }
  return { stdout: toYamlStream(platformObjects(analysis.model, platform), 'diene render'), diagnostics, exitCode: EXIT.ok };
}

export const renderCommand: Command = {
  name: 'render',
  usage: 'diene render   --platform NAME [--fleet DIR]',
  options: { ...COMMON_OPTIONS, platform: { type: 'string' } },
  run: runRender,
};
