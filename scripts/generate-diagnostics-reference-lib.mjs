// The diagnostics reference, docs/diagnostics-reference.md, generated from the
// catalog (compiler/diagnostics/catalog.ts) and the sample cases under
// test/cases/ by `npm run gen:docs`, never edited by hand;
// test/docs/diagnostics-reference.test.ts fails when it is stale.

import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as prettier from 'prettier';
import { parse } from 'yaml';

/** Absolute path of the repository root. */
export const ROOT = fileURLToPath(new URL('..', import.meta.url));

/** Repository-relative path of the generated page. */
export const REFERENCE_PAGE = 'docs/diagnostics-reference.md';

/** Repository-relative folder of the sample cases, one folder `<code>` or `<code>--<variant>` each. */
export const CASES_DIR = 'test/cases';

/** Catalog text as Markdown text: code spans kept, everything else that Markdown would read as markup escaped. */
function markdownText(text) {
  return text
    .split(/(`[^`\n]+`)/)
    .map((part, index) =>
      index % 2 === 1
        ? part
        : part
            .replace(/[\\*_[\]|#]/g, '\\$&')
            .replace(/</g, '&lt;')
            .replace(/>/g, '&gt;'),
    )
    .join('');
}

/** Each case folder's code and description, by code. */
async function sampleCases() {
  const byCode = new Map();
  const folders = (await readdir(path.join(ROOT, CASES_DIR), { withFileTypes: true })).filter((entry) => entry.isDirectory()).map((entry) => entry.name);
  for (const folder of folders.sort()) {
    const text = await readFile(path.join(ROOT, CASES_DIR, folder, 'case.yaml'), 'utf8').catch(() => undefined);
    if (text === undefined) continue;
    const description = String(parse(text)?.description ?? '').trim();
    const code = folder.split('--')[0];
    byCode.set(code, [...(byCode.get(code) ?? []), { folder, description }]);
  }
  return byCode;
}

/**
 * The text of the reference page for `catalog` (code → {severity, message, hint}).
 * Deterministic; writes nothing.
 * `reasons` is the closed set of `{reason}` texts some codes share (the
 * catalog's grammar reasons), listed once at the end and linked from each.
 * A placeholder with choices is listed with the fixed text of each value.
 * @param {Readonly<Record<string, {severity: string, message: string, hint: string, choices?: Readonly<Record<string, Readonly<Record<string, string>>>>}>>} catalog
 * @param {{codes: readonly string[], texts: Readonly<Record<string, string>>}} [reasons]
 * @returns {Promise<string>}
 */
export async function diagnosticsReference(catalog, reasons = { codes: [], texts: {} }) {
  const cases = await sampleCases();
  const codes = Object.keys(catalog).sort();
  const areas = new Map();
  for (const code of codes) {
    const area = code.split('_')[0];
    areas.set(area, [...(areas.get(area) ?? []), code]);
  }
  const lines = [
    '<!-- Generated from compiler/diagnostics/catalog.ts and test/cases/ by `npm run gen:docs`. Do not edit. -->',
    '',
    '# Diagnostics reference',
    '',
    `Every code diene reports (${codes.length}: ${codes.filter((code) => catalog[code].severity === 'error').length} errors, ${
      codes.filter((code) => catalog[code].severity === 'warning').length
    } warnings), with its message, its hint and the sample cases that produce it. ` +
      '`{name}` stands for a value the diagnostic fills in. An error stops the command (exit 2, nothing written); ' +
      'a warning is printed and the command goes on. How to read a diagnostic: [diagnostics.md](diagnostics.md).',
    '',
    `Areas: ${[...areas.keys()].map((area) => `[${area}](#${area})`).join(', ')}.`,
    '',
  ];
  for (const [area, areaCodes] of areas) {
    lines.push(`## ${area}`, '');
    for (const code of areaCodes) {
      const entry = catalog[code];
      lines.push(`### ${code}`, '', `**${entry.severity}**: ${markdownText(entry.message)}`, '', `Fix: ${markdownText(entry.hint)}`, '');
      if (reasons.codes.includes(code)) lines.push('`{reason}` is one of the [grammar reasons](#grammar-reasons).', '');
      for (const [name, options] of Object.entries(entry.choices ?? {})) {
        const keys = Object.keys(options);
        if (keys.includes('EACCES')) {
          // The operating system's error codes: the code is the text's first word.
          lines.push(
            `\`{${name}}\` is the operating system's error code with its meaning: ${keys
              .filter((key) => key !== 'other')
              .map((key) => `\`${key}\``)
              .join(', ')}, or "${markdownText(options.other)}".`,
            '',
          );
          continue;
        }
        lines.push(`\`{${name}}\` is one of:`, '');
        for (const key of keys) lines.push(`- \`${key}\`: ${options[key] === '' ? '(nothing)' : markdownText(options[key])}`);
        lines.push('');
      }
      const samples = cases.get(code) ?? [];
      if (samples.length > 0) {
        lines.push('Sample cases:', '');
        for (const sample of samples) lines.push(`- [${sample.folder}](../${CASES_DIR}/${sample.folder}/case.yaml): ${markdownText(sample.description)}`);
        lines.push('');
      }
    }
  }
  const reasonKeys = Object.keys(reasons.texts).sort();
  if (reasonKeys.length > 0) {
    lines.push(
      '## Grammar reasons',
      '',
      `The \`{reason}\` of ${reasons.codes.map((code) => `[${code}](#${code})`).join(', ')}: why a value breaks its grammar, one of:`,
      '',
    );
    for (const key of reasonKeys) lines.push(`- \`${key}\`: it ${markdownText(reasons.texts[key])}`);
    lines.push('');
  }
  const absOut = path.join(ROOT, REFERENCE_PAGE);
  const config = (await prettier.resolveConfig(absOut)) ?? {};
  return prettier.format(lines.join('\n'), { ...config, filepath: absOut });
}
