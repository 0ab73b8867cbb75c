import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { freeSlots, salonDate, type HoursRules, type Interval, type ServiceShape, type Slot, type SlotWindow } from './availability';

const DAY = 86_400_000;

/**
 * A professional's busy intervals overlapping [from, to), sorted. Blocks of a held or pending booking past
 * its expiry at `now` count as free already: the sweep that marks it expired may not have run yet (decision 146).
 * `now` is the app's clock, never the database's (decision 192).
 */
async function busyBetween(db: Db | Tx, partnerId: string, span: { from: number; to: number; now: number }): Promise<Interval[]> {
  const { from, to, now } = span;
  const res = await db.execute<{ s: string; e: string }>(sql`
    select (extract(epoch from lower(bb.during)) * 1000)::bigint as s, (extract(epoch from upper(bb.during)) * 1000)::bigint as e
    from busy_block bb
    where bb.partner_id = ${partnerId} and bb.active
      and bb.during && tstzrange(${new Date(from).toISOString()}::timestamptz, ${new Date(to).toISOString()}::timestamptz, '[)')
      and not exists (
        select 1 from booking b where b.id = bb.booking_id and b.state in ('held', 'pending') and b.expires_at <= ${new Date(now).toISOString()}::timestamptz
      )
    order by lower(bb.during)`);
  return res.rows.map((r) => ({ start: Number(r.s), end: Number(r.e) }));
}

/** One professional's service, under their hours: whose free times a query reads. */
export interface SalonService {
  partnerId: string;
  rules: HoursRules;
  service: ServiceShape;
}

/** Free slots between two salon dates, reading only the busy time those dates can touch. */
export async function slotsBetween(db: Db | Tx, { partnerId, rules, service }: SalonService, window: Omit<SlotWindow, 'busy'>) {
  // a day's slots and their buffers stay within a day either side of its date in any zone
  const busy = await busyBetween(db, partnerId, {
    from: Date.parse(`${window.from}T00:00:00Z`) - 2 * DAY,
    to: Date.parse(`${window.to}T00:00:00Z`) + 3 * DAY,
    now: window.now,
  });
  return freeSlots(rules, service, { ...window, busy });
}

/** The free starts nearest to a wanted one (a lost race's 409 offers them), from a day before to a week after. */
export async function nearestSlots(db: Db | Tx, at: SalonService, wanted: number, now: number, count = 3): Promise<Slot[]> {
  const tz = at.rules.timeZone;
  const slots = await slotsBetween(db, at, { from: salonDate(tz, wanted, -1), to: salonDate(tz, wanted, 7), now });
  return slots
    .filter((x) => x.startMs !== wanted)
    .sort((a, b) => Math.abs(a.startMs - wanted) - Math.abs(b.startMs - wanted) || a.startMs - b.startMs)
    .slice(0, count)
    .sort((a, b) => a.startMs - b.startMs);
}
