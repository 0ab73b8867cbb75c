import { timingSafeEqual } from 'node:crypto';
import { Hono } from 'hono';
import { AppError } from '../http/app-error';
import type { AppEnv } from '../http/context';
import { readiness } from './readiness';

function tokenMatches(header: string | undefined, token: string): boolean {
  const given = Buffer.from(header?.match(/^Bearer\s+(.+)$/i)?.[1]?.trim() ?? '');
  const want = Buffer.from(token);
  return given.length === want.length && timingSafeEqual(given, want);
}

/** Probes and metrics for load balancers, orchestrators and Prometheus (decision 070). */
export const opsRoutes = new Hono<AppEnv>()
  /** Liveness: the process is up and its event loop answers. Never touches the database. */
  .get('/healthz', (c) => {
    c.header('cache-control', 'no-store');
    return c.json({ status: 'ok', uptimeSeconds: Math.round((Date.now() - c.get('services').ops.startedAt) / 1000) });
  })
  /**
   * Readiness: 503 while the database, migrations or engine are not there, and from the first shutdown
   * signal; 200 "degraded" while live events or shared rate limits are down (the instance still serves).
   */
  .get('/readyz', async (c) => {
    const r = await readiness(c.get('services'));
    c.header('cache-control', 'no-store');
    return c.json(r, r.status === 'not-ready' ? 503 : 200);
  })
  /**
   * Prometheus text format, on this port only with METRICS_TOKEN set and `Authorization: Bearer <token>`;
   * without a token it is served on 127.0.0.1:METRICS_PORT alone (metrics-server.ts), never to the public.
   */
  .get('/metrics', async (c) => {
    const { env, ops } = c.get('services');
    if (!env.METRICS_TOKEN) throw new AppError('not-found', 'No such endpoint.');
    if (!tokenMatches(c.req.header('authorization'), env.METRICS_TOKEN)) {
      c.header('www-authenticate', 'Bearer realm="metrics"');
      throw new AppError('unauthenticated', 'A metrics token is required.');
    }
    c.header('cache-control', 'no-store');
    return c.body(await ops.metrics.render(), 200, { 'content-type': ops.metrics.contentType });
  });
