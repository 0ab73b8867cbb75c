import { eq } from 'drizzle-orm';
import { partner, user } from '../../db/schema';
import { DEMO_PRO } from '../../seed/demo-accounts';
import type { Services } from '../../services';
import { findItemByCatalogueId } from './provider';
import { receiveWebhook } from './receive-webhook';
import { stripeEvent, subscriptionObject } from './sandbox/sandbox-events';
import { sandboxId, type SandboxProvider } from './sandbox/sandbox-provider';

/**
 * Gives the demo professional a sandbox subscription (so Manage billing and the test portal work
 * on a fresh start). It goes through the webhook handler like any sandbox purchase. Idempotent:
 * a partner with a customer id is left alone; does nothing with Stripe configured.
 */
export async function seedDemoBilling(s: Services) {
  if (s.payments.name !== 'sandbox') return;
  const provider = s.payments as SandboxProvider;
  const [row] = await s.db
    .select({ userId: partner.userId, customerId: partner.customerId, plan: partner.plan, status: partner.subscriptionStatus, end: partner.currentPeriodEnd })
    .from(partner)
    .innerJoin(user, eq(user.id, partner.userId))
    .where(eq(user.email, DEMO_PRO.email));
  if (!row || row.customerId || row.status !== 'active') return;
  const found = findItemByCatalogueId(provider, 'plan', row.plan ?? 'monthly');
  if (!found || found.item.kind !== 'plan') return;
  const now = Math.floor(Date.now() / 1000);
  const periodEnd = Math.floor((row.end?.getTime() ?? Date.now() + 30 * 86_400_000) / 1000);
  const sub = subscriptionObject({
    id: sandboxId('sub'),
    customerId: sandboxId('cus'),
    userId: row.userId,
    priceId: found.priceId,
    item: found.item,
    status: 'active',
    start: now,
    periodEnd,
    cancelAtPeriodEnd: false,
  });
  const payload = JSON.stringify(stripeEvent('customer.subscription.created', sub, now));
  await receiveWebhook(s, 'sandbox', payload, provider.sign(payload));
}
