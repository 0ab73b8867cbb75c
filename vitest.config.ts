import { defineConfig } from 'vitest/config';
import path from 'node:path';

/** Tests that load the hair model, its runtime or a hosted engine's fake: seconds each, so not in the fast tier. */
const ENGINE_TESTS = [
  'src/server/engine/engine.test.ts',
  'src/server/engine/pipeline.test.ts',
  'src/server/engine/runtime/*.test.ts',
  'src/server/engine/hosted/*.test.ts',
  'src/server/engine/cut/cut-path.test.ts',
];

export default defineConfig({
  resolve: {
    alias: {
      '@shared': path.join(import.meta.dirname, 'src/shared'),
      '@web': path.join(import.meta.dirname, 'src/web'),
    },
  },
  test: {
    environment: 'node',
    // CI=true: a missing PostgreSQL, Redis or hair model stops the run here instead of skipping suites.
    globalSetup: ['tests/support/ci-preflight.ts'],
    setupFiles: ['tests/support/fail-on-console-error.ts', 'tests/support/fail-on-server-error.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // a worker spends much of its time waiting (the database server, child processes, rate-limit windows): the
    // suite kept under one core busy with two (decision 207), so three run at once
    maxWorkers: 3,
    // files share their worker's process, so modules load once per worker, not once per file (decision 193);
    // each file still makes its own app, databases and fakes. TEST_ISOLATE=files gives every file a process of
    // its own again, as before, to time the difference.
    isolate: process.env.TEST_ISOLATE === 'files',
    // Tiers (CONTRIBUTING.md): `npm run test:fast` runs the first; `npm run test:unit` runs all three.
    projects: [
      { extends: true, test: { name: 'fast', include: ['src/**/*.test.{ts,tsx}', 'scripts/**/*.test.ts'], exclude: ENGINE_TESTS } },
      // the model's start-up alone takes seconds; on a busy machine a photo's render can take tens
      { extends: true, test: { name: 'engine', include: ENGINE_TESTS, testTimeout: 120_000 } },
      {
        extends: true,
        test: {
          name: 'integration',
          include: ['tests/integration/**/*.test.ts'],
          // each file's databases are copies of templates migrated once per run (decision 164)
          globalSetup: ['tests/support/ci-preflight.ts', 'tests/support/db-templates-setup.ts'],
        },
      },
    ],
  },
});
