import type Stripe from 'stripe';
import { z } from 'zod';
import { findUnsafeText } from '@shared/safe-text';
import { AppError } from '../../http/app-error';

const id = z.string().min(1).max(255);
const ref = z.union([id, z.object({ id }).passthrough()]).nullish();
const metadata = z.record(z.string(), z.string()).nullish();

/** The fields of each handled object that the handlers read, with the types they assume. */
const SESSION = z
  .object({
    id,
    metadata,
    client_reference_id: z.string().nullish(),
    mode: z.string().nullish(),
    payment_status: z.string().nullish(),
    amount_total: z.number().int().nullish(),
    currency: z.string().nullish(),
    payment_intent: ref,
    subscription: ref,
    customer: ref,
  })
  .passthrough();
const SUBSCRIPTION = z
  .object({
    id,
    status: z.string(),
    customer: ref,
    metadata,
    cancel_at_period_end: z.boolean().nullish(),
    cancel_at: z.number().nullish(),
    items: z
      .object({ data: z.array(z.object({ current_period_end: z.number().nullish(), price: z.object({ id }).passthrough().nullish() }).passthrough()) })
      .passthrough()
      .nullish(),
  })
  .passthrough();
const INVOICE = z
  .object({
    id: id.nullish(),
    billing_reason: z.string().nullish(),
    created: z.number().nullish(),
    subscription: ref,
    parent: z
      .object({ subscription_details: z.object({ subscription: ref }).passthrough().nullish() })
      .passthrough()
      .nullish(),
  })
  .passthrough();

/** A professional's connected account (deposits, decision 171). */
const ACCOUNT = z.object({ id, charges_enabled: z.boolean().nullish(), details_submitted: z.boolean().nullish() }).passthrough();

const OBJECT_BY_TYPE: Record<string, z.ZodType> = {
  'checkout.session.completed': SESSION,
  'checkout.session.async_payment_succeeded': SESSION,
  'checkout.session.expired': SESSION,
  'customer.subscription.created': SUBSCRIPTION,
  'customer.subscription.updated': SUBSCRIPTION,
  'customer.subscription.deleted': SUBSCRIPTION,
  'customer.subscription.paused': SUBSCRIPTION,
  'customer.subscription.resumed': SUBSCRIPTION,
  'invoice.paid': INVOICE,
  'account.updated': ACCOUNT,
};

/** `account`: the connected account an event happened on (Connect events only). */
const ENVELOPE = z
  .object({ id, type: z.string().min(1).max(255), created: z.number(), account: id.nullish(), data: z.object({ object: z.object({}).passthrough() }) })
  .passthrough();

/**
 * A signed event is trusted to come from the provider, not to have the shape its type promises (a
 * provider's API change, a replayed test payload): anything a handler would trip over is a 400 that
 * the provider shows in its dashboard, before the event is recorded, rather than a 500 it retries for days.
 */
export function checkWebhookEvent(event: Stripe.Event): Stripe.Event {
  const envelope = ENVELOPE.safeParse(event);
  const schema = OBJECT_BY_TYPE[event?.type];
  const object = envelope.success && schema ? schema.safeParse(envelope.data.data.object) : envelope;
  if (!envelope.success || !object.success || findUnsafeText(event)) throw new AppError('invalid-argument', 'Malformed webhook event.');
  return event;
}
