import { and, eq } from 'drizzle-orm';
import { packById, planById } from '@shared/billing/catalogue';
import type { SubscriptionSummary } from '@shared/billing/schemas';
import type { Db } from '../../db/client';
import { checkout, partner } from '../../db/schema';
import { AppError } from '../../http/app-error';
import type { Services } from '../../services';

/** What /partners/subscribe shows: the caller's partner subscription, if any. */
export async function subscriptionSummary(db: Db, userId: string): Promise<SubscriptionSummary> {
  const [p] = await db.select().from(partner).where(eq(partner.userId, userId));
  if (!p) return { isPartner: false, status: 'none', plan: null, currentPeriodEnd: null, cancelAtPeriodEnd: false, canManage: false };
  return {
    isPartner: true,
    status: p.subscriptionStatus,
    plan: p.plan,
    currentPeriodEnd: p.currentPeriodEnd?.toISOString() ?? null,
    cancelAtPeriodEnd: p.cancelAtPeriodEnd,
    canManage: !!p.customerId,
  };
}

/** POST /api/billing/portal: the provider's billing portal for the caller's customer account. */
export async function createPortalSession(services: Pick<Services, 'db' | 'payments' | 'env' | 'logger'>, userId: string, returnPath: string) {
  const [p] = await services.db.select({ customerId: partner.customerId }).from(partner).where(eq(partner.userId, userId));
  if (!p?.customerId) throw new AppError('not-found', 'There is no billing account yet. Choose a plan first.');
  try {
    return await services.payments.createPortalSession({ customerId: p.customerId, returnUrl: `${services.env.publicUrl}${returnPath}` });
  } catch (err) {
    services.logger.error({ err }, 'billing portal session failed');
    throw new AppError('unavailable', 'The billing portal is not available right now. Please try again.');
  }
}

/** GET /api/billing/checkouts/:id: the result page asks whether its session was paid yet (owner only). */
export async function checkoutStatus(db: Db, userId: string, sessionId: string) {
  const [row] = await db
    .select()
    .from(checkout)
    .where(and(eq(checkout.id, sessionId), eq(checkout.userId, userId)));
  if (!row) throw new AppError('not-found', 'Checkout session not found.');
  const pack = row.kind === 'pack' && row.itemId ? packById(row.itemId) : undefined;
  const plan = row.kind === 'plan' && row.itemId ? planById(row.itemId) : undefined;
  return { status: row.status, kind: row.kind, name: pack?.name ?? plan?.name ?? null, credits: pack?.credits ?? null };
}
