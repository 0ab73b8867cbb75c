import { desc, eq } from 'drizzle-orm';
import { isProfessional, isSubscribed } from '@shared/partners/access';
import type { Tx } from '../../db/client';
import { billingSubscription, partner } from '../../db/schema';
import type { EventBus } from '../../events/bus';

type Sub = typeof billingSubscription.$inferSelect;

/** The subscription that speaks for the partner: a counting one (latest period end) or else the latest changed. */
export function governingSubscription(subs: Sub[]): Sub | undefined {
  const counting = subs.filter((s) => isSubscribed(s.status));
  if (counting.length) return counting.sort((a, b) => (b.currentPeriodEnd?.getTime() ?? 0) - (a.currentPeriodEnd?.getTime() ?? 0))[0];
  return [...subs].sort((a, b) => b.updatedAt.getTime() - a.updatedAt.getTime())[0];
}

/**
 * Projects the user's subscriptions onto the partner's billing columns (the partners domain owns
 * the row; only these columns are ours) and tells the user's browsers when the status changed.
 */
export async function syncPartnerBilling(tx: Tx, bus: EventBus, userId: string): Promise<boolean> {
  const [p] = await tx.select().from(partner).where(eq(partner.userId, userId)).for('update');
  if (!p) return false;
  const subs = await tx.select().from(billingSubscription).where(eq(billingSubscription.userId, userId)).orderBy(desc(billingSubscription.updatedAt));
  const pick = governingSubscription(subs);
  if (!pick) return false;
  const next = {
    subscriptionStatus: pick.status,
    plan: pick.plan ?? p.plan,
    currentPeriodEnd: pick.currentPeriodEnd,
    cancelAtPeriodEnd: pick.cancelAtPeriodEnd,
    customerId: pick.customerId ?? p.customerId,
    subscriptionId: pick.id,
  };
  const same =
    p.subscriptionStatus === next.subscriptionStatus &&
    p.plan === next.plan &&
    p.currentPeriodEnd?.getTime() === next.currentPeriodEnd?.getTime() &&
    p.cancelAtPeriodEnd === next.cancelAtPeriodEnd &&
    p.customerId === next.customerId &&
    p.subscriptionId === next.subscriptionId;
  if (same) return false;
  await tx
    .update(partner)
    .set({ ...next, updatedAt: new Date() })
    .where(eq(partner.userId, userId));
  await bus.publish(tx, `user:${userId}`, {
    type: 'professional',
    active: isProfessional({ subscriptionStatus: next.subscriptionStatus, profileComplete: p.profileComplete }),
    subscribed: isSubscribed(next.subscriptionStatus),
    slug: p.slug,
  });
  return true;
}
