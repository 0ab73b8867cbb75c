import { and, eq, exists, gte, sql } from 'drizzle-orm';
import { BOOKING_SOURCES } from '@shared/booking/schemas';
import { INSIGHT_DAYS, type BookedCounts, type InsightsResponse } from '@shared/insights/schemas';
import type { Db } from '../../db/client';
import { booking, bookingEvent } from '../../db/schema';

/**
 * "Booked through Tress" for one professional (decision 167): their own bookings made in each period, by where the
 * client started and whether a try-on was attached. A booking counts once it reached the professional (a request
 * or a confirmed visit), whatever happened later, so a cancel does not rewrite a past period; a deposit hold that
 * was never paid was never theirs to see and is not counted. Every counted booking is one the professional already
 * sees on the agenda, so exact counts say nothing about anyone they do not know of (decision 158 is about demand
 * from people who never booked them).
 */
export async function bookedThroughTress(db: Db, partnerId: string, lastSince: Date): Promise<InsightsResponse['booked']> {
  const previousSince = new Date(lastSince.getTime() - INSIGHT_DAYS * 86_400_000);
  const reached = db
    .select({ one: sql`1` })
    .from(bookingEvent)
    .where(and(eq(bookingEvent.bookingId, booking.id), sql`${bookingEvent.toState} in ('pending', 'confirmed')`));
  const rows = await db
    .select({
      last: sql<boolean>`${booking.createdAt} >= ${lastSince}`,
      source: booking.source,
      withLook: booking.withLook,
      n: sql<number>`count(*)::int`,
    })
    .from(booking)
    .where(and(eq(booking.partnerId, partnerId), gte(booking.createdAt, previousSince), exists(reached)))
    .groupBy(sql`1`, booking.source, booking.withLook);
  const empty = (): BookedCounts => ({ total: 0, withLook: 0, bySource: Object.fromEntries(BOOKING_SOURCES.map((s) => [s, 0])) as BookedCounts['bySource'] });
  const out = { last: empty(), previous: empty() };
  for (const r of rows) {
    const into = out[r.last ? 'last' : 'previous'];
    const n = Number(r.n);
    into.total += n;
    if (r.withLook) into.withLook += n;
    if (r.source) into.bySource[r.source] += n;
  }
  return out;
}
