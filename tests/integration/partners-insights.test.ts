import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { generation, partnerVisit, user, userPlace } from '../../src/server/db/schema';
import { placeById } from '../../src/server/features/geo/cities';
import { rememberPlace } from '../../src/server/features/insights/remember-place';
import { dbKinds } from '../support/db-kinds';
import { useTestApp, type TestApp } from '../support/test-app';
import { listedPartner, partnerUser } from './partners-helpers';

type Insights = {
  days: { day: string; views: number; directoryClicks: number; inquiries: number }[];
  totals: { views: number; directoryClicks: number; inquiries: number };
  demand: { place: { label: string; radiusKm: number } | null; looks: { label: string; renders: number }[]; totalRenders: number | null };
};

const insights = async (t: TestApp, cookie: string, qs = '') => (await (await t.request(`/api/partner/insights${qs}`, { cookie })).json()) as Insights;

/** Noon of the day before today (UTC): demand counts whole days only, so a render made today is not in it yet. */
const yesterday = () => new Date(Math.floor(Date.now() / 86_400_000) * 86_400_000 - 12 * 3_600_000);

/** People whose coarse location is `placeId` (as a directory search near it sets it) and who rendered `looks` yesterday. */
async function renderers(t: TestApp, placeId: number, people: number, looks: { technique: string | null; colours: string[] }[], createdAt = yesterday()) {
  const ids: string[] = [];
  for (let p = 0; p < people; p++) {
    const id = `renderer-${crypto.randomUUID()}`;
    await t.services.db.insert(user).values({ id, name: `Renderer ${p}`, email: `${id}@example.com`, emailVerified: true });
    await rememberPlace(t.services.db, id, placeById(placeId)!);
    ids.push(id);
  }
  let k = 0;
  for (const look of looks) {
    const userId = ids[k++ % ids.length];
    await t.services.db.insert(generation).values({
      userId,
      prompt: 'secret prompt words',
      status: 'succeeded',
      createdAt,
      result: { applied: 'x', technique: look.technique, colours: look.colours, analysis: null, engine: 'local' },
    });
  }
  return ids;
}

const place = async (t: TestApp, q: string) =>
  (await (await t.request(`/api/places?q=${encodeURIComponent(q)}`)).json()).places[0] as { id: number; label: string };

describe.each(dbKinds)('partner insights on %s', (kind) => {
  const t = useTestApp(kind);

  it('starts empty and honest, and only a professional may ask', { timeout: 90_000 }, async () => {
    const pro = await listedPartner(t, { location: 'Leeds' });
    const body = await insights(t, pro.cookie);
    expect(body.days).toHaveLength(30);
    expect(body.totals).toEqual({ views: 0, directoryClicks: 0, inquiries: 0 });
    expect(body.demand).toEqual({ place: { label: 'Leeds, England, United Kingdom', radiusKm: 10 }, looks: [], totalRenders: null });
    const visitor = await t.signedInUser();
    expect((await t.request('/api/partner/insights', { cookie: visitor.cookie })).status).toBe(403);
    expect((await t.request('/api/partner/insights')).status).toBe(401);
    expect((await t.request('/api/partner/insights?radius=7', { cookie: pro.cookie })).status).toBe(400);
    // searching near a city remembers that city (not a position) as the searcher's coarse location
    const york = await place(t, 'york, eng');
    await t.request(`/api/partners?near=${york.id}`, { cookie: visitor.cookie });
    await t.request(`/api/partners?lat=51.5&lng=-0.1`, { cookie: visitor.cookie });
    expect(await t.services.db.select({ placeId: userPlace.placeId }).from(userPlace).where(eq(userPlace.userId, visitor.id))).toEqual([{ placeId: york.id }]);
  });

  it('counts views, clicks from the directory and inquiries, never the professional’s own or another’s', async () => {
    const pro = await listedPartner(t, { businessName: 'Counted Salon', location: 'Leeds' });
    const other = await listedPartner(t, { businessName: 'Other Salon', location: 'Leeds' });
    const visitor = await t.signedInUser();
    await t.request(`/api/partners/${pro.slug}`);
    await t.request(`/api/partners/${pro.slug}?via=directory`, { cookie: visitor.cookie });
    await t.request(`/api/partners/${pro.slug}`, { cookie: pro.cookie });
    await t.request(`/api/partners/${other.slug}?via=directory`);
    await t.request(`/api/partners/${other.slug}?via=directory`);
    await t.request(`/api/partners/${other.id}/inquiries`, {
      method: 'POST',
      cookie: visitor.cookie,
      json: { message: 'Could you do copper for me next week?' },
    });
    await t.request(`/api/partners/${pro.id}/inquiries`, {
      method: 'POST',
      cookie: visitor.cookie,
      json: { message: 'Hello, are you free on Saturday morning?' },
    });
    const mine = await insights(t, pro.cookie);
    expect(mine.totals).toEqual({ views: 2, directoryClicks: 1, inquiries: 1 });
    expect(mine.days.at(-1)).toMatchObject({ day: new Date().toISOString().slice(0, 10), views: 2, directoryClicks: 1, inquiries: 1 });
    // the same visitor opening the same profile again today counts once (the two anonymous clicks are one visitor)
    expect((await insights(t, other.cookie)).totals).toEqual({ views: 1, directoryClicks: 1, inquiries: 1 });
  });

  it('counts a visitor once a day however often they look, and keeps no one’s id, address or browser', async () => {
    const pro = await listedPartner(t, { businessName: 'Once Salon', location: 'Leeds' });
    const visitor = await t.signedInUser();
    for (let i = 0; i < 5; i++) {
      await t.request(`/api/partners/${pro.slug}?via=directory`, { cookie: visitor.cookie });
      await t.request(`/api/partners/${pro.slug}`, { headers: { 'user-agent': 'Browser A/1.0' } });
    }
    await t.request(`/api/partners/${pro.slug}`, { headers: { 'user-agent': 'Browser B/2.0' } });
    expect((await insights(t, pro.cookie)).totals).toEqual({ views: 3, directoryClicks: 1, inquiries: 0 });
    const rows = await t.services.db.select().from(partnerVisit).where(eq(partnerVisit.partnerId, pro.id));
    expect(rows).toHaveLength(4);
    const stored = JSON.stringify(rows);
    for (const secret of [visitor.id, visitor.email, 'Browser A', 'unknown']) expect(stored).not.toContain(secret);
  });

  it('shows local demand by look within the radius, suppressing under 5 renders or 5 people, and names no one', async () => {
    const leeds = await place(t, 'leeds');
    const bradford = await place(t, 'bradford');
    const london = await place(t, 'london');
    const pro = await listedPartner(t, { location: 'Leeds' });
    const balayage = { technique: 'balayage', colours: ['copper'] };
    const ombre = { technique: 'ombre', colours: ['pink'] };
    const highlights = { technique: 'highlights', colours: ['blonde'] };
    // 5 copper balayage by 5 people in Leeds: shown
    const people = await renderers(t, leeds.id, 5, Array(5).fill(balayage));
    // 4 pink ombré in Leeds: suppressed, even though 6 more happen in London (out of range)
    await renderers(t, leeds.id, 4, Array(4).fill(ombre));
    await renderers(t, london.id, 6, Array(6).fill(ombre));
    // 6 blonde highlights, all by one person: suppressed (one person must not make a row)
    await renderers(t, leeds.id, 1, Array(6).fill(highlights));
    // a failed render, an old one and one of today (not a whole day yet) do not count
    await renderers(t, leeds.id, 5, Array(5).fill(balayage), new Date());
    await t.services.db.insert(generation).values({ userId: people[0], prompt: 'x', status: 'failed', result: { technique: 'ombre', colours: ['pink'] } });
    await t.services.db.insert(generation).values({
      userId: people[0],
      prompt: 'x',
      status: 'succeeded',
      createdAt: new Date(Date.now() - 40 * 86_400_000),
      result: { technique: 'ombre', colours: ['pink'] },
    });

    const body = await insights(t, pro.cookie);
    expect(body.demand.looks).toEqual([{ technique: 'balayage', colour: 'copper', label: 'copper balayage', renders: 5 }]);
    // the total is the counted looks' renders: the suppressed ombré and highlights are not in it (decision 158)
    expect(body.demand.totalRenders).toBe(5);
    const text = JSON.stringify(body);
    const names = await t.services.db.select({ id: user.id, email: user.email, name: user.name }).from(user);
    for (const n of names.filter((x) => x.id !== pro.id)) {
      expect(text).not.toContain(n.id);
      expect(text).not.toContain(n.email);
    }
    expect(text).not.toContain('secret prompt');
    expect(text).not.toContain('Renderer');

    // Bradford is ~14 km away: in at 25 km, out at 10 km; a fifth pink ombré in Leeds makes that look appear
    const near = await listedPartner(t, { location: 'Bradford' });
    expect((await insights(t, near.cookie)).demand.looks).toEqual([]);
    expect((await insights(t, near.cookie, '?radius=25')).demand.looks.map((l) => l.label)).toEqual(['copper balayage']);
    expect(bradford.label).toContain('Bradford');
    await renderers(t, leeds.id, 1, [ombre]);
    expect((await insights(t, pro.cookie)).demand.looks.map((l) => [l.label, l.renders])).toEqual([
      ['copper balayage', 5],
      ['pink ombré', 5],
    ]);
    // a professional whose location matched no city has no area
    const lost = await partnerUser(t, { status: 'active' });
    await t.request('/api/partner/profile', {
      method: 'PUT',
      cookie: lost.cookie,
      json: { fullName: 'Lost Person', businessName: 'Lost Hair', location: 'Upper Nowhereshire', services: '' },
    });
    expect((await insights(t, lost.cookie)).demand).toEqual({ place: null, looks: [], totalRenders: null });
  });

  it('gives away no single person’s renders to a professional differencing the figures (decision 158)', { timeout: 90_000 }, async () => {
    const york = await place(t, 'york, eng');
    const haxby = await place(t, 'haxby'); // ~6 km from York: in at 10 km, out at 5 km
    const pro = await listedPartner(t, { location: 'York' });
    const balayage = { technique: 'balayage', colours: ['copper'] };
    await renderers(t, york.id, 5, Array(5).fill(balayage));
    const everything = async () => Promise.all([5, 10, 25, 50].map(async (r) => (await insights(t, pro.cookie, `?radius=${r}`)).demand));
    const shown = (d: Insights['demand'], label = 'copper balayage') => d.looks.find((l) => l.label === label)?.renders ?? 0;
    const before = await everything();
    expect(before[0].looks).toEqual([{ technique: 'balayage', colour: 'copper', label: 'copper balayage', renders: 5 }]);
    const revealsFewerThanFive = (n: number) => n >= 1 && n <= 4;

    // 1. the area total minus the shown looks: a look of one person's renders is in neither
    await renderers(t, york.id, 1, [{ technique: 'ombre', colours: ['pink'] }]);
    let now = await everything();
    for (const d of now) expect(revealsFewerThanFive((d.totalRenders ?? 0) - d.looks.reduce((a, l) => a + l.renders, 0))).toBe(false);
    expect(now).toEqual(before);

    // 2. 10 km minus 5 km: one person in Haxby adds nothing at 10 km that 5 km lacks
    await renderers(t, haxby.id, 1, [balayage]);
    now = await everything();
    expect(revealsFewerThanFive(shown(now[1]) - shown(now[0]))).toBe(false);
    expect(revealsFewerThanFive((now[1].totalRenders ?? 0) - (now[0].totalRenders ?? 0))).toBe(false);
    expect(now).toEqual(before);

    // 3. a count going from 5 to 6: one more render of the shown look, today or on a whole day, changes no figure
    await renderers(t, york.id, 1, [balayage], new Date());
    expect(await everything()).toEqual(before);
    await renderers(t, york.id, 1, [balayage]);
    now = await everything();
    expect(shown(now[0])).toBe(5);
    expect(now).toEqual(before);

    // what the rounding and cells still show is groups: five more people in Haxby are a cell of their own
    await renderers(t, haxby.id, 5, Array(5).fill(balayage));
    now = await everything();
    expect(shown(now[0])).toBe(5);
    expect(shown(now[1])).toBe(10);
  });
});
