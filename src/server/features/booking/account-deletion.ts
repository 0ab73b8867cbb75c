import { and, eq, gt, inArray, isNull, type SQL } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { booking, bookingEvent, partner } from '../../db/schema';
import { AppError } from '../../http/app-error';
import type { Services } from '../../services';
import type { BookingRow } from './booking-view';
import { deliverNow } from './outbox';
import { settingsOf } from './settings';
import { transition } from './state-machine';

const LIVE = ['held', 'pending', 'confirmed'] as const;

const NOT_TOLD = 'We couldn’t tell your clients about their cancelled appointments yet, so your account is still here. Please try again in a minute.';

/**
 * What an account's bookings become before the account is deleted (decision 166).
 *
 * As a client: every upcoming booking is cancelled by the client, on time whatever the policy's window (a
 * paid deposit comes back in full), each a recorded move that tells the professional through the outbox.
 * The bookings stay with the professional without the person: the note is cleared here, the attached render
 * goes with the creations, and the client's id leaves the history now and the booking when the user row goes.
 *
 * As a professional: every upcoming booking is cancelled by the salon (a full refund), and the refunds and the
 * clients' emails are made now rather than by the sweep; if any cannot be, the deletion stops and the next try
 * finishes what is left. Their clients keep those bookings and their past visits in My bookings, under the
 * salon's name and zone written on each now (decision 191); the listing's link to them goes with the account.
 */
export async function closeBookingsOfDeletedAccount(s: Services, userId: string): Promise<void> {
  const now = Date.now();
  await s.db.transaction(async (tx) => {
    for (const row of await upcoming(tx, eq(booking.clientId, userId), now))
      await transition(tx, row, 'cancelled_by_client', { actor: 'client', actorId: userId, late: false, now });
    await tx.update(booking).set({ note: '' }).where(eq(booking.clientId, userId));
    await tx
      .update(bookingEvent)
      .set({ actorId: null })
      .where(and(eq(bookingEvent.actor, 'client'), eq(bookingEvent.actorId, userId)));
    for (const row of await upcoming(tx, eq(booking.partnerId, userId), now))
      await transition(tx, row, 'cancelled_by_professional', { actor: 'professional', actorId: userId, now });
  });
  // all of the listing's bookings, not only those cancelled now: a try that stopped half-way left some to finish
  const listing = await s.db.select({ id: booking.id }).from(booking).where(eq(booking.partnerId, userId));
  try {
    await deliverNow(
      s,
      listing.map((b) => b.id),
    );
  } catch (err) {
    s.logger.error({ err, userId }, 'could not settle the cancelled bookings of a professional being deleted');
    throw new AppError('unavailable', NOT_TOLD);
  }
  await keepForClients(s, userId);
}

/**
 * What a professional's clients keep when the professional leaves (decision 191): each booking, by the salon's
 * name and time zone, since the listing and its settings go with the account. A booking whose client left
 * earlier belongs to no one any more and goes; the professional's id leaves the history.
 */
async function keepForClients(s: Services, userId: string) {
  const [pro] = await s.db.select({ businessName: partner.businessName }).from(partner).where(eq(partner.userId, userId));
  if (!pro) return;
  const { timeZone } = await settingsOf(s.db, userId);
  await s.db.transaction(async (tx) => {
    await tx.delete(booking).where(and(eq(booking.partnerId, userId), isNull(booking.clientId)));
    await tx.update(booking).set({ salonName: pro.businessName, salonTimeZone: timeZone }).where(eq(booking.partnerId, userId));
    await tx
      .update(bookingEvent)
      .set({ actorId: null })
      .where(and(eq(bookingEvent.actor, 'professional'), eq(bookingEvent.actorId, userId)));
  });
}

/** Live bookings that have not started yet, locked for the moves that follow. */
function upcoming(tx: Tx, whose: SQL, now: number): Promise<BookingRow[]> {
  return tx
    .select()
    .from(booking)
    .where(and(whose, inArray(booking.state, [...LIVE]), gt(booking.startsAt, new Date(now))))
    .for('update');
}
