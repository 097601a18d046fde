/**
 * The resilience a change loses (`diene report --base`): the single-failure
 * drills of `diene simulate --all-single` run on the base and on the head,
 * and every landscape or virtual landscape, for each kind of user, that
 * survived every single failure on the base and goes down on the head, with
 * the failures that now take it down. Sorted in the drills' column order and
 * failure order; pure.
 *
 * Design note. "Survived" means not down once settled (degraded counts as
 * surviving). The loss of the whole landscape, or of the region that holds
 * all of a column's landscapes, takes that column down by definition: those
 * failures are left out for it, so a landscape can survive every single
 * failure. A virtual landscape is judged by the members that served on the
 * base, so a member that stops serving does not hide the loss.
 *
 * The drills are typed to read only the {@link FleetOutline} (the model
 * without the rows' pins and values), and run on it. A base and head whose
 * outlines are equal (the same digest, 3-emit/output-slice.ts: it tells
 * apart every two values the drills can) give the same scenarios, so every
 * cell the head takes down the base took down too: nothing is lost, and
 * neither side's drills are run. A pull request that only moves pins (a
 * promotion) is such a change.
 */
import { fleetOutline, type FleetModel, type FleetOutline } from '../2-analyze/fleet-model.js';
import { SlicePart } from '../3-emit/output-slice.js';
import { describeFailure, everySingleFailure, type Failure } from '../simulate/failures.js';
import { simulateEverySingle, simulationContext, type Scenario } from '../simulate/simulate.js';
import type { ServiceChoice } from '../simulate/user-targets.js';
import { USER_KINDS, type UserKind } from '../simulate/user-targets.js';

/** A landscape or virtual landscape that no longer survives every single failure. */
export interface ResilienceLoss {
  /** The landscape or virtual landscape. */
  column: string;
  virtual: boolean;
  /** The kinds of user it now goes down for, in the drills' order. */
  users: UserKind[];
  /** The single failures that now take it down (`cluster euprod-blue`), in the drills' order. */
  failures: string[];
  /** The clusters that serve it on the head (built, traffic on; a virtual landscape's serving members'), sorted. */
  servedBy: string[];
}

/** The landscapes of a column: itself, or a virtual landscape's serving members. */
interface ColumnShape {
  name: string;
  virtual: boolean;
  landscapes: string[];
}

/** Cells down once settled, by `<column> <user>` → the failures (described) that take each down, whole failures left out. */
function downBy(
  model: FleetOutline,
  scenarios: readonly Scenario[],
  failures: readonly Failure[],
  shapes: ReadonlyMap<string, ColumnShape>,
): Map<string, string[]> {
  const regionOf = new Map(model.landscapes.map((l) => [l.name, l.region]));
  const whole = (failure: Failure, shape: ColumnShape): boolean =>
    shape.landscapes.length > 0 &&
    ((failure.kind === 'landscape' && shape.landscapes.every((l) => l === failure.name)) ||
      (failure.kind === 'region' && shape.landscapes.every((l) => regionOf.get(l) === failure.name)));
  const down = new Map<string, string[]>();
  scenarios.forEach((scenario, i) => {
    const failure = failures[i] as Failure;
    for (const row of scenario.rows) {
      const shape = shapes.get(row.column);
      if (!shape || whole(failure, shape)) continue;
      for (const cell of row.cells) {
        if (cell.outcome !== 'down') continue;
        const key = `${row.column} ${cell.user}`;
        down.set(key, [...(down.get(key) ?? []), describeFailure(failure)]);
      }
    }
  });
  return down;
}

function drills(model: FleetOutline): { scenarios: Scenario[]; failures: Failure[]; context: ReturnType<typeof simulationContext> } {
  const intake: ServiceChoice | undefined = model.settings.intake
    ? { platform: model.settings.intake.platform, service: model.settings.intake.service }
    : undefined;
  const context = simulationContext(
    model,
    intake && model.platforms.some((p) => p.name === intake.platform && p.services.some((s) => s.name === intake.service)) ? { intake } : {},
  );
  const failures = everySingleFailure(model);
  return { context, failures, scenarios: simulateEverySingle(context, failures) };
}

/** How {@link resilienceDelta} runs. */
export interface ResilienceDeltaOptions {
  /** Run both sides' drills even when the outlines are equal (default false): what a test compares the shortcut with. */
  always?: boolean;
}

/** What the head no longer survives that the base did. */
export function resilienceDelta(baseModel: FleetModel, headModel: FleetModel, options: ResilienceDeltaOptions = {}): ResilienceLoss[] {
  const base = fleetOutline(baseModel);
  const head = fleetOutline(headModel);
  if (options.always !== true && new SlicePart(base).digest === new SlicePart(head).digest) return [];
  const was = drills(base);
  const now = drills(head);
  // Each column judged by its base shape: the landscapes that served it there.
  const shapes = new Map<string, ColumnShape>(
    was.context.columns.map((c) => [c.name, { name: c.name, virtual: c.virtual, landscapes: c.virtual ? [...c.members] : [c.name] }]),
  );
  const baseDown = downBy(base, was.scenarios, was.failures, shapes);
  const headDown = downBy(head, now.scenarios, now.failures, shapes);
  const applies = (context: typeof was.context, column: string, user: UserKind): boolean => {
    const cell = context.baseline.get(`${column} ${user}`);
    return cell !== undefined && cell.outcome !== 'n/a' && cell.outcome !== 'down';
  };
  const order = now.failures.map(describeFailure);
  const losses: ResilienceLoss[] = [];
  for (const column of now.context.columns) {
    if (!shapes.has(column.name)) continue;
    const users: UserKind[] = [];
    const failures = new Set<string>();
    for (const user of USER_KINDS) {
      if (!applies(was.context, column.name, user) || baseDown.has(`${column.name} ${user}`)) continue;
      const taken = headDown.get(`${column.name} ${user}`);
      if (!taken) continue;
      users.push(user);
      for (const f of taken) failures.add(f);
    }
    if (users.length === 0) continue;
    const landscapes = column.virtual ? column.members : [column.name];
    const servedBy = head.clusters.filter((c) => landscapes.includes(c.landscape) && c.built && c.traffic).map((c) => c.name);
    losses.push({ column: column.name, virtual: column.virtual, users, failures: order.filter((f) => failures.has(f)), servedBy });
  }
  return losses;
}
