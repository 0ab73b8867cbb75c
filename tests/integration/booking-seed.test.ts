/** Issue 33 §12: a fresh install's demo professionals take bookings, and the demo professional's book shows the whole flow. */
import { count, eq } from 'drizzle-orm';
import { Temporal } from 'temporal-polyfill';
import { describe, expect, it } from 'vitest';
import { booking, bookingEvent, bookingService, busyBlock } from '../../src/server/db/schema';
import { seedBooking } from '../../src/server/features/booking/seed/seed-booking';
import { seedPartners } from '../../src/server/features/partners/seed/seed-partners';
import { DEMO_PROFESSIONALS } from '../../src/server/features/partners/seed/demo-professionals';
import { createVerifiedUser } from '../../src/server/seed/create-verified-user';
import { DEMO_PRO, DEMO_USER } from '../../src/server/seed/demo-accounts';
import { useTestApp } from '../support/test-app';

interface Service {
  id: string;
  name: string;
  styleTags: string[];
  price: { kind: string; amountCents?: number };
  currency: string;
  deposit: unknown;
}
interface Booking {
  state: string;
  service: { name: string };
  client: { name: string };
}

describe('booking demo seed', () => {
  const t = useTestApp('pglite', {}, { sweeper: false });

  // ~20 accounts with real password hashes and their portfolios first: slow on a busy machine
  it('gives every demo professional a menu and hours in their zone, and the demo professional a few bookings, once', { timeout: 240_000 }, async () => {
    await createVerifiedUser(t.services, DEMO_USER);
    await seedPartners(t.services);
    await seedBooking(t.services);
    const counts = async () => ({
      services: (await t.services.db.select({ n: count() }).from(bookingService))[0].n,
      bookings: (await t.services.db.select({ n: count() }).from(booking))[0].n,
      events: (await t.services.db.select({ n: count() }).from(bookingEvent))[0].n,
      blocks: (await t.services.db.select({ n: count() }).from(busyBlock))[0].n,
    });
    const first = await counts();
    await seedBooking(t.services);
    expect(await counts()).toEqual(first);

    // every professional has a menu, and the public profile offers free times in the salon's own zone
    for (const d of DEMO_PROFESSIONALS) {
      const slug = (await (await t.request(`/api/partners?q=${encodeURIComponent(d.businessName)}`)).json()).items[0].slug as string;
      const menu = (await (await t.request(`/api/partners/${slug}/services`)).json()) as { services: Service[]; timeZone: string };
      expect(menu.services.length, d.businessName).toBeGreaterThanOrEqual(3);
      expect(menu.timeZone, d.businessName).not.toBe('UTC');
    }
    const copper = (await (await t.request('/api/partners/copper-comb-studio/services')).json()) as { services: Service[]; timeZone: string };
    expect(copper.timeZone).toBe('Europe/London');
    const balayage = copper.services.find((s) => s.name === 'Copper balayage')!;
    expect(balayage).toMatchObject({ styleTags: ['balayage', 'copper', 'auburn'], price: { kind: 'from', amountCents: 18000 }, currency: 'GBP' });
    const neon = (await (await t.request('/api/partners/neon-siren-salon/services')).json()) as { services: Service[]; timeZone: string };
    expect(neon.timeZone).toBe('America/New_York');
    expect(neon.services.every((s) => s.currency === 'USD')).toBe(true);
    const from = Temporal.Now.plainDateISO('Europe/London').add({ days: 1 }).toString();
    const to = Temporal.Now.plainDateISO('Europe/London').add({ days: 8 }).toString();
    const free = await (await t.request(`/api/partners/copper-comb-studio/availability?serviceId=${balayage.id}&from=${from}&to=${to}`)).json();
    expect(free.slots.length).toBeGreaterThan(0);
    expect(free.slots[0].start).toMatch(/T(09|1\d):\d\d:00(\+0[01]:00|Z)$/);

    // the demo user sees a past visit and one coming up; their review of it is a verified booking
    const pro = await t.signedInUser(DEMO_PRO);
    const client = await t.signedInUser(DEMO_USER);
    const mine = (await (await t.request('/api/bookings', { cookie: client.cookie })).json()) as { upcoming: Booking[]; past: Booking[] };
    expect(mine.past.map((b) => [b.state, b.service.name])).toEqual([['completed', 'Copper balayage']]);
    expect(mine.upcoming.map((b) => [b.state, b.service.name])).toEqual([['confirmed', 'Gloss & toner']]);
    const reviews = (await (await t.request(`/api/partners/${pro.id}/reviews`)).json()) as { reviews: { reviewerName: string; verified: boolean }[] };
    expect(reviews.reviews.filter((r) => r.verified).length).toBeGreaterThanOrEqual(2);

    // the professional's agenda starts with the request waiting for an answer
    const today = Temporal.Now.plainDateISO('Europe/London');
    const agenda = (await (
      await t.request(`/api/partner/bookings?from=${today.subtract({ days: 30 })}&to=${today.add({ days: 30 })}`, { cookie: pro.cookie })
    ).json()) as { bookings: Booking[] };
    expect(agenda.bookings[0]).toMatchObject({ state: 'pending', service: { name: 'Colour correction' } });
    expect(agenda.bookings.map((b) => b.state).sort()).toEqual(['completed', 'completed', 'completed', 'confirmed', 'confirmed', 'pending']);
    // the insights count what the notes say: two from a render in the studio and one from the portfolio, each
    // with its try-on attached (the notes mention it), among the six booked through Tress this month
    const insights = (await (await t.request('/api/partner/insights', { cookie: pro.cookie })).json()) as {
      booked: { last: { total: number; withLook: number; bySource: Record<string, number> } };
    };
    expect(insights.booked.last).toEqual({ total: 6, withLook: 3, bySource: { studio: 2, portfolio: 1, directory: 1, profile: 2 } });
    // live bookings hold their time; past ones do not
    const active = await t.services.db.select({ n: count() }).from(busyBlock).where(eq(busyBlock.active, true));
    expect(active[0].n).toBeGreaterThanOrEqual(3);
  });
});
