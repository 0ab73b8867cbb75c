import { and, eq } from 'drizzle-orm';
import type Stripe from 'stripe';
import { checkout, paymentEvent } from '../../db/schema';
import { AppError } from '../../http/app-error';
import { jsonTooDeep, TOO_DEEP } from '../../http/parse';
import type { Mail } from '../../mail/mailer';
import type { Services } from '../../services';
import { applyAccountUpdated, applyDepositPaid, isDepositSession } from '../booking/deposit-events';
import { applyCheckoutCompleted } from './apply-checkout-completed';
import { applySubscriptionEvent } from './apply-subscription-event';
import type { ProviderName } from './provider';
import { renewalReceipt } from './renewal-receipt';
import { checkWebhookEvent } from './webhook-event';

type Deps = Pick<Services, 'db' | 'bus' | 'payments' | 'env' | 'logger' | 'mailer'>;

const BAD_SIGNATURE = 'Webhook signature verification failed.';

/**
 * POST /api/webhooks/{provider}: verify the signature over the raw body before anything else, then
 * process each event id once (payment_event primary key) in one transaction. Receipts go out after commit.
 */
export async function receiveWebhook(deps: Deps, provider: ProviderName, rawBody: string, signature: string | undefined) {
  if (deps.payments.name !== provider) throw new AppError('not-found', 'No such endpoint.');
  if (jsonTooDeep(rawBody)) throw new AppError('invalid-argument', TOO_DEEP);
  let signed: Stripe.Event;
  try {
    signed = deps.payments.constructEvent(rawBody, signature);
  } catch {
    throw new AppError('invalid-argument', BAD_SIGNATURE);
  }
  const event = checkWebhookEvent(signed);
  const outcome = await deps.db.transaction(async (tx) => {
    const fresh = await tx.insert(paymentEvent).values({ id: event.id, provider, type: event.type }).onConflictDoNothing().returning({ id: paymentEvent.id });
    if (fresh.length === 0) return { duplicate: true, mails: [] as Mail[] };
    return { duplicate: false, mails: await applyEvent(tx, deps, event) };
  });
  for (const mail of outcome.mails) {
    await deps.mailer.send(mail).catch((err) => deps.logger.error({ err, eventId: event.id }, 'receipt mail failed'));
  }
  return { received: true, duplicate: outcome.duplicate };
}

async function applyEvent(tx: Parameters<Parameters<Deps['db']['transaction']>[0]>[0], deps: Deps, event: Stripe.Event): Promise<Mail[]> {
  switch (event.type) {
    case 'checkout.session.completed':
    case 'checkout.session.async_payment_succeeded':
      if (isDepositSession(event.data.object)) {
        await applyDepositPaid(tx, deps.logger, event.data.object, event.account);
        return [];
      }
      return applyCheckoutCompleted(tx, deps, event.data.object);
    case 'account.updated':
      await applyAccountUpdated(tx, event.data.object);
      return [];
    case 'checkout.session.expired':
      await tx
        .update(checkout)
        .set({ status: 'expired' })
        .where(and(eq(checkout.id, event.data.object.id), eq(checkout.status, 'open')));
      return [];
    case 'customer.subscription.created':
    case 'customer.subscription.updated':
    case 'customer.subscription.deleted':
    case 'customer.subscription.paused':
    case 'customer.subscription.resumed':
      await applySubscriptionEvent(tx, deps, event.data.object, event.created);
      return [];
    case 'invoice.paid':
      return renewalReceipt(tx, deps, event.data.object);
    default:
      // Recorded (so a replay is cheap) and otherwise ignored: charges, other invoices, payment intents.
      return [];
  }
}
