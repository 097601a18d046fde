/**
 * Hostile text in the pull request report (issue 14): file names, messages,
 * hints, object names and paths carry `|`, backticks, HTML, @mentions, links
 * and line feeds into the Markdown CI posts as a comment. Rendered with a
 * GitHub-flavoured Markdown renderer (marked, GFM: tables and autolinks), the
 * report must have exactly the structure it has with plain text in the same
 * places, show each hostile text as the characters it holds, and hold no
 * link, image, HTML element, mention or issue reference of its own.
 */
import { JSDOM } from 'jsdom';
import { marked } from 'marked';
import { describe, expect, it } from 'vitest';
import { diagnose, type Diagnostic } from '../../compiler/diagnostics/diagnostic.js';
import { printable } from '../../compiler/diagnostics/format.js';
import { outputChanges } from '../../compiler/plan/output-changes.js';
import { markdownCode, markdownProse, markdownText } from '../../compiler/report/markdown-text.js';
import { renderReport } from '../../compiler/report/pr-report.js';

const HOSTILE = [
  'a | b || c',
  'close `code` and ``more``',
  '<img src=https://tracker.example/p.png onerror=alert(1)><details open><summary>x</summary>',
  'cc @octocat and @github/security, mail admin@example.com',
  'see https://evil.example/x and www.evil.example and <https://evil.example/y>',
  '[click](https://evil.example/z) ![pixel](https://tracker.example/q.png) [ref][1]\n\n[1]: https://evil.example',
  'fixes #123 and org/repo#456',
  '**bold** _em_ ~~strike~~ $x^2$ \\| \\`',
  'line one\n| injected | row |\r\n## heading',
  '&lt;escaped&gt; &amp; &#64;entity',
];

/** The rendered report as a DOM. */
function render(markdown: string): Document {
  return new JSDOM(marked.parse(markdown, { gfm: true, async: false })).window.document;
}

/** The element structure of `node`: tag names in document order, with each table row's cell count. */
function skeleton(doc: Document): string[] {
  return [...doc.body.querySelectorAll('*')].map((element) => (element.tagName === 'TR' ? `TR/${element.children.length}` : element.tagName));
}

/** What a reader sees of `text` once rendered: controls and line feeds shown, zero-width spaces invisible. */
const shown = (text: string): string => printable(text, 'line');
const visible = (element: Element): string => (element.textContent ?? '').replace(/\u200b/g, '');

function errorReport(texts: readonly string[]): string {
  const diagnostics: Diagnostic[] = texts.map((text) => ({
    ...diagnose({ file: `registry/${text}.yaml`, line: 1, column: 1 }, 'yaml_syntax', { reason: text, fix: 'diene report' }),
    hint: text,
  }));
  return renderReport({ version: '0.1.0', diagnostics, comparedWith: 'against the base branch', platforms: [] });
}

function changeReport(texts: readonly string[]): string {
  const before = new Map<string, string>();
  const after = new Map<string, string>();
  texts.forEach((text, i) => {
    before.set(`argocd/${text}.yaml`, `apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: ${JSON.stringify(text)}\n  namespace: n${i}\n`);
    after.set(`argocd/${text}.yaml`, `apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: ${JSON.stringify(text)}\n  namespace: n${i}\ndata: {a: "1"}\n`);
  });
  const warnings = texts.map((text) => ({
    ...diagnose({ file: `claims/${text}.json`, line: 2, column: 3 }, 'yaml_syntax', { reason: text, fix: 'diene report' }),
    severity: 'warning' as const,
  }));
  return renderReport({
    version: '0.1.0',
    diagnostics: warnings,
    changes: outputChanges(before, after),
    comparedWith: `against ${texts[0]}`,
    platforms: [],
    note: texts.join(' '),
  });
}

describe('hostile text in the pull request report', () => {
  // Plain text that is not a path either (a path would be shown as code, a structure of its own).
  const plain = HOSTILE.map((_, i) => `plain text ${i}!`);

  for (const [name, report] of [
    ['the error table', errorReport],
    ['the change tables, lists and note', changeReport],
  ] as const) {
    it(`leaves ${name} as it is with plain text, showing each text as it is`, () => {
      const hostile = render(report(HOSTILE));
      expect(skeleton(hostile)).toEqual(skeleton(render(report(plain))));
      expect(hostile.querySelectorAll('a, img, script, iframe').length).toBe(0);
      const text = visible(hostile.body);
      for (const line of HOSTILE) expect(text).toContain(shown(line));
      // GitHub finds mentions, references and bare links in the rendered text: each is broken by a zero-width space.
      const raw = hostile.body.textContent ?? '';
      expect(raw).not.toMatch(/@[A-Za-z0-9]/);
      expect(raw).not.toMatch(/#[0-9]/);
      expect(raw).not.toMatch(/:\/\/|www\./i);
    });
  }

  it('keeps each error in one row of four cells', () => {
    const rows = [...render(errorReport(HOSTILE)).querySelectorAll('table tr')].slice(1);
    const cells = rows.map((row) => [...row.children].map(visible));
    expect(cells.map((c) => c.length)).toEqual(HOSTILE.map(() => 4));
    expect(cells.map((c) => c[2]).sort()).toEqual(HOSTILE.map(shown).sort());
    expect(cells.map((c) => c[0]).sort()).toEqual(HOSTILE.map((text) => shown(`registry/${text}.yaml:1:1`)).sort());
  });
});

describe('markdownText and markdownCode', () => {
  it('escape table syntax, code, HTML, emphasis, links and math, and break mentions, references and autolinks', () => {
    expect(markdownText('a|b <c> & d\ne')).toBe('a\\|b &lt;c&gt; &amp; d␤e');
    expect(markdownText('`x` *y* _z_ ~w~ [l](u) ![i](s) $m$ \\')).toBe('\\`x\\` \\*y\\* \\_z\\_ \\~w\\~ \\[l\\]\\(u\\) \\!\\[i\\]\\(s\\) &#36;m&#36; \\\\');
    expect(markdownText('@octocat #12 https://x.example www.x.example')).toBe('@\u200boctocat \\#\u200b12 https:\u200b//x.example www\u200b.x.example');
  });

  it('make a code span only of plain text', () => {
    expect(markdownCode('registry/clusters/raichu-opal.yaml:4:11')).toBe('`registry/clusters/raichu-opal.yaml:4:11`');
    expect(markdownCode('kargo.akuity.io/Stage nitroso/tin-pikachu')).toBe('`kargo.akuity.io/Stage nitroso/tin-pikachu`');
    expect(markdownCode('a`b|c')).toBe('a\\`b\\|c');
    expect(markdownCode(' padded')).toBe(' padded');
  });
});

describe('markdownProse', () => {
  it('shows the backticked commands of a verdict as code and the rest as text', () => {
    const verdict = "stale: 1 file (of 46) differs; run `diene compile --fleet 'my fleet'` and commit the result";
    expect(markdownProse(verdict)).toBe("stale: 1 file \\(of 46\\) differs; run `diene compile --fleet 'my fleet'` and commit the result");
    const paragraph = render(markdownProse(verdict)).body;
    expect([...paragraph.querySelectorAll('code')].map((code) => code.textContent)).toEqual(["diene compile --fleet 'my fleet'"]);
    expect(paragraph.textContent?.trim()).toBe(verdict.replace(/`/g, ''));
  });

  it('keeps hostile text inert: a part that cannot be a code span, and text with an unpaired backtick, are escaped as markdownText does', () => {
    expect(markdownProse('run `a|b` or ` x` or `<img src=y>`')).toBe('run a\\|b or  x or `<img src=y>`');
    expect(render(markdownProse('run `<img src=y>`')).body.querySelector('img')).toBeNull();
    expect(markdownProse('one ` backtick')).toBe(markdownText('one ` backtick'));
    expect(markdownProse('`line\nbreak`')).toBe('line␤break');
    for (const text of HOSTILE) {
      const doc = render(markdownProse(text));
      expect(doc.body.querySelectorAll('a, img, details, table, h2').length, text).toBe(0);
    }
  });
});
