import { spawn, type ChildProcess } from 'node:child_process';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { expect } from '@playwright/test';
import { E2E } from '../../../playwright.config';
import type { E2EServer } from './accounts';

/** Where a spec's own server listens and keeps its data: E2E_PORT + `offset`, so parallel runs never collide. */
export function ownServer(name: string, offset: number): E2EServer & { port: number } {
  const port = E2E.port + offset;
  return { port, baseURL: `http://localhost:${port}`, dataDir: path.join(E2E.dataDir, '..', `e2e-${name}-data-${port}`) };
}

/**
 * The built server (`npm run build` first) started for one spec that needs a setting the run's own server does not
 * have, on a fresh data folder; ready once migrated and the engine has loaded (readiness is 503 until then).
 * Returns how to stop it.
 */
export async function startOwnServer(
  where: ReturnType<typeof ownServer>,
  opts: { name: string; env: Record<string, string>; nodeArgs?: string[] },
): Promise<() => Promise<void>> {
  rmSync(where.dataDir, { recursive: true, force: true });
  const proc: ChildProcess = spawn(process.execPath, [...(opts.nodeArgs ?? []), 'dist/server/start.mjs'], {
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      WEB_DIST_DIR: process.env.WEB_DIST_DIR ?? 'dist/web',
      PORT: String(where.port),
      DATA_DIR: where.dataDir,
      LOG_LEVEL: 'warn',
      TRUST_PROXY: '1',
      NODE_ENV: 'production',
      ENGINE_THREADS: '1',
      HAIR_MODEL_PATH: process.env.HAIR_MODEL_PATH ?? 'models/hair_segmentation.tflite',
      MODEL_AUTO_FETCH: 'false',
      ...opts.env,
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  proc.stderr!.on('data', (d: Buffer) => (stderr += d.toString()));
  const exited = new Promise<void>((resolve) => proc.once('exit', () => resolve()));
  await expect
    .poll(
      async () => {
        if (proc.exitCode !== null) throw new Error(`the ${opts.name} server exited with ${proc.exitCode}\n${stderr}`);
        return fetch(`${where.baseURL}/readyz`).then(
          (r) => r.status,
          () => 0,
        );
      },
      { timeout: 120_000, message: `the ${opts.name} server answers /readyz` },
    )
    .toBe(200);
  return async () => {
    proc.kill('SIGTERM');
    await exited;
  };
}
