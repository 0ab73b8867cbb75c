import { eq, inArray } from 'drizzle-orm';
import Stripe from 'stripe';
import { describe, expect, it, vi } from 'vitest';
import { CREDIT_PACKS, PARTNER_PLANS } from '@shared/billing/catalogue';
import type { LiveEvent } from '@shared/events';
import { paymentEvent } from '../../src/server/db/schema';
import { stripeEvent, subscriptionObject } from '../../src/server/features/billing/sandbox/sandbox-events';
import type { SandboxProvider } from '../../src/server/features/billing/sandbox/sandbox-provider';
import { dbKinds } from '../support/db-kinds';
import { useTestApp } from '../support/test-app';
import { credits, joinAsPartner, ledgerOf, openSession, partnerOf, PLAN_PRICE, postWebhook, shuffled, signedEventsFor } from './billing-helpers';

describe.each(dbKinds)('payments webhooks on %s', (kind) => {
  const t = useTestApp(kind);

  /** Three users; each opens a session for every pack (nothing paid yet) and gets the events Stripe would send. */
  async function unpaidPurchases() {
    const buyers = await Promise.all([1, 2, 3].map(() => t.signedInUser()));
    const out = [];
    for (const b of buyers) {
      await t.request('/api/me', { cookie: b.cookie });
      for (const pack of CREDIT_PACKS) {
        const s = await openSession(t, b.cookie, pack.sandboxPriceId, 'pack');
        out.push({
          buyer: b,
          pack,
          events: signedEventsFor(t, { sessionId: s.sessionId, userId: b.id, email: b.email, priceId: pack.sandboxPriceId, item: { kind: 'pack', pack } }),
        });
      }
    }
    return { buyers, purchases: out };
  }
  const packTotal = CREDIT_PACKS.reduce((sum, p) => sum + p.credits, 0);

  it('counts every session once when every webhook is replayed three times in shuffled order', async () => {
    const { buyers, purchases } = await unpaidPurchases();
    const deliveries = shuffled(
      purchases.flatMap((p) => [...p.events, ...p.events, ...p.events]),
      20261122,
    );
    const mailsBefore = t.mailer.sent.length;
    const results = [];
    for (const d of deliveries) {
      const res = await postWebhook(t, d.payload, d.signature);
      expect(res.status).toBe(200);
      results.push(((await res.json()) as { duplicate: boolean }).duplicate);
    }
    expect(results.filter((dup) => !dup)).toHaveLength(purchases.flatMap((p) => p.events).length);
    for (const b of buyers) {
      expect(await credits(t, b.id)).toBe(1 + packTotal);
      expect((await ledgerOf(t, b.id)).filter((e) => e.type === 'credit')).toHaveLength(CREDIT_PACKS.length);
    }
    expect(t.mailer.sent.length - mailsBefore).toBe(purchases.length);
  });

  it('counts every session once when the three replays arrive concurrently', async () => {
    const { buyers, purchases } = await unpaidPurchases();
    const deliveries = shuffled(
      purchases.flatMap((p) => [...p.events, ...p.events, ...p.events]),
      7,
    );
    const statuses = await Promise.all(deliveries.map(async (d) => (await postWebhook(t, d.payload, d.signature)).status));
    expect(new Set(statuses)).toEqual(new Set([200]));
    for (const b of buyers) expect(await credits(t, b.id)).toBe(1 + packTotal);
    const ids = purchases.flatMap((p) => p.events.map((e) => e.id));
    const stored = await t.services.db.select({ id: paymentEvent.id }).from(paymentEvent);
    expect(ids.every((id) => stored.some((s) => s.id === id))).toBe(true);
  });

  it('credits a session once even when two different events complete it (completed + async_payment_succeeded)', async () => {
    const b = await t.signedInUser();
    const pack = CREDIT_PACKS[1];
    const s = await openSession(t, b.cookie, pack.sandboxPriceId, 'pack');
    const [, completed] = signedEventsFor(t, {
      sessionId: s.sessionId,
      userId: b.id,
      email: b.email,
      priceId: pack.sandboxPriceId,
      item: { kind: 'pack', pack },
    });
    const second = { ...JSON.parse(completed.payload), id: 'evt_sandbox_async_1', type: 'checkout.session.async_payment_succeeded' };
    const payload2 = JSON.stringify(second);
    const provider = t.services.payments as SandboxProvider;
    const before = await credits(t, b.id);
    await Promise.all([postWebhook(t, completed.payload, completed.signature), postWebhook(t, payload2, provider.sign(payload2))]);
    expect(await credits(t, b.id)).toBe(before + pack.credits);
  });

  it('refuses forged, unsigned, tampered, stale and wrong-endpoint webhooks with 400/404 and changes nothing', async () => {
    const b = await t.signedInUser();
    const pack = CREDIT_PACKS[2];
    const s = await openSession(t, b.cookie, pack.sandboxPriceId, 'pack');
    const before = await credits(t, b.id);
    const [, completed] = signedEventsFor(t, {
      sessionId: s.sessionId,
      userId: b.id,
      email: b.email,
      priceId: pack.sandboxPriceId,
      item: { kind: 'pack', pack },
    });
    const forged = Stripe.webhooks.generateTestHeaderString({ payload: completed.payload, secret: 'whsec_attacker' });
    const tampered = completed.payload.replace(`"amount_total":${pack.amount}`, '"amount_total":1');
    const stale = (t.services.payments as SandboxProvider).sign(completed.payload, Math.floor(Date.now() / 1000) - 3600);
    const cases = [
      postWebhook(t, completed.payload, forged),
      postWebhook(t, completed.payload),
      postWebhook(t, completed.payload, 'garbage'),
      postWebhook(t, tampered, completed.signature),
      postWebhook(t, completed.payload, stale),
    ];
    for (const res of await Promise.all(cases)) {
      expect(res.status).toBe(400);
      expect((await res.json()).error).toMatchObject({ status: 'INVALID_ARGUMENT', message: 'Webhook signature verification failed.' });
    }
    const stripeRoute = await postWebhook(t, completed.payload, completed.signature, 'stripe');
    expect(stripeRoute.status).toBe(404);
    expect(await credits(t, b.id)).toBe(before);
    const stored = await t.services.db.select().from(paymentEvent).where(eq(paymentEvent.id, completed.id));
    expect(stored).toEqual([]);
    // The genuine delivery still works afterwards.
    expect((await postWebhook(t, completed.payload, completed.signature)).status).toBe(200);
    expect(await credits(t, b.id)).toBe(before + pack.credits);
  });

  it('answers a validly signed but malformed event with 400, records nothing, and logs no error', async () => {
    const provider = t.services.payments as SandboxProvider;
    const errors = vi.spyOn(t.services.logger, 'error');
    const now = Math.floor(Date.now() / 1000);
    const malformed = [
      { id: 'evt_no_object', type: 'checkout.session.completed', created: now, data: {} },
      { id: 'evt_null_object', type: 'customer.subscription.updated', created: now, data: { object: null } },
      { id: 'evt_session_without_id', type: 'checkout.session.completed', created: now, data: { object: { metadata: { tress_user_id: 'x' } } } },
      { id: 'evt_sub_items_string', type: 'customer.subscription.updated', created: now, data: { object: { id: 'sub_1', status: 'active', items: 'many' } } },
      {
        id: 'evt_invoice_created_text',
        type: 'invoice.paid',
        created: now,
        data: { object: { id: 'in_1', billing_reason: 'subscription_cycle', created: 'yesterday' } },
      },
      { id: 'evt_nul\u0000', type: 'checkout.session.expired', created: now, data: { object: { id: 'cs_1' } } },
      { type: 'checkout.session.completed', created: now, data: { object: { id: 'cs_2' } } },
      [1, 2, 3],
    ];
    for (const event of malformed) {
      const payload = JSON.stringify(event);
      const res = await postWebhook(t, payload, provider.sign(payload));
      expect(res.status, payload).toBe(400);
      expect((await res.json()).error).toMatchObject({ status: 'INVALID_ARGUMENT', message: 'Malformed webhook event.' });
    }
    expect(
      await t.services.db
        .select()
        .from(paymentEvent)
        .where(inArray(paymentEvent.id, ['evt_no_object', 'evt_null_object', 'evt_session_without_id', 'evt_sub_items_string', 'evt_invoice_created_text'])),
    ).toEqual([]);
    expect(errors).not.toHaveBeenCalled();
    errors.mockRestore();
  });

  it('ignores a signed event for a session we never created', async () => {
    const b = await t.signedInUser();
    const pack = CREDIT_PACKS[0];
    const before = await credits(t, b.id);
    const events = signedEventsFor(t, {
      sessionId: 'cs_sandbox_not_ours',
      userId: 'someone-else',
      email: b.email,
      priceId: pack.sandboxPriceId,
      item: { kind: 'pack', pack },
    });
    for (const e of events) expect((await postWebhook(t, e.payload, e.signature)).status).toBe(200);
    expect(await credits(t, b.id)).toBe(before);
  });

  it('applies subscription events in any order: the latest state wins and a cancellation is final; the header hears it live', async () => {
    const u = await t.signedInUser();
    await joinAsPartner(t, u.cookie);
    const plan = PARTNER_PLANS[0];
    const item = { kind: 'plan' as const, plan };
    const heard: LiveEvent[] = [];
    const stop = t.services.bus.subscribe(`user:${u.id}`, (e) => heard.push(e));
    const provider = t.services.payments as SandboxProvider;
    const t0 = Math.floor(Date.now() / 1000) - 100;
    const periodEnd = t0 + 30 * 86400;
    const base = { id: 'sub_sandbox_order', customerId: 'cus_sandbox_order', userId: u.id, priceId: PLAN_PRICE.monthly, item, start: t0, periodEnd };
    const sign = (e: ReturnType<typeof stripeEvent>) => {
      const payload = JSON.stringify(e);
      return { payload, signature: provider.sign(payload) };
    };
    const created = sign(stripeEvent('customer.subscription.created', subscriptionObject({ ...base, status: 'active', cancelAtPeriodEnd: false }), t0));
    const pastDue = sign(stripeEvent('customer.subscription.updated', subscriptionObject({ ...base, status: 'past_due', cancelAtPeriodEnd: false }), t0 + 10));
    const recovered = sign(stripeEvent('customer.subscription.updated', subscriptionObject({ ...base, status: 'active', cancelAtPeriodEnd: true }), t0 + 20));
    const deleted = sign(
      stripeEvent('customer.subscription.deleted', subscriptionObject({ ...base, status: 'canceled', cancelAtPeriodEnd: false, canceledAt: t0 + 30 }), t0 + 30),
    );

    for (const e of shuffled([created, pastDue, recovered], 3)) expect((await postWebhook(t, e.payload, e.signature)).status).toBe(200);
    let p = await partnerOf(t, u.id);
    expect(p).toMatchObject({
      subscriptionStatus: 'active',
      plan: 'monthly',
      cancelAtPeriodEnd: true,
      customerId: 'cus_sandbox_order',
      subscriptionId: 'sub_sandbox_order',
    });
    expect(p.currentPeriodEnd?.getTime()).toBe(periodEnd * 1000);
    // NOTIFY reaches the listener asynchronously, after the webhook's response.
    await expect.poll(() => heard).toContainEqual({ type: 'professional', active: false, subscribed: true, slug: null });

    for (const e of shuffled([deleted, created, deleted, pastDue, recovered], 9)) await postWebhook(t, e.payload, e.signature);
    p = await partnerOf(t, u.id);
    expect(p.subscriptionStatus).toBe('canceled');
    await expect.poll(() => heard.at(-1)).toEqual({ type: 'professional', active: false, subscribed: false, slug: null });
    stop();
  });
});
