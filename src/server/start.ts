import type { Server } from 'node:http';
import { serve } from '@hono/node-server';
import { createApp } from './app';
import { ensureHairModel } from './engine/segment/model-fetch';
import { loadProcessEnv } from './env';
import { startMetricsServer } from './ops/metrics-server';
import { claimPidFile, runningAppPid } from './ops/pid-file';
import { installGracefulShutdown } from './ops/shutdown';
import { startBanner } from './ops/start-banner';
import { seedDemo } from './seed/seed-demo';
import { createServices } from './services';

const dev = process.argv.includes('--dev');
const env = loadProcessEnv({ NODE_ENV: dev ? 'development' : 'production' });
// The embedded database belongs to one process: refuse a second app on the same DATA_DIR, and let
// db:backup / db:restore see that this one is running.
if (!env.DATABASE_URL) {
  const other = runningAppPid(env.dataDir);
  if (other) throw new Error(`Another Tress process (pid ${other}) is using ${env.dataDir}. Stop it, or give this one its own DATA_DIR.`);
  process.on('exit', claimPidFile(env.dataDir));
}
await ensureHairModel(env.HAIR_MODEL_PATH, { enabled: env.MODEL_AUTO_FETCH, log: (line) => console.log(line) });
const services = await createServices(env);
if (env.SEED_DEMO) await seedDemo(services);

const app = createApp(services, { distDir: env.webDistDir });
const server = serve({ fetch: app.fetch, port: env.PORT }, (info) => {
  console.log(startBanner(env, info.port, process.uptime()) + (dev ? '\n  this is the API only: the Vite dev server is on http://localhost:5173' : ''));
});

// without METRICS_TOKEN, /metrics is not on the public port: a listener on 127.0.0.1 serves it
if (!env.METRICS_TOKEN) startMetricsServer(services, env.METRICS_PORT);

// SIGTERM/SIGINT: stop accepting, close event streams, let in-flight requests finish, run hooks, exit 0.
installGracefulShutdown(server as Server, services, { deadlineMs: env.SHUTDOWN_DEADLINE_MS });
