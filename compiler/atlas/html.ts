/**
 * The atlas's HTML primitives: escaping and the page shell. Every piece of
 * fleet text (names, hosts, addresses, prefixes, reasons) reaches a page
 * through {@link esc}; names come from pull requests, so nothing of theirs is
 * ever written as markup. Pure: the same arguments give the same bytes.
 */

const ENTITIES: Readonly<Record<string, string>> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** `text` safe in element content and in a double- or single-quoted attribute. */
export function esc(text: string | number): string {
  return String(text).replace(/[&<>"']/g, (c) => ENTITIES[c] as string);
}

/** An anchor id made of `parts`: each part's characters outside `[a-z0-9]` become `-`, with its length kept so two parts never meet. */
export function anchor(...parts: readonly (string | number)[]): string {
  return parts
    .map((p) =>
      String(p)
        .toLowerCase()
        .replace(/[^a-z0-9]/g, '-'),
    )
    .join('_');
}

/** One page of the site: its path under the output folder and its HTML. */
export interface AtlasPage {
  path: string;
  title: string;
  body: string;
}

/** The site's sections, in the navigation's order: path from the site root and label. */
export const SECTIONS = [
  { key: 'fleet', path: 'index.html', label: 'Fleet' },
  { key: 'platforms', path: 'platforms/index.html', label: 'Platforms' },
  { key: 'dns', path: 'dns.html', label: 'DNS' },
  { key: 'routing', path: 'routing/index.html', label: 'Routing' },
  { key: 'drills', path: 'drills.html', label: 'Drills' },
] as const;

/** A section of the navigation. */
export type SectionKey = (typeof SECTIONS)[number]['key'];

/**
 * The page's CSS: light and dark from `prefers-color-scheme`, tables that
 * scroll sideways inside their own box on a phone, outcome colours that
 * always come with their word (never colour alone).
 */
const STYLE = `
:root{color-scheme:light dark;--bg:#ffffff;--fg:#1b1f24;--muted:#4d5560;--line:#c9d1d9;--head:#eef1f4;--link:#0b57a4;
--ok-bg:#dcf3e1;--ok-fg:#0f5323;--warn-bg:#fff1c2;--warn-fg:#5c4300;--bad-bg:#fbdada;--bad-fg:#7d1111;--none-bg:#eceff2;--none-fg:#3b424a;--focus:#b35c00}
@media (prefers-color-scheme:dark){:root{--bg:#0f1318;--fg:#e6e9ed;--muted:#a9b3bd;--line:#3a434d;--head:#1d242c;--link:#8cc4ff;
--ok-bg:#123d22;--ok-fg:#b9f0c8;--warn-bg:#463600;--warn-fg:#ffe59a;--bad-bg:#4a1616;--bad-fg:#ffc8c8;--none-bg:#262d35;--none-fg:#d0d6dc;--focus:#ffb45c}}
*{box-sizing:border-box}
body{margin:0;background:var(--bg);color:var(--fg);font:16px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,"Noto Sans",sans-serif}
a{color:var(--link)}
a:focus-visible,summary:focus-visible,[tabindex]:focus-visible{outline:3px solid var(--focus);outline-offset:2px}
.skip{position:absolute;left:-9999px}.skip:focus{left:8px;top:8px;background:var(--bg);padding:4px 8px;z-index:2}
header{border-bottom:1px solid var(--line);padding:8px 16px}
header p{margin:0;font-weight:700}header p.notice{margin:6px 0 0;padding:4px 8px;font-weight:400}
nav ul{list-style:none;margin:4px 0 0;padding:0;display:flex;flex-wrap:wrap;gap:4px 16px}
nav a[aria-current=page]{font-weight:700;text-decoration-thickness:3px}
main{padding:8px 16px 32px;max-width:1600px}
h1{font-size:1.6rem;margin:12px 0}h2{font-size:1.3rem;margin:28px 0 8px}h3{font-size:1.1rem;margin:20px 0 6px}
.scroll{overflow-x:auto;max-width:100%;border:1px solid var(--line);margin:8px 0}
table{border-collapse:collapse;font-size:.92rem}
th,td{border:1px solid var(--line);padding:4px 8px;text-align:left;vertical-align:top}
thead th,th[scope=row]{background:var(--head)}
code,.mono{font-family:ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;font-size:.88rem;overflow-wrap:anywhere}
.ok{background:var(--ok-bg);color:var(--ok-fg)}.warn{background:var(--warn-bg);color:var(--warn-fg)}
.bad{background:var(--bad-bg);color:var(--bad-fg)}.none{background:var(--none-bg);color:var(--none-fg)}
td.ok a,td.warn a,td.bad a,td.none a{color:inherit}
.muted{color:var(--muted)}
.tag{display:inline-block;border-radius:4px;padding:0 4px;margin:1px 0}
ins{text-decoration:none}del{text-decoration:line-through}
svg text{fill:var(--fg);font:13px system-ui,sans-serif}
svg .node{fill:var(--head);stroke:var(--fg)}svg .edge{stroke:var(--fg);fill:none}svg .arrow{fill:var(--fg)}
svg .manual{stroke-dasharray:5 3}
ul.plain{padding-left:20px}
figure{margin:8px 0}.scroll svg{display:block}
footer{border-top:1px solid var(--line);padding:8px 16px;color:var(--muted);font-size:.85rem}
@media (max-width:640px){main{padding:4px 8px 24px}h1{font-size:1.3rem}th,td{padding:3px 5px}}
`
  .trim()
  .replace(/\n/g, '');

/** `target` (a path from the site root) as a link from the page at `from` (a path from the site root). */
export function relative(from: string, target: string): string {
  const depth = from.split('/').length - 1;
  return `${'../'.repeat(depth)}${target}`;
}

/**
 * The whole HTML document of `page`: a skip link, the site header with its
 * navigation (`section` marked as the current page), the page's body inside
 * `<main>`, and a footer naming what made it. `fleetName` titles the site.
 * `notice` (HTML, already escaped) is a note on the whole site shown in every
 * page's header, such as a `--base` that could not be compared with.
 */
export function documentOf(page: AtlasPage, section: SectionKey, fleetName: string, notice?: string): string {
  const links = SECTIONS.map((s) => {
    const current = s.key === section && s.path === page.path ? ' aria-current="page"' : s.key === section ? ' aria-current="true"' : '';
    return `<li><a href="${esc(relative(page.path, s.path))}"${current}>${esc(s.label)}</a></li>`;
  }).join('');
  return [
    '<!DOCTYPE html>',
    '<html lang="en">',
    '<head>',
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    '<meta name="generator" content="diene atlas">',
    `<title>${esc(page.title)} · ${esc(fleetName)} atlas</title>`,
    `<style>${STYLE}</style>`,
    '</head>',
    '<body>',
    '<a class="skip" href="#main">Skip to the content</a>',
    `<header><p>${esc(fleetName)} atlas</p><nav aria-label="Atlas sections"><ul>${links}</ul></nav>${notice ? `<p class="notice warn" role="note">${notice}</p>` : ''}</header>`,
    `<main id="main">${page.body}</main>`,
    "<footer>Generated by <code>diene atlas</code> from the fleet's files; regenerate it rather than edit it.</footer>",
    '</body>',
    '</html>',
    '',
  ].join('\n');
}

/** A table inside a box that scrolls sideways on a narrow screen: `caption`, the header cells (each `scope="col"`) and the rows (already HTML). */
export function table(caption: string, headers: readonly string[], rows: readonly string[], options: { id?: string } = {}): string {
  const head = headers.map((h) => `<th scope="col">${h}</th>`).join('');
  const id = options.id ? ` id="${esc(options.id)}"` : '';
  return `<div class="scroll" role="region" aria-label="${esc(caption)}" tabindex="0"><table${id}><caption class="muted">${esc(caption)}</caption><thead><tr>${head}</tr></thead><tbody>${rows.join('\n')}</tbody></table></div>`;
}

/** A `<td>` holding `html`, with a class. */
export function td(html: string, className?: string): string {
  return className ? `<td class="${className}">${html}</td>` : `<td>${html}</td>`;
}

/** A row header cell (`scope="row"`). */
export function rowHeader(html: string): string {
  return `<th scope="row">${html}</th>`;
}
