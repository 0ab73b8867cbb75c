/**
 * Deleting an account that has bookings (decision 166, amending 154): a client's upcoming bookings are cancelled
 * by the client on time, the professional told and the deposit refunded by the sweep, and the past visits stay
 * with the professional without the person; a professional's upcoming bookings are cancelled by the salon, the
 * clients told and refunded before the listing goes, or the deletion stops, and the clients keep every booking in
 * My bookings under the salon's name (decision 191).
 */
import { eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { booking, bookingEvent, user } from '../../src/server/db/schema';
import { sweepBookings } from '../../src/server/features/booking/outbox';
import { dbKinds } from '../support/db-kinds';
import { deleteAccount, useTestApp, type TestApp } from '../support/test-app';
import { book, connectedPro, cutService, paidBooking, wallTime, withDeposit, type Created } from './booking-helpers';

/** Every recorded step of these bookings, as text: what the tests search for an id that should be gone. */
const historyText = async (t: TestApp, ids: string[]) =>
  JSON.stringify(await t.services.db.select().from(bookingEvent).where(inArray(bookingEvent.bookingId, ids)));

const rowsOf = (t: TestApp, ids: string[]) => t.services.db.select().from(booking).where(inArray(booking.id, ids));

/** A booking moved into the past and marked completed by its professional, as a visit that happened. */
async function pastVisit(t: TestApp, pro: { cookie: string; serviceIds: string[] }, clientCookie: string, note: string) {
  const res = await book(t, clientCookie, { serviceId: pro.serviceIds[1], start: wallTime(6, '10:00'), note });
  const { booking: b } = (await res.json()) as Created;
  await t.services.db
    .update(booking)
    .set({ startsAt: new Date(Date.now() - 3 * 86_400_000), endsAt: new Date(Date.now() - 3 * 86_400_000 + 3_600_000) })
    .where(eq(booking.id, b.id));
  const done = await t.request(`/api/partner/bookings/${b.id}/actions`, { method: 'POST', cookie: pro.cookie, json: { action: 'complete' } });
  expect(done.status).toBe(200);
  return b.id;
}

/** Records the sandbox's deposit refunds (it moves no money) while still making them through the provider. */
function recordRefunds(t: TestApp) {
  const refunds: { paymentId: string; amountCents: number }[] = [];
  const real = t.services.payments.deposits.refund.bind(t.services.payments.deposits);
  t.services.payments.deposits.refund = async (r) => {
    refunds.push({ paymentId: r.paymentId, amountCents: r.amountCents });
    await real(r);
  };
  return refunds;
}

describe.each(dbKinds)('deleting an account with bookings on %s', (kind) => {
  const t = useTestApp(kind, {}, { sweeper: false });

  it(
    'a client leaving: upcoming bookings cancelled on time and refunded, the professional told, past visits kept without the person',
    { timeout: 120_000 },
    async () => {
      const pro = await connectedPro(t, [withDeposit(), cutService()]);
      // a week's window makes every booking below a late cancel for a client who stays
      const policy = { cancellationWindowHours: 168, lateCancelFeePercent: 50, noShowFeePercent: 100 };
      expect((await t.request('/api/partner/policy', { method: 'PUT', cookie: pro.cookie, json: policy })).status).toBe(200);
      const client = await t.signedInUser({ name: 'Dana Leaving' });
      const stays = await t.signedInUser({ name: 'Sam Staying' });
      const paid = await paidBooking(t, client.cookie, pro.serviceIds[0], wallTime(3, '10:00'));
      const held = ((await (await book(t, client.cookie, { serviceId: pro.serviceIds[0], start: wallTime(4, '10:00') })).json()) as Created).booking.id;
      const plain = (
        (await (await book(t, client.cookie, { serviceId: pro.serviceIds[1], start: wallTime(5, '10:00'), note: 'Allergic to PPD' })).json()) as Created
      ).booking.id;
      const past = await pastVisit(t, pro, client.cookie, 'My sister recommended you');
      const other = ((await (await book(t, stays.cookie, { serviceId: pro.serviceIds[1], start: wallTime(5, '12:00') })).json()) as Created).booking.id;
      await sweepBookings(t.services);
      t.mailer.sent = [];
      const refunds = recordRefunds(t);

      expect((await deleteAccount(t, client.cookie, 'password123')).status).toBe(200);
      expect(await t.services.db.select().from(user).where(eq(user.id, client.id))).toEqual([]);

      const rows = new Map((await rowsOf(t, [paid, held, plain, past, other])).map((r) => [r.id, r]));
      for (const id of [paid, held, plain]) expect(rows.get(id), id).toMatchObject({ state: 'cancelled_by_client', late: false, clientId: null, note: '' });
      expect(rows.get(paid)).toMatchObject({ depositStatus: 'refunding', depositRefundCents: 3000 });
      expect(rows.get(held)).toMatchObject({ depositStatus: 'none' });
      expect(rows.get(past)).toMatchObject({ state: 'completed', clientId: null, note: '' });
      expect(rows.get(other)).toMatchObject({ state: 'confirmed', clientId: stays.id });
      // the moves are recorded as the client's, with no id left that points at the person
      const history = await t.services.db.select().from(bookingEvent).where(eq(bookingEvent.bookingId, paid));
      expect(history.at(-1)).toMatchObject({ fromState: 'confirmed', toState: 'cancelled_by_client', actor: 'client', actorId: null });
      expect(await historyText(t, [paid, held, plain, past])).not.toContain(client.id);

      // the sweep refunds the deposit in full and tells the professional of each cancel; the deleted client gets nothing
      const swept = await sweepBookings(t.services);
      expect(swept.refunded).toBe(1);
      expect(refunds).toEqual([{ paymentId: rows.get(paid)!.depositPaymentId, amountCents: 3000 }]);
      expect(t.mailer.sent.filter((m) => m.to === client.email)).toEqual([]);
      const toPro = t.mailer.sent.filter((m) => m.to === pro.email);
      // the paid and the plain booking; the hold never paid was never on the agenda, so its end is not news
      expect(toPro.map((m) => m.subject)).toEqual([expect.stringMatching(/^Cancelled: /), expect.stringMatching(/^Cancelled: /)]);
      expect(toPro.every((m) => m.replyTo === undefined && m.icalEvent?.content.includes('METHOD:CANCEL'))).toBe(true);
      expect(JSON.stringify(toPro)).not.toMatch(/Dana|Allergic|PPD/);
      expect((await sweepBookings(t.services)).sent).toBe(0);

      // the agenda keeps the visits, signed "Former client", with nothing of the person
      const from = new Date(Date.now() - 7 * 86_400_000).toISOString().slice(0, 10);
      const to = new Date(Date.now() + 14 * 86_400_000).toISOString().slice(0, 10);
      const agenda = await (await t.request(`/api/partner/bookings?from=${from}&to=${to}`, { cookie: pro.cookie })).json();
      const kept = (agenda as { bookings: { id: string; client: unknown; state: string }[] }).bookings.find((b) => b.id === past)!;
      expect(kept).toMatchObject({ state: 'completed', client: { id: null, name: 'Former client', email: null } });
      expect(JSON.stringify(agenda)).not.toMatch(new RegExp(`Dana|${client.email}|recommended|Allergic`));
    },
  );

  it(
    'a professional leaving: upcoming bookings cancelled by the salon, clients told and refunded first, or nothing is deleted',
    { timeout: 120_000 },
    async () => {
      const pro = await connectedPro(t, [withDeposit({ name: 'Closing balayage' }), cutService()]);
      const client = await t.signedInUser({ name: 'Nadia Client' });
      const paid = await paidBooking(t, client.cookie, pro.serviceIds[0], wallTime(3, '10:00'));
      const held = ((await (await book(t, client.cookie, { serviceId: pro.serviceIds[0], start: wallTime(4, '10:00') })).json()) as Created).booking.id;
      const plain = ((await (await book(t, client.cookie, { serviceId: pro.serviceIds[1], start: wallTime(5, '10:00') })).json()) as Created).booking.id;
      const past = await pastVisit(t, pro, client.cookie, '');
      await sweepBookings(t.services);
      t.mailer.sent = [];
      const refunds = recordRefunds(t);

      // the email cannot go out: the account stays, the bookings are already cancelled and the refund made
      const send = t.mailer.send.bind(t.mailer);
      t.mailer.send = async () => {
        throw new Error('smtp down');
      };
      const refused = await deleteAccount(t, pro.cookie, 'password123');
      expect(refused.status).toBe(503);
      expect((await refused.json()).error.message).toMatch(/couldn’t tell your clients/);
      expect(await t.services.db.select({ id: user.id }).from(user).where(eq(user.id, pro.id))).toHaveLength(1);
      const mid = new Map((await rowsOf(t, [paid, held, plain, past])).map((r) => [r.id, r]));
      for (const id of [paid, held, plain]) expect(mid.get(id)!.state, id).toBe('cancelled_by_professional');
      expect(mid.get(paid)).toMatchObject({ depositStatus: 'refunded', depositRefundCents: 3000 });
      expect(mid.get(past)!.state).toBe('completed');

      t.mailer.send = send;
      expect((await deleteAccount(t, pro.cookie, 'password123')).status).toBe(200);
      expect(refunds).toEqual([{ paymentId: mid.get(paid)!.depositPaymentId, amountCents: 3000 }]);
      const toClient = t.mailer.sent.filter((m) => m.to === client.email);
      expect(toClient).toHaveLength(3);
      expect(toClient.every((m) => m.subject.startsWith('Cancelled by ') && m.icalEvent?.content.includes('METHOD:CANCEL'))).toBe(true);
      expect(toClient.find((m) => m.text.includes('Closing balayage') && m.text.includes('refunded in full'))).toBeTruthy();
      // the client keeps every booking in My bookings, cancelled by the salon or the visit that happened, under the
      // salon's name and in its zone, with nothing left to act on or link to (decision 191)
      const mine = (await (await t.request('/api/bookings', { cookie: client.cookie })).json()) as {
        upcoming: { id: string; state: string; timeZone: string; partner: unknown; service: { id: unknown; name: string }; can: Record<string, boolean> }[];
        past: { id: string; state: string; partner: unknown }[];
      };
      const left = { id: null, slug: null, businessName: 'Pat Hair', location: '' };
      expect(mine.upcoming.map((b) => [b.id, b.state])).toEqual([
        [paid, 'cancelled_by_professional'],
        [held, 'cancelled_by_professional'],
        [plain, 'cancelled_by_professional'],
      ]);
      for (const b of mine.upcoming) {
        expect(b).toMatchObject({ partner: left, timeZone: 'America/New_York', can: { reschedule: false, cancel: false, finish: false } });
        expect(b.service.id).toBeNull();
      }
      expect(mine.upcoming[0].service.name).toBe('Closing balayage');
      expect(mine.past).toMatchObject([{ id: past, state: 'completed', partner: left }]);
      const moved = await t.request(`/api/bookings/${plain}/reschedule`, { method: 'POST', cookie: client.cookie, json: { start: wallTime(6, '10:00') } });
      expect(moved.status).toBe(409);
      // nothing of the professional is left in the history, and nothing more is sent
      expect(await historyText(t, [paid, held, plain, past])).not.toContain(pro.id);
      expect((await sweepBookings(t.services)).sent).toBe(0);
    },
  );
});
