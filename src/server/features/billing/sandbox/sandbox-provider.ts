import { createHash, createHmac, randomBytes } from 'node:crypto';
import Stripe from 'stripe';
import { CREDIT_PACKS, PARTNER_PLANS } from '@shared/billing/catalogue';
import { buildPriceBook, type PaymentProvider } from '../provider';

export const sandboxId = (prefix: string) => `${prefix}_sandbox_${randomBytes(12).toString('hex')}`;

/** A stable id for an object that exists once per session (or per user), as Stripe's would. */
export const derivedId = (prefix: string, ...parts: string[]) => `${prefix}_sandbox_${createHash('sha256').update(parts.join('|')).digest('hex').slice(0, 24)}`;

/** The sandbox's webhook secret, derived from AUTH_SECRET so it is stable across restarts and instances. */
const sandboxWebhookSecret = (authSecret: string) => `whsec_${createHmac('sha256', authSecret).update('tress-sandbox-webhooks').digest('hex')}`;

export interface SandboxProvider extends PaymentProvider {
  readonly name: 'sandbox';
  readonly webhookSecret: string;
  /** Signs a payload exactly as Stripe does (`t=…,v1=…`, HMAC-SHA256 over `t.payload`). */
  sign(payload: string, timestamp?: number): string;
}

/**
 * The default provider: "Stripe in test mode, hosted by this app". Its checkout and portal pages live
 * at /sandbox/*; they emit Stripe-shaped, Stripe-signed events that go through the same webhook code.
 * Price ids are built in.
 */
export function createSandboxProvider(opts: { publicUrl: string; authSecret: string }): SandboxProvider {
  const webhookSecret = sandboxWebhookSecret(opts.authSecret);
  const ids = new Map<string, string>([
    ...CREDIT_PACKS.map((p) => [p.id, p.sandboxPriceId] as const),
    ...PARTNER_PLANS.map((p) => [p.id, p.sandboxPriceId] as const),
  ]);
  const prices = buildPriceBook((item) => ids.get(item.kind === 'pack' ? item.pack.id : item.plan.id));
  return {
    name: 'sandbox',
    prices,
    webhookSecret,
    async createCheckoutSession() {
      const id = sandboxId('cs');
      return { id, url: `${opts.publicUrl}/sandbox/checkout/${id}` };
    },
    constructEvent(rawBody, signature) {
      return Stripe.webhooks.constructEvent(rawBody, signature ?? '', webhookSecret);
    },
    async createPortalSession({ returnUrl }) {
      return { url: `${opts.publicUrl}/sandbox/portal?return_url=${encodeURIComponent(returnUrl)}` };
    },
    deposits: {
      async createAccount({ partnerId }) {
        return { accountId: derivedId('acct', partnerId) };
      },
      async onboardingLink({ accountId, returnUrl }) {
        return { url: `${opts.publicUrl}/sandbox/connect/${accountId}?return_url=${encodeURIComponent(returnUrl)}` };
      },
      async createCheckout() {
        const id = sandboxId('cs');
        return { id, url: `${opts.publicUrl}/sandbox/deposit/${id}` };
      },
      // the sandbox's payment page reads the booking: once its hold is released the page refuses to take the card
      async expireCheckout() {},
      // test mode moves no money; the booking records the refund
      async refund() {},
    },
    sign(payload, timestamp) {
      return Stripe.webhooks.generateTestHeaderString({ payload, secret: webhookSecret, timestamp });
    },
  };
}
