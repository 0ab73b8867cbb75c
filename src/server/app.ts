import path from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import { Hono, type Context, type MiddlewareHandler } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { seoFor, SEO_PAGES } from '@shared/seo';
import { authRoutes } from './auth/auth.routes';
import { hasSessionCookie } from './auth/auth';
import { accountRoutes } from './features/account/account.routes';
import { bookingMediaRoutes, bookingRoutes } from './features/booking/booking.routes';
import { creationsRoutes } from './features/studio/creations.routes';
import { renderSharedCreationPage } from './features/studio/shared-page';
import { generationRoutes } from './features/studio/generation.routes';
import { liveRoutes } from './features/live/live.routes';
import { meRoutes } from './features/me/me.routes';
import { billingRoutes } from './features/billing/billing.routes';
import { sandboxRoutes } from './features/billing/sandbox/sandbox.routes';
import { partnerAccountRoutes } from './features/partners/partner-account.routes';
import { partnerMediaRoutes } from './features/partners/partner-media.routes';
import { partnersRoutes } from './features/partners/partners.routes';
import { placesRoutes } from './features/geo/places.routes';
import { renderDirectoryPage } from './features/partners/directory-landing-page';
import { directorySitemapPaths } from './features/partners/sitemap-entries';
import { insightsRoutes } from './features/insights/insights.routes';
import { renderProfessionalPage } from './features/partners/professional-page';
import { escapeHtml } from './lib/escape-html';
import { statsRoutes } from './features/stats/stats.routes';
import { isDatabaseUnavailable } from './db/unavailable';
import { AppError, isAppError } from './http/app-error';
import type { AppEnv, SessionUser } from './http/context';
import { safeUrl } from './http/boundary';
import { compressAnswers, IMMUTABLE, revalidated, varyOnEncoding } from './http/compression';
import { bodyLimit, originCheck, securityHeaders } from './http/security';
import { signInLimit } from './http/sign-in-limit';
import { createHtmlRenderer } from './http/spa';
import { opsRoutes } from './ops/ops.routes';
import { requestOps } from './ops/request-log';
import type { Services } from './services';
import { base64Length, STUDIO_UPLOAD } from '@shared/studio/upload';

const MB = 1024 * 1024;
/**
 * Image-carrying calls may exceed the 1 MB default by their image limits once base64-encoded: a studio
 * photo and a reference of at most 2 MB each (decision 115; the studio sends well under 1 MB in all).
 */
const BODY_LIMITS: Record<string, number> = {
  '/api/fn/generateHairStyle': 2 * base64Length(STUDIO_UPLOAD.maxImageBytes) + 64 * 1024,
  '/api/fn/uploadPartnerImage': 3 * MB,
  // saving a result names it by its generation id and carries no image (decision 116)
  '/api/creations': 1024,
};

const DEMO_PREPARING = 'The demo is being prepared: its professionals, styles and sample accounts appear in a minute. Reload the page then.';

export function createApp(services: Services, opts: { distDir?: string } = {}) {
  const distDir = opts.distDir ?? services.env.webDistDir;
  const html = createHtmlRenderer(distDir, { notice: () => (services.ops.lifecycle.preparingDemo ? DEMO_PREPARING : undefined) });
  const app = new Hono<AppEnv>();

  app.onError((err, c) => {
    if (isAppError(err)) return c.json(err.toBody(), err.status as 400);
    if (err instanceof HTTPException && err.status < 500) {
      const e = new AppError(err.status === 401 ? 'unauthenticated' : err.status === 404 ? 'not-found' : 'invalid-argument', err.message || 'Bad request.');
      return c.json(e.toBody(), err.status);
    }
    // A malformed form or multipart body (c.req.parseBody / formData) is the caller's error, not ours.
    if (err instanceof TypeError && /parse body/i.test(err.message))
      return c.json(new AppError('invalid-argument', 'The request body could not be read.').toBody(), 400);
    // A database restart is an outage to wait out, not a bug: a short warning and 503, which clients retry.
    if (isDatabaseUnavailable(err)) {
      services.logger.warn({ path: c.req.path, requestId: c.get('requestId'), message: err.message }, 'database unavailable');
      return c.json(new AppError('unavailable', 'We can’t reach our records just now. Please try again in a moment.').toBody(), 503, { 'retry-after': '2' });
    }
    services.logger.error({ err, path: c.req.path, requestId: c.get('requestId') }, 'unhandled error');
    return c.json(new AppError('internal', 'Something went wrong. Please try again.').toBody(), 500);
  });

  app.use('*', async (c, next) => {
    c.set('services', services);
    c.set('requestId', c.req.header('x-request-id')?.slice(0, 64) || crypto.randomUUID());
    c.set('user', null);
    await next();
    c.header('x-request-id', c.get('requestId'));
  });
  app.use('*', requestOps());
  app.use('*', compressAnswers());
  app.use('*', securityHeaders());
  app.use('*', safeUrl());
  app.use('/api/*', originCheck(services.trustedOrigins));
  app.use(
    '/api/*',
    bodyLimit((p) => BODY_LIMITS[p] ?? MB),
  );
  app.use('/api/*', async (c, next) => {
    // better-auth reads its own cookies; signed webhooks never act for a session: neither needs the lookup.
    if (!c.req.path.startsWith('/api/auth/') && !c.req.path.startsWith('/api/webhooks/')) {
      const session = await services.auth.api.getSession({ headers: c.req.raw.headers });
      c.set('user', (session?.user as SessionUser | undefined) ?? null);
    }
    c.header('cache-control', 'no-store');
    await next();
  });

  app.use('/api/auth/sign-in/*', signInLimit(services.rateLimits));
  app.route('/', authRoutes(services.rateLimits));
  app.route('/', meRoutes);
  app.route('/', accountRoutes);
  app.route('/', opsRoutes);
  app.route('/', statsRoutes());
  app.route('/', billingRoutes);
  app.route('/', sandboxRoutes);
  app.route('/', partnersRoutes);
  app.route('/', partnerAccountRoutes);
  app.route('/', bookingRoutes);
  app.route('/', placesRoutes);
  app.route('/', insightsRoutes);
  app.route('/', generationRoutes);
  app.route('/', creationsRoutes);
  app.route('/', liveRoutes());

  app.all('/api/*', () => {
    throw new AppError('not-found', 'No such endpoint.');
  });

  app.get('/robots.txt', (c) => c.text(`User-agent: *\nAllow: /\nDisallow: /app\nDisallow: /api/\nSitemap: ${services.env.publicUrl}/sitemap.xml\n`));
  app.get('/sitemap.xml', async (c) => {
    const paths = [...SEO_PAGES.filter((p) => p.sitemap).map((p) => p.path), ...(await directorySitemapPaths(services.db))];
    const urls = paths.map((p) => `<url><loc>${escapeHtml(`${services.env.publicUrl}${p}`)}</loc></url>`);
    return c.body(`<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${urls.join('')}</urlset>`, 200, {
      'content-type': 'application/xml',
    });
  });

  app.route('/', partnerMediaRoutes);
  app.route('/', bookingMediaRoutes);

  const pageMeta = (pathname: string) => {
    const meta = seoFor(pathname);
    return { ...meta, url: `${services.env.publicUrl}${pathname}`, image: meta.image && `${services.env.publicUrl}${meta.image}` };
  };
  // a page drawn at build time goes to visitors without a session (decision 184): the answer depends on the cookie
  const page = (c: Context<AppEnv>) => {
    c.header('vary', 'Cookie', { append: true });
    return c.html(html.render(pageMeta(c.req.path), { visitor: !hasSessionCookie(c.req.raw.headers) }));
  };
  const root = path.relative(process.cwd(), distDir) || '.';
  app.use('/assets/*', async (c, next) => {
    await next();
    if (c.res.ok) c.header('cache-control', IMMUTABLE);
  });
  app.use('*', varyOnEncoding());
  const pages = revalidated();
  app.use('*', (c, next) => (c.req.path.startsWith('/assets/') ? next() : pages(c, next)));
  // '/' would otherwise be served as the bare index.html by serveStatic, without the landing's title and description.
  app.get('/', (c, next) => (html.available() ? page(c) : next()));
  // brotli or gzip files written beside each text file at build time (scripts/precompress.ts). Made once the build
  // exists: before it there is nothing to serve (the catch-all below says so), and serveStatic complains on creation.
  let statics: MiddlewareHandler | undefined;
  app.use('*', (c, next) => {
    if (!html.available()) return next();
    statics ??= serveStatic({ root, precompressed: true });
    return statics(c, next);
  });
  // A hashed asset this build lacks (a page from before a deploy asking another instance) is a 404, never the SPA's HTML cached as immutable.
  app.all('/assets/*', () => {
    throw new AppError('not-found', 'No such file.');
  });
  app.get('/professionals', async (c, next) => (html.available() ? renderDirectoryPage(c, html) : next()));
  app.get('/professionals/:idOrSlug', async (c, next) => (html.available() ? renderProfessionalPage(c, html) : next()));
  app.get('/c/:token', (c) => renderSharedCreationPage(c, html));
  app.get('*', (c) => {
    if (!html.available()) return c.text('The web app is not built. Run `npm run build` (npm start does it for you).', 503);
    return page(c);
  });
  return app;
}
