/**
 * The platform pages: one per platform with its services and landscapes, its
 * Kargo pipeline drawn as an SVG graph (the Warehouse, then each group of
 * stages promoted in parallel, with gates, soak and verification), and which
 * rows are ready (a non-empty `pin.chart`, SPEC §3.4); plus the list of
 * platforms. The graph has a `<title>` and `<desc>`, and an ordered list
 * says the same in words.
 */
import type { FleetModel, PlatformModel } from '../2-analyze/fleet-model.js';
import type { StageStep } from '../2-analyze/stage-graph.js';
import { ADDED, changed, comparedWith, REMOVED, worse, type BaseView } from './base.js';
import { anchor, esc, relative, rowHeader, table, td, type AtlasPage } from './html.js';
import { rowIsReady } from '../1-load/row-format.js';

const NODE_W = 180;
const NODE_H = 58;
const COL_GAP = 60;
const ROW_GAP = 18;
const PAD = 12;

function stageLines(step: StageStep): string[] {
  return [
    step.landscape,
    [step.gate === 'manual' ? 'manual gate' : 'auto', step.soak !== undefined ? `soak ${step.soak}` : ''].filter((w) => w !== '').join(', '),
    ...(step.verification.length > 0 ? [`verification ×${step.verification.length}`] : []),
  ];
}

function stageWords(step: StageStep): string {
  return [
    step.gate === 'manual' ? 'promoted by hand (manual gate)' : 'promoted automatically',
    ...(step.soak !== undefined ? [`after Freight soaks ${step.soak} upstream`] : []),
    ...(step.verification.length > 0 ? [`verified by ${step.verification.join(', ')}`] : []),
  ].join(', ');
}

/** The pipeline of `platform` as an inline SVG: the Warehouse, then one column per stage group; edges from every stage of a group to every stage of the next. */
export function pipelineSvg(platform: PlatformModel): string {
  const columns: { lines: string[]; manual: boolean }[][] = [
    [
      {
        lines: ['Warehouse', platform.services.length === 1 ? `${platform.services[0]?.name}` : `one per service (${platform.services.length})`],
        manual: false,
      },
    ],
    ...platform.stageGroups.map((group) => group.map((step) => ({ lines: stageLines(step), manual: step.gate === 'manual' }))),
  ];
  const tallest = Math.max(...columns.map((c) => c.length));
  const height = PAD * 2 + tallest * NODE_H + (tallest - 1) * ROW_GAP;
  const width = PAD * 2 + columns.length * NODE_W + (columns.length - 1) * COL_GAP;
  const place = (col: number, row: number, count: number): { x: number; y: number } => {
    const used = count * NODE_H + (count - 1) * ROW_GAP;
    return { x: PAD + col * (NODE_W + COL_GAP), y: PAD + (height - PAD * 2 - used) / 2 + row * (NODE_H + ROW_GAP) };
  };
  const edges: string[] = [];
  const nodes: string[] = [];
  columns.forEach((column, c) => {
    column.forEach((node, r) => {
      const { x, y } = place(c, r, column.length);
      const text = node.lines
        .map((line, i) => `<tspan x="${x + 10}" dy="${i === 0 ? 0 : 16}"${i === 0 ? ' font-weight="700"' : ''}>${esc(line)}</tspan>`)
        .join('');
      nodes.push(
        `<g><rect class="node${node.manual ? ' manual' : ''}" x="${x}" y="${y}" width="${NODE_W}" height="${NODE_H}" rx="6"/><text x="${x + 10}" y="${y + 19}">${text}</text></g>`,
      );
      if (c === 0) return;
      const previous = columns[c - 1] as typeof column;
      previous.forEach((_, p) => {
        const from = place(c - 1, p, previous.length);
        const x1 = from.x + NODE_W;
        const y1 = from.y + NODE_H / 2;
        const x2 = x - 8;
        const y2 = y + NODE_H / 2;
        const mid = (x1 + x2) / 2;
        edges.push(
          `<path class="edge${node.manual ? ' manual' : ''}" d="M${x1} ${y1} C${mid} ${y1} ${mid} ${y2} ${x2} ${y2}" stroke-width="1.5"/><path class="arrow" d="M${x2} ${y2 - 5} L${x2 + 8} ${y2} L${x2} ${y2 + 5} Z"/>`,
        );
      });
    });
  });
  const id = anchor('pipeline', platform.name);
  const order = platform.stageGroups.map((g) => g.map((s) => s.landscape).join(' and ')).join(', then ');
  return [
    `<svg role="img" aria-labelledby="${id}-title ${id}-desc" viewBox="0 0 ${width} ${height}" width="${width}" height="${height}">`,
    `<title id="${id}-title">Kargo pipeline of ${esc(platform.name)}</title>`,
    `<desc id="${id}-desc">Freight leaves the Warehouse for ${esc(order)}; each group's stages are promoted in parallel and the next group takes Freight verified in every one of them.</desc>`,
    ...edges,
    ...nodes,
    '</svg>',
  ].join('');
}

/** The page of one platform (`platforms/<platform>.html`). */
export function platformPage(model: FleetModel, platform: PlatformModel, base?: BaseView): AtlasPage {
  const path = `platforms/${platform.name}.html`;
  const basePlatform = base?.model.platforms.find((p) => p.name === platform.name);
  const stagesOf = (p: PlatformModel): string => JSON.stringify(p.stageGroups);
  const pipelineMark = base
    ? !basePlatform
      ? ` ${ADDED}`
      : stagesOf(basePlatform) !== stagesOf(platform)
        ? ` ${changed(basePlatform.stageGroups.map((g) => g.map((s) => s.landscape).join(' + ')).join(' → '))}`
        : ''
    : '';
  const steps = platform.stageGroups.map((group, g) => {
    const from = g === 0 ? 'the Warehouse' : platform.stageGroups[g - 1]?.map((s) => s.landscape).join(' and ');
    const items = group.map((step) => `<li><strong>${esc(step.landscape)}</strong>: ${esc(stageWords(step))}</li>`).join('');
    return `<li>${group.length > 1 ? 'In parallel, from' : 'From'} ${esc(from ?? '')}:<ul>${items}</ul></li>`;
  });
  const landscapes = platform.landscapes;
  const rows = platform.services.map((service) => {
    const cells = landscapes.map((landscape) => {
      const row = service.rows.find((r) => r.landscape === landscape);
      const was = basePlatform?.services.find((s) => s.name === service.name)?.rows.find((r) => r.landscape === landscape);
      const wasWord = was === undefined ? 'no row' : was.chart === '' ? 'not ready' : `ready, chart ${was.chart}`;
      const mark = (nowWord: string): string => (!base || wasWord === nowWord ? '' : was === undefined ? ` ${ADDED}` : ` ${changed(wasWord)}`);
      if (!row) return td(`no row${base && was ? ` ${worse(wasWord)}` : ''}`, 'none');
      if (row.chart === '')
        return td(
          `not ready <span class="muted">(empty pin, <code>${esc(row.path)}</code>)</span>${base && was && was.chart !== '' ? ` ${worse(wasWord)}` : mark('not ready')}`,
          'warn',
        );
      return td(
        `ready <span class="muted">chart <code>${esc(row.chart)}</code>, image <code>${esc(row.image)}</code>${row.values !== undefined ? ', values override' : ''}</span>${mark(`ready, chart ${row.chart}`)}`,
        'ok',
      );
    });
    return `<tr>${rowHeader(`${esc(service.name)} <span class="muted">(${service.modules.map(esc).join(', ')})</span>`)}${cells.join('')}</tr>`;
  });
  const byName = new Map(model.landscapes.map((l) => [l.name, l]));
  const landscapeItems = landscapes.map((l) => {
    const found = byName.get(l);
    const clusters = found?.clusters ?? [];
    const serving = clusters.filter((c) => c.built && c.traffic).map((c) => c.name);
    return `<li><a href="${esc(relative(path, 'index.html'))}#landscape-${esc(l)}">${esc(l)}</a> <span class="muted">(${esc(found?.region ?? '?')}, ${esc(found?.tier ?? '?')})</span>: ${serving.length > 0 ? `served by ${serving.map(esc).join(', ')}` : 'no built cluster with traffic on'}</li>`;
  });
  const body = [
    `<h1>Platform ${esc(platform.name)}</h1>`,
    `<p>${platform.services.length} service${platform.services.length === 1 ? '' : 's'} on ${landscapes.length} landscape${landscapes.length === 1 ? '' : 's'}${platform.vlandscapes.length > 0 ? `; serves on the virtual landscape${platform.vlandscapes.length === 1 ? '' : 's'} ${platform.vlandscapes.map(esc).join(', ')}` : ''}. Kargo project <code>${esc(platform.name)}</code>, one Warehouse per service, one Stage per service and landscape (<code>&lt;service&gt;-&lt;landscape&gt;</code>).</p>`,
    comparedWith(base),
    `<h2 id="pipeline">Promotion pipeline${pipelineMark}</h2>`,
    // At its own size in a box that scrolls sideways: shrunk to a phone's width, its words would be too small to read.
    `<figure><div class="scroll" role="region" aria-label="Pipeline graph of ${esc(platform.name)}" tabindex="0">${pipelineSvg(platform)}</div><figcaption class="muted">Dashed: a manual gate. Every service of the platform follows this order.</figcaption></figure>`,
    `<ol>${steps.join('')}</ol>`,
    '<h2 id="rows">Services and ready rows</h2>',
    table(`Rows of ${platform.name}: ready when pin.chart is set`, ['Service (modules)', ...landscapes.map(esc)], rows),
    '<h2 id="landscapes">Landscapes</h2>',
    `<ul>${landscapeItems.join('')}</ul>`,
  ].join('\n');
  return { path, title: `Platform ${platform.name}`, body };
}

/** The list of platforms (`platforms/index.html`). */
export function platformsIndexPage(model: FleetModel, base?: BaseView): AtlasPage {
  const path = 'platforms/index.html';
  const names = new Set(model.platforms.map((p) => p.name));
  const removed = (base?.model.platforms ?? []).filter((p) => !names.has(p.name)).map((p) => `<li><del>${esc(p.name)}</del> ${REMOVED}</li>`);
  const rows = model.platforms.map((p) => {
    const ready = p.services.reduce((n, s) => n + s.rows.filter((r) => rowIsReady(r.chart)).length, 0);
    const all = p.services.reduce((n, s) => n + s.rows.length, 0);
    const stages = p.stageGroups.map((g) => g.map((s) => s.landscape).join(' + ')).join(' → ');
    const added = base && !base.model.platforms.some((b) => b.name === p.name) ? ` ${ADDED}` : '';
    return `<tr>${rowHeader(`<a href="${esc(relative(path, `platforms/${p.name}.html`))}">${esc(p.name)}</a>${added}`)}${td(p.services.map((s) => esc(s.name)).join(', '))}${td(esc(stages))}${td(`${ready} of ${all}`)}</tr>`;
  });
  const body = [
    '<h1>Platforms</h1>',
    comparedWith(base),
    table('Every platform: services, promotion order and ready rows', ['Platform', 'Services', 'Promotion order', 'Ready rows'], rows),
    removed.length > 0 ? `<p>Platforms of the base revision that this one no longer has:</p><ul>${removed.join('')}</ul>` : '',
  ].join('\n');
  return { path, title: 'Platforms', body };
}
