import { expect, test } from '@playwright/test';
import { SAMPLE_STYLES } from '@shared/content/samples';
import { DEMO, signIn } from './support/accounts';
import { shot } from './support/shots';

test('landing: sections in the spec order, honest hero, metrics, top bar for visitors', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveTitle(/Tress — Try a new hair colour/);
  // The global header is hidden on /; the landing has its own top bar.
  await expect(page.getByRole('link', { name: 'Sign in', exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Start for Free' }).first()).toHaveAttribute('href', '/login?mode=signup');
  await expect(page.getByText('No credit card needed to begin.').first()).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toContainText('See the colour on');
  await expect(page.locator('#hero-title + p')).toContainText('Tress recolours your own hair');

  const order = await page.locator('main section[aria-labelledby]').evaluateAll((els) => els.map((e) => e.getAttribute('aria-labelledby')));
  expect(order).toEqual([
    'hero-title',
    'metrics-title',
    'press-title',
    'why-title',
    'tools-title',
    'how-title',
    'gallery-title',
    'quotes-title',
    'pro-title',
    'faq-title',
    'final-title',
  ]);

  // Metrics: computed figures only (decision 110; first-impressions-landing.spec.ts checks which).
  await expect(page.locator('[data-metric="library"] dd')).toHaveText('30');

  await page.getByRole('link', { name: 'Start for Free' }).nth(1).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Create your account' })).toBeVisible();
  await page.goBack();

  // Tools: the colour changer everywhere; the cut card says whether this site runs a generative engine.
  await expect(page.getByRole('heading', { name: 'Hair Colour Changer' })).toBeVisible();
  const { shapes } = (await (await page.request.get('/api/engine')).json()) as { shapes: boolean };
  await expect(page.getByText(shapes ? 'Cut and colour' : 'Not on this site yet', { exact: true })).toBeVisible();
});

test('landing: reveal-on-scroll at threshold 0.12, none with reduced motion', async ({ browser }) => {
  const moving = await browser.newPage();
  await moving.goto('/');
  const faq = moving.locator('section[aria-labelledby="faq-title"]');
  await expect(faq).toHaveAttribute('data-reveal', 'hidden');
  await faq.scrollIntoViewIfNeeded();
  await expect(faq).toHaveAttribute('data-reveal', 'shown');
  await moving.close();

  const still = await browser.newPage({ reducedMotion: 'reduce' });
  await still.goto('/');
  await expect(still.locator('[data-reveal="static"]').first()).toBeVisible();
  await expect(still.locator('[data-reveal="hidden"], [data-reveal="shown"]')).toHaveCount(0);
  await still.close();
});

test('landing gallery: 8 samples (4 women, 4 men), preview dialog and its three actions', async ({ page }) => {
  await page.goto('/');
  const gallery = page.locator('#gallery');
  await gallery.scrollIntoViewIfNeeded();
  const cards = gallery.getByRole('button', { name: /.+/ }).filter({ has: page.locator('img, [data-testid="image-placeholder"]') });
  await expect(cards).toHaveCount(8);

  const sample = SAMPLE_STYLES[0];
  const open = async () => {
    await page.goto('/');
    await page
      .locator('#gallery')
      .getByRole('button', { name: new RegExp(sample.name) })
      .click();
    const dialog = page.getByRole('dialog', { name: sample.name });
    await expect(dialog).toBeVisible();
    return dialog;
  };

  let dialog = await open();
  await expect(dialog.getByText(sample.prompt)).toBeVisible();
  await expect(dialog.locator('img')).toHaveJSProperty('complete', true);
  await shot(page, 'content-landing-dialog-1280');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  dialog = await open();
  await dialog.getByRole('link', { name: 'Try hairstyle' }).click();
  await expect(page).toHaveURL(/\/app/);
  // The studio reads ?prompt= and may then remove it; the link itself carried the encoded prompt.
  dialog = await open();
  await expect(dialog.getByRole('link', { name: 'Try hairstyle' })).toHaveAttribute('href', `/app?prompt=${encodeURIComponent(sample.prompt)}`);

  await dialog.getByRole('link', { name: 'Style Library' }).click();
  await expect(page).toHaveURL(/\/styles$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Style Library' })).toBeVisible();

  dialog = await open();
  await dialog.getByRole('link', { name: 'Shop the Look' }).click();
  await expect(page).toHaveURL(/\/shop$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Shop The Look' })).toBeVisible();
});

test('landing top bar: Dashboard for a signed-in user; the preview dialog fits a phone', async ({ page }) => {
  await signIn(page, DEMO.user);
  await page.goto('/');
  await expect(page.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('href', '/app');
  await expect(page.getByRole('link', { name: 'Sign in', exact: true })).toHaveCount(0);

  await page.setViewportSize({ width: 375, height: 812 });
  await page
    .locator('#gallery')
    .getByRole('button', { name: new RegExp(SAMPLE_STYLES[4].name) })
    .click();
  const dialog = page.getByRole('dialog', { name: SAMPLE_STYLES[4].name });
  await expect(dialog.getByRole('link', { name: 'Try hairstyle' })).toBeInViewport();
  await shot(page, 'content-landing-dialog-375');
});
