import { defineConfig, devices } from '@playwright/test';
import path from 'node:path';

/** One app server per run on its own port and a fresh DATA_DIR, so parallel runs never collide. */
const port = Number(process.env.E2E_PORT ?? 3210);
const dataDir = path.join(import.meta.dirname, `.tmp/e2e-data-${port}`);
export const E2E = { port, dataDir, baseURL: `http://localhost:${port}` };

export default defineConfig({
  testDir: 'tests/e2e',
  outputDir: 'test-results',
  fullyParallel: false,
  workers: 2,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    baseURL: E2E.baseURL,
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-quic',
      ],
    },
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 } } }],
  webServer: {
    // The built server (`npm run build` first), as `npm start` runs it.
    command: `rm -rf "${dataDir}" && node dist/server/start.mjs`,
    // ready once the demo is seeded (the server listens before, decision 163) and the engine has loaded
    url: `${E2E.baseURL}/readyz`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      WEB_DIST_DIR: process.env.WEB_DIST_DIR ?? 'dist/web',
      PORT: String(port),
      DATA_DIR: dataDir,
      SEED_DEMO: 'true',
      LOG_LEVEL: 'warn',
      // one trusted proxy hop: the tests' people sign up from addresses of their own (support/accounts.ts)
      TRUST_PROXY: '1',
      NODE_ENV: 'production',
      HAIR_MODEL_PATH: process.env.HAIR_MODEL_PATH ?? 'models/hair_segmentation.tflite',
      // No test waits on the network for a missing model (the download is tested on loopback).
      MODEL_AUTO_FETCH: 'false',
    },
  },
});
