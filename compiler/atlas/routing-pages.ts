/**
 * The routing pages: for each landscape, every claim's prefix map per host
 * (the `route_paths` table the compiler writes, main-base hosts and their
 * spare-base twins), each target with its readiness (its row and chart
 * pin), then the prefixes a claim asked for that contribute no row, with the
 * reason (SPEC §3.4: does not exist, homed elsewhere, another account, a host
 * not ready, past the cap); plus an index of the landscapes.
 */
import type { FleetModel, RowModel } from '../2-analyze/fleet-model.js';
import type { RoutePathFinding, RoutePathRow } from '../2-analyze/route-paths.js';
import { parseServiceHost, rowKey } from '../2-analyze/routes.js';
import { ADDED, comparedWith, REMOVED, type BaseView } from './base.js';
import { anchor, esc, relative, rowHeader, table, td, type AtlasPage } from './html.js';

function landscapeOf(model: FleetModel, host: string): string | undefined {
  const parsed = parseServiceHost(model.routes.shape, host);
  return parsed.ok ? parsed.parts.landscape : undefined;
}

function findingRows(finding: RoutePathFinding): string[] {
  switch (finding.kind) {
    case 'host-not-ready':
      return [
        `<tr>${td('<em>every prefix</em>')}${td('')}${td(`the claim's host is not ready (${esc(finding.reason)}, <code>${esc(finding.row)}</code>): its ${finding.prefixes} prefixes make no row`, 'bad')}</tr>`,
      ];
    case 'cap':
      return [
        `<tr>${td(`<em>${finding.dropped.length} prefixes</em>, from <code>${esc(finding.dropped[0] ?? '')}</code>`)}${td('')}${td(`past the cap of prefixes a claim may hold (${finding.total} asked)`, 'bad')}</tr>`,
      ];
    case 'targets-dropped':
      return [...finding.byReason].flatMap(([reason, dropped]) =>
        dropped.map(
          (d) =>
            `<tr>${td(`<code>${esc(d.prefix)}</code>`)}${td(`<code>${esc(d.target)}</code>`)}${td(`${esc(reason)}${d.unreadyRow !== undefined ? ` (row not ready: <code>${esc(d.unreadyRow)}</code>)` : ''}${d.meant !== undefined ? `; meant <code>${esc(d.meant)}</code>?` : ''}`, 'bad')}</tr>`,
        ),
      );
  }
}

/** The routing page of one landscape (`routing/<landscape>.html`). */
export function routingPage(
  model: FleetModel,
  landscape: string,
  rows: readonly RoutePathRow[],
  findings: readonly RoutePathFinding[],
  rowsByKey: ReadonlyMap<string, RowModel>,
  base?: BaseView,
): AtlasPage {
  const path = `routing/${landscape}.html`;
  const key = (r: RoutePathRow): string => `${r.host}\t${r.prefix}\t${r.target}`;
  const baseRows = base?.model.routes.derivation.tables.get(landscape) ?? [];
  const baseKeys = new Set(baseRows.map(key));
  const headKeys = new Set(rows.map(key));
  const removedRows = baseRows.filter((r) => !headKeys.has(key(r)));
  const byHost = new Map<string, RoutePathRow[]>();
  for (const row of rows) byHost.set(row.host, [...(byHost.get(row.host) ?? []), row]);
  for (const row of removedRows) if (!byHost.has(row.host)) byHost.set(row.host, []);
  const readiness = (target: string): string => {
    const parsed = parseServiceHost(model.routes.shape, target);
    if (!parsed.ok) return td('not a fleet host', 'bad');
    const row = rowsByKey.get(rowKey(parsed.parts.platform, parsed.parts.service, parsed.parts.landscape));
    if (!row) return td('no row', 'bad');
    return row.chart === ''
      ? td(`not ready <span class="muted">(<code>${esc(row.path)}</code>)</span>`, 'bad')
      : td(`ready <span class="muted">(chart <code>${esc(row.chart)}</code>)</span>`, 'ok');
  };
  const sections = [...byHost].map(([host, hostRows]) => {
    const first = (hostRows[0] ?? removedRows.find((r) => r.host === host)) as RoutePathRow;
    const body = [
      ...hostRows.map(
        (r) =>
          `<tr>${rowHeader(`<code>${esc(r.prefix)}</code>${base && !baseKeys.has(key(r)) ? ` ${ADDED}` : ''}`)}${td(`<code>${esc(r.target)}</code>`)}${readiness(r.target)}</tr>`,
      ),
      ...removedRows
        .filter((r) => r.host === host)
        .map(
          (r) =>
            `<tr>${rowHeader(`<del><code>${esc(r.prefix)}</code></del> ${REMOVED}`)}${td(`<del><code>${esc(r.target)}</code></del>`)}${td('no longer a row', 'bad')}</tr>`,
        ),
    ];
    return `<h3 id="${anchor('host', host)}"><code>${esc(host)}</code></h3><p>Claimed by account <code>${esc(first.account)}</code>, app <code>${esc(first.app)}</code>; a path whose first segment is no prefix goes to the host's own route.</p>${table(`Prefix map of ${host}`, ['Prefix', 'Target', 'Target readiness'], body)}`;
  });
  const dropped = findings.flatMap((f) => {
    const list = findingRows(f);
    return list.length === 0
      ? []
      : [
          `<h3 id="${anchor('dropped', f.host)}">Dropped from the claim on <code>${esc(f.host)}</code></h3><p>File <code>${esc(f.file)}</code>.</p>${table(`Prefixes of ${f.host} that make no row`, ['Prefix', 'Target', 'Why no row'], list)}`,
        ];
  });
  const body = [
    `<h1>Routing in ${esc(landscape)}</h1>`,
    comparedWith(base),
    `<p>${rows.length} row${rows.length === 1 ? '' : 's'} of <code>route_paths</code> on ${byHost.size} host${byHost.size === 1 ? '' : 's'}. A prefix is the first segment of a path: <code>paulca</code> serves <code>/paulca</code> and <code>/paulca/x</code>, never <code>/paulcarson</code>. <code>diene route HOST PATH</code> explains one URL.</p>`,
    '<h2 id="maps">Prefix maps</h2>',
    sections.length > 0 ? sections.join('\n') : '<p>No claim maps a prefix in this landscape: its table is empty.</p>',
    '<h2 id="dropped">Prefixes that make no row</h2>',
    dropped.length > 0 ? dropped.join('\n') : '<p>None: every prefix claimed here makes a row.</p>',
  ].join('\n');
  return { path, title: `Routing in ${landscape}`, body };
}

/** The routing pages of every landscape, and their index (`routing/index.html`). */
export function routingPages(model: FleetModel, base?: BaseView): AtlasPage[] {
  const rowsByKey = new Map<string, RowModel>();
  for (const platform of model.platforms)
    for (const service of platform.services) for (const row of service.rows) rowsByKey.set(rowKey(row.platform, row.service, row.landscape), row);
  const findingsBy = new Map<string, RoutePathFinding[]>();
  for (const finding of model.routes.derivation.findings) {
    const landscape = landscapeOf(model, finding.host);
    if (landscape !== undefined) findingsBy.set(landscape, [...(findingsBy.get(landscape) ?? []), finding]);
  }
  const tables = [...model.routes.derivation.tables].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const pages = tables.map(([landscape, rows]) => routingPage(model, landscape, rows, findingsBy.get(landscape) ?? [], rowsByKey, base));
  const indexPath = 'routing/index.html';
  const indexRows = tables.map(([landscape, rows]) => {
    const hosts = new Set(rows.map((r) => r.host)).size;
    const droppedCount = (findingsBy.get(landscape) ?? []).length;
    return `<tr>${rowHeader(`<a href="${esc(relative(indexPath, `routing/${landscape}.html`))}">${esc(landscape)}</a>`)}${td(String(rows.length))}${td(String(hosts))}${droppedCount > 0 ? td(`${droppedCount} claim${droppedCount === 1 ? '' : 's'} with prefixes that make no row`, 'warn') : td('none', 'ok')}</tr>`;
  });
  const index: AtlasPage = {
    path: indexPath,
    title: 'Routing',
    body: [
      '<h1>Routing: prefix maps by landscape</h1>',
      table('route_paths per landscape', ['Landscape', 'Rows', 'Hosts with a prefix map', 'Dropped'], indexRows),
    ].join('\n'),
  };
  return [index, ...pages];
}
