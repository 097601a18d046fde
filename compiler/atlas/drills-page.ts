/**
 * The drills page: the single-failure matrix of `diene simulate
 * --all-single`. One row per failure (every cluster, landscape, region, DNS
 * host, the parent zone, every book place, the control cluster), one column
 * per landscape and virtual landscape; a cell says, in words and in colour,
 * how the worst-off kind of user fares there once the fleet has settled, and
 * links to the explanation: every kind of user's outcome, why, and the path
 * it took (books, DNS answers, routes), from the same simulation the command
 * prints.
 */
import { describeFailure } from '../simulate/failures.js';
import type { Scenario, ScenarioRow, SimulationContext } from '../simulate/simulate.js';
import { changedRows, outcomeLabel, pathLines } from '../simulate/simulate-report.js';
import type { Cell, Outcome } from '../simulate/user-outcomes.js';
import { USER_TITLES } from '../simulate/user-targets.js';
import { ADDED, comparedWith, worse, type BaseView } from './base.js';
import { anchor, esc, rowHeader, table, td, type AtlasPage } from './html.js';

const RANK: Readonly<Record<Outcome, number>> = { 'n/a': 0, works: 1, degraded: 2, down: 3 };
const CLASS: Readonly<Record<Outcome, string>> = { 'n/a': 'none', works: 'ok', degraded: 'warn', down: 'bad' };

/** The worst settled outcome of a row's cells (n/a when no kind of user applies). */
function worst(cells: readonly Cell[]): Outcome {
  return cells.reduce<Outcome>((w, c) => (RANK[c.outcome] > RANK[w] ? c.outcome : w), 'n/a');
}

/** The matrix cell of one row: its word, its class and whether some user is briefly worse before it settles. */
export function cellVerdict(row: ScenarioRow | undefined): { word: string; className: string } {
  if (!row) return { word: '-', className: 'none' };
  const outcome = worst(row.cells);
  const settle = row.cells.filter((c) => c.settle !== undefined);
  const seconds = settle.length > 0 ? Math.max(...settle.map((c) => c.settle?.seconds ?? 0)) : 0;
  const word = outcome === 'n/a' ? '-' : outcome;
  return {
    word: settle.length > 0 ? `${word}, worse for ≤ ${seconds} s` : word,
    className: settle.length > 0 && outcome === 'works' ? 'warn' : CLASS[outcome],
  };
}

function cellItems(cell: Cell): string {
  if (cell.outcome === 'n/a') return `<li><strong>${esc(USER_TITLES[cell.user])}</strong>: not applicable (${esc(cell.because.join('; '))})</li>`;
  const lines = [
    ...cell.because.map((b) => `because ${b}`),
    ...pathLines(cell.path),
    ...(cell.settle
      ? [
          `until then: ${outcomeLabel(cell.settle.before, cell.settle.beforeHow)} for up to ${cell.settle.seconds} s (${cell.settle.why})`,
          ...cell.settle.beforeBecause.map((b) => `  because ${b}`),
        ]
      : []),
    ...(cell.recovery
      ? [`recovers: ${cell.recovery.seconds === 0 ? cell.recovery.why : `up to ${cell.recovery.seconds} s after the failure ends: ${cell.recovery.why}`}`]
      : []),
  ];
  const label = outcomeLabel(cell.outcome, cell.how);
  return `<li><strong>${esc(USER_TITLES[cell.user])}</strong>: <span class="tag ${CLASS[cell.outcome]}">${esc(label)}</span>${cell.service ? ` <code>${esc(cell.service)}</code>` : ''}<ul>${lines.map((l) => `<li class="mono">${esc(l)}</li>`).join('')}</ul></li>`;
}

function explanation(id: string, heading: string, row: ScenarioRow): string {
  return `<section aria-labelledby="${id}"><h3 id="${id}" tabindex="-1">${heading}</h3><ul>${row.cells.map(cellItems).join('')}</ul></section>`;
}

/** The drills page (`drills.html`) of `scenarios` (one per single failure, `simulateEverySingle`'s order). */
export function drillsPage(context: SimulationContext, scenarios: readonly Scenario[], base?: BaseView): AtlasPage {
  const columns = context.columns;
  const baseBaseline = new Map((base?.context.baselineRows ?? []).map((r) => [r.column, r]));
  /** " worse than the base" when `row` fares worse than `was`, the base's row of the same failure and column. */
  const worseThan = (row: ScenarioRow | undefined, was: ScenarioRow | undefined): string => {
    if (!row || !was) return '';
    const now = worst(row.cells);
    const before = worst(was.cells);
    return RANK[now] > RANK[before] ? ` ${worse(before)}` : '';
  };
  const baselineRows = new Map(context.baselineRows.map((r) => [r.column, r]));
  const changedBy = scenarios.map((s) => new Set(changedRows(context, s).map((r) => r.column)));
  const header = ['Failure', ...columns.map((c) => (c.virtual ? `${esc(c.name)} <span class="muted">(virtual)</span>` : esc(c.name)))];

  const baselineCells = columns.map((c) => {
    const verdict = cellVerdict(baselineRows.get(c.name));
    return td(
      `<a href="#${anchor('base', c.name)}">${esc(verdict.word)}</a>${worseThan(baselineRows.get(c.name), baseBaseline.get(c.name))}`,
      verdict.className,
    );
  });
  const rows = [
    `<tr>${rowHeader('<em>nothing down</em>')}${baselineCells.join('')}</tr>`,
    ...scenarios.map((scenario, i) => {
      const byColumn = new Map(scenario.rows.map((r) => [r.column, r]));
      const failure = describeFailure(scenario.failures[0] ?? { kind: 'control', name: '' });
      const baseScenario = base?.scenarios.get(failure);
      const baseByColumn = new Map((baseScenario?.rows ?? []).map((r) => [r.column, r]));
      const cells = columns.map((c) => {
        const changed = changedBy[i]?.has(c.name) === true;
        const verdict = cellVerdict(byColumn.get(c.name));
        const target = changed ? anchor('f', i, c.name) : anchor('base', c.name);
        const word = changed ? `<strong>${esc(verdict.word)}</strong>` : `${esc(verdict.word)}<span class="muted"> (as before)</span>`;
        return td(`<a href="#${target}">${word}</a>${worseThan(byColumn.get(c.name), baseByColumn.get(c.name))}`, verdict.className);
      });
      return `<tr>${rowHeader(`<a href="#${anchor('f', i)}">${esc(failure)}</a>${base && !baseScenario ? ` ${ADDED}` : ''}`)}${cells.join('')}</tr>`;
    }),
  ];

  const baseline = columns.flatMap((c) => {
    const row = baselineRows.get(c.name);
    return row ? [explanation(anchor('base', c.name), `${esc(c.name)} with nothing down`, row)] : [];
  });
  const explained = scenarios.map((scenario, i) => {
    const id = anchor('f', i);
    const changed = scenario.rows.filter((r) => changedBy[i]?.has(r.column));
    const planner = scenario.planner.running
      ? scenario.planner.ticks.length === 0
        ? 'the traffic planner changes nothing'
        : `the traffic planner settles in ${scenario.planner.ticks.length} tick${scenario.planner.ticks.length === 1 ? '' : 's'} of ${context.figures.tick} s: ${scenario.planner.ticks.map((t, n) => `tick ${n + 1} ${t.removing !== undefined ? `removes ${t.removing}` : 'writes'} (${t.changes} changes)`).join(', ')}`
      : 'the traffic planner does not run (the control cluster is down)';
    const notes = [planner, ...scenario.planner.brakes, ...(scenario.planner.refused ? [`refused: ${scenario.planner.refused}`] : []), ...scenario.notes];
    return [
      `<section aria-labelledby="${id}"><h2 id="${id}" tabindex="-1">When ${esc(scenario.title)} fails</h2>`,
      `<ul>${notes.map((n) => `<li>${esc(n)}</li>`).join('')}</ul>`,
      changed.length === 0
        ? '<p>Every kind of user fares as with nothing down.</p>'
        : changed
            .map((row) => explanation(anchor('f', i, row.column), `${esc(scenario.title)}: ${esc(row.column)}${row.virtual ? ' (virtual)' : ''}`, row))
            .join(''),
      '</section>',
    ].join('');
  });

  const figures = context.figures;
  const body = [
    '<h1>Drills: who still works when one thing fails</h1>',
    comparedWith(base),
    `<p>Each row takes one thing down, the traffic planner reacts with its brakes, and each cell says how the worst-off kind of user (${Object.values(USER_TITLES).map(esc).join(', ')}) fares in that landscape once settled: <span class="tag ok">works</span>, <span class="tag warn">degraded</span> or <span class="tag bad">down</span>, with "worse for ≤ N s" when users fare worse until DNS caches and the planner catch up. Bold cells changed; each cell links to its explanation. The same drill as <code>diene simulate --all-single</code>.</p>`,
    `<p class="muted">Figures: TTL ${esc(figures.ttl)} s, planner tick ${esc(figures.tick)} s${figures.delegationTtl !== undefined ? `, delegation TTL ${esc(figures.delegationTtl)} s` : ''}, negative answers ${esc(figures.negativeTtl)} s.</p>`,
    table('Single-failure matrix: failures by landscape', header, rows, { id: 'matrix' }),
    '<h2 id="baseline">With nothing down</h2>',
    baseline.join('\n'),
    explained.join('\n'),
  ].join('\n');
  return { path: 'drills.html', title: 'Drills', body };
}
