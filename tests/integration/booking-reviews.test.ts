/** A review after a completed booking is a "Verified booking"; the professional answers each review once, publicly. */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { booking } from '../../src/server/db/schema';
import { useTestApp } from '../support/test-app';
import { book, bookablePro, wallTime } from './booking-helpers';

interface Review {
  reviewerId: string | null;
  verified?: boolean;
  reply?: { text: string } | null;
}

describe('reviews and bookings', () => {
  const t = useTestApp('pglite', {}, { sweeper: false });

  it('marks reviews after a completed booking as verified and takes one public answer per review', async () => {
    const pro = await bookablePro(t);
    const other = await bookablePro(t);
    const booked = await t.signedInUser({ name: 'Booked Client' });
    const visitor = await t.signedInUser({ name: 'Just Looking' });
    const res = await book(t, booked.cookie, { serviceId: pro.serviceIds[0], start: wallTime(3, '10:00') });
    const id = ((await res.json()) as { booking: { id: string } }).booking.id;
    // the appointment took place
    await t.services.db
      .update(booking)
      .set({ startsAt: new Date(Date.now() - 3_600_000), endsAt: new Date(Date.now() - 1_800_000) })
      .where(eq(booking.id, id));
    expect((await t.request(`/api/partner/bookings/${id}/actions`, { method: 'POST', cookie: pro.cookie, json: { action: 'complete' } })).status).toBe(200);
    for (const u of [booked, visitor]) {
      const r = await t.request(`/api/partners/${pro.id}/review`, {
        method: 'PUT',
        cookie: u.cookie,
        json: { rating: 5, comment: 'Lovely colour, would go back.' },
      });
      expect(r.status).toBe(200);
    }
    const list = (await (await t.request(`/api/partners/${pro.id}/reviews`)).json()) as { reviews: Review[] };
    const by = (uid: string) => list.reviews.find((r) => r.reviewerId === uid)!;
    expect(by(booked.id).verified).toBe(true);
    expect(by(visitor.id).verified).toBe(false);

    const reply = (cookie: string, reviewerId: string, text: string) =>
      t.request(`/api/partner/reviews/${reviewerId}/reply`, { method: 'PUT', cookie, json: { reply: text } });
    const first = await reply(pro.cookie, booked.id, 'Thank you <3, see you in six weeks!');
    expect(first.status).toBe(200);
    expect(((await first.json()) as { review: Review }).review).toMatchObject({ verified: true, reply: { text: 'Thank you <3, see you in six weeks!' } });
    expect((await reply(pro.cookie, booked.id, 'A second answer')).status).toBe(409);
    expect((await reply(other.cookie, visitor.id, 'Not my review')).status).toBe(404);
    expect((await reply(visitor.cookie, booked.id, 'Not a professional')).status).toBe(403);
    const again = (await (await t.request(`/api/partners/${pro.id}/reviews`)).json()) as { reviews: Review[] };
    expect(again.reviews.find((r) => r.reviewerId === booked.id)?.reply?.text).toBe('Thank you <3, see you in six weeks!');
    expect(again.reviews.find((r) => r.reviewerId === visitor.id)?.reply).toBeNull();
  }, 90_000);
});
