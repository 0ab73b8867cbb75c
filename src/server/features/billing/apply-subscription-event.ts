import { eq } from 'drizzle-orm';
import type Stripe from 'stripe';
import type { Tx } from '../../db/client';
import { billingSubscription, partner, user } from '../../db/schema';
import type { EventBus } from '../../events/bus';
import type { PaymentProvider } from './provider';
import { syncPartnerBilling } from './sync-partner-billing';

const idOf = (v: string | { id: string } | null | undefined) => (typeof v === 'string' ? v : (v?.id ?? null));

/** The period end: on the items since Stripe's 2025 API versions, on the subscription before. */
function periodEnd(sub: Stripe.Subscription): Date | null {
  const ends = sub.items?.data?.map((i) => i.current_period_end).filter((n): n is number => typeof n === 'number') ?? [];
  const legacy = (sub as unknown as { current_period_end?: number }).current_period_end;
  const end = ends.length ? Math.max(...ends) : legacy;
  return typeof end === 'number' ? new Date(end * 1000) : null;
}

/**
 * customer.subscription.created/updated/deleted/paused/resumed. Events may come in any order:
 * one older than the last applied is skipped, and a canceled subscription never comes back.
 */
export async function applySubscriptionEvent(tx: Tx, deps: { bus: EventBus; payments: PaymentProvider }, sub: Stripe.Subscription, eventCreated: number) {
  const customerId = idOf(sub.customer);
  let userId = sub.metadata?.tress_user_id ?? null;
  if (!userId) {
    const [known] = await tx.select({ userId: billingSubscription.userId }).from(billingSubscription).where(eq(billingSubscription.id, sub.id));
    userId = known?.userId ?? null;
  }
  if (!userId && customerId) {
    const [p] = await tx.select({ userId: partner.userId }).from(partner).where(eq(partner.customerId, customerId));
    userId = p?.userId ?? null;
  }
  if (!userId) return { applied: false, reason: 'not ours' };
  // the account was deleted (its subscription cancelled first): the provider's last events find nobody to update
  const [account] = await tx.select({ id: user.id }).from(user).where(eq(user.id, userId));
  if (!account) return { applied: false, reason: 'account deleted' };

  await tx.insert(billingSubscription).values({ id: sub.id, provider: deps.payments.name, userId, customerId }).onConflictDoNothing();
  const [row] = await tx.select().from(billingSubscription).where(eq(billingSubscription.id, sub.id)).for('update');
  const at = new Date(eventCreated * 1000);
  if (row.status === 'canceled' && sub.status !== 'canceled') return { applied: false, reason: 'already canceled' };
  if (row.lastEventAt && at < row.lastEventAt) return { applied: false, reason: 'stale' };

  const price = sub.items?.data?.[0]?.price;
  const item = price ? deps.payments.prices.get(price.id) : undefined;
  const metaPlan = sub.metadata?.tress_plan;
  const plan = item?.kind === 'plan' ? item.plan.id : metaPlan === 'monthly' || metaPlan === 'yearly' ? metaPlan : row.plan;
  await tx
    .update(billingSubscription)
    .set({
      status: sub.status,
      plan,
      currentPeriodEnd: periodEnd(sub) ?? row.currentPeriodEnd,
      cancelAtPeriodEnd: sub.cancel_at_period_end === true || (sub.cancel_at != null && sub.status !== 'canceled'),
      customerId: customerId ?? row.customerId,
      lastEventAt: at,
      updatedAt: new Date(),
    })
    .where(eq(billingSubscription.id, sub.id));
  await syncPartnerBilling(tx, deps.bus, userId);
  return { applied: true };
}

/** checkout.session.completed in subscription mode: links the subscription to the user before (or after) its own events. */
export async function linkSubscriptionFromCheckout(
  tx: Tx,
  deps: { bus: EventBus; payments: PaymentProvider },
  link: { subscriptionId: string; userId: string; customerId: string | null; plan: 'monthly' | 'yearly' },
) {
  await tx
    .insert(billingSubscription)
    .values({ id: link.subscriptionId, provider: deps.payments.name, userId: link.userId, customerId: link.customerId, plan: link.plan, status: 'active' })
    .onConflictDoNothing();
  const [row] = await tx.select().from(billingSubscription).where(eq(billingSubscription.id, link.subscriptionId)).for('update');
  if (!row.customerId || !row.plan) {
    await tx
      .update(billingSubscription)
      .set({ customerId: row.customerId ?? link.customerId, plan: row.plan ?? link.plan, updatedAt: new Date() })
      .where(eq(billingSubscription.id, link.subscriptionId));
  }
  await syncPartnerBilling(tx, deps.bus, link.userId);
}
