/**
 * `--strict` (docs/diagnostics.md#strict): warnings fail the run, as `helm
 * lint --strict` does. A gate that reads exit codes (CI, a pre-commit hook)
 * otherwise passes a fleet whose only findings are warnings, such as a pin
 * Kargo never discovers (`row_version_not_semver`).
 *
 * Design: the warnings keep their severity in every form (the data stays
 * true); only the exit code and the verdicts change. A run that would exit 0
 * (done, fresh, valid) or 1 (stale) exits 2, invalid input, as a run with an
 * error does (SPEC §5: 2 = invalid input, nothing written; a compile refused
 * this way writes nothing). Warnings about the machine the run is on (the
 * cache's, the job summary's: `isAboutTheMachine`) never count: they never
 * change an output, and a gate must not pass or fail with the runner's disk.
 *
 * Taken by the gates: `compile` (with or without `--check`) and `validate`.
 * Not by `render` (ArgoCD runs it on every sync: a warning must not stop a
 * deploy the pull request's gate already let through) nor by `report` (its
 * exit code never reflects the fleet's findings, errors included: the comment
 * must be posted whatever the gate says).
 */
import { strictWarnings } from '../diagnostics/diagnostic.js';
import { EXIT, type CommandResult, type OptionValues } from './command.js';

/** Whether `--strict` was given. */
export function isStrict(values: OptionValues): boolean {
  return values['strict'] === true;
}

/**
 * `result` as `--strict` ends it: exit 2 in place of 0 or 1 when one of its
 * diagnostics is a warning that counts, the step summary's verdict saying
 * why; unchanged otherwise (no such warning, or an exit code of its own: 2,
 * 3, 4).
 */
export function strictResult(result: CommandResult): CommandResult {
  const counted = strictWarnings(result.diagnostics).length;
  if (counted === 0 || (result.exitCode !== EXIT.ok && result.exitCode !== EXIT.stale)) return result;
  const why = `but --strict treats warnings as errors: ${counted === 1 ? '1 warning fails' : `${counted} warnings fail`} it`;
  return {
    ...result,
    exitCode: EXIT.invalid,
    ...(result.stepSummary ? { stepSummary: { ...result.stepSummary, verdict: `${result.stepSummary.verdict}, ${why}` } } : {}),
  };
}
