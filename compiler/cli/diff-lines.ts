/** `compile --check --diff-lines N|all`: how much of a stale tree's diff the review prints (check-output.ts). */
import { invalidValue, stringOption, type OptionValues } from './command.js';

/** Diff lines printed by default: enough for a reviewer, short enough for a CI log. */
const DEFAULT_DIFF_LINES = 400;

/** `--diff-lines N|all` → a line count (`Infinity` for all). Throws {@link UsageError} on anything else. */
export function diffLinesOption(values: OptionValues): number {
  const flag = stringOption(values, 'diff-lines');
  if (flag === undefined) return DEFAULT_DIFF_LINES;
  if (flag === 'all') return Infinity;
  if (!/^\d+$/.test(flag)) throw invalidValue('--diff-lines', flag, 'a number of lines or "all"', '--diff-lines 400 or --diff-lines all');
  return Number(flag);
}
