import Stripe from 'stripe';
import { buildPriceBook, type DepositPayments, type PaymentProvider } from './provider';

export interface StripeConfig {
  secretKey: string;
  webhookSecret: string;
  /** Connect events (professionals' accounts: deposits) come to their own endpoint, signed with its secret. */
  connectWebhookSecret?: string;
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

/** Stripe through the official SDK: Checkout Sessions, the Customer Portal, signed webhooks, and Connect for deposits. */
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
      try {
        return stripe.webhooks.constructEvent(rawBody, signature ?? '', config.webhookSecret);
      } catch (err) {
        if (!config.connectWebhookSecret) throw err;
        return stripe.webhooks.constructEvent(rawBody, signature ?? '', config.connectWebhookSecret);
      }
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
    deposits: stripeDeposits(stripe),
  };
}

/**
 * Decision 171: the professional's own account with Stripe's full dashboard, Stripe collecting its fees from
 * them and carrying the losses (a standard account), and direct charges on it (the Stripe-Account header) with
 * no application fee: the deposit is theirs from the first moment, and so are its refunds and disputes.
 */
function stripeDeposits(stripe: Stripe): DepositPayments {
  return {
    async createAccount({ partnerId, email, businessName }) {
      const account = await stripe.accounts.create(
        {
          email,
          controller: { stripe_dashboard: { type: 'full' }, fees: { payer: 'account' }, losses: { payments: 'stripe' } },
          business_profile: { name: businessName },
          metadata: { tress_partner_id: partnerId },
        },
        { idempotencyKey: `deposit-account-${partnerId}` },
      );
      return { accountId: account.id };
    },
    async onboardingLink({ accountId, returnUrl, refreshUrl }) {
      const link = await stripe.accountLinks.create({ account: accountId, type: 'account_onboarding', return_url: returnUrl, refresh_url: refreshUrl });
      return { url: link.url };
    },
    async accountReady(accountId) {
      return (await stripe.accounts.retrieve(accountId)).charges_enabled === true;
    },
    async createCheckout(req) {
      const metadata = { tress_booking_id: req.bookingId, tress_kind: 'deposit' };
      const session = await stripe.checkout.sessions.create(
        {
          mode: 'payment',
          line_items: [
            { quantity: 1, price_data: { currency: req.currency.toLowerCase(), unit_amount: req.amountCents, product_data: { name: req.description } } },
          ],
          customer_email: req.clientEmail,
          client_reference_id: req.bookingId,
          success_url: req.successUrl,
          cancel_url: req.cancelUrl,
          metadata,
          payment_intent_data: { metadata, description: req.description },
        },
        { stripeAccount: req.accountId, idempotencyKey: `deposit-checkout-${req.bookingId}` },
      );
      if (!session.url) throw new Error('Stripe returned a checkout session without a url');
      return { id: session.id, url: session.url };
    },
    async expireCheckout({ accountId, checkoutId }) {
      await stripe.checkout.sessions.expire(checkoutId, {}, { stripeAccount: accountId });
    },
    async refund({ accountId, paymentId, amountCents, idempotencyKey }) {
      await stripe.refunds.create({ payment_intent: paymentId, amount: amountCents }, { stripeAccount: accountId, idempotencyKey });
    },
  };
}
