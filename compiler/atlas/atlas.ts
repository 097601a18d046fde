/**
 * `diene atlas`: a static HTML site of the fleet, made from the compiled
 * model alone. Pages: the fleet (index.html), the platforms, DNS, routing and
 * the single-failure drills. Each page is one self-contained HTML file
 * (inline CSS and SVG, no script, no external resource), linked to the others
 * by relative paths, so the site reads the same from `file://`, a CI
 * artifact or a static host. Pure and deterministic: the same model and
 * health give the same bytes.
 */
import type { FleetModel } from '../2-analyze/fleet-model.js';
import { everySingleFailure } from '../simulate/failures.js';
import { simulateEverySingle, simulationContext } from '../simulate/simulate.js';
import type { DnsHealth } from '../types/generated/dns-health.js';
import { baseView, type BaseView } from './base.js';
import { dnsPage, plannedWithHealth } from './dns-page.js';
import { drillsPage } from './drills-page.js';
import { fleetPage } from './fleet-page.js';
import { documentOf, esc, type AtlasPage, type SectionKey } from './html.js';
import { platformPage, platformsIndexPage } from './platform-pages.js';
import { routingPages } from './routing-pages.js';
import { counted } from '../diagnostics/counted.js';
import { shellWord } from '../diagnostics/shell-word.js';

/** What the atlas is made from besides the model. */
export interface AtlasOptions {
  /** The health file's content and its name as the pages show it (`--health`). */
  health?: { health: DnsHealth; file: string };
  /** The webhook intake service the drills' webhook sender calls (default: fleet.yaml's `intake`). */
  intake?: { platform: string; service: string };
  /** The base revision to mark the pages against (`--base DIR`): its model and how the pages name it. */
  base?: { model: FleetModel; label: string };
  /** A `--base` that does not compile with this diene: how the pages name it and its error count. Every page says it is unmarked. */
  baseUnusable?: { label: string; errors: number };
}

/** The note every page's header carries when the base could not be compared with (HTML). */
function unusableBaseNotice(base: { label: string; errors: number }): string {
  return `Not compared with the base: <code>${esc(base.label)}</code> (--base) does not compile with this diene (${esc(counted(base.errors, 'error'))}), so nothing on these pages is marked added, removed, changed or worse; an unmarked page does not mean no change. Run <code>diene validate --fleet ${esc(shellWord(base.label))}</code> to see why.`;
}

function sectionOf(page: AtlasPage): SectionKey {
  if (page.path.startsWith('platforms/')) return 'platforms';
  if (page.path.startsWith('routing/')) return 'routing';
  if (page.path === 'dns.html') return 'dns';
  if (page.path === 'drills.html') return 'drills';
  return 'fleet';
}

/**
 * Every page of the atlas of `model`: path under the output folder → a
 * function that makes its HTML. The drill runs once, here; the pages are made
 * when asked, one at a time.
 */
export function atlasPlan(model: FleetModel, options: AtlasOptions = {}): Map<string, () => string> {
  const declared = model.settings.intake;
  const intake = options.intake ?? (declared ? { platform: declared.platform, service: declared.service } : undefined);
  const context = simulationContext(model, intake ? { intake } : {});
  const scenarios = simulateEverySingle(context, everySingleFailure(model));
  const healthRun = options.health ? { ...options.health, run: plannedWithHealth(context, options.health.health) } : undefined;
  let base: BaseView | undefined;
  if (options.base) {
    // The base's drill with the same intake, when the base has that service (else its own default).
    const baseModel = options.base.model;
    const hasIntake = intake !== undefined && baseModel.platforms.some((p) => p.name === intake.platform && p.services.some((s) => s.name === intake.service));
    const baseContext = simulationContext(baseModel, hasIntake ? { intake } : {});
    base = baseView(baseModel, baseContext, simulateEverySingle(baseContext, everySingleFailure(baseModel)), options.base.label);
  }
  const fleetName = model.settings.dns.base;
  const notice = options.baseUnusable ? unusableBaseNotice(options.baseUnusable) : undefined;
  const makers: [string, () => AtlasPage][] = [
    ['index.html', () => fleetPage(model, options.health?.health, options.health?.file, base)],
    ['platforms/index.html', () => platformsIndexPage(model, base)],
    ...model.platforms.map((p): [string, () => AtlasPage] => [`platforms/${p.name}.html`, () => platformPage(model, p, base)]),
    ['dns.html', () => dnsPage(model, context, healthRun, base)],
    ['drills.html', () => drillsPage(context, scenarios, base)],
  ];
  const plan = new Map<string, () => string>();
  for (const [path, make] of makers)
    plan.set(path, () => {
      const page = make();
      return documentOf(page, sectionOf(page), fleetName, notice);
    });
  // The routing pages come from one pass over the claims' findings.
  let routing: Map<string, AtlasPage> | undefined;
  const routingOf = (): Map<string, AtlasPage> => (routing ??= new Map(routingPages(model, base).map((p) => [p.path, p])));
  for (const path of ['routing/index.html', ...[...model.routes.derivation.tables.keys()].sort().map((l) => `routing/${l}.html`)])
    plan.set(path, () => {
      const page = routingOf().get(path) as AtlasPage;
      return documentOf(page, 'routing', fleetName, notice);
    });
  return new Map([...plan].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}
