/**
 * Booking emails (decision 150): each change and each reminder is sent once with its .ics (UTC times, one
 * UID, a rising SEQUENCE, METHOD:CANCEL on a cancel); a restart between the change and the sweep neither
 * loses nor repeats one, and two instances sweeping at once send once.
 */
import os from 'node:os';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/server/db/client';
import { booking, bookingMessage, bookingService, bookingSettings, partner, user } from '../../src/server/db/schema';
import { createBooking } from '../../src/server/features/booking/create-booking';
import { sweepBookings } from '../../src/server/features/booking/outbox';
import { loadEnv } from '../../src/server/env';
import { createLogger } from '../../src/server/lib/logger';
import { createServices } from '../../src/server/services';
import { freshDatabase, postgresAvailable } from '../support/test-db';
import { MemoryMailer, useTestApp } from '../support/test-app';
import { book, bookablePro, cutService, everyDay, wallTime, ZONE } from './booking-helpers';

const ics = (m: { icalEvent?: { content: string } } | undefined) => m?.icalEvent?.content.replace(/\r\n /g, '') ?? '';
const field = (text: string, name: string) => text.match(new RegExp(`^${name}[:;](.*)$`, 'm'))?.[1];

describe('booking emails', () => {
  const t = useTestApp('pglite', {}, { sweeper: false });
  const sweep = () => sweepBookings(t.services);

  it('confirmation, move and cancel each go once, with one UID, a rising SEQUENCE and METHOD:CANCEL at the end', async () => {
    const pro = await bookablePro(t);
    const client = await t.signedInUser({ name: 'Ada <b>Bold</b>' });
    const made = await book(t, client.cookie, {
      serviceId: pro.serviceIds[0],
      start: wallTime(5, '10:00'),
      note: 'Allergic; see <script>alert(1)</script>\nthanks',
    });
    const { booking: b } = (await made.json()) as { booking: { id: string } };
    t.mailer.sent = [];
    expect((await sweep()).sent).toBe(2);
    expect((await sweep()).sent).toBe(0);
    const confirmation = t.mailer.lastTo(client.email)!;
    expect(confirmation.subject).toBe('Booked: Cut & finish at Pat Hair');
    const one = ics(confirmation);
    expect(field(one, 'METHOD')).toBe('REQUEST');
    expect(field(one, 'UID')).toBe(`booking-${b.id}@tress`);
    expect(field(one, 'SEQUENCE')).toBe('0');
    expect(field(one, 'DTSTART')).toBe(new Date(wallTime(5, '10:00')).toISOString().replace(/[-:]/g, '').replace('.000', ''));
    expect(confirmation.link).toMatch(new RegExp(`/bookings/manage/${b.id}\\.`));

    const toPro = t.mailer.lastTo(pro.email)!;
    expect(toPro.html).toContain('&lt;script&gt;');
    expect(toPro.html).not.toContain('<script>');
    expect(toPro.html).toContain('Ada &lt;b&gt;Bold&lt;/b&gt;');
    const proIcs = ics(toPro);
    expect(proIcs).toContain('DESCRIPTION:Allergic\\; see <script>alert(1)</script>\\nthanks');
    expect(proIcs.split('\n').filter((l) => l.startsWith('BEGIN:VEVENT'))).toHaveLength(1);

    await t.request(`/api/bookings/${b.id}/reschedule`, { method: 'POST', cookie: client.cookie, json: { start: wallTime(5, '11:00') } });
    await t.request(`/api/bookings/${b.id}/cancel`, { method: 'POST', cookie: client.cookie });
    t.mailer.sent = [];
    await sweep();
    const toClient = t.mailer.sent.filter((m) => m.to === client.email);
    expect(toClient.map((m) => m.subject)).toEqual(['Moved: Cut & finish at Pat Hair', 'Cancelled: Cut & finish at Pat Hair']);
    const [moved, cancelled] = toClient.map(ics);
    expect([field(moved, 'SEQUENCE'), field(cancelled, 'SEQUENCE')]).toEqual(['1', '2']);
    expect(field(moved, 'UID')).toBe(`booking-${b.id}@tress`);
    expect(field(cancelled, 'UID')).toBe(`booking-${b.id}@tress`);
    expect(field(cancelled, 'METHOD')).toBe('CANCEL');
    expect(field(cancelled, 'STATUS')).toBe('CANCELLED');
    expect(t.mailer.sent.filter((m) => m.to === pro.email).map((m) => m.subject.split(':')[0])).toEqual(['Moved', 'Cancelled']);
  }, 60_000);

  it('requests: received, accepted, declined and expired after 24 hours unanswered', async () => {
    const pro = await bookablePro(t, [cutService({ confirmation: 'request' })]);
    const client = await t.signedInUser();
    const ids: string[] = [];
    for (const at of ['10:00', '12:00', '15:00']) {
      const res = await book(t, client.cookie, { serviceId: pro.serviceIds[0], start: wallTime(6, at) });
      ids.push(((await res.json()) as { booking: { id: string } }).booking.id);
    }
    const act = (id: string, action: string) =>
      t.request(`/api/partner/bookings/${id}/actions`, { method: 'POST', cookie: pro.cookie, json: { action, message: 'Fully booked; sorry' } });
    await act(ids[0], 'accept');
    await act(ids[1], 'decline');
    await t.services.db
      .update(booking)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(booking.id, ids[2]));
    t.mailer.sent = [];
    const { expired } = await sweep();
    expect(expired).toBe(1);
    const subjects = t.mailer.sent.filter((m) => m.to === client.email).map((m) => m.subject.split(':')[0]);
    expect(subjects.sort()).toEqual(['Confirmed', 'Not this time', 'Request expired', 'Request sent', 'Request sent', 'Request sent']);
    const declined = t.mailer.sent.find((m) => m.subject.startsWith('Not this time'))!;
    expect(declined.text).toContain('Fully booked; sorry');
    expect(field(ics(declined), 'METHOD')).toBe('CANCEL');
    expect(field(ics(t.mailer.sent.find((m) => m.subject.startsWith('Request sent'))), 'STATUS')).toBe('TENTATIVE');
    // the expired request's time is free again
    const other = await t.signedInUser();
    expect((await book(t, other.cookie, { serviceId: pro.serviceIds[0], start: wallTime(6, '15:00') })).status).toBe(201);
  }, 60_000);

  it('reminders 24 hours and 2 hours before, once each, and none for a booking made after its moment', async () => {
    const pro = await bookablePro(t);
    const client = await t.signedInUser();
    const res = await book(t, client.cookie, { serviceId: pro.serviceIds[0], start: wallTime(9, '10:00') });
    const id = ((await res.json()) as { booking: { id: string } }).booking.id;
    await sweep();
    const HOUR = 3_600_000;
    const at = (startIn: number, createdAgo: number) =>
      t.services.db
        .update(booking)
        .set({ startsAt: new Date(Date.now() + startIn), endsAt: new Date(Date.now() + startIn + HOUR), createdAt: new Date(Date.now() - createdAgo) })
        .where(eq(booking.id, id));
    await at(20 * HOUR, 2 * HOUR); // booked 22 h ahead: no 24 h reminder (it was booked inside that window)
    t.mailer.sent = [];
    await sweep();
    expect(t.mailer.sent).toEqual([]);
    await at(23 * HOUR, 3 * 24 * HOUR);
    await sweep();
    await sweep();
    expect(t.mailer.sent.map((m) => m.subject)).toEqual(['Tomorrow: Cut & finish at Pat Hair']);
    await at(HOUR, 3 * 24 * HOUR);
    await sweep();
    await sweep();
    expect(t.mailer.sent.map((m) => m.subject)).toEqual(['Tomorrow: Cut & finish at Pat Hair', 'Soon: Cut & finish at Pat Hair']);
    expect(ics(t.mailer.sent[1])).toContain(`UID:booking-${id}@tress`);
  }, 60_000);

  it('a failed send is retried on the next sweep, and a claim whose sender died is taken over', async () => {
    const pro = await bookablePro(t);
    const client = await t.signedInUser();
    await sweep();
    const real = t.mailer.send.bind(t.mailer);
    t.mailer.send = async () => {
      throw new Error('SMTP down');
    };
    await book(t, client.cookie, { serviceId: pro.serviceIds[0], start: wallTime(10, '10:00') });
    expect((await sweep()).sent).toBe(0);
    t.mailer.send = real;
    t.mailer.sent = [];
    expect((await sweep()).sent).toBe(2);
    // a sender that claimed and died: its lease runs out and the message goes
    const res = await book(t, client.cookie, { serviceId: pro.serviceIds[0], start: wallTime(10, '14:00') });
    const id = ((await res.json()) as { booking: { id: string } }).booking.id;
    const [event] = (await t.services.db.execute<{ id: string }>(sql`select id from booking_event where booking_id = ${id}`)).rows;
    await t.services.db.insert(bookingMessage).values({ bookingId: id, key: `event:${event.id}:confirmed`, claimedUntil: new Date(Date.now() + 60_000) });
    t.mailer.sent = [];
    await sweep();
    expect(t.mailer.sent.map((m) => m.to)).toEqual([pro.email]); // the client's is held by the live claim
    await t.services.db
      .update(bookingMessage)
      .set({ claimedUntil: new Date(Date.now() - 1) })
      .where(eq(bookingMessage.bookingId, id));
    await sweep();
    expect(t.mailer.sent.map((m) => m.to)).toEqual([pro.email, client.email]);
  }, 60_000);

  it('serves the professional’s private calendar feed until it is renewed', async () => {
    const pro = await bookablePro(t);
    const client = await t.signedInUser();
    await book(t, client.cookie, { serviceId: pro.serviceIds[0], start: wallTime(11, '10:00'), note: 'Line one\nline two' });
    const { url } = (await (await t.request('/api/partner/calendar-feed', { cookie: pro.cookie })).json()) as { url: string };
    const path = new URL(url).pathname;
    const res = await t.request(path);
    expect(res.headers.get('content-type')).toMatch(/text\/calendar/);
    const text = (await res.text()).replace(/\r\n /g, '');
    expect(text).toContain('SUMMARY:Cut & finish: ');
    expect(text).toContain('DESCRIPTION:Line one\\nline two');
    expect(text).not.toContain('METHOD:');
    const renewed = (await (await t.request('/api/partner/calendar-feed/renew', { method: 'POST', cookie: pro.cookie })).json()) as { url: string };
    expect(renewed.url).not.toBe(url);
    expect((await t.request(path)).status).toBe(404);
    expect((await t.request(new URL(renewed.url).pathname)).status).toBe(200);
    expect((await t.request('/calendar/guess.ics')).status).toBe(404);
    expect((await t.request('/api/partner/calendar-feed', { cookie: client.cookie })).status).toBe(403);
  }, 60_000);
});

describe.runIf(await postgresAvailable())('booking emails across restarts and instances on postgres', () => {
  it('a restart between the change and the sweep neither loses nor repeats a message; two instances send once', async () => {
    const first = await freshDatabase('postgres'); // dropped at the end; every instance opens its own pool on it
    const url = first.url!;
    const instance = async () => {
      const mailer = new MemoryMailer();
      const services = await createServices(
        loadEnv({
          NODE_ENV: 'test',
          PORT: '3999',
          DATA_DIR: os.tmpdir(),
          AUTH_SECRET: 'test-secret-test-secret-test-secret',
          LOG_LEVEL: 'silent',
          DATABASE_URL: url,
        }),
        { database: await openDatabase({ databaseUrl: url, dataDir: null }), mailer, logger: createLogger('silent'), sweeper: false },
      );
      return { services, mailer };
    };
    try {
      const a = await instance();
      const db = a.services.db;
      await db.insert(user).values([
        { id: 'pro-1', name: 'Pro', email: 'pro-1@example.com', emailVerified: true },
        { id: 'client-1', name: 'Client', email: 'client-1@example.com', emailVerified: true },
      ]);
      await db
        .insert(partner)
        .values({ userId: 'pro-1', email: 'pro-1@example.com', fullName: 'Pro', businessName: 'Studio', subscriptionStatus: 'active', profileComplete: true });
      await db.insert(bookingSettings).values({ partnerId: 'pro-1', timeZone: ZONE, weekly: everyDay().weekly, minNoticeMinutes: 0 });
      const [svc] = await db
        .insert(bookingService)
        .values({ partnerId: 'pro-1', name: 'Cut', chairMinutes: 60, priceKind: 'fixed', priceCents: 5000 })
        .returning();
      await createBooking(a.services, 'client-1', { serviceId: svc.id, start: wallTime(5, '10:00'), idempotencyKey: 'restart-key-1' });
      // instance A stops before any sweep: nothing was sent yet
      await a.services.close();
      expect(a.mailer.sent).toEqual([]);

      const b = await instance();
      expect((await sweepBookings(b.services)).sent).toBe(2);
      await b.services.close();
      const c = await instance();
      expect((await sweepBookings(c.services)).sent).toBe(0);
      expect(c.mailer.sent).toEqual([]);

      const d = await instance();
      await createBooking(c.services, 'client-1', { serviceId: svc.id, start: wallTime(5, '14:00'), idempotencyKey: 'restart-key-2' });
      const [x, y] = await Promise.all([sweepBookings(c.services), sweepBookings(d.services)]);
      const sent = [...c.mailer.sent, ...d.mailer.sent];
      expect(x.sent + y.sent).toBe(2);
      expect(sent.map((m) => m.to).sort()).toEqual(['client-1@example.com', 'pro-1@example.com']);

      // a reminder comes due (the booking is now 23 hours away, made days ago): the instance that would send it
      // stops first, the next sends it once, and two sweeping at once after that send nothing more
      const [first] = await c.services.db.select({ id: booking.id }).from(booking).where(eq(booking.idempotencyKey, 'restart-key-1'));
      const soon = Date.now() + 23 * 3_600_000;
      await c.services.db
        .update(booking)
        .set({ startsAt: new Date(soon), endsAt: new Date(soon + 3_600_000), createdAt: new Date(Date.now() - 3 * 86_400_000) })
        .where(eq(booking.id, first.id));
      await c.services.close();
      c.mailer.sent = [];
      d.mailer.sent = [];
      const e = await instance();
      const [p, q] = await Promise.all([sweepBookings(d.services), sweepBookings(e.services)]);
      expect(p.sent + q.sent).toBe(1);
      expect([...d.mailer.sent, ...e.mailer.sent].map((m) => [m.to, m.subject])).toEqual([['client-1@example.com', 'Tomorrow: Cut at Studio']]);
      expect((await sweepBookings(e.services)).sent + (await sweepBookings(d.services)).sent).toBe(0);
      await d.services.close();
      await e.services.close();
    } finally {
      await first.close();
    }
  }, 120_000);
});
