#!/usr/bin/env node
// `npm run mutation [-- --module NAME ...]`: mutation testing of the
// safety-critical modules with Stryker and its Vitest runner, one module at a
// time, each against only the test files that target it (docs/development.md,
// "Mutation testing"). One test process (concurrency 1): the tests share the
// machine. Prints each module's score; exits 1 when one is under its break
// threshold. Needs Node 22 or later (Stryker's own floor).

import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

const PLANNER = 'compiler/plan/traffic-planner.ts';

/**
 * `file:from-to` for the top-level functions `first` to `last` of `file`: from the line that declares
 * `first` (or the file's first line when `first` is null) to the closing brace (in column 0) of `last`.
 * Found again on every run, so that the lines follow the functions when the file changes.
 */
function functionLines(file, first, last = first) {
  const lines = readFileSync(path.join(ROOT, file), 'utf8').split('\n');
  const declares = (name) => (line) => new RegExp(`^(export )?function ${name}\\b`).test(line);
  const from = first === null ? 0 : lines.findIndex(declares(first));
  const lastAt = lines.findIndex(declares(last));
  const to = lines.findIndex((line, i) => i > lastAt && line === '}');
  if (from < 0 || lastAt < 0 || to < 0) throw new Error(`mutation: no function ${from < 0 ? first : last} in ${file}`);
  return `${file}:${from + 1}-${to + 1}`;
}

/** The mutated files (a `:from-to` suffix limits a file to those lines) and the test files that target them. */
export const MODULES = {
  matcher: {
    what: 'the path matcher',
    mutate: ['compiler/route/lookup-upstream.ts'],
    tests: ['test/route/lookup-upstream.test.ts', 'test/route/flip-invariant-backends.test.ts', 'test/route/matcher-oracle.test.ts'],
    // No mutated line runs at import (its module-level constants are numbers, which Stryker leaves alone).
    isolate: false,
    // Inputs drawn by each property test (test/support/property-runs.ts): they run again for every mutant.
    propertyRuns: 300,
  },
  brakes: {
    what: "the traffic planner's brakes: freeze, last address, one cluster a plan, mass change, and the plan checksum",
    mutate: [
      'compiler/plan/traffic-decisions.ts',
      'compiler/plan/traffic-removals.ts',
      functionLines(PLANNER, 'massChange', 'planChecksum'),
      functionLines(PLANNER, 'describeLeaving', 'oneClusterBrake'),
    ],
    tests: ['test/plan/traffic-planner.test.ts', 'test/plan/traffic-boundaries.test.ts'],
    // The planner's tests compile the reference fleet: importing them again for every mutant would take
    // hours. No mutated line runs at import.
    isolate: false,
  },
  // With `brakes`, `planner-diff` and `planner-passes` mutate every line of the traffic planner's three files once.
  'planner-diff': {
    what: "the traffic planner's reading of live snapshots and its diff",
    // keyFields, describeValues, updateMessage, prepareTraffic, the snapshot facts (declareDerivedSnapshot to
    // snapshotFacts, with retiredCluster and listedTwice), differsAt, dirtyNames and diffSnapshot: from the file's head to the end of diffSnapshot.
    mutate: [functionLines(PLANNER, null, 'diffSnapshot')],
    tests: ['test/plan/traffic-planner.test.ts', 'test/plan/traffic-boundaries.test.ts', 'test/plan/traffic-diff.test.ts', 'test/plan/traffic-passes.test.ts'],
    isolate: false,
  },
  'planner-passes': {
    what: "the traffic planner's two passes and the plan they make",
    // planTraffic, keepDeferredOpsNames, withNegativeTtl, trafficSetsOf, sameValues and wantedSetsAt; finish.
    mutate: [functionLines(PLANNER, 'planTraffic', 'wantedSetsAt'), functionLines(PLANNER, 'finish')],
    tests: ['test/plan/traffic-planner.test.ts', 'test/plan/traffic-boundaries.test.ts', 'test/plan/traffic-diff.test.ts', 'test/plan/traffic-passes.test.ts'],
    isolate: false,
  },
  row: {
    what: 'the fast row reader',
    mutate: ['compiler/1-load/canonical-row.ts'],
    tests: ['test/1-load/canonical-row.test.ts'],
  },
  permanence: {
    what: 'the permanent-identifier check',
    mutate: ['compiler/2-analyze/permanent-identifiers.ts', 'compiler/2-analyze/check-permanence.ts'],
    tests: ['test/2-analyze/check-permanence.test.ts'],
    // No mutated line runs at import (each kind's reason is a function's switch, not a table), and the test
    // file imports the whole compiler: importing it again for every mutant would take an hour.
    isolate: false,
  },
  cache: {
    what: "the cache's seal and path checks",
    // compile-cache.ts: readPack, and the sealed-file code from its types to sameSeal.
    mutate: ['compiler/incremental/cache-trust.ts', 'compiler/incremental/compile-cache.ts:382-396', 'compiler/incremental/compile-cache.ts:774-879'],
    // The direct tests of the seals and path checks: the other cache tests run the CLI bundle, which no mutant reaches.
    tests: ['test/cache/cache-seals.test.ts'],
  },
};

/** The score under which a module's run fails. */
const BREAK = 90;

function parseArguments(argv) {
  const names = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '--module' || arg === '-m') names.push(argv[++i]);
    else if (arg.startsWith('--module=')) names.push(arg.slice('--module='.length));
    else if (arg === '--list') {
      for (const [name, module] of Object.entries(MODULES)) console.log(`${name.padEnd(14)} ${module.what}: ${module.mutate.join(', ')}`);
      process.exit(0);
    } else {
      console.error(`mutation: unknown argument ${JSON.stringify(arg)}; use --module NAME (${Object.keys(MODULES).join(', ')}) or --list`);
      process.exit(2);
    }
  }
  for (const name of names) {
    if (!(name in MODULES)) {
      console.error(`mutation: no module ${JSON.stringify(name)}; the modules are ${Object.keys(MODULES).join(', ')}`);
      process.exit(2);
    }
  }
  return names.length > 0 ? names : Object.keys(MODULES);
}

/** Stryker's score: detected (killed, timed out) over valid mutants (every status but compile and runtime errors and ignored). */
function score(results) {
  const counts = {};
  for (const r of results) counts[r.status] = (counts[r.status] ?? 0) + 1;
  const detected = (counts.Killed ?? 0) + (counts.Timeout ?? 0);
  const valid = detected + (counts.Survived ?? 0) + (counts.NoCoverage ?? 0);
  return { counts, percent: valid === 0 ? 100 : (100 * detected) / valid };
}

async function run(name) {
  const { Stryker } = await import('@stryker-mutator/core');
  const module = MODULES[name];
  // The test files, for vitest.mutation.config.ts (Stryker's test processes inherit the environment).
  process.env.DIENE_MUTATION_TESTS = module.tests.join(',');
  process.env.DIENE_MUTATION_ISOLATE = module.isolate === false ? '0' : '1';
  if (module.propertyRuns === undefined) delete process.env.DIENE_PROPERTY_RUNS;
  else process.env.DIENE_PROPERTY_RUNS = String(module.propertyRuns);
  const reports = path.join('reports', 'mutation');
  mkdirSync(path.join(ROOT, reports), { recursive: true });
  const stryker = new Stryker({
    packageManager: 'npm',
    testRunner: 'vitest',
    plugins: ['@stryker-mutator/vitest-runner'],
    vitest: { configFile: 'vitest.mutation.config.ts', related: false, pool: 'forks' },
    mutate: module.mutate,
    coverageAnalysis: 'perTest',
    concurrency: 1,
    timeoutMS: 20_000,
    reporters: ['clear-text', 'progress', 'json', 'html'],
    jsonReporter: { fileName: `${reports}/${name}.json` },
    htmlReporter: { fileName: `${reports}/${name}.html` },
    clearTextReporter: { allowColor: false, logTests: false, reportScoreTable: true },
    tempDirName: '.stryker-tmp',
    cleanTempDir: process.env.MUTATION_KEEP_SANDBOX ? false : 'always',
    ignorePatterns: ['reports', 'dist', '.scratch', '_actual', 'bench/results'],
    thresholds: { high: BREAK, low: 80, break: null },
  });
  const results = await stryker.runMutationTest();
  return score(results);
}

const names = parseArguments(process.argv.slice(2));
const major = Number(process.versions.node.split('.')[0]);
if (major < 22) {
  console.error(`mutation: Stryker needs Node 22 or later; this is Node ${process.versions.node}`);
  process.exit(2);
}
process.chdir(ROOT);
const summary = [];
for (const name of names) {
  const { counts, percent } = await run(name);
  summary.push({ name, percent, counts });
}
let failed = false;
console.log('\nmutation scores (break at %d %%):', BREAK);
for (const { name, percent, counts } of summary) {
  const under = percent < BREAK;
  failed ||= under;
  const survived = (counts.Survived ?? 0) + (counts.NoCoverage ?? 0);
  console.log(`  ${name.padEnd(14)} ${percent.toFixed(2).padStart(6)} %  (${survived} survived or not covered)${under ? '  UNDER' : ''}`);
}
writeFileSync(path.join(ROOT, 'reports', 'mutation', 'scores.json'), `${JSON.stringify(summary, null, 2)}\n`);
process.exit(failed ? 1 : 0);
