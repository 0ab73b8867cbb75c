import { and, eq, isNull } from 'drizzle-orm';
import type { z } from 'zod';
import type { CreateBookingSchema } from '@shared/booking/schemas';
import type { BookingState } from '@shared/booking/views';
import type { Db, Tx } from '../../db/client';
import { isProfessional } from '@shared/partners/access';
import { booking, bookingService, creation, partner } from '../../db/schema';
import { AppError } from '../../http/app-error';
import type { Services } from '../../services';
import { clientMinutes, startProblem } from './availability';
import { bookingView, type BookingRow, type BookingView } from './booking-view';
import { depositFor } from './deposit-amount';
import { nearestSlots, type SalonService } from './free-times';
import { SERVICE_NOT_FOUND } from './menu';
import { rulesOf, settingsOf } from './settings';
import { expireDue, HOLD_MINUTES, PENDING_HOURS, recordEvent } from './state-machine';
import { bookingBlocks, refuseStart, takeTime, withDeadlockRetry } from './take-time';

type CreateBooking = z.output<typeof CreateBookingSchema>;

/** A lost race: 409 with the nearest free starts, so the client can pick again without reloading. */
export async function timeTakenError(db: Db | Tx, partnerId: string, service: SalonService['service'], wanted: number) {
  const rules = rulesOf(await settingsOf(db, partnerId));
  const nearest = await nearestSlots(db, { partnerId, rules, service }, wanted, Date.now());
  return new AppError('aborted', 'That time was just taken. Here are the nearest free times.', {
    nearest: nearest.map(({ start, end }) => ({ start, end })),
  });
}

/**
 * The service as it was when booked, and the booking's times: a booking keeps its own copy, so a later change to
 * the menu moves nothing already booked. Shared with the demo seed.
 */
export function serviceAsBooked(svc: typeof bookingService.$inferSelect, start: number) {
  return {
    serviceId: svc.id,
    serviceName: svc.name,
    chairMinutes: svc.chairMinutes,
    processingMinutes: svc.processingMinutes,
    finishMinutes: svc.finishMinutes,
    bufferBeforeMinutes: svc.bufferBeforeMinutes,
    bufferAfterMinutes: svc.bufferAfterMinutes,
    startsAt: new Date(start),
    endsAt: new Date(start + clientMinutes(svc) * 60_000),
    priceKind: svc.priceKind,
    priceCents: svc.priceCents,
    currency: svc.currency,
  };
}

/**
 * A signed-in client books a service (issue 33). Everything the booking costs comes from the server's
 * menu: the body carries only which service, when, a note and a render (the schema refuses other fields).
 * The same idempotency key twice returns the first booking; a time someone else took answers 409.
 *
 * The whole request is one transaction on one connection, the loser's nearest free times included: when twenty
 * clients want one time, each holds a single pooled connection from its first read to its answer, instead of
 * going back to a pool the others are queueing on (decision 190).
 */
export async function createBooking(s: Services, clientId: string, input: CreateBooking): Promise<{ booking: BookingView; row: BookingRow; created: boolean }> {
  return withDeadlockRetry(() => s.db.transaction((tx) => bookIn(tx, s.payments.name, clientId, input)));
}

async function bookIn(tx: Tx, payments: string, clientId: string, input: CreateBooking) {
  const again = await byKey(tx, clientId, input.idempotencyKey);
  if (again) return { booking: await sameRequest(tx, again, input), row: again, created: false };

  const [svc] = await tx
    .select()
    .from(bookingService)
    .where(and(eq(bookingService.id, input.serviceId), isNull(bookingService.archivedAt)));
  if (!svc || !svc.bookableOnline) throw new AppError('not-found', SERVICE_NOT_FOUND);
  const [pro] = await tx.select().from(partner).where(eq(partner.userId, svc.partnerId));
  if (!pro || !isProfessional(pro)) throw new AppError('not-found', SERVICE_NOT_FOUND);
  if (pro.userId === clientId) throw new AppError('permission-denied', 'You cannot book your own listing.');

  const settings = await settingsOf(tx, pro.userId);
  const now = Date.now();
  const start = Date.parse(input.start);
  const problem = startProblem(rulesOf(settings), svc, start, now);
  if (problem) throw refuseStart(problem);

  if (input.creationId) {
    const [own] = await tx
      .select({ id: creation.id })
      .from(creation)
      .where(and(eq(creation.id, input.creationId), eq(creation.userId, clientId)));
    if (!own) throw new AppError('not-found', 'That look is not in your gallery.');
  }

  const [previous] = await tx
    .select({ id: booking.id })
    .from(booking)
    .where(and(eq(booking.clientId, clientId), eq(booking.partnerId, pro.userId), eq(booking.state, 'completed')))
    .limit(1);
  const newClient = !previous;
  // a new client of a colour that needs a consultation first is a request the professional answers
  const asks = svc.confirmation === 'request' || (svc.consultationForNewColourClients && newClient);
  const deposit = depositFor(svc, newClient, settings, payments);
  const state: BookingState = deposit.status === 'due' ? 'held' : asks ? 'pending' : 'confirmed';
  const expiresAt = state === 'held' ? new Date(now + HOLD_MINUTES * 60_000) : state === 'pending' ? new Date(now + PENDING_HOURS * 3_600_000) : null;

  await expireDue(tx, pro.userId, now);
  const [row] = await tx
    .insert(booking)
    .values({
      partnerId: pro.userId,
      clientId,
      ...serviceAsBooked(svc, start),
      confirmation: asks ? 'request' : 'instant',
      state,
      depositCents: deposit.cents,
      depositStatus: deposit.status,
      newClient,
      note: input.note ?? '',
      creationId: input.creationId ?? null,
      withLook: !!input.creationId,
      source: input.source ?? null,
      idempotencyKey: input.idempotencyKey,
      expiresAt,
      createdAt: new Date(now),
      updatedAt: new Date(now),
    })
    .onConflictDoNothing({ target: [booking.clientId, booking.idempotencyKey] })
    .returning();
  if (!row) {
    // the same key arrived twice at once: the other request booked (its row is visible now that it committed)
    const first = await byKey(tx, clientId, input.idempotencyKey);
    if (!first) throw new AppError('aborted', 'That booking could not be made. Try again.');
    return { booking: await sameRequest(tx, first, input), row: first, created: false };
  }
  // refused: the booking row rolls back with the transaction this error ends
  if (!(await takeTime(tx, pro.userId, bookingBlocks(svc, start, row.id)))) throw await timeTakenError(tx, pro.userId, svc, start);
  await recordEvent(tx, { bookingId: row.id, from: null, to: state, actor: 'client', actorId: clientId });
  return { booking: await bookingView(tx, row, 'client'), row, created: true };
}

async function byKey(tx: Tx, clientId: string, key: string) {
  const [row] = await tx
    .select()
    .from(booking)
    .where(and(eq(booking.clientId, clientId), eq(booking.idempotencyKey, key)));
  return row;
}

/** A repeated key must repeat the request: the same key for another service or time is a client bug. */
async function sameRequest(tx: Tx, row: BookingRow, input: CreateBooking) {
  if (row.serviceId !== input.serviceId || row.startsAt.getTime() !== Date.parse(input.start))
    throw new AppError('aborted', 'This booking request was already used for another time. Start the booking again.');
  return bookingView(tx, row, 'client');
}
