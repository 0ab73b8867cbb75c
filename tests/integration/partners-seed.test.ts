import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { count, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { partner, partnerImage, review } from '../../src/server/db/schema';
import { setVerified } from '../../src/server/features/partners/set-verified';
import { seedPartners } from '../../src/server/features/partners/seed/seed-partners';
import { DEMO_PROFESSIONALS } from '../../src/server/features/partners/seed/demo-professionals';
import { dbKinds } from '../support/db-kinds';
import { useTestApp } from '../support/test-app';

describe.each(dbKinds)('demo directory seed and admin verify on %s', (kind) => {
  const t = useTestApp(kind);

  // 20 accounts with real password hashes and ~60 pictures: slow on a busy machine.
  it('seeds a dozen+ listed professionals with portfolios and reviews, idempotently', { timeout: 180_000 }, async () => {
    await seedPartners(t.services);
    const counts = async () => ({
      partners: (await t.services.db.select({ n: count() }).from(partner))[0].n,
      images: (await t.services.db.select({ n: count() }).from(partnerImage))[0].n,
      reviews: (await t.services.db.select({ n: count() }).from(review))[0].n,
    });
    const first = await counts();
    await seedPartners(t.services);
    expect(await counts()).toEqual(first);
    expect(first.partners).toBe(DEMO_PROFESSIONALS.length);
    expect(first.partners).toBeGreaterThanOrEqual(12);

    const dir = await (await t.request('/api/partners')).json();
    expect(dir.items).toHaveLength(DEMO_PROFESSIONALS.length);
    expect(dir.featured.length).toBe(3);
    // Verified first, then rating.
    const verified = dir.items.map((c: { isVerified: boolean }) => c.isVerified);
    expect(verified).toEqual([...verified].sort((a: boolean, b: boolean) => Number(b) - Number(a)));
    const pro = dir.items.find((c: { businessName: string }) => c.businessName === 'Copper & Comb Studio');
    expect(pro).toMatchObject({ slug: 'copper-comb-studio', isVerified: true, annual: true });
    expect(pro.coverImageUrl).toMatch(/^\/media\/partners\//);
    expect((await t.request(pro.coverImageUrl)).headers.get('content-type')).toBe('image/jpeg');
    const copper = await (await t.request('/api/partners?colour=copper')).json();
    expect(copper.items.map((c: { businessName: string }) => c.businessName)).toContain('Copper & Comb Studio');
    const bad = await t.services.db.execute(
      sql`select p.user_id from partner p left join review r on r.partner_id = p.user_id group by p.user_id, p.rating_count, p.average_rating
          having p.rating_count <> count(r.*) or abs(p.average_rating - coalesce(avg(r.rating)::float8, 0)) > 1e-9`,
    );
    expect(bad.rows).toEqual([]);
  });

  it('verifies and unverifies a partner by email', async () => {
    const row = await setVerified(t.services, 'Leo.Brennan@demo.tress.app', true);
    expect(row?.slug).toBe('brennans-barbershop');
    const [p] = await t.services.db.select().from(partner).where(eq(partner.email, 'leo.brennan@demo.tress.app'));
    expect(p.isVerified).toBe(true);
    await setVerified(t.services, 'leo.brennan@demo.tress.app', false);
    const [after] = await t.services.db.select().from(partner).where(eq(partner.email, 'leo.brennan@demo.tress.app'));
    expect(after.isVerified).toBe(false);
    expect(await setVerified(t.services, 'nobody@example.com', true)).toBeNull();
  });
});

describe('npm run admin', () => {
  it('prints usage for a wrong command', { timeout: 120_000 }, async () => {
    const run = promisify(execFile);
    // node with tsx's loader, not npx (which starts npm first: ~0.6 s of CPU)
    const err = await run(process.execPath, ['--import', 'tsx', 'src/server/cli/admin.ts', 'frobnicate'], { cwd: process.cwd() }).catch(
      (e: { code: number; stderr: string }) => e,
    );
    expect((err as { code: number }).code).toBe(2);
    expect((err as { stderr: string }).stderr).toContain('Usage: npm run admin -- verify <email> | unverify <email>');
  });
});
