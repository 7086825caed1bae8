import { defineConfig } from 'vitest/config';

// Five suites, run by `npm test` in this order of cost. db and integration run against PGlite by
// default and against the PostgreSQL server with TEST_DB=postgres (see tests/support/database.ts).
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.ts', 'src/**/*.test.ts', 'functions/**/*.test.ts'],
        },
      },
      {
        test: {
          name: 'db',
          include: ['tests/db/**/*.test.ts'],
          globalSetup: ['tests/support/encode-media.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'integration',
          include: ['tests/integration/**/*.test.ts'],
          globalSetup: ['tests/support/encode-media.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        // The functions bundled by Netlify's own bundler, as a deploy does (tests/bundle): slow.
        test: {
          name: 'bundle',
          include: ['tests/bundle/**/*.test.ts'],
          testTimeout: 60_000,
          hookTimeout: 300_000,
        },
      },
      {
        // Property-based tests of every input edge (tests/fuzz/arbitraries.ts): a short budget by
        // default, FUZZ_RUNS=<n> runs per property for a longer local run, FUZZ_SEED=<seed> and
        // FUZZ_PATH=<path> to replay the counterexample a failure printed.
        test: {
          name: 'fuzz',
          include: ['tests/fuzz/**/*.test.ts'],
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
