import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { serve } from '@hono/node-server';
import { createApp } from '../src/server/app';
import { openDatabase } from '../src/server/db/client';
import { loadEnv } from '../src/server/env';
import { createLogger } from '../src/server/lib/logger';
import { seedDemo } from '../src/server/seed/seed-demo';
import { createServices, type Services } from '../src/server/services';
import { buildWeb } from './build-web';

export interface BuiltApp {
  url: string;
  /** A scratch folder for this run, removed by close(). */
  dataDir: string;
  /** The app's own services, for a bench that prepares accounts or credits directly. */
  services: Services;
  close(): Promise<void>;
}

/**
 * The real app serving a fresh production build of the web sources (never a stale dist/), on an in-memory
 * database and a free port, for the benchmarks that drive a browser.
 */
export async function startBuiltApp(name: string, extraEnv: Record<string, string> = {}, opts: { seed?: boolean } = {}): Promise<BuiltApp> {
  const distDir = path.resolve(import.meta.dirname, `../.tmp/dist-bench-${name}`);
  await buildWeb(distDir);
  const dataDir = mkdtempSync(path.join(os.tmpdir(), `tress-bench-${name}-`));
  // the port is known before the app is made: its trusted origin (PUBLIC_URL) is built from it
  const port = await freePort();
  const env = loadEnv({
    NODE_ENV: 'production',
    PORT: String(port),
    DATA_DIR: dataDir,
    WEB_DIST_DIR: distDir,
    AUTH_SECRET: 'bench-secret-bench-secret-bench-secret',
    LOG_LEVEL: 'silent',
    ...extraEnv,
  });
  const database = await openDatabase({ dataDir: null });
  const services = await createServices(env, { database, logger: createLogger('silent'), sweeper: false });
  // the demo's accounts, professionals and content, for the pages that show them
  if (opts.seed) await seedDemo(services);
  const server = serve({ fetch: createApp(services, { distDir }).fetch, port });
  return {
    // localhost, not 127.0.0.1: the app's trusted origin and the browser's secure context for the camera
    url: `http://localhost:${port}`,
    dataDir,
    services,
    async close() {
      server.close();
      await services.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer().once('error', reject);
    probe.listen(0, () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}
