import { describe, expect, it } from 'vitest';
import { BLOG_META } from './content/blog-meta';
import { ROUTES, pathTo } from './routes';
import { SEO_PAGES } from './seo';
import { FOOTER_COLUMNS, FOOTER_LEGAL, SITEMAP_GROUPS } from './site-links';

/** The sitemap page lists its groups, then every blog post. */
const onSitemapPage = new Set([...SITEMAP_GROUPS.flatMap((g) => g.links.map((l) => l.to)), ...BLOG_META.map((p) => pathTo('blogPost', { slug: p.slug }))]);
const patterns = Object.values(ROUTES).map((r) => new RegExp(`^${r.replace(/:\w+/g, '[^/]+')}$`));
const isRoute = (path: string) => patterns.some((re) => re.test(path));

describe('the lists of pages agree', () => {
  it('every footer link is a route and is on the sitemap page', () => {
    for (const l of [...FOOTER_COLUMNS.flatMap((c) => c.links), ...FOOTER_LEGAL]) {
      expect(isRoute(l.to), l.to).toBe(true);
      if (l.to !== ROUTES.sitemap) expect(onSitemapPage.has(l.to), l.to).toBe(true);
    }
  });

  it('every page in sitemap.xml is on the sitemap page, and every page there has a title for search engines', () => {
    for (const p of SEO_PAGES.filter((e) => e.sitemap)) expect(onSitemapPage.has(p.path) || p.path === ROUTES.sitemap, p.path).toBe(true);
    const titled = new Set(SEO_PAGES.map((e) => e.path));
    for (const to of onSitemapPage) expect(titled.has(to), to).toBe(true);
  });

  it('every page with a title is a route', () => {
    for (const p of SEO_PAGES) expect(isRoute(p.path), p.path).toBe(true);
  });

  it('fills a path’s parameters, encoded, and refuses a missing one', () => {
    expect(pathTo('blogPost', { slug: 'balayage vs ombré' })).toBe('/blog/balayage%20vs%20ombr%C3%A9');
    expect(() => pathTo('professional')).toThrow(/idOrSlug/);
  });
});
