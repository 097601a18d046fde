/**
 * `diene atlas --out DIR [--health FILE] [--base DIR] [--intake PLATFORM/SERVICE] [--fleet DIR]`:
 * writes the fleet's static HTML atlas (compiler/atlas/) into DIR, with the
 * output tree's writer (all-or-nothing under the output lock, refusing a
 * folder holding what diene did not write), so a failed run writes nothing.
 * `--base DIR` (a checkout of the base branch, as `diene report --base`)
 * marks every page with what this revision adds, removes or makes worse.
 * Exit codes: 0 written, 2 invalid fleet, health file, base folder or usage.
 */
import path from 'node:path';
import { loadDnsHealth } from '../1-load/load-dns-live.js';
import { dnsIntent } from '../2-analyze/dns-names.js';
import { atlasPlan, type AtlasOptions } from '../atlas/atlas.js';
import { outputLocationProblem, realOutputPath } from '../adapters/filesystem/output-location.js';
import { OutputBusyError, OutputForeignError, writeOutputTree } from '../adapters/filesystem/output-tree.js';
import { readTextFile } from '../adapters/filesystem/read-dns-live.js';
import { errnoCode } from '../diagnostics/catalog.js';
import { diagnose, diagnoseFinding, FLEET_WIDE, hasErrors, sortDiagnostics, type Diagnostic } from '../diagnostics/diagnostic.js';
import { inputValidators } from '../index.js';
import { atlasHelp } from './atlas.help.js';
import {
  EXIT,
  fleetRoot,
  fromFleetRoot,
  fromHelp,
  missingOption,
  nowSeconds,
  readAndAnalyze,
  shownPath,
  stringOption,
  type Command,
  type CommandInput,
  type CommandResult,
} from './command.js';
import { repositoryPrefix, whyBaseNotFleet } from './repository-paths.js';
import { foreignDiagnostics, foreignPlace } from './output-refusals.js';
import { outputFolderRefusal } from './output-file.js';
import { counted } from '../diagnostics/counted.js';

async function runAtlas({ values }: CommandInput): Promise<CommandResult> {
  const outFlag = stringOption(values, 'out');
  if (outFlag === undefined) throw missingOption('--out DIR', 'name the folder the site goes to (diene atlas --out atlas), then open its index.html');
  const root = fleetRoot(values);
  const outDir = realOutputPath(path.resolve(outFlag));
  const problem = outputLocationProblem(root, outDir, 'atlas');
  if (problem) return { diagnostics: [diagnoseFinding({}, problem)], exitCode: EXIT.invalid };
  // Inside compile's output tree the site would be a foreign folder the next compile refuses.
  const inOutput = outputFolderRefusal(outFlag, { option: '--out', example: 'atlas' }, root);
  if (inOutput) return { diagnostics: [inOutput], exitCode: EXIT.invalid };
  const fleet = await readAndAnalyze(root, { analysis: { nowSeconds: nowSeconds(values) } });
  if (!fleet.valid) return fleet.stop;
  const model = fleet.model;
  // Only what bears on the atlas is printed: the fleet's warnings belong to `diene validate`.
  const diagnostics: Diagnostic[] = [];

  const options: AtlasOptions = {};
  const intakeFlag = stringOption(values, 'intake');
  if (intakeFlag !== undefined) {
    const [platform, service, extra] = intakeFlag.split('/');
    if (extra !== undefined || !model.platforms.some((p) => p.name === platform && p.services.some((s) => s.name === service))) {
      const first = model.platforms.find((p) => p.services.length > 0);
      return {
        diagnostics: [
          diagnose(FLEET_WIDE, 'simulate_service_unknown', {
            option: 'intake',
            value: intakeFlag,
            example: first ? `${first.name}/${first.services[0]?.name}` : 'nitroso/tin',
          }),
        ],
        exitCode: EXIT.invalid,
      };
    }
    options.intake = { platform: platform as string, service: service as string };
  }
  const healthFlag = stringOption(values, 'health');
  if (healthFlag !== undefined) {
    const file = await readTextFile(path.resolve(healthFlag), root);
    diagnostics.push(...file.diagnostics);
    if (file.file) {
      const result = loadDnsHealth(file.file, dnsIntent(model).clusters, inputValidators());
      diagnostics.push(...result.diagnostics);
      if (result.health) options.health = { health: result.health, file: path.basename(healthFlag) };
    }
  }
  if (hasErrors(diagnostics)) return { diagnostics: sortDiagnostics(diagnostics), exitCode: EXIT.invalid };

  const notes: string[] = [];
  const baseFlag = stringOption(values, 'base');
  if (baseFlag !== undefined) {
    const baseRoot = path.resolve(baseFlag);
    const notFleet = whyBaseNotFleet(baseRoot, baseFlag, repositoryPrefix(root, values), 'atlas');
    if (notFleet) return { diagnostics: [diagnoseFinding({ file: fromFleetRoot(root, baseRoot) }, notFleet)], exitCode: EXIT.invalid };
    const base = await readAndAnalyze(baseRoot, { analysis: { nowSeconds: nowSeconds(values) } });
    // A base that does not compile with this diene (an older layout, a broken main) leaves the pages unmarked, said so.
    // The pages say so too: the site is read as a CI artifact, away from this terminal.
    if (base.valid) options.base = { model: base.model, label: baseFlag };
    else {
      const errors = base.diagnostics.filter((d) => d.severity === 'error').length;
      options.baseUnusable = { label: baseFlag, errors };
      notes.push(
        `note: the base fleet at ${shownPath(baseRoot)} does not compile with this diene (${counted(errors, 'error')}); the atlas is drawn with no marks, and each page's header says so`,
      );
    }
  }

  const plan = atlasPlan(model, options);
  try {
    await writeOutputTree(outDir, plan, { kind: 'atlas' });
  } catch (error) {
    if (error instanceof OutputForeignError)
      return { diagnostics: [...diagnostics, ...foreignDiagnostics(error, await foreignPlace(error, outDir, root, 'atlas'))], exitCode: EXIT.invalid };
    if (error instanceof OutputBusyError)
      return {
        diagnostics: [...diagnostics, diagnose({}, 'output_busy', { pid: error.pid ?? '?', out: outDir, lock: error.lock, waited: error.waitedMs / 1000 })],
        exitCode: EXIT.invalid,
      };
    if (typeof (error as NodeJS.ErrnoException | undefined)?.code !== 'string') throw error;
    return { diagnostics: [...diagnostics, diagnose({}, 'output_write_failed', { out: outDir, errno: errnoCode(error) })], exitCode: EXIT.invalid };
  }
  const index = shownPath(path.join(outDir, 'index.html'));
  return {
    diagnostics: sortDiagnostics(diagnostics),
    notes: [...notes, `wrote the atlas, ${plan.size} pages, to ${shownPath(outDir)}; open ${index}`],
    exitCode: EXIT.ok,
  };
}

/** `diene atlas`: the command as listed in cli.ts. */
export const atlasCommand: Command = { ...fromHelp(atlasHelp), run: runAtlas };
