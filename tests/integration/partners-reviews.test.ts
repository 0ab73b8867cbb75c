import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { partner } from '../../src/server/db/schema';
import type { LiveEvent } from '@shared/events';
import { MSG } from '@shared/messages';
import { dbKinds } from '../support/db-kinds';
import { type TestApp, useTestApp } from '../support/test-app';
import { listedPartner, partnerUser } from './partners-helpers';

/** The partner's stored aggregates next to a recomputation from the review rows. */
async function aggregates(t: TestApp, partnerId: string) {
  const [stored] = await t.services.db.select({ avg: partner.averageRating, count: partner.ratingCount }).from(partner).where(eq(partner.userId, partnerId));
  const res = await t.services.db.execute(
    sql`select coalesce(avg(rating)::float8, 0) as avg, count(*)::int as count from review where partner_id = ${partnerId}`,
  );
  const row = res.rows[0] as { avg: number; count: number };
  return { stored, recomputed: { avg: Number(row.avg), count: Number(row.count) } };
}

describe.each(dbKinds)('reviews on %s', (kind) => {
  const t = useTestApp(kind);

  it('creates, updates (keeping createdAt) and deletes a review by its author only, with live events', async () => {
    const p = await listedPartner(t, { businessName: 'Review Me' });
    const events: LiveEvent[] = [];
    const stop = t.services.bus.subscribe(`partner:${p.id}`, (e) => events.push(e));
    const anon = await t.request(`/api/partners/${p.id}/review`, { method: 'PUT', json: { rating: 5, comment: 'Great' } });
    expect(anon.status).toBe(401);
    expect((await anon.json()).error.message).toBe(MSG.reviewSignIn);

    const u = await t.signedInUser({ name: '  ' });
    const bad = await t.request(`/api/partners/${p.id}/review`, { method: 'PUT', cookie: u.cookie, json: { rating: 6, comment: ' x ' } });
    expect(bad.status).toBe(400);
    const created = await (
      await t.request(`/api/partners/${p.id}/review`, { method: 'PUT', cookie: u.cookie, json: { rating: 4, comment: '  Lovely colour work.  ' } })
    ).json();
    expect(created.review).toMatchObject({ rating: 4, comment: 'Lovely colour work.', reviewerName: 'Customer' });
    const updated = await (
      await t.request(`/api/partners/${p.id}/review`, { method: 'PUT', cookie: u.cookie, json: { rating: 2, comment: 'Changed my mind.' } })
    ).json();
    expect(updated.review.createdAt).toBe(created.review.createdAt);
    expect(updated.review.rating).toBe(2);
    const list = await (await t.request(`/api/partners/${p.id}/reviews`)).json();
    expect(list.reviews).toHaveLength(1);
    expect((await t.request(`/api/partners/${p.id}`).then((r) => r.json())).averageRating).toBe(2);

    const other = await t.signedInUser({ name: 'Other Person' });
    expect((await t.request(`/api/partners/${p.id}/review`, { method: 'DELETE', cookie: other.cookie })).status).toBe(404);
    expect((await (await t.request(`/api/partners/${p.id}/reviews`)).json()).reviews).toHaveLength(1);
    expect((await t.request(`/api/partners/${p.id}/review`, { method: 'DELETE', cookie: u.cookie })).status).toBe(200);
    expect((await (await t.request(`/api/partners/${p.id}/reviews`)).json()).reviews).toHaveLength(0);
    const { stored } = await aggregates(t, p.id);
    expect(stored).toEqual({ avg: 0, count: 0 });
    // The listing's own 'listing' event, published while the partner was set up, may arrive after the
    // subscription: NOTIFY is delivered asynchronously. Only the review events are this test's business.
    const reviewEvents = () => events.filter((e) => e.type === 'reviews');
    await expect.poll(() => reviewEvents().length).toBeGreaterThanOrEqual(3);
    expect(events.every((e) => (e.type === 'reviews' || e.type === 'listing') && e.partnerId === p.id)).toBe(true);
    stop();
  });

  it('refuses a self-review and reviews of a missing or unlisted partner', async () => {
    const p = await listedPartner(t, { businessName: 'Self Love' });
    const self = await t.request(`/api/partners/${p.id}/review`, { method: 'PUT', cookie: p.cookie, json: { rating: 5, comment: 'I am great' } });
    expect(self.status).toBe(403);
    const u = await t.signedInUser();
    const missing = await t.request('/api/partners/nobody/review', { method: 'PUT', cookie: u.cookie, json: { rating: 5, comment: 'Hello' } });
    expect(missing.status).toBe(404);
    expect((await missing.json()).error.message).toBe(MSG.partnerNotFound);
    const inactive = await partnerUser(t, { businessName: 'Not Listed' });
    expect((await t.request(`/api/partners/${inactive.id}/review`, { method: 'PUT', cookie: u.cookie, json: { rating: 5, comment: 'Hello' } })).status).toBe(
      404,
    );
  });

  // 20 accounts with real password hashes: seconds on a quiet machine, much longer on a loaded CI box.
  it('keeps average and count equal to the rows under 20 concurrent reviews, then concurrent edits and deletes', { timeout: 180_000 }, async () => {
    const p = await listedPartner(t, { businessName: 'Busy Salon' });
    const users = await Promise.all(Array.from({ length: 20 }, (_, i) => t.signedInUser({ name: `Client ${i}` })));
    const put = (cookie: string, rating: number) =>
      t.request(`/api/partners/${p.id}/review`, { method: 'PUT', cookie, json: { rating, comment: `Visit rated ${rating}` } });
    const first = await Promise.all(users.map((u, i) => put(u.cookie, (i % 5) + 1)));
    expect(first.every((r) => r.status === 200)).toBe(true);
    let a = await aggregates(t, p.id);
    expect(a.stored.count).toBe(20);
    expect(a.stored.avg).toBeCloseTo(3, 10);
    expect(a.stored).toEqual(a.recomputed);

    const mixed = await Promise.all(
      users.map((u, i) => (i % 3 === 0 ? t.request(`/api/partners/${p.id}/review`, { method: 'DELETE', cookie: u.cookie }) : put(u.cookie, i % 2 ? 5 : 1))),
    );
    expect(mixed.every((r) => r.status === 200)).toBe(true);
    a = await aggregates(t, p.id);
    expect(a.stored.count).toBe(13);
    expect(a.stored.avg).toBeCloseTo(a.recomputed.avg, 10);
    expect(a.stored.count).toBe(a.recomputed.count);
  });
});
