import { defineConfig } from 'vitest/config';
import path from 'node:path';

export default defineConfig({
  resolve: {
    alias: {
      '@shared': path.join(import.meta.dirname, 'src/shared'),
      '@web': path.join(import.meta.dirname, 'src/web'),
    },
  },
  test: {
    include: ['src/**/*.test.ts', 'tests/integration/**/*.test.ts'],
    environment: 'node',
    // CI=true: a missing PostgreSQL, Redis or hair model stops the run here instead of skipping suites.
    globalSetup: ['tests/support/ci-preflight.ts', 'tests/support/db-templates-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    maxWorkers: 2,
  },
});
