import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { BLOG_POSTS } from '@shared/content/blog';
import { SEO_PAGES } from '@shared/seo';
import { shot } from './support/shots';

const PUBLIC_PAGES = [
  '/',
  '/styles',
  '/shop',
  '/blog',
  `/blog/${BLOG_POSTS[0].slug}`,
  '/blog/no-such-post',
  '/about',
  '/contact',
  '/careers',
  '/privacy',
  '/terms',
  '/sitemap',
];

/** Scrolls through the page so lazy pictures load, then waits until every picture has settled. */
async function loadAllImages(page: Page) {
  await page.evaluate(async () => {
    for (let y = 0; y < document.body.scrollHeight; y += window.innerHeight / 2) {
      window.scrollTo(0, y);
      await new Promise((r) => requestAnimationFrame(() => r(null)));
    }
    window.scrollTo(0, 0);
  });
  await page.waitForFunction(() => [...document.images].every((i) => i.complete));
}

test('blog: list, post, and an unknown slug shows Post not found with a back link', async ({ page }) => {
  await page.goto('/blog');
  await expect(page.getByRole('article')).toHaveCount(BLOG_POSTS.length);
  const post = BLOG_POSTS[0];
  await page.getByRole('link', { name: post.title }).click();
  await expect(page).toHaveURL(`/blog/${post.slug}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(post.title);
  await expect(page).toHaveTitle(`${post.title} — Tress`);
  await expect(page.getByText(post.author).first()).toBeVisible();
  await expect(page.locator('article h2').first()).toBeVisible();

  await page.goto('/blog/no-such-post');
  await expect(page.getByRole('heading', { level: 1, name: 'Post not found' })).toBeVisible();
  await page.getByRole('link', { name: 'Back to the blog' }).click();
  await expect(page).toHaveURL(/\/blog$/);
});

test('every public page has its own title and meta description, server-rendered and after navigation', async ({ page, request }) => {
  for (const path of PUBLIC_PAGES.filter((p) => !p.includes('no-such'))) {
    const entry = SEO_PAGES.find((p) => p.path === path)!;
    const html = await (await request.get(path)).text();
    expect(html, path).toContain(`<title>${entry.title.replace(/&/g, '&amp;')}</title>`);
    await page.goto(path);
    await expect(page, path).toHaveTitle(entry.title);
    await expect(page.locator('meta[name="description"]'), path).toHaveAttribute('content', entry.description);
  }
});

test('company pages and the sitemap page are real pages reachable from the footer', async ({ page }) => {
  await page.goto('/about');
  for (const [label, heading] of [
    ['Contact', 'Contact'],
    ['Careers', 'Careers'],
    ['Privacy', 'Privacy'],
    ['Terms', 'Terms of use'],
    ['Sitemap', 'Sitemap'],
    ['About', 'About Tress'],
  ] as const) {
    await page.getByRole('contentinfo').getByRole('link', { name: label, exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
  }
  await page.goto('/sitemap');
  await expect(page.getByRole('link', { name: BLOG_POSTS[1].title })).toBeVisible();
});

test('keyboard: the landing is reachable by Tab with a visible focus ring', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  // The first Tab moves focus from the browser into the page; the skip link is the first stop inside it.
  const focusedText = () => page.evaluate(() => document.activeElement?.textContent?.trim() ?? '');
  for (let i = 0; i < 3 && (await focusedText()) !== 'Skip to content'; i++) await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: 'Skip to content' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: 'Tress home' }).first()).toBeFocused();
  const outline = await page.evaluate(() => getComputedStyle(document.activeElement!).outlineStyle);
  expect(outline).toBe('solid');
  // Tab order continues through the top bar to the hero's form.
  for (let i = 0; i < 12 && (await page.evaluate(() => document.activeElement?.id)) !== 'hero-prompt'; i++) await page.keyboard.press('Tab');
  await expect(page.getByLabel('Describe a colour to try')).toBeFocused();
});

test('axe: no serious or critical violation on any public page; screenshots at 1280 and 375 px', async ({ browser }) => {
  test.setTimeout(180_000);
  for (const width of [1280, 375]) {
    const context = await browser.newContext({ viewport: { width, height: width === 375 ? 812 : 800 }, reducedMotion: 'reduce' });
    const page = await context.newPage();
    for (const path of PUBLIC_PAGES) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      if (path === '/styles') await expect(page.getByTestId('style-card').first()).toBeVisible();
      await loadAllImages(page);
      if (width === 1280) {
        const results = await new AxeBuilder({ page }).analyze();
        const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
        expect(bad.map((v) => `${path}: ${v.id} (${v.nodes.length}) ${v.nodes[0]?.target.join(' ')}`)).toEqual([]);
      }
      await shot(page, `content${path.replace(/\//g, '-').replace(/-$/, '') || '-home'}-${width}`, { fullPage: true });
    }
    await context.close();
  }
});
