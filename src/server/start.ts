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
// The cold start's time, split (issue 37): what ran before this module (the launcher, and the build on a
// first start), the model, the database with its migrations, then the demo seed while already serving.
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const split: string[] = [`launch and build ${seconds(performance.now())}`];
let mark = performance.now();
const lap = (name: string) => {
  split.push(`${name} ${seconds(performance.now() - mark)}`);
  mark = performance.now();
};
await ensureHairModel(env.HAIR_MODEL_PATH, { enabled: env.MODEL_AUTO_FETCH, log: (line) => console.log(line) });
lap('model');
const services = await createServices(env);
lap('database');

const app = createApp(services, { distDir: env.webDistDir });
// Listens before the demo is seeded: pages say the demo is being prepared and /readyz answers 503 until it is.
services.ops.lifecycle.preparingDemo = env.SEED_DEMO;
const server = serve({ fetch: app.fetch, port: env.PORT }, (info) => {
  console.log(
    startBanner(env, info.port, performance.now() / 1000, split.join(', ')) +
      (dev ? '\n  this is the API only: the Vite dev server is on http://localhost:5173' : ''),
  );
  if (env.SEED_DEMO) seed();
});

// without METRICS_TOKEN, /metrics is not on the public port: a listener on 127.0.0.1 serves it
if (!env.METRICS_TOKEN) startMetricsServer(services, env.METRICS_PORT);

function seed() {
  const started = performance.now();
  seedDemo(services).then(
    () => {
      services.ops.lifecycle.preparingDemo = false;
      console.log(`The demo is ready (seeded in ${seconds(performance.now() - started)}, ${seconds(performance.now())} after the process started).`);
    },
    // seedDemo logged which seeder failed; the app serves on without the demo and /readyz keeps saying so
    () => undefined,
  );
}

// SIGTERM/SIGINT: stop accepting, close event streams, let in-flight requests finish, run hooks, exit 0.
installGracefulShutdown(server as Server, services, { deadlineMs: env.SHUTDOWN_DEADLINE_MS });
