import { serve } from '@hono/node-server';
import { createApp } from './app';
import { loadEnv } from './env';
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

let stopping = false;
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  services.logger.info({ signal }, 'shutting down');
  server.close();
  await services.close();
  process.exit(0);
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));
