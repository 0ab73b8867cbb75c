import { Hono } from 'hono';
import { AppError } from '../../http/app-error';
import type { AppEnv } from '../../http/context';
import { requireUser } from '../../http/guards';
import { inquiryImageKey } from './inquiries';
import { keyFromParts } from './partner-media';

/**
 * Public partner images (profile and portfolio) and, for the partner an inquiry was sent to only, the
 * before/after pictures attached to it. Keys are immutable (a new upload gets a new key), so public
 * files cache for a year.
 */
export const partnerMediaRoutes = new Hono<AppEnv>()
  .get('/media/partners/:uid/:file', async (c) => {
    const key = keyFromParts(c.req.param('uid'), c.req.param('file'));
    const obj = key ? await c.get('services').storage.get(key) : null;
    if (!obj) return c.body('Not found', 404, { 'content-type': 'text/plain' });
    return c.body(new Uint8Array(obj.body), 200, {
      'content-type': obj.contentType,
      'cache-control': 'public, max-age=31536000, immutable',
      'x-content-type-options': 'nosniff',
    });
  })
  .get('/media/inquiries/:id/:which', async (c) => {
    const which = c.req.param('which');
    if (which !== 'before' && which !== 'after') throw new AppError('not-found', 'No such picture.');
    const s = c.get('services');
    const session = await s.auth.api.getSession({ headers: c.req.raw.headers });
    if (!session) throw new AppError('unauthenticated', 'Please sign in to continue.');
    c.set('user', session.user as never);
    const key = await inquiryImageKey(s.db, requireUser(c).id, c.req.param('id').slice(0, 64), which);
    const obj = await s.storage.get(key);
    if (!obj) throw new AppError('not-found', 'No such picture.');
    return c.body(new Uint8Array(obj.body), 200, { 'content-type': obj.contentType, 'cache-control': 'private, no-store' });
  });
