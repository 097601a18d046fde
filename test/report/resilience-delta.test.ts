/**
 * The resilience a change loses (report/resilience-delta.ts) is the same
 * whether or not the drills are skipped for a base and head whose fleet
 * outlines are equal: over every combination drawn of several kinds of
 * change to the larkspur fleet (test/support/larkspur-fleet.ts), the
 * default run gives what the run of both sides' drills gives. Changes to
 * rows alone (pins, emergency values) keep the outline, so the drills are
 * skipped; every other kind here (a cluster out of DNS or not built, a
 * landscape's clusters, a claim, DNS, a module, a row no longer ready, a
 * virtual landscape's members) changes it, so both sides run. And the drills
 * give the same scenarios on the outline as on the whole model.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { GENERATED_NOW, generateFleet } from '../../bench/fleet-generator.mjs';
import { fleetOutline, type FleetModel } from '../../compiler/2-analyze/fleet-model.js';
import { SlicePart } from '../../compiler/3-emit/output-slice.js';
import { toJson } from '../../compiler/3-emit/serialize.js';
import { analyzeFleet } from '../../compiler/index.js';
import { resilienceDelta } from '../../compiler/report/resilience-delta.js';
import { everySingleFailure } from '../../compiler/simulate/failures.js';
import { simulationJson } from '../../compiler/simulate/simulate-report.js';
import { simulateEverySingle, simulationContext } from '../../compiler/simulate/simulate.js';
import { readFleetTexts, TEST_NOW_SECONDS, toSourceFiles } from '../support/fleet-fixture.js';
import { LARKSPUR_CHANGES, larkspurChangeNamed, larkspurWith, type Files } from '../support/larkspur-changes.js';
import { larkspurBase } from '../support/larkspur-fleet.js';

function modelOf(files: Readonly<Files>): FleetModel {
  const texts = new Map(Object.entries(files).filter((entry): entry is [string, string] => entry[1] !== null));
  const analysis = analyzeFleet(toSourceFiles(texts), { nowSeconds: TEST_NOW_SECONDS });
  if (!analysis.model)
    throw new Error(
      `the fleet does not analyze: ${analysis.diagnostics
        .filter((d) => d.severity === 'error')
        .map((d) => `${d.code} ${d.message}`)
        .join('; ')}`,
    );
  return analysis.model;
}

const outlineDigest = (model: FleetModel): string => new SlicePart(fleetOutline(model)).digest;

describe('the resilience a change loses', () => {
  const base = modelOf(larkspurBase());

  it.each(LARKSPUR_CHANGES.map((change) => [change.name, change] as const))('%s: the same with the drills of both sides run', (_name, change) => {
    const head = modelOf(larkspurWith([change]));
    expect(outlineDigest(head) === outlineDigest(base), 'rows alone keep the outline, anything else here changes it').toBe(change.rowsOnly);
    expect(resilienceDelta(base, head)).toEqual(resilienceDelta(base, head, { always: true }));
  });

  it('is found when a change takes a landscape down (not a comparison of two empty lists)', () => {
    const head = modelOf(larkspurWith([larkspurChangeNamed('a cluster out of DNS')]));
    const losses = resilienceDelta(base, head);
    expect(losses.map((l) => l.column)).toEqual(['euprod']);
    expect(losses[0]?.servedBy).toEqual(['euprod-blue']);
  });

  it('is the same with the shortcut and without, over combinations of the kinds of change (fast-check)', () => {
    fc.assert(
      fc.property(fc.subarray(LARKSPUR_CHANGES, { minLength: 1, maxLength: 4 }), (picked) => {
        const head = modelOf(larkspurWith(picked));
        expect(outlineDigest(head) === outlineDigest(base)).toBe(picked.every((c) => c.rowsOnly));
        expect(resilienceDelta(base, head)).toEqual(resilienceDelta(base, head, { always: true }));
      }),
      { numRuns: 12, seed: 20261206 },
    );
  });

  it('takes the digest of the outline of the reference fleet and of the generated M fleet: plain data (a Set, a Map, no instance of a class)', () => {
    const reference = analyzeFleet(toSourceFiles(readFleetTexts()), { nowSeconds: TEST_NOW_SECONDS }).model;
    const generated = analyzeFleet(toSourceFiles(generateFleet('M')), { nowSeconds: Math.floor(Date.parse(GENERATED_NOW) / 1000) }).model;
    for (const model of [reference, generated]) {
      if (!model) throw new Error('the fleet does not analyze');
      expect(outlineDigest(model)).toMatch(/^[0-9a-f]{64}$/);
      // Nothing of the rows' pins or values, nor the loaded inputs, is in it.
      expect(JSON.stringify(fleetOutline(model).platforms)).not.toMatch(/"(chart|image|values|valuesSince)"/);
      expect(Object.keys(fleetOutline(model))).not.toContain('loaded');
    }
  });

  it('runs its drills on the outline, which gives the scenarios the whole model gives', () => {
    for (const model of [base, modelOf(larkspurWith([larkspurChangeNamed('an image pin moved'), larkspurChangeNamed("a landscape's clusters (one added)")]))]) {
      const drills = (m: Parameters<typeof simulationContext>[0]): string => {
        const context = simulationContext(m);
        return toJson(simulationJson(context, simulateEverySingle(context, everySingleFailure(m)), false));
      };
      expect(drills(fleetOutline(model))).toBe(drills(model));
    }
  });
});
