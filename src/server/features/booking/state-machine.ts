import { and, eq, lte, sql } from 'drizzle-orm';
import type { BookingState } from '@shared/booking/views';
import type { Tx } from '../../db/client';
import { booking, bookingEvent, busyBlock } from '../../db/schema';
import { AppError } from '../../http/app-error';
import { salonOf, type BookingRow } from './booking-view';
import { depositAfter } from './deposit-amount';
import { settingsOf } from './settings';

type Actor = 'client' | 'professional' | 'system';

/**
 * Decision 146: the only moves a booking makes, and who may make each. Held waits for its deposit,
 * pending for the professional; the rest are ends. Rescheduling keeps the state and is recorded as a
 * move to the same state.
 */
const MOVES: Record<BookingState, Partial<Record<BookingState, readonly Actor[]>>> = {
  // the professional cancels a hold only by leaving Tress (decision 166): it is not on their agenda yet
  held: { confirmed: ['system'], pending: ['system'], expired: ['system'], cancelled_by_client: ['client'], cancelled_by_professional: ['professional'] },
  pending: {
    confirmed: ['professional'],
    declined: ['professional'],
    expired: ['system'],
    cancelled_by_client: ['client'],
    cancelled_by_professional: ['professional'],
  },
  confirmed: { cancelled_by_client: ['client'], cancelled_by_professional: ['professional'], completed: ['professional'], no_show: ['professional'] },
  declined: {},
  expired: {},
  cancelled_by_client: {},
  cancelled_by_professional: {},
  completed: {},
  no_show: {},
};

/** States whose busy blocks still hold the time. */
export const isLive = (s: BookingState) => s === 'held' || s === 'pending' || s === 'confirmed';

const STATE_WORDS: Record<BookingState, string> = {
  held: 'waiting for its deposit',
  pending: 'waiting for the professional',
  confirmed: 'confirmed',
  declined: 'declined',
  expired: 'expired',
  cancelled_by_client: 'cancelled',
  cancelled_by_professional: 'cancelled',
  completed: 'completed',
  no_show: 'marked as a no-show',
};

export const PENDING_HOURS = 24;
export const HOLD_MINUTES = 10;

/** Who makes a change: the client, the professional (with their ids, null once the account is gone) or the system. */
export interface By {
  actor: Actor;
  actorId: string | null;
}

/** Records one event of a booking, dated by the app's clock like every time the booking code compares (decision 192). */
export async function recordEvent(tx: Tx, e: By & { bookingId: string; from: BookingState | null; to: BookingState; message?: string }) {
  await tx
    .insert(bookingEvent)
    .values({ bookingId: e.bookingId, fromState: e.from, toState: e.to, actor: e.actor, actorId: e.actorId, message: e.message ?? null, at: new Date() });
}

/**
 * Moves a booking to `to` if the state machine allows it for this actor; the update is conditional on
 * the state read, so two people acting at once cannot both move it (the second gets 409). Leaving the
 * live states frees the time: the busy blocks become inactive.
 */
export async function transition(
  tx: Tx,
  row: BookingRow,
  to: BookingState,
  opts: By & { message?: string; late?: boolean; now?: number },
): Promise<BookingRow> {
  const { actor, actorId } = opts;
  const allowed = MOVES[row.state][to];
  if (!allowed) throw new AppError('aborted', `This booking is already ${STATE_WORDS[row.state]}.`);
  if (!allowed.includes(actor)) throw new AppError('permission-denied', 'You cannot make that change to this booking.');
  const now = opts.now ?? Date.now();
  const late = opts.late ?? row.late;
  const [next] = await tx
    .update(booking)
    .set({
      state: to,
      late,
      ...(isLive(to) ? {} : await depositOnLeaving(tx, row, to, late)),
      expiresAt: to === 'pending' ? new Date(now + PENDING_HOURS * 3_600_000) : null,
      sequence: sql`${booking.sequence} + 1`,
      updatedAt: new Date(now),
    })
    .where(and(eq(booking.id, row.id), eq(booking.state, row.state)))
    .returning();
  if (!next) throw new AppError('aborted', 'This booking was changed a moment ago. Reload to see it.');
  if (!isLive(to)) await tx.update(busyBlock).set({ active: false }).where(eq(busyBlock.bookingId, row.id));
  await recordEvent(tx, { bookingId: row.id, from: row.state, to, actor, actorId, message: opts.message });
  return next;
}

/**
 * A booking that stops holding time settles its deposit (decision 171): an unpaid one is no longer asked
 * for; a paid one is refunded in whole or part under the policy (the sweep makes the refund) or kept.
 */
async function depositOnLeaving(tx: Tx, row: BookingRow, to: BookingState, late: boolean) {
  if (row.depositStatus === 'due') return { depositStatus: 'none' as const };
  if (row.depositStatus !== 'paid') return {};
  const after = depositAfter(row, to, late, await settingsOf(tx, salonOf(row)));
  return after ? { depositStatus: after.status, depositRefundCents: after.refundCents } : {};
}

/**
 * Expires held bookings past their 10 minutes and requests unanswered for 24 hours, freeing their time.
 * Run by the sweep job for everyone and, before taking time, for the one professional concerned, so an
 * expiry never waits for the job (decision 146). Returns the expired bookings.
 */
export async function expireDue(tx: Tx, partnerId?: string, now = Date.now()): Promise<BookingRow[]> {
  const due = await tx
    .select()
    .from(booking)
    .where(and(sql`${booking.state} in ('held', 'pending')`, lte(booking.expiresAt, new Date(now)), partnerId ? eq(booking.partnerId, partnerId) : undefined))
    .for('update', { skipLocked: true });
  const out: BookingRow[] = [];
  for (const row of due) out.push(await transition(tx, row, 'expired', { actor: 'system', actorId: null, now }));
  return out;
}
