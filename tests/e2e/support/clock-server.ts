import { spawn, type ChildProcess } from 'node:child_process';
import { rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { expect } from '@playwright/test';
import { E2E } from '../../../playwright.config';
import type { E2EServer } from './accounts';

/** Its own port beside the run's (E2E_PORT + 2000), so it never collides with the run's server or the cuts server. */
const port = E2E.port + 2000;
export const CLOCK_SERVER: E2EServer = { baseURL: `http://localhost:${port}`, dataDir: path.join(E2E.dataDir, '..', `e2e-clock-data-${port}`) };

export interface ClockServer {
  /** Moves the server's clock so that it reads `at` now (decision 169); later requests see the new time. */
  setNow(at: number): void;
  stop(): Promise<void>;
}

/**
 * The built server (`npm run build` first), seeded with the demo like the run's own, whose clock the test can
 * move forward: a story that must act after an appointment has started does so without waiting for it. The clock
 * is tests/e2e/support/test-clock.mjs, loaded with `node --import` on this command line only.
 */
export async function startClockServer(): Promise<ClockServer> {
  rmSync(CLOCK_SERVER.dataDir, { recursive: true, force: true });
  const clockFile = path.join(CLOCK_SERVER.dataDir, '..', `e2e-clock-${port}.txt`);
  writeFileSync(clockFile, '0');
  const proc: ChildProcess = spawn(process.execPath, ['--import', './tests/e2e/support/test-clock.mjs', 'dist/server/start.mjs'], {
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      WEB_DIST_DIR: process.env.WEB_DIST_DIR ?? 'dist/web',
      PORT: String(port),
      DATA_DIR: CLOCK_SERVER.dataDir,
      SEED_DEMO: 'true',
      LOG_LEVEL: 'warn',
      TRUST_PROXY: '1',
      NODE_ENV: 'production',
      ENGINE_THREADS: '1',
      HAIR_MODEL_PATH: process.env.HAIR_MODEL_PATH ?? 'models/hair_segmentation.tflite',
      MODEL_AUTO_FETCH: 'false',
      TEST_CLOCK_FILE: clockFile,
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  proc.stderr!.on('data', (d: Buffer) => (stderr += d.toString()));
  const exited = new Promise<void>((resolve) => proc.once('exit', () => resolve()));
  await expect
    .poll(
      async () => {
        if (proc.exitCode !== null) throw new Error(`the clock server exited with ${proc.exitCode}\n${stderr}`);
        return fetch(`${CLOCK_SERVER.baseURL}/readyz`).then(
          (r) => r.status,
          () => 0,
        );
      },
      { timeout: 120_000, message: 'the clock server answers /readyz' },
    )
    .toBe(200);
  return {
    setNow: (at) => writeFileSync(clockFile, String(Math.round(at - Date.now()))),
    async stop() {
      proc.kill('SIGTERM');
      await exited;
    },
  };
}
