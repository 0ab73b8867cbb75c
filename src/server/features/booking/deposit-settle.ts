import { and, eq, inArray, isNotNull, isNull } from 'drizzle-orm';
import { booking } from '../../db/schema';
import type { Services } from '../../services';

type Deps = Pick<Services, 'db' | 'payments' | 'logger'>;

/** Bookings settled per sweep: a backlog drains over a few sweeps rather than in one long one. */
const BATCH = 50;

/**
 * What the provider still has to be told about deposits (decision 171), derived from the bookings like the
 * outbox's emails (decision 150), so a restart loses nothing:
 * - a refund decided with a cancellation, a decline, an expired request or a payment that came after its
 *   hold was released: sent with an idempotency key of the booking, so a sweep retried (or run on two
 *   instances at once) refunds once; the booking then reads "refunded";
 * - the checkout of a hold that was released unpaid: closed, so it can no longer be paid.
 * A provider that fails leaves the row as it was, for the next sweep. `only` settles just those bookings now.
 */
export async function settleDeposits(d: Deps, only?: string[]): Promise<{ refunded: number; closed: number }> {
  const mine = only ? inArray(booking.id, only) : undefined;
  let refunded = 0;
  const owed = await d.db
    .select()
    .from(booking)
    .where(and(eq(booking.depositStatus, 'refunding'), mine))
    .limit(BATCH);
  for (const row of owed) {
    try {
      if (row.depositRefundCents > 0 && row.depositAccountId && row.depositPaymentId)
        await d.payments.deposits.refund({
          accountId: row.depositAccountId,
          paymentId: row.depositPaymentId,
          amountCents: row.depositRefundCents,
          idempotencyKey: `deposit-refund-${row.id}`,
        });
      await d.db
        .update(booking)
        .set({ depositStatus: 'refunded' })
        .where(and(eq(booking.id, row.id), eq(booking.depositStatus, 'refunding')));
      refunded++;
    } catch (err) {
      d.logger.error({ err, bookingId: row.id }, 'deposit refund failed; it is retried on the next sweep');
    }
  }

  let closed = 0;
  const released = await d.db
    .select({ id: booking.id, accountId: booking.depositAccountId, checkoutId: booking.depositRef })
    .from(booking)
    .where(
      and(
        isNotNull(booking.depositCheckoutUrl),
        isNull(booking.depositPaymentId),
        inArray(booking.state, ['expired', 'cancelled_by_client', 'cancelled_by_professional']),
        isNotNull(booking.depositRef),
        mine,
      ),
    )
    .limit(BATCH);
  for (const r of released) {
    try {
      await d.payments.deposits.expireCheckout({ accountId: r.accountId!, checkoutId: r.checkoutId! });
    } catch (err) {
      // already expired or completed at the provider: a late payment is refunded when its event arrives
      d.logger.warn({ err, bookingId: r.id }, 'deposit checkout could not be closed');
    }
    await d.db.update(booking).set({ depositCheckoutUrl: null }).where(eq(booking.id, r.id));
    closed++;
  }
  return { refunded, closed };
}
