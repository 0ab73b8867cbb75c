import { and, eq, ne } from 'drizzle-orm';
import type Stripe from 'stripe';
import { packById, planById } from '@shared/billing/catalogue';
import type { Tx } from '../../db/client';
import { checkout, user } from '../../db/schema';
import type { Mail } from '../../mail/mailer';
import type { Services } from '../../services';
import { postLedgerEntry } from '../credits/ledger';
import { linkSubscriptionFromCheckout } from './apply-subscription-event';
import type { CatalogueItem } from './provider';
import { receiptMail } from './receipts';

type Deps = Pick<Services, 'bus' | 'payments' | 'env' | 'logger'>;
const idOf = (v: string | { id: string } | null | undefined) => (typeof v === 'string' ? v : (v?.id ?? null));

/** Our own record of the session; a session made by another instance before its row landed is rebuilt from its signed metadata. */
async function checkoutRow(tx: Tx, deps: Deps, session: Stripe.Checkout.Session) {
  const [row] = await tx.select().from(checkout).where(eq(checkout.id, session.id)).for('update');
  if (row) return row;
  const md = session.metadata ?? {};
  const item = md.tress_price_id ? deps.payments.prices.get(md.tress_price_id) : undefined;
  if (!md.tress_user_id || !item) return undefined;
  const [exists] = await tx.select({ id: user.id }).from(user).where(eq(user.id, md.tress_user_id));
  if (!exists) return undefined;
  await tx
    .insert(checkout)
    .values({
      id: session.id,
      provider: deps.payments.name,
      userId: md.tress_user_id,
      kind: item.kind,
      priceId: md.tress_price_id,
      itemId: item.kind === 'pack' ? item.pack.id : item.plan.id,
    })
    .onConflictDoNothing();
  const [made] = await tx.select().from(checkout).where(eq(checkout.id, session.id)).for('update');
  return made;
}

function catalogueItem(deps: Deps, row: typeof checkout.$inferSelect): CatalogueItem | undefined {
  if (row.kind === 'pack') {
    const pack = row.itemId ? packById(row.itemId) : undefined;
    if (pack) return { kind: 'pack', pack };
  } else {
    const plan = row.itemId ? planById(row.itemId) : undefined;
    if (plan) return { kind: 'plan', plan };
  }
  return deps.payments.prices.get(row.priceId);
}

/**
 * checkout.session.completed / async_payment_succeeded: a paid pack adds its credits once (ledger
 * reference = session id); a paid plan links the subscription to the partner. Returns the mail to send.
 */
export async function applyCheckoutCompleted(tx: Tx, deps: Deps, session: Stripe.Checkout.Session): Promise<Mail[]> {
  const row = await checkoutRow(tx, deps, session);
  if (!row) {
    deps.logger.warn({ sessionId: session.id }, 'completed checkout session we did not create: ignored');
    return [];
  }
  if (session.client_reference_id && session.client_reference_id !== row.userId) {
    deps.logger.error({ sessionId: session.id }, 'checkout session user does not match our record: ignored');
    return [];
  }
  const item = catalogueItem(deps, row);
  if (!item || item.kind !== row.kind || (session.mode === 'subscription') !== (item.kind === 'plan')) {
    deps.logger.error({ sessionId: session.id, priceId: row.priceId }, 'checkout session does not match its catalogue item: ignored');
    return [];
  }
  // A delayed payment method completes the session unpaid; its async_payment_succeeded event comes later.
  if (session.payment_status === 'unpaid') return [];

  let balance: number | undefined;
  if (item.kind === 'pack') {
    const res = await postLedgerEntry(tx, deps.bus, { userId: row.userId, amount: item.pack.credits, type: 'credit', reference: session.id });
    balance = res.credits;
  } else {
    const subscriptionId = idOf(session.subscription);
    if (!subscriptionId) {
      deps.logger.error({ sessionId: session.id }, 'subscription checkout without a subscription id');
      return [];
    }
    await linkSubscriptionFromCheckout(tx, deps, { subscriptionId, userId: row.userId, customerId: idOf(session.customer), plan: item.plan.id });
  }

  const now = new Date();
  const changed = await tx
    .update(checkout)
    .set({ status: 'completed', completedAt: now })
    .where(and(eq(checkout.id, session.id), ne(checkout.status, 'completed')))
    .returning({ id: checkout.id });
  if (changed.length === 0) return [];
  const [buyer] = await tx.select({ email: user.email }).from(user).where(eq(user.id, row.userId));
  if (!buyer) return [];
  return [receiptMail({ to: buyer.email, publicUrl: deps.env.publicUrl, item, sessionId: session.id, paidAt: now, balance })];
}
