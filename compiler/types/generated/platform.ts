// Generated from schemas/platform.schema.json by `npm run gen:types`. Do not edit.

/**
 * A landscape name (also used for virtual landscapes): a lower-case letter, then lower-case letters or digits, 1 to 12 characters; no hyphens, so joined names cannot collide (docs/fleet-reference.md).
 */
export type LandscapeName = string;
/**
 * One entry of `stages`: a single step, or a parallel group of steps promoted side by side from the previous entry.
 */
export type StageEntry = StageStep | ParallelGroup;
/**
 * A step: a bare landscape name (automatic, health-gated) or a step object.
 */
export type StageStep = LandscapeName | StageStepObject;
/**
 * Steps promoted in parallel; each takes Freight from the previous entry, and the next entry takes Freight verified in every member.
 *
 * @minItems 1
 */
export type ParallelGroup = [StageStep, ...StageStep[]];
/**
 * A shared chart's name: lower-case letters and digits in words joined by single hyphens, starting with a letter, 1 to 15 characters (its Applications' names, <platform>-shared-<chart>-<landscape>-<mark>, stay within 63).
 */
export type SharedChartName = string;
/**
 * A module name, the first label of a service hostname: a lower-case letter, then lower-case letters or digits, 1 to 16 characters (docs/fleet-reference.md).
 */
export type ModuleName = string;

/**
 * A platform: carbon/<platform>/platform.yaml, copied from the platform's `<platform>.carbon` repository (docs/fleet-reference.md). Lists the landscapes it runs in and the order of promotion between them.
 */
export interface Platform {
  /**
   * The platform's name; equals the folder name under carbon/.
   */
  name: string;
  /**
   * The landscapes the platform runs in; each must appear exactly once in `stages`.
   *
   * @minItems 1
   */
  landscapes: [LandscapeName, ...LandscapeName[]];
  /**
   * The promotion order: a step is a landscape name (automatic, health-gated) or a step object; a nested list is a parallel group.
   *
   * @minItems 1
   */
  stages: [StageEntry, ...StageEntry[]];
  /**
   * Optional: the virtual landscapes this platform serves on; each needs a serving member the platform lists.
   */
  vlandscapes?: LandscapeName[];
  /**
   * Optional: the platform's shared charts, charts with no image that its services share (docs/argocd.md "Shared charts"). Each lives beside the services' app charts (the folder of fleet.yaml `artifacts.appChart`, under its own name), is promoted landscape by landscape in `stages:` order by a chart-only Warehouse, its version written to platforms/<platform>/_shared/<chart>/<landscape>.yaml, and deployed on every cluster of a landscape into the namespace <platform>-shared-<chart>.
   */
  sharedCharts?: SharedChartName[];
  /**
   * Optional per-service facts, by service name. The set of services is the set of row folders, not this map; a service missing here has modules [api].
   */
  services?: {
    [k: string]: Service | undefined;
  };
}
/**
 * A step with options.
 */
export interface StageStepObject {
  /**
   * A landscape name (also used for virtual landscapes): a lower-case letter, then lower-case letters or digits, 1 to 12 characters; no hyphens, so joined names cannot collide (docs/fleet-reference.md).
   */
  landscape: string;
  /**
   * `manual` turns auto-promotion off for this stage.
   */
  gate?: 'manual';
  /**
   * The soak time required on the upstream stage before promoting, e.g. `30m`, `1h`, `2h30m`. Not allowed on the first step.
   */
  soak?: string;
  /**
   * Kargo analysis templates that verify this stage.
   *
   * @minItems 1
   *
   * Items: The name of a Kargo AnalysisTemplate: lower-case letters, digits, `-` and `.` (a DNS-1123 subdomain).
   */
  verification?: [string, ...string[]];
}
/**
 * Facts about one service.
 */
export interface Service {
  /**
   * The service's modules, the first label of its hostnames `<module>.<service>.<platform>.<landscape>.<base>`.
   *
   * @minItems 1
   */
  modules?: [ModuleName, ...ModuleName[]];
}
