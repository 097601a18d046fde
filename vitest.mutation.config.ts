// The Vitest configuration of `npm run mutation` (scripts/mutation.mjs): the
// project's, on only the test files of the module under test (named in
// DIENE_MUTATION_TESTS, comma-separated), each in a fresh module graph.
// Stryker switches on a mutant in code that runs once at import (a
// module-level constant, a regular expression built at load) before the test
// file is imported, so the module must be evaluated again for each run, which
// `isolate: false` (the project's, for speed) would never do. The files are
// chosen here rather than with Stryker's `testFiles`, which makes Stryker
// switch such mutants on only after the import, so that none is ever killed.
import { defineConfig } from 'vitest/config';
import base from './vitest.config.js';

const tests = (process.env.DIENE_MUTATION_TESTS ?? '').split(',').filter((file) => file !== '');
if (tests.length === 0) throw new Error('vitest.mutation.config.ts: DIENE_MUTATION_TESTS names no test file (run it through npm run mutation)');

// Off for modules whose tests are slow to import (DIENE_MUTATION_ISOLATE=0): see scripts/mutation.mjs.
const isolate = process.env.DIENE_MUTATION_ISOLATE !== '0';

export default defineConfig({ ...base, test: { ...base.test, include: tests, isolate } });
