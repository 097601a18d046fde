/**
 * JSON loading with positions, for claims (SPEC §2 `claims/domains/<host>.json`).
 * The text must be strict JSON (RFC 8259: no comments, no trailing commas,
 * checked by `JSON.parse`); positions and duplicate-key detection come from
 * reading the same text through the YAML node model, of which JSON is a subset.
 */
import { diagnose, type Diagnostic } from '../diagnostics/diagnostic.js';
import { NESTING_LIMIT, tooDeepJsonOffset } from './input-limits.js';
import { parseYaml, type ParseOptions, type ParseResult } from './parse-yaml.js';
import { spanLocation, type SourceFile } from './source-file.js';

function syntaxErrorOffset(message: string, text: string): number {
  const position = /at position (\d+)/.exec(message);
  if (position) return Number(position[1]);
  const lineColumn = /line (\d+) column (\d+)/.exec(message);
  if (lineColumn) {
    const lines = text.split('\n');
    let offset = 0;
    for (let i = 0; i < Number(lineColumn[1]) - 1; i++) offset += (lines[i]?.length ?? 0) + 1;
    return offset + Number(lineColumn[2]) - 1;
  }
  return text.length;
}

/** Parses `file` as strict JSON with positions; returns the document or the reasons it is refused, and the values it holds (`valueBudget` as for {@link parseYaml}). */
export function parseJson(file: SourceFile, options: Pick<ParseOptions, 'valueBudget'> = {}): ParseResult {
  // Before anything recursive reads it: JSON.parse copes with any depth, the YAML composer does not.
  const tooDeep = tooDeepJsonOffset(file.text);
  if (tooDeep !== undefined) return { diagnostics: [diagnose(spanLocation(file, tooDeep, tooDeep + 1), 'input_too_deep', { limit: NESTING_LIMIT })] };
  try {
    JSON.parse(file.text);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    const offset = syntaxErrorOffset(message, file.text);
    const reason = message
      .replace(/^JSON\.parse: /, '')
      .replace(/ in JSON at position \d+.*$/s, '')
      .replace(/ \(line \d+ column \d+\)$/, '');
    return { diagnostics: [diagnose(spanLocation(file, offset, offset + 1), 'json_syntax', { reason })] };
  }
  const result = parseYaml(file, { ...options, json: true });
  return { ...result, diagnostics: result.diagnostics.filter((d) => d.code !== 'yaml_ambiguous_boolean') };
}
