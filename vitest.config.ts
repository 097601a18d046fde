import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // The default cache folder and the cache key of every diene the tests run live in a folder of the run's own;
    // the Node release check is off, so every Node the tests run on prints the same bytes.
    globalSetup: ['test/support/cache-home.ts', 'test/support/node-check.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // Child processes (vitest's default): worker threads saved under a tenth of the CPU on the unit
    // files and would share one process's signals, limits and umask between test files.
    pool: 'forks',
    // One worker per core: vitest's default (cores - 1) runs a 2-core CI machine's files one at a time.
    maxWorkers: '100%',
    // A worker keeps the compiler's modules loaded from one test file to the next instead of
    // importing them again per file. Test files therefore share globals and module state: none
    // may mock modules, fake timers or leave globals, process.env or the cwd changed
    // (docs/development.md, "Tests").
    isolate: false,
  },
});
