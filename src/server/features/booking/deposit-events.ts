import { eq } from 'drizzle-orm';
import type Stripe from 'stripe';
import type { Tx } from '../../db/client';
import { booking, bookingSettings } from '../../db/schema';
import type { Logger } from '../../lib/logger';
import { transition } from './state-machine';

/**
 * The provider's word on deposits (decision 171), applied inside the webhook's transaction, which runs each
 * event id once. The booking's state moves only here: a page returning from checkout proves nothing.
 */

const idOf = (v: string | { id: string } | null | undefined) => (typeof v === 'string' ? v : (v?.id ?? null));

/** A checkout session we made for a booking deposit (the card packs and plans have their own). */
export const isDepositSession = (session: Pick<Stripe.Checkout.Session, 'metadata'>) =>
  session.metadata?.tress_kind === 'deposit' && !!session.metadata.tress_booking_id;

/**
 * A deposit was paid on the professional's account: a held booking becomes confirmed, or a request waiting for
 * the professional. One paid after its hold was released (and the time perhaps given to someone else) is
 * refunded in full by the sweep. Anything that does not match the booking (another account, another amount)
 * is logged and left alone for a person to look at.
 */
export async function applyDepositPaid(tx: Tx, logger: Logger, session: Stripe.Checkout.Session, account: string | undefined): Promise<void> {
  if (session.payment_status === 'unpaid') return; // a delayed method: async_payment_succeeded follows
  const bookingId = session.metadata!.tress_booking_id;
  const [row] = await tx.select().from(booking).where(eq(booking.id, bookingId)).for('update');
  const paymentId = idOf(session.payment_intent);
  const matches =
    row &&
    paymentId &&
    account === row.depositAccountId &&
    session.amount_total === row.depositCents &&
    session.currency?.toUpperCase() === row.currency.toUpperCase();
  if (!matches) {
    logger.error({ sessionId: session.id, bookingId, account }, 'deposit payment does not match its booking: ignored');
    return;
  }
  if (row.depositPaymentId) {
    // recorded already (completed, then async_payment_succeeded); a second payment is for a person to look at
    if (row.depositPaymentId !== paymentId) logger.error({ sessionId: session.id, bookingId }, 'a second deposit payment for one booking');
    return;
  }
  if (row.state === 'held') {
    await tx.update(booking).set({ depositStatus: 'paid', depositPaymentId: paymentId, depositCheckoutUrl: null }).where(eq(booking.id, row.id));
    await transition(tx, row, row.confirmation === 'request' ? 'pending' : 'confirmed', { actor: 'system', actorId: null });
    return;
  }
  await tx
    .update(booking)
    .set({ depositStatus: 'refunding', depositPaymentId: paymentId, depositRefundCents: row.depositCents, depositCheckoutUrl: null })
    .where(eq(booking.id, row.id));
}

/** The professional's account can take charges (or no longer can): deposits are asked online only while it can. */
export async function applyAccountUpdated(tx: Tx, account: Stripe.Account): Promise<void> {
  await tx
    .update(bookingSettings)
    .set({ depositAccountReady: account.charges_enabled === true, updatedAt: new Date() })
    .where(eq(bookingSettings.depositAccountId, account.id));
}
