import { and, asc, desc, eq, gte, lt, sql } from 'drizzle-orm';
import type { ProfessionalActionSchema } from '@shared/booking/schemas';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { booking } from '../../db/schema';
import { AppError } from '../../http/app-error';
import type { Services } from '../../services';
import { clientMinutes, startProblem } from './availability';
import { bookingById, bookingView, bookingViews, isLate, salonOf, type BookingRow, type BookingView } from './booking-view';
import { timeTakenError } from './create-booking';
import { rulesOf, settingsOf } from './settings';
import { isLive, recordEvent, transition } from './state-machine';
import { bookingBlocks, refuseStart, removeBlocks, takeTime, withDeadlockRetry } from './take-time';

const NOT_FOUND = 'No such booking.';

/**
 * The booking if the caller is its client; anyone else (another client, a professional who is not its
 * professional) is told it does not exist, so ids cannot be probed.
 */
export async function clientsBooking(db: Db, clientId: string, id: string): Promise<BookingRow> {
  const row = await bookingById(db, id);
  if (!row || row.clientId !== clientId) throw new AppError('not-found', NOT_FOUND);
  return row;
}

export async function professionalsBooking(db: Db, partnerId: string, id: string): Promise<BookingRow> {
  const row = await bookingById(db, id);
  if (!row || row.partnerId !== partnerId) throw new AppError('not-found', NOT_FOUND);
  return row;
}

/** The client moves a live booking to another free time; the late rule of the policy applies as to a cancel. */
export async function reschedule(s: Services, row: BookingRow, startIso: string): Promise<BookingView> {
  const now = Date.now();
  if (!isLive(row.state) || row.state === 'held' || row.startsAt.getTime() <= now) throw new AppError('aborted', 'This booking can no longer be moved.');
  const settings = await settingsOf(s.db, salonOf(row));
  if (isLate(row, settings, now))
    throw new AppError('aborted', `Bookings can be moved up to ${settings.cancellationWindowHours} hours before. Cancel it or contact the salon.`, {
      reason: 'late',
    });
  const start = Date.parse(startIso);
  const problem = startProblem(rulesOf(settings), row, start, now);
  if (problem) throw refuseStart(problem);
  const from = row.startsAt.toISOString();
  const next = await withDeadlockRetry(() =>
    s.db.transaction(async (tx) => {
      const [moved] = await tx
        .update(booking)
        .set({
          startsAt: new Date(start),
          endsAt: new Date(start + clientMinutes(row) * 60_000),
          sequence: sql`${booking.sequence} + 1`,
          updatedAt: new Date(now),
        })
        .where(and(eq(booking.id, row.id), eq(booking.state, row.state), eq(booking.startsAt, row.startsAt)))
        .returning();
      if (!moved) throw new AppError('aborted', 'This booking was changed a moment ago. Reload to see it.');
      // the old blocks go first so a move by less than the booking's length does not collide with itself
      await removeBlocks(tx, row.id);
      if (!(await takeTime(tx, settings.partnerId, bookingBlocks(row, start, row.id)))) throw await timeTakenError(tx, settings.partnerId, row, start);
      await recordEvent(tx, {
        bookingId: row.id,
        from: row.state,
        to: row.state,
        actor: 'client',
        actorId: row.clientId,
        message: `Moved from ${from} to ${new Date(start).toISOString()}`,
      });
      return moved;
    }),
  );
  return bookingView(s.db, next, 'client');
}

/** The client cancels; inside the policy's window it is a late cancel (the policy's fee is kept from a paid deposit, decision 171). */
export async function cancelByClient(s: Services, row: BookingRow): Promise<{ view: BookingView; row: BookingRow }> {
  const now = Date.now();
  if (row.startsAt.getTime() <= now && row.state === 'confirmed') throw new AppError('aborted', 'This booking has already started.');
  const settings = await settingsOf(s.db, salonOf(row));
  const late = row.state === 'confirmed' && isLate(row, settings, now);
  const next = await s.db.transaction((tx) => transition(tx, row, 'cancelled_by_client', { actor: 'client', actorId: row.clientId, late, now }));
  return { view: await bookingView(s.db, next, 'client'), row: next };
}

type Action = z.output<typeof ProfessionalActionSchema>;
const TARGET = { accept: 'confirmed', decline: 'declined', complete: 'completed', 'no-show': 'no_show', cancel: 'cancelled_by_professional' } as const;

/** The professional answers a request, cancels, or records how the appointment went (only once it has started). */
export async function actAsProfessional(s: Services, row: BookingRow, action: Action): Promise<{ view: BookingView; row: BookingRow }> {
  if ((action.action === 'complete' || action.action === 'no-show') && row.startsAt.getTime() > Date.now())
    throw new AppError('aborted', 'An appointment can be marked completed or a no-show once it has started.');
  const next = await s.db.transaction((tx) =>
    transition(tx, row, TARGET[action.action], { actor: 'professional', actorId: row.partnerId, message: action.message }),
  );
  return { view: await bookingView(s.db, next, 'professional'), row: next };
}

/** The client's bookings: upcoming soonest first, past most recent first. */
export async function myBookings(db: Db, clientId: string) {
  const now = new Date();
  const [upcoming, past] = await Promise.all([
    db
      .select()
      .from(booking)
      .where(and(eq(booking.clientId, clientId), gte(booking.endsAt, now)))
      .orderBy(asc(booking.startsAt))
      .limit(100),
    db
      .select()
      .from(booking)
      .where(and(eq(booking.clientId, clientId), lt(booking.endsAt, now)))
      .orderBy(desc(booking.startsAt))
      .limit(100),
  ]);
  return { upcoming: await bookingViews(db, upcoming, 'client'), past: await bookingViews(db, past, 'client') };
}
