/**
 * Change of plans (issue 33): the client moves or cancels from "My bookings" or the signed link of an
 * email, within the policy; the professional answers requests, cancels, marks completed or no-show, and
 * blocks time. Every change is recorded with who made it.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { booking } from '../../src/server/db/schema';
import { manageToken } from '../../src/server/features/booking/manage-link';
import { useTestApp } from '../support/test-app';
import { book, bookablePro, cutService, wallTime } from './booking-helpers';

interface View {
  id: string;
  state: string;
  late: boolean;
  start: string;
  can: { reschedule: boolean; cancel: boolean; cancelIsLate: boolean; finish: boolean };
  history: { from: string | null; to: string; actor: string }[];
}
const viewOf = async (res: Response) => (await res.json()) as View;

describe('changing a booking', () => {
  const t = useTestApp('pglite');

  it('the client reschedules and cancels from my bookings; the old time is free again', async () => {
    const pro = await bookablePro(t);
    const client = await t.signedInUser();
    const made = await book(t, client.cookie, { serviceId: pro.serviceIds[0], start: wallTime(5, '10:00') });
    const { booking: b } = (await made.json()) as { booking: View };
    expect(b.can).toEqual({ reschedule: true, cancel: true, cancelIsLate: false, finish: false });
    // moving by less than its own length does not collide with itself
    const moved = await t.request(`/api/bookings/${b.id}/reschedule`, { method: 'POST', cookie: client.cookie, json: { start: wallTime(5, '10:30') } });
    expect(moved.status).toBe(200);
    expect((await viewOf(moved)).start).toBe(wallTime(5, '10:30'));
    const other = await t.signedInUser();
    expect((await book(t, other.cookie, { serviceId: pro.serviceIds[0], start: wallTime(5, '09:30') })).status).toBe(201);
    const mine = (await (await t.request('/api/bookings', { cookie: client.cookie })).json()) as { upcoming: View[]; past: View[] };
    expect(mine.upcoming.map((x) => x.id)).toEqual([b.id]);
    const cancelled = await viewOf(await t.request(`/api/bookings/${b.id}/cancel`, { method: 'POST', cookie: client.cookie }));
    expect(cancelled).toMatchObject({ state: 'cancelled_by_client', late: false });
    expect(cancelled.history.map((h) => [h.from, h.to, h.actor])).toEqual([
      [null, 'confirmed', 'client'],
      ['confirmed', 'confirmed', 'client'],
      ['confirmed', 'cancelled_by_client', 'client'],
    ]);
    expect((await book(t, other.cookie, { serviceId: pro.serviceIds[0], start: wallTime(5, '10:30') })).status).toBe(201);
    expect((await t.request(`/api/bookings/${b.id}/cancel`, { method: 'POST', cookie: client.cookie })).status).toBe(409);
  }, 60_000);

  it('inside the cancellation window a cancel is late and a move is refused', async () => {
    const pro = await bookablePro(t);
    await t.request('/api/partner/policy', {
      method: 'PUT',
      cookie: pro.cookie,
      json: { cancellationWindowHours: 168, lateCancelFeePercent: 50, noShowFeePercent: 100, note: 'Deposits are kept on late cancels.' },
    });
    const client = await t.signedInUser();
    const { booking: b } = (await (await book(t, client.cookie, { serviceId: pro.serviceIds[0], start: wallTime(2, '10:00') })).json()) as { booking: View };
    expect(b.can.cancelIsLate).toBe(true);
    const move = await t.request(`/api/bookings/${b.id}/reschedule`, { method: 'POST', cookie: client.cookie, json: { start: wallTime(2, '11:00') } });
    expect(move.status).toBe(409);
    const cancelled = await viewOf(await t.request(`/api/bookings/${b.id}/cancel`, { method: 'POST', cookie: client.cookie }));
    expect(cancelled).toMatchObject({ state: 'cancelled_by_client', late: true });
  }, 60_000);

  it('the signed link of an email opens, moves and cancels its one booking; a forged link does not', async () => {
    const pro = await bookablePro(t);
    const client = await t.signedInUser();
    const { booking: b } = (await (await book(t, client.cookie, { serviceId: pro.serviceIds[0], start: wallTime(6, '10:00') })).json()) as { booking: View };
    const token = manageToken(t.services.secret, b.id);
    expect((await t.request(`/api/booking-links/${token}`)).status).toBe(200);
    const moved = await t.request(`/api/booking-links/${token}/reschedule`, { method: 'POST', json: { start: wallTime(6, '15:00') } });
    expect((await viewOf(moved)).start).toBe(wallTime(6, '15:00'));
    const [second] = await t.services.db.select().from(booking).where(eq(booking.clientId, client.id));
    const forged = `${second.id}.${token.split('.')[1]}`;
    const before = await t.services.db.select().from(booking).where(eq(booking.id, b.id));
    expect((await t.request(`/api/booking-links/${b.id}.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA/cancel`, { method: 'POST' })).status).toBe(404);
    expect((await t.request(`/api/booking-links/${forged.replace(second.id, 'x' + second.id)}/cancel`, { method: 'POST' })).status).toBe(404);
    expect(await t.services.db.select().from(booking).where(eq(booking.id, b.id))).toEqual(before);
    const cancelled = await viewOf(await t.request(`/api/booking-links/${token}/cancel`, { method: 'POST' }));
    expect(cancelled.state).toBe('cancelled_by_client');
  }, 60_000);

  it('the professional accepts or declines requests, cancels, and marks completed only after the start', async () => {
    const pro = await bookablePro(t, [cutService({ confirmation: 'request' })]);
    const client = await t.signedInUser();
    const make = async (day: number, at: string) =>
      ((await (await book(t, client.cookie, { serviceId: pro.serviceIds[0], start: wallTime(day, at) })).json()) as { booking: View }).booking;
    const a = await make(3, '10:00');
    const d = await make(3, '12:00');
    expect(a.state).toBe('pending');
    const act = (id: string, action: string) => t.request(`/api/partner/bookings/${id}/actions`, { method: 'POST', cookie: pro.cookie, json: { action } });
    const agenda = (await (
      await t.request(`/api/partner/bookings?from=${wallTime(3, '10:00').slice(0, 10)}&to=${wallTime(3, '10:00').slice(0, 10)}`, { cookie: pro.cookie })
    ).json()) as {
      bookings: View[];
    };
    expect(agenda.bookings.map((x) => x.state)).toEqual(['pending', 'pending']);
    const accepted = await viewOf(await act(a.id, 'accept'));
    expect(accepted).toMatchObject({ state: 'confirmed', can: { finish: false, cancel: true } });
    expect((await viewOf(await act(d.id, 'decline'))).state).toBe('declined');
    expect((await act(d.id, 'accept')).status).toBe(409);
    expect((await act(a.id, 'complete')).status).toBe(409); // not started yet
    // the appointment took place: move it into the past the way time would
    await t.services.db
      .update(booking)
      .set({ startsAt: new Date(Date.now() - 3_600_000), endsAt: new Date(Date.now() - 1_800_000) })
      .where(eq(booking.id, a.id));
    // the agenda offers finishing it once the server's clock is past the start (decision 169), and no longer a cancel
    const started = (await (
      await t.request(`/api/partner/bookings?from=${new Date(Date.now() - 86_400_000).toISOString().slice(0, 10)}&to=${wallTime(3, '10:00').slice(0, 10)}`, {
        cookie: pro.cookie,
      })
    ).json()) as { bookings: View[] };
    expect(started.bookings.find((x) => x.id === a.id)).toMatchObject({ can: { finish: true, cancel: false } });
    const done = await viewOf(await act(a.id, 'complete'));
    expect(done.state).toBe('completed');
    expect(done.history.at(-1)).toMatchObject({ from: 'confirmed', to: 'completed', actor: 'professional' });
    const c = await make(4, '10:00');
    await act(c.id, 'accept');
    const cancelled = await viewOf(await act(c.id, 'cancel'));
    expect(cancelled.state).toBe('cancelled_by_professional');
  }, 60_000);

  it('the professional blocks time; clients cannot book it and it cannot cover a booking', async () => {
    const pro = await bookablePro(t);
    const client = await t.signedInUser();
    const block = await t.request('/api/partner/blocks', {
      method: 'POST',
      cookie: pro.cookie,
      json: { start: wallTime(8, '09:00'), end: wallTime(8, '12:00'), label: 'Training' },
    });
    expect(block.status).toBe(201);
    const { id } = (await block.json()) as { id: string };
    expect((await book(t, client.cookie, { serviceId: pro.serviceIds[0], start: wallTime(8, '10:00') })).status).toBe(409);
    expect((await book(t, client.cookie, { serviceId: pro.serviceIds[0], start: wallTime(8, '14:00') })).status).toBe(201);
    const over = await t.request('/api/partner/blocks', {
      method: 'POST',
      cookie: pro.cookie,
      json: { start: wallTime(8, '14:00'), end: wallTime(8, '16:00'), label: '' },
    });
    expect(over.status).toBe(409);
    expect((await t.request(`/api/partner/blocks/${id}`, { method: 'DELETE', cookie: pro.cookie })).status).toBe(200);
    expect((await book(t, client.cookie, { serviceId: pro.serviceIds[0], start: wallTime(8, '10:00') })).status).toBe(201);
  }, 60_000);
});
