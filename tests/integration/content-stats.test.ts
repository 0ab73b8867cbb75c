import { describe, expect, it } from 'vitest';
import { BLOG_POSTS } from '../../src/shared/content/blog';
import { CLAIMED_STATS, MIN_REVIEWS_FOR_RATING } from '../../src/shared/content/stats';
import { LandingStatsSchema } from '../../src/shared/content/stats-schema';
import { generation } from '../../src/server/db/schema';
import { landingStats } from '../../src/server/features/stats/landing-stats';
import { dbKinds } from '../support/db-kinds';
import { useTestApp } from '../support/test-app';

describe.each(dbKinds)('landing stats, sitemap and robots on %s', (kind) => {
  const t = useTestApp(kind);

  it('GET /api/stats is public and shows the spec claims while nothing has been generated', async () => {
    const res = await t.request('/api/stats');
    expect(res.status).toBe(200);
    const body = LandingStatsSchema.parse(await res.json());
    expect(body).toEqual(CLAIMED_STATS);
    expect(res.headers.get('cache-control')).toContain('max-age=60');
  });

  it('measures succeeded generations: count, distinct input photos and mean render time', async () => {
    const a = await t.signedInUser();
    const b = await t.signedInUser();
    await t.services.db.insert(generation).values([
      { userId: a.id, prompt: 'copper', status: 'succeeded', durationMs: 4000, inputKey: 'in/a1' },
      { userId: a.id, prompt: 'honey balayage', status: 'succeeded', durationMs: 6000, inputKey: 'in/a1' },
      { userId: b.id, prompt: 'silver', status: 'succeeded', durationMs: 11_000, inputKey: 'in/b1' },
      { userId: b.id, prompt: 'pink', status: 'failed', durationMs: 90_000, inputKey: 'in/b2' },
      { userId: b.id, prompt: 'teal', status: 'pending', inputKey: 'in/b3' },
    ]);
    const stats = await landingStats(t.services.db);
    expect(stats.stylesGenerated).toEqual({ value: 3, live: true });
    expect(stats.photosTriedOn).toEqual({ value: 2, live: true });
    expect(stats.averageRenderSeconds).toEqual({ value: 7, live: true });
    // fewer reviews than MIN_REVIEWS_FOR_RATING: the claim stays
    expect(MIN_REVIEWS_FOR_RATING).toBeGreaterThan(0);
    expect(stats.averageRating).toEqual(CLAIMED_STATS.averageRating);
  });

  it('sitemap.xml lists every public page and post; robots.txt points to it', async () => {
    const xml = await (await t.request('/sitemap.xml')).text();
    for (const p of ['/', '/styles', '/shop', '/blog', '/about', '/contact', '/careers', '/privacy', '/terms', ...BLOG_POSTS.map((b) => `/blog/${b.slug}`)]) {
      expect(xml, p).toContain(`${p}</loc>`);
    }
    expect(xml).not.toContain('/login</loc>');
    const robots = await (await t.request('/robots.txt')).text();
    expect(robots).toMatch(/Sitemap: .*\/sitemap\.xml/);
  });
});
