/**
 * Outputs keyed by the slices of the model they are made from
 * (3-emit/output-slice.ts): a slice's digest tells apart every two values an
 * emitter can tell apart; every keyed output of the reference fleet is made
 * from plain data and from its slices alone (made again from copies of them,
 * it gives the same bytes); and on the bench S fleet, a change keeps the key
 * of exactly the outputs it leaves as they are, whose known digests are then
 * their bytes' (the fuzzer holds the same over random changes:
 * test/hostile/fuzz.test.ts, property 10).
 */
import { serialize } from 'node:v8';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { GENERATED_NOW, generateFleet } from '../../bench/fleet-generator.mjs';
import { planFleet } from '../../compiler/index.js';
import { fileDigest } from '../../compiler/3-emit/output-manifest.js';
import { knownDigests, listingWithin, sliceKeysOf, type OutputPlan } from '../../compiler/3-emit/output-plan.js';
import { keyedOutput, SlicePart } from '../../compiler/3-emit/output-slice.js';
import { YamlWriter } from '../../compiler/3-emit/serialize.js';
import { readFleetTexts, TEST_NOW_SECONDS, toSourceFiles } from '../support/fleet-fixture.js';

const digest = (value: unknown): string => new SlicePart(value).digest;

describe('the digest of a slice', () => {
  it('is the same for equal values, made apart', () => {
    expect(digest({ a: [1, 'x', null], b: { c: true } })).toBe(digest({ a: [1, 'x', null], b: { c: true } }));
  });

  it.each([
    ['-0 and 0', -0, 0],
    ['NaN and null', Number.NaN, null],
    ['Infinity and null', Number.POSITIVE_INFINITY, null],
    ['a property set to undefined and one absent', { a: 1, b: undefined }, { a: 1 }],
    ['the order of keys (an emitter writes them in that order)', { a: 1, b: 2 }, { b: 2, a: 1 }],
    ['a number and its text', 1, '1'],
    ['a hole and undefined in an array', [1, , 3], [1, undefined, 3]],
    ["a Map's entries", new Map([['a', 1]]), new Map([['a', 2]])],
    ['a lone surrogate and U+FFFD (which UTF-8 makes of it)', 'a\uD800', 'a\uFFFD'],
    ['a string and the same text cut elsewhere', ['ab', 'c'], ['a', 'bc']],
    ['an object and a Map of the same entries', { a: 1 }, new Map([['a', 1]])],
    ["a Set's items", new Set(['a']), new Set(['b'])],
    ["the order of a Set's items (a reader iterates it)", new Set(['a', 'b']), new Set(['b', 'a'])],
    ['a Set and an array of the same items', new Set(['a']), ['a']],
    ['a Set and a Map', new Set(['a']), new Map([['a', 'a']])],
  ])('tells apart %s', (_name, a, b) => {
    expect(digest(a)).not.toBe(digest(b));
  });

  it('refuses what is not data, naming it', () => {
    expect(() => digest({ make: () => 1 })).toThrow(/holds a function, which is not plain data/);
    expect(() => digest([new Date(0)])).toThrow(/holds an instance of Date, which is not plain data/);
  });

  it("tells two values apart exactly when V8's own serializer does (fast-check, 300 sets of values)", () => {
    const value = fc.anything({
      withBigInt: true,
      withMap: true,
      withNullPrototype: true,
      withSparseArray: true,
      withSet: true,
      withDate: false,
      withTypedArray: false,
      withBoxedValues: false,
      withObjectString: false,
    });
    fc.assert(
      fc.property(fc.array(value, { minLength: 2, maxLength: 12 }), (values) => {
        // The serializer's bytes of a fresh copy (structuredClone gives every object Object's prototype, as a slice's digest ignores it).
        const bytes = values.map((v) => serialize(structuredClone(v)).toString('hex'));
        const digests = values.map(digest);
        for (let i = 0; i < values.length; i++)
          for (let j = i + 1; j < values.length; j++)
            expect(digests[i] === digests[j], `${String(bytes[i])} / ${String(bytes[j])}`).toBe(bytes[i] === bytes[j]);
      }),
      { numRuns: 300, seed: 20261201 },
    );
  });
});

describe('the key of an output', () => {
  const same = { name: 'same', emit: ([value]: [number]) => String(value) };
  it("names its emitter and every part's value", () => {
    const key = (emitter: typeof same, value: number) => keyedOutput(new YamlWriter(), emitter, new SlicePart(value)).slice?.key();
    expect(key(same, 1)).toBe(key(same, 1));
    expect(key(same, 1)).not.toBe(key(same, 2));
    expect(key(same, 1)).not.toBe(key({ ...same, name: 'other' }, 1));
    expect(key(same, 1)).toMatch(/^sha256:[0-9a-f]{64}$/);
  });
});

/** Whether `value` is plain data all the way down: primitives, arrays, objects of Object's prototype (or none), no function. */
function plainProblem(value: unknown, at = '$'): string | undefined {
  if (value === null || ['string', 'number', 'boolean', 'undefined'].includes(typeof value)) return undefined;
  if (typeof value !== 'object') return `${at} is a ${typeof value}`;
  const prototype = Object.getPrototypeOf(value) as unknown;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const problem = plainProblem(value[i], `${at}[${i}]`);
      if (problem) return problem;
    }
    return undefined;
  }
  if (prototype !== Object.prototype && prototype !== null) return `${at} is an instance of ${(value as object).constructor?.name}`;
  for (const [key, child] of Object.entries(value)) {
    const problem = plainProblem(child, `${at}.${key}`);
    if (problem) return problem;
  }
  return undefined;
}

function planOf(texts: ReadonlyMap<string, string>, nowSeconds: number, serial = 0): OutputPlan {
  const planned = planFleet(toSourceFiles(texts), { nowSeconds, serial });
  expect(planned.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
  return planned.plan as OutputPlan;
}

describe('the keyed outputs of the reference fleet', () => {
  const plan = planOf(readFleetTexts(), TEST_NOW_SECONDS);

  it('are every output but the health checks, which are one file made from the whole model', () => {
    const unkeyed = [...plan].filter(([, make]) => make.slice === undefined).map(([file]) => file);
    expect(unkeyed).toEqual(['argocd-cm/dependency-health.yaml']);
    expect([...plan.keys()].filter((file) => file.startsWith('dns/')).length).toBeGreaterThan(3);
    expect(plan.size - unkeyed.length).toBeGreaterThan(30);
  });

  it('are made from plain data, and from their slices alone: made again from copies of them, the same bytes', () => {
    for (const [file, make] of plan) {
      if (!make.slice) continue;
      for (const part of make.slice.parts) expect(plainProblem(part.value), file).toBeUndefined();
      expect(
        make.slice.remake((value) => structuredClone(value)),
        file,
      ).toBe(make());
    }
  });
});

describe('what a change to the bench S fleet keeps', () => {
  const nowSeconds = Math.floor(Date.parse(GENERATED_NOW) / 1000);
  const base = generateFleet('S');
  const before = planOf(base, nowSeconds);
  const listing = new Map([...before].map(([file, make]) => [file, fileDigest(make())]));
  const recorded = sliceKeysOf(before, listing);

  /** The keyed outputs whose key changed; and every unchanged key's recorded digest checked against the bytes made now. */
  function changedKeys(texts: ReadonlyMap<string, string>, serial = 0): string[] {
    const after = planOf(texts, nowSeconds, serial);
    const known = knownDigests(after, recorded);
    for (const [file, knownDigest] of known) expect(fileDigest((after.get(file) as () => string)()), file).toBe(knownDigest);
    return [...after].filter(([file, make]) => make.slice !== undefined && !known.has(file)).map(([file]) => file);
  }

  const edited = (file: string, edit: (text: string) => string): Map<string, string> => {
    const texts = new Map(base);
    const text = texts.get(file);
    if (text === undefined) throw new Error(`no ${file} in the S fleet`);
    const changed = edit(text);
    expect(changed).not.toBe(text);
    texts.set(file, changed);
    return texts;
  };

  it('records a key for every keyed output', () => {
    expect(recorded.size).toBe([...before.values()].filter((make) => make.slice).length);
  });

  it('nothing changed: every key kept', () => {
    expect(changedKeys(base)).toEqual([]);
  });

  it("a row's pins and emergency values: no output made again (they reach the cluster through the row file, which Argo CD reads)", () => {
    const pinned = edited('platforms/nitroso/tin/pichu.yaml', (text) => text.replace(/image: "(\d+)\.(\d+)\.(\d+)"/, 'image: "$1.$2.999"'));
    expect(changedKeys(pinned)).toEqual([]);
    const overridden = edited('platforms/nitroso/tin/pichu.yaml', (text) => `${text}values:\n  replicas: 3\nvaluesSince: ${GENERATED_NOW}\n`);
    expect(changedKeys(overridden)).toEqual([]);
  });

  const withoutRow = new Map(base);
  withoutRow.delete('platforms/nitroso/tin/pichu.yaml');

  it("a row removed: its platform's ApplicationSets, Kargo objects and Platform record, and its landscape's route table", () => {
    expect(changedKeys(withoutRow)).toEqual([
      'argocd/nitroso.yaml',
      'kargo/nitroso.yaml',
      'platforms/nitroso.yaml',
      'route-paths/pichu.json',
      'route-paths/pichu.sql',
    ]);
  });

  it("a module added to a service: its platform's files, its Doc C, and the gateway files and sign-in configuration that serve its names", () => {
    // mercury lists no services: its one row folder, webhook, has the default modules [api].
    const texts = edited('carbon/mercury/platform.yaml', (text) => `${text}services:\n  webhook: { modules: [api, extra] }\n`);
    const changed = changedKeys(texts);
    expect(changed).toEqual(
      expect.arrayContaining(['argocd/mercury.yaml', 'kargo/mercury.yaml', 'platforms/mercury.yaml', 'books/mercury/webhook/doc-c.json']),
    );
    expect(changed.filter((file) => file.startsWith('gateways/')).length).toBeGreaterThan(0);
    expect(changed.filter((file) => file.startsWith('books/sign-in/')).length).toBeGreaterThan(0);
    expect(changed.some((file) => /^(argocd|kargo|platforms)\/(aldehyde|nitroso)\.yaml$/.test(file))).toBe(false);
  });

  it("a cluster's address: the zone plans and files of the base zones, not the parent's delegation plan, no Platform record and no route table", () => {
    const clusterFile = [...base.keys()].find((file) => file.startsWith('state/clusters/'));
    if (clusterFile === undefined) throw new Error('no cluster state in the S fleet');
    const texts = edited(clusterFile, (text) => text.replace(/addresses: \[([0-9.]+)\.(\d+),/, 'addresses: [$1.199,'));
    const changed = changedKeys(texts);
    const zoneOutputs = [...before.keys()].filter((file) => file.startsWith('dns/') && !file.endsWith('/delegation.json'));
    expect(zoneOutputs.length).toBeGreaterThan(3);
    expect(changed.filter((file) => file.startsWith('dns/'))).toEqual(zoneOutputs);
    expect(changed.some((file) => /^(platforms|route-paths)\//.test(file))).toBe(false);
  });

  it('the listing without a write: the known digests, and the few outputs made, each the digest of its bytes; none past the limit', () => {
    const after = planOf(withoutRow, nowSeconds);
    const known = knownDigests(after, recorded);
    const made: string[] = [];
    const watched: OutputPlan = new Map(
      [...after].map(([file, make]) => [file, Object.assign(() => (made.push(file), make()), make.slice ? { slice: make.slice } : {})]),
    );
    const listing = listingWithin(watched, known, 5);
    expect(listing).toEqual(new Map([...after].map(([file, make]) => [file, fileDigest(make())])));
    // The five files the row was in, and the one unkeyed file (the health checks).
    expect(made.filter((file) => after.get(file)?.slice)).toEqual([
      'argocd/nitroso.yaml',
      'kargo/nitroso.yaml',
      'platforms/nitroso.yaml',
      'route-paths/pichu.json',
      'route-paths/pichu.sql',
    ]);
    expect(made.filter((file) => !after.get(file)?.slice)).toEqual(['argocd-cm/dependency-health.yaml']);
    // Past the limit, nothing is made at all.
    made.length = 0;
    expect(listingWithin(watched, known, 4)).toBeUndefined();
    expect(made).toEqual([]);
  });

  it('another serial: every book, and nothing else', () => {
    const changed = changedKeys(base, 7);
    expect(changed.length).toBeGreaterThan(0);
    expect(changed.every((file) => /^books\/(doc-a\.json|[^/]+\/doc-b\.json|[^/]+\/[^/]+\/doc-c\.json)$/.test(file))).toBe(true);
    expect(changed.filter((file) => file.endsWith('/doc-c.json')).length).toBe([...before.keys()].filter((file) => file.endsWith('/doc-c.json')).length);
  });
});
