import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createApp } from '../../src/server/app';
import { partner } from '../../src/server/db/schema';
import { assignSlugOnce } from '../../src/server/features/partners/assign-slug';
import { PAGE_SIZE } from '../../src/server/features/partners/directory-search';
import { routeDbKinds } from '../support/db-kinds';
import { ORIGIN, useTestApp } from '../support/test-app';
import { insertListed, listedPartner, partnerUser } from './partners-helpers';

type Card = { id: string; businessName: string; isVerified: boolean; averageRating: number; annual: boolean };

describe.each(routeDbKinds)('directory on %s', (kind) => {
  const t = useTestApp(kind);

  it('searches business name, location, full name and services case-insensitively, sorted verified, rating, name', async () => {
    const a = await listedPartner(t, { businessName: 'Zeta Colour Bar', location: 'Manchester', fullName: 'Mia Wong', services: 'Balayage, Glossing' });
    const b = await listedPartner(t, { businessName: 'Alpha Barbers', location: 'Bristol', fullName: 'Tom Reyes', services: 'Skin fades, Beard trims' });
    const c = await listedPartner(t, { businessName: 'Mid Salon', location: 'Manchester', fullName: 'Olu Ade', services: 'Curly cuts' });
    await t.services.db.update(partner).set({ isVerified: true }).where(eq(partner.userId, a.id));
    await t.services.db.update(partner).set({ averageRating: 4.5, ratingCount: 2 }).where(eq(partner.userId, c.id));
    const hidden = await partnerUser(t, { businessName: 'Manchester Ghost' });
    const q = async (qs: string) => ((await (await t.request(`/api/partners?${qs}`)).json()).items as Card[]).map((x) => x.businessName);

    expect(await q('q=MANCHESTER')).toEqual(['Zeta Colour Bar', 'Mid Salon']);
    expect(await q('q=balay')).toEqual(['Zeta Colour Bar']);
    expect(await q('q=tom')).toEqual(['Alpha Barbers']);
    expect(await q('q=beard%20trim')).toEqual(['Alpha Barbers']);
    expect(await q('q=curly')).toEqual(['Mid Salon']);
    expect(await q('q=%27%3B%20drop%20table%20partner%3B--')).toEqual([]);
    expect(await q('q=')).toEqual(['Zeta Colour Bar', 'Mid Salon', 'Alpha Barbers']);
    expect(await q('q=ghost')).toEqual([]);
    expect(b.id).not.toBe(hidden.id);
  });

  it('pages beyond one page and features up to 3 yearly members matching the search', async () => {
    await insertListed(
      t,
      Array.from({ length: PAGE_SIZE + 2 }, (_, i) => ({
        businessName: `Paging ${String(i).padStart(2, '0')}`,
        location: 'Pagetown',
        plan: i < 5 ? ('yearly' as const) : ('monthly' as const),
      })),
    );
    const one = await (await t.request('/api/partners?q=pagetown')).json();
    expect(one.items).toHaveLength(PAGE_SIZE);
    expect(one.nextPage).toBe(2);
    expect(one.featured).toHaveLength(3);
    expect(one.featured.every((c: Card) => c.annual)).toBe(true);
    const two = await (await t.request('/api/partners?q=pagetown&page=2')).json();
    expect(two.items).toHaveLength(2);
    expect(two.nextPage).toBeNull();
    expect(two.featured).toEqual([]);
  });

  it('assigns slugs by the spec rule, falling back through random suffixes to the uid', async () => {
    const taken = await listedPartner(t, { businessName: "Rosa's Salon" });
    expect(taken.slug).toBe('rosas-salon');
    const clash = await partnerUser(t, { status: 'active', businessName: 'x' });
    // Reserve every suffixed candidate the injected randomness will produce (always 555).
    const blocker = await partnerUser(t, { status: 'active', businessName: 'y' });
    await t.services.db.update(partner).set({ slug: 'rosas-salon-555' }).where(eq(partner.userId, blocker.id));
    expect(await assignSlugOnce(t.services.db, clash.id, "Rosa's Salon", () => 0.5056)).toBe(clash.id.slice(0, 6));
    // With every candidate taken, the profile is saved without a slug.
    const third = await partnerUser(t, { status: 'active', businessName: 'z' });
    await t.services.db
      .update(partner)
      .set({ slug: third.id.slice(0, 6) })
      .where(eq(partner.userId, blocker.id));
    await t.services.db.update(partner).set({ slug: null }).where(eq(partner.userId, third.id));
    await t.services.db.update(partner).set({ slug: 'rosas-salon-555' }).where(eq(partner.userId, clash.id));
    expect(await assignSlugOnce(t.services.db, third.id, "Rosa's Salon", () => 0.5056)).toBeNull();
    // A second random suffix that is free wins on a later try.
    const fourth = await partnerUser(t, { status: 'active', businessName: 'w' });
    const seq = [0.5056, 0.5056, 0.0];
    expect(await assignSlugOnce(t.services.db, fourth.id, "Rosa's Salon", () => seq.shift() ?? 0.9)).toBe('rosas-salon-100');
    // Concurrent first saves of one name: each gets a distinct slug.
    const racers = await Promise.all(Array.from({ length: 5 }, () => partnerUser(t, { status: 'active', businessName: 'Race' })));
    const slugs = await Promise.all(racers.map((r) => assignSlugOnce(t.services.db, r.id, 'Race Day')));
    expect(new Set(slugs).size).toBe(5);
    expect(slugs).toContain('race-day');
  });

  it('fills title, description and Open Graph tags for a profile page', async () => {
    const dist = mkdtempSync(path.join(os.tmpdir(), 'tress-dist-'));
    writeFileSync(path.join(dist, 'index.html'), '<!doctype html><html><head><title>Tress</title></head><body><div id="root"></div></body></html>');
    const app = createApp(t.services, { distDir: dist });
    const p = await listedPartner(t, { businessName: 'Glow <Studio>', location: 'Leeds', bio: 'Lived-in blonde & copper specialists.' });
    const res = await app.request(`${ORIGIN}/professionals/${p.slug}`);
    const html = await res.text();
    expect(html).toContain('<title>Glow &lt;Studio&gt; in Leeds — Tress</title>');
    expect(html).toContain('<meta property="og:description" content="Lived-in blonde &amp; copper specialists.">');
    expect(html).toMatch(/<meta property="og:image" content="http:\/\/localhost:3999\/media\/partners\/[^"]+">/);
    expect(html).toContain(`<meta property="og:url" content="http://localhost:3999/professionals/${p.slug}">`);
    const missing = await (await app.request(`${ORIGIN}/professionals/nope-nope`)).text();
    expect(missing).toContain('<title>Find a hair professional — Tress</title>');
  });
});
