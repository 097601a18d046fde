/**
 * The promotion order of a platform (SPEC §2 `stages:`, §3.2). `stages:` is a
 * list of steps; a step is a landscape name (automatic, health-gated), an
 * object `{landscape, gate, soak, verification}`, or a nested list of those
 * (a parallel group). Normalized, it is a list of groups, each a list of stages
 * promoted in parallel; a group's stages take Freight from every stage of the
 * group before it (or from the Warehouse, for the first group).
 */

/** One stage of a platform: a landscape and how Freight enters it. */
export interface StageStep {
  landscape: string;
  /** `manual` turns auto-promotion off for this stage (SPEC §3.2). */
  gate: 'auto' | 'manual';
  /** Kargo duration string (`30m`, `1h`, `2h30m`): how long Freight must sit upstream first. */
  soak?: string;
  /** Names of Argo Rollouts AnalysisTemplates in the project namespace. */
  verification: string[];
}

/** The raw step shapes of `stages:` (as the platform schema allows them). */
export type RawStageStep = string | { landscape: string; gate?: 'manual'; soak?: string; verification?: string[] };
export type RawStageEntry = RawStageStep | RawStageStep[];

/** A normalized step with its position in `stages:` (`[i]` or `[i, j]` for a group member). */
export interface PositionedStep extends StageStep {
  path: (number | string)[];
  /** Where the landscape name itself is written: `path`, or `[...path, 'landscape']` for an object step. */
  landscapePath: (number | string)[];
}

function normalizeStep(raw: RawStageStep, path: (number | string)[]): PositionedStep {
  if (typeof raw === 'string') return { landscape: raw, gate: 'auto', verification: [], path, landscapePath: path };
  return {
    landscape: raw.landscape,
    gate: raw.gate === 'manual' ? 'manual' : 'auto',
    ...(raw.soak !== undefined ? { soak: raw.soak } : {}),
    verification: [...(raw.verification ?? [])],
    path,
    landscapePath: [...path, 'landscape'],
  };
}

const groupsByStages = new WeakMap<readonly RawStageEntry[], PositionedStep[][]>();

/**
 * Groups of parallel stages in promotion order, each step carrying its
 * position in `stages:`. Derived once per `stages:` list: the platform check
 * and buildModel() read the same groups (do not change them).
 */
export function normalizeStages(stages: readonly RawStageEntry[]): PositionedStep[][] {
  let groups = groupsByStages.get(stages);
  if (!groups) {
    groups = stages.map((entry, i) => (Array.isArray(entry) ? entry.map((step, j) => normalizeStep(step, [i, j])) : [normalizeStep(entry, [i])]));
    groupsByStages.set(stages, groups);
  }
  return groups;
}
