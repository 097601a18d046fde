// docs/diagnostics-reference.md must be exactly what `npm run gen:docs`
// produces from the catalog and test/cases/ now.

import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { catalog, GRAMMAR_REASON_CODES, grammarReasons } from '../../compiler/diagnostics/catalog.js';
import { REFERENCE_PAGE, ROOT, diagnosticsReference } from '../../scripts/generate-diagnostics-reference-lib.mjs';
import { readMarkdown } from '../support/markdown-links.js';

describe('docs/diagnostics-reference.md', () => {
  const generated = diagnosticsReference(catalog, { codes: GRAMMAR_REASON_CODES, texts: grammarReasons });

  it('is generated from the catalog and the sample cases as they are (run `npm run gen:docs`)', async () => {
    expect(readFileSync(path.join(ROOT, REFERENCE_PAGE), 'utf8')).toBe(await generated);
  }, 60_000);

  it('has a heading per code, and an entry gives its severity, message, hint and sample cases', async () => {
    const page = await generated;
    const anchors = readMarkdown(page).anchors;
    expect(Object.keys(catalog).filter((code) => !anchors.has(code))).toEqual([]);
    const start = page.indexOf('### region_unsupported');
    const entry = page.slice(start, page.indexOf('\n#', start) + 1);
    expect(entry).toBe(
      [
        '### region_unsupported',
        '',
        '**error**: provider "{provider}" is not offered in region {region} (cluster {cluster})',
        '',
        `Fix: ${catalog.region_unsupported.hint}`,
        '',
        'Sample cases:',
        '',
        '- [region_unsupported](../test/cases/region_unsupported/case.yaml): a cluster on a provider its region does not offer',
        '',
        '',
      ].join('\n'),
    );
  });

  it('changes when a message changes, and escapes what Markdown would read as markup outside code spans', async () => {
    const changed = await diagnosticsReference({ ...catalog, region_unsupported: { ...catalog.region_unsupported, message: 'a <b> *c* | `<d>`' } });
    expect(changed).toContain('**error**: a &lt;b&gt; \\*c\\* \\| `<d>`\n');
    expect(changed).not.toBe(await generated);
  });
});
