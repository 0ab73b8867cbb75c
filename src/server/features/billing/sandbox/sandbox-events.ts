import Stripe from 'stripe';
import { CURRENCY } from '@shared/billing/catalogue';
import { itemAmount, type CatalogueItem } from '../provider';
import { derivedId, sandboxId } from './sandbox-provider';

/** A Stripe event envelope (API version of the SDK), as the sandbox's webhooks carry it. */
export function stripeEvent(type: string, object: Record<string, unknown>, created: number, previous?: Record<string, unknown>, id = sandboxId('evt')) {
  return {
    id,
    object: 'event',
    api_version: Stripe.API_VERSION,
    created,
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
    data: previous ? { object, previous_attributes: previous } : { object },
  };
}

export interface PaidCheckout {
  sessionId: string;
  userId: string;
  email: string;
  priceId: string;
  item: CatalogueItem;
  customerId: string;
  successUrl: string;
  cancelUrl: string;
  card: { brand: string; last4: string; expMonth: number; expYear: number; name: string };
  now: number;
}

const addInterval = (from: number, interval: 'month' | 'year') => {
  const d = new Date(from * 1000);
  if (interval === 'month') d.setUTCMonth(d.getUTCMonth() + 1);
  else d.setUTCFullYear(d.getUTCFullYear() + 1);
  return Math.floor(d.getTime() / 1000);
};

export function subscriptionObject(s: {
  id: string;
  customerId: string;
  userId: string;
  priceId: string;
  item: Extract<CatalogueItem, { kind: 'plan' }>;
  status: string;
  start: number;
  periodEnd: number;
  cancelAtPeriodEnd: boolean;
  canceledAt?: number | null;
}) {
  const { plan } = s.item;
  return {
    id: s.id,
    object: 'subscription',
    customer: s.customerId,
    status: s.status,
    cancel_at_period_end: s.cancelAtPeriodEnd,
    cancel_at: s.cancelAtPeriodEnd ? s.periodEnd : null,
    canceled_at: s.canceledAt ?? null,
    ended_at: s.status === 'canceled' ? (s.canceledAt ?? null) : null,
    collection_method: 'charge_automatically',
    currency: CURRENCY,
    livemode: false,
    start_date: s.start,
    created: s.start,
    metadata: { tress_user_id: s.userId, tress_plan: plan.id, tress_price_id: s.priceId },
    items: {
      object: 'list',
      has_more: false,
      data: [
        {
          id: `si_${s.id.slice(4)}`,
          object: 'subscription_item',
          quantity: 1,
          current_period_start: s.start,
          current_period_end: s.periodEnd,
          price: {
            id: s.priceId,
            object: 'price',
            currency: CURRENCY,
            unit_amount: plan.amount,
            type: 'recurring',
            recurring: { interval: plan.interval, interval_count: 1 },
          },
        },
      ],
    },
  };
}

/**
 * The events Stripe sends for a paid checkout, in Stripe's usual order. Cards appear only as brand
 * and last four. Ids derive from the session, so a double-submitted payment yields the same events
 * (processed once) and never a second subscription.
 */
export function paidCheckoutEvents(p: PaidCheckout) {
  const amount = itemAmount(p.item);
  const metadata = { tress_user_id: p.userId, tress_price_id: p.priceId, tress_kind: p.item.kind };
  const ev = (type: string, object: Record<string, unknown>) => stripeEvent(type, object, p.now, undefined, derivedId('evt', p.sessionId, type));
  const paymentIntent = derivedId('pi', p.sessionId);
  const charge = {
    id: derivedId('ch', p.sessionId),
    object: 'charge',
    amount,
    amount_captured: amount,
    currency: CURRENCY,
    customer: p.customerId,
    paid: true,
    captured: true,
    status: 'succeeded',
    payment_intent: paymentIntent,
    billing_details: { email: p.email, name: p.card.name },
    payment_method_details: {
      type: 'card',
      card: { brand: p.card.brand, last4: p.card.last4, exp_month: p.card.expMonth, exp_year: p.card.expYear, funding: 'credit', country: 'US' },
    },
    metadata,
    livemode: false,
    created: p.now,
  };
  const events = [ev('charge.succeeded', charge)];
  let subscription: string | null = null;
  if (p.item.kind === 'plan') {
    subscription = derivedId('sub', p.sessionId);
    const sub = subscriptionObject({
      id: subscription,
      customerId: p.customerId,
      userId: p.userId,
      priceId: p.priceId,
      item: p.item,
      status: 'active',
      start: p.now,
      periodEnd: addInterval(p.now, p.item.plan.interval),
      cancelAtPeriodEnd: false,
    });
    events.push(ev('customer.subscription.created', sub));
  }
  const session = {
    id: p.sessionId,
    object: 'checkout.session',
    mode: p.item.kind === 'pack' ? 'payment' : 'subscription',
    status: 'complete',
    payment_status: 'paid',
    amount_subtotal: amount,
    amount_total: amount,
    currency: CURRENCY,
    client_reference_id: p.userId,
    customer: p.customerId,
    customer_details: { email: p.email, name: p.card.name },
    payment_intent: p.item.kind === 'pack' ? paymentIntent : null,
    subscription,
    metadata,
    success_url: p.successUrl,
    cancel_url: p.cancelUrl,
    livemode: false,
    created: p.now,
    url: null,
  };
  events.push(ev('checkout.session.completed', session));
  if (p.item.kind === 'plan') {
    const invoice = {
      id: derivedId('in', p.sessionId),
      object: 'invoice',
      billing_reason: 'subscription_create',
      customer: p.customerId,
      customer_email: p.email,
      amount_due: amount,
      amount_paid: amount,
      currency: CURRENCY,
      status: 'paid',
      parent: { type: 'subscription_details', subscription_details: { subscription, metadata: null } },
      livemode: false,
      created: p.now,
    };
    events.push(ev('invoice.paid', invoice));
  }
  return events;
}
