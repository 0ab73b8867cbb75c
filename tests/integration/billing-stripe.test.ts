import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { partner } from '../../src/server/db/schema';
import { routeDbKinds } from '../support/db-kinds';
import { startFakeStripe, type FakeStripe } from '../support/fake-stripe';
import { createTestApp, deleteAccount, ledgerViolations, type TestApp } from '../support/test-app';
import { checkoutOf, credits, joinAsPartner, PACK_PRICE, partnerOf, postWebhook, startCheckout } from './billing-helpers';

const PRICES = {
  STRIPE_PRICE_STARTER: 'price_1Starter',
  STRIPE_PRICE_CREATOR: 'price_1Creator',
  STRIPE_PRICE_STUDIO: 'price_1Studio',
  STRIPE_PRICE_PARTNER_MONTHLY: 'price_1Monthly',
  STRIPE_PRICE_PARTNER_YEARLY: 'price_1Yearly',
};
const SECRET = 'sk_test_51FakeKeyForLoopbackOnly';
const WHSEC = 'whsec_loopback_test_secret';

describe.each(routeDbKinds)('Stripe adapter against the loopback Stripe API on %s', (kind) => {
  let t: TestApp;
  let fake: FakeStripe;
  beforeAll(async () => {
    fake = await startFakeStripe({
      secretKey: SECRET,
      webhookSecret: WHSEC,
      prices: [
        { id: PRICES.STRIPE_PRICE_STARTER, unit_amount: 499 },
        { id: PRICES.STRIPE_PRICE_CREATOR, unit_amount: 1999 },
        { id: PRICES.STRIPE_PRICE_STUDIO, unit_amount: 3999 },
        { id: PRICES.STRIPE_PRICE_PARTNER_MONTHLY, unit_amount: 2900, recurring: { interval: 'month' } },
        { id: PRICES.STRIPE_PRICE_PARTNER_YEARLY, unit_amount: 29900, recurring: { interval: 'year' } },
      ],
    });
    t = await createTestApp(kind, { STRIPE_SECRET_KEY: SECRET, STRIPE_WEBHOOK_SECRET: WHSEC, STRIPE_API_BASE: fake.url, ...PRICES });
  });
  afterAll(async () => {
    expect(await ledgerViolations(t.services)).toEqual([]);
    await t.close();
    await fake.close();
  });

  const checkoutUrl = async (cookie: string, priceId: string, flow: 'pack' | 'plan') => {
    const res = await startCheckout(t, cookie, { priceId, flow });
    expect(res.status, await res.clone().text()).toBe(200);
    return ((await res.json()) as { result: { url: string } }).result.url;
  };

  it('publishes the Stripe price ids from the environment and refuses the sandbox ones', async () => {
    expect(await (await t.request('/api/billing/prices')).json()).toEqual({
      provider: 'stripe',
      packs: { starter: PRICES.STRIPE_PRICE_STARTER, creator: PRICES.STRIPE_PRICE_CREATOR, studio: PRICES.STRIPE_PRICE_STUDIO },
      plans: { monthly: PRICES.STRIPE_PRICE_PARTNER_MONTHLY, yearly: PRICES.STRIPE_PRICE_PARTNER_YEARLY },
    });
    const u = await t.signedInUser();
    expect((await startCheckout(t, u.cookie, { priceId: PACK_PRICE.creator })).status).toBe(400);
    expect((await t.request('/sandbox/checkout/cs_anything')).status).toBe(404);
  });

  /** Pays the user's open session as Stripe would, and delivers its signed events (oldest first); returns them. */
  const payCheckoutOf = async (userId: string) => {
    const sessionId = (await t.services.db.execute(`select id from checkout where user_id = '${userId}'`)).rows[0].id as string;
    const events = fake.complete(sessionId);
    for (const e of [...events].reverse()) expect((await postWebhook(t, e.payload, e.signature, 'stripe')).status).toBe(200);
    return events;
  };

  it('creates a payment-mode Checkout Session with the right parameters, and credits once from the signed webhook', async () => {
    const u = await t.signedInUser();
    const before = await credits(t, u.id);
    const url = await checkoutUrl(u.cookie, PRICES.STRIPE_PRICE_CREATOR, 'pack');
    const req = fake.last('/v1/checkout/sessions')!;
    expect(url).toMatch(new RegExp(`^${fake.url}/c/pay/`));
    expect(req.headers.authorization).toBe(`Bearer ${SECRET}`);
    expect(req.headers['stripe-version']).toBe(Stripe.API_VERSION);
    expect(req.headers['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);
    expect(req.params).toEqual({
      mode: 'payment',
      line_items: [{ price: PRICES.STRIPE_PRICE_CREATOR, quantity: '1' }],
      success_url: 'http://localhost:3999/checkout/success?session_id={CHECKOUT_SESSION_ID}',
      cancel_url: 'http://localhost:3999/checkout/cancel',
      client_reference_id: u.id,
      customer_email: u.email,
      customer_creation: 'always',
      metadata: { tress_user_id: u.id, tress_price_id: PRICES.STRIPE_PRICE_CREATOR, tress_kind: 'pack' },
      payment_intent_data: { metadata: { tress_user_id: u.id, tress_price_id: PRICES.STRIPE_PRICE_CREATOR, tress_kind: 'pack' } },
    });
    const sessionId = (await t.services.db.execute(`select id from checkout where user_id = '${u.id}'`)).rows[0].id as string;
    expect(sessionId).toMatch(/^cs_test_/);
    expect(await checkoutOf(t, sessionId)).toMatchObject({
      provider: 'stripe',
      kind: 'pack',
      priceId: PRICES.STRIPE_PRICE_CREATOR,
      itemId: 'creator',
      status: 'open',
    });

    const events = fake.complete(sessionId);
    const forged = fake.complete(sessionId, { secret: 'whsec_someone_else' });
    for (const e of forged) expect((await postWebhook(t, e.payload, e.signature, 'stripe')).status).toBe(400);
    expect(await credits(t, u.id)).toBe(before);
    for (const e of events) expect((await postWebhook(t, e.payload, e.signature, 'sandbox')).status).toBe(404);

    const mails = t.mailer.sent.length;
    for (let i = 0; i < 3; i++) for (const e of events) expect((await postWebhook(t, e.payload, e.signature, 'stripe')).status).toBe(200);
    expect(await credits(t, u.id)).toBe(before + 50);
    expect((await checkoutOf(t, sessionId)).status).toBe('completed');
    expect(t.mailer.sent.length - mails).toBe(1);
  });

  it('creates a subscription-mode session for a partner, activates the partner from the webhook, and opens the Customer Portal', async () => {
    const u = await t.signedInUser();
    await joinAsPartner(t, u.cookie);
    await checkoutUrl(u.cookie, PRICES.STRIPE_PRICE_PARTNER_YEARLY, 'plan');
    const req = fake.last('/v1/checkout/sessions')!;
    expect(req.params).toMatchObject({
      mode: 'subscription',
      line_items: [{ price: PRICES.STRIPE_PRICE_PARTNER_YEARLY, quantity: '1' }],
      success_url: 'http://localhost:3999/checkout/success?session_id={CHECKOUT_SESSION_ID}&flow=partner',
      cancel_url: 'http://localhost:3999/checkout/cancel?flow=partner',
      client_reference_id: u.id,
      customer_email: u.email,
      subscription_data: { metadata: { tress_user_id: u.id, tress_plan: 'yearly', tress_price_id: PRICES.STRIPE_PRICE_PARTNER_YEARLY, tress_kind: 'plan' } },
    });
    expect(req.params).not.toHaveProperty('customer_creation');
    expect(req.params).not.toHaveProperty('customer');

    const events = await payCheckoutOf(u.id);
    const p = await partnerOf(t, u.id);
    expect(p).toMatchObject({ subscriptionStatus: 'active', plan: 'yearly', cancelAtPeriodEnd: false });
    expect(p.customerId).toMatch(/^cus_test_/);
    expect(p.subscriptionId).toMatch(/^sub_test_/);
    expect((p.currentPeriodEnd!.getTime() - Date.now()) / 86_400_000).toBeGreaterThan(364);

    const portal = await t.request('/api/billing/portal', { method: 'POST', cookie: u.cookie, json: {} });
    expect(portal.status).toBe(200);
    expect((await portal.json()).url).toMatch(new RegExp(`^${fake.url}/p/session/`));
    expect(fake.last('/v1/billing_portal/sessions')!.params).toEqual({ customer: p.customerId, return_url: 'http://localhost:3999/partners/subscribe' });

    // A renewal invoice mails a receipt once, however often it is delivered.
    const mails = t.mailer.sent.length;
    const renewal = fake.subscriptionEvent('invoice.paid', {
      id: 'in_test_renewal1',
      object: 'invoice',
      billing_reason: 'subscription_cycle',
      customer: p.customerId,
      amount_paid: 29900,
      currency: 'usd',
      status: 'paid',
      parent: { type: 'subscription_details', subscription_details: { subscription: p.subscriptionId, metadata: null } },
      created: Math.floor(Date.now() / 1000),
    });
    for (let i = 0; i < 2; i++) expect((await postWebhook(t, renewal.payload, renewal.signature, 'stripe')).status).toBe(200);
    expect(t.mailer.sent.slice(mails)).toEqual([expect.objectContaining({ to: u.email, subject: 'Your Tress receipt: Yearly listing plan ($299)' })]);
    expect(t.mailer.sent.at(-1)!.text).toContain('Your listing plan renewed.');

    // The subscription ends; subscribing again reuses the Stripe customer (customer, not customer_email).
    const sub = JSON.parse(events[0].payload).data.object;
    const ended = fake.subscriptionEvent('customer.subscription.deleted', { ...sub, status: 'canceled', canceled_at: Math.floor(Date.now() / 1000) });
    expect((await postWebhook(t, ended.payload, ended.signature, 'stripe')).status).toBe(200);
    expect((await partnerOf(t, u.id)).subscriptionStatus).toBe('canceled');
    await checkoutUrl(u.cookie, PRICES.STRIPE_PRICE_PARTNER_MONTHLY, 'plan');
    const again = fake.last('/v1/checkout/sessions')!;
    expect(again.params).toMatchObject({ mode: 'subscription', customer: p.customerId });
    expect(again.params).not.toHaveProperty('customer_email');
  });

  it('cancels the plan at Stripe before an account is deleted, and keeps the account when Stripe cannot', async () => {
    const subscribed = async () => {
      const u = await t.signedInUser({ password: 'pro-password' });
      await joinAsPartner(t, u.cookie);
      await checkoutUrl(u.cookie, PRICES.STRIPE_PRICE_PARTNER_MONTHLY, 'plan');
      await payCheckoutOf(u.id);
      const { subscriptionId } = await partnerOf(t, u.id);
      expect(subscriptionId).toMatch(/^sub_test_/);
      return { ...u, subscriptionId: subscriptionId! };
    };

    const pro = await subscribed();
    expect((await deleteAccount(t, pro.cookie, 'pro-password')).status).toBe(200);
    const cancel = fake.last(`/v1/subscriptions/${pro.subscriptionId}`);
    expect(cancel?.method).toBe('DELETE');
    expect(cancel?.headers['idempotency-key']).toBe(`cancel-${pro.subscriptionId}`);
    expect(await t.services.db.select().from(partner).where(eq(partner.userId, pro.id))).toEqual([]);

    // the plan was already ended in Stripe's dashboard: Stripe refuses to cancel it again, and nothing is left to bill
    const ended = await subscribed();
    fake.cancelInDashboard(ended.subscriptionId);
    expect((await deleteAccount(t, ended.cookie, 'pro-password')).status).toBe(200);

    // Stripe is down: nothing is deleted, and the person is told to try again
    const other = await subscribed();
    fake.failNext('DELETE', `/v1/subscriptions/${other.subscriptionId}`, 3);
    const refused = await deleteAccount(t, other.cookie, 'pro-password');
    expect(refused.status).toBe(503);
    expect((await refused.json()).error.message).toMatch(/couldn’t cancel your listing plan/);
    expect((await t.request('/api/me', { cookie: other.cookie })).status).toBe(200);
  });

  it('answers 503 in the error shape when Stripe refuses the session, and records nothing', async () => {
    const u = await t.signedInUser();
    await joinAsPartner(t, u.cookie);
    await t.services.db.update(partner).set({ customerId: 'cus_deleted_in_dashboard' }).where(eq(partner.userId, u.id));
    const res = await startCheckout(t, u.cookie, { priceId: PRICES.STRIPE_PRICE_PARTNER_MONTHLY, flow: 'plan' });
    expect(res.status).toBe(503);
    expect((await res.json()).error).toMatchObject({ status: 'UNAVAILABLE', message: 'The payment provider did not answer. Please try again.' });
    expect((await t.services.db.execute(`select count(*)::int as n from checkout where user_id = '${u.id}'`)).rows[0]).toEqual({ n: 0 });
  });
});
