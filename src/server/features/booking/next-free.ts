import { and, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { bookingService, bookingSettings } from '../../db/schema';
import { freeSlots, salonDate, type Interval } from './availability';
import { rulesOf } from './settings';

const DAY = 86_400_000;
/** "Available this week": a free start within the next seven days of the salon's calendar. */
const WEEK_DAYS = 7;

export interface NextFree {
  start: string;
  timeZone: string;
  serviceName: string;
}

/**
 * The next free start of each professional within the week, for directory cards ("Next: Tue 10:30"),
 * using their shortest service bookable online: the soonest anything can be booked. Three queries for
 * any number of professionals.
 */
export async function nextFreeTimes(db: Db, partnerIds: string[], now = Date.now()): Promise<Map<string, NextFree>> {
  const out = new Map<string, NextFree>();
  if (partnerIds.length === 0) return out;
  const settings = await db.select().from(bookingSettings).where(inArray(bookingSettings.partnerId, partnerIds));
  const open = settings.filter((s) => s.weekly.length > 0 || s.overrides.some((o) => o.hours));
  if (open.length === 0) return out;
  const ids = open.map((s) => s.partnerId);
  const services = await db
    .select()
    .from(bookingService)
    .where(and(inArray(bookingService.partnerId, ids), isNull(bookingService.archivedAt), sql`${bookingService.bookableOnline}`));
  const busy = await db.execute<{ p: string; s: string; e: string }>(sql`
    select bb.partner_id as p, (extract(epoch from lower(bb.during)) * 1000)::bigint as s, (extract(epoch from upper(bb.during)) * 1000)::bigint as e
    from busy_block bb
    where bb.partner_id in (${sql.join(
      ids.map((id) => sql`${id}`),
      sql`, `,
    )}) and bb.active
      and bb.during && tstzrange(${new Date(now - DAY).toISOString()}::timestamptz, ${new Date(now + (WEEK_DAYS + 2) * DAY).toISOString()}::timestamptz, '[)')
      and not exists (select 1 from booking b where b.id = bb.booking_id and b.state in ('held', 'pending') and b.expires_at <= ${new Date(now).toISOString()}::timestamptz)
    order by lower(bb.during)`);
  const busyOf = new Map<string, Interval[]>();
  for (const r of busy.rows) {
    const list = busyOf.get(r.p) ?? [];
    list.push({ start: Number(r.s), end: Number(r.e) });
    busyOf.set(r.p, list);
  }
  for (const s of open) {
    const shortest = services
      .filter((x) => x.partnerId === s.partnerId)
      .sort((a, b) => a.chairMinutes + a.processingMinutes + a.finishMinutes - (b.chairMinutes + b.processingMinutes + b.finishMinutes))[0];
    if (!shortest) continue;
    const rules = rulesOf(s);
    const [first] = freeSlots(rules, shortest, {
      from: salonDate(s.timeZone, now),
      to: salonDate(s.timeZone, now, WEEK_DAYS - 1),
      now,
      busy: busyOf.get(s.partnerId) ?? [],
      limit: 1,
    });
    if (first) out.set(s.partnerId, { start: first.start, timeZone: s.timeZone, serviceName: shortest.name });
  }
  return out;
}

/** Professionals who could have a free time this week at all (hours set and a service online): the directory filter's first cut. */
export const mayBeAvailableSql = (partnerIdColumn: unknown) => sql`exists (
  select 1 from booking_settings bs join booking_service sv on sv.partner_id = bs.partner_id
  where bs.partner_id = ${partnerIdColumn} and sv.archived_at is null and sv.bookable_online
    and (jsonb_array_length(bs.weekly) > 0 or jsonb_array_length(bs.overrides) > 0))`;
