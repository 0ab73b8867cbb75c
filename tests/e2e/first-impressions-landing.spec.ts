import { expect, test } from '@playwright/test';
import { landingFacts, MIN_COUNT_SHOWN } from '@shared/content/stats';
import { LandingStatsSchema } from '@shared/content/stats-schema';
import { shot } from './support/shots';

test('landing on a fresh install: true figures that impress, no small usage counts, nothing made up', async ({ page }) => {
  await page.goto('/');
  const band = page.locator('section[aria-labelledby="metrics-title"]');
  await expect(band.locator('[data-metric]').first()).toBeVisible();

  // The server caches the answer for a minute, so this is the answer the page showed.
  const stats = LandingStatsSchema.parse(await (await page.request.get('/api/stats')).json());
  const facts = landingFacts(stats);
  await expect(band.locator('[data-metric]')).toHaveCount(facts.length);
  for (const f of facts) {
    await expect(band.locator(`[data-metric="${f.key}"] dd`)).toHaveText(f.value);
    await expect(band.locator(`[data-metric="${f.key}"] dt`)).toHaveText(f.label);
  }
  // A new install has run a handful of try-ons at most: those counts stay off the page.
  expect(stats!.stylesGenerated).toBeLessThan(MIN_COUNT_SHOWN);
  await expect(band.locator('[data-metric="styles"], [data-metric="photos"]')).toHaveCount(0);
  // The spec's marketing claims are not shown as if they were measured.
  await expect(band).not.toContainText(/120k|380k|4\.9/);
  // The demo directory is listed, and the library is what the Style Library shows.
  await expect(band.locator('[data-metric="professionals"] dd')).toHaveText(String(stats!.professionalsListed));
  await expect(band.locator('[data-metric="library"] dd')).toHaveText('30');
  await band.scrollIntoViewIfNeeded();
  await expect.poll(() => band.evaluate((el) => getComputedStyle(el).opacity)).toBe('1');
  await shot(page, 'first-landing-fresh-1280');
  await page.evaluate(() => window.scrollTo(0, 0));
  await shot(page, 'first-landing-hero-1280');
});

test('landing figures: a placeholder band of the same height while the answer is on its way', async ({ page }) => {
  let release!: () => void;
  const held = new Promise<void>((r) => (release = r));
  await page.route('**/api/stats', async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/');
  const dl = page.locator('section[aria-labelledby="metrics-title"] dl');
  await expect(dl).toHaveAttribute('aria-busy', 'true');
  const before = (await dl.boundingBox())!.height;
  release();
  await expect(dl).toHaveAttribute('aria-busy', 'false');
  await expect(dl.locator('[data-metric]').first()).toBeVisible();
  const after = (await dl.boundingBox())!.height;
  expect(Math.abs(after - before)).toBeLessThanOrEqual(4);
});
