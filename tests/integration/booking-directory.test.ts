/** Directory cards show the next free time within the week, and "available this week" keeps only those with one. */
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../support/test-app';
import { book, bookablePro, everyDay, wallTime } from './booking-helpers';
import { listedPartner } from './partners-helpers';

describe('booking in the directory', () => {
  const t = useTestApp('pglite');

  it('shows "next free" on cards and filters to professionals available this week', async () => {
    const open = await bookablePro(t);
    const closed = await listedPartner(t); // no hours: not taking bookings
    const soon = wallTime(9, '09:00').slice(0, 10);
    const later = await bookablePro(t, undefined, { ...everyDay(), overrides: [], weekly: [] });
    await t.request('/api/partner/hours', {
      method: 'PUT',
      cookie: later.cookie,
      json: { ...everyDay(), weekly: [], overrides: [{ date: soon, hours: { open: '09:00', close: '17:00', breaks: [] }, label: 'One day' }] },
    });
    const all = (await (await t.request('/api/partners')).json()) as { items: { id: string; nextFree: { start: string; timeZone: string } | null }[] };
    const card = (id: string) => all.items.find((i) => i.id === id)!;
    expect(card(open.id).nextFree).toMatchObject({ timeZone: 'America/New_York', serviceName: 'Cut & finish' });
    expect(Date.parse(card(open.id).nextFree!.start)).toBeGreaterThan(Date.now());
    expect(Date.parse(card(open.id).nextFree!.start)).toBeLessThan(Date.now() + 2 * 86_400_000);
    expect(card(closed.id).nextFree).toBeNull();
    expect(card(later.id).nextFree).toBeNull(); // open only in nine days

    const week = (await (await t.request('/api/partners?available=week')).json()) as { items: { id: string }[] };
    expect(week.items.map((i) => i.id)).toEqual([open.id]);
    expect((await t.request('/api/partners?available=someday')).status).toBe(200); // a bad filter is dropped, like the others
  }, 60_000);

  it('a fully booked week leaves the filter', async () => {
    const pro = await bookablePro(t, undefined, {
      ...everyDay({ maxDaysAhead: 1, minNoticeMinutes: 0 }),
      weekly: [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ weekday, open: '10:00', close: '11:00', breaks: [] })),
    });
    const client = await t.signedInUser();
    for (const day of [0, 1]) {
      const res = await book(t, client.cookie, { serviceId: pro.serviceIds[0], start: wallTime(day, '10:00') });
      expect([201, 400]).toContain(res.status); // today's 10:00 may have passed
    }
    const week = (await (await t.request('/api/partners?available=week')).json()) as { items: { id: string }[] };
    expect(week.items.map((i) => i.id)).not.toContain(pro.id);
  }, 60_000);

  it('the public menu lists online services with the hours and policy', async () => {
    const pro = await bookablePro(t);
    const res = await t.request(`/api/partners/${pro.slug ?? pro.id}/services`);
    expect(res.status).toBe(200);
    const body = (await res.json()) as {
      services: { name: string; totalMinutes: number }[];
      timeZone: string;
      deposits: string;
      policy: { cancellationWindowHours: number };
    };
    expect(body).toMatchObject({ timeZone: 'America/New_York', deposits: 'pay-at-salon', policy: { cancellationWindowHours: 24 } });
    expect(body.services).toMatchObject([{ name: 'Cut & finish', totalMinutes: 60 }]);
    expect((await t.request('/api/partners/nobody-here/services')).status).toBe(404);
  }, 60_000);
});
