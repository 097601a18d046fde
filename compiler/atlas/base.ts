/**
 * The base revision an atlas is compared with (`diene atlas --base DIR`, a
 * checkout of the base branch): its model and its drill, and the words every
 * page marks a difference with. A mark is always a word in a tag, never a
 * colour alone: "added", "removed", "changed (was …)", "worse than the base
 * (was …)".
 */
import type { FleetModel } from '../2-analyze/fleet-model.js';
import { describeFailure } from '../simulate/failures.js';
import type { Scenario, SimulationContext } from '../simulate/simulate.js';
import { esc } from './html.js';

/** The base revision as the pages compare with it. */
export interface BaseView {
  model: FleetModel;
  context: SimulationContext;
  /** The base's single-failure drill, by failure (`kind name`). */
  scenarios: ReadonlyMap<string, Scenario>;
  /** How the pages name the base (the folder given). */
  label: string;
}

/** The {@link BaseView} of a base model, its drill and its label. */
export function baseView(model: FleetModel, context: SimulationContext, scenarios: readonly Scenario[], label: string): BaseView {
  return { model, context, scenarios: new Map(scenarios.map((s) => [describeFailure(s.failures[0] ?? { kind: 'control', name: '' }), s])), label };
}

/** The tag of an added thing. */
export const ADDED = '<span class="tag ok">added</span>';
/** The tag of a removed thing. */
export const REMOVED = '<span class="tag bad">removed</span>';

/** The tag of a value that changed, naming what it was. */
export function changed(was: string): string {
  return `<span class="tag warn">changed (was ${esc(was)})</span>`;
}

/** The tag of something worse than in the base, naming what it was. */
export function worse(was: string): string {
  return `<span class="tag bad">worse than the base (was ${esc(was)})</span>`;
}

/** The sentence under a page's heading that says what it is compared with. */
export function comparedWith(base: BaseView | undefined): string {
  return base
    ? `<p>Compared with the base revision <code>${esc(base.label)}</code>: ${ADDED}, ${REMOVED}, ${changed('…')} and ${worse('…')} mark what this revision changes.</p>`
    : '';
}
