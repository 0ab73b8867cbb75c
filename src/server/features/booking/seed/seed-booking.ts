import { count, eq, inArray } from 'drizzle-orm';
import { Temporal } from 'temporal-polyfill';
import { OpeningHoursSchema, PolicySchema, ServiceInputSchema, type BookingSource } from '@shared/booking/schemas';
import type { BookingState } from '@shared/booking/views';
import type { Tx } from '../../../db/client';
import { booking, bookingEvent, bookingService, busyBlock, user } from '../../../db/schema';
import { DEMO_PRO } from '../../../seed/demo-accounts';
import type { Services } from '../../../services';
import { DEMO_REVIEWERS } from '../../partners/seed/demo-professionals';
import { serviceAsBooked } from '../create-booking';
import { createService, menuOf } from '../menu';
import { saveHours, savePolicy, settingsOf } from '../settings';
import { PENDING_HOURS } from '../state-machine';
import { bookingBlocks, takeTime } from '../take-time';
import { DEMO_SALONS } from './demo-menus';

type ServiceRow = typeof bookingService.$inferSelect;
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** One of the demo professional's bookings: who, which service, when (days from today, salon time), and how it went. */
interface DemoBooking {
  client: string;
  service: string;
  daysFromToday: number;
  at: string;
  state: Extract<BookingState, 'completed' | 'confirmed' | 'pending'>;
  source: BookingSource;
  note: string;
}

/**
 * The demo professional's book, so a fresh install shows the whole flow at once: visits that happened (the
 * clients' reviews of them read "Verified booking"), confirmed appointments coming up (the demo user has one)
 * and a request waiting for an answer. The clients are the demo reviewers (DEMO_REVIEWERS).
 */
const PRO_BOOKINGS: DemoBooking[] = [
  {
    client: 'demo@tress.app',
    service: 'Copper balayage',
    daysFromToday: -24,
    at: '10:00',
    state: 'completed',
    source: 'studio',
    note: 'The copper from my try-on, please.',
  },
  { client: 'ella.j@demo.tress.app', service: 'Honey balayage', daysFromToday: -17, at: '11:00', state: 'completed', source: 'directory', note: '' },
  { client: 'sofia.r@demo.tress.app', service: 'Copper colour refresh', daysFromToday: -9, at: '14:00', state: 'completed', source: 'portfolio', note: '' },
  {
    client: 'demo@tress.app',
    service: 'Gloss & toner',
    daysFromToday: 4,
    at: '10:30',
    state: 'confirmed',
    source: 'profile',
    note: 'Keeping the copper bright.',
  },
  { client: 'ella.j@demo.tress.app', service: 'Cut & finish', daysFromToday: 6, at: '15:00', state: 'confirmed', source: 'profile', note: '' },
  {
    client: 'kofi.a@demo.tress.app',
    service: 'Colour correction',
    daysFromToday: 9,
    at: '11:30',
    state: 'pending',
    source: 'studio',
    note: 'Box dye from last year, patchy at the ends. I would like to get to the copper in my try-on.',
  },
];

/** The first open day on or after `daysFromToday` in the salon's zone, at `hhmm` there, as epoch ms. */
function openDayAt(weekly: { weekday: number }[], timeZone: string, daysFromToday: number, hhmm: string): number {
  const open = new Set(weekly.map((w) => w.weekday));
  let date = Temporal.Now.plainDateISO(timeZone).add({ days: daysFromToday });
  while (!open.has(date.dayOfWeek)) date = date.add({ days: 1 });
  const [hour, minute] = hhmm.split(':').map(Number);
  return date.toZonedDateTime({ timeZone, plainTime: new Temporal.PlainTime(hour, minute) }).epochMilliseconds;
}

/** Menu, hours and policy for every demo professional who has no menu yet (the professional's own edits are kept). */
async function seedMenus(s: Services) {
  const emails = Object.keys(DEMO_SALONS);
  const pros = await s.db.select({ id: user.id, email: user.email }).from(user).where(inArray(user.email, emails));
  for (const pro of pros) {
    const [{ n }] = await s.db.select({ n: count() }).from(bookingService).where(eq(bookingService.partnerId, pro.id));
    if (n > 0) continue;
    const salon = DEMO_SALONS[pro.email];
    await saveHours(s.db, pro.id, OpeningHoursSchema.parse(salon.hours));
    await savePolicy(s.db, pro.id, PolicySchema.parse(salon.policy));
    for (const svc of salon.menu) await createService(s.db, pro.id, ServiceInputSchema.parse(svc));
  }
}

/** Writes one past or present booking as it would have been recorded, its events dated when they happened. */
async function writeBooking(
  tx: Tx,
  o: { partnerId: string; clientId: string; svc: ServiceRow; start: number; d: DemoBooking; newClient: boolean; now: number },
) {
  const { svc, start, d } = o;
  const createdAt = new Date(Math.min(o.now - (d.state === 'pending' ? 3 * HOUR : 5 * DAY), start - 5 * DAY));
  const [b] = await tx
    .insert(booking)
    .values({
      partnerId: o.partnerId,
      clientId: o.clientId,
      ...serviceAsBooked(svc, start),
      confirmation: d.state === 'pending' ? 'request' : 'instant',
      state: d.state,
      newClient: o.newClient,
      note: d.note,
      source: d.source,
      // booked from a render in the studio or a try-on of the portfolio: the render came with it, as the notes say,
      // and was later deleted from the client's gallery, so the insights count it with a try-on (decision 167)
      withLook: d.source === 'studio' || d.source === 'portfolio',
      idempotencyKey: `demo-seed-${d.service}-${d.daysFromToday}`,
      expiresAt: d.state === 'pending' ? new Date(createdAt.getTime() + PENDING_HOURS * HOUR) : null,
      createdAt,
      updatedAt: createdAt,
    })
    .returning();
  const blockIds = await takeTime(tx, o.partnerId, bookingBlocks(svc, start, b.id));
  if (!blockIds) throw new Error(`the demo booking of ${d.service} overlaps another`);
  const first: BookingState = d.state === 'pending' ? 'pending' : 'confirmed';
  await tx.insert(bookingEvent).values({ bookingId: b.id, fromState: null, toState: first, actor: 'client', actorId: o.clientId, at: createdAt });
  if (d.state === 'completed') {
    await tx.update(busyBlock).set({ active: false }).where(inArray(busyBlock.id, blockIds));
    const at = new Date(b.endsAt.getTime() + HOUR);
    await tx.insert(bookingEvent).values({ bookingId: b.id, fromState: 'confirmed', toState: 'completed', actor: 'professional', actorId: o.partnerId, at });
    await tx.update(booking).set({ sequence: 1, updatedAt: at }).where(eq(booking.id, b.id));
  }
}

/** The demo professional's bookings, once: a professional with any booking is left as it is. */
async function seedProBookings(s: Services) {
  const [pro] = await s.db.select({ id: user.id }).from(user).where(eq(user.email, DEMO_PRO.email));
  if (!pro) return;
  const [{ n }] = await s.db.select({ n: count() }).from(booking).where(eq(booking.partnerId, pro.id));
  if (n > 0) return;
  const clients = await s.db
    .select({ id: user.id, email: user.email })
    .from(user)
    .where(
      inArray(
        user.email,
        DEMO_REVIEWERS.map((r) => r.email),
      ),
    );
  const clientId = new Map(clients.map((c) => [c.email, c.id]));
  const menu = new Map((await menuOf(s.db, pro.id)).map((m) => [m.name, m]));
  const settings = await settingsOf(s.db, pro.id);
  const now = Date.now();
  const returning = new Set<string>();
  await s.db.transaction(async (tx) => {
    for (const d of PRO_BOOKINGS) {
      const svc = menu.get(d.service);
      const client = clientId.get(d.client);
      if (!svc || !client) continue;
      const start = openDayAt(settings.weekly, settings.timeZone, d.daysFromToday, d.at);
      await writeBooking(tx, { partnerId: pro.id, clientId: client, svc, start, d, newClient: !returning.has(client), now });
      if (d.state === 'completed') returning.add(client);
    }
  });
}

/** Issue 33 §12: every demo professional takes bookings, and the demo professional has some. Idempotent. */
export async function seedBooking(s: Services) {
  await seedMenus(s);
  await seedProBookings(s);
}
