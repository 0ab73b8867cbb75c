import { and, eq, gt, inArray, sql } from 'drizzle-orm';
import type { BookingState } from '@shared/booking/views';
import { booking, bookingEvent, bookingMessage, partner, user } from '../../db/schema';
import type { Services } from '../../services';
import { bookingMail, kindsForEvent, type MessageKind } from './booking-mail';
import { settleDeposits } from './deposit-settle';
import { FORMER_CLIENT, salonOf, type BookingRow } from './booking-view';
import { manageToken } from './manage-link';
import { settingsOf } from './settings';
import { expireDue } from './state-machine';

type Deps = Pick<Services, 'db' | 'mailer' | 'env' | 'logger' | 'secret' | 'payments'>;

const HOUR = 3_600_000;
/** Events older than this are history, not news: a server down for longer does not send stale notices. */
const EVENT_WINDOW_MS = 72 * HOUR;
/** How long a sender owns a claimed message before another may send it (its process died mid-send). */
const LEASE = sql`interval '2 minutes'`;

interface Due {
  bookingId: string;
  key: string;
  kind: MessageKind;
  /** The calendar SEQUENCE: how many changes the booking had when this message was due. */
  sequence: number;
  message: string | null;
}

/**
 * Decision 150: booking emails are an outbox in the database, not timers. What is due is derived from
 * durable rows (each booking event, and each confirmed booking 24 h and 2 h before it starts), so a
 * restart loses nothing; `booking_message`'s primary key is the claim, so two instances sweeping at
 * once send each message once; a claim is released when sending fails and expires when its sender died.
 * The same sweep settles deposits with the provider (decision 171).
 */
export async function sweepBookings(d: Deps, now = Date.now()): Promise<{ expired: number; sent: number; refunded: number }> {
  const expired = await d.db.transaction((tx) => expireDue(tx, undefined, now));
  const { refunded } = await settleDeposits(d);
  const due = [...(await dueFromEvents(d, now)), ...(await dueReminders(d, now))];
  let sent = 0;
  for (const m of due) if (await sendOnce(d, m)) sent++;
  return { expired: expired.length, sent, refunded };
}

/**
 * Settles the deposits and sends the due emails of these bookings now rather than at the next sweep, for
 * bookings about to be deleted with their professional's account (decision 166). Throws unless every refund
 * went through and every email is sent, by this call or by a sweep that held the claim: the caller then
 * stops, and the next try (or the sweep meanwhile) finishes what is left, once.
 */
export async function deliverNow(d: Deps, bookingIds: string[]): Promise<void> {
  if (bookingIds.length === 0) return;
  await settleDeposits(d, bookingIds);
  const due = await dueFromEvents(d, Date.now(), bookingIds);
  for (const m of due) await sendOnce(d, m);
  const [unsent, unrefunded] = await Promise.all([
    dueFromEvents(d, Date.now(), bookingIds),
    d.db
      .select({ id: booking.id })
      .from(booking)
      .where(and(inArray(booking.id, bookingIds), eq(booking.depositStatus, 'refunding'))),
  ]);
  if (unsent.length || unrefunded.length) throw new Error(`${unsent.length} emails and ${unrefunded.length} refunds not done yet`);
}

async function dueFromEvents(d: Deps, now: number, only?: string[]): Promise<Due[]> {
  const events = await d.db
    .select({
      id: bookingEvent.id,
      bookingId: bookingEvent.bookingId,
      from: bookingEvent.fromState,
      to: bookingEvent.toState,
      message: bookingEvent.message,
      at: bookingEvent.at,
    })
    .from(bookingEvent)
    .where(and(gt(bookingEvent.at, new Date(now - EVENT_WINDOW_MS)), only ? inArray(bookingEvent.bookingId, only) : undefined))
    .orderBy(bookingEvent.at)
    .limit(2000);
  if (events.length === 0) return [];
  const ids = [...new Set(events.map((e) => e.bookingId))];
  const [sent, counts] = await Promise.all([
    d.db
      .select({ bookingId: bookingMessage.bookingId, key: bookingMessage.key })
      .from(bookingMessage)
      .where(and(inArray(bookingMessage.bookingId, ids), sql`${bookingMessage.sentAt} is not null`)),
    // the sequence of an event is the number of events of its booking before it
    d.db.execute<{ id: string; n: number }>(sql`
      select e.id, (select count(*)::int from booking_event p where p.booking_id = e.booking_id and (p.created_at, p.id) < (e.created_at, e.id)) as n
      from booking_event e where e.id in (${sql.join(
        events.map((e) => sql`${e.id}`),
        sql`, `,
      )})`),
  ]);
  const done = new Set(sent.map((s) => `${s.bookingId}|${s.key}`));
  const seq = new Map(counts.rows.map((r) => [r.id, Number(r.n)]));
  return events.flatMap((e) =>
    kindsForEvent(e.from as BookingState | null, e.to as BookingState)
      .map((kind) => ({ bookingId: e.bookingId, key: `event:${e.id}:${kind}`, kind, sequence: seq.get(e.id) ?? 0, message: e.message }))
      .filter((m) => !done.has(`${m.bookingId}|${m.key}`)),
  );
}

/** Reminders 24 h and 2 h before a confirmed booking; one for a booking made after its moment had passed is skipped. */
async function dueReminders(d: Deps, now: number): Promise<Due[]> {
  const rows = await d.db
    .select({ id: booking.id, startsAt: booking.startsAt, createdAt: booking.createdAt, sequence: booking.sequence })
    .from(booking)
    .where(and(eq(booking.state, 'confirmed'), sql`${booking.startsAt} > ${new Date(now)}`, sql`${booking.startsAt} <= ${new Date(now + 24 * HOUR)}`));
  return rows.flatMap((b) => {
    const start = b.startsAt.getTime();
    const kind: MessageKind = start - now > 2 * HOUR ? 'reminder-24h' : 'reminder-2h';
    const moment = start - (kind === 'reminder-24h' ? 24 : 2) * HOUR;
    if (b.createdAt.getTime() > moment) return [];
    // keyed by the start, so a booking moved to another day is reminded again
    return [{ bookingId: b.id, key: `${kind}:${b.startsAt.toISOString()}`, kind, sequence: b.sequence, message: null }];
  });
}

async function sendOnce(d: Deps, m: Due): Promise<boolean> {
  const claimed = await d.db.execute(sql`
    insert into booking_message (booking_id, key, claimed_until) values (${m.bookingId}, ${m.key}, now() + ${LEASE})
    on conflict (booking_id, key) do update set claimed_until = excluded.claimed_until
      where booking_message.sent_at is null and booking_message.claimed_until < now()
    returning key`);
  if (claimed.rows.length === 0) return false; // sent already, or another sender holds it
  const release = () => d.db.execute(sql`update booking_message set claimed_until = now() where booking_id = ${m.bookingId} and key = ${m.key}`);
  try {
    const mail = await compose(d, m);
    if (mail) await d.mailer.send(mail);
    await d.db.execute(sql`update booking_message set sent_at = now() where booking_id = ${m.bookingId} and key = ${m.key}`);
    return !!mail;
  } catch (err) {
    d.logger.error({ err, bookingId: m.bookingId, key: m.key }, 'booking email failed; it is retried on the next sweep');
    await release();
    return false;
  }
}

async function compose(d: Deps, m: Due) {
  const [row] = await d.db
    .select({
      b: booking,
      businessName: partner.businessName,
      location: partner.location,
      partnerEmail: partner.email,
      clientName: user.name,
      clientEmail: user.email,
    })
    .from(booking)
    .innerJoin(partner, eq(partner.userId, booking.partnerId))
    .leftJoin(user, eq(user.id, booking.clientId))
    .where(eq(booking.id, m.bookingId));
  if (!row) return null;
  const b: BookingRow = row.b;
  const settings = await settingsOf(d.db, salonOf(b));
  return bookingMail(m.kind, {
    booking: b,
    businessName: row.businessName,
    location: row.location,
    partnerEmail: row.partnerEmail,
    clientName: b.clientId ? row.clientName || 'A client' : FORMER_CLIENT,
    clientEmail: row.clientEmail,
    timeZone: settings.timeZone,
    sequence: m.sequence,
    manageUrl: `${d.env.publicUrl}/bookings/manage/${manageToken(d.secret, b.id)}`,
    agendaUrl: `${d.env.publicUrl}/partner/bookings`,
    message: m.message,
  });
}

/** Sweeps now and then every `intervalMs` (expiries and emails); returns a stop function. */
export function startBookingSweeper(d: Deps, intervalMs = 15_000): () => Promise<void> {
  let running: Promise<unknown> = Promise.resolve();
  const tick = () => {
    running = running.then(() => sweepBookings(d)).catch((err: unknown) => d.logger.error({ err }, 'booking sweep failed'));
  };
  tick();
  const timer = setInterval(tick, intervalMs);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
