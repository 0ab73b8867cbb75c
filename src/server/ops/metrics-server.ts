import { createServer, type Server } from 'node:http';
import type { Services } from '../services';

/**
 * /metrics on its own listener bound to 127.0.0.1 (METRICS_PORT), for when METRICS_TOKEN is not set: a
 * Prometheus on the same host (or a sidecar) scrapes it; nothing outside the machine reaches it. A port
 * already taken (a second instance on one host) is logged, not fatal: set METRICS_PORT or METRICS_TOKEN.
 */
export function startMetricsServer(services: Pick<Services, 'ops' | 'logger'>, port: number): Server {
  const server = createServer((req, res) => {
    if (req.method !== 'GET' || req.url?.split('?')[0] !== '/metrics') {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('Not found. Prometheus metrics are at /metrics.\n');
      return;
    }
    services.ops.metrics.render().then(
      (text) => res.writeHead(200, { 'content-type': services.ops.metrics.contentType, 'cache-control': 'no-store' }).end(text),
      (err: unknown) => {
        services.logger.error({ err }, 'metrics could not be rendered');
        res.writeHead(500).end();
      },
    );
  });
  server.on('error', (err: NodeJS.ErrnoException) =>
    services.logger.warn(
      { port, code: err.code },
      'metrics are not served: their local port is unavailable (set METRICS_PORT, or METRICS_TOKEN to serve them on the app port)',
    ),
  );
  server.listen(port, '127.0.0.1', () => {
    const address = server.address();
    services.logger.info({ port: typeof address === 'object' && address ? address.port : port }, 'metrics served on 127.0.0.1 only');
  });
  // the app's own shutdown decides when the process ends; this listener never holds it open
  server.unref();
  return server;
}
