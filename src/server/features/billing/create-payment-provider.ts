import type { Env } from '../../env';
import type { Logger } from '../../lib/logger';
import type { PaymentProvider } from './provider';
import { createSandboxProvider } from './sandbox/sandbox-provider';
import { createStripeProvider } from './stripe-provider';

/** Stripe when its secret key and webhook secret are set; otherwise the built-in sandbox (decision 040). */
export function createPaymentProvider(env: Env, authSecret: string, logger: Logger): PaymentProvider {
  if (env.STRIPE_SECRET_KEY && env.STRIPE_WEBHOOK_SECRET) {
    const prices = {
      starter: env.STRIPE_PRICE_STARTER,
      creator: env.STRIPE_PRICE_CREATOR,
      studio: env.STRIPE_PRICE_STUDIO,
      monthly: env.STRIPE_PRICE_PARTNER_MONTHLY,
      yearly: env.STRIPE_PRICE_PARTNER_YEARLY,
    };
    const missing = Object.entries(prices)
      .filter(([, v]) => !v)
      .map(([k]) => k);
    if (missing.length) logger.warn({ missing }, 'Stripe price ids missing: those packs/plans cannot be bought');
    return createStripeProvider({
      secretKey: env.STRIPE_SECRET_KEY,
      webhookSecret: env.STRIPE_WEBHOOK_SECRET,
      connectWebhookSecret: env.STRIPE_CONNECT_WEBHOOK_SECRET,
      apiBase: env.STRIPE_API_BASE,
      prices,
    });
  }
  return createSandboxProvider({ publicUrl: env.publicUrl, authSecret });
}
