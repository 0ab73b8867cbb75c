import { and, eq, inArray } from 'drizzle-orm';
import { accountExport, billingSubscription, creation, generation, partner, partnerImage, review, verification } from '../../db/schema';
import { AppError } from '../../http/app-error';
import type { Services } from '../../services';
import { portalAction } from '../billing/sandbox/sandbox-portal';
import { closeBookingsOfDeletedAccount } from '../booking/account-deletion';
import type { SandboxProvider } from '../billing/sandbox/sandbox-provider';

/** How a deleted reviewer's reviews are signed from then on (decision 154). */
export const FORMER_CUSTOMER = 'Former customer';

const CANCEL_FAILED = 'We couldn’t cancel your listing plan, so your account is still here. Please try again in a minute.';

/**
 * Everything an account's deletion does before better-auth removes the user row (decision 154):
 * 1. an active listing plan is cancelled at the provider, so nobody is billed for an account that is gone
 *    (a failure stops the deletion: the person can try again, nothing is half-done);
 * 2. upcoming bookings are cancelled, their professional or clients told and deposits refunded (decision 166);
 * 3. reviews are signed "Former customer" (the foreign key then clears the reviewer; ratings stay);
 * 4. the rows that name stored files are deleted, then the files, so a share link, a creation image and a
 *    listing picture answer 404 at once; what is left goes with the user row by the database's cascades
 *    (sessions, inquiries, photos' generations, the partner listing) or is kept without the user (the ledger).
 */
export async function prepareAccountDeletion(services: Services, userId: string): Promise<void> {
  await cancelListingPlan(services, userId);
  await closeBookingsOfDeletedAccount(services, userId);
  const { db, logger, bus } = services;
  const keys = await db.transaction(async (tx) => {
    const reviewed = await tx
      .update(review)
      .set({ reviewerName: FORMER_CUSTOMER })
      .where(eq(review.reviewerId, userId))
      .returning({ partnerId: review.partnerId });
    const creations = await tx
      .delete(creation)
      .where(eq(creation.userId, userId))
      .returning({ input: creation.inputKey, output: creation.outputKey, meta: creation.meta });
    const generations = await tx
      .delete(generation)
      .where(eq(generation.userId, userId))
      .returning({ input: generation.inputKey, output: generation.outputKey });
    const images = await tx.delete(partnerImage).where(eq(partnerImage.partnerId, userId)).returning({ key: partnerImage.storageKey });
    const [listing] = await tx.select({ profileImageKey: partner.profileImageKey }).from(partner).where(eq(partner.userId, userId));
    const exports = await tx.delete(accountExport).where(eq(accountExport.userId, userId)).returning({ key: accountExport.storageKey });
    // password-reset and delete-account tokens name the user by id; email tokens are signed, not stored
    await tx.delete(verification).where(eq(verification.value, userId));
    for (const { partnerId } of reviewed) await bus.publish(tx, `partner:${partnerId}`, { type: 'reviews', partnerId });
    return [
      ...creations.flatMap((c) => [c.input, c.output, typeof c.meta.thumbKey === 'string' ? c.meta.thumbKey : null]),
      ...generations.flatMap((g) => [g.input, g.output]),
      ...images.map((i) => i.key),
      listing?.profileImageKey ?? null,
      ...exports.map((e) => e.key),
    ].filter((k): k is string => !!k);
  });
  const unique = [...new Set(keys)];
  const failed = (await Promise.allSettled(unique.map((k) => services.storage.delete(k)))).filter((r) => r.status === 'rejected');
  // the rows are gone, so nothing serves these files any more; the log names how many to collect by hand
  if (failed.length)
    logger.error({ userId, failed: failed.length, err: (failed[0] as PromiseRejectedResult).reason }, 'account deletion left stored files behind');
}

/** Cancels a live listing plan at its provider: Stripe's API, or the sandbox's signed "subscription deleted" event. */
async function cancelListingPlan(services: Services, userId: string): Promise<void> {
  const live = await services.db
    .select({ id: billingSubscription.id, provider: billingSubscription.provider })
    .from(billingSubscription)
    .where(and(eq(billingSubscription.userId, userId), inArray(billingSubscription.status, LIVE)));
  const { payments, logger } = services;
  for (const sub of live) {
    try {
      if (sub.provider === 'sandbox' && payments.name === 'sandbox') await portalAction(services, payments as SandboxProvider, userId, 'end-period');
      else if (sub.provider === 'stripe' && payments.cancelSubscription) await payments.cancelSubscription(sub.id);
      else throw new Error(`no ${sub.provider} provider configured to cancel ${sub.id}`);
    } catch (err) {
      logger.error({ err, userId, subscriptionId: sub.id }, 'could not cancel the subscription of an account being deleted');
      throw new AppError('unavailable', CANCEL_FAILED);
    }
  }
}

/** Subscription states that can still bill or renew. */
const LIVE = ['active', 'trialing', 'past_due', 'incomplete', 'unpaid', 'paused'];
