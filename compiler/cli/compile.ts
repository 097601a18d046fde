/**
 * `diene compile [--fleet DIR] [--out DIR] [--check]` (SPEC §3, §5): writes the
 * output tree all-or-nothing, or with `--check` compares it with the tree on
 * disk and exits 1 with a unified diff (stdout) and the list of stale,
 * missing and extra files (stderr).
 */
import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { INPUT_FOLDERS } from '../1-load/fleet-layout.js';
import { readOutputTree, recoverInterruptedSwap, writeOutputTree } from '../adapters/filesystem/output-tree.js';
import { diagnose, hasErrors, sortDiagnostics } from '../diagnostics/diagnostic.js';
import { compileFleet } from '../index.js';
import { serialOption } from './book-serial.js';
import { CHECK_OUTPUT_OPTIONS, staleCheckOutput } from './check-output.js';
import { diffOutputTrees, isFresh } from '../plan/output-tree-diff.js';
import { COMMON_OPTIONS, EXIT, fleetRoot, nowSeconds, readFleet, stringOption, type Command, type CommandInput, type CommandResult } from './command.js';

function isInside(child: string, parent: string): boolean {
  const relative = path.relative(parent, child);
  return relative === '' || (!relative.startsWith('..') && !path.isAbsolute(relative));
}

/** Why `outDir` may not be the output directory of the fleet at `root` (SPEC §2: never inside an input folder, never the fleet root), or `undefined`. */
export function outputLocationProblem(root: string, outDir: string): string | undefined {
  if (outDir === root) return 'is the fleet root';
  if (isInside(root, outDir)) return 'contains the fleet';
  for (const folder of INPUT_FOLDERS) if (isInside(outDir, path.join(root, folder))) return `lies inside the input folder ${folder}/`;
  if (existsSync(outDir) && !statSync(outDir).isDirectory()) return 'exists and is not a directory';
  return undefined;
}

async function runCompile({ values, format }: CommandInput): Promise<CommandResult> {
  const root = fleetRoot(values);
  const outFlag = stringOption(values, 'out');
  const outDir = outFlag === undefined ? path.join(root, 'generated') : path.resolve(outFlag);
  const problem = outputLocationProblem(root, outDir);
  if (problem) return { diagnostics: [diagnose({}, 'output_location_invalid', { out: outDir, reason: problem })], exitCode: EXIT.invalid };
  const read = await readFleet(root);
  const result = compileFleet(read.files, { nowSeconds: nowSeconds(values), serial: serialOption(values) ?? 0 });
  const diagnostics = sortDiagnostics([...read.diagnostics, ...result.diagnostics]);
  if (hasErrors(diagnostics) || !result.outputs) return { diagnostics, exitCode: EXIT.invalid };
  if (values['check']) {
    await recoverInterruptedSwap(outDir);
    const onDisk = await readOutputTree(outDir);
    const diff = diffOutputTrees(result.outputs, onDisk);
    if (isFresh(diff))
      return {
        diagnostics,
        notes: [`fresh: ${result.outputs.size} files in ${path.relative(process.cwd(), outDir) || '.'} match the inputs`],
        exitCode: EXIT.ok,
      };
    const notes = [
      `stale: generated files differ from what the inputs produce; run \`diene compile\` and commit the result`,
      ...diff.stale.map((f) => `  stale   ${f}`),
      ...diff.missing.map((f) => `  missing ${f}`),
      ...diff.extra.map((f) => `  extra   ${f}`),
    ];
    const review = await staleCheckOutput({ wanted: result.outputs, onDisk, diff, outDir, values, format });
    return { stdout: review.stdout, diagnostics, notes: [...notes, ...review.notes], exitCode: EXIT.stale };
  }
  await writeOutputTree(outDir, result.outputs);
  return { diagnostics, notes: [`wrote ${result.outputs.size} files to ${path.relative(process.cwd(), outDir) || '.'}`], exitCode: EXIT.ok };
}

export const compileCommand: Command = {
  name: 'compile',
  usage: 'diene compile  [--fleet DIR] [--out DIR] [--check [--diff-lines N|all] [--diff-file FILE]] [--serial N] [--format text|json|github]',
  options: { ...COMMON_OPTIONS, out: { type: 'string' }, check: { type: 'boolean' }, serial: { type: 'string' }, ...CHECK_OUTPUT_OPTIONS },
  run: runCompile,
};
