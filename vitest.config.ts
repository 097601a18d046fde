import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // Child processes, so a test may spawn, chmod, set uids and signal as the CLI's users do.
    pool: 'forks',
    // One worker per core: vitest's default (cores - 1) runs a 2-core CI machine's files one at a time.
    maxWorkers: '100%',
    // A worker keeps the compiler's modules loaded from one test file to the next instead of
    // importing them again per file. Safe because no test mocks modules, fakes timers or leaves
    // process state changed (test/support/README.md says what a test must not do).
    isolate: false,
  },
});
