/**
 * The Markdown a check appends to `$GITHUB_STEP_SUMMARY` under GitHub Actions
 * (`diene validate`, `diene compile --check`): the command, its verdict, the
 * counts, and a table of its findings (at most {@link SUMMARY_ROWS}, the rest
 * counted), places relative to the repository root. Every value is escaped
 * as the pull request report escapes it (markdown-text.ts): a file name or a
 * message from the inputs can neither break the table nor inject HTML, links
 * or mentions; the commands the verdict and the hints put in backticks are
 * code spans. Pure.
 */
import type { Diagnostic } from '../diagnostics/diagnostic.js';
import { redacted } from '../diagnostics/format.js';
import { markdownCode, markdownProse, markdownText } from './markdown-text.js';
import { counted } from '../diagnostics/counted.js';

/** Findings listed in the summary's table; GitHub caps a step's summary at 1 MiB, and a reader needs the first ones. */
export const SUMMARY_ROWS = 50;

/** What a command says in the summary besides its findings. */
export interface StepSummary {
  /** The command as run, e.g. `diene compile --check`. */
  title: string;
  /** One line: what the run found (fresh, stale, valid, …); a command it suggests in backticks, shown as code. */
  verdict: string;
}

function place(d: Diagnostic): string {
  if (d.file === null) return '';
  return markdownCode(`${d.file}${d.line !== null ? `:${d.line}` : ''}${d.column !== null ? `:${d.column}` : ''}`);
}

/** The summary section for one run, ending with a blank line so that sections appended by later steps stay apart. */
export function formatStepSummary(summary: StepSummary, diagnostics: readonly Diagnostic[], passed: boolean): string {
  const errors = diagnostics.filter((d) => d.severity === 'error').length;
  const warnings = diagnostics.length - errors;
  const lines = [
    `### ${markdownText(summary.title)}: ${passed ? 'passed' : 'failed'}`,
    '',
    markdownProse(summary.verdict),
    '',
    `${counted(errors, 'error')}, ${counted(warnings, 'warning')}`,
  ];
  if (diagnostics.length > 0) {
    lines.push('', '| severity | code | place | message |', '| --- | --- | --- | --- |');
    for (const d of diagnostics.slice(0, SUMMARY_ROWS).map(redacted))
      lines.push(`| ${d.severity} | ${markdownCode(d.code)} | ${place(d)} | ${markdownText(d.message)}<br>hint: ${markdownProse(d.hint)} |`);
    if (diagnostics.length > SUMMARY_ROWS) lines.push('', `… and ${diagnostics.length - SUMMARY_ROWS} more; the job log lists them all`);
  }
  return `${lines.join('\n')}\n\n`;
}
