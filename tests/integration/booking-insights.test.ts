/**
 * "Booked through Tress" in the professional's insights (issue 33 §9, decision 167): their own bookings by
 * period, by where the client started, and with a try-on attached; never another's, never a deposit hold
 * that was not paid, and unchanged by a later cancel or a deleted render.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { booking, creation } from '../../src/server/db/schema';
import { dbKinds } from '../support/db-kinds';
import { useTestApp, type TestApp } from '../support/test-app';
import { book, bookablePro, connectedPro, withDeposit, wallTime } from './booking-helpers';

type Counts = { total: number; withLook: number; bySource: Record<'studio' | 'portfolio' | 'directory' | 'profile', number> };
const booked = async (t: TestApp, cookie: string) =>
  ((await (await t.request('/api/partner/insights', { cookie })).json()) as { booked: { last: Counts; previous: Counts } }).booked;

async function creationOf(t: TestApp, userId: string) {
  const id = crypto.randomUUID();
  await t.services.db
    .insert(creation)
    .values({ id, userId, prompt: 'copper balayage', inputKey: `creations/${userId}/${id}-in.png`, outputKey: `creations/${userId}/${id}-out.png`, meta: {} });
  return id;
}

describe.each(dbKinds)('booked through Tress on %s', (kind) => {
  const t = useTestApp(kind, {}, { sweeper: false });

  it('counts the professional’s own bookings by period, source and attached look', { timeout: 120_000 }, async () => {
    const pro = await bookablePro(t);
    const other = await bookablePro(t);
    const zero = { total: 0, withLook: 0, bySource: { studio: 0, portfolio: 0, directory: 0, profile: 0 } };
    expect(await booked(t, pro.cookie)).toEqual({ last: zero, previous: zero });

    const client = await t.signedInUser();
    const look = await creationOf(t, client.id);
    const ids: string[] = [];
    for (const [day, body] of [
      [2, { source: 'studio', creationId: look }],
      [3, { source: 'directory' }],
      [4, { source: 'profile' }],
      [5, {}],
    ] as const) {
      const res = await book(t, client.cookie, { serviceId: pro.serviceIds[0], start: wallTime(day, '10:00'), ...body });
      expect(res.status).toBe(201);
      ids.push(((await res.json()) as { booking: { id: string } }).booking.id);
    }
    // another professional's booking is theirs alone
    expect((await book(t, client.cookie, { serviceId: other.serviceIds[0], start: wallTime(2, '10:00'), source: 'studio' })).status).toBe(201);
    // a booking made 40 days ago belongs to the period before
    await t.services.db
      .update(booking)
      .set({ createdAt: new Date(Date.now() - 40 * 86_400_000) })
      .where(eq(booking.id, ids[3]));

    const first = await booked(t, pro.cookie);
    expect(first).toEqual({
      last: { total: 3, withLook: 1, bySource: { studio: 1, portfolio: 0, directory: 1, profile: 1 } },
      previous: { total: 1, withLook: 0, bySource: zero.bySource },
    });
    // a cancel does not rewrite the period, nor does the client deleting the render they attached
    expect((await t.request(`/api/bookings/${ids[1]}/cancel`, { method: 'POST', cookie: client.cookie })).status).toBe(200);
    await t.services.db.delete(creation).where(eq(creation.id, look));
    expect(await booked(t, pro.cookie)).toEqual(first);
    expect((await booked(t, other.cookie)).last).toMatchObject({ total: 1, bySource: { studio: 1 } });
  });

  it('leaves out a deposit hold never paid, which the professional was never asked about', { timeout: 120_000 }, async () => {
    const pro = await connectedPro(t, [withDeposit()]);
    const client = await t.signedInUser();
    const res = await book(t, client.cookie, { serviceId: pro.serviceIds[0], start: wallTime(3, '10:00'), source: 'directory' });
    expect(((await res.json()) as { booking: { state: string } }).booking.state).toBe('held');
    expect((await booked(t, pro.cookie)).last.total).toBe(0);
  });
});
