/**
 * The forms of a simulation: text for a terminal, Markdown for a
 * pull request, and the JSON object. Deterministic: rows in column order
 * (landscapes, then virtual landscapes), users in {@link USER_KINDS} order,
 * failures in the order given (sorted by kind, then name). Pure.
 *
 * A run of `--fail` shows the whole matrix and every cell's path. A run of
 * `--all-single` shows the whole fleet at once: one line per failure with,
 * for each kind of user, how many landscapes change and how; then, per
 * failure, only the cells that differ from the fleet with nothing down.
 */
import type { Cell, How, Outcome, PathStep } from './user-outcomes.js';
import type { Scenario, ScenarioRow, SimulationContext, SimulationFigures } from './simulate.js';
import { USER_KINDS, USER_TITLES, type UserKind } from './user-targets.js';
import { counted } from '../diagnostics/counted.js';

/** Version of the JSON form. */
export const SIMULATION_FORMAT_VERSION = 1;

/** Outcome counts of one kind of user over the rows of a scenario (n/a left out). */
export type OutcomeCounts = Record<Exclude<Outcome, 'n/a'>, number>;

/** A scenario in the JSON form: its rows complete (`--fail`) or only the cells that changed (`--all-single`). */
export interface ScenarioJson extends Scenario {
  summary: Record<UserKind, OutcomeCounts>;
}

/** The JSON form of a run. */
export interface SimulationJson {
  version: number;
  figures: SimulationFigures;
  /** True when each scenario's rows hold only the cells that differ from the fleet with nothing down (`--all-single`). */
  changedOnly: boolean;
  scenarios: ScenarioJson[];
}

const HOW_WORDS: Readonly<Record<How, string>> = {
  slower: 'slower',
  retry: 'retry',
  'spare-base': 'spare base',
  'until-token-refresh': 'until token refresh',
  'some-users': 'some users',
};

/** `works`, `down`, `-` (n/a), or `degraded (slower, spare base)`. */
export function outcomeLabel(outcome: Outcome, how: readonly How[]): string {
  if (outcome === 'n/a') return '-';
  if (outcome !== 'degraded') return outcome;
  return `degraded (${how.map((h) => HOW_WORDS[h]).join(', ')})`;
}

function summaryOf(rows: readonly ScenarioRow[]): Record<UserKind, OutcomeCounts> {
  const summary = {} as Record<UserKind, OutcomeCounts>;
  for (const user of USER_KINDS) {
    const counts: OutcomeCounts = { works: 0, degraded: 0, down: 0 };
    for (const row of rows) {
      const cell = row.cells.find((c) => c.user === user);
      if (cell && cell.outcome !== 'n/a') counts[cell.outcome]++;
    }
    summary[user] = counts;
  }
  return summary;
}

/** The cells of `scenario` that differ from the fleet with nothing down, row by row (rows without one left out). */
export function changedRows(context: SimulationContext, scenario: Scenario): ScenarioRow[] {
  return scenario.rows
    .map((row) => ({
      ...row,
      cells: row.cells.filter((cell) => {
        const base = context.baseline.get(`${row.column} ${cell.user}`);
        return !base || base.outcome !== cell.outcome || base.how.join() !== cell.how.join() || cell.settle !== undefined;
      }),
    }))
    .filter((row) => row.cells.length > 0);
}

/** The JSON object of a run. */
export function simulationJson(context: SimulationContext, scenarios: readonly Scenario[], changedOnly: boolean): SimulationJson {
  return {
    version: SIMULATION_FORMAT_VERSION,
    figures: context.figures,
    changedOnly,
    scenarios: scenarios.map((s) => ({ ...s, rows: changedOnly ? changedRows(context, s) : s.rows, summary: summaryOf(s.rows) })),
  };
}

function table(header: readonly string[], rows: readonly (readonly string[])[]): string[] {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: readonly string[]): string =>
    cells
      .map((c, i) => c.padEnd(widths[i] ?? 0))
      .join('  ')
      .trimEnd();
  return [line(header), ...rows.map(line)];
}

function address(fact: { address: string; cluster?: string; up: boolean }): string {
  return fact.cluster === undefined ? fact.address : `${fact.address} (${fact.cluster}${fact.up ? '' : ', down'})`;
}

/** One line per step of a cell's path. */
export function pathLines(path: readonly PathStep[]): string[] {
  return path.flatMap((step): string[] => {
    switch (step.step) {
      case 'book':
        return [
          `book ${step.key}, entry ${step.entry}: ${step.candidates.join(', ')}; ${step.refreshedFrom ? `refreshed from ${step.refreshedFrom}` : 'saved copy (no place answers)'}; ${step.result}`,
        ];
      case 'issuer':
        return [`issuer ${step.url} (books/issuers.json, baked in)`];
      case 'route':
        return [
          `route ${step.host}${step.path}: ${step.serves ?? 'no route'}${step.prefix !== undefined ? ` by prefix "${step.prefix}"` : ''}${step.match ? ` (${step.match})` : ''}`,
        ];
      case 'dns':
        return step.answers.map((a) => {
          const chain = a.chain.length > 1 ? `${a.chain.join(' → ')}` : step.name;
          const what = a.empty !== undefined ? a.empty : a.addresses.map(address).join(', ');
          const who = [
            a.hosts.length > 0 ? `from ${a.hosts.join(', ')}` : '',
            a.near.length > 1 || step.answers.some((b) => b.near.join() !== a.near.join()) ? `near ${a.near.join(', ')}` : '',
          ]
            .filter((w) => w !== '')
            .join(', ');
          return `dns ${chain}: ${what}${who ? ` (${who})` : ''}`;
        });
    }
  });
}

function cellLines(cell: Cell): string[] {
  const lines = [`${USER_TITLES[cell.user]}: ${outcomeLabel(cell.outcome, cell.how)}${cell.service ? ` [${cell.service}]` : ''}`];
  for (const clause of cell.because) lines.push(`    because ${clause}`);
  for (const line of pathLines(cell.path)) lines.push(`    ${line}`);
  if (cell.settle) {
    lines.push(`    until then: ${outcomeLabel(cell.settle.before, cell.settle.beforeHow)} for up to ${cell.settle.seconds} s (${cell.settle.why})`);
    for (const clause of cell.settle.beforeBecause) lines.push(`      because ${clause}`);
  }
  if (cell.recovery)
    lines.push(
      `    recovers: ${cell.recovery.seconds === 0 ? cell.recovery.why : `up to ${cell.recovery.seconds} s after the failure ends: ${cell.recovery.why}`}`,
    );
  return lines.map((l, i) => (i === 0 ? `  ${l}` : `  ${l}`));
}

function figuresLine(figures: SimulationFigures): string {
  return `figures: TTL ${figures.ttl} s, planner tick ${figures.tick} s${figures.delegationTtl !== undefined ? `, delegation TTL ${figures.delegationTtl} s` : ''}, negative answers ${figures.negativeTtl} s`;
}

function matrixLines(rows: readonly ScenarioRow[]): string[] {
  return table(
    ['', ...USER_KINDS.map((u) => USER_TITLES[u])],
    rows.map((row) => [
      row.virtual ? `${row.column} (virtual)` : row.column,
      ...row.cells.map((c) => `${outcomeLabel(c.outcome, c.how)}${c.settle ? '*' : ''}`),
    ]),
  );
}

/** The text form of `--fail` runs: per scenario, its notes, the matrix, then every cell with its path. */
export function formatScenarioText(context: SimulationContext, scenario: Scenario): string {
  const lines = [`simulate: ${scenario.title}`, ...scenario.notes.map((n) => `  ${n}`), `  ${figuresLine(context.figures)}`, ''];
  // The footnote explains the `*` of a cell that settles; a matrix without one has nothing to explain.
  const settles = scenario.rows.some((row) => row.cells.some((cell) => cell.settle));
  lines.push(...matrixLines(scenario.rows), ...(settles ? ['  * the outcome after a while; what users get until then is under each cell'] : []), '');
  for (const row of scenario.rows) {
    const column = context.columns.find((c) => c.name === row.column);
    const where = column?.virtual ? `virtual: ${column.members.join(', ')}` : (column?.clients[0]?.region ?? '');
    lines.push(`${row.column} (${where})`);
    for (const cell of row.cells) lines.push(...(cell.outcome === 'n/a' ? [`  ${USER_TITLES[cell.user]}: - (${cell.because.join('; ')})`] : cellLines(cell)));
    lines.push('');
  }
  return `${lines.join('\n').trimEnd()}\n`;
}

function countsLabel(counts: OutcomeCounts, changed: readonly Cell[]): string {
  if (changed.length === 0) return 'no change';
  const parts = [counts.down > 0 ? `${counts.down} down` : '', counts.degraded > 0 ? `${counts.degraded} degraded` : ''].filter((p) => p !== '');
  const brief = changed.filter((c) => c.outcome === 'works');
  if (brief.length > 0) parts.push(`${brief.length} brief (≤ ${Math.max(...brief.map((c) => c.settle?.seconds ?? 0))} s)`);
  return parts.join(', ');
}

function changedCells(changed: readonly ScenarioRow[], user: UserKind): Cell[] {
  return changed.flatMap((row) => row.cells.filter((c) => c.user === user));
}

function summaryLine(scenario: Scenario, changed: readonly ScenarioRow[]): string[] {
  const summary = summaryOf(scenario.rows);
  return USER_KINDS.map((u) => countsLabel(summary[u], changedCells(changed, u)));
}

/** The text form of `--all-single`: the whole fleet's matrix (failure × user), then each failure's changed cells. */
export function formatAllSingleText(context: SimulationContext, scenarios: readonly Scenario[]): string {
  const places = context.columns.length;
  const lines = [
    `simulate --all-single: ${counted(scenarios.length, 'single failure')} over ${counted(places, 'landscape or virtual landscape', 'landscapes and virtual landscapes')}`,
    `  ${figuresLine(context.figures)}`,
    '  each cell: for that kind of user, how many landscapes are down or degraded once settled, and how many are only briefly worse (and for how long)',
    '',
  ];
  const changedOf = scenarios.map((s) => changedRows(context, s));
  lines.push(
    ...table(
      ['failure', ...USER_KINDS.map((u) => USER_TITLES[u])],
      scenarios.map((s, i) => [s.title, ...summaryLine(s, changedOf[i] ?? [])]),
    ),
    '',
  );
  scenarios.forEach((scenario, i) => {
    const changed = changedOf[i] ?? [];
    lines.push(`${scenario.title}`, ...scenario.notes.map((n) => `  ${n}`));
    if (changed.length === 0) lines.push('  every user as with nothing down');
    for (const row of changed) {
      const cells = row.cells.map(
        (c) =>
          `${USER_TITLES[c.user]} ${outcomeLabel(c.outcome, c.how)}${c.settle ? ` (after up to ${c.settle.seconds} s; until then ${outcomeLabel(c.settle.before, c.settle.beforeHow)})` : ''}`,
      );
      lines.push(`  ${row.column}: ${cells.join('; ')}`);
    }
    lines.push('');
  });
  return `${lines.join('\n').trimEnd()}\n`;
}

const MARK: Readonly<Record<Outcome, string>> = { works: '✅', degraded: '⚠️', down: '❌', 'n/a': '—' };

function markdownCell(cell: Cell): string {
  if (cell.outcome === 'n/a') return MARK['n/a'];
  const label = `${MARK[cell.outcome]} ${outcomeLabel(cell.outcome, cell.how)}`;
  return cell.settle ? `${label} (after ≤ ${cell.settle.seconds} s)` : label;
}

function escapeMarkdown(text: string): string {
  return text.replace(/\|/g, '\\|');
}

/** The Markdown form: per scenario, a heading, the notes, the matrix and the cells that are not plainly working, for a pull request. */
export function formatMarkdown(context: SimulationContext, scenarios: readonly Scenario[], changedOnly: boolean): string {
  const out: string[] = [];
  const changedOf = scenarios.map((s) => (changedOnly ? changedRows(context, s) : s.rows));
  if (changedOnly) {
    out.push(
      `### diene simulate --all-single`,
      '',
      `${scenarios.length} single failures. Each cell: for that kind of user, how many landscapes are down or degraded once settled, and how many are only briefly worse (and for how long). Below, per failure, the cells that change; \`diene simulate --fail\` gives a failure's paths.`,
      '',
    );
    out.push(`| failure | ${USER_KINDS.map((u) => USER_TITLES[u]).join(' | ')} |`, `|---|${USER_KINDS.map(() => '---').join('|')}|`);
    scenarios.forEach((s, i) => out.push(`| ${escapeMarkdown(s.title)} | ${summaryLine(s, changedOf[i] ?? []).join(' | ')} |`));
    out.push('');
  }
  for (const [i, scenario] of scenarios.entries()) {
    const rows = changedOf[i] ?? [];
    if (changedOnly && rows.length === 0) continue;
    out.push(`${changedOnly ? '####' : '###'} simulate: ${escapeMarkdown(scenario.title)}`, '');
    for (const note of scenario.notes) out.push(`- ${escapeMarkdown(note)}`);
    out.push(`- ${figuresLine(context.figures)}`, '');
    out.push(`| | ${USER_KINDS.map((u) => USER_TITLES[u]).join(' | ')} |`, `|---|${USER_KINDS.map(() => '---').join('|')}|`);
    for (const row of rows) {
      const cells = USER_KINDS.map((u) => {
        const cell = row.cells.find((c) => c.user === u);
        return cell ? markdownCell(cell) : '';
      });
      out.push(`| **${row.column}**${row.virtual ? ' (virtual)' : ''} | ${cells.join(' | ')} |`);
    }
    out.push('');
    // The paths of every failure of a whole fleet would not fit a pull-request comment: --all-single leaves them out.
    const details = changedOnly
      ? []
      : rows.flatMap((row) => row.cells.filter((c) => c.outcome === 'down' || c.outcome === 'degraded' || c.settle).map((c) => ({ row, c })));
    if (details.length > 0) {
      out.push('<details><summary>why, and the path taken</summary>', '');
      for (const { row, c } of details) {
        out.push(
          `- **${row.column}**, ${USER_TITLES[c.user]}: ${outcomeLabel(c.outcome, c.how)}${c.because.length > 0 ? `: ${escapeMarkdown(c.because.join('; '))}` : ''}`,
        );
        for (const line of pathLines(c.path)) out.push(`  - \`${line}\``);
        if (c.settle)
          out.push(
            `  - until then, for up to ${c.settle.seconds} s (${escapeMarkdown(c.settle.why)}): ${outcomeLabel(c.settle.before, c.settle.beforeHow)}${c.settle.beforeBecause.length > 0 ? `: ${escapeMarkdown(c.settle.beforeBecause.join('; '))}` : ''}`,
          );
        if (c.recovery)
          out.push(`  - recovers ${c.recovery.seconds === 0 ? c.recovery.why : `up to ${c.recovery.seconds} s after the failure ends: ${c.recovery.why}`}`);
      }
      out.push('', '</details>', '');
    }
  }
  return `${out.join('\n').trimEnd()}\n`;
}
