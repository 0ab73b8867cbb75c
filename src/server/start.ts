import type { Server } from 'node:http';
import { serve } from '@hono/node-server';
import { createApp } from './app';
import { loadEnv } from './env';
import { installGracefulShutdown } from './ops/shutdown';
import { seedDemo } from './seed/seed-demo';
import { createServices } from './services';
import { ensureWebBuild } from './web-build';

const dev = process.argv.includes('--dev');
const env = loadEnv(dev ? { NODE_ENV: 'development', ...process.env } : { NODE_ENV: 'production', ...process.env });
if (!dev) await ensureWebBuild(env.webDistDir, (m) => console.log(m));
const services = await createServices(env);
if (env.SEED_DEMO) await seedDemo(services);

const app = createApp(services, { distDir: env.webDistDir });
const server = serve({ fetch: app.fetch, port: env.PORT }, (info) => {
  console.log(`Tress is running at http://localhost:${info.port}` + (dev ? ' (API; the Vite dev server is on http://localhost:5173)' : ''));
});

// SIGTERM/SIGINT: stop accepting, close event streams, let in-flight requests finish, run hooks, exit 0.
installGracefulShutdown(server as Server, services, { deadlineMs: env.SHUTDOWN_DEADLINE_MS });
