import type { MiddlewareHandler } from 'hono';
import { secureHeaders } from 'hono/secure-headers';
import { MSG } from '@shared/messages';
import { AppError } from './app-error';
import type { AppEnv } from './context';

/** CSP and friends on every response, HTML and API alike. */
export const securityHeaders = (extraConnect: string[] = []) =>
  secureHeaders({
    contentSecurityPolicy: {
      defaultSrc: ["'self'"],
      // live mode compiles LiteRT.js's WebAssembly in the page (decision 100); no JavaScript eval is allowed
      scriptSrc: ["'self'", "'wasm-unsafe-eval'"],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'blob:'],
      fontSrc: ["'self'", 'data:'],
      connectSrc: ["'self'", ...extraConnect],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      frameAncestors: ["'none'"],
    },
    referrerPolicy: 'strict-origin-when-cross-origin',
    xContentTypeOptions: 'nosniff',
    xFrameOptions: 'DENY',
    crossOriginResourcePolicy: 'same-origin',
    crossOriginOpenerPolicy: 'same-origin-allow-popups',
  });

const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Mutations must come from our own origin. Browsers always send Origin on POST; a cross-site
 * fetch without one still carries Sec-Fetch-Site. Webhooks are exempt: they are signed instead.
 */
export const originCheck =
  (trusted: string[]): MiddlewareHandler<AppEnv> =>
  async (c, next) => {
    if (SAFE.has(c.req.method) || c.req.path.startsWith('/api/webhooks/')) return next();
    const origin = c.req.header('origin');
    if (origin ? !trusted.includes(origin) : c.req.header('sec-fetch-site') === 'cross-site') {
      throw new AppError('permission-denied', MSG.forbiddenOrigin);
    }
    return next();
  };

/** A refused body is read and thrown away up to this much, so the connection can carry the next request. */
const DRAIN_BYTES = 16 * 1024 * 1024;
const DRAIN_MS = 5000;

/** Reads the rest of a body without keeping it; true once it ended within the caps (else the reader is cancelled). */
async function drain(reader: ReadableStreamDefaultReader<Uint8Array>): Promise<boolean> {
  let seen = 0;
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<'timeout'>((resolve) => (timer = setTimeout(() => resolve('timeout'), DRAIN_MS)));
  try {
    for (;;) {
      const next = await Promise.race([reader.read(), timeout]).catch(() => 'timeout' as const);
      if (next === 'timeout') break;
      if (next.done) return true;
      seen += next.value.length;
      if (seen > DRAIN_BYTES) break;
    }
    await reader.cancel().catch(() => undefined);
    return false;
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Bodies over the limit get 413 in the error shape, never buffered past the limit (streamed bodies are
 * counted as they arrive). The rest of a refused body is still on its way: it is read and dropped first
 * (up to 16 MB or 5 s), so the answer arrives and the kept-alive connection carries the next request
 * (issue 34: a refused body once left the connection hanging). Past that, the answer says
 * `Connection: close` and the connection ends instead of being read for ever.
 */
export const bodyLimit =
  (limitFor: (path: string) => number): MiddlewareHandler<AppEnv> =>
  async (c, next) => {
    const raw = c.req.raw;
    if (SAFE.has(c.req.method) || !raw.body) return next();
    const maxSize = limitFor(c.req.path);
    const declared = raw.headers.has('transfer-encoding') ? null : Number(raw.headers.get('content-length') ?? NaN);
    if (declared !== null && Number.isFinite(declared) && declared <= maxSize) return next();
    const reader = raw.body.getReader();
    const chunks: Uint8Array[] = [];
    let size = 0;
    let over = declared !== null && declared > maxSize;
    while (!over) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.length;
      if (size > maxSize) over = true;
      else chunks.push(value);
    }
    if (!over) {
      c.req.raw = new Request(raw, { body: Buffer.concat(chunks, size) });
      return next();
    }
    const drained = await drain(reader);
    const body = new AppError('payload-too-large', MSG.bodyTooLarge, { limit: maxSize }).toBody();
    return drained ? c.json(body, 413) : c.json(body, 413, { connection: 'close' });
  };
