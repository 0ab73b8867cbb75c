import { eq } from 'drizzle-orm';
import type { CreateCheckoutSessionInput } from '@shared/billing/schemas';
import { isSubscribed } from '@shared/partners/access';
import { checkout, partner } from '../../db/schema';
import { AppError } from '../../http/app-error';
import type { Services } from '../../services';
import { checkoutUrls } from './checkout-urls';
import { itemId } from './provider';

const NO_PARTNER_MESSAGE = 'Create your professional account first: Join as a Professional, then choose a plan.';
const ALREADY_SUBSCRIBED_MESSAGE = 'Your listing plan is already active. Use Manage billing to change or cancel it.';

/**
 * Spec §7 createCheckoutSession: a known price id in, the provider's checkout url out. The amount,
 * credits and plan come from the catalogue; the session is recorded so the webhook can trust it.
 */
export async function createCheckoutSession(
  services: Pick<Services, 'db' | 'env' | 'payments' | 'logger'>,
  caller: { id: string; email: string },
  input: CreateCheckoutSessionInput,
) {
  const { db, payments, env } = services;
  const item = payments.prices.get(input.priceId);
  if (!item) throw new AppError('invalid-argument', 'This price is not available. Please refresh the page and try again.', { priceId: input.priceId });
  if (input.flow && input.flow !== item.kind) {
    throw new AppError(
      'invalid-argument',
      input.flow === 'pack' ? 'That price is a partner plan, not a credit pack.' : 'That price is a credit pack, not a partner plan.',
      { priceId: input.priceId },
    );
  }

  let customerId: string | null = null;
  if (item.kind === 'plan') {
    const [row] = await db.select({ status: partner.subscriptionStatus, customerId: partner.customerId }).from(partner).where(eq(partner.userId, caller.id));
    if (!row) throw new AppError('permission-denied', NO_PARTNER_MESSAGE, { reason: 'no-partner' });
    if (isSubscribed(row.status)) throw new AppError('aborted', ALREADY_SUBSCRIBED_MESSAGE, { reason: 'already-subscribed' });
    customerId = row.customerId;
  }

  const { successUrl, cancelUrl } = checkoutUrls(env.publicUrl, item);
  let session: { id: string; url: string };
  try {
    session = await payments.createCheckoutSession({
      user: caller,
      priceId: input.priceId,
      item,
      customerId,
      successUrl,
      cancelUrl,
      idempotencyKey: crypto.randomUUID(),
    });
  } catch (err) {
    services.logger.error({ err, provider: payments.name }, 'checkout session creation failed');
    throw new AppError('unavailable', 'The payment provider did not answer. Please try again.');
  }
  await db
    .insert(checkout)
    .values({ id: session.id, provider: payments.name, userId: caller.id, kind: item.kind, priceId: input.priceId, itemId: itemId(item) });
  return { url: session.url };
}
