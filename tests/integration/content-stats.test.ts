import { describe, expect, it } from 'vitest';
import { BLOG_POSTS } from '@shared/content/blog';
import { STYLES } from '@shared/content/styles';
import { landingFacts, MIN_TIMED_RENDERS } from '@shared/content/stats';
import { COLOUR_WORDS } from '@shared/hair/colour-words';
import { TECHNIQUES } from '@shared/hair/techniques';
import { LandingStatsSchema } from '@shared/content/stats-schema';
import { generation } from '../../src/server/db/schema';
import { landingStats } from '../../src/server/features/stats/landing-stats';
import { routeDbKinds } from '../support/db-kinds';
import { useTestApp } from '../support/test-app';

describe.each(routeDbKinds)('landing stats, sitemap and robots on %s', (kind) => {
  const t = useTestApp(kind);

  it('GET /api/stats is public and, on a fresh install, counts only what the product offers', async () => {
    const res = await t.request('/api/stats');
    expect(res.status).toBe(200);
    const body = LandingStatsSchema.parse(await res.json());
    expect(body).toEqual({
      stylesGenerated: 0,
      photosTriedOn: 0,
      renderSeconds: null,
      reviews: { count: 0, average: null },
      professionalsListed: 0,
      libraryStyles: STYLES.length,
      colours: COLOUR_WORDS.length,
      techniques: TECHNIQUES.length,
    });
    expect(landingFacts(body).map((f) => f.key)).toEqual(['library', 'colours', 'techniques']);
    expect(res.headers.get('cache-control')).toContain('max-age=60');
  });

  it('measures succeeded generations: count, distinct input photos, and the median time once there are enough', async () => {
    const a = await t.signedInUser();
    const b = await t.signedInUser();
    const at = (s: number) => new Date(Date.UTC(2026, 10, 1, 0, 0, s));
    await t.services.db.insert(generation).values([
      { userId: a.id, prompt: 'copper', status: 'succeeded', durationMs: 4000, inputKey: 'in/a1', createdAt: at(1) },
      { userId: a.id, prompt: 'honey balayage', status: 'succeeded', durationMs: 6000, inputKey: 'in/a1', createdAt: at(2) },
      { userId: b.id, prompt: 'silver', status: 'succeeded', durationMs: 11_000, inputKey: 'in/b1', createdAt: at(3) },
      { userId: b.id, prompt: 'pink', status: 'failed', durationMs: 90_000, inputKey: 'in/b2', createdAt: at(4) },
      { userId: b.id, prompt: 'teal', status: 'pending', inputKey: 'in/b3', createdAt: at(5) },
    ]);
    let stats = await landingStats(t.services.db);
    expect(stats).toMatchObject({ stylesGenerated: 3, photosTriedOn: 2, renderSeconds: null });
    // A handful of try-ons is not something to boast about: the counts stay off the landing.
    expect(landingFacts(stats).map((f) => f.key)).not.toContain('styles');

    // From MIN_TIMED_RENDERS finished try-ons on, the median (not the mean: one slow cold start does not move it).
    const more = Array.from({ length: MIN_TIMED_RENDERS }, (_, i) => ({
      userId: b.id,
      prompt: 'red',
      status: 'succeeded' as const,
      durationMs: i === 0 ? 60_000 : 2_000 + i * 100,
      inputKey: `in/m${i}`,
      createdAt: at(10 + i),
    }));
    await t.services.db.insert(generation).values(more);
    stats = await landingStats(t.services.db);
    expect(stats.renderSeconds).toBe(3.2); // the mean would be 11.1 s
    expect(landingFacts(stats)[0]).toEqual({ key: 'render', value: 'about 3s', label: 'typical try-on time' });
    expect(stats.reviews).toEqual({ count: 0, average: null });
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
