import { spawn, type ChildProcess } from 'node:child_process';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { expect } from '@playwright/test';
import { E2E } from '../../../playwright.config';
import { startFakeProviderServer, type FakeProviderServer } from '../../support/fake-provider-server';
import type { E2EServer } from './accounts';

/** Its own port beside the run's (E2E_PORT + 1000), so parallel runs on their own E2E_PORT never collide. */
const port = E2E.port + 1000;
export const CUTS_SERVER: E2EServer = { baseURL: `http://localhost:${port}`, dataDir: path.join(E2E.dataDir, '..', `e2e-cuts-data-${port}`) };

export interface CutsServer {
  fake: FakeProviderServer;
  stop(): Promise<void>;
}

/**
 * The built server (`npm run build` first) with a generative engine: the loopback fake of Gemini from
 * tests/support in this process (its request log is the test's to read) and HAIR_ENGINE left unset, so a
 * provider key makes it `auto`, as a deployment gets it. Only the spec that needs it pays for its start.
 */
export async function startCutsServer(env: Record<string, string> = {}): Promise<CutsServer> {
  const fake = await startFakeProviderServer();
  rmSync(CUTS_SERVER.dataDir, { recursive: true, force: true });
  const proc: ChildProcess = spawn(process.execPath, ['dist/server/start.mjs'], {
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      WEB_DIST_DIR: process.env.WEB_DIST_DIR ?? 'dist/web',
      PORT: String(port),
      DATA_DIR: CUTS_SERVER.dataDir,
      SEED_DEMO: 'false',
      LOG_LEVEL: 'warn',
      TRUST_PROXY: '1',
      NODE_ENV: 'production',
      ENGINE_THREADS: '1',
      HAIR_MODEL_PATH: process.env.HAIR_MODEL_PATH ?? 'models/hair_segmentation.tflite',
      MODEL_AUTO_FETCH: 'false',
      GEMINI_API_KEY: 'e2e-key',
      GEMINI_BASE_URL: fake.url,
      ...env,
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  proc.stderr!.on('data', (d: Buffer) => (stderr += d.toString()));
  const exited = new Promise<void>((resolve) => proc.once('exit', () => resolve()));
  // ready once migrated and the engine has loaded (readiness is 503 until then)
  await expect
    .poll(
      async () => {
        if (proc.exitCode !== null) throw new Error(`the cuts server exited with ${proc.exitCode}\n${stderr}`);
        return fetch(`${CUTS_SERVER.baseURL}/readyz`).then(
          (r) => r.status,
          () => 0,
        );
      },
      { timeout: 120_000, message: 'the cuts server answers /readyz' },
    )
    .toBe(200);
  return {
    fake,
    async stop() {
      proc.kill('SIGTERM');
      await exited;
      await fake.close();
    },
  };
}
