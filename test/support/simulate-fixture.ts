/**
 * Helpers for the simulation tests: the reference fleet's simulation context
 * (with mercury/webhook named as the intake, SPEC §1), a drill by its
 * `--fail` words, and the matrix as one short label a cell so that an
 * expected matrix reads like the table it stands for.
 */
import { compileFleet } from '../../compiler/index.js';
import { parseFailures } from '../../compiler/simulate/failures.js';
import { outcomeLabel } from '../../compiler/simulate/simulate-report.js';
import { simulate, simulationContext, type Scenario, type SimulationContext } from '../../compiler/simulate/simulate.js';
import type { Cell } from '../../compiler/simulate/user-outcomes.js';
import type { TargetOptions, UserKind } from '../../compiler/simulate/user-targets.js';
import { overlayTexts, readFleetTexts, TEST_NOW_SECONDS, toSourceFiles } from './fleet-fixture.js';

/** The simulation context of the reference fleet (with `overlay`), the intake named as SPEC §1 names it. */
export function referenceContext(
  overlay: Record<string, string | null> = {},
  options: TargetOptions = { intake: { platform: 'mercury', service: 'webhook' } },
): SimulationContext {
  const result = compileFleet(toSourceFiles(overlayTexts(readFleetTexts(), overlay)), { nowSeconds: TEST_NOW_SECONDS });
  if (!result.model) throw new Error(`the fleet does not compile: ${result.diagnostics.map((d) => d.code).join(', ')}`);
  return simulationContext(result.model, options);
}

/** The drill of `--fail <words>`; throws when a word names nothing. */
export function drill(context: SimulationContext, ...words: string[]): Scenario {
  const parsed = parseFailures(context.model, words);
  if (parsed.diagnostics.length > 0) throw new Error(parsed.diagnostics.map((d) => d.message).join('; '));
  return simulate(context, parsed.failures);
}

/** `works`, `down`, `-`, `degraded (slower, …)`, with ` after N s` when it holds only after a while. */
export function label(cell: Cell): string {
  return `${outcomeLabel(cell.outcome, cell.how)}${cell.settle ? ` after ${cell.settle.seconds} s` : ''}`;
}

/** The matrix: column → one label a user, in user order (our app, browser, first sign-in, signed in, outside caller, webhook sender). */
export function matrix(scenario: Scenario): Record<string, string[]> {
  return Object.fromEntries(scenario.rows.map((row) => [row.column, row.cells.map(label)]));
}

/** One cell. */
export function cell(scenario: Scenario, column: string, user: UserKind): Cell {
  const found = scenario.rows.find((r) => r.column === column)?.cells.find((c) => c.user === user);
  if (!found) throw new Error(`no cell ${column} ${user}`);
  return found;
}

/** Every DNS answer of a cell as `name: addresses (from hosts, near regions)` lines, for compact assertions. */
export function answers(c: Cell): string[] {
  return c.path.flatMap((step) =>
    step.step !== 'dns'
      ? []
      : step.answers.map(
          (a) =>
            `${step.name}: ${a.empty ?? a.addresses.map((f) => `${f.address}${f.up ? '' : ' (down)'}`).join(' ')} (from ${a.hosts.join(' ') || 'nobody'}, near ${a.near.join(' ')})`,
        ),
  );
}

/** A landscape's row when nothing happens to it. */
export const WORKS = ['works', 'works', 'works', 'works', 'works', 'works'];
/** A virtual landscape's row when nothing happens to it: books and issuers name landscapes only. */
export const VIRTUAL_WORKS = ['-', 'works', '-', '-', 'works', 'works'];
