/**
 * Diagnostic text forms (SPEC §5). Text: `file:line:col: error|warning code: message`,
 * the source line with a caret under the span, then `hint: …`; findings with no
 * file start with `diene:`. JSON: one array of `{severity, code, file, line,
 * column, endLine, endColumn, message, hint, pointer, related}`. GitHub:
 * `::error file=…,line=…,col=…::` workflow annotations.
 */
import type { Diagnostic } from './diagnostic.js';

function caretLine(diagnostic: Diagnostic): string | undefined {
  if (diagnostic.sourceLine === undefined || diagnostic.column === null) return undefined;
  const line = diagnostic.sourceLine.replace(/\t/g, ' ');
  const start = diagnostic.column - 1;
  const codePoints = [...line];
  const sameLine = diagnostic.endLine === diagnostic.line && diagnostic.endColumn !== null;
  const width = sameLine ? Math.max(1, (diagnostic.endColumn as number) - diagnostic.column) : Math.max(1, codePoints.length - start);
  return `  ${line}\n  ${' '.repeat(Math.max(0, start))}${'^'.repeat(width)}`;
}

/** One diagnostic in text form (several lines, no trailing newline). */
export function formatText(diagnostic: Diagnostic): string {
  let place = 'diene';
  if (diagnostic.file !== null) {
    place = diagnostic.file;
    if (diagnostic.line !== null) place += `:${diagnostic.line}`;
    if (diagnostic.column !== null) place += `:${diagnostic.column}`;
  }
  const lines = [`${place}: ${diagnostic.severity} ${diagnostic.code}: ${diagnostic.message}`];
  const caret = caretLine(diagnostic);
  if (caret !== undefined) lines.push(caret);
  for (const related of diagnostic.related)
    lines.push(
      `  note: ${related.file ?? 'diene'}${related.line !== null ? `:${related.line}` : ''}${related.column !== null ? `:${related.column}` : ''}: ${related.message}`,
    );
  if (diagnostic.hint) lines.push(`  hint: ${diagnostic.hint}`);
  return lines.join('\n');
}

/** A report: every diagnostic in text form, then a count line. Empty string when there is nothing to say. */
export function formatTextReport(diagnostics: readonly Diagnostic[]): string {
  if (diagnostics.length === 0) return '';
  const errors = diagnostics.filter((d) => d.severity === 'error').length;
  const warnings = diagnostics.length - errors;
  const summary = `${errors} error${errors === 1 ? '' : 's'}, ${warnings} warning${warnings === 1 ? '' : 's'}`;
  return `${diagnostics.map(formatText).join('\n\n')}\n\n${summary}\n`;
}

/** The JSON form: an array, keys in a fixed order, no `sourceLine`. */
export function formatJson(diagnostics: readonly Diagnostic[]): string {
  const plain = diagnostics.map((d) => ({
    severity: d.severity,
    code: d.code,
    file: d.file,
    line: d.line,
    column: d.column,
    endLine: d.endLine,
    endColumn: d.endColumn,
    message: d.message,
    hint: d.hint,
    pointer: d.pointer,
    related: d.related,
  }));
  return `${JSON.stringify(plain, null, 2)}\n`;
}

function escapeProperty(text: string): string {
  return text.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A').replace(/:/g, '%3A').replace(/,/g, '%2C');
}

function escapeData(text: string): string {
  return text.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
}

/** GitHub Actions workflow commands, one line a diagnostic. */
export function formatGithub(diagnostics: readonly Diagnostic[]): string {
  return diagnostics
    .map((d) => {
      const properties = [
        d.file !== null ? `file=${escapeProperty(d.file)}` : undefined,
        d.line !== null ? `line=${d.line}` : undefined,
        d.column !== null ? `col=${d.column}` : undefined,
        d.endLine !== null ? `endLine=${d.endLine}` : undefined,
        d.endColumn !== null ? `endColumn=${d.endColumn}` : undefined,
        `title=${escapeProperty(d.code)}`,
      ].filter((p) => p !== undefined);
      return `::${d.severity} ${properties.join(',')}::${escapeData(`${d.message} (hint: ${d.hint})`)}\n`;
    })
    .join('');
}
