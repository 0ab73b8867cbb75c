import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { searchDirectory } from '../../src/server/features/partners/directory-search';
import { cities } from '../../src/server/features/geo/cities';
import { haversineKm } from '@shared/geo/distance';
import { DirectoryQuerySchema } from '@shared/partners/schemas';
import { dbKinds } from '../support/db-kinds';
import { useTestApp } from '../support/test-app';
import { listedPartner, partnerUser, profileBody } from './partners-helpers';

type Card = { id: string; businessName: string; distanceKm: number | null; point: { lat: number; lng: number } | null };

const N = 10_000;
/** 400 real cities spread over the world (every 300th of the most populous 120k), with ties inside each city. */
function sampleCities() {
  const all = cities().byPopulation;
  return Array.from({ length: 400 }, (_, i) => all[i * 300]);
}

describe.each(dbKinds)('near me on %s', (kind) => {
  const t = useTestApp(kind);

  it('geocodes the saved location offline, and a chosen place wins over the typed text', { timeout: 90_000 }, async () => {
    const leeds = await listedPartner(t, { location: 'Headingley, Leeds' });
    const own = await (await t.request('/api/partner/profile', { cookie: leeds.cookie })).json();
    expect(own.place).toMatchObject({ name: 'Leeds', label: 'Leeds, England, United Kingdom' });
    const york = (await (await t.request('/api/places?q=york,%20eng')).json()).places[0];
    expect(york.label).toBe('York, England, United Kingdom');
    const res = await t.request('/api/partner/profile', {
      method: 'PUT',
      cookie: leeds.cookie,
      json: profileBody({ location: 'Somewhere nice', placeId: york.id }),
    });
    expect((await res.json()).profile.place.id).toBe(york.id);
    const bad = await t.request('/api/partner/profile', { method: 'PUT', cookie: leeds.cookie, json: profileBody({ placeId: 999_999_999 }) });
    expect(bad.status).toBe(400);
    expect((await bad.json()).error.message).toBe('Choose your town or city from the list.');
    const nowhere = await partnerUser(t, { status: 'active' });
    await t.request('/api/partner/profile', { method: 'PUT', cookie: nowhere.cookie, json: profileBody({ location: 'Upper Nowhereshire' }) });
    expect((await (await t.request('/api/partner/profile', { cookie: nowhere.cookie })).json()).place).toBeNull();
  });

  it('filters and sorts by distance with the spec order among equals, and says how far', async () => {
    const leeds = (await (await t.request('/api/places?q=leeds')).json()).places[0];
    const a = await listedPartner(t, { businessName: 'Beta Leeds', location: 'Leeds' });
    const b = await listedPartner(t, { businessName: 'Alpha Leeds', location: 'Leeds' });
    await listedPartner(t, { businessName: 'Bradford Cuts', location: 'Bradford' });
    await listedPartner(t, { businessName: 'London Colour', location: 'London' });
    const body = await (await t.request(`/api/partners?near=${leeds.id}&radius=25`)).json();
    expect(body.near).toMatchObject({ label: 'Leeds, England, United Kingdom', radiusKm: 25 });
    expect(body.items.map((c: Card) => c.businessName)).toEqual(['Alpha Leeds', 'Beta Leeds', 'Bradford Cuts']);
    expect(body.items[0].distanceKm).toBeCloseTo(0, 5);
    expect(body.items[2].distanceKm).toBeCloseTo(haversineKm(leeds.lat, leeds.lng, body.items[2].point.lat, body.items[2].point.lng), 6);
    expect(body.items[2].distanceKm).toBeGreaterThan(10);
    expect([a.id, b.id]).toContain(body.items[0].id);
    // the browser's position works the same, and 5 km leaves Bradford out
    const byPos = await (await t.request(`/api/partners?lat=${leeds.lat}&lng=${leeds.lng}&radius=5`)).json();
    expect(byPos.items.map((c: Card) => c.businessName)).toEqual(['Alpha Leeds', 'Beta Leeds']);
    // text and near combine; a radius that is not offered falls back to 25 km
    expect((await (await t.request(`/api/partners?near=${leeds.id}&q=bradford&radius=7`)).json()).items.map((c: Card) => c.businessName)).toEqual([
      'Bradford Cuts',
    ]);
  });

  it(`matches a haversine reference on ${N.toLocaleString('en')} professionals across many cities`, { timeout: 180_000 }, async () => {
    const places = sampleCities();
    const db = t.services.db;
    const rows = Array.from({ length: N }, (_, i) => {
      const c = places[i % places.length];
      // half sit on the city's point (ties), half up to ~30 km away from it
      const j = i % 2 ? 0 : ((i * 7919) % 1000) / 1000 - 0.5;
      return {
        i,
        lat: Math.max(-89.9, Math.min(89.9, c.lat + j * 0.5)),
        lng: ((c.lng + j * 0.6 + 540) % 360) - 180,
        verified: i % 9 === 0,
        rating: (i % 41) / 10,
      };
    });
    await db.execute(
      sql`insert into "user" (id, name, email, email_verified) select 'geo-' || i, 'Geo ' || i, 'geo' || i || '@example.com', true from generate_series(0, ${N - 1}) i`,
    );
    for (let k = 0; k < rows.length; k += 1000) {
      const chunk = rows.slice(k, k + 1000);
      const values = sql.join(
        chunk.map(
          (r) =>
            sql`(${`geo-${r.i}`}, ${`geo${r.i}@example.com`}, 'Geo Person', ${`Geo ${String(r.i).padStart(5, '0')}`}, 'active', 'monthly', true, ${r.verified}, ${r.rating}, ${r.lat}::float8, ${r.lng}::float8)`,
        ),
        sql`, `,
      );
      await db.execute(
        sql`insert into partner (user_id, email, full_name, business_name, subscription_status, plan, profile_complete, is_verified, average_rating, latitude, longitude) values ${values}`,
      );
    }
    await db.execute(sql`analyze partner`);
    const centres = [
      places[0],
      places[37],
      places[123],
      places[250],
      places[399],
      { lat: 64.1, lng: -21.9 },
      { lat: -33.9, lng: 151.2 },
      { lat: 51.5, lng: 179.9 },
    ];
    for (const centre of centres) {
      for (const radius of [10, 50, 100]) {
        const expected = rows
          .map((r) => ({ id: `geo-${r.i}`, d: haversineKm(centre.lat, centre.lng, r.lat, r.lng), r }))
          .filter((x) => x.d <= radius)
          .sort((x, y) => x.d - y.d || Number(y.r.verified) - Number(x.r.verified) || y.r.rating - x.r.rating || x.r.i - y.r.i);
        const got: Card[] = [];
        for (let page = 1; page <= 50; page++) {
          const res = await searchDirectory(db, DirectoryQuerySchema.parse({ lat: centre.lat, lng: centre.lng, radius, page }));
          got.push(...res.items);
          if (!res.nextPage) break;
        }
        expect(got.length, `${centre.lat},${centre.lng} within ${radius} km`).toBe(expected.length);
        // order may differ only where distances are equal to rounding: compare distances, then the sets
        got.forEach((c, k) => expect(c.distanceKm!).toBeCloseTo(expected[k].d, 6));
        expect(new Set(got.map((c) => c.id))).toEqual(new Set(expected.map((x) => x.id)));
      }
    }
    const plan = (await db.execute(sql`explain select user_id from partner where listed and latitude between 53.5 and 54 and longitude between -2 and -1`)).rows
      .map((r) => Object.values(r)[0])
      .join(' ');
    expect(plan).toContain('partner_geo_idx');
  });
});
