/**
 * Deposits on the professional's own account, no commission (issue 33 §7, decision 171): onboarding, paying a
 * held booking's deposit, webhooks that move the booking, and refunds or forfeits under the policy; with the
 * built-in sandbox and with Stripe's API (loopback fake) through the official SDK.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { booking } from '../../src/server/db/schema';
import { sweepBookings } from '../../src/server/features/booking/outbox';
import { startFakeStripe, type FakeStripe } from '../support/fake-stripe';
import { createTestApp, useTestApp, type TestApp } from '../support/test-app';
import { postWebhook } from './billing-helpers';
import { book, bookablePro, card, connectedPro, form, paidBooking, wallTime, withDeposit, type Created } from './booking-helpers';

interface Booking {
  id: string;
  state: string;
  deposit: { amountCents: number; status: string; refundCents: number };
  history: { from: string | null; to: string; actor: string }[];
}

async function bookingOf(t: TestApp, cookie: string, id: string) {
  return (await (await t.request(`/api/bookings/${id}`, { cookie })).json()) as Booking;
}
async function policy(t: TestApp, cookie: string, p: Record<string, number>) {
  const res = await t.request('/api/partner/policy', {
    method: 'PUT',
    cookie,
    json: { cancellationWindowHours: 24, lateCancelFeePercent: 0, noShowFeePercent: 0, ...p },
  });
  expect(res.status).toBe(200);
}

describe('deposits with the sandbox provider', () => {
  const t = useTestApp('pglite', {}, { sweeper: false });

  it('connects the professional’s own test account through its onboarding page, owner only', { timeout: 90_000 }, async () => {
    const pro = await bookablePro(t, [withDeposit()]);
    const other = await bookablePro(t);
    const account = async () =>
      (await (await t.request('/api/partner/deposit-account', { cookie: pro.cookie })).json()) as { status: string; provider: string };
    expect(await account()).toEqual({ provider: 'sandbox', status: 'none' });
    // not connected: the deposit is paid at the salon, and booking needs no payment
    const client = await t.signedInUser();
    const salon = (await (await book(t, client.cookie, { serviceId: pro.serviceIds[0], start: wallTime(3, '10:00') })).json()) as Created;
    expect(salon).toMatchObject({ booking: { state: 'confirmed', deposit: { amountCents: 3000, status: 'pay-at-salon' } }, payment: null });

    const res = await t.request('/api/partner/deposit-account/connect', { method: 'POST', cookie: pro.cookie });
    expect(res.status).toBe(200);
    const { url } = (await res.json()) as { url: string };
    const path = new URL(url).pathname;
    expect(path).toMatch(/^\/sandbox\/connect\/acct_sandbox_/);
    expect(await account()).toEqual({ provider: 'sandbox', status: 'incomplete' });
    // a second connect reuses the account
    const again = (await (await t.request('/api/partner/deposit-account/connect', { method: 'POST', cookie: pro.cookie })).json()) as { url: string };
    expect(new URL(again.url).pathname).toBe(path);
    expect(await (await t.request(`${path}?return_url=${encodeURIComponent(url)}`, { cookie: pro.cookie })).text()).toContain('Get paid for deposits');
    expect((await t.request(path, { cookie: other.cookie })).status).toBe(404);
    expect((await t.request(path, { ...form({ account: '000123456789' }), cookie: other.cookie })).status).toBe(404);
    expect((await t.request(path, { ...form({ account: '12345678' }), cookie: pro.cookie })).status).toBe(400);
    expect(await account()).toEqual({ provider: 'sandbox', status: 'incomplete' });
    const done = await t.request(path, { ...form({ account: '000123456789', return_url: 'https://evil.example/' }), cookie: pro.cookie });
    expect(done.status).toBe(303);
    expect(done.headers.get('location')).toBe('http://localhost:3999/partner/services');
    expect(await account()).toEqual({ provider: 'sandbox', status: 'ready' });
    expect(await (await t.request(`/api/partners/${pro.id}/services`)).json()).toMatchObject({ deposits: 'online' });
  });

  it('holds the time while the client pays the deposit, confirms on the signed payment, and refunds an on-time cancel', { timeout: 90_000 }, async () => {
    const pro = await connectedPro(t);
    const client = await t.signedInUser();
    const stranger = await t.signedInUser();
    const res = await book(t, client.cookie, { serviceId: pro.serviceIds[0], start: wallTime(3, '10:00') });
    expect(res.status).toBe(201);
    const { booking: held, payment } = (await res.json()) as Created;
    expect(held).toMatchObject({ state: 'held', deposit: { amountCents: 3000, status: 'due', refundCents: 0 } });
    const path = new URL(payment!.checkoutUrl).pathname;
    expect(path).toMatch(/^\/sandbox\/deposit\/cs_sandbox_/);
    // Pay deposit again offers the same checkout; nobody else's booking can be paid through the API
    const pay = await t.request(`/api/bookings/${held.id}/pay`, { method: 'POST', cookie: client.cookie });
    expect(await pay.json()).toEqual({ checkoutUrl: payment!.checkoutUrl });
    expect((await t.request(`/api/bookings/${held.id}/pay`, { method: 'POST', cookie: stranger.cookie })).status).toBe(404);

    const page = await (await t.request(path)).text();
    expect(page).toContain('Deposit for Copper balayage');
    expect(page).toContain('30.00');
    expect(page).toContain('America/New York');
    expect((await t.request(path, card('4000000000000002'))).status).toBe(402);
    expect((await bookingOf(t, client.cookie, held.id)).state).toBe('held');
    const paid = await t.request(path, card('4242 4242 4242 4242'));
    expect(paid.status).toBe(303);
    expect(paid.headers.get('location')).toBe(`http://localhost:3999/bookings?paid=${held.id}`);
    // the form sent twice: the same events, processed once
    expect((await t.request(path, card('4242 4242 4242 4242'))).status).toBe(303);
    const confirmed = await bookingOf(t, client.cookie, held.id);
    expect(confirmed).toMatchObject({ state: 'confirmed', deposit: { status: 'paid' } });
    expect(confirmed.history.map((h) => [h.from, h.to, h.actor])).toEqual([
      [null, 'held', 'client'],
      ['held', 'confirmed', 'system'],
    ]);
    expect((await t.request(`/api/bookings/${held.id}/pay`, { method: 'POST', cookie: client.cookie })).status).toBe(409);

    const cancelled = (await (await t.request(`/api/bookings/${held.id}/cancel`, { method: 'POST', cookie: client.cookie })).json()) as Booking;
    expect(cancelled).toMatchObject({ state: 'cancelled_by_client', deposit: { status: 'refunding', refundCents: 3000 } });
    expect((await sweepBookings(t.services)).refunded).toBe(1);
    expect((await bookingOf(t, client.cookie, held.id)).deposit).toEqual({ amountCents: 3000, status: 'refunded', refundCents: 3000 });
    expect((await sweepBookings(t.services)).refunded).toBe(0);
  });

  it('keeps the policy’s fee out of a late cancel and a no-show, and refunds all when the salon cancels', { timeout: 90_000 }, async () => {
    const pro = await connectedPro(t, [withDeposit(), withDeposit({ name: 'Gloss', deposit: { kind: 'percent', percent: 50, appliesTo: 'all' } })]);
    // a week's window makes a booking three days ahead late; the late fee is 10 % of 120.00: 12.00 of the 30.00 kept
    await policy(t, pro.cookie, { cancellationWindowHours: 168, lateCancelFeePercent: 10, noShowFeePercent: 100 });
    const client = await t.signedInUser();
    const late = await paidBooking(t, client.cookie, pro.serviceIds[0], wallTime(3, '10:00'));
    const lateCancel = (await (await t.request(`/api/bookings/${late}/cancel`, { method: 'POST', cookie: client.cookie })).json()) as Booking;
    expect(lateCancel).toMatchObject({ state: 'cancelled_by_client', deposit: { status: 'refunding', refundCents: 1800 } });

    // half of 120.00 taken at booking; a no-show keeps all of it
    const missed = await paidBooking(t, client.cookie, pro.serviceIds[1], wallTime(4, '10:00'));
    expect((await bookingOf(t, client.cookie, missed)).deposit.amountCents).toBe(6000);
    await t.services.db
      .update(booking)
      .set({ startsAt: new Date(Date.now() - 3_600_000), endsAt: new Date(Date.now() - 600_000) })
      .where(eq(booking.id, missed));
    const act = (id: string, action: string) => t.request(`/api/partner/bookings/${id}/actions`, { method: 'POST', cookie: pro.cookie, json: { action } });
    expect(await (await act(missed, 'no-show')).json()).toMatchObject({ state: 'no_show', deposit: { status: 'forfeited', refundCents: 0 } });

    const dropped = await paidBooking(t, client.cookie, pro.serviceIds[0], wallTime(5, '10:00'));
    expect(await (await act(dropped, 'cancel')).json()).toMatchObject({
      state: 'cancelled_by_professional',
      deposit: { status: 'refunding', refundCents: 3000 },
    });
    expect((await sweepBookings(t.services)).refunded).toBe(2);
    expect((await bookingOf(t, client.cookie, late)).deposit).toEqual({ amountCents: 3000, status: 'refunded', refundCents: 1800 });
  });

  it('releases an unpaid hold after ten minutes: its page stops taking cards and the time is free again', { timeout: 90_000 }, async () => {
    const pro = await connectedPro(t);
    const client = await t.signedInUser();
    const start = wallTime(3, '09:30');
    const res = await book(t, client.cookie, { serviceId: pro.serviceIds[0], start });
    expect(res.status, await res.clone().text()).toBe(201);
    const { booking: held, payment } = (await res.json()) as Created;
    await t.services.db
      .update(booking)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(booking.id, held.id));
    expect((await sweepBookings(t.services)).expired).toBe(1);
    expect((await bookingOf(t, client.cookie, held.id)).state).toBe('expired');
    const path = new URL(payment!.checkoutUrl).pathname;
    expect((await t.request(path)).status).toBe(410);
    expect((await t.request(path, card('4242424242424242'))).status).toBe(410);
    expect((await t.request(`/api/bookings/${held.id}/pay`, { method: 'POST', cookie: client.cookie })).status).toBe(409);
    const other = await t.signedInUser();
    expect((await book(t, other.cookie, { serviceId: pro.serviceIds[0], start })).status).toBe(201);
    const [row] = await t.services.db.select().from(booking).where(eq(booking.id, held.id));
    expect(row).toMatchObject({ depositStatus: 'none', depositCheckoutUrl: null });
  });
});

describe('deposits through Stripe Connect (loopback Stripe API, official SDK)', () => {
  const SECRET = 'sk_test_51FakeKeyForLoopbackOnly';
  const WHSEC = 'whsec_platform_endpoint';
  const CONNECT_WHSEC = 'whsec_connect_endpoint';
  let t: TestApp;
  let fake: FakeStripe;
  beforeAll(async () => {
    fake = await startFakeStripe({ secretKey: SECRET, webhookSecret: WHSEC, prices: [] });
    t = await createTestApp(
      'pglite',
      { STRIPE_SECRET_KEY: SECRET, STRIPE_WEBHOOK_SECRET: WHSEC, STRIPE_CONNECT_WEBHOOK_SECRET: CONNECT_WHSEC, STRIPE_API_BASE: fake.url },
      { sweeper: false },
    );
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });
  const deliver = async (e: { payload: string; signature: string }) => expect((await postWebhook(t, e.payload, e.signature, 'stripe')).status).toBe(200);

  it('onboards a standard account, charges the deposit directly on it with no application fee, and refunds from it', { timeout: 90_000 }, async () => {
    const pro = await bookablePro(t, [withDeposit()]);
    const { url } = (await (await t.request('/api/partner/deposit-account/connect', { method: 'POST', cookie: pro.cookie })).json()) as { url: string };
    expect(url).toMatch(new RegExp(`^${fake.url}/setup/s/acct_test_`));
    const created = fake.last('/v1/accounts')!;
    expect(created.params).toMatchObject({
      controller: { stripe_dashboard: { type: 'full' }, fees: { payer: 'account' }, losses: { payments: 'stripe' } },
      metadata: { tress_partner_id: pro.id },
    });
    expect(created.params.type).toBeUndefined();
    const accountId = [...fake.accounts.keys()][0];
    expect(fake.last('/v1/account_links')!.params).toMatchObject({
      account: accountId,
      type: 'account_onboarding',
      return_url: 'http://localhost:3999/partner/services?deposits=connected',
    });
    expect(await (await t.request('/api/partner/deposit-account', { cookie: pro.cookie })).json()).toEqual({ provider: 'stripe', status: 'incomplete' });
    // a forged account.updated (wrong secret) changes nothing; Stripe's signed one makes the account ready
    const forged = fake.onboard(accountId, 'whsec_wrong');
    expect((await postWebhook(t, forged.payload, forged.signature, 'stripe')).status).toBe(400);
    await deliver(fake.onboard(accountId, CONNECT_WHSEC));
    expect(await (await t.request('/api/partner/deposit-account', { cookie: pro.cookie })).json()).toEqual({ provider: 'stripe', status: 'ready' });

    const client = await t.signedInUser();
    const { booking: held, payment } = (await (await book(t, client.cookie, { serviceId: pro.serviceIds[0], start: wallTime(3, '10:00') })).json()) as Created;
    expect(held.state).toBe('held');
    const sent = fake.last('/v1/checkout/sessions')!;
    expect(sent.headers['stripe-account']).toBe(accountId);
    expect(sent.params).toMatchObject({
      mode: 'payment',
      line_items: [{ quantity: '1', price_data: { currency: 'usd', unit_amount: '3000' } }],
      metadata: { tress_booking_id: held.id, tress_kind: 'deposit' },
    });
    expect(JSON.stringify(sent.params)).not.toMatch(/application_fee|transfer_data|on_behalf_of/);
    const session = fake.sessionFor(held.id)!;
    expect(payment!.checkoutUrl).toBe(session.url);

    const events = fake.complete(session.id, { secret: CONNECT_WHSEC });
    for (const e of events) await deliver(e);
    expect(await bookingOf(t, client.cookie, held.id)).toMatchObject({ state: 'confirmed', deposit: { status: 'paid' } });
    // Stripe delivers again: recorded once
    for (const e of events) expect(await (await postWebhook(t, e.payload, e.signature, 'stripe')).json()).toEqual({ received: true, duplicate: true });

    await t.request(`/api/bookings/${held.id}/cancel`, { method: 'POST', cookie: client.cookie });
    await sweepBookings(t.services);
    await sweepBookings(t.services);
    expect(fake.refunds).toHaveLength(1);
    expect(fake.refunds[0]).toMatchObject({ amount: 3000, account: accountId, payment_intent: session.payment_intent });
    expect(fake.last('/v1/refunds')!.headers['idempotency-key']).toBe(`deposit-refund-${held.id}`);

    // a payment that lands after the client cancelled the hold is given back in full
    const { booking: second } = (await (await book(t, client.cookie, { serviceId: pro.serviceIds[0], start: wallTime(4, '10:00') })).json()) as Created;
    await t.request(`/api/bookings/${second.id}/cancel`, { method: 'POST', cookie: client.cookie });
    for (const e of fake.complete(fake.sessionFor(second.id)!.id, { secret: CONNECT_WHSEC })) await deliver(e);
    expect((await bookingOf(t, client.cookie, second.id)).deposit).toMatchObject({ status: 'refunding', refundCents: 3000 });
    await sweepBookings(t.services);
    expect(fake.refunds).toHaveLength(2);

    // a hold released unpaid closes its Stripe checkout
    const { booking: third } = (await (await book(t, client.cookie, { serviceId: pro.serviceIds[0], start: wallTime(5, '10:00') })).json()) as Created;
    await t.services.db
      .update(booking)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(booking.id, third.id));
    await sweepBookings(t.services);
    expect(fake.sessionFor(third.id)!.status).toBe('expired');
  });
});
