import { and, asc, eq, gte, lt, sql } from 'drizzle-orm';
import { Temporal } from 'temporal-polyfill';
import type { Db } from '../../db/client';
import { booking, busyBlock } from '../../db/schema';
import { AppError } from '../../http/app-error';
import type { Services } from '../../services';
import { inZone } from './availability';
import { bookingViews } from './booking-view';
import { timeTakenError } from './create-booking';
import { settingsOf } from './settings';
import { expireDue } from './state-machine';
import { takeTime, withDeadlockRetry } from './take-time';

/** Midnight at the start of a salon date, as an instant. */
const startOfDay = (timeZone: string, date: string) => new Date(Temporal.PlainDate.from(date).toZonedDateTime({ timeZone }).epochMilliseconds);
const nextDay = (date: string) => Temporal.PlainDate.from(date).add({ days: 1 }).toString();

/** The professional's bookings and blocked time starting between two salon dates, pending requests first. */
export async function agenda(db: Db, partnerId: string, from: string, to: string) {
  const settings = await settingsOf(db, partnerId);
  const tz = settings.timeZone;
  const lo = startOfDay(tz, from);
  const hi = startOfDay(tz, nextDay(to));
  const rows = await db
    .select()
    .from(booking)
    .where(and(eq(booking.partnerId, partnerId), gte(booking.startsAt, lo), lt(booking.startsAt, hi), sql`${booking.state} <> 'held'`))
    .orderBy(sql`${booking.state} = 'pending' desc`, asc(booking.startsAt))
    .limit(1000);
  const blocks = await db.execute<{ id: string; label: string; s: string; e: string }>(sql`
    select id, label, (extract(epoch from lower(during)) * 1000)::bigint as s, (extract(epoch from upper(during)) * 1000)::bigint as e
    from busy_block
    where partner_id = ${partnerId} and active and kind = 'blocked'
      and during && tstzrange(${lo.toISOString()}::timestamptz, ${hi.toISOString()}::timestamptz, '[)')
    order by lower(during)`);
  return {
    timeZone: tz,
    bookings: await bookingViews(db, rows, 'professional'),
    blocks: blocks.rows.map((b) => ({ id: b.id, label: b.label, start: inZone(tz, Number(b.s)), end: inZone(tz, Number(b.e)) })),
  };
}

/** The professional blocks time; a live booking in it answers 409 (cancel the booking first). */
export async function blockTime(s: Services, partnerId: string, input: { start: string; end: string; label: string }) {
  const start = Date.parse(input.start);
  const end = Date.parse(input.end);
  const id = await withDeadlockRetry(() =>
    s.db.transaction(async (tx) => {
      await expireDue(tx, partnerId);
      const taken = await takeTime(tx, partnerId, [{ during: { start, end }, bookingId: null, kind: 'blocked', label: input.label }]);
      if (taken) return taken[0];
      const err = await timeTakenError(
        tx,
        partnerId,
        { chairMinutes: 5, processingMinutes: 0, finishMinutes: 0, bufferBeforeMinutes: 0, bufferAfterMinutes: 0 },
        start,
      );
      throw new AppError('aborted', 'A booking already holds part of that time. Cancel or move it first.', err.details);
    }),
  );
  const tz = (await settingsOf(s.db, partnerId)).timeZone;
  return { id, label: input.label, start: inZone(tz, start), end: inZone(tz, end) };
}

export async function unblockTime(db: Db, partnerId: string, id: string) {
  const rows = await db
    .delete(busyBlock)
    .where(and(eq(busyBlock.id, id), eq(busyBlock.partnerId, partnerId), eq(busyBlock.kind, 'blocked')))
    .returning({ id: busyBlock.id });
  if (rows.length === 0) throw new AppError('not-found', 'No such blocked time.');
}
