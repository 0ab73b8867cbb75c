import type { MiddlewareHandler } from 'hono';
import { compress } from 'hono/compress';
import { etag } from 'hono/etag';
import { COMPRESSIBLE_CONTENT_TYPE_REGEX } from 'hono/utils/compress';
import type { AppEnv } from './context';

/**
 * What is sent compressed and how long it may be cached (decision 162). Static files are compressed at build
 * time (scripts/precompress.ts) and served as they are; HTML, JSON and other text answers over 1 KB are
 * gzipped here. An answer that already carries a Content-Encoding (a precompressed file) is never compressed
 * again, and neither is the live event stream (text/event-stream), whose events must arrive one by one.
 */
export function compressAnswers(): MiddlewareHandler<AppEnv> {
  const gzip = compress({ encoding: 'gzip', threshold: THRESHOLD });
  return (c, next) =>
    gzip(c, async () => {
      await next();
      // c.json and c.html do not state their length, so the threshold could not apply: they are whole in
      // memory already, so measure them (the regex leaves out text/event-stream, which is never read here)
      const res = c.res;
      const type = res.headers.get('content-type') ?? '';
      if (!res.body || res.headers.has('content-length') || res.headers.has('content-encoding') || !COMPRESSIBLE_CONTENT_TYPE_REGEX.test(type)) return;
      const bytes = new Uint8Array(await res.arrayBuffer());
      c.res = undefined;
      c.res = new Response(bytes, res);
      c.res.headers.set('content-length', String(bytes.byteLength));
    });
}
const THRESHOLD = 1024;

/** A hashed file under /assets/ never changes under its name: any cache may keep it for a year. */
export const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * Pages and the unhashed files of public/ may change with any deploy: caches keep them but ask first, and an
 * unchanged one is answered 304 by its ETag (a page's is taken before gzip, which then marks it weak).
 */
export function revalidated(): MiddlewareHandler<AppEnv> {
  const tag = etag();
  return (c, next) =>
    tag(c, async () => {
      await next();
      if (c.res.ok && !c.res.headers.has('cache-control')) c.header('cache-control', 'no-cache');
    });
}

/**
 * A text file is answered compressed or not depending on Accept-Encoding, so a shared cache must key it on
 * that header even when this client got the plain bytes (serveStatic only says so when it compressed).
 */
export function varyOnEncoding(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    await next();
    const type = c.res.headers.get('content-type');
    const vary = c.res.headers.get('vary');
    if (type && COMPRESSIBLE_CONTENT_TYPE_REGEX.test(type) && !/accept-encoding/i.test(vary ?? '')) c.header('vary', 'Accept-Encoding', { append: true });
  };
}
