import { Hono } from 'hono';
import { CreateCheckoutSessionSchema } from '../../../shared/billing/schemas';
import { MSG } from '../../../shared/messages';
import { AppError } from '../../http/app-error';
import type { AppEnv } from '../../http/context';
import { requireUser } from '../../http/guards';
import { callable } from '../../http/parse';
import type { RateLimiter } from '../../http/rate-limit';
import type { Services } from '../../services';
import { checkoutStatus, createPortalSession, subscriptionSummary } from './billing-account';
import { createCheckoutSession } from './create-checkout-session';
import { ledgerHistory } from './ledger-history';
import { publicPriceBook } from './provider';
import { receiveWebhook } from './receive-webhook';

/** 20 checkout sessions a minute per user: one limiter per services instance. */
const limiters = new WeakMap<Services, RateLimiter>();
function checkoutLimiter(services: Services) {
  let l = limiters.get(services);
  if (!l) limiters.set(services, (l = services.rateLimits.create('checkout', 20, 60)));
  return l;
}

export const paymentsRoutes = new Hono<AppEnv>()
  .post(
    '/api/fn/createCheckoutSession',
    callable(CreateCheckoutSessionSchema, async (data, c) => {
      const services = c.get('services');
      const caller = requireUser(c);
      if (!(await checkoutLimiter(services).consume(caller.id))) throw new AppError('resource-exhausted', MSG.tooManyAttempts);
      return createCheckoutSession(services, caller, data);
    }),
  )
  .get('/api/billing/prices', (c) => c.json(publicPriceBook(c.get('services').payments)))
  .get('/api/billing/subscription', async (c) => c.json(await subscriptionSummary(c.get('services').db, requireUser(c).id)))
  .get('/api/billing/checkouts/:id', async (c) => c.json(await checkoutStatus(c.get('services').db, requireUser(c).id, c.req.param('id').slice(0, 200))))
  .post('/api/billing/portal', async (c) => {
    const caller = requireUser(c);
    return c.json(await createPortalSession(c.get('services'), caller.id, '/partners/subscribe'));
  })
  .get('/api/me/ledger', async (c) => c.json(await ledgerHistory(c.get('services').db, requireUser(c).id)))
  .post('/api/webhooks/:provider', async (c) => {
    const provider = c.req.param('provider');
    if (provider !== 'stripe' && provider !== 'sandbox') throw new AppError('not-found', 'No such endpoint.');
    const raw = await c.req.text();
    return c.json(await receiveWebhook(c.get('services'), provider, raw, c.req.header('stripe-signature')));
  });
