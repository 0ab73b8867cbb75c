import { eq } from 'drizzle-orm';
import { bookingPaths } from '@shared/booking/paths';
import { booking, bookingSettings, partner, user } from '../../../db/schema';
import { escapeHtml } from '../../../lib/escape-html';
import type { Services } from '../../../services';
import { receiveWebhook } from '../receive-webhook';
import { cardExpiry, cardFormSection, type CardFormState } from './sandbox-checkout';
import { stripeEvent } from './sandbox-events';
import { sandboxPage } from './sandbox-html';
import { derivedId, type SandboxProvider } from './sandbox-provider';
import { chargeTestCard, validateCard, type CardForm } from './test-cards';

/**
 * The sandbox's payment page for a booking deposit (decision 171), standing in for Stripe Checkout on the
 * professional's own account: it takes the amount from the booking the server wrote, and a paid card sends
 * the signed events Stripe sends for a direct charge (with the connected account on the envelope) through
 * the same webhook handler.
 */
export async function loadDeposit(services: Services, sessionId: string) {
  const [row] = await services.db
    .select({ b: booking, businessName: partner.businessName, email: user.email, timeZone: bookingSettings.timeZone })
    .from(booking)
    .innerJoin(partner, eq(partner.userId, booking.partnerId))
    .leftJoin(bookingSettings, eq(bookingSettings.partnerId, booking.partnerId))
    .innerJoin(user, eq(user.id, booking.clientId))
    .where(eq(booking.depositRef, sessionId));
  if (!row || !row.b.depositAccountId) return undefined;
  const b = row.b;
  const open = b.state === 'held' && b.depositStatus === 'due' && (!b.expiresAt || b.expiresAt.getTime() > Date.now());
  const { publicUrl } = services.env;
  return {
    booking: b,
    sessionId,
    businessName: row.businessName,
    email: row.email,
    timeZone: row.timeZone ?? 'UTC',
    open,
    paid: !!b.depositPaymentId,
    successUrl: `${publicUrl}${bookingPaths.depositReturn(b.id, 'paid')}`,
    cancelUrl: `${publicUrl}${bookingPaths.depositReturn(b.id, 'cancelled')}`,
  };
}
type Deposit = NonNullable<Awaited<ReturnType<typeof loadDeposit>>>;

const amountOf = (d: Deposit) => new Intl.NumberFormat('en-GB', { style: 'currency', currency: d.booking.currency }).format(d.booking.depositCents / 100);

export function depositPage(d: Deposit, state: CardFormState = {}) {
  const pay = amountOf(d);
  const b = d.booking;
  const when = `${new Intl.DateTimeFormat('en-GB', { dateStyle: 'full', timeStyle: 'short', timeZone: d.timeZone }).format(b.startsAt)} (${d.timeZone.replace(/_/g, ' ')})`;
  const summary = `<section aria-label="Order summary"><a class="brand" href="/"><b>Tress</b><span class="pill">Test mode</span></a>
<h1>Deposit for ${escapeHtml(b.serviceName)}</h1><p class="price">${pay}</p>
<div class="card" style="padding:20px 24px"><div class="line"><span>${escapeHtml(d.businessName)}</span><span></span></div>
<div class="line"><span>${escapeHtml(when)}</span><span></span></div>
<div class="line total"><span>Total due today</span><span>${pay}</span></div></div>
<p class="muted small">Paid to ${escapeHtml(d.businessName)}’s own account and taken off the price on the day. Tress takes no commission.</p></section>`;
  const form = cardFormSection({ action: `/sandbox/deposit/${encodeURIComponent(d.sessionId)}`, email: d.email, pay, cancelUrl: d.cancelUrl, state });
  return sandboxPage({ title: `Pay ${pay} · Tress test checkout`, body: `<main class="wrap">${summary}${form}</main>` });
}

/** A test card pays the deposit: the webhook handler, not this page, confirms the booking. */
export async function payDeposit(services: Services, provider: SandboxProvider, d: Deposit, form: CardForm) {
  const errors = validateCard(form);
  if (Object.keys(errors).length) return { kind: 'invalid' as const, errors };
  const outcome = chargeTestCard(form.number);
  if (!outcome.ok) return { kind: 'declined' as const, message: outcome.message ?? 'Your card was declined.' };
  const b = d.booking;
  const now = Math.floor(Date.now() / 1000);
  const paymentIntent = derivedId('pi', d.sessionId);
  const metadata = { tress_booking_id: b.id, tress_kind: 'deposit' };
  const currency = b.currency.toLowerCase();
  // ids derive from the session, so a double-submitted form sends the same events, processed once
  const ev = (type: string, object: Record<string, unknown>) => ({
    ...stripeEvent(type, object, now, undefined, derivedId('evt', d.sessionId, type)),
    account: b.depositAccountId,
  });
  const card = { brand: outcome.brand, last4: outcome.last4, ...cardExpiry(form.expiry) };
  const events = [
    ev('charge.succeeded', {
      id: derivedId('ch', d.sessionId),
      object: 'charge',
      amount: b.depositCents,
      currency,
      paid: true,
      status: 'succeeded',
      payment_intent: paymentIntent,
      application_fee_amount: null,
      payment_method_details: { type: 'card', card: { brand: card.brand, last4: card.last4, exp_month: card.expMonth, exp_year: card.expYear } },
      metadata,
      livemode: false,
      created: now,
    }),
    ev('checkout.session.completed', {
      id: d.sessionId,
      object: 'checkout.session',
      mode: 'payment',
      status: 'complete',
      payment_status: 'paid',
      amount_subtotal: b.depositCents,
      amount_total: b.depositCents,
      currency,
      client_reference_id: b.id,
      customer_details: { email: d.email, name: form.name.trim() },
      payment_intent: paymentIntent,
      metadata,
      success_url: d.successUrl,
      cancel_url: d.cancelUrl,
      livemode: false,
      created: now,
      url: null,
    }),
  ];
  for (const event of events) {
    const payload = JSON.stringify(event);
    await receiveWebhook(services, 'sandbox', payload, provider.sign(payload));
  }
  return { kind: 'paid' as const, redirect: d.successUrl };
}
