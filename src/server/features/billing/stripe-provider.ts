import Stripe from 'stripe';
import { buildPriceBook, type PaymentProvider } from './provider';

export interface StripeConfig {
  secretKey: string;
  webhookSecret: string;
  /** e.g. http://127.0.0.1:12111 for the loopback fake in tests; unset for api.stripe.com. */
  apiBase?: string;
  prices: { starter?: string; creator?: string; studio?: string; monthly?: string; yearly?: string };
}

/** host/port/protocol for the SDK from a base URL (the SDK has no single base-URL option). */
function sdkAddress(apiBase: string | undefined): Pick<Stripe.StripeConfig, 'host' | 'port' | 'protocol'> {
  if (!apiBase) return {};
  const url = new URL(apiBase);
  const protocol = url.protocol === 'http:' ? 'http' : 'https';
  return { host: url.hostname, port: url.port || (protocol === 'http' ? 80 : 443), protocol };
}

/** Stripe through the official SDK: Checkout Sessions, the Customer Portal, signed webhooks. */
export function createStripeProvider(config: StripeConfig): PaymentProvider {
  const stripe = new Stripe(config.secretKey, { ...sdkAddress(config.apiBase), maxNetworkRetries: 2, timeout: 20_000, appInfo: { name: 'Tress' } });
  const prices = buildPriceBook((item) => config.prices[item.kind === 'pack' ? item.pack.id : item.plan.id]);
  return {
    name: 'stripe',
    prices,
    async createCheckoutSession(req) {
      const metadata = { tress_user_id: req.user.id, tress_price_id: req.priceId, tress_kind: req.item.kind };
      const common: Stripe.Checkout.SessionCreateParams = {
        line_items: [{ price: req.priceId, quantity: 1 }],
        success_url: req.successUrl,
        cancel_url: req.cancelUrl,
        client_reference_id: req.user.id,
        metadata,
        ...(req.customerId ? { customer: req.customerId } : { customer_email: req.user.email }),
      };
      const params: Stripe.Checkout.SessionCreateParams =
        req.item.kind === 'pack'
          ? { ...common, mode: 'payment', ...(req.customerId ? {} : { customer_creation: 'always' as const }), payment_intent_data: { metadata } }
          : { ...common, mode: 'subscription', subscription_data: { metadata: { ...metadata, tress_plan: req.item.plan.id } } };
      const session = await stripe.checkout.sessions.create(params, { idempotencyKey: req.idempotencyKey });
      if (!session.url) throw new Error('Stripe returned a checkout session without a url');
      return { id: session.id, url: session.url };
    },
    constructEvent(rawBody, signature) {
      return stripe.webhooks.constructEvent(rawBody, signature ?? '', config.webhookSecret);
    },
    async createPortalSession({ customerId, returnUrl }) {
      const session = await stripe.billingPortal.sessions.create({ customer: customerId, return_url: returnUrl });
      return { url: session.url };
    },
    async cancelSubscription(subscriptionId) {
      try {
        await stripe.subscriptions.cancel(subscriptionId, {}, { idempotencyKey: `cancel-${subscriptionId}` });
      } catch (err) {
        // Stripe refuses to cancel a plan that already ended (e.g. in its dashboard): nothing is left to bill
        if (!(err instanceof Stripe.errors.StripeInvalidRequestError)) throw err;
        const sub = await stripe.subscriptions.retrieve(subscriptionId).catch(() => null);
        if (sub?.status !== 'canceled') throw err;
      }
    },
  };
}
