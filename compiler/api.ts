/**
 * The library entry of the package (`import { compileFleet } from 'diene-compiler'`):
 * the pipeline, one platform's render, the DNS plan and the route matcher, each
 * as pure functions over files already read, plus the readers the CLI uses to
 * read them from disk, and the diagnostic types and catalog.
 *
 * `renderPlatform` and `planDns` give exactly what `diene render` prints and the
 * plan `diene plan dns --format json` prints for the same files.
 */
import { assumeEmpty, loadDnsHealth, loadDnsLive, type LiveFile } from './1-load/load-dns-live.js';
import type { SourceFile } from './1-load/source-file.js';
import { dnsIntent } from './2-analyze/dns-names.js';
import { platformObjects } from './3-emit/emit-outputs.js';
import { toYamlStream } from './3-emit/serialize.js';
import { renderInputs } from './1-load/render-issuer.js';
import { inputDigest } from './1-load/render-inputs.js';
import { diagnose, hasErrors, sortDiagnostics, type Diagnostic } from './diagnostics/diagnostic.js';
import { closestName } from './diagnostics/spelling.js';
import { analyzeFleet as analyze, inputValidators, type CompileOptions } from './index.js';
import { planTraffic, type TrafficOptions, type TrafficPlan } from './plan/traffic-planner.js';

export { compileFleet, inputValidators, type CompileOptions, type CompileResult } from './index.js';
export { sourceFile, type SourceFile } from './1-load/source-file.js';
export { SCHEMA_KEYWORDS } from './1-load/schema-keywords.js';
export type { LiveFile } from './1-load/load-dns-live.js';
export { readFleetFiles as readFleet, type FolderScope } from './adapters/filesystem/read-fleet.js';
export { readDnsLive } from './adapters/filesystem/read-dns-live.js';
export { catalog, isDiagnosticCode, type CatalogEntry, type DiagnosticCode } from './diagnostics/catalog.js';
export {
  hasErrors,
  sortDiagnostics,
  type Diagnostic,
  type DiagnosticArgs,
  type RelatedLocation,
  type Severity,
  type SourceLocation,
} from './diagnostics/diagnostic.js';
export { formatGithub, formatJson, formatTextReport } from './diagnostics/format.js';
export {
  compileUpstreamTable,
  firstInvalidEscape,
  lookupUpstream,
  type MatchKind,
  type PrefixRow,
  type Spelling,
  type Upstream,
  type UpstreamRoute,
  type UpstreamTable,
} from './route/lookup-upstream.js';
export { planTraffic, prepareTraffic, type TrafficOptions, type TrafficPlan } from './plan/traffic-planner.js';

/** Runs the loading and the analysis (1-load, 2-analyze) over `files`: diagnostics and, when the fleet is valid, its model. */
export function analyzeFleet(files: readonly SourceFile[], options: CompileOptions): ReturnType<typeof analyze> {
  return analyze(files, options);
}

export interface RenderResult {
  /** Every finding, sorted; `platform_not_found` when the fleet has no such platform. */
  diagnostics: Diagnostic[];
  /** The platform's objects as one YAML stream, in sync-wave order; present only when no error was found. */
  yaml?: string;
  /** `sha256:` over the platform name and the inputs the render read (the digest `diene render` prints on stderr). */
  inputDigest: string;
}

/**
 * One platform's objects (Platform record, Kargo, ApplicationSets) from the
 * fleet's `files`, as `diene render` prints them. Claims and other platforms'
 * rows are left out first, as render leaves them out, so a broken row of
 * another platform never stops this one.
 */
export function renderPlatform(files: readonly SourceFile[], platform: string, options: CompileOptions): RenderResult {
  const inputs = renderInputs(files, platform);
  const digest = inputDigest(platform, inputs);
  const analysis = analyze(inputs, options);
  if (hasErrors(analysis.diagnostics) || !analysis.model) return { diagnostics: analysis.diagnostics, inputDigest: digest };
  const found = analysis.model.platforms.find((candidate) => candidate.name === platform);
  if (!found) {
    const names = analysis.model.platforms.map((candidate) => candidate.name);
    const closest = closestName(platform, names);
    const notFound = diagnose({}, 'platform_not_found', {
      platform,
      known: [...names].sort().join(', ') || 'none',
      suggestion: closest ? `did you mean "${closest}"? ` : '',
    });
    return { diagnostics: sortDiagnostics([...analysis.diagnostics, notFound]), inputDigest: digest };
  }
  return { diagnostics: analysis.diagnostics, yaml: toYamlStream(platformObjects(analysis.model, found), 'diene render'), inputDigest: digest };
}

export interface PlanDnsOptions extends CompileOptions, TrafficOptions {
  /** The health file (`schemas/dns-health.schema.json`); absent: every cluster is up. */
  health?: SourceFile;
  /** Plan each (zone, host) without a snapshot as an empty zone, as `plan dns --assume-empty` does; default false (listed as not planned). */
  assumeEmpty?: boolean;
}

export interface PlanDnsResult {
  /** Every finding of the fleet, the snapshots and the health file, sorted. */
  diagnostics: Diagnostic[];
  /** Present only when no error was found; `plan.refused` tells an applier to write nothing. */
  plan?: TrafficPlan;
}

/**
 * What each DNS host must change: the fleet's zone plans against the `live`
 * snapshots (one per zone and host, in the format of `schemas/dns-plan.schema.json`;
 * {@link readDnsLive} reads a folder laid out like `dns/`), within the brakes.
 */
export function planDns(files: readonly SourceFile[], live: readonly LiveFile[], options: PlanDnsOptions): PlanDnsResult {
  const analysis = analyze(files, options);
  if (hasErrors(analysis.diagnostics) || !analysis.model) return { diagnostics: analysis.diagnostics };
  const intent = dnsIntent(analysis.model);
  const validators = options.validators ?? inputValidators();
  const loaded = loadDnsLive(live, intent.zones, validators);
  const diagnostics = [...analysis.diagnostics, ...loaded.diagnostics];
  const health = options.health ? loadDnsHealth(options.health, intent.clusters, validators) : undefined;
  if (health) diagnostics.push(...health.diagnostics);
  if (hasErrors(diagnostics)) return { diagnostics: sortDiagnostics(diagnostics) };
  const traffic: TrafficOptions = {};
  for (const key of ['force', 'updateThreshold', 'deleteThreshold', 'minRecordSets'] as const) {
    if (options[key] !== undefined) Object.assign(traffic, { [key]: options[key] });
  }
  const snapshots = options.assumeEmpty ? [...loaded.snapshots, ...assumeEmpty(intent.zones, loaded.snapshots)] : loaded.snapshots;
  return { diagnostics: sortDiagnostics(diagnostics), plan: planTraffic(intent, snapshots, health?.health, traffic) };
}
