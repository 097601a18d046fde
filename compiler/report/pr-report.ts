/**
 * The pull request comment of `diene report`: Markdown from
 * templates/pr-report.md.hbs, always under GitHub's comment limit of 65,536
 * characters. It says whether the fleet compiles (and if not, the errors),
 * whether the committed generated files are fresh, what the change does to
 * the output tree (files and Kubernetes objects), and draws the promotion
 * pipeline of every changed platform as a Mermaid flowchart.
 *
 * Shortening: the report is rendered with every list in full; while it is
 * over the limit, the lists are cut (objects, files, diagnostics, then the
 * diagrams) with a line counting what was left out, and the footer says the
 * report was shortened. Every value from the inputs, the command line or the
 * output folder is escaped (./markdown-text.ts): no HTML, link, mention or
 * table break can come from them. Pure and deterministic (no clock).
 */
import type { PlatformModel } from '../2-analyze/fleet-model.js';
import { compiledTemplate } from '../3-emit/templates-engine.js';
import type { Diagnostic } from '../diagnostics/diagnostic.js';
import { formatJson } from '../diagnostics/format.js';
import { maskSecrets } from '../diagnostics/secrets.js';
import { changeCounts, type OutputChanges } from '../plan/output-changes.js';
import type { RowDeploy } from '../plan/row-deploys.js';
import type { EndpointChange } from '../plan/endpoint-changes.js';
import { markdownCode, markdownText } from './markdown-text.js';
import { promotionFlowchart } from './promotion-mermaid.js';
import type { ResilienceLoss } from './resilience-delta.js';
import type { AttributedValue, DnsAnswerChange, UserChanges } from './user-changes.js';
import { USER_TITLES } from '../simulate/user-targets.js';
import { counted } from '../diagnostics/counted.js';

/** GitHub's limit on an issue or pull request comment body, in characters. */
export const GITHUB_COMMENT_LIMIT = 65_536;

/** What the report is about. */
export interface ReportInput {
  /** The compiler version, for the footer. */
  version: string;
  /** Diagnostics of the fleet under review. */
  diagnostics: readonly Diagnostic[];
  /** Output changes, when the fleet compiles. */
  changes?: OutputChanges;
  /** What `changes` compares with, as a phrase: `against the base branch`. */
  comparedWith: string;
  /** Whether the committed generated files match the inputs (`undefined`: not checked). */
  freshness?: { fresh: boolean; differing: number; total: number };
  /** Platforms of the fleet under review (the model's). */
  platforms: readonly PlatformModel[];
  /** A note for the end of the report (e.g. how the base was read). */
  note?: string;
  /** Changes refused against the base branch (permanent identifiers, docs/checks.md), when the fleet compiles. */
  refusals?: readonly Diagnostic[];
  /** The DNS hosts whose endpoint or credential variable differs from the base branch's (only with a base): the live DNS commands refuse them until merged. */
  endpoints?: readonly EndpointChange[];
  /** The rows whose pins or values differ from the base branch's (only with a base that compiles): what deploys, which no generated file shows. */
  deploys?: readonly RowDeploy[];
  /** What the change does for users (DNS answers, route paths, books, gateways), when the fleet compiles. */
  users?: UserChanges;
  /** What no longer survives every single failure that did on the base (only with a base that compiles). */
  resilience?: { losses: readonly ResilienceLoss[] };
}

/** Diagnostics as `--format json` writes them (docs/diagnostics.md): redacted, without the source line. */
function plainDiagnostics(diagnostics: readonly Diagnostic[]): unknown {
  return JSON.parse(formatJson(diagnostics)) as unknown;
}

/** Version of the report's JSON form (`diene report --format json`). */
export const REPORT_FORMAT_VERSION = 1;

/**
 * The report as one JSON object (`--format json`): the verdict, the counts,
 * every list in full (never shortened) and the diagnostics, in the order the
 * Markdown shows them. Secrets are masked as in the Markdown.
 */
export function reportJson(input: ReportInput): Record<string, unknown> {
  const errors = input.diagnostics.filter((d) => d.severity === 'error');
  const json = {
    version: REPORT_FORMAT_VERSION,
    diene: input.version,
    compiles: errors.length === 0 && input.changes !== undefined,
    comparedWith: input.comparedWith,
    ...(input.freshness ? { freshness: input.freshness } : {}),
    ...(input.refusals && input.refusals.length > 0 ? { refusals: plainDiagnostics(input.refusals) } : {}),
    ...(input.endpoints && input.endpoints.length > 0 ? { endpoints: input.endpoints } : {}),
    ...(input.deploys && input.deploys.length > 0 ? { deploys: input.deploys } : {}),
    ...(input.resilience ? { resilience: input.resilience } : {}),
    ...(input.users ? { users: input.users } : {}),
    ...(input.changes ? { outputs: { counts: changeCounts(input.changes), files: input.changes.files } } : {}),
    diagnostics: plainDiagnostics(input.diagnostics),
    ...(input.note ? { note: input.note } : {}),
  };
  return JSON.parse(maskSecrets(JSON.stringify(json))) as Record<string, unknown>;
}

/** Options: the character limit (default {@link GITHUB_COMMENT_LIMIT}). */
export interface ReportOptions {
  maxChars?: number;
}

export { markdownText } from './markdown-text.js';

// Secrets are masked before Markdown escaping: the escapes (a backslash before `_`, a zero-width space after `https:`) would hide a secret's shape from the masker that runs over the whole report.
const maskedText = (text: string): string => markdownText(maskSecrets(text));
const maskedCode = (text: string): string => markdownCode(maskSecrets(text));

function place(d: Diagnostic): string {
  if (d.file === null) return 'fleet';
  return maskedCode(`${d.file}${d.line !== null ? `:${d.line}` : ''}${d.column !== null ? `:${d.column}` : ''}`);
}

/** Platforms whose own outputs changed (`argocd/<p>.yaml`, `kargo/<p>.yaml`, `platforms/<p>.yaml`, `books/<p>/…`). */
export function changedPlatforms(changes: OutputChanges): string[] {
  const names = new Set<string>();
  for (const { file } of changes.files) {
    const own = /^(?:argocd|kargo|platforms)\/([a-z][a-z0-9]*)\.yaml$/.exec(file) ?? /^books\/([a-z][a-z0-9]*)\//.exec(file);
    if (own?.[1]) names.add(own[1]);
  }
  return [...names].sort();
}

interface Limits {
  deploys: number;
  /** Rows of each list of what changes for users. */
  users: number;
  diagnostics: number;
  files: number;
  objects: number;
  pipelines: number;
}

function view(input: ReportInput, limits: Limits): Record<string, unknown> {
  const errors = input.diagnostics.filter((d) => d.severity === 'error');
  const warnings = input.diagnostics.filter((d) => d.severity === 'warning');
  const row = (d: Diagnostic) => ({ place: place(d), code: d.code, message: maskedText(d.message), hint: maskedText(d.hint) });
  const base = {
    version: input.version,
    errorCount: errors.length,
    warningCount: warnings.length,
    warnings: warnings.slice(0, limits.diagnostics).map(row),
    warningsCut: Math.max(0, warnings.length - limits.diagnostics),
    note: input.note ? maskedText(input.note) : undefined,
  };
  if (errors.length > 0 || !input.changes)
    return {
      ...base,
      headline: `${errors.length} error${errors.length === 1 ? '' : 's'}: the fleet does not compile`,
      errors: errors.slice(0, limits.diagnostics).map(row),
      errorsCut: Math.max(0, errors.length - limits.diagnostics),
    };
  const changes = input.changes;
  const refusals = input.refusals ?? [];
  const counts = changeCounts(changes);
  const objects = changes.files.flatMap((f) => f.objects);
  const changed = changedPlatforms(changes);
  const present = input.platforms.filter((p) => changed.includes(p.name));
  const removed = changed.filter((name) => !input.platforms.some((p) => p.name === name));
  const freshness =
    input.freshness === undefined
      ? undefined
      : input.freshness.fresh
        ? `fresh (${input.freshness.total} files match the inputs)`
        : `**stale**: ${counted(input.freshness.differing, 'file differs', 'files differ')} from what the inputs produce; run \`diene compile\` and commit the result`;
  const deploys = input.deploys ?? [];
  const endpoints = input.endpoints ?? [];
  const outputs =
    changes.files.length === 0
      ? 'no change to the generated files'
      : `${changes.files.length} generated file${changes.files.length === 1 ? '' : 's'} and ${objects.length} object${objects.length === 1 ? '' : 's'} change${changed.length ? ` (platforms: ${changed.join(', ')})` : ''}`;
  // Rows change what deploys without changing a generated file: said first, the output change after it.
  const headline = deploys.length > 0 ? `${deploys.length} row${deploys.length === 1 ? ' changes' : 's change'} what deploys; ${outputs}` : outputs;
  const removals = refusals.filter((d) => d.code === 'cluster_removed_with_traffic').length;
  const identifiers = refusals.length - removals;
  const refused =
    (identifiers > 0 ? `${identifiers} permanent identifier change${identifiers === 1 ? '' : 's'} refused; ` : '') +
    (removals > 0 ? `${removals} cluster removal${removals === 1 ? '' : 's'} refused (traffic still on); ` : '');
  const losses = input.resilience?.losses ?? [];
  const weaker =
    losses.length > 0
      ? `${losses.length === 1 ? `${losses[0]?.column} no longer survives` : `${losses.length} landscapes no longer survive`} every single failure; `
      : '';
  // What users see change comes before the outputs: a DNS answer or a route-path prefix can change with few generated files.
  const dnsCount = input.users?.dns.changes.length ?? 0;
  const prefixCount = input.users?.routePaths.length ?? 0;
  const seen = [
    ...(dnsCount > 0 ? [`${dnsCount} DNS answer${dnsCount === 1 ? '' : 's'}`] : []),
    ...(prefixCount > 0 ? [`${prefixCount} route-path prefix${prefixCount === 1 ? '' : 'es'}`] : []),
  ];
  const forUsers = seen.length > 0 ? `${seen.join(' and ')} change${dnsCount + prefixCount === 1 ? 's' : ''} for users; ` : '';
  const rerouted = endpoints.length > 0 ? `${endpoints.length} DNS host${endpoints.length === 1 ? '' : 's'} with a new endpoint or credential variable; ` : '';
  return {
    ...base,
    headline: `${refused}${weaker}${rerouted}${forUsers}${headline}${input.freshness && !input.freshness.fresh ? '; generated files are stale' : ''}`,
    refusals: refusals.slice(0, limits.diagnostics).map(row),
    refusalCount: identifiers,
    removalCount: removals,
    refusalsCut: Math.max(0, refusals.length - limits.diagnostics),
    endpoints: endpoints.map((e) => ({
      host: maskedCode(e.host),
      provider: e.provider,
      status: e.status === 'added' ? 'new host' : 'changed',
      fields: endpointFields(e),
    })),
    endpointCount: endpoints.length,
    comparedWith: maskedText(input.comparedWith),
    freshness,
    deploys: deploys.slice(0, limits.deploys).map((d) => ({
      row: maskedCode(d.path),
      status: deployEffect(d),
      chart: d.chart ? pinChange(d.chart) : '—',
      image: d.image ? pinChange(d.image) : '—',
      values: d.values ?? '—',
    })),
    deployCount: deploys.length,
    deployed: deploys.length === 1 ? 'this row changes what runs' : `these ${deploys.length} rows change what runs`,
    deploysCut: Math.max(0, deploys.length - limits.deploys),
    noChange: changes.files.length === 0,
    counts,
    fileCount: changes.files.length,
    files: changes.files.slice(0, limits.files).map((f) => ({
      status: f.status,
      file: maskedCode(f.file),
      objects:
        (['added', 'changed', 'removed'] as const)
          .map((s) => [s, f.objects.filter((o) => o.status === s).length] as const)
          .filter(([, n]) => n > 0)
          .map(([s, n]) => `${n} ${s}`)
          .join(', ') || '—',
    })),
    filesCut: Math.max(0, changes.files.length - limits.files),
    objectCount: objects.length,
    objects: objects.slice(0, limits.objects).map((o) => ({ status: o.status, object: maskedCode(o.object), file: maskedCode(o.file) })),
    objectsCut: Math.max(0, objects.length - limits.objects),
    ...userView(input, limits.users),
    pipelines: present.slice(0, limits.pipelines).map((p) => ({ name: p.name, flowchart: promotionFlowchart(p) })),
    pipelinesCut: Math.max(0, present.length - limits.pipelines),
    removedPlatforms: removed.length ? removed.map(maskedCode).join(', ') : undefined,
  };
}

/** A list longer than this folds into a `<details>` block, its counts shown first. */
export const FOLD_ROWS = 10;

/** `\`192.0.2.13\` (euprod-green)`: a value as code, with its cluster. */
function attributed(values: readonly AttributedValue[]): string {
  return values.map((v) => `${maskedCode(v.value)}${v.cluster !== undefined ? ` (${maskedText(v.cluster)})` : ''}`).join(', ');
}

/** A record set name as code, a wildcard's `*.` included when the rest is plain (a code span shows `*` as it is). */
function nameCode(name: string): string {
  const rest = /^\*\.(.+)$/.exec(name)?.[1];
  const code = rest === undefined ? undefined : maskedCode(rest);
  return code !== undefined && code.startsWith('`') ? `\`*.${code.slice(1)}` : maskedCode(name);
}

function dnsChangeText(c: DnsAnswerChange): string {
  if (c.verb === 'create') return `new name: ${attributed(c.added)}`;
  if (c.verb === 'delete') return `name removed: ${attributed(c.removed)}`;
  const parts = [c.added.length > 0 ? `add ${attributed(c.added)}` : '', c.removed.length > 0 ? `remove ${attributed(c.removed)}` : ''].filter((p) => p);
  return parts.length > 0 ? parts.join('; ') : maskedText(c.other ?? 'changed');
}

/** A list of the users section: its rows (at most `limit`), how many were left out, and whether it folds. */
function listView<T, R>(
  title: string,
  items: readonly T[],
  limit: number,
  row: (item: T) => R,
): { rows: R[]; cut: number; count: number; open: string; close: string } {
  // The fold's tags come from here, not the template: a tag opened in one {{#if}} and closed in another is no template Prettier can read.
  const fold = items.length > FOLD_ROWS;
  return {
    rows: items.slice(0, limit).map(row),
    cut: Math.max(0, items.length - limit),
    count: items.length,
    open: fold ? `<details><summary>${title} (${items.length})</summary>\n\n` : '',
    close: fold ? '\n</details>\n' : '',
  };
}

/** The sections of what changes for users and the resilience lost. */
function userView(input: ReportInput, limit: number): Record<string, unknown> {
  const users = input.users;
  const resilience = input.resilience;
  const out: Record<string, unknown> = {};
  if (resilience) {
    out['resilience'] = {
      lost: resilience.losses.length > 0,
      count: resilience.losses.length,
      losses: resilience.losses.slice(0, limit).map((l) => {
        const served =
          !l.virtual && l.servedBy.length === 1
            ? `is now served by ${maskedCode(l.servedBy[0] as string)} alone`
            : `is served by ${l.servedBy.length > 0 ? l.servedBy.map(maskedCode).join(', ') : 'no cluster'}`;
        return {
          column: maskedCode(l.column),
          kind: l.virtual ? ' (virtual)' : '',
          served,
          users: l.users.map((u) => USER_TITLES[u]).join(', '),
          failures: l.failures.map(maskedCode).join(', '),
        };
      }),
      cut: Math.max(0, resilience.losses.length - limit),
    };
  }
  if (!users) return out;
  const dns = users.dns.changes;
  const routes = users.routePaths;
  const books = users.books;
  const gateways = users.gateways;
  const leftAlone = users.dns.leftAlone;
  const any = dns.length + routes.length + books.length + gateways.length + users.dns.unplanned.length + leftAlone.length > 0;
  if (!any) return out;
  const names = new Set(dns.map((c) => c.name)).size;
  const hosts = new Set(dns.flatMap((c) => c.hosts)).size;
  const gained = gateways.reduce((n, g) => n + g.added.length, 0);
  const lost = gateways.reduce((n, g) => n + g.removed.length, 0);
  out['users'] = {
    dns: {
      ...listView('DNS answers', dns, limit, (c) => ({
        name: nameCode(c.name),
        type: `${c.type}${c.setIdentifier !== undefined ? ` ${maskedCode(c.setIdentifier)}` : ''}`,
        hosts: c.hosts.map(maskedCode).join(', '),
        change: dnsChangeText(c),
      })),
      summary: `${counted(dns.length, 'change')} at ${counted(names, 'name')} on ${counted(hosts, 'DNS host')}`,
      unplanned: users.dns.unplanned.length > 0 ? users.dns.unplanned.map(maskedText).join(', ') : undefined,
      leftAlone: leftAlone.slice(0, limit).map((l) => ({ report: maskedText(l.report), hosts: l.hosts.map(maskedCode).join(', ') })),
      leftAloneCount: leftAlone.length,
    },
    routes: {
      ...listView('Route paths', routes, limit, (r) => ({
        landscape: maskedCode(r.landscape),
        host: maskedCode(r.host),
        prefix: maskedCode(`/${r.prefix}`),
        change:
          r.before === undefined
            ? `new: → ${maskedCode(r.after as string)}`
            : r.after === undefined
              ? `removed (was → ${maskedCode(r.before)}); the host's own app answers`
              : `${maskedCode(r.before)} → ${maskedCode(r.after)}`,
      })),
      summary: `${counted(routes.length, 'prefix', 'prefixes')}: ${routes.filter((r) => r.before === undefined).length} new, ${routes.filter((r) => r.before !== undefined && r.after !== undefined).length} moved, ${routes.filter((r) => r.after === undefined).length} removed`,
    },
    books: {
      ...listView('Address-book entries', books, limit, (b) => ({
        book: maskedCode(b.book),
        doc: b.doc,
        entry: maskedCode(b.entry),
        status: b.status,
        candidates:
          b.status === 'changed'
            ? `${(b.before ?? []).map(maskedCode).join(', ')} → ${(b.after ?? []).map(maskedCode).join(', ')}`
            : (b.after ?? b.before ?? []).map(maskedCode).join(', ') || '—',
      })),
      summary: `${counted(books.length, 'entry', 'entries')}: ${books.filter((b) => b.status === 'added').length} added, ${books.filter((b) => b.status === 'removed').length} removed, ${books.filter((b) => b.status === 'changed').length} changed`,
    },
    gateways: {
      ...listView('Host names per cluster', gateways, limit, (g) => ({
        cluster: maskedCode(g.cluster),
        added: g.added.length,
        removed: g.removed.length,
        names: [...g.added.map((h) => `+${h}`), ...g.removed.map((h) => `-${h}`)].map(maskedCode).join('<br>'),
      })),
      summary: `${counted(gained, 'host name')} added and ${lost} removed over ${counted(gateways.length, 'cluster')}`,
    },
  };
  return out;
}

/** `url \`http://a\` → \`http://b\`; apiKeyEnv \`DIENE_X\``: each value as code, a field the base lacked as `(none)`. */
function endpointFields(change: EndpointChange): string {
  return change.fields
    .map(
      (f) =>
        `${f.field} ${change.status === 'added' ? maskedCode(f.after) : `${f.before === undefined ? '(none)' : maskedCode(f.before)} → ${maskedCode(f.after)}`}`,
    )
    .join('; ');
}

/**
 * The row's status and what it does to what runs: a chart pin emptied (or a
 * pinned row removed) stops the deploy, since Argo CD's generator skips a row
 * whose pin.chart is empty; one filled starts it; a pin moved deploys it.
 */
function deployEffect(d: RowDeploy): string {
  const [before, after] = d.chart ?? [];
  if (before !== undefined && before !== '' && after === '') return `${d.status}: stops deploying`;
  if (before === '' && after !== undefined && after !== '') return `${d.status}: starts deploying`;
  if (d.chart !== undefined || d.image !== undefined) return `${d.status}: deploys`;
  return `${d.status}: values`;
}

/** `1.4.1 → 9.9.9`, an empty pin shown as `""` (nothing deployed). */
function pinChange([before, after]: readonly [string, string]): string {
  const shown = (pin: string): string => maskedCode(pin === '' ? '""' : pin);
  return `${shown(before)} → ${shown(after)}`;
}

/**
 * The report's Markdown, at most `maxChars` characters (UTF-16 code units,
 * which never undercount GitHub's characters), with every secret shape
 * masked wherever it came from (CI posts the report publicly).
 */
export function renderReport(input: ReportInput, options: ReportOptions = {}): string {
  return maskSecrets(renderUnmasked(input, options));
}

function renderUnmasked(input: ReportInput, options: ReportOptions): string {
  const maxChars = options.maxChars ?? GITHUB_COMMENT_LIMIT;
  const render = compiledTemplate('pr-report.md.hbs');
  const all: Limits = { deploys: Infinity, users: Infinity, diagnostics: Infinity, files: Infinity, objects: Infinity, pipelines: Infinity };
  const full = render({ ...view(input, all), full: true });
  if (full.length <= maxChars) return full;
  const steps: Limits[] = [
    { ...all, objects: 200 },
    { ...all, objects: 50, files: 200, diagnostics: 100, users: 500 },
    { deploys: 200, users: 200, diagnostics: 50, files: 100, objects: 20, pipelines: 10 },
    { deploys: 50, users: 50, diagnostics: 20, files: 30, objects: 0, pipelines: 3 },
    { deploys: 20, users: 20, diagnostics: 10, files: 10, objects: 0, pipelines: 0 },
    { deploys: 0, users: 0, diagnostics: 0, files: 0, objects: 0, pipelines: 0 },
  ];
  let text = full;
  for (const limits of steps) {
    text = render({ ...view(input, limits), full: false });
    if (text.length <= maxChars) return text;
  }
  const tail = '\n\n_Cut at the comment limit; run `diene compile --check` for the whole picture._\n';
  return text.slice(0, Math.max(0, maxChars - tail.length)) + tail;
}
