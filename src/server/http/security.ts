import type { MiddlewareHandler } from 'hono';
import { bodyLimit as honoBodyLimit } from 'hono/body-limit';
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

/**
 * Bodies over the limit get 413 in the error shape before anything reads them (streamed bodies are counted).
 * The answer closes the connection: the rest of the refused body is still on its way, and a kept-alive
 * socket would read it as the start of the next request.
 */
export const bodyLimit =
  (limitFor: (path: string) => number): MiddlewareHandler<AppEnv> =>
  async (c, next) => {
    if (SAFE.has(c.req.method)) return next();
    const maxSize = limitFor(c.req.path);
    return honoBodyLimit({
      maxSize,
      onError: (c) => c.json(new AppError('payload-too-large', MSG.bodyTooLarge, { limit: maxSize }).toBody(), 413, { connection: 'close' }),
    })(c, next);
  };
