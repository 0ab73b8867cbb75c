import { billingEndpoints } from '@shared/billing/endpoints';
import { MSG } from '@shared/messages';
import { AppError } from '../../http/app-error';
import { requireUser } from '../../http/guards';
import type { RateLimiter } from '../../http/rate-limit';
import { route, routes } from '../../http/route';
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

export const billingRoutes = routes(
  route(billingEndpoints.createCheckoutSession, async ({ body }, c) => {
    const services = c.get('services');
    const caller = requireUser(c);
    if (!(await checkoutLimiter(services).consume(caller.id))) throw new AppError('resource-exhausted', MSG.tooManyAttempts);
    return createCheckoutSession(services, caller, body);
  }),
  route(billingEndpoints.prices, (_, c) => publicPriceBook(c.get('services').payments)),
  route(billingEndpoints.subscription, (_, c) => subscriptionSummary(c.get('services').db, requireUser(c).id)),
  route(billingEndpoints.checkoutStatus, ({ params }, c) => checkoutStatus(c.get('services').db, requireUser(c).id, params.id)),
  route(billingEndpoints.portal, (_, c) => createPortalSession(c.get('services'), requireUser(c).id, '/partners/subscribe')),
  route(billingEndpoints.ledger, (_, c) => ledgerHistory(c.get('services').db, requireUser(c).id)),
).post('/api/webhooks/:provider', async (c) => {
  const provider = c.req.param('provider');
  if (provider !== 'stripe' && provider !== 'sandbox') throw new AppError('not-found', 'No such endpoint.');
  const raw = await c.req.text();
  return c.json(await receiveWebhook(c.get('services'), provider, raw, c.req.header('stripe-signature')));
});
