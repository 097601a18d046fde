// `--all-single` computed the fast way (one context for every failure, the planner's caches,
// untouched columns taken from the baseline) gives the same bytes as the straightforward way: each
// failure on its own, with its own prepared traffic, its own live snapshots, answerer and client
// (so nothing one failure computed is reused by another) and every column evaluated. On the
// running example and on the generated M fleet (20 landscapes, 60 clusters), in text, JSON and
// Markdown.

import { describe, expect, it } from 'vitest';
import { GENERATED_NOW, generateFleet } from '../../bench/fleet-generator.mjs';
import type { FleetOutline } from '../../compiler/2-analyze/fleet-model.js';
import { dnsIntent } from '../../compiler/2-analyze/dns-names.js';
import { zonePlanDocuments } from '../../compiler/3-emit/dns-zone-plans.js';
import { toJson } from '../../compiler/3-emit/serialize.js';
import { addressBookClient } from '../../compiler/client/address-book-client.js';
import { analyzeFleet } from '../../compiler/index.js';
import { prepareTraffic } from '../../compiler/plan/traffic-planner.js';
import { dnsAnswerer } from '../../compiler/simulate/dns-answers.js';
import { everySingleFailure, type Failure } from '../../compiler/simulate/failures.js';
import { formatAllSingleText, formatMarkdown, simulationJson } from '../../compiler/simulate/simulate-report.js';
import { simulate, simulateEverySingle, simulationContext, type Scenario, type SimulationContext } from '../../compiler/simulate/simulate.js';
import { liveFromZonePlans } from '../../compiler/simulate/traffic-ticks.js';
import type { TargetOptions } from '../../compiler/simulate/user-targets.js';
import { toSourceFiles } from '../support/fleet-fixture.js';
import { referenceContext } from '../support/simulate-fixture.js';

/** One failure computed from scratch: fresh DNS intent, planner input, live snapshots, answerer and client; no column skipped. */
function straightforward(context: SimulationContext, failure: Failure): Scenario {
  const { model } = context;
  const intent = dnsIntent(model);
  const googleRegions = new Map<string, { latitude: number; longitude: number }>();
  for (const code of Object.keys(model.regions).sort()) {
    const region = model.regions[code];
    if (region && !googleRegions.has(region.googleRegion)) googleRegions.set(region.googleRegion, { latitude: region.lat, longitude: region.lon });
  }
  const fresh: SimulationContext = {
    ...context,
    intent,
    prepared: prepareTraffic(intent),
    live: liveFromZonePlans(zonePlanDocuments(intent)),
    answerer: dnsAnswerer(googleRegions),
    client: addressBookClient(model.settings.addressBooks.allowlist.map((root) => root.toLowerCase())),
    // No baseline rows: every column is evaluated again (the baseline cells still give the recovery times).
    baselineRows: [],
  };
  return simulate(fresh, [failure]);
}

function outputs(context: SimulationContext, scenarios: readonly Scenario[]): { text: string; json: string; markdown: string } {
  return {
    text: formatAllSingleText(context, scenarios),
    json: toJson(simulationJson(context, scenarios, true)),
    markdown: formatMarkdown(context, scenarios, true),
  };
}

function expectSameAsStraightforward(model: FleetOutline, options: TargetOptions): Scenario[] {
  const failures = everySingleFailure(model);
  const fast = simulateEverySingle(simulationContext(model, options), failures);
  const context = simulationContext(model, options);
  const slow = failures.map((failure) => straightforward(context, failure));
  const [a, b] = [outputs(context, fast), outputs(context, slow)];
  expect(a.text).toBe(b.text);
  expect(a.json).toBe(b.json);
  expect(a.markdown).toBe(b.markdown);
  return fast;
}

describe('simulate --all-single, fast and straightforward', () => {
  it('give the same bytes on the running example', () => {
    const { model } = referenceContext();
    const scenarios = expectSameAsStraightforward(model, { intake: { platform: 'mercury', service: 'webhook' } });
    // The comparison covers every kind of failure, and drills where the planner ran several ticks.
    expect(new Set(scenarios.map((s) => s.failures[0]?.kind))).toEqual(new Set(['cluster', 'landscape', 'region', 'host', 'parent', 'place', 'control']));
    expect(scenarios.some((s) => s.planner.ticks.length > 1)).toBe(true);
  });

  it('give the same bytes on the generated M fleet', () => {
    const analysis = analyzeFleet(toSourceFiles(generateFleet('M')), { nowSeconds: Math.floor(Date.parse(GENERATED_NOW) / 1000) });
    if (!analysis.model) throw new Error(`the M fleet does not analyze: ${analysis.diagnostics.map((d) => d.code).join(', ')}`);
    const model = analysis.model;
    const intake = model.platforms.find((p) => p.name === 'mercury')?.services[0];
    if (!intake) throw new Error('the M fleet has no mercury service');
    const scenarios = expectSameAsStraightforward(model, { intake: { platform: 'mercury', service: intake.name } });
    expect(scenarios).toHaveLength(everySingleFailure(model).length);
    expect(scenarios.filter((s) => s.planner.ticks.length > 1).length).toBeGreaterThan(0);
    expect(scenarios.filter((s) => s.rows.some((r) => r.cells.some((c) => c.outcome === 'down'))).length).toBeGreaterThan(0);
  }, 180_000);
});
