/**
 * The atlas's first page: the fleet at a glance. Landscapes × clusters (built,
 * up, traffic, account, region, provider), the virtual landscapes and their
 * members, the platforms, and the two bases with the DNS hosts serving them.
 * "Up" is the health file's word when one is given (`--health`, the format of
 * `plan dns`); without one every cluster counts as up, as the planner counts
 * a cluster missing from the file.
 */
import type { FleetModel } from '../2-analyze/fleet-model.js';
import { landscapeHost } from '../2-analyze/hostnames.js';
import type { DnsHealth } from '../types/generated/dns-health.js';
import { ADDED, changed, comparedWith, REMOVED, type BaseView } from './base.js';
import { esc, relative, rowHeader, table, td, type AtlasPage } from './html.js';
import { counted } from '../diagnostics/counted.js';
import { rowIsReady } from '../1-load/row-format.js';

/** Whether `cluster` is up by `health` (missing from it, or no file: up). */
export function isUp(health: DnsHealth | undefined, cluster: string): boolean {
  return health?.clusters[cluster]?.acceptingTraffic !== false;
}

/** The fleet page (`index.html`). `healthFile` names the health file given, for the page to say where "up" comes from. */
export function fleetPage(model: FleetModel, health: DnsHealth | undefined, healthFile: string | undefined, base?: BaseView): AtlasPage {
  const path = 'index.html';
  const { dns } = model.settings;
  const bases = [dns.base, ...(dns.spare !== undefined ? [dns.spare] : [])];
  const builtCount = model.clusters.filter((c) => c.built).length;
  const upCount = model.clusters.filter((c) => isUp(health, c.name)).length;
  const summary = `<p>${counted(model.landscapes.length, 'landscape')}, ${counted(model.clusters.length, 'cluster')} (${builtCount} built, ${upCount} up), ${counted(model.vlandscapes.length, 'virtual landscape')}, ${counted(model.platforms.length, 'platform')}.</p>`;
  const upSource = healthFile
    ? `<p>Up and down come from the health file <code>${esc(healthFile)}</code>; a cluster it does not name counts as up.</p>`
    : '<p class="muted">No health file was given (<code>--health FILE</code>): every cluster counts as up.</p>';

  const clusterRows = model.landscapes.flatMap((landscape) => {
    if (landscape.clusters.length === 0)
      return [
        `<tr>${rowHeader(`<span id="landscape-${esc(landscape.name)}">${esc(landscape.name)}</span>`)}${td(esc(landscape.region))}${td(esc(landscape.tier))}<td colspan="7" class="bad">no cluster</td></tr>`,
      ];
    return landscape.clusters.map((cluster, i) => {
      const up = isUp(health, cluster.name);
      // The landscape's anchor sits on its first cluster's row, once.
      const name = i === 0 ? `<span id="landscape-${esc(landscape.name)}">${esc(landscape.name)}</span>` : esc(landscape.name);
      const was = base?.model.clusters.find((c) => c.name === cluster.name);
      const mark = (now: string, before: string | undefined): string => (base && was && before !== now ? ` ${changed(before ?? '')}` : '');
      return [
        '<tr>',
        rowHeader(name),
        td(esc(landscape.region)),
        td(esc(landscape.tier)),
        td(`<code>${esc(cluster.name)}</code>${base && !was ? ` ${ADDED}` : ''}`),
        cluster.built
          ? td(`built${mark('built', was && (was.built ? 'built' : 'not built'))}`, 'ok')
          : td(`not built${mark('not built', was && (was.built ? 'built' : 'not built'))}`, 'none'),
        up ? td('up', 'ok') : td('down', 'bad'),
        cluster.traffic
          ? td(`on${mark('on', was && (was.traffic ? 'on' : 'off'))}`, 'ok')
          : td(`off${mark('off', was && (was.traffic ? 'on' : 'off'))}`, 'warn'),
        td(`${esc(cluster.account)}${mark(cluster.account, was?.account)}`),
        td(`${esc(cluster.provider)}${mark(cluster.provider, was?.provider)}`),
        td(cluster.addresses.length > 0 ? cluster.addresses.map((a) => `<code>${esc(a)}</code>`).join('<br>') : '<span class="muted">none</span>'),
        '</tr>',
      ].join('');
    });
  });

  const names = new Set(model.clusters.map((c) => c.name));
  const removed = (base?.model.clusters ?? [])
    .filter((c) => !names.has(c.name))
    .map(
      (c) =>
        `<li><del><code>${esc(c.name)}</code></del> ${REMOVED} <span class="muted">(${esc(c.landscape)}, ${esc(c.provider)}, ${esc(c.account)})</span></li>`,
    );
  const removedClusters = removed.length > 0 ? `<p>Clusters of the base revision that this one no longer has:</p><ul>${removed.join('')}</ul>` : '';
  const landscapeNames = new Set(model.landscapes.map((l) => l.name));
  const vNames = new Set(model.vlandscapes.map((v) => v.name));
  const baseVNames = new Set((base?.model.vlandscapes ?? []).map((v) => v.name));
  const removedV = [...baseVNames].filter((v) => !vNames.has(v)).sort();
  const vRows = model.vlandscapes.map((v) => {
    const members = v.members
      .map((m) => {
        const name = landscapeNames.has(m.landscape) ? `<a href="#landscape-${esc(m.landscape)}">${esc(m.landscape)}</a>` : esc(m.landscape);
        return `<li>${name}: ${m.serve ? '<span class="tag ok">serves</span>' : '<span class="tag none">does not serve</span>'}</li>`;
      })
      .join('');
    const platforms = model.platforms.filter((p) => p.vlandscapes.includes(v.name)).map((p) => esc(p.name));
    return `<tr>${rowHeader(`${esc(v.name)}${base && !baseVNames.has(v.name) ? ` ${ADDED}` : ''}`)}${td(`<ul class="plain">${members}</ul>`)}${td(bases.map((b) => `<code>*.${esc(landscapeHost(v.name, b))}</code>`).join('<br>'))}${td(platforms.join(', ') || '<span class="muted">none</span>')}</tr>`;
  });

  const hostRows = dns.hosts.map((host) => {
    const servers = bases.map((b) => {
      const list = (host.nameservers as Record<string, string[] | undefined>)[b] ?? [];
      return td(list.map((n) => `<code>${esc(n)}</code>`).join('<br>') || '<span class="muted">none</span>');
    });
    return `<tr>${rowHeader(esc(host.name))}${td(esc(host.provider))}${servers.join('')}</tr>`;
  });

  const platformRows = model.platforms.map((p) => {
    const ready = p.services.reduce((n, s) => n + s.rows.filter((r) => rowIsReady(r.chart)).length, 0);
    const rows = p.services.reduce((n, s) => n + s.rows.length, 0);
    return `<tr>${rowHeader(`<a href="${esc(relative(path, `platforms/${p.name}.html`))}">${esc(p.name)}</a>`)}${td(String(p.services.length))}${td(esc(p.landscapes.join(', ')))}${td(`${ready} of ${rows}`)}</tr>`;
  });

  const body = [
    '<h1>The fleet</h1>',
    summary,
    comparedWith(base),
    '<h2 id="landscapes">Landscapes and clusters</h2>',
    upSource,
    table(
      "Every cluster by landscape: built (its state file lists an address), up (health), traffic (in the landscape's DNS answers), account, provider, addresses",
      ['Landscape', 'Region', 'Tier', 'Cluster', 'Built', 'Up', 'Traffic', 'Account', 'Provider', 'Addresses'],
      clusterRows,
    ),
    removedClusters,
    '<h2 id="virtual">Virtual landscapes</h2>',
    vRows.length > 0
      ? table('Virtual landscapes, their members and names', ['Virtual landscape', 'Members', 'Names', 'Platforms serving on it'], vRows)
      : '<p>The fleet has no virtual landscape.</p>',
    removedV.length > 0
      ? `<p>Virtual landscapes of the base revision that this one no longer has: ${removedV.map((v) => `<del>${esc(v)}</del> ${REMOVED}`).join(', ')}.</p>`
      : '',
    '<h2 id="bases">Bases and DNS hosts</h2>',
    `<p>Main base <code>${esc(dns.base)}</code>${dns.spare !== undefined ? `, spare base <code>${esc(dns.spare)}</code>` : ', no spare base'}; TTL ${esc(dns.ttl)} s${dns.parent ? `; delegated from <code>${esc(dns.parent.zone)}</code> (TTL ${esc(dns.parent.ttl)} s)` : ''}.</p>`,
    table(
      'Every DNS host serving the bases, with the nameservers it assigned to each',
      ['DNS host', 'Provider', ...bases.map((b) => `Nameservers of <code>${esc(b)}</code>`)],
      hostRows,
    ),
    '<h2 id="platforms">Platforms</h2>',
    table('Platforms: services, landscapes and ready rows (rows with a chart pin)', ['Platform', 'Services', 'Landscapes', 'Ready rows'], platformRows),
  ].join('\n');
  return { path, title: 'Fleet', body };
}
