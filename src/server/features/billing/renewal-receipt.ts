import { eq } from 'drizzle-orm';
import type Stripe from 'stripe';
import { planById } from '@shared/billing/catalogue';
import type { Tx } from '../../db/client';
import { billingSubscription, user } from '../../db/schema';
import type { Mail } from '../../mail/mailer';
import type { Services } from '../../services';
import { receiptMail } from './receipts';

const idOf = (v: string | { id: string } | null | undefined) => (typeof v === 'string' ? v : (v?.id ?? null));

/** invoice.paid for a renewal (billing_reason subscription_cycle): a receipt, like the first purchase had. */
export async function renewalReceipt(tx: Tx, deps: Pick<Services, 'env'>, invoice: Stripe.Invoice): Promise<Mail[]> {
  if (invoice.billing_reason !== 'subscription_cycle') return [];
  const legacy = (invoice as unknown as { subscription?: string | { id: string } | null }).subscription;
  const subscriptionId = idOf(invoice.parent?.subscription_details?.subscription) ?? idOf(legacy);
  if (!subscriptionId) return [];
  const [row] = await tx
    .select({ plan: billingSubscription.plan, email: user.email })
    .from(billingSubscription)
    .innerJoin(user, eq(user.id, billingSubscription.userId))
    .where(eq(billingSubscription.id, subscriptionId));
  const plan = row?.plan ? planById(row.plan) : undefined;
  if (!row || !plan) return [];
  return [
    receiptMail({
      to: row.email,
      publicUrl: deps.env.publicUrl,
      item: { kind: 'plan', plan },
      sessionId: invoice.id ?? subscriptionId,
      paidAt: new Date((invoice.created ?? Date.now() / 1000) * 1000),
      renewal: true,
    }),
  ];
}
