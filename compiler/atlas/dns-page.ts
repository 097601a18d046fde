/**
 * The DNS page: every name the compiler writes into each zone, and what each
 * DNS host answers there, each address with the cluster it belongs to. With a
 * health file (`--health`, the format of `plan dns`) it also shows what the
 * traffic planner would make of it: the production planner runs tick by tick
 * over the compiled zones, brakes included (`runTicks`, the same loop as
 * `diene simulate`), and every address it removes or adds is marked.
 */
import type { LiveSnapshot } from '../1-load/load-dns-live.js';
import type { FleetModel } from '../2-analyze/fleet-model.js';
import { compareNames, recordSetKey, type RecordSet } from '../dns/record-sets.js';
import type { SimulationContext } from '../simulate/simulate.js';
import { runTicks, type TickRun } from '../simulate/traffic-ticks.js';
import type { DnsHealth } from '../types/generated/dns-health.js';
import { anchor, esc, rowHeader, table, td, type AtlasPage } from './html.js';
import { comparedWith, type BaseView } from './base.js';
import { isUp } from './fleet-page.js';

/** What the planner makes of a health file: the settled snapshots and what it said on the way. */
export function plannedWithHealth(context: SimulationContext, health: DnsHealth): TickRun {
  return runTicks(context.prepared, context.live, health, { running: true, reachable: () => true, liveIsCompiled: true });
}

/** The values of a record set as `[label, address]` pairs (a geo item's location as its label). */
function valuesOf(rs: RecordSet | undefined): { label: string; value: string }[] {
  if (!rs) return [];
  if (rs.geo) return rs.geo.flatMap((item) => item.values.map((value) => ({ label: item.location, value })));
  return (rs.values ?? []).map((value) => ({ label: '', value }));
}

function recordSetsOf(snapshot: LiveSnapshot | undefined): Map<string, RecordSet> {
  return new Map((snapshot?.recordSets ?? []).map((rs) => [recordSetKey(rs.canonical), rs.canonical]));
}

/** The DNS page (`dns.html`). `health` with its `run` (from {@link plannedWithHealth}) shows what the health file changes. */
export function dnsPage(
  model: FleetModel,
  context: SimulationContext,
  healthRun: { health: DnsHealth; file: string; run: TickRun } | undefined,
  base?: BaseView,
): AtlasPage {
  const ownerOf = new Map<string, string[]>();
  for (const cluster of model.clusters) for (const address of cluster.addresses) ownerOf.set(address, [...(ownerOf.get(address) ?? []), cluster.name]);
  // A cluster the base had and this revision removed still names its addresses.
  for (const cluster of base?.model.clusters ?? []) for (const address of cluster.addresses) if (!ownerOf.has(address)) ownerOf.set(address, [cluster.name]);
  const addressHtml = (value: string, mark: 'same' | 'removed' | 'added'): string => {
    const owners = ownerOf.get(value);
    const down = owners?.some((o) => healthRun !== undefined && !isUp(healthRun.health, o)) === true;
    const who = owners ? ` <span class="muted">${esc(owners.join(', '))}${down ? ', down' : ''}</span>` : '';
    const text = `<code>${esc(value)}</code>${who}`;
    if (mark === 'removed') return `<del>${text}</del> <span class="tag bad">removed</span>`;
    if (mark === 'added') return `<ins>${text}</ins> <span class="tag ok">added</span>`;
    return text;
  };

  const zones = context.intent.zones.filter((z) => z.role === 'zone');
  const sections = zones.map((zone) => {
    // Before: the base revision's compiled answers when one is given, else this revision's; after: this revision's, settled
    // by the planner when a health file is given.
    const compiled = zone.hosts.map((h) => recordSetsOf(context.live.find((s) => s.zone === zone.zone && s.host === h.name)));
    const before = base ? zone.hosts.map((h) => recordSetsOf(base.context.live.find((s) => s.zone === zone.zone && s.host === h.name))) : compiled;
    const after = healthRun ? zone.hosts.map((h) => recordSetsOf(healthRun.run.live.find((s) => s.zone === zone.zone && s.host === h.name))) : compiled;
    const keys = new Map<string, RecordSet>();
    for (const sets of [...before, ...after]) for (const [key, rs] of sets) if (!keys.has(key)) keys.set(key, rs);
    const ordered = [...keys].sort(
      ([, a], [, b]) =>
        compareNames(a.name, b.name) || (a.type < b.type ? -1 : a.type > b.type ? 1 : 0) || ((a.setIdentifier ?? '') < (b.setIdentifier ?? '') ? -1 : 1),
    );
    const rows = ordered.map(([key, rs]) => {
      const cells = zone.hosts.map((_, i) => {
        const was = valuesOf(before[i]?.get(key));
        const now = valuesOf(after[i]?.get(key));
        const has = (list: readonly { label: string; value: string }[], v: { label: string; value: string }): boolean =>
          list.some((x) => x.label === v.label && x.value === v.value);
        const items = [
          ...was.map((v) => ({ ...v, mark: has(now, v) ? ('same' as const) : ('removed' as const) })),
          ...now.filter((v) => !has(was, v)).map((v) => ({ ...v, mark: 'added' as const })),
        ];
        if (items.length === 0) return td('<span class="muted">no record set</span>');
        const changed = items.some((v) => v.mark !== 'same');
        return td(
          items.map((v) => `${v.label ? `<span class="muted">${esc(v.label)}:</span> ` : ''}${addressHtml(v.value, v.mark)}`).join('<br>'),
          changed ? 'warn' : undefined,
        );
      });
      const label = rs.setIdentifier !== undefined ? ` <span class="muted">set ${esc(rs.setIdentifier)}</span>` : '';
      return `<tr>${rowHeader(`<code>${esc(rs.name)}</code>${label}`)}${td(esc(rs.type))}${cells.join('')}</tr>`;
    });
    const id = anchor('zone', zone.zone);
    return [
      `<h2 id="${id}">Zone <code>${esc(zone.zone)}</code></h2>`,
      `<p>TTL ${esc(zone.ttl)} s; served by ${zone.hosts.map((h) => `${esc(h.name)} (${esc(h.provider)}: ${h.nameservers.map((n) => `<code>${esc(n)}</code>`).join(', ')})`).join('; ')}.</p>`,
      table(`Names of ${zone.zone} and each DNS host's answers`, ['Name', 'Type', ...zone.hosts.map((h) => `Answer of ${esc(h.name)}`)], rows),
    ].join('\n');
  });

  let healthPart: string;
  if (healthRun) {
    const down = Object.keys(healthRun.health.clusters)
      .filter((c) => !isUp(healthRun.health, c))
      .sort();
    const run = healthRun.run;
    const said = [
      `Down by the health file: ${down.length > 0 ? down.map(esc).join(', ') : 'no cluster'}.`,
      run.ticks.length === 0
        ? 'The traffic planner changes nothing.'
        : `The traffic planner settles in ${run.ticks.length} tick${run.ticks.length === 1 ? '' : 's'}: ${run.ticks.map((t, i) => `tick ${i + 1} ${t.removing !== undefined ? `removes ${esc(t.removing)}` : 'writes'} (${t.changes} changes)`).join(', ')}.`,
      ...run.brakes.map((b) => `Brake: ${esc(b.message)}`),
      ...(run.refused ? [`Refused: ${esc(run.refused.message)}`] : []),
    ];
    healthPart = `<h2 id="health">What the health file changes</h2><p>With <code>${esc(healthRun.file)}</code>, as <code>diene plan dns --health</code> plans it tick after tick over the compiled zones:</p><ul>${said.map((s) => `<li>${s}</li>`).join('')}</ul><p>Below, an address the planner takes out is struck through and marked <span class="tag bad">removed</span>; one it puts in is marked <span class="tag ok">added</span>; a changed answer is shaded.</p>`;
  } else healthPart = '<p class="muted">No health file was given (<code>--health FILE</code>): the answers are the compiled zones, every cluster up.</p>';

  const body = [
    "<h1>DNS: every name's answers</h1>",
    comparedWith(base),
    base
      ? '<p>Each answer is compared with the base revision\'s compiled answer (and, with a health file, after the planner has settled): an address this revision takes out is marked <span class="tag bad">removed</span>, one it puts in <span class="tag ok">added</span>.</p>'
      : '',
    `<p>The names diene manages in each zone and what every DNS host answers at them (geo-routed names by location or set), each address with its cluster. Zones: ${zones.map((z) => `<a href="#${anchor('zone', z.zone)}"><code>${esc(z.zone)}</code></a>`).join(', ')}.</p>`,
    healthPart,
    ...sections,
  ].join('\n');
  return { path: 'dns.html', title: 'DNS', body };
}
