import { describe, expect, it } from 'vitest';
import { review } from '../../src/server/db/schema';
import { routeDbKinds } from '../support/db-kinds';
import { useTestApp } from '../support/test-app';
import { listedPartner } from './partners-helpers';

/** Decision 108: a review is shown under the name its author chose, else "Customer"; the public API never carries an email. */
describe.each(routeDbKinds)('reviewer names on %s', (kind) => {
  const t = useTestApp(kind);

  it('shows "Customer" for a reviewer without a display name, the chosen name otherwise, and no email anywhere', async () => {
    const p = await listedPartner(t, { businessName: 'Names Matter' });
    const nameless = await t.signedInUser({ name: '' });
    const named = await t.signedInUser({ name: 'Dana K.' });
    const emailAsName = await t.signedInUser({ name: 'someone@example.com' });
    for (const [u, comment] of [
      [nameless, 'Lovely toner.'],
      [named, 'Great cut.'],
      [emailAsName, 'Nice salon.'],
    ] as const) {
      const res = await t.request(`/api/partners/${p.id}/review`, { method: 'PUT', cookie: u.cookie, json: { rating: 5, comment } });
      expect(res.status).toBe(200);
      const body = await res.text();
      expect(body).not.toContain(u.email);
    }

    const res = await t.request(`/api/partners/${p.id}/reviews`);
    const text = await res.text();
    const { reviews } = JSON.parse(text) as { reviews: Array<{ reviewerId: string; reviewerName: string }> };
    const nameOf = (id: string) => reviews.find((r) => r.reviewerId === id)?.reviewerName;
    expect(nameOf(nameless.id)).toBe('Customer');
    expect(nameOf(named.id)).toBe('Dana K.');
    expect(nameOf(emailAsName.id)).toBe('Customer');
    for (const u of [nameless, named, emailAsName]) expect(text).not.toContain(u.email);
    expect(text).not.toMatch(/@example\.com/);
  });

  it('hides an email stored as the name by an earlier version', async () => {
    const p = await listedPartner(t, { businessName: 'Old Rows' });
    const u = await t.signedInUser({ name: '' });
    await t.services.db.insert(review).values({ partnerId: p.id, reviewerId: u.id, rating: 4, comment: 'Written long ago.', reviewerName: u.email });
    const text = await (await t.request(`/api/partners/${p.id}/reviews`)).text();
    expect(text).not.toContain(u.email);
    expect(JSON.parse(text).reviews[0].reviewerName).toBe('Customer');
  });
});
