import type { Context, MiddlewareHandler } from 'hono';
import type { AppEnv } from '../http/context';
import type { Logger } from '../lib/logger';

const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);
const PROBES = new Set(['/healthz', '/readyz', '/metrics']);
const children = new WeakMap<Context, Logger>();

/** The logger for this request: every line carries its request id (and the user id once known). */
function requestLogger(c: Context<AppEnv>): Logger {
  let log = children.get(c);
  if (!log) {
    log = c.get('services').logger.child({ requestId: c.get('requestId') });
    children.set(c, log);
  }
  return log;
}

/** Paths can carry share tokens and verification tokens: long opaque segments are masked in logs. */
function maskPath(p: string): string {
  return p
    .split('/')
    .map((seg) => (seg.length >= 20 && /\d/.test(seg) && /^[A-Za-z0-9_.~%-]+$/.test(seg) ? ':token' : seg))
    .join('/');
}

/**
 * Per request: counts it in flight (graceful shutdown waits for it), times it into the latency
 * histogram by route pattern, writes one JSON log line without query string, headers or body, and
 * hands event streams to the lifecycle so shutdown can close them with a reconnect hint.
 */
export const requestOps = (): MiddlewareHandler<AppEnv> => async (c, next) => {
  const { ops } = c.get('services');
  const started = performance.now();
  ops.lifecycle.requestStarted();
  try {
    await next();
  } finally {
    ops.lifecycle.requestFinished();
  }
  const seconds = (performance.now() - started) / 1000;
  const method = METHODS.has(c.req.method) ? c.req.method : 'OTHER';
  const route = c.req.routePath;
  const status = c.res.status;
  ops.metrics.httpDuration.observe({ method, route, status: String(status) }, seconds);
  const line = { method, route, path: maskPath(c.req.path), status, ms: Math.round(seconds * 10000) / 10, userId: c.get('user')?.id };
  const log = requestLogger(c);
  if (status >= 500) log.error(line, 'request');
  else if (PROBES.has(c.req.path)) log.debug(line, 'request');
  else log.info(line, 'request');
  if (ops.lifecycle.draining) c.header('connection', 'close');
  if ((c.res.headers.get('content-type') ?? '').startsWith('text/event-stream')) {
    const tracked = ops.lifecycle.trackEventStream(c.res);
    c.res = undefined;
    c.res = tracked;
    if (ops.lifecycle.draining) ops.lifecycle.closeEventStreams();
  }
};
