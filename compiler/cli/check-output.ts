/**
 * What `diene compile --check` prints when the output tree is stale (exit 1),
 * for a person at a terminal and for a pull request's CI log:
 * stdout gets the review (summary first, then the unified diff cut at
 * `--diff-lines`, default {@link DEFAULT_DIFF_LINES}, with a pointer to the
 * full diff); `--diff-file FILE` also writes the whole diff to FILE; each
 * stale, missing or extra file is also a finding (`output_stale`), which the
 * github form makes an annotation (at most 10, the rest counted) and the sarif
 * form a result. Colour only when stdout is a TTY and NO_COLOR is unset.
 */
import { writeText } from '../adapters/filesystem/files.js';
import path from 'node:path';
import { diagnose, type Diagnostic } from '../diagnostics/diagnostic.js';
import { outputChanges } from '../plan/output-changes.js';
import type { OutputTreeDiff } from '../plan/output-tree-diff.js';
import { formatReview, useColour } from '../report/check-review.js';
import { invalidValue, stringOption, type OptionValues } from './command.js';
import { realOutputPath } from '../adapters/filesystem/output-location.js';

/** Diff lines printed by default: enough for a reviewer, short enough for a CI log. */
export const DEFAULT_DIFF_LINES = 400;

/** The `--check` options this module reads (added to `compile`'s options). */
export const CHECK_OUTPUT_OPTIONS = { 'diff-lines': { type: 'string' }, 'diff-file': { type: 'string' } } as const;

/** `--diff-lines N|all` → a line count (`Infinity` for all). Throws {@link UsageError} on anything else. */
export function diffLinesOption(values: OptionValues): number {
  const flag = stringOption(values, 'diff-lines');
  if (flag === undefined) return DEFAULT_DIFF_LINES;
  if (flag === 'all') return Infinity;
  if (!/^\d+$/.test(flag)) throw invalidValue('--diff-lines', flag, 'a number of lines or "all"', '--diff-lines 400 or --diff-lines all');
  return Number(flag);
}

/** The stdout review and the findings (one `output_stale` per file, named from the fleet root `root`) of a stale `--check`. Writes `--diff-file` when given. */
export async function staleCheckOutput(input: {
  wanted: ReadonlyMap<string, string>;
  onDisk: ReadonlyMap<string, string>;
  diff: OutputTreeDiff;
  outDir: string;
  root: string;
  values: OptionValues;
}): Promise<{ stdout: string; findings: Diagnostic[] }> {
  const diffLines = diffLinesOption(input.values);
  const diffFile = stringOption(input.values, 'diff-file');
  if (diffFile !== undefined) await writeText(path.resolve(diffFile), input.diff.patch);
  const outRelative = path.relative(process.cwd(), input.outDir) || '.';
  const stdout = formatReview(outputChanges(input.onDisk, input.wanted), input.diff.patch, {
    colour: useColour(process.stdout.isTTY, process.env),
    diffLines,
    outDir: outRelative,
    ...(diffFile !== undefined ? { diffFile } : {}),
  });
  // The output directory is resolved through symbolic links: so is the fleet root it is named from.
  const root = realOutputPath(input.root);
  const finding = (file: string, state: string) => {
    const where = path.relative(root, path.join(input.outDir, file)).split(path.sep).join('/');
    return diagnose({ file: where }, 'output_stale', { state });
  };
  const findings = [
    ...input.diff.stale.map((f) => finding(f, 'differs from what the inputs produce')),
    ...input.diff.missing.map((f) => finding(f, 'is produced by the inputs but is not in the output directory')),
    ...input.diff.extra.map((f) => finding(f, 'is no longer produced by the inputs')),
  ];
  return { stdout, findings };
}
