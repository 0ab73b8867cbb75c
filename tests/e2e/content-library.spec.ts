import { expect, test } from '@playwright/test';
import { TIMINGS } from '@shared/constants';
import { STYLES } from '@shared/content/styles';

test('styles: 500 ms skeleton, then 30 cards with 3 colour tags at most', async ({ page }) => {
  // Record when the skeleton appears and goes, from inside the page (no polling race).
  await page.addInitScript(() => {
    const w = window as unknown as { skeleton: { shown?: number; gone?: number } };
    w.skeleton = {};
    new MutationObserver(() => {
      const present = !!document.querySelector('[data-testid="styles-skeleton"]');
      if (present && w.skeleton.shown === undefined) w.skeleton.shown = performance.now();
      if (!present && w.skeleton.shown !== undefined && w.skeleton.gone === undefined) w.skeleton.gone = performance.now();
    }).observe(document, { childList: true, subtree: true });
  });
  await page.goto('/styles');
  await expect(page.getByTestId('style-card')).toHaveCount(30);
  await expect(page.getByTestId('styles-skeleton')).toHaveCount(0);
  const { shown, gone } = await page.evaluate(() => (window as unknown as { skeleton: { shown: number; gone: number } }).skeleton);
  expect(gone - shown).toBeGreaterThanOrEqual(TIMINGS.gallerySkeletonMs - 20);
  for (const card of await page.getByTestId('style-card').all())
    expect(await card.getByRole('list', { name: 'Colours' }).getByRole('listitem').count()).toBeLessThanOrEqual(3);
});

test('styles: gender, colour and text filters, q in the URL both ways, empty state and Clear All Filters', async ({ page }) => {
  await page.goto('/styles?q=pixie');
  await expect(page.getByLabel('Search styles')).toHaveValue('pixie');
  await expect(page.getByTestId('style-card')).toHaveCount(1);
  await expect(page.getByTestId('style-card')).toContainText('Platinum Pixie');

  await page.getByRole('button', { name: 'Clear All Filters' }).first().click();
  await expect(page.getByTestId('style-card')).toHaveCount(30);
  await expect(page).toHaveURL(/\/styles$/);

  await page.getByRole('radio', { name: 'Men', exact: true }).click();
  await expect(page.getByTestId('style-card')).toHaveCount(13);
  await page.getByLabel('Colour', { exact: true }).selectOption('platinum');
  await expect(page.getByTestId('style-card')).toHaveCount(1);
  await expect(page.getByTestId('style-card')).toContainText('Platinum Buzz');

  await page.getByRole('radio', { name: 'All', exact: true }).click();
  await page.getByLabel('Colour', { exact: true }).selectOption('any');
  await page.getByLabel('Search styles').fill('balayage');
  await expect(page).toHaveURL(/[?&]q=balayage/);
  await expect(page.getByTestId('style-card')).toHaveCount(STYLES.filter((s) => /balayage/i.test(`${s.name} ${s.prompt}`)).length);

  await page.getByLabel('Search styles').fill('zzz unknown');
  await expect(page.getByText('No Styles Found')).toBeVisible();
  await page.getByRole('button', { name: 'Clear All Filters' }).last().click();
  await expect(page.getByTestId('style-card')).toHaveCount(30);
  await expect(page.getByLabel('Search styles')).toHaveValue('');
});

test('styles: Copy Prompt confirms for 1.5 s; Use this Style opens the studio with the prompt', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.goto('/styles');
  const style = STYLES[0];
  const card = page.getByTestId('style-card').filter({ hasText: style.name });
  await expect(card).toBeVisible();
  const button = card.getByRole('button', { name: `Copy Prompt: ${style.name}` });
  // how long the confirmation shows, timed in the page when its text changes: timed from here, the polling
  // of Playwright's visibility checks adds its own delay on a loaded machine (1345 ms measured once). The
  // observer is in place before the click.
  await button.evaluate((el) => {
    (window as unknown as { copiedFor: Promise<number> }).copiedFor = new Promise<number>((resolve) => {
      let shownAt = 0;
      new MutationObserver((_, observer) => {
        const copied = el.textContent?.includes('Copied!') ?? false;
        if (copied && !shownAt) shownAt = performance.now();
        else if (!copied && shownAt) {
          observer.disconnect();
          resolve(performance.now() - shownAt);
        }
      }).observe(el, { subtree: true, childList: true, characterData: true });
    });
  });
  await button.click();
  const copied = card.getByText('Copied!');
  await expect(copied).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(style.prompt);
  await expect(copied).toBeHidden({ timeout: 5000 });
  const lasted = await page.evaluate(() => (window as unknown as { copiedFor: Promise<number> }).copiedFor);
  // the observer hears of "Copied!" only once the click's own work is done, which a loaded machine delays
  // (1348 ms measured once for a 1500 ms timer): a confirmation cut to a second still fails here
  expect(lasted).toBeGreaterThanOrEqual(TIMINGS.copyConfirmMs - 400);
  expect(lasted).toBeLessThan(TIMINGS.copyConfirmMs + 1000);
  await expect(card.getByText('Copy Prompt')).toBeVisible();

  await expect(card.getByRole('link', { name: /Use this Style/ })).toHaveAttribute('href', `/app?prompt=${encodeURIComponent(style.prompt)}`);
  await card.getByRole('link', { name: /Use this Style/ }).click();
  await expect(page).toHaveURL(/\/app/);
});

test('a broken image falls back to a placeholder', async ({ page }) => {
  await page.route('**/img/styles/honey-balayage-*', (route) => route.abort());
  await page.goto('/styles?q=honey%20balayage');
  const card = page.getByTestId('style-card').filter({ hasText: 'Honey Balayage' });
  await expect(card.getByTestId('image-placeholder')).toBeVisible();
  await expect(card.getByRole('img', { name: /honey blonde balayage/ })).toBeVisible();
});

test('shop: categories, search, empty state, Buy Now in a new tab with rel="sponsored noopener"', async ({ page, context }) => {
  await context.route(/^https:\/\/www\.(amazon|ulta|sallybeauty)\.com\//, (route) =>
    route.fulfill({ status: 200, contentType: 'text/html', body: '<title>Retailer</title>' }),
  );
  await page.goto('/shop');
  await expect(page.getByTestId('product-card')).toHaveCount(11);
  await page.getByRole('radio', { name: 'LLLT Devices' }).click();
  await expect(page.getByTestId('product-card')).toHaveCount(2);
  await page.getByRole('radio', { name: 'All', exact: true }).click();
  await page.getByLabel('Search products').fill('rosemary');
  await expect(page.getByTestId('product-card')).toHaveCount(1);
  await expect(page.getByTestId('product-card')).toContainText('Scalp Density Serum');
  await page.getByLabel('Search products').fill('nothing like this');
  await expect(page.getByText('No products found')).toBeVisible();
  await page.getByRole('button', { name: 'Clear filters' }).click();
  await expect(page.getByTestId('product-card')).toHaveCount(11);

  const buy = page
    .getByTestId('product-card')
    .first()
    .getByRole('link', { name: /Buy Now/ });
  await expect(buy).toHaveAttribute('target', '_blank');
  await expect(buy).toHaveAttribute('rel', 'sponsored noopener');
  const [popup] = await Promise.all([context.waitForEvent('page'), buy.click()]);
  await expect(popup).toHaveURL(/^https:\/\/www\.ulta\.com\/search/);
  await expect(page).toHaveURL(/\/shop$/);
});
