import { accountEndpoints } from '@shared/account/endpoints';
import { MSG } from '@shared/messages';
import { AppError } from '../../http/app-error';
import { requireUser } from '../../http/guards';
import type { RateLimiter } from '../../http/rate-limit';
import { route, routes } from '../../http/route';
import type { Services } from '../../services';
import { exportFile, latestExport, requestExport } from './data-exports';

const signedIn = { guard: requireUser };

/** 3 exports an hour per account: each reads every picture the account has. */
const limiters = new WeakMap<Services, RateLimiter>();
async function consumeExport(s: Services, userId: string) {
  let limiter = limiters.get(s);
  if (!limiter) limiters.set(s, (limiter = s.rateLimits.create('account:export', 3, 3600)));
  if (!(await limiter.consume(userId))) throw new AppError('resource-exhausted', MSG.tooManyAttempts);
}

export const accountRoutes = routes(
  route(accountEndpoints.dataExport, async (_, c) => ({ export: await latestExport(c.get('services'), requireUser(c).id) }), signedIn),
  route(
    accountEndpoints.requestDataExport,
    async (_, c) => {
      const s = c.get('services');
      const { id } = requireUser(c);
      await consumeExport(s, id);
      c.status(202);
      return { export: await requestExport(s, id) };
    },
    signedIn,
  ),
).get('/api/account/export/:id/download', async (c) => {
  const s = c.get('services');
  const file = await exportFile(s, requireUser(c).id, c.req.param('id').slice(0, 64));
  if (!file) throw new AppError('not-found', 'This download has expired. Ask for a new one on your Account page.');
  const day = file.createdAt.toISOString().slice(0, 10);
  return c.body(new Uint8Array(file.body), 200, {
    'content-type': 'application/zip',
    'content-disposition': `attachment; filename="tress-data-${day}.zip"`,
    'cache-control': 'private, no-store',
  });
});
