/**
 * The base's and head's trees paired file by file (report/paired-outputs.ts)
 * give the report what the two whole trees give: the same output changes
 * (file and object level, and the count of files), the same changes for
 * users (DNS answers, route paths, books, gateways) and the same freshness
 * against a committed tree (fresh, stale, a file edited, removed or added),
 * for each kind of change to the larkspur fleet and with or without making
 * the outputs whose slice keys are the same in both revisions. A pin bump
 * makes each output once, not twice, and holds only the zone plans.
 */
import { describe, expect, it } from 'vitest';
import { dnsIntent } from '../../compiler/2-analyze/dns-names.js';
import { withOutputManifest, MANIFEST_FILE } from '../../compiler/3-emit/output-manifest.js';
import { madeOutputs, type MakeOutput, type OutputPlan } from '../../compiler/3-emit/output-plan.js';
import { planFleet, type PlannedFleet } from '../../compiler/index.js';
import { outputChanges } from '../../compiler/plan/output-changes.js';
import { pairOutputs } from '../../compiler/report/paired-outputs.js';
import { userChanges } from '../../compiler/report/user-changes.js';
import { TEST_NOW_SECONDS, toSourceFiles } from '../support/fleet-fixture.js';
import { LARKSPUR_CHANGES, larkspurChangeNamed, larkspurWith, type Files } from '../support/larkspur-changes.js';
import { larkspurBase } from '../support/larkspur-fleet.js';

function planned(files: Readonly<Files>): Required<Pick<PlannedFleet, 'plan' | 'model'>> {
  const texts = new Map(Object.entries(files).filter((entry): entry is [string, string] => entry[1] !== null));
  const { plan, model } = planFleet(toSourceFiles(texts), { nowSeconds: TEST_NOW_SECONDS });
  if (!plan || !model) throw new Error('the fleet does not compile');
  return { plan, model };
}

/** `plan` with each make counted in `made`. */
function counting(plan: OutputPlan, made: { count: number }): OutputPlan {
  return new Map(
    [...plan].map(([file, make]): [string, MakeOutput] => {
      const counted = Object.assign(
        () => {
          made.count++;
          return make();
        },
        make.slice ? { slice: make.slice } : {},
      );
      return [file, counted];
    }),
  );
}

const readers = (tree: ReadonlyMap<string, string | undefined>): Map<string, () => string | undefined> =>
  new Map([...tree].map(([file, text]) => [file, () => text]));

/** Committed trees to hold the head against: the head's own, the base's, and the head's with a file edited, removed or added. */
function committedTrees(baseTree: ReadonlyMap<string, string>, headTree: ReadonlyMap<string, string>): [string, Map<string, string | undefined>][] {
  const [first] = [...headTree.keys()].filter((f) => f !== MANIFEST_FILE);
  if (first === undefined) throw new Error('no output');
  const edited = new Map(headTree).set(first, `${headTree.get(first) ?? ''}# edited\n`);
  const removed = new Map(headTree);
  removed.delete(first);
  const extra = new Map<string, string | undefined>(headTree).set('argocd/hand-written.yaml', 'kind: ConfigMap\n').set('gone-since-listed.yaml', undefined);
  return [
    ['fresh', new Map(headTree)],
    ["the base's", new Map(baseTree)],
    ['a file edited', edited],
    ['a file removed', removed],
    ['a file added (and one gone since it was listed)', extra],
  ];
}

describe('the two trees of report --base, paired file by file', () => {
  const base = planned(larkspurBase());
  const baseTree = withOutputManifest(madeOutputs(base.plan));

  it.each(LARKSPUR_CHANGES.map((change) => [change.name, change] as const))('%s: what the whole trees give', (_name, change) => {
    const head = planned(larkspurWith([change]));
    const headTree = withOutputManifest(madeOutputs(head.plan));
    const intent = dnsIntent(head.model);
    const wholeChanges = outputChanges(baseTree, headTree);
    const wholeUsers = userChanges(intent, baseTree, headTree);
    for (const everyOutput of [false, true]) {
      for (const [what, committed] of committedTrees(baseTree, headTree)) {
        const paired = pairOutputs(base.plan, head.plan, readers(committed), { everyOutput });
        expect({ ...outputChanges(paired.before, paired.after), total: paired.total }, what).toEqual(wholeChanges);
        expect(userChanges(intent, paired.before, paired.after), what).toEqual(wholeUsers);
        const onDisk = new Map([...committed].filter((entry): entry is [string, string] => entry[1] !== undefined));
        const differing = outputChanges(onDisk, headTree).files.length;
        expect(paired.freshness, what).toEqual({ fresh: differing === 0, differing, total: headTree.size });
      }
      expect(pairOutputs(base.plan, head.plan, undefined, { everyOutput }).freshness).toBeUndefined();
    }
  });

  it('makes each output of a pin bump once, and holds only the zone plans', () => {
    const head = planned(larkspurWith([larkspurChangeNamed('an image pin moved'), larkspurChangeNamed('an emergency override')]));
    const made = { count: 0 };
    const paired = pairOutputs(counting(base.plan, made), counting(head.plan, made), undefined);
    // The one output not made from slices (Argo CD's health checks, made from the whole model) is made on both sides.
    const unkeyed = [...head.plan.values()].filter((make) => make.slice === undefined).length;
    expect(unkeyed).toBe(1);
    expect(made.count).toBe(base.plan.size + unkeyed);
    expect([...paired.before.keys()].every((f) => /^dns\/[^/]+\/[^/]+\.json$/.test(f))).toBe(true);
    expect([...paired.before.keys()]).toEqual([...paired.after.keys()]);
    expect(paired.before.size).toBeGreaterThan(0);
    const inFull = { count: 0 };
    pairOutputs(counting(base.plan, inFull), counting(head.plan, inFull), undefined, { everyOutput: true });
    expect(inFull.count).toBe(base.plan.size + head.plan.size);
  });
});
